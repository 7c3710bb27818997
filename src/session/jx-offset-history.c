/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-history.c — see jx-offset-history.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-offset-history.h"
#include "jx-session-trace-private.h"

/* An offset change, or (pairs_after not NULL) a change of the streams an
 * item pairs by hand: flat A, B, … name lists. */
typedef struct
{
  JxSessionTrace *item;
  gint64          before;
  gint64          after;
  char          **pairs_before;
  char          **pairs_after;
} Change;

static void
change_clear (gpointer data)
{
  Change *change = data;

  g_clear_pointer (&change->pairs_before, g_strfreev);
  g_clear_pointer (&change->pairs_after, g_strfreev);
}

/* A step: its changes and what kind of command made them, which names
 * it in the Undo and Redo labels. */
typedef struct
{
  JxUndoKind kind;
  GArray    *changes;   /* of Change */
} Step;

static Step *
step_new (JxUndoKind kind)
{
  Step *step = g_new0 (Step, 1);

  step->kind = kind;
  step->changes = g_array_new (FALSE, TRUE, sizeof (Change));
  g_array_set_clear_func (step->changes, change_clear);
  return step;
}

static void
step_free (gpointer data)
{
  Step *step = data;

  g_array_unref (step->changes);
  g_free (step);
}

static void
apply_pairs (JxSessionTrace *item,
             char          **pairs)
{
  JxTrace *trace = jx_session_trace_get_trace (item);

  if (trace != NULL)
    jx_trace_comparison_repair (jx_session_trace_get_trace_comparison (item), trace,
                                (const char *const *) pairs);
}

struct _JxOffsetHistory
{
  GObject     parent_instance;

  GPtrArray  *undo;    /* Step, oldest first */
  GPtrArray  *redo;
  GHashTable *drags;   /* JxSessionTrace* -> gint64* offset when its drag began */
};

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_UNDO_LABEL,
  PROP_REDO_LABEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxOffsetHistory, jx_offset_history, G_TYPE_OBJECT)

static JxUndoKind
newest_kind (GPtrArray *stack)
{
  return stack->len > 0 ? ((Step *) g_ptr_array_index (stack, stack->len - 1))->kind : JX_UNDO_NONE;
}

typedef struct
{
  gboolean   could_undo;
  gboolean   could_redo;
  JxUndoKind undo_kind;
  JxUndoKind redo_kind;
} UndoState;

static UndoState
undo_state (JxOffsetHistory *self)
{
  return (UndoState) { self->undo->len > 0, self->redo->len > 0, newest_kind (self->undo), newest_kind (self->redo) };
}

static void
notify_undo_state (JxOffsetHistory *self,
                   UndoState        before)
{
  if (before.could_undo != (self->undo->len > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (before.could_redo != (self->redo->len > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (before.undo_kind != newest_kind (self->undo))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_LABEL]);
  if (before.redo_kind != newest_kind (self->redo))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REDO_LABEL]);
}

/* Records one step (changes with before == after are left out; nothing at
 * all is recorded when none is left) and forgets what could be redone. */
static void
push_step (JxOffsetHistory *self,
           JxUndoKind       kind,
           const Change    *changes,
           guint            n_changes)
{
  UndoState before = undo_state (self);
  Step *step = step_new (kind);

  for (guint i = 0; i < n_changes; i++)
    if (changes[i].before != changes[i].after)
      g_array_append_val (step->changes, changes[i]);
  if (step->changes->len == 0)
    {
      step_free (step);
      return;
    }
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
  notify_undo_state (self, before);
}

gboolean
jx_offset_history_is_dragging (JxOffsetHistory *self,
                               JxSessionTrace  *item)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), FALSE);
  return g_hash_table_contains (self->drags, item);
}

void
jx_offset_history_set_offset (JxOffsetHistory *self,
                              JxSessionTrace  *item,
                              gint64           offset_ns)
{
  Change change;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  change = (Change) { item, jx_session_trace_get_offset (item), offset_ns };
  _jx_session_trace_set_offset (item, offset_ns);
  /* During a drag the whole gesture becomes one step at end_drag. */
  if (!g_hash_table_contains (self->drags, item))
    push_step (self, JX_UNDO_TIME_SHIFT, &change, 1);
}

