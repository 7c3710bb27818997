/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of pairing by structure (jx-stream-pairing.h weighed by
 * jx-structure-pairing.h): rotated thread roles paired by what the threads
 * do in modes auto and structure, marked as crossed in mode name; threads
 * doing the same work keep their names' partners in every mode; a gain
 * below the margin does not move auto; overrides win; CPU threads never go
 * with accelerator streams; processes named by process ID are paired by
 * structure; and the assignment is optimal against brute force through a
 * similarity the test chooses. */
#include "config.h"

#include "jx-structure-pairing.h"
#include "jx-test-calls.h"

#define CPU JX_STREAM_CPU_THREAD
#define GPU JX_STREAM_ACCELERATOR

/* Four roles, as a task runtime's worker threads take them. */
static const char *const roles[4] = {
  "worker(build_tree*6(insert_node*4(allocate_node)))",
  "worker(compute*8(stencil*3 reduce))",
  "worker(steal_task*10(queue_pop run_task))",
  "worker(write_block*5(serialize*2 flush))",
};

/* A process "locality 0" with a master and threads 1..4; thread t takes
 * role (t - 1 + shift) mod 4. */
static JxTrace *
roles_trace (const char *name,
             guint       shift)
{
  static const char *const names[4] = { "worker thread 1", "worker thread 2", "worker thread 3", "worker thread 4" };
  JxTestStream streams[5] = { { "locality 0", "main thread", CPU, "main(init run*3 finalize)" } };

  for (guint t = 1; t <= 4; t++)
    streams[t] = (JxTestStream) { "locality 0", names[t - 1], CPU, roles[(t - 1 + shift) % 4] };
  return jx_test_calls_trace (name, streams, 5);
}

static const JxStreamPair *
pair_of_a (GArray  *pairs,
           guint32  stream_a)
{
  for (guint i = 0; i < pairs->len; i++)
    if (g_array_index (pairs, JxStreamPair, i).stream_a == stream_a)
      return &g_array_index (pairs, JxStreamPair, i);
  g_assert_not_reached ();
  return NULL;
}

static void
test_rotated_roles (void)
{
  g_autoptr(JxTrace) a = roles_trace ("run-1", 0);
  g_autoptr(JxTrace) b = roles_trace ("run-2", 1);
  JxPairingSummary summary;

  for (JxPairingMode mode = JX_PAIRING_AUTO; mode <= JX_PAIRING_STRUCTURE; mode++)
    {
      g_autoptr(GArray) pairs = jx_structure_pairing_compute (a, b, NULL, NULL, 0, mode, &summary, NULL, NULL);
      const JxStreamPair *p;

      g_assert_nonnull (pairs);
      g_assert_cmpuint (pairs->len, ==, 5);
      g_assert_cmpint (summary.mode, ==, mode);
      /* The main thread pairs with the main thread in every mode. */
      p = pair_of_a (pairs, 0);
      g_assert_cmpuint (p->stream_b, ==, 0);
      g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_NAME);
      g_assert_false (p->crossed);
      g_assert_cmpfloat (p->similarity, ==, 1.0f);

      for (guint t = 1; t <= 4; t++)
        {
          /* Role r is on thread r + 1 in A and on thread r (thread 4 for
           * role 0) in B. */
          guint32 by_structure = t == 1 ? 4 : t - 1;

          p = pair_of_a (pairs, t);
          if (mode == JX_PAIRING_NAME)
            {
              g_assert_cmpuint (p->stream_b, ==, t);
              g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_NAME);
              g_assert_true (p->crossed);
              g_assert_cmpuint (p->structure_b, ==, by_structure);
              g_assert_cmpfloat (p->similarity, <, 0.1f);
              g_assert_cmpfloat (p->other_similarity, ==, 1.0f);
            }
          else
            {
              g_assert_cmpuint (p->stream_b, ==, by_structure);
              g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_STRUCTURE);
              g_assert_cmpint (jx_pairing_method_combine (p->process_method, p->stream_method), ==,
                               JX_PAIRED_BY_STRUCTURE);
              g_assert_false (p->crossed);
              g_assert_cmpuint (p->name_b, ==, t);
              g_assert_cmpfloat (p->similarity, ==, 1.0f);
              g_assert_cmpfloat (p->other_similarity, <, 0.1f);
            }
        }
      g_assert_cmpuint (summary.n_by_structure, ==, mode == JX_PAIRING_NAME ? 0 : 4);
      g_assert_cmpuint (summary.n_crossed, ==, mode == JX_PAIRING_NAME ? 4 : 0);
      g_assert_cmpuint (summary.n_groups, ==, 1);
    }
}

