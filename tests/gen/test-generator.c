/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-generator.c — the synthetic trace generator, checked by reading its
 * archives back with libotf2's reader directly (not our loader), so the
 * generator and the loader are tested independently of each other. */
#include "config.h"

#include <string.h>

#include <glib.h>
#include <otf2/otf2.h>

#include "jx-gen-test-util.h"
#include "jx-raw-trace.h"
#include "jx-time.h"
#include "jx-trace.h"
#include "jx-trace-generator.h"

/* --- helpers ---------------------------------------------------------------- */

static void
small_options (JxGeneratorOptions *o)
{
  jx_generator_options_init (o);
  o->seed = 7;
  o->n_ranks = 4;
  o->n_threads = 2;
  o->n_gpu_streams = 1;
  o->n_iterations = 30;
  o->depth = 3;
  o->fanout = 2;
  o->markers = TRUE;
}

/* Every test that writes gets a scratch directory, removed afterwards, and
 * starts from small_options(). */
typedef struct
{
  char               *tmp;
  JxGeneratorOptions  options;
  JxGeneratorStats    stats;     /* of the last generate_and_read() */
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->tmp = jx_gen_test_make_tmp_dir ();
  small_options (&f->options);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  jx_gen_test_remove_tree (f->tmp);
  g_free (f->tmp);
}

/* Writes f->options into the directory @name and reads it back. */
static JxRawTrace *
generate_and_read (Fixture    *f,
                   const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_build_filename (f->tmp, name, NULL);
  guint64 n;

  n = jx_generate_trace_full (dir, &f->options, &f->stats, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, ==, f->stats.n_events);
  return jx_raw_trace_read (dir);
}

static int
message_cmp (gconstpointer a,
             gconstpointer b)
{
  const JxRawMessage *x = a, *y = b;

  if (x->sender != y->sender)
    return x->sender < y->sender ? -1 : 1;
  if (x->receiver != y->receiver)
    return x->receiver < y->receiver ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return 0;
}

/* Matches sends and receives in MPI order (per sender, receiver and tag,
 * first come first served); every send must have its receive, later. */
static void
assert_messages_matched (JxRawTrace *t)
{
  guint i;

  g_assert_cmpuint (t->sends->len, ==, t->recvs->len);
  g_array_sort (t->sends, message_cmp);
  g_array_sort (t->recvs, message_cmp);
  for (i = 0; i < t->sends->len; i++)
    {
      JxRawMessage *s = &g_array_index (t->sends, JxRawMessage, i);
      JxRawMessage *r = &g_array_index (t->recvs, JxRawMessage, i);

      g_assert_cmpuint (s->sender, ==, r->sender);
      g_assert_cmpuint (s->receiver, ==, r->receiver);
      g_assert_cmpuint (s->tag, ==, r->tag);
      g_assert_cmpuint (s->size, ==, r->size);
      g_assert_cmpuint (r->time, >, s->time);
    }
}

static void
assert_clean (JxRawTrace *t)
{
  guint i;

  for (i = 0; i < t->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);

      g_assert_false (l->missing);
      g_assert_cmpuint (l->n_events, ==, l->n_events_defined);
      g_assert_cmpuint (l->n_events, >, 0);
      g_assert_cmpuint (l->n_backwards, ==, 0);
      g_assert_cmpuint (l->n_equal, ==, 0);
      g_assert_cmpuint (l->n_mismatched, ==, 0);
      g_assert_cmpuint (l->n_unmatched, ==, 0);
      g_assert_cmpuint (l->n_undefined, ==, 0);
      g_assert_cmpuint (l->stack_region->len, ==, 0);
      g_assert_cmpuint (l->n_coll_open, ==, 0);
    }
}

static gboolean
same_file_contents (const char *a,
                    const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx = 0, ny = 0;

  g_assert_true (g_file_get_contents (a, &x, &nx, NULL));
  g_assert_true (g_file_get_contents (b, &y, &ny, NULL));
  return nx == ny && memcmp (x, y, nx) == 0;
}

/* --- tests ------------------------------------------------------------------- */

