/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window.c — the comparison window: pages, the trace rows, loading and
 * its failures, opening traces, and the window's state. Its commands are in
 * jx-window-actions.c. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-application.h"
#include "jx-box-model.h"
#include "jx-load-selection-dialog.h"
#include "jx-palette.h"
#include "jx-trace-row.h"
#include "jx-window-private.h"
#include "jx-wrap-box.h"

G_DEFINE_FINAL_TYPE (JxWindow, jx_window, ADW_TYPE_APPLICATION_WINDOW)

void
jx_window_show_toast (JxWindow   *self,
                      const char *message)
{
  AdwToast *toast;

  g_return_if_fail (JX_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_failure_toast_dismissed (AdwToast *toast,
                            JxWindow *self)
{
  if (self->failure_toast == toast)
    {
      g_clear_weak_pointer (&self->failure_toast);
      g_ptr_array_set_size (self->failed_names, 0);
    }
}

/* Every failed load is named: a failure while the toast is up adds its
 * name to that toast, which then lists all of them. */
static void
report_load_failure (JxWindow   *self,
                     const char *name)
{
  g_autofree char *title = NULL;
  AdwToast *toast;
  guint n;

  if (self->failure_toast == NULL)
    g_ptr_array_set_size (self->failed_names, 0);
  g_ptr_array_add (self->failed_names, g_markup_escape_text (name != NULL ? name : "", -1));
  n = self->failed_names->len;

  if (n == 1)
    title = g_strdup_printf (_("Could not open “%s”"), (const char *) g_ptr_array_index (self->failed_names, 0));
  else
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (list, i == 0 ? "“%s”" : ", “%s”",
                                (const char *) g_ptr_array_index (self->failed_names, i));
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Could not open %u trace: %s",
                                            "Could not open %u traces: %s", n),
                               n, list->str);
    }

  /* The toast that is up takes the longer list. Dismissing it for a new
   * one crashed libadwaita 1.2 when it was still sliding in (several
   * traces failing at once). */
  if (self->failure_toast != NULL)
    {
      adw_toast_set_title (self->failure_toast, title);
      return;
    }

  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 8);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_failure_toast_dismissed), self, 0);
  g_set_weak_pointer (&self->failure_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error_dialog (JxWindow   *self,
                   const char *heading,
                   const char *body)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Pages and state ---------------------------------------------------------- */

gboolean
_jx_window_is_comparison (JxWindow *self)
{
  return g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "comparison") == 0;
}

static guint
count_in_state (JxWindow            *self,
                JxSessionTraceState  state)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  guint count = 0;

  for (guint i = 0; i < n; i++)
    if (jx_session_trace_get_state (jx_session_peek_item (self->session, i)) == state)
      count++;
  return count;
}

