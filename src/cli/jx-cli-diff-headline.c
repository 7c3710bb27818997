/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-headline.c — the headline `juxtrace-cli diff` opens with
 * (src/analysis/jx-headline.h) as text, the JSON `headline` object and the
 * CSV rows of --csv --headline, and the regression gate of --fail-above
 * (docs/headline.md). */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-diff-private.h"

void
jx_cli_diff_json_add_number (JsonBuilder *builder,
                             const char  *name,
                             double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/* Text ------------------------------------------------------------------------- */

void
jx_cli_diff_append_headline_text (GString         *out,
                                  const JxCliDiff *diff)
{
  g_autofree char *text = jx_headline_format (diff->headline, diff->headline_top);

  g_string_append (out, text);
  if (diff->gate)
    {
      g_string_append_printf (out, "%s\n", diff->gate_text);
      if (diff->gate_function != NULL)
        {
          const JxHeadlineContributor *c = jx_headline_find (diff->headline, diff->gate_function);
          g_autofree char *line = jx_headline_format_contributor (c, 0);

          g_string_append_printf (out, "  %s\n", line);
        }
    }
}

/* JSON ------------------------------------------------------------------------- */

static void
add_contributor (JsonBuilder                 *b,
                 guint                        rank,
                 const JxHeadlineContributor *c)
{
  json_builder_begin_object (b);
  jx_cli_json_add_int (b, "rank", rank);
  jx_cli_json_add_string (b, "function", jx_cli_nonnull (c->name));
  jx_cli_json_add_double (b, "change_seconds", c->change);
  /* null: the function took no time in A (new in B), so no ratio exists. */
  jx_cli_diff_json_add_number (b, "relative_change", c->relative);
  jx_cli_diff_json_add_number (b, "share", c->share);
  jx_cli_json_add_double (b, "self_a_seconds", c->self_a);
  jx_cli_json_add_double (b, "self_b_seconds", c->self_b);
  jx_cli_json_add_double (b, "equal_change_seconds", c->equal_change);
  jx_cli_json_add_double (b, "only_change_seconds", c->only_change);
  jx_cli_json_add_int (b, "calls_a", (gint64) c->calls_a);
  jx_cli_json_add_int (b, "calls_b", (gint64) c->calls_b);
  jx_cli_json_add_int (b, "only_a_calls", (gint64) c->only_a);
  jx_cli_json_add_int (b, "only_b_calls", (gint64) c->only_b);
  json_builder_end_object (b);
}

/* The contributors the text shows: the first top (0 = all) whose time
 * changed at all. */
static guint
shown_contributors (const JxHeadline *h,
                    guint             top)
{
  guint n = 0;

  for (guint i = 0; i < jx_headline_get_n_contributors (h) && (top == 0 || i < top); i++)
    {
      if (jx_time_seconds_to_ns (jx_headline_get_contributor (h, i)->change) == 0)
        break;
      n++;
    }
  return n;
}

void
jx_cli_diff_add_headline_json (JsonBuilder     *b,
                               const JxCliDiff *diff)
{
  const JxHeadline *h = diff->headline;
  guint shown = shown_contributors (h, diff->headline_top);
  guint n_rest;
  double rest_change, rest_share;
  g_autofree char *text = jx_headline_format (h, diff->headline_top);
  g_auto(GStrv) lines = g_strsplit (g_strchomp (text), "\n", -1);

  json_builder_set_member_name (b, "headline");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "text");
  json_builder_begin_array (b);
  for (guint i = 0; lines[i] != NULL; i++)
    json_builder_add_string_value (b, lines[i]);
  json_builder_end_array (b);
  jx_cli_json_add_double (b, "runtime_a_seconds", h->runtime_a);
  jx_cli_json_add_double (b, "runtime_b_seconds", h->runtime_b);
  jx_cli_json_add_double (b, "runtime_change_seconds", h->runtime_b - h->runtime_a);
  jx_cli_diff_json_add_number (b, "runtime_ratio", h->runtime_a > 0.0 ? h->runtime_b / h->runtime_a : NAN);
  jx_cli_json_add_string (b, "structure", h->n_compared == 0 ? "not-compared"
                                         : jx_headline_structure_identical (h) ? "identical" : "different");
  jx_cli_json_add_int (b, "compared_pairs", h->n_compared);
  jx_cli_json_add_int (b, "differing_pairs", h->n_differing);
  jx_cli_json_add_int (b, "below_baseline_pairs", h->n_below_baseline);
  jx_cli_json_add_int (b, "equal", (gint64) h->n_equal);
  jx_cli_json_add_int (b, "different", (gint64) h->n_different);
  jx_cli_json_add_int (b, "only_a", (gint64) h->n_only_a);
  jx_cli_json_add_int (b, "only_b", (gint64) h->n_only_b);
  jx_cli_json_add_double (b, "time_in_calls_a_seconds", h->busy_a);
  jx_cli_json_add_double (b, "time_in_calls_b_seconds", h->busy_b);
  jx_cli_json_add_double (b, "total_change_seconds", h->total_change);
  jx_cli_json_add_boolean (b, "directions_disagree", jx_headline_directions_disagree (h));

  json_builder_set_member_name (b, "contributors");
  json_builder_begin_array (b);
  for (guint i = 0; i < shown; i++)
    add_contributor (b, i + 1, jx_headline_get_contributor (h, i));
  json_builder_end_array (b);

  jx_headline_get_rest (h, shown, &n_rest, &rest_change, &rest_share);
  json_builder_set_member_name (b, "other");
  json_builder_begin_object (b);
  jx_cli_json_add_int (b, "functions", n_rest);
  jx_cli_json_add_double (b, "change_seconds", rest_change);
  jx_cli_diff_json_add_number (b, "share", rest_share);
  json_builder_end_object (b);

  if (diff->gate)
    {
      json_builder_set_member_name (b, "gate");
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "subject", diff->gate_function != NULL ? "function" : "runtime");
      if (diff->gate_function != NULL)
        jx_cli_json_add_string (b, "function", diff->gate_function);
      jx_cli_json_add_double (b, "fail_above_percent", diff->gate_percent);
      jx_cli_diff_json_add_number (b, "growth_percent", diff->gate_growth);
      jx_cli_json_add_boolean (b, "new_in_b", isinf (diff->gate_growth));
      jx_cli_json_add_boolean (b, "failed", diff->gate_failed);
      jx_cli_json_add_int (b, "exit_status", diff->gate_failed ? JX_CLI_EXIT_REGRESSION : JX_CLI_EXIT_OK);
      jx_cli_json_add_string (b, "verdict", diff->gate_text);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* CSV -------------------------------------------------------------------------- */

static void
csv_number (GString *out,
            double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  /* Empty where there is no number (NAN: no ratio, no share). */
  if (isfinite (value))
    g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, "%.9g", value));
}

