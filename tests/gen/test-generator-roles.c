/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The generator's behaviours for structural clustering and pairing
 * (jx-gen-roles.c), read back through libotf2's own reader (jx-raw-trace.h):
 *   - rotate-threads: each worker thread enters exactly its role's
 *     functions, the master thread the program; the seed rotates the roles
 *     to the next thread; a well-formed archive (no unbalanced regions);
 *   - classes: each rank enters its class's function every iteration and
 *     no other class's; outliers enter the rare functions of their bits,
 *     once, and no two outliers the same set;
 *   - without these options no such region is defined. */
#include "config.h"

#include <string.h>

#include "jx-gen-test-util.h"
#include "jx-raw-trace.h"
#include "jx-trace-generator.h"

static const char *const role_tops[4] = { "compute", "build_tree", "schedule_tasks", "write_output" };

/* How often location loc entered the region called name. */
static guint
enters_of (const JxRawTrace *t,
           const JxRawLoc   *loc,
           const char       *name)
{
  guint n = 0;

  for (guint i = 0; i < loc->enters->len; i++)
    {
      guint32 region = g_array_index (loc->enters, JxRawEnter, i).region;

      if (region < t->regions->len && g_strcmp0 (g_array_index (t->regions, JxRawRegion, region).name, name) == 0)
        n++;
    }
  return n;
}

static const JxRawLoc *
location (const JxRawTrace *t,
          guint             rank,
          guint             local)
{
  guint64 id = ((guint64) local << 32) | rank;
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (t->loc_index, &id));

  g_assert_cmpuint (index, >, 0);
  return &g_array_index (t->locs, JxRawLoc, index - 1);
}

static gboolean
defines (const JxRawTrace *t,
         const char       *name)
{
  for (guint r = 0; r < t->regions->len; r++)
    if (g_strcmp0 (g_array_index (t->regions, JxRawRegion, r).name, name) == 0)
      return TRUE;
  return FALSE;
}

static void
test_rotate_threads (void)
{
  JxGeneratorOptions o;

  jx_generator_options_init (&o);
  o.n_ranks = 2;
  o.n_threads = 5;
  o.n_iterations = 3;
  o.depth = 3;
  o.fanout = 2;
  o.variant = JX_VARIANT_ROTATE_THREADS;

  /* The rule: role (t - 1 + seed) mod 4 with four workers. */
  o.seed = 1;
  g_assert_cmpuint (jx_generator_thread_role (&o, 0), ==, 0);
  g_assert_cmpuint (jx_generator_thread_role (&o, 1), ==, 1);
  g_assert_cmpuint (jx_generator_thread_role (&o, 4), ==, 0);
  o.seed = 2;
  g_assert_cmpuint (jx_generator_thread_role (&o, 1), ==, 2);
  g_assert_cmpuint (jx_generator_thread_role (&o, 3), ==, 0);
  g_assert_cmpuint (jx_generator_thread_role (&o, 4), ==, 1);

  for (guint32 seed = 1; seed <= 2; seed++)
    {
      g_autofree char *dir = jx_gen_test_make_tmp_dir ();
      JxRawTrace *t;

      o.seed = seed;
      g_assert_cmpuint (jx_generate_trace (dir, &o, NULL), >, 0);
      t = jx_raw_trace_read (dir);
      for (guint rank = 0; rank < 2; rank++)
        for (guint thread = 0; thread < 5; thread++)
          {
            const JxRawLoc *loc = location (t, rank, thread);
            guint role = jx_generator_thread_role (&o, thread);

            g_assert_cmpuint (loc->n_mismatched + loc->n_unmatched + loc->stack_region->len, ==, 0);
            if (thread == 0)
              {
                g_assert_cmpuint (enters_of (t, loc, "main"), ==, 1);
                g_assert_cmpuint (enters_of (t, loc, "compute"), ==, 3);
                continue;
              }
            g_assert_cmpuint (enters_of (t, loc, "main"), ==, 0);
            for (guint r = 0; r < 4; r++)
              g_assert_cmpuint (enters_of (t, loc, role_tops[r]), ==, r == role ? 3 : 0);
          }
      /* The same role on the next thread with the next seed. */
      if (seed == 2)
        {
          JxGeneratorOptions before = o;

          before.seed = 1;
          for (guint thread = 1; thread < 4; thread++)
            g_assert_cmpuint (jx_generator_thread_role (&o, thread), ==,
                              jx_generator_thread_role (&before, thread + 1));
        }
      jx_raw_trace_free (t);
      jx_gen_test_remove_tree (dir);
    }
}