/* Keeps title, toolbar and action sensitivity in line with the session. */
void
_jx_window_update_state (JxWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  guint n_loading = jx_session_get_n_loading (self->session);
  guint n_failed = count_in_state (self, JX_SESSION_TRACE_FAILED);
  gboolean has_extent = jx_session_get_extent (self->session, NULL);
  gboolean comparison = _jx_window_is_comparison (self);
  g_autofree char *subtitle = NULL;

  if (!comparison || n == 0)
    subtitle = g_strdup ("");
  else if (n_loading > 0)
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Loading %u of %u trace…", "Loading %u of %u traces…", n), n_loading, n);
  else if (n_failed > 0)
    {
      g_autofree char *loaded = NULL;
      g_autofree char *failed = NULL;

      /* Only loaded traces are compared; the failed ones are counted apart. */
      loaded = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trace", "%u traces", n - n_failed), n - n_failed);
      failed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u failed", "%u failed", n_failed), n_failed);
      subtitle = g_strdup_printf ("%s · %s", loaded, failed);
    }
  else
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trace", "%u traces", n), n);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  gtk_widget_set_visible (self->add_button, comparison);
  /* The welcome page has no side pane to show. */
  gtk_widget_set_visible (self->side_pane_button, comparison);
  gtk_widget_set_visible (self->mode_box, comparison);
  gtk_widget_set_visible (self->history_box, comparison);
  gtk_widget_set_visible (GTK_WIDGET (self->search_entry), comparison);

  gtk_widget_action_set_enabled (widget, "win.add-trace", comparison);
  gtk_widget_action_set_enabled (widget, "win.close-comparison", comparison);
  gtk_widget_action_set_enabled (widget, "win.search", comparison);
  gtk_widget_action_set_enabled (widget, "win.zoom-in", has_extent);
  gtk_widget_action_set_enabled (widget, "win.zoom-out", has_extent);
  gtk_widget_action_set_enabled (widget, "win.zoom-all", has_extent);
  gtk_widget_action_set_enabled (widget, "win.pan-left", has_extent);
  gtk_widget_action_set_enabled (widget, "win.pan-right", has_extent);
  gtk_widget_action_set_enabled (widget, "win.shift-earlier", has_extent);
  gtk_widget_action_set_enabled (widget, "win.shift-later", has_extent);
  gtk_widget_action_set_enabled (widget, "win.set-offset", n > 0);
  gtk_widget_action_set_enabled (widget, "win.reset-offset", n > 0);
  gtk_widget_action_set_enabled (widget, "win.change-color", n > 0);
  gtk_widget_action_set_enabled (widget, "win.remove-trace", n > 0);
  gtk_widget_action_set_enabled (widget, "win.next-trace", n > 1);
  gtk_widget_action_set_enabled (widget, "win.previous-trace", n > 1);
  _jx_window_update_session_actions (self);
}

void
_jx_window_show_page (JxWindow   *self,
                      const char *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  /* A comparison closed while maximised: the next one opens with its
   * timelines. */
  if (g_strcmp0 (name, "welcome") == 0)
    _jx_window_set_comparison_maximized (self, FALSE);
  _jx_window_update_state (self);
}

/* Trace rows --------------------------------------------------------------- */

static gboolean
not_loaded (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      user_data)
{
  g_value_set_boolean (to, g_value_get_enum (from) != JX_SESSION_TRACE_LOADED);
  return TRUE;
}

static GtkWidget *
create_row (gpointer item,
            gpointer user_data)
{
  JxWindow *self = user_data;

  return jx_trace_row_new (self->session, item);
}

/* At the top of the comparison while the trace loads or after it failed. */
static GtkWidget *
create_loading_row (gpointer item,
                    gpointer user_data)
{
  GtkWidget *row = create_row (item, user_data);

  g_object_bind_property_full (item, "state", row, "visible", G_BINDING_SYNC_CREATE,
                               not_loaded, NULL, NULL, NULL);
  return row;
}

static void
update_loading_box (JxWindow *self)
{
  gboolean any = count_in_state (self, JX_SESSION_TRACE_LOADED) <
                 g_list_model_get_n_items (G_LIST_MODEL (self->session));

  gtk_widget_set_visible (self->loading_scroller, any);
}

static void
on_items_changed (JxWindow   *self,
                  guint       position,
                  guint       removed,
                  guint       added,
                  GListModel *model)
{
  jx_box_items_changed (self->traces_box, model, position, removed, added, create_row, self);
  jx_box_items_changed (self->loading_box, model, position, removed, added, create_loading_row, self);
  update_loading_box (self);

  /* The last trace went: back to the start. */
  if (g_list_model_get_n_items (model) == 0 && !self->opening && _jx_window_is_comparison (self))
    _jx_window_show_page (self, "welcome");
  else
    _jx_window_update_state (self);
}

