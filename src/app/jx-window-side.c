/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-side.c — the window's side pane (Details, Traces, Markers, …):
 * its tabs, which wrap instead of scrolling, and its folding away in a
 * narrow window, where a picked call unfolds it on Details. */
#include "config.h"

#include "jx-window-private.h"
#include "jx-wrap-box.h"

/* Below this width the side pane beside the comparison is folded away. */
#define JX_WINDOW_NARROW_WIDTH 1100

static void
set_side_pane_visible (JxWindow *self,
                       gboolean  visible)
{
  self->adapting = TRUE;
  gtk_widget_set_visible (self->side_box, visible);
  self->adapting = FALSE;
}

/* Out of the allocation: showing or hiding a pane resizes. */
static gboolean
adapt_to_width (gpointer data)
{
  JxWindow *self = data;

  self->adapt_source = 0;
  if (self->narrow)
    set_side_pane_visible (self, FALSE);
  else
    set_side_pane_visible (self, self->settings == NULL ||
                                 g_settings_get_boolean (self->settings, "show-side-pane"));
  return G_SOURCE_REMOVE;
}

/* From the window's size_allocate: crossing the narrow width folds or
 * unfolds the side pane, out of the allocation. */
void
_jx_window_side_allocated (JxWindow *self,
                           int       width)
{
  gboolean narrow = width < JX_WINDOW_NARROW_WIDTH;

  if (narrow != self->narrow && self->adapt_source == 0)
    self->adapt_source = g_idle_add (adapt_to_width, self);
  self->narrow = narrow;
}

/* The user's choice, kept for wide windows; in a narrow one showing the
 * side pane lasts until the window is wide again. */
static void
on_side_box_visible (JxWindow *self)
{
  gboolean visible = gtk_widget_get_visible (self->side_box);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-side-pane");

  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (visible));
  if (self->adapting || self->narrow || self->settings == NULL)
    return;
  g_settings_set_boolean (self->settings, "show-side-pane", visible);
}

static void
change_side_pane (GSimpleAction *action,
                  GVariant      *state,
                  gpointer       user_data)
{
  JxWindow *self = user_data;

  gtk_widget_set_visible (self->side_box, g_variant_get_boolean (state));
}

/* A plain action, not a GPropertyAction: that one would keep the pane (and
 * through its details the session) alive after the window closed. */
void
_jx_window_side_init_pane (JxWindow *self)
{
  g_autoptr(GSimpleAction) action = NULL;

  if (self->settings != NULL)
    set_side_pane_visible (self, g_settings_get_boolean (self->settings, "show-side-pane"));
  action = g_simple_action_new_stateful ("show-side-pane", NULL,
                                         g_variant_new_boolean (gtk_widget_get_visible (self->side_box)));
  g_signal_connect_object (action, "change-state", G_CALLBACK (change_side_pane), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  g_signal_connect_swapped (self->side_box, "notify::visible", G_CALLBACK (on_side_box_visible), self);
}

gboolean
jx_window_is_narrow (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  return self->narrow;
}

/* A narrow window folds the side pane away; a call picked in a timeline
 * brings it back on its Details page, as a folded sidebar opens to show
 * what the user asked to see. It folds again with Shift+F9 or when the
 * window narrows anew. */
static void
on_invocation_selected (JxWindow *self)
{
  if (!self->narrow || gtk_widget_get_visible (self->side_box) ||
      !jx_session_get_selected_invocation (self->session, NULL, NULL, NULL))
    return;
  gtk_stack_set_visible_child_name (self->side_stack, "details");
  g_action_group_change_action_state (G_ACTION_GROUP (self), "show-side-pane", g_variant_new_boolean (TRUE));
}

/* The side pane's tabs: a toggle button per page, in a box that wraps them
 * onto a second line when the pane is narrow, so every title stays whole
 * (GtkStackSwitcher keeps them in one line, wider than the pane). */
static void
on_side_button_toggled (GtkToggleButton *button,
                        JxWindow        *self)
{
  if (gtk_toggle_button_get_active (button))
    gtk_stack_set_visible_child_name (self->side_stack, g_object_get_data (G_OBJECT (button), "jx-page"));
}

static void
sync_side_switcher (JxWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->side_stack);

  for (GtkWidget *button = gtk_widget_get_first_child (self->side_switcher);
       button != NULL;
       button = gtk_widget_get_next_sibling (button))
    if (g_strcmp0 (g_object_get_data (G_OBJECT (button), "jx-page"), name) == 0)
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), TRUE);
}