static void
csv_count (GString *out,
           guint64  value)
{
  g_string_append_printf (out, ",%" G_GUINT64_FORMAT, value);
}

/* One row: kind,rank,function then the times, ratios and counts. */
static void
csv_row (GString    *out,
         const char *kind,
         guint       rank,
         const char *function,
         double      a,
         double      b,
         double      change,
         double      ratio,
         double      relative,
         double      share)
{
  g_string_append (out, kind);
  if (rank > 0)
    g_string_append_printf (out, ",%u,", rank);
  else
    g_string_append (out, ",,");
  jx_cli_csv_append_field (out, function != NULL ? function : "");
  csv_number (out, a);
  csv_number (out, b);
  csv_number (out, change);
  csv_number (out, ratio);
  csv_number (out, relative);
  csv_number (out, share);
}

void
jx_cli_diff_print_headline_csv (const JxCliDiff *diff)
{
  const JxHeadline *h = diff->headline;
  g_autoptr(GString) out = g_string_new (NULL);
  guint shown = shown_contributors (h, diff->headline_top);
  guint n_rest;
  double rest_change, rest_share;

  /* Column names are a stable interface for scripts: not translated. */
  g_string_append (out, "kind,rank,function,a_seconds,b_seconds,change_seconds,ratio,relative_change,share,"
                        "equal_change_seconds,only_change_seconds,calls_a,calls_b,only_a_calls,only_b_calls,"
                        "equal,different,only_a,only_b,compared_pairs,differing_pairs\n");

  csv_row (out, "runtime", 0, NULL, h->runtime_a, h->runtime_b, h->runtime_b - h->runtime_a,
           h->runtime_a > 0.0 ? h->runtime_b / h->runtime_a : NAN,
           h->runtime_a > 0.0 ? (h->runtime_b - h->runtime_a) / h->runtime_a : NAN, NAN);
  g_string_append (out, ",,,,,,,,,,,,\n");

  g_string_append (out, jx_headline_structure_identical (h) ? "structure,,identical" : "structure,,different");
  g_string_append (out, ",,,,,,,,,,,,,");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                          ",%u,%u\n", h->n_equal, h->n_different, h->n_only_a, h->n_only_b, h->n_compared,
                          h->n_differing);

  csv_row (out, "time_in_calls", 0, NULL, h->busy_a, h->busy_b, h->total_change,
           h->busy_a > 0.0 ? h->busy_b / h->busy_a : NAN, h->busy_a > 0.0 ? h->total_change / h->busy_a : NAN,
           h->total_change != 0.0 ? 1.0 : NAN);
  g_string_append (out, ",,,,,,,,,,,,\n");

  for (guint i = 0; i < shown; i++)
    {
      const JxHeadlineContributor *c = jx_headline_get_contributor (h, i);

      csv_row (out, "contributor", i + 1, c->name, c->self_a, c->self_b, c->change,
               c->self_a > 0.0 ? c->self_b / c->self_a : NAN, c->relative, c->share);
      csv_number (out, c->equal_change);
      csv_number (out, c->only_change);
      csv_count (out, c->calls_a);
      csv_count (out, c->calls_b);
      csv_count (out, c->only_a);
      csv_count (out, c->only_b);
      g_string_append (out, ",,,,,,\n");
    }

  jx_headline_get_rest (h, shown, &n_rest, &rest_change, &rest_share);
  if (n_rest > 0)
    {
      g_autofree char *label = g_strdup_printf ("%u", n_rest);

      csv_row (out, "other", 0, label, NAN, NAN, rest_change, NAN, NAN, rest_share);
      g_string_append (out, ",,,,,,,,,,,,\n");
    }
  fputs (out->str, stdout);
}