static void
test_structure (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(JxRawTrace) t = NULL;
  const JxGeneratorStats *st = &f->stats;
  guint i, n_gpu = 0, n_cpu = 0;
  int r;

  t = generate_and_read (f, "a");

  g_assert_cmpuint (t->timer_resolution, ==, 1000000000);
  g_assert_cmpuint (t->n_groups, ==, 4);
  g_assert_cmpuint (st->n_location_groups, ==, 4);
  g_assert_cmpuint (t->locs->len, ==, 4 * 3);
  g_assert_cmpuint (st->n_locations, ==, 4 * 3);
  g_assert_cmpuint (t->regions->len, ==, st->n_regions);
  /* machine + one node for four ranks */
  g_assert_cmpuint (t->node_names->len, ==, 2);
  for (i = 0; i < t->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);

      if (l->type == OTF2_LOCATION_TYPE_ACCELERATOR_STREAM)
        n_gpu++;
      else
        {
          g_assert_cmpint (l->type, ==, OTF2_LOCATION_TYPE_CPU_THREAD);
          g_assert_true (g_str_equal (l->name, "Master thread") || g_str_equal (l->name, "Thread 1"));
          n_cpu++;
        }
    }
  g_assert_cmpuint (n_gpu, ==, 4);
  g_assert_cmpuint (n_cpu, ==, 8);

  /* Event counts per kind, as reported. */
  g_assert_cmpuint (t->n_enter, ==, st->n_enter);
  g_assert_cmpuint (t->n_leave, ==, st->n_leave);
  g_assert_cmpuint (t->n_send, ==, st->n_mpi_send);
  g_assert_cmpuint (t->n_isend, ==, st->n_mpi_isend);
  g_assert_cmpuint (t->n_isend_complete, ==, st->n_mpi_isend_complete);
  g_assert_cmpuint (t->n_irecv_request, ==, st->n_mpi_irecv_request);
  g_assert_cmpuint (t->n_recv, ==, st->n_mpi_recv);
  g_assert_cmpuint (t->n_irecv, ==, st->n_mpi_irecv);
  g_assert_cmpuint (t->n_coll_begin, ==, st->n_mpi_collective_begin);
  g_assert_cmpuint (t->n_coll_end, ==, st->n_mpi_collective_end);
  g_assert_cmpuint (t->n_other, ==, 0);
  g_assert_cmpuint (t->n_enter + t->n_leave + t->n_send + t->n_isend + t->n_isend_complete
                    + t->n_irecv_request + t->n_recv + t->n_irecv + t->n_coll_begin + t->n_coll_end,
                    ==, st->n_events);
  g_assert_cmpuint (t->n_send, >, 0);
  g_assert_cmpuint (t->n_isend, ==, 4 * 2 * 30);
  g_assert_cmpuint (t->n_isend_complete, ==, t->n_isend);
  g_assert_cmpuint (t->n_irecv_request, ==, t->n_irecv);
  /* Every rank takes part in every collective. */
  g_assert_cmpuint (t->n_coll_end, ==, 4 * st->n_collectives);
  /* MPI_Bcast + 30 MPI_Allreduce + 1 MPI_Barrier */
  g_assert_cmpuint (st->n_collectives, ==, 1 + 30 + 1);

  assert_clean (t);
  assert_messages_matched (t);

  /* Paradigms and roles. */
  r = jx_raw_trace_region_by_name (t, "MPI_Barrier");
  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, OTF2_REGION_ROLE_BARRIER);
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).paradigm, ==, OTF2_PARADIGM_MPI);
  r = jx_raw_trace_region_by_name (t, "MPI_Allreduce");
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, OTF2_REGION_ROLE_COLL_ALL2ALL);
  r = jx_raw_trace_region_by_name (t, "MPI_Bcast");
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, OTF2_REGION_ROLE_COLL_ONE2ALL);
  r = jx_raw_trace_region_by_name (t, "MPI_Isend");
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, OTF2_REGION_ROLE_POINT2POINT);
  r = jx_raw_trace_region_by_name (t, "stencil_kernel(double*, const double*, int)");
  g_assert_cmpint (r, >=, 0);
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).paradigm, ==, OTF2_PARADIGM_CUDA);
  r = jx_raw_trace_region_by_name (t, "stencil_kernel");
  g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).paradigm, ==, OTF2_PARADIGM_USER);

  /* The call tree: one "compute" per thread and iteration, kernels on the GPU. */
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "compute"), ==, 4 * 2 * 30);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "iteration"), ==, 4 * 30);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "main"), ==, 4);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "stencil_kernel(double*, const double*, int)"), ==, 4 * 30);
  g_assert_cmpfloat (jx_raw_trace_region_time (t, "stencil_kernel(double*, const double*, int)",
                                  OTF2_LOCATION_TYPE_CPU_THREAD, G_MAXUINT32), ==, 0.0);
  g_assert_cmpfloat (jx_raw_trace_region_time (t, "stencil_kernel(double*, const double*, int)",
                                  OTF2_LOCATION_TYPE_ACCELERATOR_STREAM, G_MAXUINT32), >, 0.0);

  /* Markers: definitions, initialization, 10 blocks of iterations, 1 checkpoint. */
  g_assert_cmpuint (t->n_marker_defs, ==, st->n_marker_defs);
  g_assert_cmpuint (t->n_marker_defs, ==, 4);
  g_assert_cmpuint (t->n_markers, ==, st->n_markers);
  g_assert_cmpuint (t->n_markers, ==, 1 + 10 + 1);
}