/* A load ended: tell about a failure once (its row keeps showing it). */
static void
on_trace_state (JxWindow       *self,
                JxSessionTrace *item)
{
  const GError *error = jx_session_trace_get_error (item);

  /* Too large for the memory there is: offer a part of it instead. */
  if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_FAILED &&
      g_error_matches (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE))
    gtk_window_present (GTK_WINDOW (jx_load_selection_dialog_new (GTK_WINDOW (self), self->session, item)));
  else if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_FAILED &&
           !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    report_load_failure (self, jx_session_trace_get_name (item));
  /* Function colours by importance, before any view draws the trace. */
  if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED)
    jx_palette_assign_trace (jx_session_trace_get_trace (item));

  update_loading_box (self);
  _jx_window_update_state (self);
}

static void
on_n_loading_changed (JxWindow *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));

  if (jx_session_get_n_loading (self->session) == 0 && !self->recent_recorded && n > 0)
    {
      g_autoptr(GPtrArray) paths = g_ptr_array_new_null_terminated (n, NULL, TRUE);

      /* Only the traces that loaded make up the comparison. */
      for (guint i = 0; i < n; i++)
        {
          JxSessionTrace *item = jx_session_peek_item (self->session, i);

          if (jx_session_trace_get_state (item) == JX_SESSION_TRACE_LOADED)
            g_ptr_array_add (paths, (gpointer) jx_session_trace_get_path (item));
        }
      self->recent_recorded = TRUE;
      jx_welcome_page_remember (self->welcome_page, (const char * const *) paths->pdata);
    }
  _jx_window_restore_folds (self);
  _jx_window_update_state (self);
}

static void
on_selection_changed (JxWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->side_stack);

  /* A click on an invocation is a request to see its details; one in the
   * imbalance ranking or the merged call tree of the Processes page, to see
   * it in the timelines beside the ranking or the tree. */
  if (jx_session_get_selected_invocation (self->session, NULL, NULL, NULL) &&
      g_strcmp0 (page, "imbalance") != 0 && g_strcmp0 (page, "processes") != 0)
    gtk_stack_set_visible_child_name (self->side_stack, "details");
}

static void
on_search_changed (GtkSearchEntry *entry,
                   JxWindow       *self)
{
  jx_session_set_search (self->session, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
on_stop_search (GtkSearchEntry *entry,
                JxWindow       *self)
{
  gtk_editable_set_text (GTK_EDITABLE (entry), "");
  gtk_widget_grab_focus (GTK_WIDGET (self->stack));
}

/* Opening ------------------------------------------------------------------ */

void
jx_window_open_paths (JxWindow           *self,
                      const char * const *paths,
                      gboolean            add)
{
  guint n_skipped = 0;
  guint n_added = 0;

  g_return_if_fail (JX_IS_WINDOW (self));
  g_return_if_fail (paths != NULL);

  /* A saved comparison among them opens alone (the first one). */
  for (guint i = 0; paths[i] != NULL; i++)
    if (g_str_has_suffix (paths[i], JX_SESSION_FILE_SUFFIX))
      {
        jx_window_open_comparison_file (self, paths[i]);
        return;
      }

  self->opening = TRUE;
  if (!add)
    {
      _jx_window_forget_comparison_file (self);
      jx_session_clear (self->session);
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
    }
  self->recent_recorded = FALSE;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (jx_session_find_path (self->session, paths[i]) != NULL)
        {
          n_skipped++;
          continue;
        }
      jx_session_add_path (self->session, paths[i]);
      n_added++;
    }
  self->opening = FALSE;

  if (n_skipped > 0)
    jx_window_show_toast (self, g_dngettext (GETTEXT_PACKAGE,
                                             "That trace is already part of the comparison",
                                             "Some traces are already part of the comparison",
                                             n_skipped));

  if (g_list_model_get_n_items (G_LIST_MODEL (self->session)) > 0)
    _jx_window_show_page (self, "comparison");
  else if (n_added == 0 && !add)
    _jx_window_show_page (self, "welcome");
}

void
jx_window_open_files (JxWindow  *self,
                      GFile    **files,
                      guint      n_files,
                      gboolean   add)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) paths = NULL;
  guint n_remote = 0;

  g_return_if_fail (JX_IS_WINDOW (self));

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          n_remote++;
          continue;
        }
      g_strv_builder_add (builder, path);
    }

  if (n_remote > 0)
    jx_window_show_toast (self, _("Only traces on this computer can be opened"));

  paths = g_strv_builder_end (builder);
  if (paths[0] != NULL)
    jx_window_open_paths (self, (const char * const *) paths, add);
}