static void
test_classes_outliers (void)
{
  static const char *const classes[] = { "solve_fluid", "solve_solid", "io_server" };
  static const char *const rare[] = { "retry_send", "refine_cell", "rebalance_load", "dump_state", "recover_fault",
                                      "swap_buffers" };
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  g_autoptr(GHashTable) rare_sets = g_hash_table_new (g_direct_hash, g_direct_equal);
  JxGeneratorOptions o;
  JxRawTrace *t;
  guint outliers = 0;

  jx_generator_options_init (&o);
  o.n_ranks = 40;
  o.n_iterations = 3;
  o.depth = 2;
  o.fanout = 1;
  o.n_classes = 4;
  o.n_outliers = 5;
  g_assert_cmpuint (jx_generate_trace (dir, &o, NULL), >, 0);
  t = jx_raw_trace_read (dir);

  for (guint rank = 0; rank < 40; rank++)
    {
      const JxRawLoc *loc = location (t, rank, 0);
      guint class = jx_generator_rank_class (&o, rank);
      gint outlier = jx_generator_rank_outlier (&o, rank);
      guint bits = 0;

      /* Contiguous blocks of ten ranks. */
      g_assert_cmpuint (class, ==, rank / 10);
      for (guint c = 1; c < 4; c++)
        g_assert_cmpuint (enters_of (t, loc, classes[c - 1]), ==, c == class ? 3 : 0);
      for (guint b = 0; b < 6; b++)
        {
          guint n = enters_of (t, loc, rare[b]);

          g_assert_cmpuint (n, <=, 1);
          bits |= n << b;
        }
      if (outlier < 0)
        {
          g_assert_cmpuint (bits, ==, 0);
          continue;
        }
      outliers++;
      g_assert_cmpuint (bits, ==, (guint) outlier + 1);
      g_assert_false (g_hash_table_contains (rare_sets, GUINT_TO_POINTER (bits)));
      g_hash_table_add (rare_sets, GUINT_TO_POINTER (bits));
    }
  g_assert_cmpuint (outliers, ==, 5);
  /* Spread over the ranks: one in each fifth. */
  for (guint k = 0; k < 5; k++)
    g_assert_cmpint (jx_generator_rank_outlier (&o, 4 + 8 * k), ==, (gint) k);
  jx_raw_trace_free (t);
  jx_gen_test_remove_tree (dir);
}

/* Without the options nothing of this is in the archive. */
static void
test_off_by_default (void)
{
  g_autofree char *dir = jx_gen_test_make_tmp_dir ();
  JxGeneratorOptions o;
  JxRawTrace *t;

  jx_generator_options_init (&o);
  o.n_ranks = 4;
  o.n_threads = 3;
  o.n_iterations = 2;
  g_assert_cmpuint (jx_generate_trace (dir, &o, NULL), >, 0);
  t = jx_raw_trace_read (dir);
  g_assert_false (defines (t, "build_tree"));
  g_assert_false (defines (t, "solve_fluid"));
  g_assert_false (defines (t, "retry_send"));
  g_assert_true (defines (t, "compute"));
  g_assert_cmpuint (jx_generator_thread_role (&o, 2), ==, 0);
  g_assert_cmpuint (jx_generator_rank_class (&o, 3), ==, 0);
  g_assert_cmpint (jx_generator_rank_outlier (&o, 0), ==, -1);
  jx_raw_trace_free (t);
  jx_gen_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gen/roles/rotate-threads", test_rotate_threads);
  g_test_add_func ("/gen/roles/classes-outliers", test_classes_outliers);
  g_test_add_func ("/gen/roles/off-by-default", test_off_by_default);
  return g_test_run ();
}