static void
test_determinism (Fixture       *f,
                  gconstpointer  data)
{
  g_autoptr(JxRawTrace) a = NULL;
  g_autoptr(JxRawTrace) b = NULL;
  g_autoptr(JxRawTrace) c = NULL;
  gboolean any_different = FALSE;
  guint i;

  a = generate_and_read (f, "a");
  b = generate_and_read (f, "b");
  f->options.seed = 8;
  c = generate_and_read (f, "c");

  g_assert_cmpuint (a->locs->len, ==, c->locs->len);
  for (i = 0; i < a->locs->len; i++)
    {
      JxRawLoc *l = &g_array_index (a->locs, JxRawLoc, i);
      g_autofree char *name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", l->id);
      g_autofree char *pa = g_build_filename (f->tmp, "a", "traces", name, NULL);
      g_autofree char *pb = g_build_filename (f->tmp, "b", "traces", name, NULL);
      g_autofree char *pc = g_build_filename (f->tmp, "c", "traces", name, NULL);

      g_assert_true (same_file_contents (pa, pb));
      if (!same_file_contents (pa, pc))
        any_different = TRUE;
    }
  /* Another seed changes the timing, not the structure. */
  g_assert_true (any_different);
  g_assert_cmpuint (a->n_enter, ==, c->n_enter);
}

/* Replaces *@t by the trace of the fixture's options with @variant. */
static void
generate_variant (Fixture     *f,
                  JxRawTrace **t,
                  const char  *name,
                  guint        variant)
{
  g_clear_pointer (t, jx_raw_trace_free);
  f->options.variant = variant;
  *t = generate_and_read (f, name);
  assert_clean (*t);
}