gboolean
jx_window_open_examples (JxWindow *self)
{
  g_autofree char *dir = jx_application_dup_examples_dir ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) paths = NULL;

  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);

  paths = jx_application_list_examples (dir, &error);
  if (paths == NULL)
    {
      show_error_dialog (self, _("Example Comparison Not Found"), error->message);
      return FALSE;
    }

  jx_window_open_paths (self, (const char * const *) paths, FALSE);
  return TRUE;
}

static void
on_open_recent (JxWindow           *self,
                const char * const *paths)
{
  jx_window_open_paths (self, paths, FALSE);
}

static void
on_chooser_response (GtkNativeDialog *dialog,
                     int              response,
                     JxWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) array = g_ptr_array_new_with_free_func (g_object_unref);
      guint n = g_list_model_get_n_items (files);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (array, g_list_model_get_item (files, i));

      jx_window_open_files (self, (GFile **) array->pdata, array->len, self->chooser_adds);
    }

  g_clear_object (&self->chooser);
}

void
_jx_window_run_chooser (JxWindow             *self,
                        GtkFileChooserAction  action,
                        gboolean              adds)
{
  g_autoptr(GtkFileFilter) otf2 = NULL;
  g_autoptr(GtkFileFilter) all = NULL;
  const char *title;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (self->chooser);
      return;
    }

  if (action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER)
    title = adds ? _("Add Trace Folders") : _("Open Trace Folders");
  else
    title = adds ? _("Add Traces") : _("Open Traces");

  self->chooser_adds = adds;
  self->chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                                  adds ? _("_Add") : _("_Open"),
                                                                  _("_Cancel")));
  gtk_native_dialog_set_modal (self->chooser, TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);

  if (action == GTK_FILE_CHOOSER_ACTION_OPEN)
    {
      otf2 = gtk_file_filter_new ();
      gtk_file_filter_set_name (otf2, _("OTF2 Traces and Saved Comparisons"));
      gtk_file_filter_add_pattern (otf2, "*.otf2");
      gtk_file_filter_add_pattern (otf2, "*" JX_SESSION_FILE_SUFFIX);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), otf2);

      all = gtk_file_filter_new ();
      gtk_file_filter_set_name (all, _("All Files"));
      gtk_file_filter_add_pattern (all, "*");
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), all);
    }

  g_signal_connect (self->chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (self->chooser);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         JxWindow      *self)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new ();

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  for (GSList *l = g_value_get_boxed (value); l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  if (files->len == 0)
    return FALSE;

  /* Dropping onto an open comparison extends it, onto the welcome page starts one. */
  jx_window_open_files (self, (GFile **) files->pdata, files->len, _jx_window_is_comparison (self));
  return TRUE;
}

/* Window state ------------------------------------------------------------- */