/* Threads doing the same work keep their names in every mode, and
 * nothing is marked. */
static void
test_same_work_keeps_names (void)
{
  g_autoptr(JxTrace) a = roles_trace ("run-1", 0);
  g_autoptr(JxTrace) b = roles_trace ("run-1b", 0);

  for (JxPairingMode mode = JX_PAIRING_AUTO; mode <= JX_PAIRING_STRUCTURE; mode++)
    {
      JxPairingSummary summary;
      g_autoptr(GArray) pairs = jx_structure_pairing_compute (a, b, NULL, NULL, 0, mode, &summary, NULL, NULL);

      for (guint t = 0; t < 5; t++)
        {
          const JxStreamPair *p = pair_of_a (pairs, t);

          g_assert_cmpuint (p->stream_b, ==, t);
          g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_NAME);
          g_assert_false (p->crossed);
          g_assert_cmpuint (p->name_b, ==, JX_NONE);
        }
      g_assert_cmpuint (summary.n_by_structure + summary.n_crossed, ==, 0);
    }
}

/* Two threads that differ a little either way: structure may cross them,
 * auto keeps the names (the gain is below the margin), nothing is marked. */
static void
test_small_gain_keeps_names (void)
{
  const JxTestStream sa[] = {
    { "p", "thread 1", CPU, "w(a*10 b*10 c*10 d*10 e*10 f*10 g*10 h*10)" },
    { "p", "thread 2", CPU, "w(a*10 b*10 c*10 d*10 e*10 f*10 g*10 x*11)" },
  };
  const JxTestStream sb[] = {
    { "p", "thread 1", CPU, "w(a*10 b*10 c*10 d*10 e*10 f*10 g*10 x*11)" },
    { "p", "thread 2", CPU, "w(a*10 b*10 c*10 d*10 e*10 f*10 g*10 h*10)" },
  };
  g_autoptr(JxTrace) a = jx_test_calls_trace ("small-a", sa, 2);
  g_autoptr(JxTrace) b = jx_test_calls_trace ("small-b", sb, 2);
  JxPairingSummary summary;
  g_autoptr(GArray) by_auto = jx_structure_pairing_compute (a, b, NULL, NULL, 0, JX_PAIRING_AUTO, &summary, NULL, NULL);
  g_autoptr(GArray) by_structure = jx_structure_pairing_compute (a, b, NULL, NULL, 0, JX_PAIRING_STRUCTURE, NULL,
                                                                 NULL, NULL);
  const JxStreamPair *p = pair_of_a (by_auto, 0);

  g_assert_cmpuint (p->stream_b, ==, 0);
  g_assert_false (p->crossed);
  g_assert_cmpfloat (p->similarity, >, 0.8f);
  g_assert_cmpuint (summary.n_crossed, ==, 0);
  g_assert_cmpuint (pair_of_a (by_structure, 0)->stream_b, ==, 1);
  g_assert_cmpint (pair_of_a (by_structure, 0)->stream_method, ==, JX_PAIRED_BY_STRUCTURE);
}

