/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-loader-cut.c — event files cut short. Past the end of such a file
 * libotf2 3.0.2 delivers whatever its chunk buffers held before as events
 * (an earlier chunk, or another trace a previous load freed), and at each
 * further end-of-chunk record it delivers them again, without end; see
 * src/model/jx-trace-loader-extent.c. The loader must stop at the cut,
 * whatever was loaded before or beside it, and keep everything else exact:
 * counts are checked against libotf2's own global event reader (otf2-count)
 * on the intact archive. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader-private.h"
#include "model-test-util.h"
#include "otf2-count.h"

/* OTF2's smallest chunk: a location of about 1.2 MB spans five of them. */
#define CHUNK_SIZE (256 * 1024)
#define CHUNK_HEADER_SIZE 18
#define N_REGIONS 300
#define N_ITERATIONS 20000

/* An archive with two locations of several chunks each, written here with
 * every kind of record framing: timestamps, events with one compressed
 * value (one and several bytes), events with a length, one of more than
 * 255 bytes (0xff and eight length bytes), attribute lists, and runs of
 * two-byte events at one timestamp. Location 0 ends with a leave of region
 * 0 at a new time, so its file ends in 0d 00 02 01. */

static guint64
write_location (OTF2_EvtWriter *w,
                guint           seed)
{
  OTF2_AttributeList *attributes = OTF2_AttributeList_New ();
  OTF2_Type types[40];
  OTF2_MetricValue values[40];
  OTF2_TimeStamp t = 1000 + seed;
  guint64 n = 0;
  guint i, j;

  for (j = 0; j < G_N_ELEMENTS (types); j++)
    {
      types[j] = OTF2_TYPE_UINT64;
      values[j].unsigned_int = G_GUINT64_CONSTANT (0x0102030405060708) * (j + 1);
    }
  for (i = 0; i < N_ITERATIONS; i++)
    {
      guint32 a = (i * 7 + seed) % N_REGIONS;
      guint32 b = (i * 11 + 1) % N_REGIONS;

      if (i % 13 == 0)
        OTF2_AttributeList_AddUint32 (attributes, 0, i);
      OTF2_EvtWriter_Enter (w, i % 13 == 0 ? attributes : NULL, t++, a);
      OTF2_EvtWriter_Enter (w, NULL, t++, b);
      n += 2;
      if (i % 7 == 0)
        for (j = 0; j < 4; j++)
          {
            guint32 r = j % 2 == 0 ? 0 : N_REGIONS - j;

            OTF2_EvtWriter_Enter (w, NULL, t, r);
            OTF2_EvtWriter_Leave (w, NULL, t, r);
            n += 2;
          }
      if (i % 50 == 0)
        {
          OTF2_EvtWriter_Metric (w, NULL, t++, 0, G_N_ELEMENTS (types), types, values);
          n++;
        }
      if (i % 97 == 0)
        {
          OTF2_EvtWriter_MeasurementOnOff (w, NULL, t++, OTF2_MEASUREMENT_ON);
          n++;
        }
      OTF2_EvtWriter_Leave (w, NULL, t++, b);
      OTF2_EvtWriter_Leave (w, NULL, t++, a);
      n += 2;
    }
  OTF2_EvtWriter_Enter (w, NULL, t++, 0);
  OTF2_EvtWriter_Leave (w, NULL, t++, 0);
  OTF2_AttributeList_Delete (attributes);
  return n + 2;
}

