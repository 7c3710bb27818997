/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-drag.c — see jx-offset-drag.h. */
#include "config.h"

#include <math.h>

#include "jx-offset-drag.h"
#include "jx-time-drag.h"

struct _JxOffsetDrag
{
  GObject         parent_instance;

  JxSession      *session;     /* not a reference: the session owns us */
  JxSessionTrace *pressed;     /* the item of the running drag (owned) */
  JxSessionTrace *item;        /* = pressed once past the threshold, else NULL */
  double          ns_per_px;
  gint64          origin;      /* offset at the press */
  gint64          offset;      /* live offset */
  guint           id;          /* of the running drag; 0 when none */
  guint           last_id;
};

enum {
  PROP_0,
  PROP_ITEM,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxOffsetDrag, jx_offset_drag, G_TYPE_OBJECT)

static void
jx_offset_drag_dispose (GObject *object)
{
  JxOffsetDrag *self = JX_OFFSET_DRAG (object);

  g_clear_object (&self->item);
  g_clear_object (&self->pressed);

  G_OBJECT_CLASS (jx_offset_drag_parent_class)->dispose (object);
}

static void
jx_offset_drag_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  JxOffsetDrag *self = JX_OFFSET_DRAG (object);

  switch (prop_id)
    {
    case PROP_ITEM:
      g_value_set_object (value, self->item);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_offset_drag_class_init (JxOffsetDragClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = jx_offset_drag_dispose;
  object_class->get_property = jx_offset_drag_get_property;

  properties[PROP_ITEM] =
    g_param_spec_object ("item", NULL, NULL, JX_TYPE_SESSION_TRACE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_offset_drag_init (JxOffsetDrag *self)
{
}

JxOffsetDrag *
jx_offset_drag_get_for_session (JxSession *session)
{
  static GQuark quark;
  JxOffsetDrag *self;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);

  if (quark == 0)
    quark = g_quark_from_static_string ("jx-offset-drag");
  self = g_object_get_qdata (G_OBJECT (session), quark);
  if (self == NULL)
    {
      self = g_object_new (JX_TYPE_OFFSET_DRAG, NULL);
      self->session = session;
      g_object_set_qdata_full (G_OBJECT (session), quark, self, g_object_unref);
    }
  return self;
}

/* The item is still in the session (it may have been removed mid-drag). */
static gboolean
item_alive (JxOffsetDrag *self)
{
  return self->pressed != NULL && jx_session_find_item (self->session, self->pressed, NULL);
}

static void
set_item (JxOffsetDrag   *self,
          JxSessionTrace *item)
{
  if (g_set_object (&self->item, item))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ITEM]);
}

/* Ends the running drag: the session's drag (past the threshold) becomes
 * one undo step, after the offset went back to the origin when cancelled. */
static void
finish (JxOffsetDrag *self,
        gboolean      cancelled)
{
  g_autoptr(JxSessionTrace) pressed = g_steal_pointer (&self->pressed);

  self->id = 0;
  if (pressed == NULL)
    return;
  if (self->item != NULL && jx_session_find_item (self->session, pressed, NULL))
    {
      if (cancelled)
        jx_session_set_offset (self->session, pressed, self->origin);
      /* Origin to origin is no step (jx-offset-history.c drops it). */
      jx_session_end_offset_drag (self->session, pressed);
    }
  self->offset = self->origin;
  set_item (self, NULL);
}

guint
jx_offset_drag_begin (JxOffsetDrag   *self,
                      JxSessionTrace *item,
                      double          ns_per_px)
{
  g_return_val_if_fail (JX_IS_OFFSET_DRAG (self), 0);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), 0);

  finish (self, FALSE);
  if (++self->last_id == 0)
    self->last_id = 1;
  self->id = self->last_id;
  self->ns_per_px = isfinite (ns_per_px) ? ns_per_px : 0.0;
  self->origin = self->offset = jx_session_trace_get_offset (item);
  /* A trace that left the session gets an id that does nothing. */
  if (jx_session_find_item (self->session, item, NULL))
    self->pressed = g_object_ref (item);
  return self->id;
}

gboolean
jx_offset_drag_update (JxOffsetDrag *self,
                       guint         id,
                       double        dx,
                       double        dy)
{
  g_return_val_if_fail (JX_IS_OFFSET_DRAG (self), FALSE);

  if (id == 0 || id != self->id)
    return FALSE;
  if (!item_alive (self))
    return self->item != NULL;
  if (self->item == NULL && !jx_time_drag_past_threshold (dx, dy))
    return FALSE;
  /* Each move, not only the first: an undo in the middle of the drag ends
   * the session's drag, and the rest must still become one step. */
  jx_session_begin_offset_drag (self->session, self->pressed);
  set_item (self, self->pressed);
  self->offset = self->origin + (gint64) llround (dx * self->ns_per_px);
  jx_session_set_offset (self->session, self->item, self->offset);
  return TRUE;
}

void
jx_offset_drag_end (JxOffsetDrag *self,
                    guint         id)
{
  g_return_if_fail (JX_IS_OFFSET_DRAG (self));

  if (id != 0 && id == self->id)
    finish (self, FALSE);
}

void
jx_offset_drag_cancel (JxOffsetDrag *self,
                       guint         id)
{
  g_return_if_fail (JX_IS_OFFSET_DRAG (self));

  if (id != 0 && id == self->id)
    finish (self, TRUE);
}

gboolean
jx_offset_drag_is_active (JxOffsetDrag *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_DRAG (self), FALSE);
  return self->id != 0;
}

JxSessionTrace *
jx_offset_drag_get_item (JxOffsetDrag *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_DRAG (self), NULL);
  return self->item;
}

gint64
jx_offset_drag_get_offset (JxOffsetDrag *self)
{
  g_return_val_if_fail (JX_IS_OFFSET_DRAG (self), 0);
  return self->offset;
}