static void
test_variants (Fixture       *f,
               gconstpointer  data)
{
  g_autoptr(JxRawTrace) base = NULL;
  g_autoptr(JxRawTrace) t = NULL;
  const char *kernel = "stencil_kernel(double*, const double*, int)";
  const char *kernel_v2 = "stencil_kernel_v2(double*, const double*, int)";
  double ratio;

  base = generate_and_read (f, "base");
  g_assert_cmpint (jx_raw_trace_region_by_name (base, "compute_halo"), >=, 0);
  g_assert_cmpuint (jx_raw_trace_region_enters (base, "compute_halo"), ==, 4 * 30);
  g_assert_cmpint (jx_raw_trace_region_by_name (base, "check_residual"), <, 0);
  g_assert_cmpint (jx_raw_trace_region_by_name (base, "stencil_kernel_v2"), <, 0);

  generate_variant (f, &t, "removed", JX_VARIANT_REMOVE_FUNCTION);
  g_assert_cmpint (jx_raw_trace_region_by_name (t, "compute_halo"), <, 0);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "update_boundary"), ==,
                    jx_raw_trace_region_enters (base, "update_boundary"));
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "compute"), ==,
                    jx_raw_trace_region_enters (base, "compute"));

  generate_variant (f, &t, "added", JX_VARIANT_ADD_FUNCTION);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "check_residual"), ==, 4 * 30);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "compute_halo"), ==,
                    jx_raw_trace_region_enters (base, "compute_halo"));

  generate_variant (f, &t, "renamed", JX_VARIANT_RENAME_FUNCTION);
  g_assert_cmpint (jx_raw_trace_region_by_name (t, "stencil_kernel"), <, 0);
  g_assert_cmpint (jx_raw_trace_region_by_name (t, kernel), <, 0);
  g_assert_cmpuint (jx_raw_trace_region_enters (t, "stencil_kernel_v2"), ==,
                    jx_raw_trace_region_enters (base, "stencil_kernel"));
  g_assert_cmpuint (jx_raw_trace_region_enters (t, kernel_v2), ==, jx_raw_trace_region_enters (base, kernel));
  g_assert_cmpuint (t->regions->len, ==, base->regions->len);

  generate_variant (f, &t, "faster", JX_VARIANT_FASTER_KERNEL);
  ratio = jx_raw_trace_region_time (t, kernel, 0, G_MAXUINT32)
          / jx_raw_trace_region_time (base, kernel, 0, G_MAXUINT32);
  g_assert_cmpfloat (ratio, >, 0.45);
  g_assert_cmpfloat (ratio, <, 0.55);
  g_assert_cmpuint (t->n_enter, ==, base->n_enter);

  generate_variant (f, &t, "slower", JX_VARIANT_SLOWER_MACHINE);
  ratio = jx_raw_trace_region_time (t, "flux_x", 0, G_MAXUINT32)
          / jx_raw_trace_region_time (base, "flux_x", 0, G_MAXUINT32);
  g_assert_cmpfloat (ratio, >, 1.3);
  g_assert_cmpfloat (ratio, <, 1.5);
  g_assert_cmpstr (g_ptr_array_index (t->node_names, 0), !=, g_ptr_array_index (base->node_names, 0));

  f->options.imbalanced_ranks = 1u << 2;
  f->options.imbalance = 0.5;
  generate_variant (f, &t, "imbalanced", JX_VARIANT_NONE);
  assert_messages_matched (t);
  ratio = jx_raw_trace_region_time (t, "flux_x", 0, 2) / jx_raw_trace_region_time (t, "flux_x", 0, 0);
  g_assert_cmpfloat (ratio, >, 1.4);
  g_assert_cmpfloat (ratio, <, 1.6);
  /* The others wait for rank 2 in the collectives. */
  g_assert_cmpfloat (jx_raw_trace_region_time (t, "MPI_Allreduce", 0, 0), >,
                     2.0 * jx_raw_trace_region_time (t, "MPI_Allreduce", 0, 2));
  g_assert_cmpuint (t->n_marker_imbalance, ==, 1);
}

