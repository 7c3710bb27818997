/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline.c — see jx-headline.h; definitions in docs/headline.md. */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-function-table.h"
#include "jx-headline.h"
#include "jx-time.h"

#define MINUS "\xe2\x88\x92"

static void
contributor_clear (gpointer data)
{
  JxHeadlineContributor *c = data;

  g_free (c->name);
}

/* +1 or −1 when change is more than 0.1 % of base, else 0 (no change). */
static int
direction (double change,
           double base)
{
  if (fabs (change) <= 1e-3 * fabs (base))
    return 0;
  return change > 0.0 ? 1 : -1;
}

/* A share of a total change within 0.1 % of A's time in calls would divide
 * by rounding noise (shares of 10^15 % were printed for two runs of equal
 * time): such a total has no shares. */
static double
share_of (const JxHeadline *self,
          double            change)
{
  if (direction (self->total_change, self->busy_a) == 0)
    return NAN;
  return change / self->total_change;
}

JxHeadline *
jx_headline_new (JxComparison   *cmp,
                 const gboolean *pairs_done)
{
  g_autoptr(GArray) table = NULL;
  JxHeadline *self;

  g_return_val_if_fail (cmp != NULL, NULL);

  self = g_new0 (JxHeadline, 1);
  self->runtime_a = jx_comparison_get_runtime_a (cmp);
  self->runtime_b = jx_comparison_get_runtime_b (cmp);
  self->n_not_compared = jx_comparison_get_n_not_compared (cmp);
  self->n_unpaired = jx_comparison_get_n_unpaired (cmp);

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
      const JxHierAlignment *al = p->alignment;

      if (!jx_comparison_pair_is_compared (p))
        continue;
      if ((pairs_done != NULL && !pairs_done[i]) || al == NULL)
        {
          self->n_pending++;
          continue;
        }
      self->n_compared++;
      self->n_equal += al->counts[JX_PAIR_EQUAL];
      self->n_different += al->counts[JX_PAIR_DIFFERENT];
      self->n_only_a += al->counts[JX_PAIR_ONLY_A];
      self->n_only_b += al->counts[JX_PAIR_ONLY_B];
      if (al->counts[JX_PAIR_EQUAL] != al->n_pairs)
        self->n_differing++;
      if (p->similarity_parts.below_baseline)
        self->n_below_baseline++;
      self->busy_a += p->busy_a;
      self->busy_b += p->busy_b;
    }

  table = jx_function_table_compute (cmp, pairs_done);
  self->contributors = g_array_sized_new (FALSE, TRUE, sizeof (JxHeadlineContributor), table->len);
  g_array_set_clear_func (self->contributors, contributor_clear);
  for (guint i = 0; i < table->len; i++)
    {
      const JxFunctionTimeDiff *r = &g_array_index (table, JxFunctionTimeDiff, i);
      JxHeadlineContributor c = { 0 };

      c.symbol = r->symbol;
      c.name = g_strdup (jx_comparison_get_symbol_name (cmp, r->symbol));
      c.self_a = r->self_a;
      c.self_b = r->self_b;
      c.change = jx_function_time_diff_get_net (r);
      c.equal_change = jx_function_time_diff_get_equal_change (r);
      c.only_change = jx_function_time_diff_get_only_change (r);
      c.calls_a = r->calls_a;
      c.calls_b = r->calls_b;
      c.only_a = r->only_a;
      c.only_b = r->only_b;
      if (c.self_a > 0.0)
        c.relative = c.change / c.self_a;
      else
        c.relative = c.self_b > 0.0 ? INFINITY : NAN;
      self->total_change += c.change;
      g_array_append_val (self->contributors, c);
    }
  for (guint i = 0; i < self->contributors->len; i++)
    {
      JxHeadlineContributor *c = &g_array_index (self->contributors, JxHeadlineContributor, i);

      c->share = share_of (self, c->change);
    }
  return self;
}

void
jx_headline_free (JxHeadline *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->contributors, g_array_unref);
  g_free (self);
}

guint
jx_headline_get_n_contributors (const JxHeadline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->contributors->len;
}

const JxHeadlineContributor *
jx_headline_get_contributor (const JxHeadline *self,
                             guint             index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->contributors->len, NULL);
  return &g_array_index (self->contributors, JxHeadlineContributor, index);
}