static void
save_window_state (JxWindow *self)
{
  int width;
  int height;

  if (self->settings == NULL)
    return;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  g_settings_delay (self->settings);
  if (!gtk_window_is_maximized (GTK_WINDOW (self)) && !gtk_window_is_fullscreen (GTK_WINDOW (self)) &&
      width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (GTK_WINDOW (self)));
  /* Only positions the user could see are worth keeping. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self->bottom_paned)))
    {
      g_settings_set_int (self->settings, "bottom-pane-position",
                          self->pane_auto ? -1 : gtk_paned_get_position (self->main_paned));
      g_settings_set_int (self->settings, "side-pane-position", gtk_paned_get_position (self->bottom_paned));
      g_settings_set_int (self->settings, "summary-pane-position", gtk_paned_get_position (self->summary_paned));
    }
  g_settings_apply (self->settings);
}

#define BOTTOM_PANE_MIN 240

/* Until the user places it, the split follows what the lanes want: all
 * traces at their full rows if that fits, else all the room the panes below
 * leave (their minimum). */
static gboolean
auto_pane_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  JxWindow *self = user_data;
  GtkWidget *start = gtk_paned_get_start_child (self->main_paned);
  GtkWidget *end = gtk_paned_get_end_child (self->main_paned);
  int end_min = 0;
  int handle = 0;
  int max = 0;
  int natural = 0;
  int position;

  if (!self->pane_auto || self->pane_stable_frames++ > 60)
    {
      self->pane_tick = 0;
      return G_SOURCE_REMOVE;
    }
  /* The panes below keep BOTTOM_PANE_MIN, and never less than their
   * content's minimum: given less, GtkPaned still lays them out at that
   * minimum, past the window's bottom edge. */
  if (start == NULL || end == NULL)
    return G_SOURCE_CONTINUE;
  gtk_widget_measure (end, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (end), &end_min, NULL, NULL, NULL);
  /* The paned's handle sits between the two. */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->main_paned));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (child != start && child != end)
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, &handle, NULL, NULL, NULL);
  max = gtk_widget_get_height (GTK_WIDGET (self->main_paned)) - MAX (BOTTOM_PANE_MIN, end_min) - handle;
  if (max < 200)
    return G_SOURCE_CONTINUE;
  gtk_widget_measure (start, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (start), NULL, &natural, NULL, NULL);
  position = MIN (MAX (natural, 200), max);
  self->pane_position = position;
  self->pane_height = gtk_widget_get_height (GTK_WIDGET (self->main_paned));
  if (position != gtk_paned_get_position (self->main_paned))
    {
      self->pane_stable_frames = 0;
      gtk_paned_set_position (self->main_paned, position);
    }
  return G_SOURCE_CONTINUE;
}

static void
follow_lanes (JxWindow *self)
{
  self->pane_stable_frames = 0;
  if (self->pane_auto && self->pane_tick == 0)
    self->pane_tick = gtk_widget_add_tick_callback (GTK_WIDGET (self->main_paned), auto_pane_tick, self, NULL);
}

/* A position this window did not set, and not a clamp to the ends, is the
 * user's: from then on it stays where they put it (and is saved). One that
 * comes with a new height of the paned is GtkPaned's own answer to a resize
 * of the window (on a slow machine before the lanes have been followed
 * once): the split follows the lanes again instead. */
static void
on_main_paned_position (GtkPaned   *paned,
                        GParamSpec *pspec,
                        JxWindow   *self)
{
  int position = gtk_paned_get_position (paned);
  int min = 0;
  int max = 0;

  g_object_get (paned, "min-position", &min, "max-position", &max, NULL);
  if (!self->pane_auto || self->pane_position <= 0 || position == self->pane_position ||
      position <= min || position >= max)
    return;
  if (gtk_widget_get_height (GTK_WIDGET (paned)) != self->pane_height)
    {
      follow_lanes (self);
      return;
    }
  self->pane_auto = FALSE;
}

