/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-app.c — what the window tests share. */
#include "config.h"

#include "jx-test-app.h"
#include "jx-test-util.h"

JxWindow *
jx_test_app_active_window (JxApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  g_assert_true (JX_IS_WINDOW (window));
  return JX_WINDOW (window);
}

void
jx_test_app_close_windows (JxApplication *app)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    gtk_window_destroy (windows->data);
  jx_test_spin (50);
}

void
jx_test_wait_mapped (GtkWidget *widget)
{
  g_assert_true (jx_test_wait_until ((JxTestCondition) gtk_widget_get_mapped, widget, 10));
  /* Let layout and the first frame happen. Not jx_test_layout: the window
   * follows its lanes with the split over the next frames, and a layout
   * forced in between made test-window-layout see a lane at half its
   * height. */
  jx_test_spin (200);
}

GtkWidget *
jx_test_find_descendant (GtkWidget *widget,
                         GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = jx_test_find_descendant (child, type);

      if (found != NULL)
        return found;
    }

  return NULL;
}

gboolean
jx_test_menu_has_item (GMenuModel *model,
                       const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);
      g_autofree char *name = NULL;

      if (section != NULL && jx_test_menu_has_item (section, action))
        return TRUE;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_strcmp0 (name, action) == 0)
        return TRUE;
    }

  return FALSE;
}

GtkWindow *
jx_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();   /* borrowed */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (item, type) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return GTK_WINDOW (item);
    }

  return NULL;
}
