/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-text.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-diff-text.h"

/* Functions named in an extra run's text before "…". */
#define MAX_NAMES 4

char *
jx_diff_text_change (gint64      duration_a_ns,
                     gint64      duration_b_ns,
                     const char *name_a,
                     const char *name_b)
{
  g_autofree char *amount = NULL;
  gint64 delta = duration_a_ns - duration_b_ns;

  if (delta == 0)
    return g_strdup (_("same duration"));
  amount = jx_time_format (ABS (delta), 4);
  /* The faster trace is named: "986.1 µs faster in “B”". */
  return g_strdup_printf (_("%s faster in “%s”"), amount, delta > 0 ? name_b : name_a);
}

const char *
jx_diff_text_state (JxDiffState state)
{
  switch (state)
    {
    case JX_DIFF_EQUAL:
      return _("equal");
    case JX_DIFF_DIFFERENT:
      return _("different");
    case JX_DIFF_ONLY_HERE:
      return _("only in this trace");
    case JX_DIFF_ONLY_THERE:
      return _("only in the other trace");
    case JX_DIFF_NONE:
    case JX_DIFF_N_STATES:
    default:
      return _("no call");
    }
}

typedef struct
{
  const char *name;
  guint       count;
} NameCount;

static int
compare_counts (gconstpointer a,
                gconstpointer b)
{
  const NameCount *x = a, *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return g_strcmp0 (x->name, y->name);
}

char *
jx_diff_text_extra (const JxPairDiff *diff,
                    gboolean          side_b,
                    guint             extra,
                    JxTrace          *other,
                    guint32           other_stream,
                    const char       *other_name)
{
  const JxDiffExtra *run = jx_pair_diff_get_extra (diff, side_b, extra);
  const JxHierAlignment *al = jx_pair_diff_get_alignment (diff);
  const JxStream *s = jx_trace_get_stream (other, other_stream);
  g_autoptr(GHashTable) counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr(GArray) names = g_array_new (FALSE, FALSE, sizeof (NameCount));
  g_autoptr(GString) text = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key, value;

  for (guint32 k = run->first_pair; k < run->first_pair + run->n_pairs; k++)
    {
      guint32 node = side_b ? al->pairs[k].a : al->pairs[k].b;
      guint32 region;

      if (node == JX_ALIGN_NONE || node >= s->n_invocations)
        continue;
      region = s->region[node];
      g_hash_table_insert (counts, GUINT_TO_POINTER (region + 1),
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, GUINT_TO_POINTER (region + 1))) + 1));
    }
  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      NameCount nc = { jx_trace_get_region (other, GPOINTER_TO_UINT (key) - 1)->name, GPOINTER_TO_UINT (value) };

      g_array_append_val (names, nc);
    }
  g_array_sort (names, compare_counts);

  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u call only in “%s”", "%u calls only in “%s”",
                                             run->n_pairs),
                          run->n_pairs, other_name);
  g_string_append (text, ": ");
  for (guint i = 0; i < names->len && i < MAX_NAMES; i++)
    {
      const NameCount *nc = &g_array_index (names, NameCount, i);

      g_string_append_printf (text, i == 0 ? "%s ×%u" : ", %s ×%u", nc->name, nc->count);
    }
  if (names->len > MAX_NAMES)
    g_string_append (text, ", …");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
call_line (JxSessionTrace *item,
           guint32         stream,
           guint32         inv)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, stream);
  g_autofree char *duration = jx_time_format (jx_trace_ticks_to_ns (trace, (gint64) (s->end[inv] - s->start[inv])), 4);
  g_autofree char *start = jx_time_format (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), s->start[inv]), 6);

  return g_markup_printf_escaped (_("<b>%s</b> in “%s”: %s from %s"),
                                  jx_trace_get_region (trace, s->region[inv])->name,
                                  jx_session_trace_get_name (item), duration, start);
}

static gint64
duration_ns (JxSessionTrace *item,
             guint32         stream,
             guint32         inv)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  const JxStream *s = jx_trace_get_stream (trace, stream);

  return jx_trace_ticks_to_ns (trace, (gint64) (s->end[inv] - s->start[inv]));
}

char *
jx_diff_text_tooltip (JxSession               *session,
                      JxSessionTrace          *item,
                      const JxTimelineDiffHit *hit)
{
  const JxComparisonPair *pair;
  JxSessionTrace *other;
  gboolean side_b;
  guint32 other_stream, partner;
  g_autofree char *here = NULL;
  g_autofree char *there = NULL;
  g_autofree char *change = NULL;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (hit != NULL, NULL);

  if (!jx_session_get_diff_bar (session, item, hit->stream, &pair, &side_b, &other) ||
      jx_session_trace_get_trace (other) == NULL)
    return NULL;
  other_stream = side_b ? pair->stream_a : pair->stream_b;

  if (hit->extra != JX_NONE)
    {
      g_autofree char *text = jx_diff_text_extra (pair->diff, side_b, hit->extra, jx_session_trace_get_trace (other),
                                                  other_stream, jx_session_trace_get_name (other));
      g_autofree char *escaped = g_markup_escape_text (text, -1);

      return g_strdup_printf ("%s\n<small>%s</small>", escaped,
                              _("They take no time in this trace; click to select the first of them."));
    }
  if (hit->invocation == JX_NONE)
    return NULL;

  here = call_line (item, hit->stream, hit->invocation);
  partner = jx_pair_diff_partner (pair->diff, side_b, hit->invocation);
  if (partner == JX_NONE)
    {
      g_autofree char *note = g_markup_printf_escaped (_("Only in this trace: “%s” has no call aligned with it."),
                                                       jx_session_trace_get_name (other));

      return g_strdup_printf ("%s\n%s\n<small>%s</small>", here, note, _("Click to select it."));
    }

  there = call_line (other, other_stream, partner);
  change = jx_diff_text_change (duration_ns (side_b ? other : item, pair->stream_a, side_b ? partner : hit->invocation),
                                duration_ns (side_b ? item : other, pair->stream_b, side_b ? hit->invocation : partner),
                                jx_session_trace_get_name (side_b ? other : item),
                                jx_session_trace_get_name (side_b ? item : other));
  {
    g_autofree char *state = g_markup_escape_text (jx_diff_text_state (hit->state), -1);
    g_autofree char *change_escaped = g_markup_escape_text (change, -1);

    return g_strdup_printf ("%s\n%s\n%s · %s\n<small>%s</small>", here, there, state, change_escaped,
                            _("Click to select both."));
  }
}