const JxHeadlineContributor *
jx_headline_find (const JxHeadline *self,
                  const char       *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->contributors->len; i++)
    {
      const JxHeadlineContributor *c = &g_array_index (self->contributors, JxHeadlineContributor, i);

      if (g_strcmp0 (c->name, name) == 0)
        return c;
    }
  return NULL;
}

void
jx_headline_get_rest (const JxHeadline *self,
                      guint             top,
                      guint            *n,
                      double           *change,
                      double           *share)
{
  double sum = 0.0;
  guint count = 0;

  g_return_if_fail (self != NULL);

  for (guint i = top; top > 0 && i < self->contributors->len; i++)
    {
      sum += g_array_index (self->contributors, JxHeadlineContributor, i).change;
      count++;
    }
  if (n != NULL)
    *n = count;
  if (change != NULL)
    *change = sum;
  if (share != NULL)
    *share = share_of (self, sum);
}

gboolean
jx_headline_directions_disagree (const JxHeadline *self)
{
  int runtime, sum;

  g_return_val_if_fail (self != NULL, FALSE);

  runtime = direction (self->runtime_b - self->runtime_a, self->runtime_a);
  sum = direction (self->total_change, self->busy_a);
  return runtime != 0 && sum != 0 && runtime != sum;
}

gboolean
jx_headline_structure_identical (const JxHeadline *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->n_compared > 0 && self->n_differing == 0;
}

/* Formatting ------------------------------------------------------------------ */

/* "+4.16 s", "−3 ms", "0 s". */
static char *
signed_time (double seconds)
{
  g_autofree char *text = jx_time_format (jx_time_seconds_to_ns (seconds), 3);

  if (jx_time_seconds_to_ns (seconds) > 0)
    return g_strconcat ("+", text, NULL);
  return g_steal_pointer (&text);
}

static char *
plain_time (double seconds)
{
  return jx_time_format (jx_time_seconds_to_ns (seconds), 3);
}

/* "+810 %", "−4.2 %", "+0.05 %": about three significant digits. */
static char *
signed_percent (double fraction)
{
  double v = fabs (fraction) * 100.0;
  const char *sign = fraction > 0.0 ? "+" : (fraction < 0.0 ? MINUS : "");
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  /* Decide the decimals on the rounded value: 99.97 is "100", not "100.0". */
  if (v >= 99.95 || v == 0.0)
    g_snprintf (number, sizeof number, "%.0f", v);
  else if (v >= 9.995)
    g_snprintf (number, sizeof number, "%.1f", v);
  else if (v >= 0.005)
    g_snprintf (number, sizeof number, "%.2f", v);
  else
    return g_strdup_printf ("%s<0.01 %%", sign);
  return g_strdup_printf ("%s%s %%", sign, number);
}

/* A share without a plus sign: "22.5 %", "−3.1 %". */
static char *
share_text (double share)
{
  g_autofree char *text = signed_percent (share);

  return g_strdup (text[0] == '+' ? text + 1 : text);
}

char *
jx_headline_format_runtime (const JxHeadline *self)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *delta = NULL;
  double change;

  g_return_val_if_fail (self != NULL, NULL);

  a = plain_time (self->runtime_a);
  b = plain_time (self->runtime_b);
  change = self->runtime_b - self->runtime_a;
  delta = signed_time (change);
  if (self->runtime_a <= 0.0)
    return g_strdup_printf (_("Runtime: A %s → B %s"), a, b);
  if (jx_time_seconds_to_ns (change) == 0)
    return g_strdup_printf (_("Runtime: A %s → B %s (the same)"), a, b);
  return g_strdup_printf (change > 0.0 ? _("Runtime: A %s → B %s (×%.2f, %s: B slower)")
                                       : _("Runtime: A %s → B %s (×%.2f, %s: B faster)"),
                          a, b, self->runtime_b / self->runtime_a, delta);
}

