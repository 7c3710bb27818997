#include "config.h"

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-comparison.h"
#include "jx-trace.h"

/* --explain prints at most this many aligned rows per stream pair. */
#define EXPLAIN_MAX_ROWS 400

/* The function time difference table summed over every stream pair. */
static GArray *
total_function_table (JxComparison *cmp)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new ();

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    g_ptr_array_add (tables, jx_comparison_get_pair (cmp, i)->function_table);
  return jx_align_function_time_differences_sum ((GArray * const *) tables->pdata, tables->len,
                                                 jx_comparison_get_n_symbols (cmp));
}

/* A table cell: too long names are cut with an ellipsis so columns line up. */
static void
append_cell (GString    *out,
             const char *text,
             guint       width)
{
  if (g_utf8_strlen (text, -1) >= (glong) width)
    {
      g_autofree char *cut = g_utf8_substring (text, 0, width - 2);
      g_autofree char *shown = g_strconcat (cut, "…", NULL);
      jx_cli_append_padded (out, shown, width, FALSE);
    }
  else
    jx_cli_append_padded (out, text, width, FALSE);
}

/* Why a pair has no alignment, as a sentence naming the stream(s). */
static char *
pair_reason (const JxComparisonPair *p)
{
  const char *a = jx_cli_nonnull (p->name_a);
  const char *b = jx_cli_nonnull (p->name_b);

  switch (p->skip)
    {
    case JX_COMPARISON_SKIP_UNPAIRED:
      if (p->stream_b == JX_NONE)
        return g_strdup_printf (_("no stream of trace B pairs with “%s” of trace A"), a);
      return g_strdup_printf (_("no stream of trace A pairs with “%s” of trace B"), b);
    case JX_COMPARISON_SKIP_MISSING_EVENTS:
      if (p->missing_a && p->missing_b)
        return g_strdup_printf (_("events of stream “%s” in trace A and of stream “%s” in trace B could not be read (event files missing or unreadable)"),
                                a, b);
      if (p->missing_a)
        return g_strdup_printf (_("events of stream “%s” in trace A could not be read (event file missing or unreadable)"), a);
      return g_strdup_printf (_("events of stream “%s” in trace B could not be read (event file missing or unreadable)"), b);
    case JX_COMPARISON_SKIP_NONE:
    default:
      return g_strdup ("");
    }
}

static guint64
pair_count (const JxComparisonPair *p,
            JxPairState             state)
{
  return p->alignment != NULL ? p->alignment->counts[state] : 0;
}

