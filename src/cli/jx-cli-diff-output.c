/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-output.c — what `juxtrace-cli diff` prints: text, JSON, CSV.
 * Every format says how each pair was made, which pairs were not compared
 * (n/a) and why, and which compared pairs rest on truncated or repaired
 * streams; aggregates count compared pairs only. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-diff-private.h"
#include "jx-cli-pairing.h"
#include "jx-cli-scores.h"
#include "jx-function-table.h"

/* The function time difference table summed over every compared pair. */
static GArray *
total_function_table (JxComparison *cmp)
{
  return jx_function_table_compute (cmp, NULL);
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
    case JX_COMPARISON_SKIP_NO_INVOCATIONS:
      if (p->invocations_a == 0 && p->invocations_b == 0)
        return g_strdup (_("neither A nor B has invocations: nothing to compare"));
      if (p->invocations_a == 0)
        return g_strdup (_("A has no invocations: nothing to compare"));
      return g_strdup (_("B has no invocations: nothing to compare"));
    case JX_COMPARISON_SKIP_NONE:
    default:
      return g_strdup ("");
    }
}

/* The short note of the text table: "n/a: A has no invocations", or the
 * caveats of a compared pair, "A truncated, B repaired". */
static char *
pair_note (const JxComparisonPair *p)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  switch (p->skip)
    {
    case JX_COMPARISON_SKIP_MISSING_EVENTS:
      if (p->missing_a && p->missing_b)
        return g_strdup (_("n/a: events of A and B could not be read"));
      return g_strdup (p->missing_a ? _("n/a: events of A could not be read")
                                    : _("n/a: events of B could not be read"));
    case JX_COMPARISON_SKIP_NO_INVOCATIONS:
      if (p->invocations_a == 0 && p->invocations_b == 0)
        return g_strdup (_("n/a: neither has invocations"));
      return g_strdup (p->invocations_a == 0 ? _("n/a: A has no invocations") : _("n/a: B has no invocations"));
    case JX_COMPARISON_SKIP_UNPAIRED:
    case JX_COMPARISON_SKIP_NONE:
    default:
      break;
    }
  if (p->flags_a & JX_STREAM_FLAG_TRUNCATED)
    g_ptr_array_add (words, g_strdup (_("A truncated")));
  if (p->flags_a & JX_STREAM_FLAG_REPAIRED)
    g_ptr_array_add (words, g_strdup (_("A repaired")));
  if (p->flags_b & JX_STREAM_FLAG_TRUNCATED)
    g_ptr_array_add (words, g_strdup (_("B truncated")));
  if (p->flags_b & JX_STREAM_FLAG_REPAIRED)
    g_ptr_array_add (words, g_strdup (_("B repaired")));
  g_ptr_array_add (words, NULL);
  return g_strjoinv (", ", (char **) words->pdata);
}

/* Machine-readable caveats of a compared pair: "a-truncated", "b-repaired". */
static GPtrArray *
pair_caveats (const JxComparisonPair *p)
{
  GPtrArray *out = g_ptr_array_new ();

  if (p->skip != JX_COMPARISON_SKIP_NONE)
    return out;
  if (p->flags_a & JX_STREAM_FLAG_TRUNCATED)
    g_ptr_array_add (out, (gpointer) "a-truncated");
  if (p->flags_a & JX_STREAM_FLAG_REPAIRED)
    g_ptr_array_add (out, (gpointer) "a-repaired");
  if (p->flags_b & JX_STREAM_FLAG_TRUNCATED)
    g_ptr_array_add (out, (gpointer) "b-truncated");
  if (p->flags_b & JX_STREAM_FLAG_REPAIRED)
    g_ptr_array_add (out, (gpointer) "b-repaired");
  if (jx_cli_pairing_caveat_token (p) != NULL)
    g_ptr_array_add (out, (gpointer) jx_cli_pairing_caveat_token (p));
  return out;
}