static void
restore_window_state (JxWindow *self)
{
  int bottom;
  int side;

  if (self->settings == NULL)
    return;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  bottom = g_settings_get_int (self->settings, "bottom-pane-position");
  if (bottom >= 0)
    gtk_paned_set_position (self->main_paned, bottom);
  else
    {
      self->pane_auto = TRUE;
      g_signal_connect (self->main_paned, "notify::position", G_CALLBACK (on_main_paned_position), self);
      g_signal_connect_swapped (self->main_paned, "notify::max-position", G_CALLBACK (follow_lanes), self);
      g_signal_connect_swapped (self->session, "items-changed", G_CALLBACK (follow_lanes), self);
      g_signal_connect_swapped (self->session, "trace-notify::state", G_CALLBACK (follow_lanes), self);
      follow_lanes (self);
    }
  side = g_settings_get_int (self->settings, "side-pane-position");
  if (side >= 0)
    gtk_paned_set_position (self->bottom_paned, side);
  side = g_settings_get_int (self->settings, "summary-pane-position");
  if (side >= 0)
    gtk_paned_set_position (self->summary_paned, side);
}

/* Narrow windows ------------------------------------------------------------ */

static void
jx_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  GTK_WIDGET_CLASS (jx_window_parent_class)->size_allocate (widget, width, height, baseline);
  _jx_window_side_allocated (JX_WINDOW (widget), width);
}

static gboolean
jx_window_close_request (GtkWindow *window)
{
  JxWindow *self = JX_WINDOW (window);

  save_window_state (self);
  /* Loads still running would only finish into a dead window. */
  jx_session_clear (self->session);

  return GTK_WINDOW_CLASS (jx_window_parent_class)->close_request (window);
}

/* Needs the application, which GObject sets only after construction. */
static void
setup_settings (JxWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (JX_IS_APPLICATION (app))
    {
      GSettings *settings = jx_application_get_settings (JX_APPLICATION (app));

      if (settings != NULL)
        self->settings = g_object_ref (settings);
    }

  _jx_window_add_toggle_actions (self);
  _jx_window_counter_init (self);
  _jx_window_preferences_bind (self);
  _jx_window_add_align_mode_action (self);
  restore_window_state (self);
  _jx_window_side_init_pane (self);
  _jx_window_maximize_init (self);
  jx_welcome_page_set_settings (self->welcome_page, self->settings);

  _jx_window_show_page (self, "welcome");
  _jx_window_update_history (self);
}

/* Object ------------------------------------------------------------------- */

static void
jx_window_dispose (GObject *object)
{
  JxWindow *self = JX_WINDOW (object);

  g_clear_handle_id (&self->adapt_source, g_source_remove);
  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  _jx_window_dispose_align (self);
  _jx_window_fold_dispose (self);
  _jx_window_dispose_session (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_WINDOW);

  g_clear_weak_pointer (&self->failure_toast);
  g_clear_pointer (&self->failed_names, g_ptr_array_unref);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (jx_window_parent_class)->dispose (object);
}

static void
jx_window_class_init (JxWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = jx_window_dispose;
  window_class->close_request = jx_window_close_request;
  widget_class->size_allocate = jx_window_size_allocate;

  g_type_ensure (JX_TYPE_COMPARISON_PANE);
  g_type_ensure (JX_TYPE_DETAILS_PANEL);
  g_type_ensure (JX_TYPE_FUNCTION_SUMMARY_CHART);
  g_type_ensure (JX_TYPE_LEGEND_VIEW);
  g_type_ensure (JX_TYPE_MASTER_TIMELINE);
  g_type_ensure (JX_TYPE_NAV_TOOLBAR);
  g_type_ensure (JX_TYPE_WELCOME_PAGE);
  g_type_ensure (JX_TYPE_WRAP_BOX);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-window.ui");
  gtk_widget_class_bind_template_child (widget_class, JxWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, welcome_page);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, loading_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, loading_scroller);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, traces_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, side_switcher);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, bottom_paned);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, counter_section);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, summary_paned);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, side_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, add_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, side_pane_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, mode_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, undo_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, redo_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, history_section);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, nav_toolbar);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, master_timeline);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, summary_chart);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, legend);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, details_panel);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, comparison_pane);

  _jx_window_class_init_actions (widget_class);
  _jx_window_class_init_align (widget_class);
  _jx_window_fold_class_init (widget_class);
  _jx_window_class_init_session (widget_class);
  _jx_window_preferences_class_init (widget_class);
  _jx_window_phase_class_init (widget_class);
}