static void
print_text (JxComparison *cmp,
            const char   *path_a,
            const char   *path_b,
            guint         top,
            gboolean      flat_optimum)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) table = total_function_table (cmp);
  const JxComparisonOptions *opt = jx_comparison_get_options (cmp);
  guint n = jx_comparison_get_n_pairs (cmp);
  guint i;

  g_string_append_printf (out, "A: %s (%s)\n", jx_cli_nonnull (jx_comparison_get_name_a (cmp)), path_a);
  g_string_append_printf (out, "B: %s (%s)\n", jx_cli_nonnull (jx_comparison_get_name_b (cmp)), path_b);
  g_string_append_printf (out, _("Hierarchical alignment, sub-alignments with “%s”; %u stream pairs aligned, %u not compared, %u unpaired streams; %.3f s\n\n"),
                          jx_algorithm_to_string (opt->hier.align.algorithm),
                          n - jx_comparison_get_n_unpaired (cmp) - jx_comparison_get_n_not_compared (cmp),
                          jx_comparison_get_n_not_compared (cmp), jx_comparison_get_n_unpaired (cmp),
                          jx_comparison_get_elapsed (cmp));

  jx_cli_append_padded (out, _("Stream A"), 28, FALSE);
  jx_cli_append_padded (out, _("Stream B"), 28, FALSE);
  jx_cli_append_padded (out, _("Similarity"), 11, TRUE);
  jx_cli_append_padded (out, _("Equal"), 10, TRUE);
  jx_cli_append_padded (out, _("Different"), 10, TRUE);
  jx_cli_append_padded (out, _("Only A"), 9, TRUE);
  jx_cli_append_padded (out, _("Only B"), 9, TRUE);
  jx_cli_append_padded (out, _("HA score"), 11, TRUE);
  if (flat_optimum)
    {
      jx_cli_append_padded (out, _("Flat opt."), 11, TRUE);
      jx_cli_append_padded (out, _("Error"), 9, TRUE);
    }
  g_string_append_c (out, '\n');

  for (i = 0; i < n; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;
      char buf[64];

      if (p->skip != JX_COMPARISON_SKIP_NONE)
        continue;
      append_cell (out, jx_cli_nonnull (p->name_a), 28);
      append_cell (out, jx_cli_nonnull (p->name_b), 28);
      g_snprintf (buf, sizeof buf, "%.6f", p->similarity);
      jx_cli_append_padded (out, buf, 11, TRUE);
      g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, pair_count (p, JX_PAIR_EQUAL));
      jx_cli_append_padded (out, buf, 10, TRUE);
      g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, pair_count (p, JX_PAIR_DIFFERENT));
      jx_cli_append_padded (out, buf, 10, TRUE);
      g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, pair_count (p, JX_PAIR_ONLY_A));
      jx_cli_append_padded (out, buf, 9, TRUE);
      g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, pair_count (p, JX_PAIR_ONLY_B));
      jx_cli_append_padded (out, buf, 9, TRUE);
      g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, al != NULL ? al->score : 0);
      jx_cli_append_padded (out, buf, 11, TRUE);
      if (flat_optimum && al != NULL && al->has_flat_optimum)
        {
          g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, al->flat_optimum);
          jx_cli_append_padded (out, buf, 11, TRUE);
          g_snprintf (buf, sizeof buf, "%.2f %%", 100.0 * jx_hier_alignment_get_error (al));
          jx_cli_append_padded (out, buf, 9, TRUE);
        }
      g_string_append_c (out, '\n');
    }
  if (flat_optimum)
    g_string_append_printf (out, "%s\n",
                            _("Error = (flat optimum − HA score) / max (|flat optimum|, mean flat sequence length)."));

  if (jx_comparison_get_n_not_compared (cmp) > 0)
    {
      g_string_append_printf (out, "\n%s\n", _("Stream pairs not compared:"));
      for (i = 0; i < n; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

          g_autofree char *reason = NULL;

          if (p->skip != JX_COMPARISON_SKIP_MISSING_EVENTS)
            continue;
          reason = pair_reason (p);
          g_string_append_printf (out, "  %s  ⇔  %s: %s\n", jx_cli_nonnull (p->name_a),
                                  jx_cli_nonnull (p->name_b), reason);
        }
    }

  if (jx_comparison_get_n_unpaired (cmp) > 0)
    {
      g_string_append_printf (out, "\n%s\n", _("Unpaired streams (not compared):"));
      for (i = 0; i < n; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

          if (p->stream_b == JX_NONE)
            g_string_append_printf (out, "  %s %s\n", _("only in A:"), jx_cli_nonnull (p->name_a));
          else if (p->stream_a == JX_NONE)
            g_string_append_printf (out, "  %s %s\n", _("only in B:"), jx_cli_nonnull (p->name_b));
        }
    }

  if (top > 0 && table->len > 0)
    {
      g_string_append_printf (out, "\n%s\n",
                              _("Function time differences of equal invocations, all pairs (+: B faster, −: B slower):"));
      jx_cli_append_padded (out, _("Function"), 44, FALSE);
      jx_cli_append_padded (out, _("No.+"), 10, TRUE);
      jx_cli_append_padded (out, _("Δ+"), 12, TRUE);
      jx_cli_append_padded (out, _("No.−"), 10, TRUE);
      jx_cli_append_padded (out, _("Δ−"), 12, TRUE);
      g_string_append_c (out, '\n');
      for (i = 0; i < table->len && i < top; i++)
        {
          const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, i);
          g_autofree char *plus = jx_time_format (jx_time_seconds_to_ns (r->faster), 3);
          g_autofree char *minus = jx_time_format (jx_time_seconds_to_ns (r->slower), 3);
          char buf[32];

          append_cell (out, jx_cli_nonnull (jx_comparison_get_symbol_name (cmp, r->symbol)), 44);
          g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, r->n_faster);
          jx_cli_append_padded (out, buf, 10, TRUE);
          jx_cli_append_padded (out, plus, 12, TRUE);
          g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, r->n_slower);
          jx_cli_append_padded (out, buf, 10, TRUE);
          jx_cli_append_padded (out, minus, 12, TRUE);
          g_string_append_c (out, '\n');
        }
    }

  fputs (out->str, stdout);
}

