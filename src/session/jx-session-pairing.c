/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-pairing.c — see jx-session-pairing.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-session-pairing.h"

char *
jx_session_stream_label (JxTrace *trace,
                         guint32  stream)
{
  const JxStream *s;
  const JxProcess *p;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (stream < jx_trace_get_n_streams (trace), NULL);

  s = jx_trace_get_stream (trace, stream);
  p = s->process < jx_trace_get_n_processes (trace) ? jx_trace_get_process (trace, s->process) : NULL;
  return g_strdup_printf ("%s / %s", p != NULL ? p->name : "?", s->name);
}

/* The entry of item's comparison holding `stream` on that side. */
static const JxComparisonPair *
find_entry (JxComparison *cmp,
            gboolean      reference_side,
            guint32       stream)
{
  guint n = cmp != NULL ? jx_comparison_get_n_pairs (cmp) : 0;

  for (guint i = 0; i < n; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if ((reference_side ? p->stream_a : p->stream_b) == stream)
        return p;
    }
  return NULL;
}

guint32
jx_session_get_partner (JxSession      *self,
                        JxSessionTrace *item,
                        gboolean        reference_side,
                        guint32         stream,
                        gboolean       *by_hand)
{
  const JxComparisonPair *p;

  g_return_val_if_fail (JX_IS_SESSION (self), JX_NONE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), JX_NONE);

  if (by_hand != NULL)
    *by_hand = FALSE;
  p = find_entry (jx_session_trace_get_comparison (item), reference_side, stream);
  if (p == NULL)
    return JX_NONE;
  if (by_hand != NULL)
    *by_hand = p->stream_a != JX_NONE && p->stream_b != JX_NONE && p->stream_method == JX_PAIRED_BY_USER;
  return reference_side ? p->stream_b : p->stream_a;
}

static gboolean
names_any (const char  *name,
           const char **names,
           guint        n)
{
  for (guint i = 0; i < n; i++)
    if (names[i] != NULL && g_strcmp0 (name, names[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
jx_session_pair_streams (JxSession       *self,
                         JxSessionTrace  *item,
                         guint32          stream_a,
                         guint32          stream_b,
                         GError         **error)
{
  JxSessionTrace *reference;
  JxTrace *ta, *tb;
  JxComparison *cmp;
  const JxComparisonPair *of_a, *of_b;
  guint32 old_a, old_b;
  g_autofree char *x = NULL, *y = NULL, *x2 = NULL, *y2 = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) pairs = NULL;
  const char *const *now;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  reference = jx_session_get_reference (self);
  ta = reference != NULL ? jx_session_trace_get_trace (reference) : NULL;
  tb = jx_session_trace_get_trace (item);
  cmp = jx_session_trace_get_comparison (item);
  if (item == reference || ta == NULL || tb == NULL || cmp == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, "%s",
                   _("the trace is not compared with the reference yet"));
      return FALSE;
    }
  if (stream_a >= jx_trace_get_n_streams (ta) || stream_b >= jx_trace_get_n_streams (tb))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s", _("no such stream"));
      return FALSE;
    }

  of_a = find_entry (cmp, TRUE, stream_a);
  of_b = find_entry (cmp, FALSE, stream_b);
  old_b = of_a != NULL ? of_a->stream_b : JX_NONE;
  old_a = of_b != NULL ? of_b->stream_a : JX_NONE;
  if (old_b == stream_b)
    return TRUE;

  x = jx_session_stream_label (ta, stream_a);
  y = jx_session_stream_label (tb, stream_b);
  x2 = old_a != JX_NONE ? jx_session_stream_label (ta, old_a) : NULL;
  y2 = old_b != JX_NONE ? jx_session_stream_label (tb, old_b) : NULL;

  /* The overrides that name none of the four streams stay. */
  builder = g_strv_builder_new ();
  now = jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item));
  for (guint i = 0; now[i] != NULL && now[i + 1] != NULL; i += 2)
    {
      const char *in_a[] = { x, x2 };
      const char *in_b[] = { y, y2 };

      if (names_any (now[i], in_a, 2) || names_any (now[i + 1], in_b, 2))
        continue;
      g_strv_builder_add (builder, now[i]);
      g_strv_builder_add (builder, now[i + 1]);
    }
  g_strv_builder_add (builder, x);
  g_strv_builder_add (builder, y);
  if (x2 != NULL && y2 != NULL)
    {
      g_strv_builder_add (builder, x2);
      g_strv_builder_add (builder, y2);
    }
  pairs = g_strv_builder_end (builder);
  jx_offset_history_set_pairs (jx_session_get_offset_history (self), item, (const char *const *) pairs);
  return TRUE;
}

/* The items whose hand pairing `item` stands for: itself, or every trace
 * compared with the reference for NULL or the reference. */
static GPtrArray *
paired_items (JxSession      *self,
              JxSessionTrace *item)
{
  GPtrArray *items = g_ptr_array_new ();
  JxSessionTrace *reference = jx_session_get_reference (self);

  if (item != NULL && item != reference)
    {
      g_ptr_array_add (items, item);
      return items;
    }
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self)); i++)
    {
      JxSessionTrace *other = jx_session_peek_item (self, i);

      if (other != reference)
        g_ptr_array_add (items, other);
    }
  return items;
}

gboolean
jx_session_has_hand_pairing (JxSession      *self,
                             JxSessionTrace *item)
{
  g_autoptr(GPtrArray) items = NULL;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);
  g_return_val_if_fail (item == NULL || JX_IS_SESSION_TRACE (item), FALSE);

  items = paired_items (self, item);
  for (guint i = 0; i < items->len; i++)
    if (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (items->pdata[i]))[0] != NULL)
      return TRUE;
  return FALSE;
}

void
jx_session_clear_hand_pairing (JxSession      *self,
                               JxSessionTrace *item)
{
  g_autoptr(GPtrArray) items = NULL;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (item == NULL || JX_IS_SESSION_TRACE (item));

  items = paired_items (self, item);
  /* No pairs for any of them (NULL each): one step for all. */
  jx_offset_history_set_pairs_of (jx_session_get_offset_history (self), (JxSessionTrace **) items->pdata, NULL,
                                  items->len);
}