/* Gate ------------------------------------------------------------------------- */

static char *
growth_text (double percent)
{
  if (isinf (percent))
    return g_strdup (_("from nothing"));
  return g_strdup_printf ("%+.1f %%", percent);
}

gboolean
jx_cli_diff_gate_check (JxCliDiff  *diff,
                        GError    **error)
{
  const JxHeadline *h = diff->headline;
  g_autofree char *growth = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *subject = NULL;
  double va, vb;

  if (!diff->gate)
    return TRUE;

  if (diff->gate_function != NULL)
    {
      const JxHeadlineContributor *c = jx_headline_find (h, diff->gate_function);

      if (c == NULL)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--function “%s”: no compared stream of either trace calls a function of that name"),
                       diff->gate_function);
          return FALSE;
        }
      va = c->self_a;
      vb = c->self_b;
      subject = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "the time in %s (self time, in the %u compared stream pair)",
                                              "the time in %s (self time, summed over the %u compared stream pairs)",
                                              h->n_compared),
                                 diff->gate_function, h->n_compared);
    }
  else
    {
      va = h->runtime_a;
      vb = h->runtime_b;
      subject = g_strdup (_("the runtime"));
    }

  if (va > 0.0)
    diff->gate_growth = 100.0 * (vb - va) / va;
  else
    diff->gate_growth = vb > 0.0 ? INFINITY : 0.0;
  diff->gate_failed = diff->gate_growth > diff->gate_percent;

  growth = growth_text (diff->gate_growth);
  a = jx_time_format (jx_time_seconds_to_ns (va), 3);
  b = jx_time_format (jx_time_seconds_to_ns (vb), 3);
  if (diff->gate_failed)
    diff->gate_text = g_strdup_printf (_("Regression gate FAILED: %s changed by %s (%s → %s), more than the %g %% that --fail-above allows; exit status %d."),
                                       subject, growth, a, b, diff->gate_percent, JX_CLI_EXIT_REGRESSION);
  else
    diff->gate_text = g_strdup_printf (_("Regression gate passed: %s changed by %s (%s → %s), not more than the %g %% that --fail-above allows."),
                                       subject, growth, a, b, diff->gate_percent);
  return TRUE;
}