char *
jx_headline_format_structure (const JxHeadline *self)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, NULL);

  if (self->n_compared == 0)
    return g_strdup (self->n_pending > 0 ? _("Structure: not known yet (the stream pairs are being compared)")
                                         : _("Structure: no stream pair could be compared"));
  if (self->n_differing == 0)
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "Structure: identical in the %u compared stream pair (%" PRIu64 " equal calls)",
                                         "Structure: identical in all %u compared stream pairs (%" PRIu64 " equal calls)",
                                         self->n_compared),
                            self->n_compared, self->n_equal);
  else
    {
      guint64 n = self->n_different + self->n_only_a + self->n_only_b;

      g_string_append_printf (out,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Structure: %" PRIu64 " difference",
                                           "Structure: %" PRIu64 " differences", n),
                              n);
      if (self->n_differing == self->n_compared)
        g_string_append_printf (out,
                                g_dngettext (GETTEXT_PACKAGE,
                                             " in the %u compared stream pair",
                                             " in all %u compared stream pairs", self->n_compared),
                                self->n_compared);
      else
        g_string_append_printf (out,
                                g_dngettext (GETTEXT_PACKAGE,
                                             " in %u of the %u compared stream pair",
                                             " in %u of the %u compared stream pairs", self->n_compared),
                                self->n_differing, self->n_compared);
      g_string_append_printf (out,
                              _(" (%" PRIu64 " mismatched call pairs, %" PRIu64 " calls only in A, %" PRIu64 " only in B; %" PRIu64 " equal)"),
                              self->n_different, self->n_only_a, self->n_only_b, self->n_equal);
    }
  if (self->n_below_baseline > 0)
    g_string_append_printf (out,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "; %u pair’s similarity reads 0 because its score lies below the all-mismatch baseline",
                                         "; %u pairs’ similarity reads 0 because their score lies below the all-mismatch baseline",
                                         self->n_below_baseline),
                            self->n_below_baseline);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
jx_headline_format_totals (const JxHeadline *self)
{
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *delta = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  a = plain_time (self->busy_a);
  b = plain_time (self->busy_b);
  delta = signed_time (self->total_change);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Time in calls in the %u compared stream pair: %s → %s (%s); by function (self time), largest change first:",
                                       "Time in calls summed over the %u compared stream pairs: %s → %s (%s); by function (self time), largest change first:",
                                       self->n_compared),
                          self->n_compared, a, b, delta);
}

/* "calls 600 → 100 (6× fewer)"; NULL when the counts are equal. */
static char *
calls_clause (const JxHeadlineContributor *c)
{
  if (c->calls_a == c->calls_b)
    return NULL;
  if (c->calls_a == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "new in B: %" PRIu64 " call",
                                         "new in B: %" PRIu64 " calls", (gulong) MIN (c->calls_b, G_MAXULONG)),
                            c->calls_b);
  if (c->calls_b == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "gone in B: %" PRIu64 " call in A",
                                         "gone in B: %" PRIu64 " calls in A", (gulong) MIN (c->calls_a, G_MAXULONG)),
                            c->calls_a);
  if (c->calls_b > c->calls_a)
    return g_strdup_printf (_("calls %" PRIu64 " → %" PRIu64 " (%.3g× more)"),
                            c->calls_a, c->calls_b, (double) c->calls_b / (double) c->calls_a);
  return g_strdup_printf (_("calls %" PRIu64 " → %" PRIu64 " (%.3g× fewer)"),
                          c->calls_a, c->calls_b, (double) c->calls_a / (double) c->calls_b);
}

/* "−1.05 s from the 500 calls only in A, −50 ms from equal calls". */
static char *
split_clause (const JxHeadlineContributor *c)
{
  g_autofree char *only = signed_time (c->only_change);
  g_autofree char *equal = signed_time (c->equal_change);
  g_autofree char *from_only = NULL;

  if (c->only_a > 0 && c->only_b > 0)
    from_only = g_strdup_printf (_("%s from the %" PRIu64 " calls only in A and %" PRIu64 " only in B"),
                                 only, c->only_a, c->only_b);
  else if (c->only_a > 0)
    from_only = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s from the %" PRIu64 " call only in A",
                                              "%s from the %" PRIu64 " calls only in A",
                                              (gulong) MIN (c->only_a, G_MAXULONG)),
                                 only, c->only_a);
  else
    from_only = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s from the %" PRIu64 " call only in B",
                                              "%s from the %" PRIu64 " calls only in B",
                                              (gulong) MIN (c->only_b, G_MAXULONG)),
                                 only, c->only_b);
  return g_strdup_printf (_("%s, %s from equal calls"), from_only, equal);
}

