/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-history.c */
#include "config.h"

#include "jx-offset-history.h"

struct _JxOffsetHistory
{
  GPtrArray *undo;   /* GArray of JxOffsetChange per step, oldest first */
  GPtrArray *redo;
};

JxOffsetHistory *
jx_offset_history_new (void)
{
  JxOffsetHistory *self = g_new0 (JxOffsetHistory, 1);

  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  return self;
}

void
jx_offset_history_free (JxOffsetHistory *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->undo);
  g_ptr_array_unref (self->redo);
  g_free (self);
}

void
jx_offset_history_push (JxOffsetHistory      *self,
                        const JxOffsetChange *changes,
                        guint                 n_changes)
{
  GArray *step;

  g_return_if_fail (self != NULL);
  g_return_if_fail (changes != NULL || n_changes == 0);

  step = g_array_new (FALSE, FALSE, sizeof (JxOffsetChange));
  for (guint i = 0; i < n_changes; i++)
    if (changes[i].before != changes[i].after)
      g_array_append_val (step, changes[i]);

  if (step->len == 0)
    {
      g_array_unref (step);
      return;
    }
  g_ptr_array_add (self->undo, step);
  g_ptr_array_set_size (self->redo, 0);
}

gboolean
jx_offset_history_can_undo (JxOffsetHistory *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->undo->len > 0;
}

gboolean
jx_offset_history_can_redo (JxOffsetHistory *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->redo->len > 0;
}

static GArray *
move_newest (GPtrArray *from,
             GPtrArray *to)
{
  GArray *step;

  if (from->len == 0)
    return NULL;
  step = g_ptr_array_steal_index (from, from->len - 1);
  g_ptr_array_add (to, step);
  return step;
}

GArray *
jx_offset_history_undo (JxOffsetHistory *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return move_newest (self->undo, self->redo);
}

GArray *
jx_offset_history_redo (JxOffsetHistory *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return move_newest (self->redo, self->undo);
}

static void
forget_in (GPtrArray      *stack,
           JxSessionTrace *item)
{
  for (guint s = stack->len; s > 0; s--)
    {
      GArray *step = g_ptr_array_index (stack, s - 1);

      for (guint c = step->len; c > 0; c--)
        if (g_array_index (step, JxOffsetChange, c - 1).item == item)
          g_array_remove_index (step, c - 1);
      if (step->len == 0)
        g_ptr_array_remove_index (stack, s - 1);
    }
}

void
jx_offset_history_forget (JxOffsetHistory *self,
                          JxSessionTrace  *item)
{
  g_return_if_fail (self != NULL);

  forget_in (self->undo, item);
  forget_in (self->redo, item);
}
