/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fuzz-archive.c — the "jxfz" container of jx-fuzz-archive.h. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <glib/gstdio.h>

#include "jx-fuzz-archive.h"

guint
jx_fuzz_archive_parse (const guint8 *data,
                       gsize         size,
                       JxFuzzEntry  *entries,
                       guint         max_entries)
{
  gsize pos = JX_FUZZ_MAGIC_LEN;
  guint n = 0;

  if (data == NULL || size < JX_FUZZ_MAGIC_LEN || memcmp (data, JX_FUZZ_MAGIC, JX_FUZZ_MAGIC_LEN) != 0)
    return 0;

  while (pos < size && n < max_entries)
    {
      gsize name_len = data[pos++];
      gsize data_len = 0;
      guint k;

      if (name_len > size - pos)
        name_len = size - pos;
      entries[n].name = data + pos;
      entries[n].name_len = name_len;
      pos += name_len;

      for (k = 0; k < 4 && pos < size; k++)
        data_len |= (gsize) data[pos++] << (8 * k);
      if (data_len > size - pos)
        data_len = size - pos;
      entries[n].data = data + pos;
      entries[n].data_len = data_len;
      pos += data_len;
      n++;
    }

  return n;
}

gboolean
jx_fuzz_archive_name_ok (const guint8 *name,
                         gsize         name_len)
{
  gsize i, component = 0, n_components = 1;

  if (name_len == 0 || name[0] == '/')
    return FALSE;

  for (i = 0; i <= name_len; i++)
    {
      if (i == name_len || name[i] == '/')
        {
          const guint8 *start = name + i - component;

          if (component == 0 ||
              (component == 1 && start[0] == '.') ||
              (component == 2 && start[0] == '.' && start[1] == '.'))
            return FALSE;
          if (i < name_len && ++n_components > 2)
            return FALSE;
          component = 0;
          continue;
        }
      if (!g_ascii_isalnum (name[i]) && name[i] != '.' && name[i] != '_' && name[i] != '-')
        return FALSE;
      component++;
    }

  return TRUE;
}

void
jx_fuzz_archive_append (GByteArray   *out,
                        const char   *name,
                        gsize         name_len,
                        const guint8 *data,
                        gsize         data_len)
{
  guint8 len8 = (guint8) MIN (name_len, 255);
  guint8 len32[4];
  guint k;

  if (out->len == 0)
    g_byte_array_append (out, (const guint8 *) JX_FUZZ_MAGIC, JX_FUZZ_MAGIC_LEN);
  data_len = MIN (data_len, G_MAXUINT32);
  for (k = 0; k < 4; k++)
    len32[k] = (guint8) (data_len >> (8 * k));
  g_byte_array_append (out, &len8, 1);
  g_byte_array_append (out, (const guint8 *) name, len8);
  g_byte_array_append (out, len32, 4);
  g_byte_array_append (out, data, (guint) data_len);
}

static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         size)
{
  while (size > 0)
    {
      ssize_t n = write (fd, data, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      data += n;
      size -= (gsize) n;
    }
  return TRUE;
}

guint
jx_fuzz_archive_unpack (const guint8 *data,
                        gsize         size,
                        const char   *directory)
{
  JxFuzzEntry entries[JX_FUZZ_MAX_ENTRIES];
  guint n = jx_fuzz_archive_parse (data, size, entries, JX_FUZZ_MAX_ENTRIES);
  guint written = 0;
  guint i;

  for (i = 0; i < n; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;
      const char *slash;
      int fd;

      if (!jx_fuzz_archive_name_ok (entries[i].name, entries[i].name_len))
        continue;
      name = g_strndup ((const char *) entries[i].name, entries[i].name_len);
      path = g_build_filename (directory, name, NULL);

      if ((slash = strchr (name, '/')) != NULL)
        {
          g_autofree char *sub = g_build_filename (directory, name, NULL);

          sub[strlen (directory) + 1 + (slash - name)] = '\0';
          if (g_mkdir (sub, 0700) != 0 && errno != EEXIST)
            continue;
        }

      /* A name that is already a directory ("traces") cannot be a file. */
      fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
      if (fd < 0)
        continue;
      if (write_all (fd, entries[i].data, entries[i].data_len))
        written++;
      close (fd);
    }

  return written;
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
collect_files (const char  *root,
               const char  *relative,
               guint        level,
               GPtrArray   *names,
               GError     **error)
{
  g_autofree char *path = relative != NULL ? g_build_filename (root, relative, NULL) : g_strdup (root);
  g_autoptr(GDir) dir = g_dir_open (path, 0, error);
  const char *entry;

  if (dir == NULL)
    return FALSE;

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *rel = relative != NULL ? g_build_filename (relative, entry, NULL) : g_strdup (entry);
      g_autofree char *full = g_build_filename (root, rel, NULL);

      if (g_file_test (full, G_FILE_TEST_IS_SYMLINK))
        continue;
      if (g_file_test (full, G_FILE_TEST_IS_DIR))
        {
          if (level < 1 && !collect_files (root, rel, level + 1, names, error))
            return FALSE;
        }
      else if (g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (names, g_steal_pointer (&rel));
    }
  return TRUE;
}

GBytes *
jx_fuzz_archive_pack_dir (const char  *directory,
                          GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint i;

  if (!collect_files (directory, NULL, 0, names, error))
    return NULL;
  g_ptr_array_sort (names, compare_names);

  g_byte_array_append (out, (const guint8 *) JX_FUZZ_MAGIC, JX_FUZZ_MAGIC_LEN);
  for (i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *full = g_build_filename (directory, name, NULL);
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (!g_file_get_contents (full, &contents, &length, error))
        return NULL;
      jx_fuzz_archive_append (out, name, strlen (name), (const guint8 *) contents, length);
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

char *
jx_fuzz_make_temp_dir (const char  *prefix,
                       GError     **error)
{
  const char *base = g_getenv ("JX_FUZZ_TMPDIR");
  g_autofree char *template = NULL;

  if (base == NULL || base[0] == '\0')
    base = g_access ("/dev/shm", W_OK) == 0 ? "/dev/shm" : g_get_tmp_dir ();

  template = g_strdup_printf ("%s/%s-XXXXXX", base, prefix);
  if (g_mkdtemp (template) == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "Cannot create a directory in %s: %s", base, g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&template);
}

void
jx_fuzz_remove_tree (const char *directory)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *entry;

  if (dir != NULL)
    while ((entry = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (directory, entry, NULL);
        GStatBuf st;

        if (g_lstat (path, &st) == 0 && S_ISDIR (st.st_mode))
          jx_fuzz_remove_tree (path);
        else
          g_unlink (path);
      }
  g_rmdir (directory);
}
