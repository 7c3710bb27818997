/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-anchor.c — from a path the user gave to an OTF2 anchor
 * file that is safe to hand to libotf2, and the names derived from it. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-trace-loader-private.h"

char *
jx_trace_resolve_anchor (const char  *path,
                         GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autofree char *found = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *entry;
  guint n_found = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("“%s” does not exist"), path);
      return NULL;
    }

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return g_strdup (path);

  dir = g_dir_open (path, 0, &local_error);
  if (dir == NULL)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Cannot read directory “%s”: %s"), path, local_error->message);
      return NULL;
    }

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *full = NULL;

      if (!g_str_has_suffix (entry, ".otf2"))
        continue;
      full = g_build_filename (path, entry, NULL);
      if (!g_file_test (full, G_FILE_TEST_IS_REGULAR))
        continue;
      n_found++;
      if (found == NULL || strcmp (full, found) < 0)
        {
          g_free (found);
          found = g_steal_pointer (&full);
        }
    }

  if (n_found == 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Directory “%s” holds no OTF2 anchor file (*.otf2)"), path);
      return NULL;
    }
  if (n_found > 1)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_AMBIGUOUS,
                   _("Directory “%s” holds %u OTF2 anchor files; name one of them"),
                   path, n_found);
      return NULL;
    }

  return g_steal_pointer (&found);
}

/* OTF2 anchor files start with a type byte, the endianness (0x42 little,
 * 0x23 big) and the string "OTF2". Checking that first gives a clearer message for
 * files that are not OTF2 at all, and keeps libotf2 away from them.
 *
 * libotf2 3.0.2 trusts the counts in the anchor: a property count of 84
 * million in a 166-byte file makes it calloc 1.3 GB (found by fuzzing). So
 * the fields it sizes memory from are checked here against the file:
 * every property needs at least two bytes (name and value strings), and
 * the chunk sizes must be within OTF2's limits, as every writer keeps them. */
typedef struct
{
  const guint8 *p;
  gsize         left;
  gboolean      big_endian;
} AnchorCursor;

static gboolean
anchor_take (AnchorCursor *c,
             gsize         n,
             guint64      *value)
{
  guint64 v = 0;
  gsize i;

  if (c->left < n)
    return FALSE;
  for (i = 0; value != NULL && i < n && i < 8; i++)
    v |= (guint64) c->p[c->big_endian ? n - 1 - i : i] << (8 * i);
  c->p += n;
  c->left -= n;
  if (value != NULL)
    *value = v;
  return TRUE;
}

static gboolean
anchor_skip_string (AnchorCursor *c)
{
  const guint8 *nul = memchr (c->p, '\0', c->left);

  if (nul == NULL)
    return FALSE;
  c->left -= (gsize) (nul - c->p) + 1;
  c->p = nul + 1;
  return TRUE;
}

/* FALSE when the anchor claims more than it can hold; fields libotf2 checks
 * itself, or that a short file leaves out, are left to it. */
static gboolean
anchor_counts_plausible (const guint8 *data,
                         gsize         size)
{
  AnchorCursor c = { data + 7, size - 7, data[1] == 0x23 };
  guint64 format, events_chunk, defs_chunk, n_properties;

  if (!anchor_take (&c, 1, &format) || !anchor_take (&c, 4, NULL) ||
      !anchor_take (&c, 8, &events_chunk) || !anchor_take (&c, 8, &defs_chunk))
    return TRUE;
  if (events_chunk < OTF2_CHUNK_SIZE_MIN || events_chunk > OTF2_CHUNK_SIZE_MAX ||
      defs_chunk < OTF2_CHUNK_SIZE_MIN || defs_chunk > OTF2_CHUNK_SIZE_MAX)
    return FALSE;
  if (format < 2 || !anchor_take (&c, 2 + 8 + 8, NULL) ||
      !anchor_skip_string (&c) || !anchor_skip_string (&c) || !anchor_skip_string (&c) ||
      !anchor_take (&c, 4, &n_properties))
    return TRUE;
  return n_properties <= c.left / 2;
}

/* Anchors are a few hundred bytes; only this much is looked at (the path
 * may even name a device that never ends). */
#define ANCHOR_READ_MAX (1u << 20)

gboolean
_jx_loader_check_anchor (const char  *anchor,
                         GError     **error)
{
  g_autofree guint8 *head = g_malloc (ANCHOR_READ_MAX);
  FILE *file;
  gsize n;

  file = g_fopen (anchor, "rb");
  if (file == NULL)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                   _("Cannot open “%s”: %s"), anchor, g_strerror (saved));
      return FALSE;
    }
  n = fread (head, 1, ANCHOR_READ_MAX, file);
  fclose (file);

  if (n < 6 || (head[1] != 0x42 && head[1] != 0x23 && head[1] != 'L') || memcmp (head + 2, "OTF2", 4) != 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_UNSUPPORTED,
                   _("“%s” is not an OTF2 anchor file"), anchor);
      return FALSE;
    }
  /* A longer file, or a magic string that goes on, is left to libotf2. */
  if (n < ANCHOR_READ_MAX && n > 6 && head[6] == '\0' && !anchor_counts_plausible (head, n))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("“%s” is not a readable OTF2 anchor file: its chunk sizes or property count do not fit the file"),
                   anchor);
      return FALSE;
    }
  return TRUE;
}

/* The anchor's file name without ".otf2". */
static char *
anchor_stem (const char *anchor)
{
  char *base = g_path_get_basename (anchor);

  if (g_str_has_suffix (base, ".otf2"))
    base[strlen (base) - 5] = '\0';
  return base;
}

/* The anchor's name without ".otf2", next to it. */
char *
_jx_loader_archive_directory (const char *anchor)
{
  g_autofree char *dir = g_path_get_dirname (anchor);
  g_autofree char *stem = anchor_stem (anchor);

  return g_build_filename (dir, stem, NULL);
}

char *
_jx_loader_location_file (const char *archive_dir,
                          guint64     ref,
                          const char *suffix)
{
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT "%s", ref, suffix);

  return g_build_filename (archive_dir, name, NULL);
}