static const char *
state_mark (guint32 state)
{
  switch ((JxPairState) state)
    {
    case JX_PAIR_EQUAL:     return "=";
    case JX_PAIR_DIFFERENT: return "≠";
    case JX_PAIR_ONLY_A:    return "A";
    case JX_PAIR_ONLY_B:    return "B";
    default:                return "?";
    }
}

static void
print_explain (JxComparison *cmp,
               JxTrace      *trace_a,
               JxTrace      *trace_b)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint i;

  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;
      const JxStream *sa, *sb;
      g_autofree guint16 *depth = NULL;
      gsize k, rows;

      if (al == NULL || al->pairs == NULL)
        continue;
      sa = jx_trace_get_stream (trace_a, p->stream_a);
      sb = jx_trace_get_stream (trace_b, p->stream_b);
      depth = jx_hier_alignment_compute_depths (al);
      rows = MIN (al->n_pairs, (gsize) EXPLAIN_MAX_ROWS);

      g_string_append_printf (out, "\n%s  ⇔  %s\n", jx_cli_nonnull (p->name_a), jx_cli_nonnull (p->name_b));
      g_string_append_printf (out, "%s\n",
                              _("(= equal, ≠ different, A only in A, B only in B; indentation is the call depth)"));
      for (k = 0; k < rows; k++)
        {
          const JxAlignPair *ap = &al->pairs[k];
          g_autofree char *indent = g_strnfill (2 * MIN (depth[k], 30), ' ');
          g_autofree char *left = NULL;
          const char *right;

          left = g_strconcat (indent,
                              ap->a != JX_ALIGN_NONE
                              ? jx_cli_nonnull (jx_trace_get_region (trace_a, sa->region[ap->a])->name) : "·",
                              NULL);
          right = ap->b != JX_ALIGN_NONE
                  ? jx_cli_nonnull (jx_trace_get_region (trace_b, sb->region[ap->b])->name) : "·";
          jx_cli_append_padded (out, left, 44, FALSE);
          g_string_append_printf (out, " %s  %s%s\n", state_mark (ap->state), indent, right);
        }
      if (al->n_pairs > rows)
        g_string_append_printf (out,
                                _("… %zu more aligned pairs not shown (--explain prints at most %d per stream pair; narrow it with --process)\n"),
                                al->n_pairs - rows, EXPLAIN_MAX_ROWS);
    }

  fputs (out->str, stdout);
}

