/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-diff.c — `juxtrace-mpi diff`: juxtrace-cli diff's options and
 * output (jx_cli_diff_with), computed by the ranks: each compares the
 * stream pairs of its share of the processes, rank 0 puts the pairs
 * together in jx_comparison_run ()'s order and prints. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-diff-private.h"
#include "jx-comparison-assemble.h"
#include "jx-mpi.h"
#include "jx-mpi-reduce.h"
#include "jx-time.h"
#include "jx-trace-name.h"

#define NO_REF G_MAXUINT64

static void
pack_array (GByteArray *out,
            GArray     *array)
{
  if (array == NULL)
    {
      jx_pack_u64 (out, G_MAXUINT64);
      return;
    }
  jx_pack_u64 (out, array->len);
  jx_pack_u64 (out, g_array_get_element_size (array));
  jx_pack_bytes (out, array->data, (gsize) array->len * g_array_get_element_size (array));
}

static GArray *
unpack_array (JxUnpack *in)
{
  guint64 n = jx_unpack_u64 (in), size;
  GArray *array;

  if (n == G_MAXUINT64 || in->bad)
    return NULL;
  size = jx_unpack_u64 (in);
  if (in->bad || size == 0 || size > 4096 || n > (guint64) (in->end - in->p) / size)
    {
      in->bad = TRUE;
      return NULL;
    }
  array = g_array_sized_new (FALSE, FALSE, (guint) size, (guint) n);
  g_array_set_size (array, (guint) n);
  jx_unpack_bytes (in, array->data, (gsize) (n * size));
  return array;
}

static guint64
stream_ref (JxTrace *trace,
            guint32  stream)
{
  return stream != JX_NONE ? jx_trace_get_stream (trace, stream)->otf2_id : NO_REF;
}

static void
pack_pair (GByteArray             *out,
           const JxComparisonPair *p,
           JxTrace                *a,
           JxTrace                *b)
{
  jx_pack_bytes (out, p, sizeof *p);
  jx_pack_u64 (out, stream_ref (a, p->stream_a));
  jx_pack_u64 (out, stream_ref (b, p->stream_b));
  jx_pack_string (out, p->name_a);
  jx_pack_string (out, p->name_b);
  jx_pack_string (out, p->other_name);
  jx_pack_u64 (out, p->alignment != NULL);
  if (p->alignment != NULL)
    jx_pack_bytes (out, p->alignment, sizeof *p->alignment);
  /* The metric series are printed with --series only, which needs
   * juxtrace-cli: up to 3 × 2000 points per pair would dominate what the
   * ranks send. */
  pack_array (out, NULL);
  pack_array (out, NULL);
  pack_array (out, NULL);
  pack_array (out, p->function_table);
}

static JxComparisonPair *
unpack_pair (JxUnpack *in,
             guint64  *ref_a,
             guint64  *ref_b)
{
  JxComparisonPair *p = g_new0 (JxComparisonPair, 1);

  jx_unpack_bytes (in, p, sizeof *p);
  /* Its pointers were the sender's. */
  p->name_a = p->name_b = p->other_name = NULL;
  p->alignment = NULL;
  p->dissimilarity = p->runtime_skew = p->time_difference = p->function_table = NULL;
  p->diff = NULL;

  *ref_a = jx_unpack_u64 (in);
  *ref_b = jx_unpack_u64 (in);
  p->name_a = jx_unpack_string (in);
  p->name_b = jx_unpack_string (in);
  p->other_name = jx_unpack_string (in);
  if (jx_unpack_u64 (in))
    {
      p->alignment = g_new0 (JxHierAlignment, 1);
      jx_unpack_bytes (in, p->alignment, sizeof *p->alignment);
      p->alignment->pairs = NULL;
      p->alignment->parent = NULL;
    }
  p->dissimilarity = unpack_array (in);
  p->runtime_skew = unpack_array (in);
  p->time_difference = unpack_array (in);
  p->function_table = unpack_array (in);
  return p;
}

/* What a rank sends: whether it loaded anything; the time span of its
 * shares; its pairing summary; its symbols; its pairs. */