static char *
write_chunked_archive (void)
{
  char *dir = test_make_temp_dir ();
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *defs;
  guint64 n_events[2];
  guint i;

  archive = OTF2_Archive_Open (dir, "traces", OTF2_FILEMODE_WRITE, CHUNK_SIZE, CHUNK_SIZE,
                               OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  g_assert_nonnull (archive);
  OTF2_Archive_SetFlushCallbacks (archive, &test_flush_callbacks, NULL);
  OTF2_Archive_SetSerialCollectiveCallbacks (archive);
  OTF2_Archive_OpenEvtFiles (archive);
  for (i = 0; i < 2; i++)
    {
      OTF2_EvtWriter *w = OTF2_Archive_GetEvtWriter (archive, i);

      n_events[i] = write_location (w, i);
      OTF2_Archive_CloseEvtWriter (archive, w);
    }
  OTF2_Archive_CloseEvtFiles (archive);

  defs = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (defs, 1000000000, 0, 100000000, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_GlobalDefWriter_WriteString (defs, 0, "");
  OTF2_GlobalDefWriter_WriteString (defs, 1, "node");
  OTF2_GlobalDefWriter_WriteString (defs, 2, "rank 0");
  OTF2_GlobalDefWriter_WriteString (defs, 3, "rank 1");
  OTF2_GlobalDefWriter_WriteString (defs, 4, "thread");
  OTF2_GlobalDefWriter_WriteString (defs, 5, "iteration");
  for (i = 0; i < N_REGIONS; i++)
    {
      g_autofree char *name = g_strdup_printf ("f%u", i);

      OTF2_GlobalDefWriter_WriteString (defs, 10 + i, name);
      OTF2_GlobalDefWriter_WriteRegion (defs, i, 10 + i, 10 + i, 0, OTF2_REGION_ROLE_FUNCTION,
                                        OTF2_PARADIGM_USER, OTF2_REGION_FLAG_NONE, 0, 0, 0);
    }
  OTF2_GlobalDefWriter_WriteAttribute (defs, 0, 5, 5, OTF2_TYPE_UINT32);
  OTF2_GlobalDefWriter_WriteSystemTreeNode (defs, 0, 1, 1, OTF2_UNDEFINED_SYSTEM_TREE_NODE);
  for (i = 0; i < 2; i++)
    {
      OTF2_GlobalDefWriter_WriteLocationGroup (defs, i, 2 + i, OTF2_LOCATION_GROUP_TYPE_PROCESS, 0,
                                               OTF2_UNDEFINED_LOCATION_GROUP);
      OTF2_GlobalDefWriter_WriteLocation (defs, i, 4, OTF2_LOCATION_TYPE_CPU_THREAD, n_events[i], i);
    }
  OTF2_Archive_CloseGlobalDefWriter (archive, defs);
  OTF2_Archive_Close (archive);
  return dir;
}

/* Reading */

static void
count (const char  *path,
       CountResult *result)
{
  g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);
  g_autofree char *error = NULL;

  if (!count_archive (anchor, result, &error))
    g_error ("%s: %s", anchor, error);
}

static char *
evt_path (const char *dir,
          guint64     ref)
{
  g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", ref);

  return g_build_filename (dir, "traces", name, NULL);
}

/* Every stream but `except` (G_MAXUINT64 for none) has the events libotf2
 * reads from the intact archive, and no defect of its event file. */
static void
assert_exact (JxTrace           *trace,
              const CountResult *intact,
              guint64            except)
{
  guint i, k;

  g_assert_cmpuint (jx_trace_get_n_streams (trace), ==, intact->n_locations);
  for (i = 0; i < intact->n_locations; i++)
    {
      const CountLocation *l = &intact->locations[i];
      const JxStream *s = test_stream_by_ref (trace, l->ref);

      g_assert_nonnull (s);
      if (l->ref == except)
        continue;
      g_assert_cmpuint (s->n_events, ==, l->n_events);
      for (k = 0; k < JX_N_EVENT_KINDS; k++)
        g_assert_cmpuint (s->event_counts[k], ==, l->kinds[k]);
      g_assert_false (s->flags & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED));
    }
  if (except == G_MAXUINT64)
    {
      g_assert_cmpuint (jx_trace_get_n_events (trace), ==, intact->n_events);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_TRUNCATED_EVENTS), ==, 0);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 0);
    }
}

/* The stream of location `ref`, whose event file was cut after `size`
 * bytes: flagged and reported, no more events than the file can hold, and
 * what it has is the beginning of the intact stream, not stale memory.
 * Returns its number of events. */