static void
add_series (JsonBuilder *b,
            const char  *name,
            GArray      *points)
{
  guint k;

  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (k = 0; points != NULL && k < points->len; k++)
    {
      const JxMetricPoint *pt = &g_array_index (points, JxMetricPoint, k);
      json_builder_begin_array (b);
      json_builder_add_int_value (b, (gint64) pt->position);
      json_builder_add_double_value (b, pt->time);
      json_builder_add_double_value (b, pt->value);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

static void
add_function_row (JsonBuilder *b,
                  const char  *name,
                  guint64      n_faster,
                  double       faster,
                  guint64      n_slower,
                  double       slower)
{
  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "function", name);
  jx_cli_json_add_int (b, "faster_count", (gint64) n_faster);
  jx_cli_json_add_double (b, "faster_seconds", faster);
  jx_cli_json_add_int (b, "slower_count", (gint64) n_slower);
  jx_cli_json_add_double (b, "slower_seconds", slower);
  json_builder_end_object (b);
}

static JsonNode *
build_json (JxComparison *cmp,
            const char   *path_a,
            const char   *path_b,
            guint         top,
            gboolean      series)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GArray) table = total_function_table (cmp);
  const JxComparisonOptions *opt = jx_comparison_get_options (cmp);
  guint i, k;

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "trace_a", path_a);
  jx_cli_json_add_string (b, "trace_b", path_b);
  jx_cli_json_add_string (b, "algorithm", jx_algorithm_to_string (opt->hier.align.algorithm));
  jx_cli_json_add_double (b, "elapsed_seconds", jx_comparison_get_elapsed (cmp));

  json_builder_set_member_name (b, "pairs");
  json_builder_begin_array (b);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;

      if (al == NULL)
        continue;
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "stream_a", jx_cli_nonnull (p->name_a));
      jx_cli_json_add_string (b, "stream_b", jx_cli_nonnull (p->name_b));
      jx_cli_json_add_int (b, "name_distance", p->process_distance + p->stream_distance);
      jx_cli_json_add_double (b, "similarity", p->similarity);
      jx_cli_json_add_int (b, "invocations_a", al->n_a);
      jx_cli_json_add_int (b, "invocations_b", al->n_b);
      jx_cli_json_add_int (b, "length", (gint64) al->n_pairs);
      jx_cli_json_add_int (b, "equal", (gint64) al->counts[JX_PAIR_EQUAL]);
      jx_cli_json_add_int (b, "different", (gint64) al->counts[JX_PAIR_DIFFERENT]);
      jx_cli_json_add_int (b, "only_a", (gint64) al->counts[JX_PAIR_ONLY_A]);
      jx_cli_json_add_int (b, "only_b", (gint64) al->counts[JX_PAIR_ONLY_B]);
      jx_cli_json_add_int (b, "ha_score", al->score);
      jx_cli_json_add_int (b, "flat_length_a", (gint64) al->flat_length_a);
      jx_cli_json_add_int (b, "flat_length_b", (gint64) al->flat_length_b);
      if (al->has_flat_optimum)
        {
          jx_cli_json_add_int (b, "flat_optimum", al->flat_optimum);
          jx_cli_json_add_double (b, "ha_error", jx_hier_alignment_get_error (al));
          jx_cli_json_add_int (b, "ha_error_absolute", jx_hier_alignment_get_error_absolute (al));
        }
      jx_cli_json_add_int (b, "sub_alignments", (gint64) al->n_sub_alignments);
      jx_cli_json_add_double (b, "seconds_a", p->seconds_a);
      jx_cli_json_add_double (b, "seconds_b", p->seconds_b);

      json_builder_set_member_name (b, "functions");
      json_builder_begin_array (b);
      for (k = 0; p->function_table != NULL && k < p->function_table->len && k < top; k++)
        {
          const JxFunctionTimeDiff *r = &g_array_index (p->function_table, JxFunctionTimeDiff, k);
          add_function_row (b, jx_cli_nonnull (jx_comparison_get_symbol_name (cmp, r->symbol)),
                            r->n_faster, r->faster, r->n_slower, r->slower);
        }
      json_builder_end_array (b);

      if (series)
        {
          add_series (b, "dissimilarity", p->dissimilarity);
          add_series (b, "runtime_skew", p->runtime_skew);
          add_series (b, "time_difference", p->time_difference);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "not_compared");
  json_builder_begin_array (b);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      g_autofree char *reason = NULL;

      if (p->skip != JX_COMPARISON_SKIP_MISSING_EVENTS)
        continue;
      reason = pair_reason (p);
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "stream_a", jx_cli_nonnull (p->name_a));
      jx_cli_json_add_string (b, "stream_b", jx_cli_nonnull (p->name_b));
      jx_cli_json_add_string (b, "status", jx_comparison_skip_to_string (p->skip));
      jx_cli_json_add_boolean (b, "missing_a", p->missing_a);
      jx_cli_json_add_boolean (b, "missing_b", p->missing_b);
      jx_cli_json_add_string (b, "reason", reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "unpaired");
  json_builder_begin_array (b);
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      g_autofree char *reason = NULL;

      if (p->skip != JX_COMPARISON_SKIP_UNPAIRED)
        continue;
      reason = pair_reason (p);
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "side", p->stream_a != JX_NONE ? "a" : "b");
      jx_cli_json_add_string (b, "stream", jx_cli_nonnull (p->stream_a != JX_NONE ? p->name_a : p->name_b));
      jx_cli_json_add_string (b, "status", jx_comparison_skip_to_string (p->skip));
      jx_cli_json_add_string (b, "reason", reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "functions");
  json_builder_begin_array (b);
  for (k = 0; k < table->len && k < top; k++)
    {
      const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, k);
      add_function_row (b, jx_cli_nonnull (jx_comparison_get_symbol_name (cmp, r->symbol)),
                        r->n_faster, r->faster, r->n_slower, r->slower);
    }
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_csv (JxComparison *cmp)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint i;

  /* status and reason say why a row has empty metrics (see JxComparisonSkip). */
  g_string_append (out, "stream_a,stream_b,similarity,length,equal,different,only_a,only_b,ha_score,flat_optimum,seconds_a,seconds_b,ha_error,status,reason\n");
  for (i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;

      jx_cli_csv_append_field (out, jx_cli_nonnull (p->name_a));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_cli_nonnull (p->name_b));
      if (al == NULL)
        {
          g_autofree char *reason = pair_reason (p);

          /* Unpaired or not compared: listed, with empty metrics. */
          g_string_append (out, ",,,,,,,,,,,,");
          g_string_append (out, jx_comparison_skip_to_string (p->skip));
          g_string_append_c (out, ',');
          jx_cli_csv_append_field (out, reason);
          g_string_append_c (out, '\n');
          continue;
        }
      g_string_append_printf (out, ",%.6f,%" G_GSIZE_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                              ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GINT64_FORMAT ",",
                              p->similarity, al->n_pairs, al->counts[JX_PAIR_EQUAL],
                              al->counts[JX_PAIR_DIFFERENT], al->counts[JX_PAIR_ONLY_A],
                              al->counts[JX_PAIR_ONLY_B], al->score);
      if (al->has_flat_optimum)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, al->flat_optimum);
      g_string_append_printf (out, ",%.9f,%.9f,", p->seconds_a, p->seconds_b);
      if (al->has_flat_optimum)
        g_string_append_printf (out, "%.6f", jx_hier_alignment_get_error (al));
      g_string_append_printf (out, ",%s,\n", jx_comparison_skip_to_string (p->skip));
    }
  fputs (out->str, stdout);
}