static void
jx_window_init (JxWindow *self)
{
  GtkDropTarget *drop;

  self->session = jx_session_new ();
  self->failed_names = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  _jx_window_side_init (self);
  jx_nav_toolbar_set_session (self->nav_toolbar, self->session);
  jx_master_timeline_set_session (self->master_timeline, self->session);
  jx_function_summary_chart_set_session (self->summary_chart, self->session);
  jx_legend_view_set_session (self->legend, self->session);
  jx_details_panel_set_session (self->details_panel, self->session);
  _jx_window_init_align (self);
  _jx_window_fold_init (self);
  jx_comparison_pane_set_session (self->comparison_pane, self->session);

  g_object_bind_property (adw_style_manager_get_default (), "dark",
                          self->session, "dark",
                          G_BINDING_SYNC_CREATE);

  g_signal_connect_swapped (self->session, "items-changed", G_CALLBACK (on_items_changed), self);
  g_signal_connect_swapped (self->session, "trace-notify::state", G_CALLBACK (on_trace_state), self);
  g_signal_connect_swapped (self->session, "notify::n-loading", G_CALLBACK (on_n_loading_changed), self);
  g_signal_connect_swapped (self->session, "notify::can-undo", G_CALLBACK (_jx_window_update_history), self);
  g_signal_connect_swapped (self->session, "notify::can-redo", G_CALLBACK (_jx_window_update_history), self);
  g_signal_connect_swapped (self->session, "notify::undo-label", G_CALLBACK (_jx_window_update_history), self);
  g_signal_connect_swapped (self->session, "notify::redo-label", G_CALLBACK (_jx_window_update_history), self);
  _jx_window_init_pairing (self);
  g_signal_connect_swapped (self->session, "notify::selected-trace", G_CALLBACK (on_selection_changed), self);
  g_signal_connect_swapped (self->session, "notify::focus-function", G_CALLBACK (_jx_window_on_focus_function), self);
  g_signal_connect_swapped (self->session, "notify::selected-invocation", G_CALLBACK (on_selection_changed), self);

  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (on_stop_search), self);
  g_signal_connect_swapped (self->welcome_page, "open-recent", G_CALLBACK (on_open_recent), self);

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self->toast_overlay), GTK_EVENT_CONTROLLER (drop));
}

JxWindow *
jx_window_new (JxApplication *application)
{
  JxWindow *self;

  self = g_object_new (JX_TYPE_WINDOW,
                       "application", application,
                       NULL);
  setup_settings (self);

  return self;
}

JxSession *
jx_window_get_session (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  return self->session;
}

/* For tests ---------------------------------------------------------------- */

const char *
jx_window_get_page (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

GtkWidget *
jx_window_get_trace_row (JxWindow *self,
                         guint     position)
{
  GtkWidget *row;

  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  row = gtk_widget_get_first_child (GTK_WIDGET (self->traces_box));
  for (guint i = 0; i < position && row != NULL; i++)
    row = gtk_widget_get_next_sibling (row);
  return row;
}

JxMasterTimeline *
jx_window_get_master_timeline (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->master_timeline;
}

JxComparisonPane *
jx_window_get_comparison_pane (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->comparison_pane;
}

JxDetailsPanel *
jx_window_get_details_panel (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->details_panel;
}

JxNavToolbar *
jx_window_get_nav_toolbar (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->nav_toolbar;
}

JxFunctionSummaryChart *
jx_window_get_function_summary (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->summary_chart;
}

guint
jx_window_get_n_failures_reported (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), 0);

  return self->failure_toast != NULL ? self->failed_names->len : 0;
}

const char *
jx_window_get_failure_toast_title (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  return self->failure_toast != NULL ? adw_toast_get_title (self->failure_toast) : NULL;
}