static guint64
assert_cut (JxTrace *trace,
            JxTrace *intact,
            guint64  ref,
            guint64  size)
{
  const JxStream *s = test_stream_by_ref (trace, ref);
  const JxStream *full = test_stream_by_ref (intact, ref);
  guint k;

  g_assert_nonnull (s);
  g_assert_nonnull (full);
  g_assert_cmpuint (s->n_events, <=, size / 2);
  g_assert_cmpuint (s->n_events, <=, full->n_events);
  if (s->n_events > 0)
    {
      g_assert_true (s->flags & JX_STREAM_FLAG_TRUNCATED);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_TRUNCATED_EVENTS), ==, 1);
      g_assert_cmpuint (s->first_time, ==, full->first_time);
      g_assert_cmpuint (s->last_time, <=, full->last_time);
    }
  else
    {
      g_assert_true (s->flags & JX_STREAM_FLAG_MISSING);
      g_assert_cmpuint (jx_trace_get_defect_count (trace, JX_DEFECT_MISSING_EVENTS), ==, 1);
    }
  /* The load report names the event file that was cut. */
  {
    g_autofree char *file = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", ref);
    gboolean named = FALSE;

    for (k = 0; k < jx_trace_get_n_load_issues (trace); k++)
      {
        const JxLoadIssue *issue = jx_trace_get_load_issue (trace, k);

        named |= (issue->defect == JX_DEFECT_TRUNCATED_EVENTS || issue->defect == JX_DEFECT_MISSING_EVENTS) &&
                 strstr (issue->detail, file) != NULL;
      }
    g_assert_true (named);
  }
  for (k = 0; k < JX_N_EVENT_KINDS; k++)
    g_assert_cmpuint (s->event_counts[k], <=, full->event_counts[k]);
  /* Invocations are in pre-order, that is, in the order of their enters. */
  g_assert_cmpuint (s->n_invocations, <=, full->n_invocations);
  for (k = 0; k < s->n_invocations; k++)
    {
      g_assert_cmpuint (s->start[k], ==, full->start[k]);
      g_assert_cmpuint (s->region[k], ==, full->region[k]);
      g_assert_cmpuint (s->end[k], <=, full->end[k]);
    }
  g_assert_cmpuint (jx_trace_get_memory_size (trace), <=, 2 * jx_trace_get_memory_size (intact) + 65536);
  return s->n_events;
}

/* A copy of the archive at `from` in `to` whose event file of location
 * `ref` keeps only its first `size` bytes. */
static void
write_cut_copy (const char *from,
                const char *to,
                guint64     ref,
                guint64     size)
{
  g_autofree char *src = evt_path (from, ref);
  g_autofree char *dst = evt_path (to, ref);
  g_autofree char *anchor = g_build_filename (to, "traces.otf2", NULL);
  g_autofree char *contents = NULL;
  gsize length;

  if (!g_file_test (anchor, G_FILE_TEST_EXISTS))
    test_copy_tree (from, to);
  g_assert_true (g_file_get_contents (src, &contents, &length, NULL));
  g_assert_cmpuint (size, <=, length);
  g_assert_true (g_file_set_contents (dst, contents, (gssize) size, NULL));
}

static guint64
file_size (const char *path)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  return (guint64) st.st_size;
}

/* The number of the last event in chunk `k` (from 0) of an event file, as
 * libotf2's writer put it in the chunk header. */
static guint64
chunk_last_event (const char *path,
                  guint64     k)
{
  g_autofree char *contents = NULL;
  gsize length;
  guint64 v;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >=, k * CHUNK_SIZE + CHUNK_HEADER_SIZE);
  g_assert_cmpint (contents[k * CHUNK_SIZE], ==, 3);
  memcpy (&v, contents + k * CHUNK_SIZE + 10, 8);
  return GUINT64_FROM_LE (v);
}

/* A small generated trace: one chunk per location. */
static char *
generate (guint32 seed)
{
  JxGeneratorOptions options;
  g_autoptr(GError) error = NULL;
  char *dir = test_make_temp_dir ();

  jx_generator_options_init (&options);
  options.seed = seed;
  options.n_ranks = 3;
  options.n_iterations = 40;
  g_assert_cmpuint (jx_generate_trace (dir, &options, &error), >, 0);
  g_assert_no_error (error);
  return dir;
}

/* The extent of every intact event file is its whole content: libotf2's
 * own count, and complete; a file without its last byte (OTF2's
 * end-of-buffer mark after the end-of-file record) too. */