/* "name", "distance 6", "position", "--pair". */
static char *
pairing_text (const JxComparisonPair *p)
{
  switch (jx_comparison_pair_get_method (p))
    {
    case JX_PAIRED_BY_NAME:     return g_strdup (_("name"));
    case JX_PAIRED_BY_DISTANCE: return g_strdup_printf (_("distance %u"), p->process_distance + p->stream_distance);
    case JX_PAIRED_BY_POSITION: return g_strdup (_("position"));
    case JX_PAIRED_BY_USER:     return g_strdup ("--pair");
    case JX_PAIRED_BY_STRUCTURE: return g_strdup (_("structure"));
    default:                    return g_strdup ("?");
    }
}

/* "2.7 s → 6.57 s, ×2.43"; the factor is left out when A took no time. */
static char *
runtimes_text (double      a,
               double      b,
               const char *label_a,
               const char *label_b,
               const char *separator)
{
  g_autofree char *ta = jx_time_format (jx_time_seconds_to_ns (a), 3);
  g_autofree char *tb = jx_time_format (jx_time_seconds_to_ns (b), 3);

  if (a > 0.0)
    return g_strdup_printf ("%s%s → %s%s%s×%.2f", label_a, ta, label_b, tb, separator, b / a);
  return g_strdup_printf ("%s%s → %s%s", label_a, ta, label_b, tb);
}

static guint64
pair_count (const JxComparisonPair *p,
            JxPairState             state)
{
  return p->alignment != NULL ? p->alignment->counts[state] : 0;
}

static void
append_number (GString *out,
               guint64  value,
               guint    width)
{
  char buf[32];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  jx_cli_append_padded (out, buf, width, TRUE);
}

static void
append_pair_row (GString                *out,
                 const JxComparisonPair *p,
                 gboolean                flat_optimum)
{
  const JxHierAlignment *al = p->alignment;
  g_autofree char *pairing = pairing_text (p);
  g_autofree char *note = pair_note (p);
  char buf[64];

  append_cell (out, jx_cli_nonnull (p->name_a), 28);
  append_cell (out, jx_cli_nonnull (p->name_b), 28);
  jx_cli_append_padded (out, pairing, 12, FALSE);
  if (al == NULL)
    {
      /* n/a: nothing was compared, so no number stands here. */
      static const guint widths[] = { 9, 10, 8, 8, 10, 11, 9 };

      jx_cli_append_padded (out, "–", 26, FALSE);
      jx_cli_append_padded (out, "n/a", 11, TRUE);
      for (guint k = 0; k < (flat_optimum ? 7u : 5u); k++)
        jx_cli_append_padded (out, "–", widths[k], TRUE);
    }
  else
    {
      g_autofree char *runtime = runtimes_text (p->seconds_a, p->seconds_b, "", "", " ");

      jx_cli_append_padded (out, runtime, 26, FALSE);
      /* "*": clamped, the score lies below the all-mismatch baseline. */
      g_snprintf (buf, sizeof buf, p->similarity_parts.below_baseline ? "%.6f*" : "%.6f", p->similarity);
      jx_cli_append_padded (out, buf, 11, TRUE);
      append_number (out, pair_count (p, JX_PAIR_EQUAL), 9);
      append_number (out, pair_count (p, JX_PAIR_DIFFERENT), 10);
      append_number (out, pair_count (p, JX_PAIR_ONLY_A), 8);
      append_number (out, pair_count (p, JX_PAIR_ONLY_B), 8);
      g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, al->score);
      jx_cli_append_padded (out, buf, 10, TRUE);
      if (flat_optimum && al->has_flat_optimum)
        {
          g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, al->flat_optimum);
          jx_cli_append_padded (out, buf, 11, TRUE);
          g_snprintf (buf, sizeof buf, "%.2f %%", 100.0 * jx_hier_alignment_get_error (al));
          jx_cli_append_padded (out, buf, 9, TRUE);
        }
      else if (flat_optimum)
        {
          jx_cli_append_padded (out, "–", 11, TRUE);
          jx_cli_append_padded (out, "–", 9, TRUE);
        }
    }
  if (note[0] != '\0')
    g_string_append_printf (out, "  %s", note);
  g_string_append_c (out, '\n');
}

static void
append_signed_time (GString *out,
                    double   seconds,
                    guint    width)
{
  g_autofree char *text = jx_time_format (jx_time_seconds_to_ns (seconds), 3);
  g_autofree char *shown = jx_time_seconds_to_ns (seconds) > 0 ? g_strconcat ("+", text, NULL) : g_strdup (text);

  jx_cli_append_padded (out, shown, width, TRUE);
}

