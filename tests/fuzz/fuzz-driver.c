/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-driver.c — runs a fuzz target's LLVMFuzzerTestOneInput () on files,
 * without libFuzzer: `fuzz-loader-driver FILE_OR_DIR…` feeds every file (a
 * directory: every regular file in it, sorted) to the target once. The
 * corpus regression tests run the targets like this in the gcc and the
 * sanitizer builds; a crash, a sanitizer report or a broken invariant ends
 * the process with an error, naming the input on stderr first. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "jx-fuzz-common.h"

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
collect (const char *path,
         GPtrArray  *files)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) here = NULL;
  const char *entry;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (files, g_canonicalize_filename (path, NULL));
      return TRUE;
    }

  dir = g_dir_open (path, 0, &error);
  if (dir == NULL)
    {
      fprintf (stderr, "fuzz-driver: %s\n", error->message);
      return FALSE;
    }
  here = g_ptr_array_new ();
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *relative = g_build_filename (path, entry, NULL);
      char *full = g_canonicalize_filename (relative, NULL);

      if (g_file_test (full, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (here, full);
      else
        g_free (full);
    }
  g_ptr_array_sort (here, compare_strings);
  g_ptr_array_extend_and_steal (files, g_steal_pointer (&here));
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  guint i;
  int k;

  if (argc < 2)
    {
      fprintf (stderr, "Usage: %s FILE_OR_DIRECTORY…\n", argv[0]);
      return 2;
    }

  /* Before initialising: a target may change the working directory. */
  for (k = 1; k < argc; k++)
    if (!collect (argv[k], files))
      return 1;

  LLVMFuzzerInitialize (&argc, &argv);
  if (files->len == 0)
    {
      fprintf (stderr, "fuzz-driver: no input files\n");
      return 1;
    }

  for (i = 0; i < files->len; i++)
    {
      const char *file = g_ptr_array_index (files, i);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize length = 0;

      if (!g_file_get_contents (file, &contents, &length, &error))
        {
          fprintf (stderr, "fuzz-driver: %s\n", error->message);
          return 1;
        }
      fprintf (stderr, "fuzz-driver: %s (%" G_GSIZE_FORMAT " bytes)\n", file, length);
      LLVMFuzzerTestOneInput ((const guint8 *) contents, length);
    }

  printf ("%u inputs passed\n", files->len);
  return 0;
}