static void
check_intact_extents (const char *dir)
{
  CountResult intact;
  guint64 chunk_size, def_chunk_size;
  g_autofree char *anchor = g_build_filename (dir, "traces.otf2", NULL);
  OTF2_Reader *reader = OTF2_Reader_Open (anchor);
  guint i;

  g_test_message ("%s", dir);
  g_assert_nonnull (reader);
  g_assert_cmpint (OTF2_Reader_GetChunkSize (reader, &chunk_size, &def_chunk_size), ==, OTF2_SUCCESS);
  OTF2_Reader_Close (reader);
  count (dir, &intact);
  for (i = 0; i < intact.n_locations; i++)
    {
      g_autofree char *path = evt_path (dir, intact.locations[i].ref);
      EvtExtent extent;

      g_assert_true (_jx_loader_evt_extent (path, chunk_size, &extent));
      g_assert_true (extent.complete);
      g_assert_cmpuint (extent.n_events, ==, intact.locations[i].n_events);
      g_assert_cmpuint (extent.limit, ==, file_size (path) / 2);
      g_assert_null (_jx_loader_evt_extent_problem (&extent));
    }
  count_result_clear (&intact);
}

static void
test_cut_extent (void)
{
  g_autofree char *chunked = write_chunked_archive ();
  g_autofree char *generated = generate (11);
  g_autofree char *evt = evt_path (chunked, 0);
  g_autofree char *copy = NULL;
  g_autofree char *problem = NULL;
  const char *root = jx_test_get_shared_traces ();
  g_autoptr(GDir) dir = g_dir_open (root, 0, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  const char *entry;
  CountResult intact;
  EvtExtent extent;
  guint64 size, n0;
  guint i;

  g_assert_nonnull (dir);
  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (root, entry, NULL);
      g_autofree char *anchor = g_build_filename (path, "traces.otf2", NULL);

      if (g_file_test (anchor, G_FILE_TEST_IS_REGULAR))
        check_intact_extents (path);
    }
  check_intact_extents (generated);
  check_intact_extents (chunked);

  size = file_size (evt);
  g_assert_cmpuint (size, >, 4 * CHUNK_SIZE);
  count (chunked, &intact);
  n0 = intact.locations[0].n_events;
  count_result_clear (&intact);

  /* The file ends in ... 0d 00 02 01: without 02 01 every event is there
   * but not the end, one byte less cuts the last leave. */
  copy = g_build_filename (chunked, "copy.evt", NULL);
  {
    g_autofree char *contents = NULL;
    gsize length;

    g_assert_true (g_file_get_contents (evt, &contents, &length, NULL));
    g_assert_cmpmem (contents + length - 4, 4, "\x0d\x00\x02\x01", 4);
    g_assert_true (g_file_set_contents (copy, contents, (gssize) length - 2, NULL));
    g_assert_true (_jx_loader_evt_extent (copy, CHUNK_SIZE, &extent));
    g_assert_false (extent.complete);
    g_assert_cmpuint (extent.n_events, ==, n0);
    g_assert_cmpuint (extent.limit, ==, n0);
    problem = _jx_loader_evt_extent_problem (&extent);
    g_assert_nonnull (strstr (problem, "ends at byte"));
    g_assert_true (g_file_set_contents (copy, contents, (gssize) length - 3, NULL));
    g_assert_true (_jx_loader_evt_extent (copy, CHUNK_SIZE, &extent));
    g_assert_false (extent.complete);
    g_assert_cmpuint (extent.n_events, ==, n0 - 1);

    /* Garbage after a valid chunk header: never more events than two
     * bytes each, never a crash. */
    for (i = 0; i < 200; i++)
      {
        gsize n = CHUNK_HEADER_SIZE + g_rand_int_range (rand, 0, 3 * CHUNK_SIZE);
        g_autofree guint8 *junk = g_malloc (n);
        gsize j;

        memcpy (junk, contents, CHUNK_HEADER_SIZE);
        for (j = CHUNK_HEADER_SIZE; j < n; j++)
          junk[j] = (guint8) g_rand_int_range (rand, 0, i % 2 == 0 ? 32 : 256);
        g_assert_true (g_file_set_contents (copy, (const char *) junk, (gssize) n, NULL));
        g_assert_true (_jx_loader_evt_extent (copy, CHUNK_SIZE, &extent));
        g_assert_cmpuint (extent.n_events, <=, n / 2);
        g_assert_cmpuint (extent.limit, <=, n / 2);
      }
  }
  g_assert_false (_jx_loader_evt_extent ("/nonexistent/juxtrace/0.evt", CHUNK_SIZE, &extent));

  test_remove_tree (chunked);
  test_remove_tree (generated);
}