int
jx_cli_diff (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace_a = NULL;
  g_autoptr(JxTrace) trace_b = NULL;
  g_autoptr(JxComparison) cmp = NULL;
  g_autofree char *process = NULL;
  g_autofree char *algorithm = NULL;
  gboolean json = FALSE, csv = FALSE, explain = FALSE, flat_optimum = FALSE, series = FALSE;
  gint top = 10;
  JxComparisonOptions options;
  const GOptionEntry entries[] = {
    { "process", 'p', 0, G_OPTION_ARG_STRING, &process, N_("Compare only the process with this name"), N_("NAME") },
    { "algorithm", 'a', 0, G_OPTION_ARG_STRING, &algorithm, N_("Sub-alignment algorithm: auto, nw, hirschberg, fast or anchor"), N_("NAME") },
    { "json", 'j', 0, G_OPTION_ARG_NONE, &json, N_("Print JSON instead of text"), NULL },
    { "csv", 0, 0, G_OPTION_ARG_NONE, &csv, N_("Print one CSV row per stream pair"), NULL },
    { "explain", 'e', 0, G_OPTION_ARG_NONE, &explain, N_("Print the aligned call sequences (small inputs)"), NULL },
    { "top", 't', 0, G_OPTION_ARG_INT, &top, N_("Rows of the function time difference table (default 10)"), N_("N") },
    { "flat-optimum", 0, 0, G_OPTION_ARG_NONE, &flat_optimum, N_("Also align the full flat sequences and report the error of the hierarchical score: (flat optimum − HA score) / max (|flat optimum|, mean flat sequence length)"), NULL },
    { "series", 0, 0, G_OPTION_ARG_NONE, &series, N_("Include the metric timelines in the JSON output"), NULL },
    { NULL }
  };

  context = jx_cli_option_context_new (_("TRACE_A TRACE_B"),
                                       _("Align every process/stream of TRACE_A with its counterpart in TRACE_B\n"
                                         "(paired by name) with the hierarchical alignment over the call tree and\n"
                                         "report similarity, equal/different/gap counts, the HA score and the\n"
                                         "function time differences of equal invocations. Stream pairs where\n"
                                         "the events of either stream could not be read are listed as not compared."),
                                       entries);

  if (!jx_cli_parse_options (context, &argc, &argv))
    return JX_CLI_EXIT_USAGE;
  if (argc != 3)
    return jx_cli_usage_error (argv[0], "%s", _("expected exactly two traces, TRACE_A and TRACE_B"));
  if (json && csv)
    return jx_cli_usage_error (argv[0], "%s", _("--json and --csv exclude each other"));
  if (explain && (json || csv))
    return jx_cli_usage_error (argv[0], "%s", _("--explain prints text; leave out --json and --csv"));
  if (top < 0)
    return jx_cli_usage_error (argv[0], "%s", _("--top needs a number of rows, 0 or more"));

  jx_comparison_options_init (&options);
  if (algorithm != NULL && !jx_algorithm_from_string (algorithm, &options.hier.align.algorithm))
    return jx_cli_usage_error (argv[0], _("unknown algorithm “%s” (use auto, nw, hirschberg, fast or anchor)"), algorithm);
  options.process_name = process;
  options.hier.flat_optimum = flat_optimum;
  options.keep_alignment = explain;

  trace_a = jx_cli_load_trace (argv[1], &error);
  if (trace_a == NULL)
    return jx_cli_input_error (argv[0], argv[1], error);
  trace_b = jx_cli_load_trace (argv[2], &error);
  if (trace_b == NULL)
    return jx_cli_input_error (argv[0], argv[2], error);

  cmp = jx_comparison_run (trace_a, trace_b, &options, NULL, &error);
  if (cmp == NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s, %s", argv[1], argv[2]);
      return jx_cli_input_error (argv[0], both, error);
    }

  if (process != NULL && jx_comparison_get_n_pairs (cmp) == 0)
    {
      g_autoptr(GError) none = g_error_new (JX_TRACE_ERROR, JX_TRACE_ERROR_NOT_FOUND,
                                            _("no process named “%s” in %s or %s"),
                                            process, argv[1], argv[2]);
      return jx_cli_input_error (argv[0], NULL, none);
    }

  if (json)
    {
      g_autoptr(JsonNode) root = build_json (cmp, argv[1], argv[2], (guint) top, series);
      jx_cli_print_json (root);
    }
  else if (csv)
    print_csv (cmp);
  else
    {
      print_text (cmp, argv[1], argv[2], (guint) top, flat_optimum);
      if (explain)
        print_explain (cmp, trace_a, trace_b);
    }

  return JX_CLI_EXIT_OK;
}