static void
append_time (GString *out,
             double   seconds,
             guint    width)
{
  g_autofree char *text = jx_time_format (jx_time_seconds_to_ns (seconds), 3);

  jx_cli_append_padded (out, text, width, TRUE);
}

static void
append_function_table (GString         *out,
                       const JxCliDiff *diff)
{
  g_autoptr(GArray) table = total_function_table (diff->cmp);
  guint n = jx_comparison_get_n_compared (diff->cmp);
  guint widths[] = { 40, 11, 9, 9, 8, 10, 8, 10, 9, 10, 9, 10 };
  const char *titles[] = { _("Function"), _("Net B−A"), _("Calls A"), _("Calls B"), "No.+", "Δ+", "No.−", "Δ−",
                           _("Only A"), _("time"), _("Only B"), _("time") };

  if (table->len == 0)
    return;
  /* Names as long as the rows shown need (up to 72 characters), so that
   * "!$omp implicit barrier @jacobi_target.c:179" and ":228" stay apart. */
  for (guint i = 0; i < table->len && (diff->top == 0 || i < diff->top); i++)
    {
      const char *name = jx_cli_nonnull (jx_comparison_get_symbol_name (diff->cmp, g_array_index (table, JxFunctionTimeDiff, i).symbol));

      widths[0] = MAX (widths[0], (guint) MIN (g_utf8_strlen (name, -1) + 2, 72));
    }
  g_string_append_c (out, '\n');
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                            "Function time differences (self time, every call) in the %u compared stream pair, largest |net| first. Net = B − A (+: slower in B) = Δ− − Δ+ of the equal calls + time only in B − time only in A; No.+/Δ+: equal calls faster in B and the time gained, No.−/Δ−: slower and the time lost; only A / only B: calls without an equal partner:\n",
                                            "Function time differences (self time, every call) summed over all %u compared stream pairs, largest |net| first. Net = B − A (+: slower in B) = Δ− − Δ+ of the equal calls + time only in B − time only in A; No.+/Δ+: equal calls faster in B and the time gained, No.−/Δ−: slower and the time lost; only A / only B: calls without an equal partner:\n",
                                            n), n);
  for (guint k = 0; k < G_N_ELEMENTS (widths); k++)
    jx_cli_append_padded (out, titles[k], widths[k], k > 0);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < table->len && (diff->top == 0 || i < diff->top); i++)
    {
      const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, i);

      append_cell (out, jx_cli_nonnull (jx_comparison_get_symbol_name (diff->cmp, r->symbol)), widths[0]);
      append_signed_time (out, jx_function_time_diff_get_net (r), widths[1]);
      append_number (out, r->calls_a, widths[2]);
      append_number (out, r->calls_b, widths[3]);
      append_number (out, r->n_faster, widths[4]);
      append_time (out, r->faster, widths[5]);
      append_number (out, r->n_slower, widths[6]);
      append_time (out, r->slower, widths[7]);
      append_number (out, r->only_a, widths[8]);
      append_time (out, r->only_a_self, widths[9]);
      append_number (out, r->only_b, widths[10]);
      append_time (out, r->only_b_self, widths[11]);
      g_string_append_c (out, '\n');
    }
  if (diff->top > 0 && table->len > diff->top)
    g_string_append_printf (out, _("… %u more functions (--top N shows N, --top 0 all; --csv --functions writes the whole table)\n"),
                            table->len - diff->top);
}

