/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-call-highlight.c — see jx-call-highlight.h. */
#include "config.h"

#include <stdlib.h>

#include "jx-call-highlight.h"

/* One trace's calls, for drawing. */
typedef struct
{
  guint32 *offset;              /* n_streams + 1 */
  guint32 *invocations;
} ItemIndex;

struct _JxCallHighlight
{
  GObject     parent_instance;

  char       *label;
  GArray     *calls;            /* JxHighlightedCall, items referenced */
  GHashTable *index;            /* JxSessionTrace * (borrowed from calls) -> ItemIndex */
};

enum {
  PROP_0,
  PROP_N_CALLS,
  PROP_LABEL,
  N_PROPS
};

enum {
  ITEM_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxCallHighlight, jx_call_highlight, G_TYPE_OBJECT)

static void
item_index_free (gpointer data)
{
  ItemIndex *index = data;

  g_free (index->offset);
  g_free (index->invocations);
  g_free (index);
}

static int
compare_call (gconstpointer pa,
              gconstpointer pb)
{
  const JxHighlightedCall *a = pa, *b = pb;

  if (a->stream != b->stream)
    return a->stream < b->stream ? -1 : 1;
  return a->invocation < b->invocation ? -1 : (a->invocation > b->invocation ? 1 : 0);
}

/* The per-stream index of item's calls. */
static ItemIndex *
build_index (JxCallHighlight *self,
             JxSessionTrace  *item)
{
  JxTrace *trace = jx_session_trace_get_trace (item);
  guint n_streams = trace != NULL ? jx_trace_get_n_streams (trace) : 0;
  g_autoptr(GArray) mine = g_array_new (FALSE, FALSE, sizeof (JxHighlightedCall));
  ItemIndex *index = g_new0 (ItemIndex, 1);

  for (guint i = 0; i < self->calls->len; i++)
    {
      const JxHighlightedCall *call = &g_array_index (self->calls, JxHighlightedCall, i);

      if (call->item == item && call->stream < n_streams)
        g_array_append_val (mine, *call);
    }
  g_array_sort (mine, compare_call);
  index->offset = g_new0 (guint32, n_streams + 1);
  index->invocations = g_new (guint32, MAX (mine->len, 1));
  for (guint i = 0; i < mine->len; i++)
    {
      const JxHighlightedCall *call = &g_array_index (mine, JxHighlightedCall, i);

      index->invocations[i] = call->invocation;
      index->offset[call->stream + 1]++;
    }
  for (guint s = 0; s < n_streams; s++)
    index->offset[s + 1] += index->offset[s];
  return index;
}

/* The distinct items of calls, referenced. */
static GPtrArray *
items_of (GArray *calls)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; calls != NULL && i < calls->len; i++)
    {
      JxSessionTrace *item = g_array_index (calls, JxHighlightedCall, i).item;

      if (!g_ptr_array_find (items, item, NULL))
        g_ptr_array_add (items, g_object_ref (item));
    }
  return items;
}

static void
unref_calls (GArray *calls)
{
  for (guint i = 0; i < calls->len; i++)
    g_object_unref (g_array_index (calls, JxHighlightedCall, i).item);
  g_array_unref (calls);
}

/* Takes `calls` (items referenced) as the new set and tells the views of
 * every trace whose calls came or went. */
static void
replace (JxCallHighlight *self,
         const char      *label,
         GArray          *calls)
{
  g_autoptr(GPtrArray) before = items_of (self->calls);
  g_autoptr(GPtrArray) after = NULL;
  guint old_n = self->calls->len;
  gboolean label_changed = g_strcmp0 (label, self->label) != 0;

  g_hash_table_remove_all (self->index);
  unref_calls (self->calls);
  self->calls = calls;
  if (label_changed)
    {
      g_free (self->label);
      self->label = g_strdup (label);
    }
  after = items_of (self->calls);
  for (guint i = 0; i < after->len; i++)
    {
      JxSessionTrace *item = g_ptr_array_index (after, i);

      g_hash_table_insert (self->index, item, build_index (self, item));
    }

  for (guint i = 0; i < after->len; i++)
    if (!g_ptr_array_find (before, g_ptr_array_index (after, i), NULL))
      g_ptr_array_add (before, g_object_ref (g_ptr_array_index (after, i)));
  for (guint i = 0; i < before->len; i++)
    g_signal_emit (self, signals[ITEM_CHANGED], 0, g_ptr_array_index (before, i));
  if (old_n != self->calls->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CALLS]);
  if (label_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL]);
}

JxCallHighlight *
jx_call_highlight_new (void)
{
  return g_object_new (JX_TYPE_CALL_HIGHLIGHT, NULL);
}

void
jx_call_highlight_set (JxCallHighlight         *self,
                       const char              *label,
                       const JxHighlightedCall *calls,
                       guint                    n)
{
  GArray *copy;

  g_return_if_fail (JX_IS_CALL_HIGHLIGHT (self));
  g_return_if_fail (n == 0 || calls != NULL);

  if (n == 0)
    {
      jx_call_highlight_clear (self);
      return;
    }
  copy = g_array_sized_new (FALSE, FALSE, sizeof (JxHighlightedCall), n);
  for (guint i = 0; i < n; i++)
    {
      JxHighlightedCall call = calls[i];

      g_return_if_fail (JX_IS_SESSION_TRACE (call.item));
      g_object_ref (call.item);
      g_array_append_val (copy, call);
    }
  replace (self, label, copy);
}