char *
jx_headline_format_contributor (const JxHeadlineContributor *c,
                                guint                        name_width)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *change = NULL;
  g_autofree char *relative = NULL;
  glong len;

  g_return_val_if_fail (c != NULL, NULL);

  g_string_append (out, c->name != NULL ? c->name : "");
  len = g_utf8_strlen (out->str, -1);
  for (glong i = len; i < (glong) name_width; i++)
    g_string_append_c (out, ' ');
  change = signed_time (c->change);
  if (isinf (c->relative))
    relative = g_strdup (_("new"));
  else if (isnan (c->relative))
    relative = g_strdup ("–");
  else
    relative = signed_percent (c->relative);
  g_string_append_printf (out, "  %s (%s)", change, relative);
  if (!isnan (c->share))
    {
      g_autofree char *share = share_text (c->share);

      g_string_append_printf (out, _(" — %s of the change"), share);
    }
  if (c->only_a + c->only_b > 0)
    {
      g_autofree char *calls = calls_clause (c);

      g_string_append (out, "; ");
      /* A function new or gone in B: the count says it all. */
      if (c->calls_a == 0 || c->calls_b == 0)
        g_string_append (out, calls);
      else
        {
          g_autofree char *split = split_clause (c);

          if (calls != NULL)
            g_string_append_printf (out, "%s: ", calls);
          g_string_append (out, split);
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
jx_headline_format_change (const JxHeadlineContributor *c)
{
  g_autofree char *change = NULL;
  g_autofree char *relative = NULL;

  g_return_val_if_fail (c != NULL, NULL);

  change = signed_time (c->change);
  if (isinf (c->relative))
    return g_strdup_printf (_("%s (new)"), change);
  if (isnan (c->relative))
    return g_steal_pointer (&change);
  relative = signed_percent (c->relative);
  return g_strdup_printf ("%s (%s)", change, relative);
}

char *
jx_headline_format_share_value (const JxHeadlineContributor *c)
{
  g_return_val_if_fail (c != NULL, NULL);

  return isnan (c->share) ? g_strdup ("") : share_text (c->share);
}

char *
jx_headline_format_share (const JxHeadlineContributor *c)
{
  g_autofree char *share = NULL;

  g_return_val_if_fail (c != NULL, NULL);

  if (isnan (c->share))
    return g_strdup ("");
  share = share_text (c->share);
  return g_strdup_printf (_("%s of the change"), share);
}

char *
jx_headline_format_detail (const JxHeadlineContributor *c)
{
  g_autofree char *calls = NULL;
  g_autofree char *split = NULL;

  g_return_val_if_fail (c != NULL, NULL);

  if (c->only_a + c->only_b == 0)
    return NULL;
  calls = calls_clause (c);
  if (c->calls_a == 0 || c->calls_b == 0)
    return g_steal_pointer (&calls);
  split = split_clause (c);
  return calls != NULL ? g_strdup_printf ("%s: %s", calls, split) : g_steal_pointer (&split);
}

char *
jx_headline_format_unpaired (const JxHeadline *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->n_unpaired == 0)
    return NULL;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream without a counterpart, not compared",
                                       "%u streams without a counterpart, not compared", self->n_unpaired),
                          self->n_unpaired);
}

