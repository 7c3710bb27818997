/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-box-model.h — a GtkBox with one child per item of a GListModel (the
 * session's traces): on items-changed only the children of the removed items
 * go and only those of the added ones are created, in place; every other
 * child stays the same widget. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef GtkWidget *(*JxBoxCreateFunc) (gpointer item,
                                       gpointer user_data);

/* Call with the arguments of the model's items-changed; the box's children
 * must match the model's items before the change. A removed child leaves the
 * box at once but is released from an idle callback, so that a widget whose
 * own action removed its item is not finalized inside that action. */
void jx_box_items_changed (GtkBox          *box,
                           GListModel      *model,
                           guint            position,
                           guint            removed,
                           guint            added,
                           JxBoxCreateFunc  create,
                           gpointer         user_data);

G_END_DECLS