/* Pairs whose similarity is clamped: what the number is made of. */
static void
append_baseline_notes (GString      *out,
                       JxComparison *cmp)
{
  guint n = 0, listed = 0;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    n += jx_comparison_pair_is_compared (jx_comparison_get_pair (cmp, i)) &&
         jx_comparison_get_pair (cmp, i)->similarity_parts.below_baseline;
  if (n == 0)
    return;
  g_string_append_printf (out, "%s\n",
                          _("*: the HA score lies below the all-mismatch baseline (eq. 4.3: every call of the shorter stream a mismatch, the rest gaps), so eq. 4.5 reads 0; "
                            "the hierarchical alignment cannot pair calls under different callers as mismatches. The unclamped value, and the flat optimum where it was cheap to compute:"));
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp) && listed < 8; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;

      if (!jx_comparison_pair_is_compared (p) || !p->similarity_parts.below_baseline)
        continue;
      listed++;
      g_string_append_printf (out, _("   %s: HA score %" PRId64 " < baseline %" PRId64 " (max %" PRId64 "), unclamped similarity %.6f, eq. 4.4 ratio %.4f, %" PRIu64 " equal calls"),
                              jx_cli_nonnull (p->name_a), al->score, p->similarity_parts.baseline,
                              p->similarity_parts.max_score, p->similarity_parts.raw, p->similarity_parts.ratio,
                              al->counts[JX_PAIR_EQUAL]);
      if (al->has_flat_optimum)
        g_string_append_printf (out, _("; flat optimum %" PRId64 ", %" PRId64 " above the HA score"),
                                al->flat_optimum, jx_hier_alignment_get_error_absolute (al));
      else
        g_string_append (out, _("; flat optimum not computed (large pair; --flat-optimum computes it)"));
      g_string_append_c (out, '\n');
    }
  if (listed < n)
    g_string_append_printf (out, _("   … and %u more pairs (--json lists below_baseline per pair)\n"), n - listed);
}

void
jx_cli_diff_print_text (const JxCliDiff *diff)
{
  JxComparison *cmp = diff->cmp;
  g_autoptr(GString) out = g_string_new (NULL);
  const JxComparisonOptions *opt = jx_comparison_get_options (cmp);
  guint n = jx_comparison_get_n_pairs (cmp);
  gboolean any_partial = FALSE, any_position = FALSE;

  g_string_append_printf (out, "A: %s (%s)\n", diff->label_a, diff->path_a);
  g_string_append_printf (out, "B: %s (%s)\n", diff->label_b, diff->path_b);
  jx_cli_scores_append_text (out, jx_comparison_get_scoring (cmp));
  jx_cli_diff_append_headline_text (out, diff);
  g_string_append_printf (out, _("\nHierarchical alignment, sub-alignments with “%s”; %u stream pairs compared, %u not compared (n/a), %u unpaired streams; %.3f s\n\n"),
                          jx_algorithm_to_string (opt->hier.align.algorithm), jx_comparison_get_n_compared (cmp),
                          jx_comparison_get_n_not_compared (cmp), jx_comparison_get_n_unpaired (cmp),
                          jx_comparison_get_elapsed (cmp));

  jx_cli_append_padded (out, _("Stream A"), 28, FALSE);
  jx_cli_append_padded (out, _("Stream B"), 28, FALSE);
  jx_cli_append_padded (out, _("Paired by"), 12, FALSE);
  jx_cli_append_padded (out, _("Runtime A → B"), 26, FALSE);
  jx_cli_append_padded (out, _("Similarity"), 11, TRUE);
  jx_cli_append_padded (out, _("Equal"), 9, TRUE);
  jx_cli_append_padded (out, _("Different"), 10, TRUE);
  jx_cli_append_padded (out, _("Only A"), 8, TRUE);
  jx_cli_append_padded (out, _("Only B"), 8, TRUE);
  jx_cli_append_padded (out, _("HA score"), 10, TRUE);
  if (diff->flat_optimum)
    {
      jx_cli_append_padded (out, _("Flat opt."), 11, TRUE);
      jx_cli_append_padded (out, _("Error"), 9, TRUE);
    }
  g_string_append_c (out, '\n');

  for (guint i = 0; i < n; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (p->skip == JX_COMPARISON_SKIP_UNPAIRED)
        continue;
      append_pair_row (out, p, diff->flat_optimum);
      any_partial |= jx_comparison_pair_is_partial (p);
      any_position |= jx_comparison_pair_get_method (p) == JX_PAIRED_BY_POSITION;
    }
  append_baseline_notes (out, cmp);
  if (diff->flat_optimum)
    g_string_append_printf (out, "%s\n",
                            _("Error = (flat optimum − HA score) / max (|flat optimum|, mean flat sequence length)."));
  if (any_position)
    g_string_append_printf (out, "%s\n",
                            _("Paired by position: the names differ only in their numbers (process IDs, thread or device numbers) or were equally close, so they were paired in order; --pair A_NAME=B_NAME pairs them otherwise."));
  if (any_partial)
    g_string_append_printf (out, "%s\n",
                            _("Truncated: the stream’s event file ended early; repaired: defects were repaired while loading. Results of such pairs may be partial."));
  if (jx_comparison_get_n_not_compared (cmp) > 0)
    g_string_append_printf (out, "%s\n",
                            _("n/a: not compared; such pairs count in no total."));
  jx_cli_pairing_append_by_hand (out, cmp);
  jx_cli_pairing_append_text (out, cmp);

  if (jx_comparison_get_n_unpaired (cmp) > 0)
    {
      g_string_append_printf (out, "\n%s\n", _("Unpaired streams (not compared):"));
      for (guint i = 0; i < n; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

          if (p->stream_b == JX_NONE)
            g_string_append_printf (out, "  %s %s\n", _("only in A:"), jx_cli_nonnull (p->name_a));
          else if (p->stream_a == JX_NONE)
            g_string_append_printf (out, "  %s %s\n", _("only in B:"), jx_cli_nonnull (p->name_b));
        }
    }

  append_function_table (out, diff);
  fputs (out->str, stdout);
}