void
jx_call_highlight_clear (JxCallHighlight *self)
{
  g_return_if_fail (JX_IS_CALL_HIGHLIGHT (self));

  if (self->calls->len == 0 && self->label == NULL)
    return;
  replace (self, NULL, g_array_new (FALSE, FALSE, sizeof (JxHighlightedCall)));
}

const char *
jx_call_highlight_get_label (JxCallHighlight *self)
{
  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), NULL);
  return self->label;
}

guint
jx_call_highlight_get_n_calls (JxCallHighlight *self)
{
  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), 0);
  return self->calls->len;
}

const JxHighlightedCall *
jx_call_highlight_get_calls (JxCallHighlight *self,
                             guint           *n)
{
  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), NULL);

  if (n != NULL)
    *n = self->calls->len;
  return (const JxHighlightedCall *) (gpointer) self->calls->data;
}

guint
jx_call_highlight_find (JxCallHighlight *self,
                        JxSessionTrace  *item,
                        guint32          stream,
                        guint32          invocation)
{
  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), G_MAXUINT);

  for (guint i = 0; i < self->calls->len; i++)
    {
      const JxHighlightedCall *call = &g_array_index (self->calls, JxHighlightedCall, i);

      if (call->item == item && call->stream == stream && call->invocation == invocation)
        return i;
    }
  return G_MAXUINT;
}

gboolean
jx_call_highlight_get_index (JxCallHighlight  *self,
                             JxSessionTrace   *item,
                             const guint32   **offset,
                             const guint32   **invocations)
{
  ItemIndex *index;

  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), FALSE);

  index = item != NULL ? g_hash_table_lookup (self->index, item) : NULL;
  if (offset != NULL)
    *offset = index != NULL ? index->offset : NULL;
  if (invocations != NULL)
    *invocations = index != NULL ? index->invocations : NULL;
  return index != NULL;
}

guint
jx_call_highlight_step (JxCallHighlight *self,
                        JxSessionTrace  *item,
                        guint32          stream,
                        guint32          invocation,
                        gboolean         forward)
{
  guint n, at;

  g_return_val_if_fail (JX_IS_CALL_HIGHLIGHT (self), G_MAXUINT);

  n = self->calls->len;
  if (n == 0)
    return G_MAXUINT;
  at = jx_call_highlight_find (self, item, stream, invocation);
  if (at == G_MAXUINT)
    return forward ? 0 : n - 1;
  return forward ? (at + 1) % n : (at + n - 1) % n;
}

void
jx_call_highlight_forget (JxCallHighlight *self,
                          JxSessionTrace  *item)
{
  GArray *kept;

  g_return_if_fail (JX_IS_CALL_HIGHLIGHT (self));

  if (!g_hash_table_contains (self->index, item))
    return;
  kept = g_array_new (FALSE, FALSE, sizeof (JxHighlightedCall));
  for (guint i = 0; i < self->calls->len; i++)
    {
      JxHighlightedCall call = g_array_index (self->calls, JxHighlightedCall, i);

      if (call.item == item)
        continue;
      g_object_ref (call.item);
      g_array_append_val (kept, call);
    }
  replace (self, kept->len > 0 ? self->label : NULL, kept);
}

static void
jx_call_highlight_dispose (GObject *object)
{
  JxCallHighlight *self = JX_CALL_HIGHLIGHT (object);

  g_hash_table_remove_all (self->index);
  if (self->calls->len > 0)
    {
      unref_calls (self->calls);
      self->calls = g_array_new (FALSE, FALSE, sizeof (JxHighlightedCall));
    }
  G_OBJECT_CLASS (jx_call_highlight_parent_class)->dispose (object);
}

static void
jx_call_highlight_finalize (GObject *object)
{
  JxCallHighlight *self = JX_CALL_HIGHLIGHT (object);

  g_hash_table_unref (self->index);
  unref_calls (self->calls);
  g_free (self->label);
  G_OBJECT_CLASS (jx_call_highlight_parent_class)->finalize (object);
}

static void
jx_call_highlight_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxCallHighlight *self = JX_CALL_HIGHLIGHT (object);

  switch (prop_id)
    {
    case PROP_N_CALLS:
      g_value_set_uint (value, self->calls->len);
      break;
    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_call_highlight_class_init (JxCallHighlightClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_call_highlight_dispose;
  object_class->finalize = jx_call_highlight_finalize;
  object_class->get_property = jx_call_highlight_get_property;

  properties[PROP_N_CALLS] = g_param_spec_uint ("n-calls", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[ITEM_CHANGED] = g_signal_new ("item-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                        NULL, NULL, NULL, G_TYPE_NONE, 1, JX_TYPE_SESSION_TRACE);
}

static void
jx_call_highlight_init (JxCallHighlight *self)
{
  self->calls = g_array_new (FALSE, FALSE, sizeof (JxHighlightedCall));
  self->index = g_hash_table_new_full (NULL, NULL, NULL, item_index_free);
}