static GByteArray *
pack_rank (JxTrace      *a,
           JxTrace      *b,
           JxComparison *cmp)
{
  GByteArray *out = g_byte_array_new ();

  jx_pack_u64 (out, cmp != NULL);
  if (cmp == NULL)
    return out;
  jx_pack_u64 (out, jx_trace_get_start_time (a));
  jx_pack_u64 (out, jx_trace_get_end_time (a));
  jx_pack_u64 (out, jx_trace_get_start_time (b));
  jx_pack_u64 (out, jx_trace_get_end_time (b));
  jx_pack_bytes (out, jx_comparison_get_pairing_summary (cmp), sizeof (JxPairingSummary));
  jx_pack_u64 (out, jx_comparison_get_n_symbols (cmp));
  for (guint s = 0; s < jx_comparison_get_n_symbols (cmp); s++)
    jx_pack_string (out, jx_comparison_get_symbol_name (cmp, s));
  jx_pack_u64 (out, jx_comparison_get_n_pairs (cmp));
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    pack_pair (out, jx_comparison_get_pair (cmp, i), a, b);
  return out;
}

typedef struct
{
  JxComparisonPair *pair;
  guint             category;   /* 0 paired, 1 only in A, 2 only in B */
  guint             position;   /* of the stream in its whole trace */
} Entry;

static int
compare_entries (gconstpointer pa,
                 gconstpointer pb)
{
  const Entry *x = pa, *y = pb;

  if (x->category != y->category)
    return x->category < y->category ? -1 : 1;
  return x->position < y->position ? -1 : (x->position > y->position ? 1 : 0);
}

static double
span_seconds (guint64 start,
              guint64 end,
              guint64 resolution)
{
  return end > start ? jx_time_ticks_to_seconds ((gint64) (end - start), resolution) : 0.0;
}

static guint8
stream_flag (GByteArray *flags,
             guint32     position)
{
  return position < flags->len ? flags->data[position] : 0;
}

/* Rank 0: the comparison of the whole traces from every rank's part;
 * outlines: A's and B's, reports: their load reports, flags: their
 * streams' flags (jx_mpi_shares_matched_reports_full). */