static void
add_series (JsonBuilder *b,
            const char  *name,
            GArray      *points)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint k = 0; points != NULL && k < points->len; k++)
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
add_function_row (JsonBuilder              *b,
                  JxComparison             *cmp,
                  const JxFunctionTimeDiff *r)
{
  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "function", jx_cli_nonnull (jx_comparison_get_symbol_name (cmp, r->symbol)));
  jx_cli_json_add_int (b, "calls_a", (gint64) r->calls_a);
  jx_cli_json_add_int (b, "calls_b", (gint64) r->calls_b);
  jx_cli_json_add_int (b, "call_change", (gint64) r->calls_b - (gint64) r->calls_a);
  jx_cli_json_add_double (b, "net_seconds", jx_function_time_diff_get_net (r));
  jx_cli_json_add_double (b, "self_a_seconds", r->self_a);
  jx_cli_json_add_double (b, "self_b_seconds", r->self_b);
  jx_cli_json_add_int (b, "faster_count", (gint64) r->n_faster);
  jx_cli_json_add_double (b, "faster_seconds", r->faster);
  jx_cli_json_add_int (b, "slower_count", (gint64) r->n_slower);
  jx_cli_json_add_double (b, "slower_seconds", r->slower);
  jx_cli_json_add_int (b, "only_a_calls", (gint64) r->only_a);
  jx_cli_json_add_double (b, "only_a_seconds", r->only_a_self);
  jx_cli_json_add_int (b, "only_b_calls", (gint64) r->only_b);
  jx_cli_json_add_double (b, "only_b_seconds", r->only_b_self);
  json_builder_end_object (b);
}

static void
add_ratio (JsonBuilder *b,
           const char  *name,
           double       a,
           double       seconds_b)
{
  json_builder_set_member_name (b, name);
  if (a > 0.0)
    json_builder_add_double_value (b, seconds_b / a);
  else
    json_builder_add_null_value (b);
}

static void
add_trace (JsonBuilder *b,
           const char  *member,
           JxTrace     *trace,
           JsonNode    *report,
           const char  *path,
           const char  *label,
           double       runtime)
{
  json_builder_set_member_name (b, member);
  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "path", path);
  jx_cli_json_add_string (b, "name", label);
  jx_cli_json_add_double (b, "runtime_seconds", runtime);
  if (report != NULL)
    {
      json_builder_set_member_name (b, "load_report");
      json_builder_add_value (b, json_node_copy (report));
    }
  else
    jx_cli_json_add_load_report (b, trace);
  json_builder_end_object (b);
}

/* How the pair was made: "pairing" as a whole, and for its processes and
 * its streams. */