static gint
compare_u64 (gconstpointer a,
             gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* Location 0 of the chunked archive cut at many points, in order: at chunk
 * boundaries its events are exactly those of the whole chunks (the number
 * libotf2's writer put in their headers), and more bytes never give fewer
 * events. Before the fix every cut after the first chunk made libotf2
 * deliver the same stale chunks until memory ran out. */
static void
test_cut_sweep (void)
{
  g_autofree char *dir = write_chunked_archive ();
  g_autofree char *copy = test_make_temp_dir ();
  g_autofree char *evt = evt_path (dir, 0);
  g_autoptr(JxTrace) intact = test_load (dir, 0);
  g_autoptr(GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint64));
  CountResult count_intact;
  guint64 size = file_size (evt);
  guint64 previous = 0, c;
  guint i;

  count (dir, &count_intact);
  assert_exact (intact, &count_intact, G_MAXUINT64);
  g_assert_cmpuint (size, >, 4 * CHUNK_SIZE);

  for (c = 0; c < 20; c++)
    {
      guint64 cut = c * CHUNK_SIZE / 4;
      const guint64 near[] = { cut, cut + 1, cut + CHUNK_HEADER_SIZE - 1, cut + CHUNK_HEADER_SIZE,
                               cut + CHUNK_HEADER_SIZE + 1, cut + 1000, cut + CHUNK_SIZE / 8 };

      for (i = 0; i < G_N_ELEMENTS (near); i++)
        if (near[i] < size - 3)
          g_array_append_val (cuts, near[i]);
    }
  for (c = size - 3; c < size - 1; c++)
    g_array_append_val (cuts, c);
  g_array_sort (cuts, compare_u64);

  for (i = 0; i < cuts->len; i++)
    {
      guint64 cut = g_array_index (cuts, guint64, i);
      g_autoptr(JxTrace) trace = NULL;
      guint64 n;

      if (i > 0 && cut == g_array_index (cuts, guint64, i - 1))
        continue;
      g_test_message ("cut after %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " bytes", cut, size);
      write_cut_copy (dir, copy, 0, cut);
      trace = test_load (copy, i % 2 + 1);
      assert_exact (trace, &count_intact, 0);
      n = assert_cut (trace, intact, 0, cut);
      g_assert_cmpuint (n, >=, previous);
      if (cut > 0 && cut % CHUNK_SIZE == 0)
        g_assert_cmpuint (n, ==, chunk_last_event (evt, cut / CHUNK_SIZE - 1));
      previous = n;
    }

  /* Without OTF2's end-of-buffer byte the file is still complete. */
  {
    g_autoptr(JxTrace) trace = NULL;

    write_cut_copy (dir, copy, 0, size - 1);
    trace = test_load (copy, 0);
    assert_exact (trace, &count_intact, G_MAXUINT64);
  }

  count_result_clear (&count_intact);
  test_remove_tree (copy);
  test_remove_tree (dir);
}

/* The window's case: a trace, then a copy of it with one event file cut,
 * in one process, and the other way round; a real trace (one chunk per
 * file) and the chunked archive, cut inside the first and a later chunk. */
typedef struct
{
  char        *dir;
  guint64      ref;
  guint64      cuts[2];
} CutCase;

static void
run_loads_in_order (gboolean full_first)
{
  g_autofree char *real = jx_test_get_shared_trace ("casita__1_xeonphi_jacobi_01");
  g_autofree char *chunked = write_chunked_archive ();
  CutCase cases[] = {
    { real, 0, { 1000, 40000 } },
    { chunked, 0, { 1000, 3 * CHUNK_SIZE + 5000 } },
    { chunked, 1, { 2 * CHUNK_SIZE + 77, CHUNK_SIZE } },
  };
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CountResult intact;

      count (cases[i].dir, &intact);
      for (j = 0; j < G_N_ELEMENTS (cases[i].cuts); j++)
        {
          g_autofree char *copy = test_make_temp_dir ();
          g_autoptr(JxTrace) full = NULL;
          g_autoptr(JxTrace) cut = NULL;
          g_autoptr(JxTrace) again = NULL;

          g_test_message ("%s, location %" G_GUINT64_FORMAT " cut after %" G_GUINT64_FORMAT " bytes, %s",
                          cases[i].dir, cases[i].ref, cases[i].cuts[j], full_first ? "full first" : "cut first");
          write_cut_copy (cases[i].dir, copy, cases[i].ref, cases[i].cuts[j]);
          if (full_first)
            {
              full = test_load (cases[i].dir, 0);
              cut = test_load (copy, 0);
            }
          else
            {
              cut = test_load (copy, 0);
              full = test_load (cases[i].dir, 0);
            }
          again = test_load (cases[i].dir, 1);
          assert_exact (full, &intact, G_MAXUINT64);
          assert_exact (again, &intact, G_MAXUINT64);
          assert_exact (cut, &intact, cases[i].ref);
          assert_cut (cut, full, cases[i].ref, cases[i].cuts[j]);
          test_remove_tree (copy);
        }
      count_result_clear (&intact);
    }
  test_remove_tree (chunked);
}

static void
test_cut_after_full_load (void)
{
  run_loads_in_order (TRUE);
}

static void
test_cut_before_full_load (void)
{
  run_loads_in_order (FALSE);
}

/* As the window loads: in GTask threads at the same time, the intact
 * archive and two copies cut at different points, several rounds. */
typedef struct
{
  JxTrace *traces[4];
} ConcurrentData;

static void
concurrent_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  JxTrace **slot = user_data;
  g_autoptr(GError) error = NULL;

  *slot = jx_trace_load_finish (result, &error);
  g_assert_no_error (error);
}