/* An override wins in every mode; the other threads are still weighed. */
static void
test_override_wins (void)
{
  g_autoptr(JxTrace) a = roles_trace ("run-1", 0);
  g_autoptr(JxTrace) b = roles_trace ("run-2", 1);
  const JxNamePair overrides[] = { { "locality 0 / worker thread 1", "locality 0 / worker thread 1" } };

  for (JxPairingMode mode = JX_PAIRING_AUTO; mode <= JX_PAIRING_STRUCTURE; mode++)
    {
      g_autoptr(GArray) pairs = jx_structure_pairing_compute (a, b, NULL, overrides, 1, mode, NULL, NULL, NULL);
      const JxStreamPair *p = pair_of_a (pairs, 1);

      g_assert_cmpuint (p->stream_b, ==, 1);
      g_assert_cmpint (p->stream_method, ==, JX_PAIRED_BY_USER);
      g_assert_false (p->crossed);
      /* Role 1 (thread 2 of A) is on thread 1 of B, which the override
       * took: the remaining roles 2 and 3 still find each other. */
      g_assert_cmpuint (pair_of_a (pairs, 3)->stream_b, ==, mode == JX_PAIRING_NAME ? 3 : 2);
      g_assert_cmpuint (pair_of_a (pairs, 4)->stream_b, ==, mode == JX_PAIRING_NAME ? 4 : 3);
    }
}

/* A CPU thread is never paired with an accelerator stream by structure,
 * even when their calls are the same and the names pair nothing. */
static void
test_kinds_never_mixed (void)
{
  const JxTestStream sa[] = {
    { "Rank 0", "Master thread", CPU, "main(kernel*4)" },
    { "Rank 0", "CUDA[0:7]", GPU, "kernel*9" },
  };
  const JxTestStream sb[] = {
    { "Rank 0", "Master thread", CPU, "main(kernel*4)" },
    { "Rank 0", "Thread 9", CPU, "kernel*9" },
    { "Rank 0", "CUDA[0:8]", GPU, "copy*3" },
  };
  g_autoptr(JxTrace) a = jx_test_calls_trace ("kinds-a", sa, 2);
  g_autoptr(JxTrace) b = jx_test_calls_trace ("kinds-b", sb, 3);

  for (JxPairingMode mode = JX_PAIRING_AUTO; mode <= JX_PAIRING_STRUCTURE; mode++)
    {
      g_autoptr(GArray) pairs = jx_structure_pairing_compute (a, b, NULL, NULL, 0, mode, NULL, NULL, NULL);
      const JxStreamPair *p = pair_of_a (pairs, 1);

      g_assert_cmpuint (p->stream_b, ==, 2);
      g_assert_false (p->crossed);
      g_assert_cmpfloat (p->similarity, ==, 0.0f);
    }
}

/* Processes named by process ID (paired by position) whose roles moved:
 * auto pairs the processes by structure; name marks them. */
static void
test_processes_by_structure (void)
{
  const JxTestStream sa[] = {
    { "process 130384", "thread 0", CPU, "main(solve*10(kernel*4))" },
    { "process 130385", "thread 0", CPU, "main(serve*10(read write))" },
  };
  const JxTestStream sb[] = {
    { "process 24716", "thread 0", CPU, "main(serve*10(read write))" },
    { "process 24717", "thread 0", CPU, "main(solve*10(kernel*4))" },
  };
  g_autoptr(JxTrace) a = jx_test_calls_trace ("pids-a", sa, 2);
  g_autoptr(JxTrace) b = jx_test_calls_trace ("pids-b", sb, 2);
  JxPairingSummary summary;
  g_autoptr(GArray) by_auto = jx_structure_pairing_compute (a, b, NULL, NULL, 0, JX_PAIRING_AUTO, &summary, NULL, NULL);
  g_autoptr(GArray) by_name = jx_structure_pairing_compute (a, b, NULL, NULL, 0, JX_PAIRING_NAME, NULL, NULL, NULL);
  const JxStreamPair *p;

  p = pair_of_a (by_auto, 0);
  g_assert_cmpuint (p->stream_b, ==, 1);
  g_assert_cmpint (p->process_method, ==, JX_PAIRED_BY_STRUCTURE);
  g_assert_cmpuint (p->name_b, ==, 0);
  g_assert_cmpuint (pair_of_a (by_auto, 1)->stream_b, ==, 0);
  g_assert_cmpuint (summary.n_by_structure, ==, 2);

  p = pair_of_a (by_name, 0);
  g_assert_cmpuint (p->stream_b, ==, 0);
  g_assert_cmpint (p->process_method, ==, JX_PAIRED_BY_POSITION);
  g_assert_true (p->crossed);
  g_assert_cmpuint (p->structure_b, ==, 1);
}

/* Optimality through the public pairing: a similarity the test chooses
 * at random; structure mode's total equals the best over all
 * permutations. */
