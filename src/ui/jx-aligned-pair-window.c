/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-aligned-pair-window.c */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-aligned-pair-window.h"

struct _JxAlignedPairWindow
{
  AdwWindow          parent_instance;

  JxSession         *session;
  JxSessionTrace    *items[2];
  JxAlignedPairView *view;

  AdwWindowTitle    *window_title;
  GtkWidget         *content;
};

G_DEFINE_FINAL_TYPE (JxAlignedPairWindow, jx_aligned_pair_window, ADW_TYPE_WINDOW)

/* A trace of the pair left the session: nothing to show any more. */
static void
on_items_changed (JxAlignedPairWindow *self)
{
  for (guint i = 0; i < 2; i++)
    if (!jx_session_find_item (self->session, self->items[i], NULL))
      {
        gtk_window_destroy (GTK_WINDOW (self));
        return;
      }
}

/* The header's zoom buttons: the view's own commands. */
static void
forward_action (GtkWidget  *widget,
                const char *name,
                GVariant   *parameter)
{
  JxAlignedPairWindow *self = JX_ALIGNED_PAIR_WINDOW (widget);

  if (self->view != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self->view), name, NULL);
}

static void
jx_aligned_pair_window_dispose (GObject *object)
{
  JxAlignedPairWindow *self = JX_ALIGNED_PAIR_WINDOW (object);

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_object (&self->items[0]);
  g_clear_object (&self->items[1]);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_ALIGNED_PAIR_WINDOW);

  G_OBJECT_CLASS (jx_aligned_pair_window_parent_class)->dispose (object);
}

static void
jx_aligned_pair_window_class_init (JxAlignedPairWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_aligned_pair_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-aligned-pair-window.ui");
  gtk_widget_class_bind_template_child (widget_class, JxAlignedPairWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, JxAlignedPairWindow, content);
  gtk_widget_class_install_action (widget_class, "pair.zoom-in", NULL, forward_action);
  gtk_widget_class_install_action (widget_class, "pair.zoom-out", NULL, forward_action);
  gtk_widget_class_install_action (widget_class, "pair.zoom-all", NULL, forward_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
jx_aligned_pair_window_init (JxAlignedPairWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
jx_aligned_pair_window_new (GtkWindow      *parent,
                            JxSession      *session,
                            JxSessionTrace *item,
                            guint32         stream)
{
  JxAlignedPairWindow *self;
  GtkWidget *view;
  JxSessionTrace *other;
  gboolean side_b;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  if (!jx_session_get_diff_bar (session, item, stream, NULL, &side_b, &other) ||
      (view = jx_aligned_pair_view_new (session, item, stream)) == NULL)
    return NULL;

  /* It holds the session: it goes with the window it was opened from. */
  self = g_object_new (JX_TYPE_ALIGNED_PAIR_WINDOW, "transient-for", parent, "destroy-with-parent", TRUE, NULL);
  self->session = g_object_ref (session);
  self->items[0] = g_object_ref (item);
  self->items[1] = g_object_ref (other);
  self->view = JX_ALIGNED_PAIR_VIEW (view);
  gtk_widget_set_vexpand (view, TRUE);
  gtk_box_append (GTK_BOX (self->content), view);
  adw_window_title_set_subtitle (self->window_title, jx_aligned_pair_view_get_title (self->view));
  g_signal_connect_swapped (session, "items-changed", G_CALLBACK (on_items_changed), self);
  gtk_widget_grab_focus (view);
  return GTK_WIDGET (self);
}

JxAlignedPairView *
jx_aligned_pair_window_get_view (JxAlignedPairWindow *self)
{
  g_return_val_if_fail (JX_IS_ALIGNED_PAIR_WINDOW (self), NULL);
  return self->view;
}