static gboolean
all_loaded (gpointer user_data)
{
  ConcurrentData *data = user_data;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (data->traces); i++)
    if (data->traces[i] == NULL)
      return FALSE;
  return TRUE;
}

static void
test_cut_concurrent (void)
{
  g_autofree char *dir = write_chunked_archive ();
  g_autofree char *cut_a = test_make_temp_dir ();
  g_autofree char *cut_b = test_make_temp_dir ();
  const guint64 at[2] = { 1000, 2 * CHUNK_SIZE + 4321 };
  const char *paths[4] = { dir, cut_a, cut_b, dir };
  CountResult intact;
  guint round, i;

  count (dir, &intact);
  write_cut_copy (dir, cut_a, 0, at[0]);
  write_cut_copy (dir, cut_b, 0, at[1]);

  for (round = 0; round < 3; round++)
    {
      ConcurrentData data = { { NULL } };

      for (i = 0; i < G_N_ELEMENTS (paths); i++)
        {
          JxLoadOptions options = { (round + i) % 2 + 1 };

          jx_trace_load_async (paths[i], &options, NULL, NULL, NULL, NULL,
                               concurrent_done, &data.traces[i]);
        }
      g_assert_true (jx_test_wait_until (all_loaded, &data, 120));

      assert_exact (data.traces[0], &intact, G_MAXUINT64);
      assert_exact (data.traces[3], &intact, G_MAXUINT64);
      for (i = 1; i <= 2; i++)
        {
          assert_exact (data.traces[i], &intact, 0);
          assert_cut (data.traces[i], data.traces[0], 0, at[i - 1]);
        }
      g_assert_cmpuint (test_stream_by_ref (data.traces[2], 0)->n_events, >,
                        test_stream_by_ref (data.traces[1], 0)->n_events);
      for (i = 0; i < G_N_ELEMENTS (data.traces); i++)
        g_object_unref (data.traces[i]);
    }
  count_result_clear (&intact);
  test_remove_tree (cut_a);
  test_remove_tree (cut_b);
  test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/loader/cut/extent", test_cut_extent);
  g_test_add_func ("/model/loader/cut/sweep", test_cut_sweep);
  g_test_add_func ("/model/loader/cut/after-full-load", test_cut_after_full_load);
  g_test_add_func ("/model/loader/cut/before-full-load", test_cut_before_full_load);
  g_test_add_func ("/model/loader/cut/concurrent", test_cut_concurrent);

  return g_test_run ();
}