static void
test_defects (Fixture       *f,
              gconstpointer  data)
{
  static const guint defects[] = {
    JX_DEFECT_INJECT_UNCLOSED, JX_DEFECT_INJECT_MISMATCHED, JX_DEFECT_INJECT_BACKWARDS,
    JX_DEFECT_INJECT_UNKNOWN_ROLE, JX_DEFECT_INJECT_UNDEFINED_REGION, JX_DEFECT_INJECT_EMPTY_STREAM,
    JX_DEFECT_INJECT_MISSING_EVT, JX_DEFECT_INJECT_UNMATCHED_LEAVE,
  };
  guint d;

  for (d = 0; d < G_N_ELEMENTS (defects); d++)
    {
      g_autofree char *name = g_strdup_printf ("d%u", d);
      g_autoptr(JxRawTrace) t = NULL;
      JxRawLoc *rank0, *last;
      guint i, n_backwards = 0, n_mismatched = 0, n_unmatched = 0, n_undefined = 0, n_open = 0;
      guint n_missing = 0, n_empty = 0;
      int r;

      jx_generator_options_init (&f->options);
      f->options.n_ranks = 3;
      f->options.n_iterations = 12;
      f->options.defects = defects[d];
      t = generate_and_read (f, name);
      rank0 = jx_raw_trace_get_loc (t, 0);
      last = jx_raw_trace_get_loc (t, 2);

      for (i = 0; i < t->locs->len; i++)
        {
          JxRawLoc *l = &g_array_index (t->locs, JxRawLoc, i);

          n_backwards += l->n_backwards;
          n_mismatched += l->n_mismatched;
          n_unmatched += l->n_unmatched;
          n_undefined += l->n_undefined;
          n_open += l->stack_region->len;
          n_missing += l->missing;
          n_empty += !l->missing && l->n_events == 0;
          if (!l->missing)
            g_assert_cmpuint (l->n_events, ==, l->n_events_defined);
        }

      /* Exactly the requested defect shows up, nothing else. */
      g_assert_cmpuint (n_backwards, ==, defects[d] == JX_DEFECT_INJECT_BACKWARDS ? 1 : 0);
      g_assert_cmpuint (rank0->n_backwards, ==, n_backwards);
      g_assert_cmpuint (n_mismatched, ==, defects[d] == JX_DEFECT_INJECT_MISMATCHED ? 1 : 0);
      g_assert_cmpuint (rank0->n_mismatched, ==, n_mismatched);
      g_assert_cmpuint (n_unmatched, ==, defects[d] == JX_DEFECT_INJECT_UNMATCHED_LEAVE ? 1 : 0);
      g_assert_cmpuint (rank0->n_unmatched, ==, n_unmatched);
      g_assert_cmpuint (n_undefined, ==, defects[d] == JX_DEFECT_INJECT_UNDEFINED_REGION ? 2 : 0);
      g_assert_cmpuint (rank0->n_undefined, ==, n_undefined);
      g_assert_cmpuint (n_open, ==, defects[d] == JX_DEFECT_INJECT_UNCLOSED ? 2 : 0);
      g_assert_cmpuint (last->stack_region->len, ==, n_open);
      g_assert_cmpuint (n_missing, ==, defects[d] == JX_DEFECT_INJECT_MISSING_EVT ? 1 : 0);
      g_assert_cmpuint (n_empty, ==, defects[d] == JX_DEFECT_INJECT_EMPTY_STREAM ? 1 : 0);

      r = jx_raw_trace_region_by_name (t, "update_boundary");
      g_assert_cmpint (r, >=, 0);
      if (defects[d] == JX_DEFECT_INJECT_UNKNOWN_ROLE)
        g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, 40);
      else
        g_assert_cmpint (g_array_index (t->regions, JxRawRegion, r).role, ==, OTF2_REGION_ROLE_FUNCTION);

      if (defects[d] == JX_DEFECT_INJECT_MISSING_EVT)
        {
          g_assert_true (jx_raw_trace_get_loc (t, 1)->missing);
          g_assert_cmpuint (jx_raw_trace_get_loc (t, 1)->n_events_defined, >, 0);
        }
      if (defects[d] == JX_DEFECT_INJECT_EMPTY_STREAM)
        {
          g_assert_cmpuint (t->locs->len, ==, 4);
          g_assert_cmpuint (jx_raw_trace_get_loc (t, ((guint64) 1 << 32) | 2)->n_events_defined, ==, 0);
          g_assert_cmpstr (jx_raw_trace_get_loc (t, ((guint64) 1 << 32) | 2)->name, ==, "Thread 1");
          g_assert_cmpuint (f->stats.n_locations, ==, 4);
        }
      if (defects[d] == JX_DEFECT_INJECT_UNCLOSED)
        {
          guint32 outer = g_array_index (last->stack_region, guint32, 0);
          guint32 inner = g_array_index (last->stack_region, guint32, 1);

          g_assert_cmpstr (g_array_index (t->regions, JxRawRegion, outer).name, ==, "main");
          g_assert_cmpstr (g_array_index (t->regions, JxRawRegion, inner).name, ==, "iteration");
        }
      if (defects[d] != JX_DEFECT_INJECT_MISSING_EVT)
        assert_messages_matched (t);
    }
}