static gboolean
merge (GPtrArray                 *parts,
       JxTraceOutline           **outlines,
       GPtrArray                 *reports,
       GPtrArray                 *flags,
       const JxComparisonOptions *options,
       double                     elapsed,
       gboolean                   json,
       JxCliDiffResult           *result,
       GError                   **error)
{
  g_autoptr(GHashTable) symbols = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (jx_comparison_pair_free);
  g_autoptr(GHashTable) positions_a = jx_mpi_location_positions (outlines[0]);
  g_autoptr(GHashTable) positions_b = jx_mpi_location_positions (outlines[1]);
  guint64 start_a = G_MAXUINT64, end_a = 0, start_b = G_MAXUINT64, end_b = 0;
  JxPairingSummary summary = { 0 };
  gboolean any = FALSE;
  int bad_rank = -1;

  summary.mode = options->pairing;
  for (guint r = 0; r < parts->len; r++)
    {
      JxUnpack in;
      JxPairingSummary s;
      g_autofree guint32 *symbol_map = NULL;
      guint64 n_symbols, n_pairs, times[4];

      jx_unpack_init (&in, g_ptr_array_index (parts, r));
      if (!jx_unpack_u64 (&in))
        continue;
      any = TRUE;
      /* Not inside MIN () and MAX (): they evaluate twice. */
      times[0] = jx_unpack_u64 (&in);
      times[1] = jx_unpack_u64 (&in);
      times[2] = jx_unpack_u64 (&in);
      times[3] = jx_unpack_u64 (&in);
      start_a = MIN (start_a, times[0]);
      end_a = MAX (end_a, times[1]);
      start_b = MIN (start_b, times[2]);
      end_b = MAX (end_b, times[3]);
      jx_unpack_bytes (&in, &s, sizeof s);
      summary.n_by_structure += s.n_by_structure;
      summary.n_crossed += s.n_crossed;
      summary.n_groups += s.n_groups;
      summary.n_greedy += s.n_greedy;
      summary.n_too_large += s.n_too_large;

      n_symbols = jx_unpack_u64 (&in);
      if (in.bad || n_symbols > G_MAXUINT32)
        {
          bad_rank = (int) r;
          break;
        }
      symbol_map = g_new0 (guint32, MAX (n_symbols, 1));
      for (guint64 k = 0; k < n_symbols && !in.bad; k++)
        {
          g_autofree char *name = jx_unpack_string (&in);
          gpointer value;

          if (name == NULL)
            name = g_strdup ("");
          if (!g_hash_table_lookup_extended (symbols, name, NULL, &value))
            {
              value = GUINT_TO_POINTER (names->len);
              g_ptr_array_add (names, g_strdup (name));
              g_hash_table_insert (symbols, g_ptr_array_index (names, names->len - 1), value);
            }
          symbol_map[k] = GPOINTER_TO_UINT (value);
        }
      n_pairs = jx_unpack_u64 (&in);
      for (guint64 i = 0; i < n_pairs && !in.bad; i++)
        {
          guint64 ref_a, ref_b;
          Entry e;

          e.pair = unpack_pair (&in, &ref_a, &ref_b);
          g_ptr_array_add (pairs, e.pair);
          e.pair->stream_a = jx_mpi_position_of (positions_a, ref_a);
          e.pair->stream_b = jx_mpi_position_of (positions_b, ref_b);
          /* A stream repaired by matching its messages with other
           * shares' was not so in its share. */
          e.pair->flags_a |= stream_flag (g_ptr_array_index (flags, 0), e.pair->stream_a) & JX_STREAM_FLAG_REPAIRED;
          e.pair->flags_b |= stream_flag (g_ptr_array_index (flags, 1), e.pair->stream_b) & JX_STREAM_FLAG_REPAIRED;
          if (e.pair->function_table != NULL)
            for (guint f = 0; f < e.pair->function_table->len; f++)
              {
                JxFunctionTimeDiff *d = &g_array_index (e.pair->function_table, JxFunctionTimeDiff, f);

                d->symbol = d->symbol < n_symbols ? symbol_map[d->symbol] : 0;
              }
          e.category = e.pair->stream_a == JX_NONE ? 2 : (e.pair->stream_b == JX_NONE ? 1 : 0);
          e.position = e.category == 2 ? e.pair->stream_b : e.pair->stream_a;
          g_array_append_val (entries, e);
        }
      if (in.bad)
        {
          bad_rank = (int) r;
          break;
        }
    }
  if (bad_rank >= 0)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                   _("rank %d: what it sent rank 0 is incomplete"), bad_rank);
      return FALSE;
    }
  if (!any)
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                   _("%s, %s: no rank had processes to compare"),
                   jx_trace_outline_get_path (outlines[0]), jx_trace_outline_get_path (outlines[1]));
      return FALSE;
    }

  g_array_sort (entries, compare_entries);
  {
    g_autoptr(GPtrArray) ordered = g_ptr_array_new_with_free_func (jx_comparison_pair_free);

    for (guint i = 0; i < entries->len; i++)
      g_ptr_array_add (ordered, g_array_index (entries, Entry, i).pair);
    /* The pairs belong to ordered now. */
    g_ptr_array_set_free_func (pairs, NULL);

    result->anchor_a = g_strdup (jx_trace_outline_get_path (outlines[0]));
    result->anchor_b = g_strdup (jx_trace_outline_get_path (outlines[1]));
    result->name_a = jx_trace_name_from_path (result->anchor_a);
    result->name_b = jx_trace_name_from_path (result->anchor_b);
    result->cmp = jx_comparison_assemble (result->name_a, result->name_b, options,
                                          (const char *const *) names->pdata, names->len, ordered,
                                          span_seconds (start_a, end_a, jx_trace_outline_get_timer_resolution (outlines[0])),
                                          span_seconds (start_b, end_b, jx_trace_outline_get_timer_resolution (outlines[1])),
                                          elapsed, &summary);
  }
  result->report_a = json_node_ref (g_ptr_array_index (reports, 0));
  result->report_b = json_node_ref (g_ptr_array_index (reports, 1));
  return TRUE;
}