typedef struct
{
  double sim[6][6];
} RandomSimilarity;

static double
random_similarity (gboolean processes,
                   guint32  a,
                   guint32  b,
                   gpointer data)
{
  RandomSimilarity *r = data;

  return processes ? 1.0 : r->sim[a][b];
}

static double
best_total (const RandomSimilarity *r,
            guint                   n,
            guint                   row,
            guint                   used)
{
  double best = 0.0;

  if (row == n)
    return 0.0;
  for (guint j = 0; j < n; j++)
    if (!(used & (1u << j)))
      best = MAX (best, r->sim[row][j] + best_total (r, n, row + 1, used | (1u << j)));
  return best;
}

static void
test_optimal_against_brute_force (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (16);
  const char *names[6] = { "t0", "t1", "t2", "t3", "t4", "t5" };

  for (guint n = 1; n <= 6; n++)
    for (guint round = 0; round < 30; round++)
      {
        JxTestStream streams[6];
        g_autoptr(JxTrace) a = NULL;
        g_autoptr(JxTrace) b = NULL;
        g_autoptr(GArray) pairs = NULL;
        RandomSimilarity r;
        JxStreamPairingOptions options;
        double total = 0.0;

        for (guint i = 0; i < n; i++)
          {
            streams[i] = (JxTestStream) { "p", names[i], CPU, "x" };
            for (guint j = 0; j < n; j++)
              r.sim[i][j] = round % 2 == 0 ? g_rand_double (rand) : (double) g_rand_int_range (rand, 0, 3) / 2.0;
          }
        a = jx_test_calls_trace ("opt-a", streams, n);
        b = jx_test_calls_trace ("opt-b", streams, n);
        jx_stream_pairing_options_init (&options);
        options.mode = JX_PAIRING_STRUCTURE;
        options.similarity = random_similarity;
        options.similarity_data = &r;
        pairs = jx_stream_pairing_compute_with (a, b, &options, NULL, NULL);
        for (guint i = 0; i < pairs->len; i++)
          {
            const JxStreamPair *p = &g_array_index (pairs, JxStreamPair, i);

            g_assert_true (p->stream_a != JX_NONE && p->stream_b != JX_NONE);
            total += r.sim[p->stream_a][p->stream_b];
          }
        g_assert_cmpuint (pairs->len, ==, n);
        /* Similarities become integers in units of 1e-6. */
        g_assert_cmpfloat_with_epsilon (total, best_total (&r, n, 0, 0), 1e-5 * n);
      }
}

static void
test_mode_names (void)
{
  JxPairingMode mode = JX_PAIRING_NAME;

  g_assert_true (jx_pairing_mode_from_string ("structure", &mode));
  g_assert_cmpint (mode, ==, JX_PAIRING_STRUCTURE);
  g_assert_true (jx_pairing_mode_from_string ("auto", &mode));
  g_assert_cmpint (mode, ==, JX_PAIRING_AUTO);
  g_assert_false (jx_pairing_mode_from_string ("names", &mode));
  g_assert_cmpint (mode, ==, JX_PAIRING_AUTO);
  g_assert_cmpstr (jx_pairing_mode_to_string (JX_PAIRING_NAME), ==, "name");
  g_assert_cmpstr (jx_pairing_method_to_string (JX_PAIRED_BY_STRUCTURE), ==, "structure");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/analysis/structure-pairing/rotated-roles", test_rotated_roles);
  g_test_add_func ("/analysis/structure-pairing/same-work-keeps-names", test_same_work_keeps_names);
  g_test_add_func ("/analysis/structure-pairing/small-gain-keeps-names", test_small_gain_keeps_names);
  g_test_add_func ("/analysis/structure-pairing/override-wins", test_override_wins);
  g_test_add_func ("/analysis/structure-pairing/kinds-never-mixed", test_kinds_never_mixed);
  g_test_add_func ("/analysis/structure-pairing/processes", test_processes_by_structure);
  g_test_add_func ("/analysis/structure-pairing/optimal", test_optimal_against_brute_force);
  g_test_add_func ("/analysis/structure-pairing/mode-names", test_mode_names);
  return g_test_run ();
}