static void
fill_side_switcher (JxWindow *self)
{
  g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (self->side_stack);
  GtkToggleButton *group = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (pages)); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (G_LIST_MODEL (pages), i);
      GtkStackPage *page = GTK_STACK_PAGE (item);
      GtkWidget *button = gtk_toggle_button_new_with_label (gtk_stack_page_get_title (page));

      gtk_widget_add_css_class (button, "flat");
      g_object_set_data_full (G_OBJECT (button), "jx-page", g_strdup (gtk_stack_page_get_name (page)), g_free);
      if (group != NULL)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
      else
        group = GTK_TOGGLE_BUTTON (button);
      g_object_bind_property (page, "visible", button, "visible", G_BINDING_SYNC_CREATE);
      g_signal_connect (button, "toggled", G_CALLBACK (on_side_button_toggled), self);
      jx_wrap_box_append (JX_WRAP_BOX (self->side_switcher), button);
    }
  g_signal_connect_swapped (self->side_stack, "notify::visible-child-name", G_CALLBACK (sync_side_switcher), self);
  sync_side_switcher (self);
}

/* The tabs, and the Details unfolding for a picked call. */
void
_jx_window_side_init (JxWindow *self)
{
  fill_side_switcher (self);
  g_signal_connect_swapped (self->session, "notify::selected-invocation", G_CALLBACK (on_invocation_selected), self);
}

/* The maximised comparison pane ---------------------------------------------
 *
 * The call tree and the flame graph want height the timelines keep: the
 * toggle hides the timelines (the navigation toolbar stays) so the panes
 * below fill the window, and brings them back at the split they had. The
 * paned's position is never changed, so what the window saves is always
 * the user's split; the maximised state itself lasts for the session only
 * (a window reopening without its timelines would look broken). It is
 * about height alone: the side pane's folding in a narrow window goes on
 * beside it. */
void
_jx_window_set_comparison_maximized (JxWindow *self,
                                     gboolean  maximized)
{
  GtkWidget *timelines = gtk_paned_get_start_child (self->main_paned);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "maximize-comparison");

  maximized = !!maximized;
  if (self->comparison_maximized == maximized)
    return;
  self->comparison_maximized = maximized;
  if (maximized)
    {
      self->maximized_saved_position = gtk_paned_get_position (self->main_paned);
      self->maximized_saved_auto = self->pane_auto;
      /* Hidden lanes want no room: the split must not follow them. */
      self->pane_auto = FALSE;
      gtk_widget_set_visible (GTK_WIDGET (self->bottom_paned), TRUE);
      gtk_widget_set_visible (timelines, FALSE);
    }
  else
    {
      gtk_widget_set_visible (timelines, TRUE);
      gtk_paned_set_position (self->main_paned, self->maximized_saved_position);
      self->pane_position = self->maximized_saved_position;
      self->pane_height = gtk_widget_get_height (GTK_WIDGET (self->main_paned));
      self->pane_auto = self->maximized_saved_auto;
    }
  if (action != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (maximized));
}

static void
change_maximize_comparison (GSimpleAction *action,
                            GVariant      *state,
                            gpointer       user_data)
{
  _jx_window_set_comparison_maximized (JX_WINDOW (user_data), g_variant_get_boolean (state));
}

/* Hiding the panes below (F9) while they fill the window brings the
 * timelines back: the window is never left empty. */
static void
on_bottom_paned_visible (JxWindow *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->bottom_paned)))
    _jx_window_set_comparison_maximized (self, FALSE);
}

void
_jx_window_maximize_init (JxWindow *self)
{
  g_autoptr(GSimpleAction) action = g_simple_action_new_stateful ("maximize-comparison", NULL,
                                                                  g_variant_new_boolean (FALSE));

  g_signal_connect_object (action, "change-state", G_CALLBACK (change_maximize_comparison), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  g_signal_connect_swapped (self->bottom_paned, "notify::visible", G_CALLBACK (on_bottom_paned_visible), self);
}