static int
compute_mpi (const JxCliDiffRequest *request,
             JxCliDiffResult        *result,
             gpointer                data)
{
  const char *command = request->command;
  JxCliTraces *traces = request->traces;
  g_auto(JxMpiPlan) plan = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) a = NULL;
  g_autoptr(JxTrace) b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autoptr(GByteArray) mine = NULL;
  g_autoptr(GPtrArray) parts = NULL;
  g_auto(JxMpiShares) shares = { 0 };
  g_autoptr(GPtrArray) reports = NULL;
  g_autoptr(GPtrArray) flags = NULL;
  char *paths[] = { (char *) request->path_a, (char *) request->path_b, NULL };
  const char *labels[] = { "A", "B" };
  JxTraceOutline *outlines[2];
  JxComparisonOptions options = *request->options;
  JxMpiStats stats = { 0 };
  guint64 budget = 0;
  double t0 = jx_mpi_now (), t, cpu;
  gboolean fails;
  int status;

  if (request->explain || request->tree || request->series)
    return jx_cli_usage_error (command, "%s",
                               _("juxtrace-mpi keeps no alignments: --explain, --series and --tree need juxtrace-cli"));
  if (options.n_pair_overrides > 0)
    return jx_cli_usage_error (command, "%s", _("juxtrace-mpi pairs by names and structure only: --pair needs juxtrace-cli"));
  if ((status = jx_mpi_check_trace_options (command, traces, &budget)) != JX_CLI_EXIT_OK)
    return status;

  if (!jx_mpi_plan_make (&plan, command, request->path_a, request->path_b, 0))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();
  stats.plan = t - t0;
  stats.work = plan.work;
  stats.total_work = plan.total_work;
  cpu = jx_mpi_cpu_seconds ();

  /* A share takes processes of both traces or none (jx-mpi-plan.c). Its
   * message events with peers in other shares are kept for the load
   * reports. */
  if (plan.processes_a->len > 0 && plan.processes_b->len > 0)
    {
      a = jx_mpi_load_share (request->path_a, plan.processes_a, plan.n_processes_a, budget, JX_MPI_SHARES_EXTERNAL,
                             &error);
      if (a != NULL)
        b = jx_mpi_load_share (request->path_b, plan.processes_b, plan.n_processes_b, budget, JX_MPI_SHARES_EXTERNAL,
                               &error);
    }
  stats.load = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  if (!jx_mpi_all_ok (command, error))
    return JX_CLI_EXIT_INPUT;
  /* With --strict, defects in a share stop the command below, before
   * comparing, as juxtrace-cli stops. */
  fails = jx_mpi_strict_fails (traces, a != NULL ? jx_trace_get_n_defects (a) + jx_trace_get_n_defects (b) : 0);
  t = jx_mpi_now ();
  cpu = jx_mpi_cpu_seconds ();

  if (a != NULL && !fails)
    {
      options.n_threads = 1;
      options.keep_alignment = FALSE;
      cmp = jx_comparison_run (a, b, &options, NULL, &error);
      if (cmp == NULL)
        g_prefix_error (&error, "%s, %s: ", request->path_a, request->path_b);
    }
  stats.compute = jx_mpi_now () - t;
  stats.cpu += jx_mpi_cpu_seconds () - cpu;
  if (!jx_mpi_all_ok (command, error))
    return JX_CLI_EXIT_INPUT;
  t = jx_mpi_now ();

  mine = pack_rank (a, b, cmp);
  g_clear_pointer (&cmp, jx_comparison_unref);
  /* The whole traces' load reports, the messages between shares matched
   * (the shares' events freed once packed); diff labels their caveat
   * lines A and B. */
  outlines[0] = plan.outline_a;
  outlines[1] = plan.outline_b;
  jx_mpi_shares_init (&shares);
  jx_mpi_shares_add (&shares, g_steal_pointer (&plan.outline_a), g_steal_pointer (&a));
  jx_mpi_shares_add (&shares, g_steal_pointer (&plan.outline_b), g_steal_pointer (&b));
  if (!jx_mpi_shares_matched_reports_full (&shares, command, TRUE, paths, TRUE, &reports, &flags))
    return JX_CLI_EXIT_INPUT;
  parts = jx_mpi_gather (mine);
  if (jx_mpi.rank == 0 && fails)
    {
      /* A trace's report lists the defects of its share: the checks stop
       * there, with juxtrace-cli's message. */
      jx_mpi_apply_load_checks (traces, reports, paths, labels);
      g_set_error_literal (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION, "");
    }
  else if (jx_mpi.rank == 0 && !merge (parts, outlines, reports, flags, request->options, jx_mpi_now () - t0, request->json, result, &error))
    {
      /* Every share empty, or what a rank sent incomplete. */
      jx_cli_input_error (command, NULL, error);
      g_clear_error (&error);
      g_set_error_literal (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION, "");
    }
  /* The caveat lines of the whole traces, labelled as juxtrace-cli diff
   * labels them while loading, and --strict, which stops at the first
   * trace with defects as juxtrace-cli does (left for here: unmatched
   * messages whose ends lie in different shares). */
  else if (jx_mpi.rank == 0 && !jx_mpi_apply_load_checks (traces, reports, paths, labels))
    g_set_error_literal (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION, "");
  if (!jx_mpi_stats_finish (command, &stats, t, t0))
    {
      result->quiet = TRUE;
      return JX_CLI_EXIT_OK;
    }
  return error != NULL ? JX_CLI_EXIT_INPUT : JX_CLI_EXIT_OK;
}

int
jx_mpi_diff (int    argc,
             char **argv)
{
  return jx_cli_diff_with (argc, argv, compute_mpi, NULL);
}