void
jx_offset_history_set_offsets (JxOffsetHistory  *self,
                               JxSessionTrace  **items,
                               const gint64     *offsets_ns,
                               guint             n_items)
{
  g_autoptr(GArray) changes = NULL;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (items != NULL || n_items == 0);
  g_return_if_fail (offsets_ns != NULL || n_items == 0);

  changes = g_array_sized_new (FALSE, FALSE, sizeof (Change), n_items);
  for (guint i = 0; i < n_items; i++)
    {
      Change change;

      g_return_if_fail (JX_IS_SESSION_TRACE (items[i]));
      /* A running drag ends here: its own step first, then this one. */
      jx_offset_history_end_drag (self, items[i]);
      change = (Change) { items[i], jx_session_trace_get_offset (items[i]), offsets_ns[i] };
      g_array_append_val (changes, change);
    }

  for (guint i = 0; i < changes->len; i++)
    _jx_session_trace_set_offset (items[i], offsets_ns[i]);
  push_step (self, JX_UNDO_ALIGNMENT, (const Change *) (gpointer) changes->data, changes->len);
}

void
jx_offset_history_begin_drag (JxOffsetHistory *self,
                              JxSessionTrace  *item)
{
  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  if (g_hash_table_contains (self->drags, item))
    return;
  g_hash_table_insert (self->drags, item, g_memdup2 (&(gint64) { jx_session_trace_get_offset (item) }, sizeof (gint64)));
}

void
jx_offset_history_end_drag (JxOffsetHistory *self,
                            JxSessionTrace  *item)
{
  const gint64 *origin;
  Change change;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  origin = g_hash_table_lookup (self->drags, item);
  if (origin == NULL)
    return;
  change = (Change) { item, *origin, jx_session_trace_get_offset (item) };
  g_hash_table_remove (self->drags, item);
  push_step (self, JX_UNDO_TIME_SHIFT, &change, 1);
}

void
jx_offset_history_set_pairs (JxOffsetHistory   *self,
                             JxSessionTrace    *item,
                             const char *const *pairs)
{
  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (JX_IS_SESSION_TRACE (item));

  jx_offset_history_set_pairs_of (self, &item, &pairs, 1);
}

void
jx_offset_history_set_pairs_of (JxOffsetHistory          *self,
                                JxSessionTrace          **items,
                                const char *const *const *pairs,
                                guint                     n_items)
{
  static const char *const none[] = { NULL };
  UndoState before;
  gboolean to_automatic = TRUE;
  Step *step;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  g_return_if_fail (items != NULL || n_items == 0);

  for (guint i = 0; i < n_items && pairs != NULL; i++)
    if (pairs[i] != NULL && pairs[i][0] != NULL)
      to_automatic = FALSE;
  /* Nothing paired by hand after it: the streams are paired automatically
   * again. */
  step = step_new (to_automatic ? JX_UNDO_AUTOMATIC_PAIRING : JX_UNDO_PAIRING);
  for (guint i = 0; i < n_items; i++)
    {
      const char *const *after = pairs != NULL && pairs[i] != NULL ? pairs[i] : none;
      const char *const *now;
      Change change = { 0 };

      g_return_if_fail (JX_IS_SESSION_TRACE (items[i]));
      now = jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (items[i]));
      if (g_strv_equal (now, after))
        continue;
      change.item = items[i];
      change.pairs_before = g_strdupv ((char **) now);
      change.pairs_after = g_strdupv ((char **) after);
      g_array_append_val (step->changes, change);
    }
  if (step->changes->len == 0)
    {
      step_free (step);
      return;
    }
  before = undo_state (self);
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
  for (guint i = 0; i < step->changes->len; i++)
    apply_pairs (g_array_index (step->changes, Change, i).item, g_array_index (step->changes, Change, i).pairs_after);
  notify_undo_state (self, before);
}

gboolean
jx_offset_history_can_undo (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), FALSE);
  return self->undo->len > 0;
}

gboolean
jx_offset_history_can_redo (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), FALSE);
  return self->redo->len > 0;
}

/* Moves the newest step of `from` to `to` and applies its `before` (undo)
 * or `after` offsets; a drag of a trace it moves ends without a step. */
static void
move_newest (JxOffsetHistory *self,
             GPtrArray       *from,
             GPtrArray       *to,
             gboolean         undo)
{
  UndoState before = undo_state (self);
  Step *step;

  if (from->len == 0)
    return;
  step = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, step);
  for (guint i = 0; i < step->changes->len; i++)
    {
      const Change *change = &g_array_index (step->changes, Change, i);

      if (change->pairs_after != NULL)
        {
          apply_pairs (change->item, undo ? change->pairs_before : change->pairs_after);
          continue;
        }
      g_hash_table_remove (self->drags, change->item);
      _jx_session_trace_set_offset (change->item, undo ? change->before : change->after);
    }
  notify_undo_state (self, before);
}

JxUndoKind
jx_offset_history_get_undo_kind (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), JX_UNDO_NONE);
  return newest_kind (self->undo);
}

JxUndoKind
jx_offset_history_get_redo_kind (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), JX_UNDO_NONE);
  return newest_kind (self->redo);
}