/* The k-th Enter of region @name on @loc, relative to the trace's start. */
static gint64
nth_enter (JxRawTrace *t,
           JxRawLoc   *loc,
           const char *name,
           guint       k)
{
  int region = jx_raw_trace_region_by_name (t, name);
  guint i;

  g_assert_cmpint (region, >=, 0);
  for (i = 0; i < loc->enters->len; i++)
    {
      const JxRawEnter *e = &g_array_index (loc->enters, JxRawEnter, i);

      if (e->region == (guint32) region && k-- == 0)
        return (gint64) (e->time - t->global_offset);
    }
  g_assert_not_reached ();
}

/* A start delay D makes MPI_Init D longer on every rank and moves all that
 * follows by exactly D ticks relative to the trace's start: the k-th
 * iteration's kernel on every rank (host call and accelerator kernel) and
 * every other Enter; "main" and MPI_Init still begin where they did. */
static void
test_start_delay (Fixture       *f,
                  gconstpointer  data)
{
  const gint64 delay_ns = 1234567891;
  g_autoptr(JxRawTrace) plain = NULL;
  g_autoptr(JxRawTrace) delayed = NULL;
  JxGeneratorStats plain_stats;
  gint64 delay;
  guint i, j, k, r;

  /* Ticks that are not nanoseconds, and a delay that is not whole ticks. */
  f->options.timer_resolution = G_GUINT64_CONSTANT (2500000000);
  delay = jx_time_ns_to_ticks (delay_ns, f->options.timer_resolution);
  g_assert_cmpint (delay, ==, 3086419728);
  plain = generate_and_read (f, "plain");
  plain_stats = f->stats;
  f->options.start_delay_ns = delay_ns;
  delayed = generate_and_read (f, "delayed");
  assert_clean (delayed);
  assert_messages_matched (delayed);

  g_assert_cmpuint (delayed->global_offset, ==, plain->global_offset);
  g_assert_cmpuint (f->stats.first_time, ==, plain_stats.first_time);
  g_assert_cmpuint (f->stats.last_time, ==, plain_stats.last_time + delay);
  g_assert_cmpuint (f->stats.n_events, ==, plain_stats.n_events);
  g_assert_cmpuint (delayed->n_markers, ==, plain->n_markers);

  for (r = 0; r < f->options.n_ranks; r++)
    {
      JxRawLoc *host_plain = jx_raw_trace_get_loc (plain, r);
      JxRawLoc *host_delayed = jx_raw_trace_get_loc (delayed, r);
      guint64 stream = ((guint64) f->options.n_threads << 32) | r;

      g_assert_cmpfloat (jx_raw_trace_region_time (delayed, "MPI_Init", 0, r)
                         - jx_raw_trace_region_time (plain, "MPI_Init", 0, r), ==, (double) delay);
      for (k = 0; k < f->options.n_iterations; k++)
        {
          g_assert_cmpint (nth_enter (delayed, host_delayed, "stencil_kernel", k), ==,
                           nth_enter (plain, host_plain, "stencil_kernel", k) + delay);
          g_assert_cmpint (nth_enter (delayed, jx_raw_trace_get_loc (delayed, stream),
                                      "stencil_kernel(double*, const double*, int)", k), ==,
                           nth_enter (plain, jx_raw_trace_get_loc (plain, stream),
                                      "stencil_kernel(double*, const double*, int)", k) + delay);
        }
    }

  /* Every Enter on every location, the same regions in the same order. */
  g_assert_cmpuint (delayed->locs->len, ==, plain->locs->len);
  for (i = 0; i < plain->locs->len; i++)
    {
      JxRawLoc *a = &g_array_index (plain->locs, JxRawLoc, i);
      JxRawLoc *b = jx_raw_trace_get_loc (delayed, a->id);

      g_assert_cmpuint (b->enters->len, ==, a->enters->len);
      for (j = 0; j < a->enters->len; j++)
        {
          const JxRawEnter *x = &g_array_index (a->enters, JxRawEnter, j);
          const JxRawEnter *y = &g_array_index (b->enters, JxRawEnter, j);
          const char *name = g_array_index (plain->regions, JxRawRegion, x->region).name;
          gboolean before = g_str_equal (name, "main") || g_str_equal (name, "MPI_Init");

          g_assert_cmpuint (y->region, ==, x->region);
          g_assert_cmpint ((gint64) (y->time - delayed->global_offset), ==,
                           (gint64) (x->time - plain->global_offset) + (before ? 0 : delay));
        }
    }

  /* Out of range: no delay, or one day at most. */
  f->options.start_delay_ns = -1;
  g_assert_cmpuint (jx_generator_count_events (&f->options, &f->stats), ==, plain_stats.n_events);
  g_assert_cmpuint (f->stats.last_time, ==, plain_stats.last_time);
  f->options.start_delay_ns = G_MAXINT64;
  jx_generator_count_events (&f->options, &f->stats);
  g_assert_cmpuint (f->stats.last_time, ==,
                    plain_stats.last_time + jx_time_ns_to_ticks (JX_GENERATOR_MAX_START_DELAY_NS,
                                                                 f->options.timer_resolution));
}