static void
add_pairing (JsonBuilder            *b,
             const JxComparisonPair *p)
{
  jx_cli_json_add_string (b, "pairing", jx_pairing_method_to_string (jx_comparison_pair_get_method (p)));
  jx_cli_json_add_string (b, "process_pairing", jx_pairing_method_to_string (p->process_method));
  jx_cli_json_add_string (b, "stream_pairing", jx_pairing_method_to_string (p->stream_method));
  jx_cli_json_add_int (b, "name_distance", p->process_distance + p->stream_distance);
  jx_cli_pairing_json_pair (b, p);
}

static void
add_compared_pair (JsonBuilder            *b,
                   const JxCliDiff        *diff,
                   const JxComparisonPair *p)
{
  const JxHierAlignment *al = p->alignment;
  g_autoptr(GPtrArray) caveats = pair_caveats (p);

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "stream_a", jx_cli_nonnull (p->name_a));
  jx_cli_json_add_string (b, "stream_b", jx_cli_nonnull (p->name_b));
  add_pairing (b, p);
  jx_cli_json_add_boolean (b, "partial", caveats->len > 0);
  json_builder_set_member_name (b, "caveats");
  json_builder_begin_array (b);
  for (guint k = 0; k < caveats->len; k++)
    json_builder_add_string_value (b, g_ptr_array_index (caveats, k));
  json_builder_end_array (b);
  jx_cli_json_add_double (b, "similarity", p->similarity);
  /* What the similarity is made of: below_baseline says it was clamped. */
  jx_cli_json_add_double (b, "similarity_raw", p->similarity_parts.raw);
  jx_cli_json_add_double (b, "score_ratio", p->similarity_parts.ratio);
  jx_cli_json_add_boolean (b, "below_baseline", p->similarity_parts.below_baseline);
  jx_cli_json_add_int (b, "baseline_score", p->similarity_parts.baseline);
  jx_cli_json_add_int (b, "max_score", p->similarity_parts.max_score);
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
  add_ratio (b, "runtime_ratio", p->seconds_a, p->seconds_b);

  json_builder_set_member_name (b, "functions");
  json_builder_begin_array (b);
  for (guint k = 0; p->function_table != NULL && k < p->function_table->len && (diff->top == 0 || k < diff->top); k++)
    add_function_row (b, diff->cmp, &g_array_index (p->function_table, JxFunctionTimeDiff, k));
  json_builder_end_array (b);

  if (diff->series)
    {
      add_series (b, "dissimilarity", p->dissimilarity);
      add_series (b, "runtime_skew", p->runtime_skew);
      add_series (b, "time_difference", p->time_difference);
    }
  json_builder_end_object (b);
}

JsonNode *
jx_cli_diff_build_json (const JxCliDiff *diff)
{
  JxComparison *cmp = diff->cmp;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(GArray) table = total_function_table (cmp);
  const JxComparisonOptions *opt = jx_comparison_get_options (cmp);
  double runtime_a = jx_comparison_get_runtime_a (cmp);
  double runtime_b = jx_comparison_get_runtime_b (cmp);

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "trace_a", diff->path_a);
  jx_cli_json_add_string (b, "trace_b", diff->path_b);
  add_trace (b, "a", diff->trace_a, diff->report_a, diff->path_a, diff->label_a, runtime_a);
  add_trace (b, "b", diff->trace_b, diff->report_b, diff->path_b, diff->label_b, runtime_b);
  add_ratio (b, "runtime_ratio", runtime_a, runtime_b);
  jx_cli_json_add_string (b, "algorithm", jx_algorithm_to_string (opt->hier.align.algorithm));
  jx_cli_scores_add_json (b, jx_comparison_get_scoring (cmp));
  jx_cli_json_add_double (b, "elapsed_seconds", jx_comparison_get_elapsed (cmp));
  jx_cli_json_add_int (b, "compared_pairs", jx_comparison_get_n_compared (cmp));
  jx_cli_diff_add_headline_json (b, diff);
  jx_cli_pairing_json_summary (b, cmp);

  /* Compared pairs only: every number in them is a comparison. */
  json_builder_set_member_name (b, "pairs");
  json_builder_begin_array (b);
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    if (jx_comparison_pair_is_compared (jx_comparison_get_pair (cmp, i)))
      add_compared_pair (b, diff, jx_comparison_get_pair (cmp, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "not_compared");
  json_builder_begin_array (b);
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      g_autofree char *reason = NULL;

      if (p->skip != JX_COMPARISON_SKIP_MISSING_EVENTS && p->skip != JX_COMPARISON_SKIP_NO_INVOCATIONS)
        continue;
      reason = pair_reason (p);
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "stream_a", jx_cli_nonnull (p->name_a));
      jx_cli_json_add_string (b, "stream_b", jx_cli_nonnull (p->name_b));
      add_pairing (b, p);
      jx_cli_json_add_string (b, "status", jx_comparison_skip_to_string (p->skip));
      jx_cli_json_add_boolean (b, "missing_a", p->missing_a);
      jx_cli_json_add_boolean (b, "missing_b", p->missing_b);
      jx_cli_json_add_int (b, "invocations_a", p->invocations_a);
      jx_cli_json_add_int (b, "invocations_b", p->invocations_b);
      jx_cli_json_add_string (b, "reason", reason);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "unpaired");
  json_builder_begin_array (b);
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
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
      if (p->crossed)
        jx_cli_pairing_json_pair (b, p);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  /* Summed over the compared pairs. */
  json_builder_set_member_name (b, "functions");
  json_builder_begin_array (b);
  for (guint k = 0; k < table->len && (diff->top == 0 || k < diff->top); k++)
    add_function_row (b, cmp, &g_array_index (table, JxFunctionTimeDiff, k));
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

