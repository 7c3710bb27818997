/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-box-model.c */
#include "config.h"

#include "jx-box-model.h"

static gboolean
release_idle (gpointer data)
{
  return G_SOURCE_REMOVE;
}

void
jx_box_items_changed (GtkBox          *box,
                      GListModel      *model,
                      guint            position,
                      guint            removed,
                      guint            added,
                      JxBoxCreateFunc  create,
                      gpointer         user_data)
{
  GtkWidget *before = NULL;
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BOX (box));
  g_return_if_fail (G_IS_LIST_MODEL (model));
  g_return_if_fail (create != NULL);

  child = gtk_widget_get_first_child (GTK_WIDGET (box));
  for (guint i = 0; i < position && child != NULL; i++)
    {
      before = child;
      child = gtk_widget_get_next_sibling (child);
    }

  for (guint i = 0; i < removed && child != NULL; i++)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, release_idle, g_object_ref (child), g_object_unref);
      gtk_box_remove (box, child);
      child = next;
    }

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (model, position + i);
      GtkWidget *widget = create (item, user_data);

      gtk_box_insert_child_after (box, widget, before);
      before = widget;
    }
}
