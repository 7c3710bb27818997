/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fuzz-pack.c — packs an OTF2 archive directory into one fuzzer input
 * ("jxfz", see jx-fuzz-archive.h), or unpacks one to look at it:
 *
 *   jx-fuzz-pack DIR OUT.jxfz          pack the files of DIR (two levels)
 *   jx-fuzz-pack --unpack IN DIR       write the entries of IN below DIR
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "jx-fuzz-archive.h"

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;

  if (argc == 4 && strcmp (argv[1], "--unpack") == 0)
    {
      g_autofree char *contents = NULL;
      gsize length = 0;
      guint n;

      if (!g_file_get_contents (argv[2], &contents, &length, &error))
        goto fail;
      if (g_mkdir_with_parents (argv[3], 0755) != 0)
        {
          fprintf (stderr, "jx-fuzz-pack: cannot create %s\n", argv[3]);
          return 1;
        }
      n = jx_fuzz_archive_unpack ((const guint8 *) contents, length, argv[3]);
      printf ("%s: %u files\n", argv[3], n);
      return 0;
    }

  if (argc == 3)
    {
      g_autoptr(GBytes) packed = jx_fuzz_archive_pack_dir (argv[1], &error);
      gsize length = 0;
      const char *data;

      if (packed == NULL)
        goto fail;
      data = g_bytes_get_data (packed, &length);
      if (!g_file_set_contents (argv[2], data, (gssize) length, &error))
        goto fail;
      return 0;
    }

  fprintf (stderr, "Usage: jx-fuzz-pack DIR OUT.jxfz\n       jx-fuzz-pack --unpack IN.jxfz DIR\n");
  return 2;

fail:
  fprintf (stderr, "jx-fuzz-pack: %s\n", error->message);
  return 1;
}
