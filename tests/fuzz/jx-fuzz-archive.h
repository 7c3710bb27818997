/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fuzz-archive.h — a whole small OTF2 archive in one fuzzer input.
 *
 * Container format ("jxfz"), little-endian, tolerant of any byte sequence:
 *
 *   magic    4 bytes  "JXFZ"
 *   entries  until the input ends:
 *     name_len  1 byte   length of the name (0: the entry is skipped)
 *     name      name_len bytes, a relative path such as "traces.otf2",
 *               "traces.def", "traces.marker", "traces/0.def", "traces/0.evt"
 *     data_len  4 bytes  length of the data (clamped to what is left)
 *     data      data_len bytes
 *
 * An input without the magic unpacks to nothing. A name with characters
 * outside [A-Za-z0-9._-], an empty, "." or ".." component, more than two
 * components or a leading '/' is skipped (its data too), so an entry can
 * never write outside the directory it is unpacked into. A later entry of
 * the same name replaces an earlier one. At most JX_FUZZ_MAX_ENTRIES entries
 * are unpacked. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JX_FUZZ_MAGIC       "JXFZ"
#define JX_FUZZ_MAGIC_LEN   4
#define JX_FUZZ_MAX_ENTRIES 256

typedef struct
{
  const guint8 *name;        /* not NUL-terminated */
  gsize         name_len;
  const guint8 *data;
  gsize         data_len;
} JxFuzzEntry;

/* Splits an input into its entries (pointing into data); returns how many
 * were found (at most max_entries), valid names or not. Returns 0 when the
 * magic is missing. */
guint     jx_fuzz_archive_parse      (const guint8 *data,
                                      gsize         size,
                                      JxFuzzEntry  *entries,
                                      guint         max_entries);

/* Whether an entry name is safe to create below a directory. */
gboolean  jx_fuzz_archive_name_ok    (const guint8 *name,
                                      gsize         name_len);

/* Appends one entry in the container format. */
void      jx_fuzz_archive_append     (GByteArray   *out,
                                      const char   *name,
                                      gsize         name_len,
                                      const guint8 *data,
                                      gsize         data_len);

/* Writes the entries of an input below directory (which must exist);
 * returns the number of files written. Never fails on the input's content. */
guint     jx_fuzz_archive_unpack     (const guint8 *data,
                                      gsize         size,
                                      const char   *directory);

/* Packs every regular file up to two levels below directory (sorted by
 * name) into a new input. */
GBytes   *jx_fuzz_archive_pack_dir   (const char   *directory,
                                      GError      **error);

/* Creates a fresh private directory for one execution: under
 * $JX_FUZZ_TMPDIR, else /dev/shm when writable, else the temporary
 * directory. Returns NULL on failure (the error names the place). */
char     *jx_fuzz_make_temp_dir      (const char   *prefix,
                                      GError      **error);

/* Removes directory and everything below it (no symbolic links are
 * followed). */
void      jx_fuzz_remove_tree        (const char   *directory);

G_END_DECLS
