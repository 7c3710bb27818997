/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fuzz-findings.c — one regression test per defect the fuzzers found
 * (see README, "Fuzzing"); each builds the smallest input that showed it
 * from a generated archive. The minimised crashers themselves are in
 * tests/fuzz/corpus/ and run through the targets in fuzz-*-corpus. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "jx-fuzz-archive.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

static char *
generate_small (guint defects)
{
  g_autoptr(GError) error = NULL;
  char *dir = jx_fuzz_make_temp_dir ("jx-test-findings", &error);
  JxGeneratorOptions options;

  g_assert_no_error (error);
  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 2;
  options.depth = 2;
  options.fanout = 1;
  options.defects = defects;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return dir;
}

static GBytes *
read_file (const char *dir,
           const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_bytes_new_take (g_steal_pointer (&contents), length);
}

static void
write_file (const char   *dir,
            const char   *name,
            const guint8 *data,
            gsize         length)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, (const char *) data, (gssize) length, NULL));
}

/* Offset of the anchor's property count: after the fixed fields and the
 * three strings (machine, creator, description). */
static gsize
property_count_offset (const guint8 *anchor,
                       gsize         length)
{
  gsize pos = 7 + 1 + 4 + 8 + 8 + 2 + 8 + 8;
  guint k;

  for (k = 0; k < 3; k++)
    {
      const guint8 *nul = memchr (anchor + pos, '\0', length - pos);

      g_assert_nonnull (nul);
      pos = (gsize) (nul - anchor) + 1;
    }
  g_assert_cmpuint (pos + 4, <=, length);
  return pos;
}

/* An anchor claiming 84 million properties made libotf2 calloc 1.3 GB
 * before it noticed the file ends: the loader now rejects it first. */
static void
test_anchor_property_count (void)
{
  g_autofree char *dir = generate_small (0);
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  g_autoptr(GBytes) bytes = read_file (dir, "traces.otf2");
  g_autoptr(GError) error = NULL;
  g_autofree guint8 *data = g_memdup2 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  gsize length = g_bytes_get_size (bytes);
  gsize at = property_count_offset (data, length);
  JxTrace *trace;

  g_assert_cmpuint (data[1], ==, 0x42);  /* little-endian writer */
  data[at] = 0x0c;
  data[at + 1] = 0x01;
  data[at + 2] = 0x02;
  data[at + 3] = 0x05;
  write_file (dir, "traces.otf2", data, length);

  trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT);
  g_assert_nonnull (strstr (error->message, anchor));
  /* Rejected before libotf2 sees it, not by libotf2 after the calloc. */
  g_assert_nonnull (strstr (error->message, "property count"));
  jx_fuzz_remove_tree (dir);
}

/* Chunk sizes outside OTF2's limits are rejected the same way; the largest
 * allowed one still loads. */
static void
test_anchor_chunk_size (void)
{
  g_autofree char *dir = generate_small (0);
  g_autoptr(GBytes) bytes = read_file (dir, "traces.otf2");
  g_autofree guint8 *data = g_memdup2 (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  gsize length = g_bytes_get_size (bytes);
  guint64 sizes[] = { (guint64) 16 << 20, (guint64) 1 << 40, 1024 };
  guint i, k;

  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(JxTrace) trace = NULL;

      for (k = 0; k < 8; k++)
        data[12 + k] = (guint8) (sizes[i] >> (8 * k));
      write_file (dir, "traces.otf2", data, length);
      trace = jx_trace_load (dir, NULL, NULL, NULL, NULL, &error);
      if (i == 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (trace);
        }
      else
        {
          g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT);
          g_assert_nonnull (strstr (error->message, "chunk sizes"));
        }
    }
  jx_fuzz_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz/findings/anchor-property-count", test_anchor_property_count);
  g_test_add_func ("/fuzz/findings/anchor-chunk-size", test_anchor_chunk_size);

  return g_test_run ();
}