char *
jx_headline_format_brief (const JxHeadline *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  double change;

  g_return_val_if_fail (self != NULL, NULL);

  a = plain_time (self->runtime_a);
  b = plain_time (self->runtime_b);
  change = self->runtime_b - self->runtime_a;
  if (self->runtime_a <= 0.0 || jx_time_seconds_to_ns (change) == 0)
    g_string_append_printf (out, _("%s → %s"), a, b);
  else
    g_string_append_printf (out, change > 0.0 ? _("%s → %s (×%.2f, slower)") : _("%s → %s (×%.2f, faster)"),
                            a, b, self->runtime_b / self->runtime_a);
  g_string_append (out, " · ");
  if (self->n_compared == 0)
    g_string_append (out, self->n_pending > 0 ? _("comparing…") : _("nothing to compare"));
  else if (self->n_differing == 0)
    g_string_append (out, self->n_pending > 0 ? _("identical structure so far") : _("identical structure"));
  else
    {
      guint64 n = self->n_different + self->n_only_a + self->n_only_b;

      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%" PRIu64 " structural difference",
                                                "%" PRIu64 " structural differences", n),
                              n);
      if (self->n_pending > 0)
        g_string_append (out, _(" so far"));
    }
  /* "identical structure" is about the compared pairs only: say that
   * some streams were not compared (32 of 64 ranks in a 32 → 64 study). */
  if (self->n_compared > 0 && self->n_unpaired > 0)
    {
      g_autofree char *unpaired = jx_headline_format_unpaired (self);

      g_string_append_printf (out, " (%s)", unpaired);
    }
  if (jx_headline_get_n_contributors (self) > 0)
    {
      const JxHeadlineContributor *top = jx_headline_get_contributor (self, 0);
      g_autofree char *what = jx_headline_format_change (top);

      if (jx_time_seconds_to_ns (top->change) != 0)
        {
          g_string_append_printf (out, " · %s %s", top->name, what);
          if (!isnan (top->share))
            {
              g_autofree char *share = share_text (top->share);

              /* TRANSLATORS: the top contributor's share, e.g. ", 41 % of the change" */
              g_string_append_printf (out, _(", %s of the change"), share);
            }
        }
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
jx_headline_format (const JxHeadline *self,
                    guint             top)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *runtime = NULL;
  g_autofree char *structure = NULL;
  guint shown = 0, width = 0, n_rest;
  double rest_change, rest_share;

  g_return_val_if_fail (self != NULL, NULL);

  runtime = jx_headline_format_runtime (self);
  structure = jx_headline_format_structure (self);
  g_string_append_printf (out, "%s\n%s\n", runtime, structure);
  if (self->n_compared == 0)
    return g_string_free (g_steal_pointer (&out), FALSE);

  for (guint i = 0; i < self->contributors->len && (top == 0 || i < top); i++)
    {
      const JxHeadlineContributor *c = &g_array_index (self->contributors, JxHeadlineContributor, i);

      if (jx_time_seconds_to_ns (c->change) == 0)
        break;
      width = MAX (width, (guint) MIN (g_utf8_strlen (c->name, -1), 48));
      shown++;
    }

  if (shown == 0)
    {
      g_autofree char *a = plain_time (self->busy_a);

      g_string_append_printf (out, _("Time in calls: %s in both; no function’s time changed by a nanosecond or more.\n"), a);
    }
  else
    {
      g_autofree char *totals = jx_headline_format_totals (self);

      g_string_append_printf (out, "%s\n", totals);
      for (guint i = 0; i < shown; i++)
        {
          g_autofree char *line = jx_headline_format_contributor (jx_headline_get_contributor (self, i), width);

          g_string_append_printf (out, "  %s\n", line);
        }
      jx_headline_get_rest (self, shown, &n_rest, &rest_change, &rest_share);
      if (n_rest > 0)
        {
          g_autofree char *label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u other function",
                                                                 "%u other functions", n_rest),
                                                    n_rest);
          g_autofree char *change = signed_time (rest_change);
          glong len = g_utf8_strlen (label, -1);

          g_string_append_printf (out, "  %s", label);
          for (glong k = len; k < (glong) width; k++)
            g_string_append_c (out, ' ');
          g_string_append_printf (out, "  %s", change);
          if (!isnan (rest_share))
            {
              g_autofree char *share = share_text (rest_share);

              g_string_append_printf (out, _(" — %s of the change"), share);
            }
          g_string_append_c (out, '\n');
        }
    }

  if (jx_headline_directions_disagree (self))
    g_string_append_printf (out, "%s\n",
                            self->runtime_b > self->runtime_a
                            ? _("Note: the runtime grew while the time in calls summed over the streams fell: the streams run side by side and overlap differently in B.")
                            : _("Note: the runtime fell while the time in calls summed over the streams grew: the streams run side by side and overlap differently in B."));
  if (self->n_unpaired > 0 && self->n_not_compared > 0)
    g_string_append_printf (out, _("Not counted: %u streams without a counterpart and %u stream pairs with nothing to compare.\n"),
                            self->n_unpaired, self->n_not_compared);
  else if (self->n_unpaired > 0)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "Not counted: %u stream without a counterpart in the other trace.\n",
                                              "Not counted: %u streams without a counterpart in the other trace.\n",
                                              self->n_unpaired),
                            self->n_unpaired);
  else if (self->n_not_compared > 0)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "Not counted: %u stream pair with nothing to compare.\n",
                                              "Not counted: %u stream pairs with nothing to compare.\n",
                                              self->n_not_compared),
                            self->n_not_compared);
  if (self->n_pending > 0)
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "So far: %u stream pair is still being compared.\n",
                                              "So far: %u stream pairs are still being compared.\n", self->n_pending),
                            self->n_pending);
  return g_string_free (g_steal_pointer (&out), FALSE);
}
