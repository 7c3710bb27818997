/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the marker writer (jx-marker-writer.h): markers written through
 * libotf2 load back, markers another tool wrote (a fixture made with
 * otf2-marker from otf2-tools) are kept, and a read-only archive is left
 * untouched. */
#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "jx-marker-writer.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

/* A small generated archive without markers, in a fresh folder. */
static char *
make_archive (char **dir_out)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("jx-markers-XXXXXX", &error);
  JxGeneratorOptions options;
  char *archive;

  g_assert_no_error (error);
  archive = g_build_filename (dir, "run", NULL);
  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_iterations = 3;
  g_assert_cmpuint (jx_generate_trace (archive, &options, &error), >, 0);
  g_assert_no_error (error);
  *dir_out = dir;
  return archive;
}

static JxTrace *
load (const char *archive)
{
  g_autoptr(GError) error = NULL;
  JxTrace *trace = jx_trace_load (archive, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static void
otf2_marker (const char *const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *program = g_find_program_in_path ("otf2-marker");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = -1;

  if (program == NULL)
    g_error ("otf2-marker (Debian package otf2-tools) is needed to make the fixture; install it");
  g_ptr_array_add (argv, program);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("otf2-marker failed: %s%s", out, err);
}

/* The fixture: two markers of one definition another tool wrote. */
static void
add_foreign_markers (const char *archive,
                     JxTrace    *trace)
{
  g_autofree char *anchor = g_build_filename (archive, "traces.otf2", NULL);
  g_autofree char *t1 = g_strdup_printf ("%" G_GUINT64_FORMAT, jx_trace_get_start_time (trace) + 1000);
  g_autofree char *t2 = g_strdup_printf ("%" G_GUINT64_FORMAT "+500", jx_trace_get_start_time (trace) + 2000);
  const char *def[] = { "--add-def", "MUST", "Type mismatch", "HIGH", anchor, NULL };
  const char *m1[] = { "--add", "MUST", "Type mismatch", t1, "GLOBAL", "first from MUST", anchor, NULL };
  const char *m2[] = { "--add", "MUST", "Type mismatch", t2, "LOCATION:0", "second from MUST", anchor, NULL };

  otf2_marker (def);
  otf2_marker (m1);
  otf2_marker (m2);
}

static guint
find_text (JxTrace    *trace,
           const char *text)
{
  for (guint i = 0; i < jx_trace_get_n_markers (trace); i++)
    if (g_strcmp0 (jx_trace_get_marker (trace, i)->text, text) == 0)
      return i;
  return G_MAXUINT;
}

/* A marker written and read back through libotf2 has every field. */
static void
test_round_trip (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *archive = make_archive (&dir);
  g_autoptr(JxTrace) before = load (archive);
  g_autoptr(JxTrace) after = NULL;
  g_autoptr(GError) error = NULL;
  JxMarkerRecord add[2] = {
    { jx_trace_get_start_time (before) + 12345, 678, "Juxtrace", "Note", 0, 0, 0, "slow start here" },
    { jx_trace_get_start_time (before) + 99999, 0, "Juxtrace", "Phase", 2, 1, 1, "second" },
  };
  const JxMarker *m;
  const JxMarkerDef *def;
  guint i;

  g_assert_cmpuint (jx_trace_get_n_markers (before), ==, 0);
  g_assert_true (jx_marker_file_update (archive, add, 2, NULL, 0, &error));
  g_assert_no_error (error);

  after = load (archive);
  g_assert_cmpuint (jx_trace_get_n_markers (after), ==, 2);
  i = find_text (after, "slow start here");
  g_assert_cmpuint (i, !=, G_MAXUINT);
  m = jx_trace_get_marker (after, i);
  def = jx_trace_get_marker_def (after, m->def);
  g_assert_cmpuint (m->time, ==, add[0].time);
  g_assert_cmpuint (m->duration, ==, 678);
  g_assert_cmpuint (m->scope, ==, 0);
  g_assert_cmpstr (def->group, ==, "Juxtrace");
  g_assert_cmpstr (def->category, ==, "Note");
  m = jx_trace_get_marker (after, find_text (after, "second"));
  def = jx_trace_get_marker_def (after, m->def);
  g_assert_cmpuint (m->scope, ==, 1);
  g_assert_cmpuint (m->scope_ref, ==, 1);
  g_assert_cmpstr (def->category, ==, "Phase");
  g_assert_cmpuint (def->severity, ==, 2);
  /* One definition per group and category. */
  g_assert_cmpuint (jx_trace_get_n_marker_defs (after), ==, 2);

  /* Nothing of the writer's scratch is left beside the archive. */
  {
    g_autoptr(GDir) d = g_dir_open (archive, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (d)) != NULL)
      g_assert_false (g_str_has_prefix (name, ".juxtrace"));
  }
  jx_test_remove_tree (dir);
}

/* Markers another tool wrote stay when ours are added and removed. */
static void
test_preserve (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *archive = make_archive (&dir);
  g_autoptr(JxTrace) fresh = load (archive);
  g_autoptr(JxTrace) with_foreign = NULL;
  g_autoptr(JxTrace) added = NULL;
  g_autoptr(JxTrace) removed = NULL;
  g_autoptr(GError) error = NULL;
  JxMarkerRecord ours = { jx_trace_get_start_time (fresh) + 5000, 0, "Juxtrace", "Note", 0, 0, 0, "ours" };
  JxMarkerRecord foreign;
  const JxMarker *m;

  add_foreign_markers (archive, fresh);
  with_foreign = load (archive);
  g_assert_cmpuint (jx_trace_get_n_markers (with_foreign), ==, 2);

  /* A marker in the fixture's own group and category reuses its definition. */
  g_assert_true (jx_marker_file_update (archive, &ours, 1, NULL, 0, &error));
  g_assert_no_error (error);
  added = load (archive);
  g_assert_cmpuint (jx_trace_get_n_markers (added), ==, 3);
  g_assert_cmpuint (jx_trace_get_n_marker_defs (added), ==, 2);
  m = jx_trace_get_marker (added, find_text (added, "second from MUST"));
  g_assert_cmpuint (m->time, ==, jx_trace_get_start_time (fresh) + 2000);
  g_assert_cmpuint (m->duration, ==, 500);
  g_assert_cmpuint (m->scope, ==, 1);
  g_assert_cmpuint (jx_trace_get_marker_def (added, m->def)->severity, ==, 3);
  g_assert_cmpstr (jx_trace_get_marker_def (added, m->def)->group, ==, "MUST");
  g_assert_cmpuint (find_text (added, "first from MUST"), !=, G_MAXUINT);

  /* Removing ours, and one of theirs, keeps the other. */
  jx_marker_record_from_trace (&foreign, added, find_text (added, "first from MUST"));
  {
    JxMarkerRecord gone[2] = { ours, foreign };

    g_assert_true (jx_marker_file_update (archive, NULL, 0, gone, 2, &error));
    g_assert_no_error (error);
  }
  removed = load (archive);
  g_assert_cmpuint (jx_trace_get_n_markers (removed), ==, 1);
  g_assert_cmpstr (jx_trace_get_marker (removed, 0)->text, ==, "second from MUST");

  /* otf2-marker reads what we wrote. */
  {
    g_autofree char *anchor = g_build_filename (archive, "traces.otf2", NULL);
    const char *args[] = { anchor, NULL };

    otf2_marker (args);
  }
  jx_test_remove_tree (dir);
}

static char *
read_bytes (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  return g_base64_encode ((const guchar *) contents, length);
}

/* In a read-only archive folder nothing is written; checked as a user
 * that cannot write there (the tests may run as root, whom permissions do
 * not stop). */
static void
test_read_only (void)
{
  if (g_test_subprocess ())
    {
      const char *archive = g_getenv ("JX_TEST_ARCHIVE");
      g_autoptr(GError) error = NULL;
      JxMarkerRecord add = { 1000, 0, "Juxtrace", "Note", 0, 0, 0, "not written" };

      if (geteuid () == 0)
        g_assert_cmpint (setgid (65534) == 0 && setuid (65534) == 0, ==, TRUE);
      g_assert_false (jx_marker_file_update (archive, &add, 1, NULL, 0, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
      g_assert_nonnull (strstr (error->message, archive));
      return;
    }

  {
    g_autofree char *dir = NULL;
    g_autofree char *archive = make_archive (&dir);
    g_autoptr(JxTrace) trace = load (archive);
    g_autofree char *marker = g_build_filename (archive, "traces.marker", NULL);
    g_autofree char *before = NULL;
    g_autofree char *after = NULL;
    guint n_before = 0, n_after = 0;
    GDir *d;

    add_foreign_markers (archive, trace);
    before = read_bytes (marker);
    d = g_dir_open (archive, 0, NULL);
    while (g_dir_read_name (d) != NULL)
      n_before++;
    g_dir_close (d);

    g_assert_cmpint (g_chmod (dir, 0755), ==, 0);
    g_assert_cmpint (g_chmod (archive, 0555), ==, 0);
    g_setenv ("JX_TEST_ARCHIVE", archive, TRUE);
    g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
    g_test_trap_assert_passed ();
    /* The same as whoever runs the tests, root included: a folder without
     * write bits is read-only. */
    {
      g_autoptr(GError) error = NULL;
      JxMarkerRecord add = { 1000, 0, "Juxtrace", "Note", 0, 0, 0, "not written" };

      g_assert_false (jx_marker_file_update (archive, &add, 1, NULL, 0, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY);
    }
    g_assert_cmpint (g_chmod (archive, 0755), ==, 0);

    after = read_bytes (marker);
    g_assert_cmpstr (before, ==, after);
    d = g_dir_open (archive, 0, NULL);
    while (g_dir_read_name (d) != NULL)
      n_after++;
    g_dir_close (d);
    g_assert_cmpuint (n_before, ==, n_after);
    jx_test_remove_tree (dir);
  }
}

/* A marker file libotf2 cannot read is reported and never overwritten. */
static void
test_corrupt (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *archive = make_archive (&dir);
  g_autofree char *marker = g_build_filename (archive, "traces.marker", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  JxMarkerRecord add = { 1000, 0, "Juxtrace", "Note", 0, 0, 0, "x" };
  static const char junk[] = "this is not an OTF2 marker file";

  g_assert_true (g_file_set_contents (marker, junk, -1, NULL));
  g_assert_false (jx_marker_file_update (archive, &add, 1, NULL, 0, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, marker));
  g_assert_true (g_file_get_contents (marker, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, junk);

  g_clear_error (&error);
  g_assert_false (jx_marker_file_update ("/nonexistent/traces.otf2", &add, 1, NULL, 0, &error));
  g_assert_nonnull (error);
  jx_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/marker-writer/round-trip", test_round_trip);
  g_test_add_func ("/model/marker-writer/preserve", test_preserve);
  g_test_add_func ("/model/marker-writer/read-only", test_read_only);
  g_test_add_func ("/model/marker-writer/corrupt", test_corrupt);
  return g_test_run ();
}