static void
test_event_target (void)
{
  JxGeneratorOptions o;
  guint64 n;

  small_options (&o);
  o.n_iterations = jx_generator_iterations_for_events (&o, 200000);
  n = jx_generator_count_events (&o, NULL);
  g_assert_cmpuint (n, >, 190000);
  g_assert_cmpuint (n, <, 210000);

  o.n_iterations = jx_generator_iterations_for_events (&o, 10);
  g_assert_cmpuint (o.n_iterations, ==, 1);
}

static void
test_unwritable (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *file = g_build_filename (f->tmp, "plain-file", NULL);
  g_autofree char *below = g_build_filename (file, "trace", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  jx_generator_options_init (&f->options);
  f->options.n_iterations = 2;
  g_assert_cmpuint (jx_generate_trace (below, &f->options, &error), ==, 0);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, below));
}

static void
test_replace (Fixture       *f,
              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxRawTrace) t = NULL;

  jx_generator_options_init (&f->options);
  f->options.n_ranks = 3;
  f->options.n_iterations = 5;
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), >, 0);
  g_assert_no_error (error);
  f->options.n_ranks = 2;
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), >, 0);
  g_assert_no_error (error);
  t = jx_raw_trace_read (f->tmp);
  g_assert_cmpuint (t->locs->len, ==, 2);
  assert_clean (t);
}

/* A trace written by some other tool must survive being targeted. */
static void
test_foreign_archive (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *anchor = g_build_filename (f->tmp, "traces.otf2", NULL);
  g_autoptr(GError) error = NULL;
  OTF2_Archive *archive;
  OTF2_GlobalDefWriter *w;

  archive = jx_gen_test_open_archive (f->tmp, 256 * 1024);
  OTF2_Archive_SetCreator (archive, "Score-P 9.0");
  w = OTF2_Archive_GetGlobalDefWriter (archive);
  OTF2_GlobalDefWriter_WriteClockProperties (w, 1000, 0, 1, OTF2_UNDEFINED_TIMESTAMP);
  OTF2_Archive_CloseGlobalDefWriter (archive, w);
  g_assert_cmpint (OTF2_Archive_Close (archive), ==, OTF2_SUCCESS);
  g_assert_true (g_file_test (anchor, G_FILE_TEST_EXISTS));

  jx_generator_options_init (&f->options);
  f->options.n_iterations = 2;
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), ==, 0);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, f->tmp));
  g_assert_true (g_file_test (anchor, G_FILE_TEST_EXISTS));
}