void
jx_cli_diff_print_csv (const JxCliDiff *diff)
{
  JxComparison *cmp = diff->cmp;
  g_autoptr(GString) out = g_string_new (NULL);

  /* status and reason say why a row has empty metrics (see JxComparisonSkip);
   * pairing, name_distance and caveats came later, so they come last. */
  g_string_append (out, "stream_a,stream_b,similarity,length,equal,different,only_a,only_b,ha_score,flat_optimum,"
                        "seconds_a,seconds_b,ha_error,status,reason,pairing,name_distance,caveats,"
                        "similarity_raw,below_baseline"
                        JX_CLI_PAIRING_CSV_HEADER JX_CLI_SCORES_CSV_HEADER "\n");
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;
      g_autoptr(GPtrArray) caveats = pair_caveats (p);
      g_autofree char *reason = pair_reason (p);
      g_autofree char *caveat_list = NULL;

      jx_cli_csv_append_field (out, jx_cli_nonnull (p->name_a));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, jx_cli_nonnull (p->name_b));
      if (al == NULL)
        /* Unpaired or not compared: listed, with empty metrics. */
        g_string_append (out, ",,,,,,,,,,,,");
      else
        {
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
          g_string_append_c (out, ',');
        }
      g_string_append (out, jx_comparison_skip_to_string (p->skip));
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, reason);
      if (p->stream_a != JX_NONE && p->stream_b != JX_NONE)
        g_string_append_printf (out, ",%s,%u,",
                                jx_pairing_method_to_string (jx_comparison_pair_get_method (p)),
                                p->process_distance + p->stream_distance);
      else
        g_string_append (out, ",,,");
      g_ptr_array_add (caveats, NULL);
      caveat_list = g_strjoinv (";", (char **) caveats->pdata);
      g_string_append (out, caveat_list);
      if (al != NULL)
        {
          char raw[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (out, ",%s,%s", g_ascii_formatd (raw, sizeof raw, "%.6f", p->similarity_parts.raw),
                                  p->similarity_parts.below_baseline ? "true" : "false");
        }
      else
        g_string_append (out, ",,");
      jx_cli_pairing_csv_fields (out, p);
      jx_cli_scores_csv_field (out, jx_comparison_get_scoring (cmp));
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

/* --csv --functions: the summed function time difference table, in the
 * columns the window's table exports. */
void
jx_cli_diff_print_functions_csv (const JxCliDiff *diff)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GArray) table = total_function_table (diff->cmp);

  jx_function_table_append_csv_header (out);
  for (guint i = 0; i < table->len; i++)
    {
      const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, i);

      jx_function_table_append_csv_row (out, jx_cli_nonnull (jx_comparison_get_symbol_name (diff->cmp, r->symbol)), r);
    }
  fputs (out->str, stdout);
}