/* Whole labels, not "Undo %s": a translation may need to inflect the noun
 * or move the mnemonic. */
const char *
jx_undo_kind_get_undo_label (JxUndoKind kind)
{
  switch (kind)
    {
    case JX_UNDO_TIME_SHIFT:
      return _("_Undo Time Shift");
    case JX_UNDO_ALIGNMENT:
      return _("_Undo Alignment");
    case JX_UNDO_PAIRING:
      return _("_Undo Pairing");
    case JX_UNDO_AUTOMATIC_PAIRING:
      return _("_Undo Automatic Pairing");
    case JX_UNDO_NONE:
    default:
      return _("_Undo");
    }
}

const char *
jx_undo_kind_get_redo_label (JxUndoKind kind)
{
  switch (kind)
    {
    case JX_UNDO_TIME_SHIFT:
      return _("_Redo Time Shift");
    case JX_UNDO_ALIGNMENT:
      return _("_Redo Alignment");
    case JX_UNDO_PAIRING:
      return _("_Redo Pairing");
    case JX_UNDO_AUTOMATIC_PAIRING:
      return _("_Redo Automatic Pairing");
    case JX_UNDO_NONE:
    default:
      return _("_Redo");
    }
}

const char *
jx_offset_history_get_undo_label (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), NULL);
  return jx_undo_kind_get_undo_label (newest_kind (self->undo));
}

const char *
jx_offset_history_get_redo_label (JxOffsetHistory *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_HISTORY (self), NULL);
  return jx_undo_kind_get_redo_label (newest_kind (self->redo));
}

void
jx_offset_history_undo (JxOffsetHistory *self)
{
  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  move_newest (self, self->undo, self->redo, TRUE);
}

void
jx_offset_history_redo (JxOffsetHistory *self)
{
  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));
  move_newest (self, self->redo, self->undo, FALSE);
}

/* Drops item's changes from every step of stack, or with item NULL every
 * change of the streams paired by hand; a step left empty goes. */
static void
forget_in (GPtrArray      *stack,
           JxSessionTrace *item)
{
  for (guint s = stack->len; s > 0; s--)
    {
      Step *step = g_ptr_array_index (stack, s - 1);

      for (guint c = step->changes->len; c > 0; c--)
        {
          const Change *change = &g_array_index (step->changes, Change, c - 1);

          if (item != NULL ? change->item == item : change->pairs_after != NULL)
            g_array_remove_index (step->changes, c - 1);
        }
      if (step->changes->len == 0)
        g_ptr_array_remove_index (stack, s - 1);
    }
}

void
jx_offset_history_forget_pairs (JxOffsetHistory *self)
{
  UndoState before;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));

  before = undo_state (self);
  forget_in (self->undo, NULL);
  forget_in (self->redo, NULL);
  notify_undo_state (self, before);
}

void
jx_offset_history_forget (JxOffsetHistory *self,
                          JxSessionTrace  *item)
{
  UndoState before;

  g_return_if_fail (JX_IS_OFFSET_HISTORY (self));

  before = undo_state (self);
  g_hash_table_remove (self->drags, item);
  forget_in (self->undo, item);
  forget_in (self->redo, item);
  notify_undo_state (self, before);
}

/* Object ------------------------------------------------------------------- */

static void
jx_offset_history_finalize (GObject *object)
{
  JxOffsetHistory *self = JX_OFFSET_HISTORY (object);

  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_hash_table_unref (self->drags);

  G_OBJECT_CLASS (jx_offset_history_parent_class)->finalize (object);
}

static void
jx_offset_history_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  JxOffsetHistory *self = JX_OFFSET_HISTORY (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->undo->len > 0);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->redo->len > 0);
      break;
    case PROP_UNDO_LABEL:
      g_value_set_string (value, jx_offset_history_get_undo_label (self));
      break;
    case PROP_REDO_LABEL:
      g_value_set_string (value, jx_offset_history_get_redo_label (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_offset_history_class_init (JxOffsetHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = jx_offset_history_finalize;
  object_class->get_property = jx_offset_history_get_property;

  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_UNDO_LABEL] = g_param_spec_string ("undo-label", NULL, NULL, NULL, ro);
  properties[PROP_REDO_LABEL] = g_param_spec_string ("redo-label", NULL, NULL, NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_offset_history_init (JxOffsetHistory *self)
{
  self->undo = g_ptr_array_new_with_free_func (step_free);
  self->redo = g_ptr_array_new_with_free_func (step_free);
  self->drags = g_hash_table_new_full (NULL, NULL, NULL, g_free);
}

JxOffsetHistory *
jx_offset_history_new (void)
{
  return g_object_new (JX_TYPE_OFFSET_HISTORY, NULL);
}