static void
test_names (void)
{
  guint flag = 0;

  g_assert_true (jx_variant_from_string ("faster-kernel", &flag));
  g_assert_cmpuint (flag, ==, JX_VARIANT_FASTER_KERNEL);
  g_assert_true (jx_variant_from_string ("slower-machine", &flag));
  g_assert_cmpuint (flag, ==, JX_VARIANT_SLOWER_MACHINE);
  g_assert_false (jx_variant_from_string ("quicker", &flag));
  g_assert_true (jx_defect_injection_from_string ("unknown-role", &flag));
  g_assert_cmpuint (flag, ==, JX_DEFECT_INJECT_UNKNOWN_ROLE);
  g_assert_true (jx_defect_injection_from_string ("missing-evt", &flag));
  g_assert_cmpuint (flag, ==, JX_DEFECT_INJECT_MISSING_EVT);
  g_assert_false (jx_defect_injection_from_string ("", &flag));
}

/* Where text stands in a definitions file, as written (its strings are
 * stored as they are: looking for the bytes is enough here); NULL if not. */
static const char *
find_bytes (const char *data,
            gsize       length,
            const char *text)
{
  gsize n = strlen (text);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, text, n) == 0)
      return data + i;
  return NULL;
}

static gboolean
def_file_holds (const char *def,
                const char *text)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (def, &contents, &length, NULL));
  return find_bytes (contents, length, text) != NULL;
}

/* --archive-name and --process-names: APEX-like archives whose processes
 * are named by made-up PIDs, different per seed. */
static void
test_archive_and_process_names (Fixture       *f,
                                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor = g_build_filename (f->tmp, "APEX.otf2", NULL);
  g_autofree char *def = g_build_filename (f->tmp, "APEX.def", NULL);
  g_autofree char *evt = g_build_filename (f->tmp, "APEX", "0.evt", NULL);
  g_autofree char *scorep = g_build_filename (f->tmp, "traces.otf2", NULL);
  g_autofree char *first_pid = NULL;

  f->options.archive_name = "APEX";
  f->options.process_names = "process {pid} (rank {rank})";
  f->options.seed = 11;
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), >, 0);
  g_assert_no_error (error);
  g_assert_true (g_file_test (anchor, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (evt, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (scorep, G_FILE_TEST_EXISTS));
  g_assert_true (def_file_holds (def, " (rank 0)"));
  g_assert_true (def_file_holds (def, " (rank 1)"));
  g_assert_false (def_file_holds (def, "MPI Rank"));
  g_assert_false (def_file_holds (def, "{pid}"));

  /* The same archive again replaces it; another seed, other PIDs. */
  {
    g_autofree char *contents = NULL;
    gsize length = 0;
    const char *p;

    g_assert_true (g_file_get_contents (def, &contents, &length, NULL));
    p = find_bytes (contents, length, "process ");
    g_assert_nonnull (p);
    /* "process NNNN" */
    first_pid = g_strndup (p, strlen ("process ") + strcspn (p + strlen ("process "), " "));
  }
  f->options.seed = 12;
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), >, 0);
  g_assert_no_error (error);
  g_assert_false (def_file_holds (def, first_pid));

  /* Not a file name. */
  f->options.archive_name = "sub/APEX";
  g_assert_cmpuint (jx_generate_trace (f->tmp, &f->options, &error), ==, 0);
  g_assert_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE);
}

#define ADD_TEST(path, func) g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  ADD_TEST ("/gen/generator/structure", test_structure);
  ADD_TEST ("/gen/generator/determinism", test_determinism);
  ADD_TEST ("/gen/generator/variants", test_variants);
  ADD_TEST ("/gen/generator/defects", test_defects);
  ADD_TEST ("/gen/generator/start-delay", test_start_delay);
  g_test_add_func ("/gen/generator/event-target", test_event_target);
  ADD_TEST ("/gen/generator/unwritable", test_unwritable);
  ADD_TEST ("/gen/generator/replace", test_replace);
  ADD_TEST ("/gen/generator/foreign-archive", test_foreign_archive);
  g_test_add_func ("/gen/generator/names", test_names);
  ADD_TEST ("/gen/generator/archive-and-process-names", test_archive_and_process_names);

  return g_test_run ();
}
