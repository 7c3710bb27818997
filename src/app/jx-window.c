/* jx-window.c — the comparison window. */
#include "config.h"

#include <glib/gi18n.h>

#include "jx-application.h"
#include "jx-details-panel.h"
#include "jx-function-summary-chart.h"
#include "jx-legend-view.h"
#include "jx-master-timeline.h"
#include "jx-nav-toolbar.h"
#include "jx-offset-dialog.h"
#include "jx-trace-report.h"
#include "jx-trace-row.h"
#include "jx-window.h"

/* Keyboard zoom steps by this factor; three steps are close to 3×. */
#define ZOOM_STEP 1.5
/* Keyboard panning moves a quarter of the visible window. */
#define PAN_FRACTION 0.25

struct _JxWindow
{
  AdwApplicationWindow  parent_instance;

  JxSession            *session;
  GSettings            *settings;
  /* JxTraceRow per session index: in the side pane's trace list, and at the
   * top of the comparison while the trace loads or after it failed. */
  GPtrArray            *rows;
  GPtrArray            *loading_rows;
  GtkNativeDialog      *chooser;
  gboolean              chooser_adds;
  /* The loaded set of the current comparison was stored as recent. */
  gboolean              recent_recorded;

  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkWidget            *recent_box;
  GtkListBox           *recent_list;
  GtkBox               *loading_box;
  GtkBox               *nav_toolbar_box;
  GtkBox               *timeline_box;
  GtkBox               *traces_box;
  GtkBox               *summary_box;
  GtkBox               *details_box;
  GtkBox               *legend_box;
  GtkStack             *side_stack;
  GtkPaned             *main_paned;
  GtkPaned             *bottom_paned;
  GtkSearchEntry       *search_entry;
  GtkWidget            *add_button;
  GtkWidget            *mode_box;
  GtkWidget            *history_box;

  /* The comparison views, all bound to the session. */
  GtkWidget            *nav_toolbar;
  GtkWidget            *master_timeline;
  GtkWidget            *summary_chart;
  GtkWidget            *legend;
  GtkWidget            *details_panel;

  /* Load failures since the failure toast appeared: one toast lists them. */
  AdwToast             *failure_toast;   /* weak */
  GPtrArray            *failed_names;    /* char*, markup-escaped */
};

G_DEFINE_FINAL_TYPE (JxWindow, jx_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_state (JxWindow *self);
static void rebuild_recent (JxWindow *self);

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

/* Every failed load is named: a failure while the toast is up replaces it
 * with one that lists all of them. */
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
      GString *list = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (list, i == 0 ? "“%s”" : ", “%s”",
                                (const char *) g_ptr_array_index (self->failed_names, i));
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Could not open %u trace: %s",
                                            "Could not open %u traces: %s", n),
                               n, list->str);
      g_string_free (list, TRUE);
    }

  if (self->failure_toast != NULL)
    {
      AdwToast *old = self->failure_toast;

      g_clear_weak_pointer (&self->failure_toast);
      adw_toast_dismiss (old);
    }

  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 8);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_failure_toast_dismissed), self, 0);
  g_set_weak_pointer (&self->failure_toast, toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
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

/* The trace the keyboard commands act on: the one holding the selected
 * invocation, else the reference. */
static guint
current_trace (JxWindow *self)
{
  guint trace;

  if (jx_session_get_selected_invocation (self->session, &trace, NULL, NULL) &&
      trace < jx_session_get_n_traces (self->session))
    return trace;

  return jx_session_get_reference (self->session);
}

static gboolean
resolve_index (JxWindow *self,
               GVariant *parameter,
               guint    *index)
{
  gint32 value = parameter != NULL ? g_variant_get_int32 (parameter) : -1;

  if (jx_session_get_n_traces (self->session) == 0)
    return FALSE;

  *index = value < 0 ? current_trace (self) : (guint) value;
  return *index < jx_session_get_n_traces (self->session);
}

/* Recent comparisons ---------------------------------------------------- */

static void
record_recent (JxWindow *self)
{
  g_autoptr(GVariant) old = NULL;
  g_autoptr(GPtrArray) paths = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *child;
  guint max;
  guint n = 1;

  if (self->settings == NULL)
    return;

  paths = g_ptr_array_new ();
  for (guint i = 0; i < jx_session_get_n_traces (self->session); i++)
    {
      if (jx_session_get_trace_state (self->session, i) == JX_SESSION_TRACE_LOADED)
        g_ptr_array_add (paths, (gpointer) jx_session_get_trace_path (self->session, i));
    }
  if (paths->len == 0)
    return;

  max = g_settings_get_uint (self->settings, "max-recent-comparisons");
  if (max == 0)
    return;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
  g_variant_builder_add_value (&builder,
                               g_variant_new_strv ((const char * const *) paths->pdata, paths->len));

  old = g_settings_get_value (self->settings, "recent-comparisons");
  g_variant_iter_init (&iter, old);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autofree const char **strv = g_variant_get_strv (child, NULL);
      gboolean same = g_strv_length ((char **) strv) == paths->len;

      for (guint i = 0; same && i < paths->len; i++)
        same = g_strcmp0 (strv[i], g_ptr_array_index (paths, i)) == 0;

      if (!same && n < max)
        {
          g_variant_builder_add_value (&builder, child);
          n++;
        }
      g_variant_unref (child);
    }

  g_settings_set_value (self->settings, "recent-comparisons", g_variant_builder_end (&builder));
}

static void
on_recent_activated (AdwActionRow *row,
                     JxWindow     *self)
{
  const char * const *paths = g_object_get_data (G_OBJECT (row), "paths");

  if (paths != NULL)
    jx_window_open_paths (self, paths, FALSE);
}

static void
on_recent_forget (GtkButton *button,
                  JxWindow  *self)
{
  guint position = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder;
  gsize n;

  if (self->settings == NULL)
    return;

  old = g_settings_get_value (self->settings, "recent-comparisons");
  n = g_variant_n_children (old);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
  for (gsize i = 0; i < n; i++)
    {
      if (i != position)
        g_variant_builder_add_value (&builder, g_variant_get_child_value (old, i));
    }
  g_settings_set_value (self->settings, "recent-comparisons", g_variant_builder_end (&builder));
}

/* Folder holding a trace: the parent of its folder, or of its anchor's folder. */
static char *
trace_parent (const char *path)
{
  g_autofree char *folder = NULL;

  if (g_str_has_suffix (path, ".otf2"))
    folder = g_path_get_dirname (path);
  else
    folder = g_strdup (path);

  return g_path_get_dirname (folder);
}

static gboolean
is_inside (const char *path,
           const char *folder)
{
  gsize n = strlen (folder);

  return g_str_has_prefix (path, folder) &&
         (path[n] == '\0' || path[n] == G_DIR_SEPARATOR || g_str_equal (folder, "/"));
}

/* The deepest folder holding all traces of a comparison. */
static char *
common_folder (const char * const *paths)
{
  char *common;

  if (paths[0] == NULL)
    return NULL;

  common = trace_parent (paths[0]);
  for (guint i = 1; paths[i] != NULL; i++)
    {
      g_autofree char *parent = trace_parent (paths[i]);

      while (!is_inside (parent, common) && strlen (common) > 1)
        {
          char *up = g_path_get_dirname (common);

          g_free (common);
          common = up;
        }
    }

  return common;
}

static char *
display_name_for_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  /* "…/baseline/traces.otf2" reads better as "baseline". */
  if (g_str_has_suffix (base, ".otf2"))
    {
      g_autofree char *dir = g_path_get_dirname (path);

      return g_path_get_basename (dir);
    }

  return g_steal_pointer (&base);
}

static void
rebuild_recent (JxWindow *self)
{
  g_autoptr(GVariant) recent = NULL;
  GtkWidget *child;
  gsize n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);

  if (self->settings == NULL)
    {
      gtk_widget_set_visible (self->recent_box, FALSE);
      return;
    }

  recent = g_settings_get_value (self->settings, "recent-comparisons");
  n = g_variant_n_children (recent);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (recent, i);
      g_auto(GStrv) paths = g_variant_dup_strv (entry, NULL);
      g_autoptr(GString) title = g_string_new (NULL);
      g_autofree char *folder = NULL;
      GtkWidget *row;
      GtkWidget *forget;

      if (paths[0] == NULL)
        continue;

      for (guint j = 0; paths[j] != NULL; j++)
        {
          g_autofree char *name = display_name_for_path (paths[j]);

          if (j > 0)
            g_string_append (title, " · ");
          g_string_append (title, name);
        }
      folder = common_folder ((const char * const *) paths);

      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title->str);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      if (folder != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "paths", g_steal_pointer (&paths), (GDestroyNotify) g_strfreev);
      g_signal_connect (row, "activated", G_CALLBACK (on_recent_activated), self);

      forget = gtk_button_new_from_icon_name ("window-close-symbolic");
      gtk_widget_set_valign (forget, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (forget, "flat");
      gtk_widget_add_css_class (forget, "circular");
      gtk_widget_set_tooltip_text (forget, _("Remove from Recent Comparisons"));
      g_object_set_data (G_OBJECT (forget), "position", GUINT_TO_POINTER ((guint) i));
      g_signal_connect (forget, "clicked", G_CALLBACK (on_recent_forget), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), forget);

      gtk_list_box_append (self->recent_list, row);
    }

  gtk_widget_set_visible (self->recent_box, gtk_widget_get_first_child (GTK_WIDGET (self->recent_list)) != NULL);
}

/* Session signals -------------------------------------------------------- */

static void
update_loading_box (JxWindow *self)
{
  gboolean any = FALSE;

  for (guint i = 0; i < self->loading_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->loading_rows, i);
      gboolean show = jx_session_get_trace_state (self->session, i) != JX_SESSION_TRACE_LOADED;

      gtk_widget_set_visible (row, show);
      any |= show;
    }

  gtk_widget_set_visible (GTK_WIDGET (self->loading_box), any);
}

static void
insert_row (GPtrArray *rows,
            GtkBox    *box,
            GtkWidget *row,
            guint      index)
{
  GtkWidget *previous = index > 0 ? g_ptr_array_index (rows, index - 1) : NULL;

  g_ptr_array_insert (rows, (int) index, row);
  gtk_box_insert_child_after (box, row, previous);

  for (guint i = index + 1; i < rows->len; i++)
    jx_trace_row_set_index (g_ptr_array_index (rows, i), i);
}

static void
remove_row (GPtrArray *rows,
            GtkBox    *box,
            guint      index)
{
  GtkWidget *row;

  if (index >= rows->len)
    return;

  row = g_ptr_array_steal_index (rows, index);
  gtk_box_remove (box, row);

  for (guint i = index; i < rows->len; i++)
    jx_trace_row_set_index (g_ptr_array_index (rows, i), i);
  for (guint i = 0; i < rows->len; i++)
    jx_trace_row_update (g_ptr_array_index (rows, i));
}

static void
on_trace_added (JxSession *session,
                guint      index,
                JxWindow  *self)
{
  insert_row (self->rows, self->traces_box, jx_trace_row_new (session, index), index);
  insert_row (self->loading_rows, self->loading_box, jx_trace_row_new (session, index), index);

  update_loading_box (self);
  update_state (self);
}

static void
on_trace_removed (JxSession *session,
                  guint      index,
                  JxWindow  *self)
{
  remove_row (self->rows, self->traces_box, index);
  remove_row (self->loading_rows, self->loading_box, index);

  update_loading_box (self);
  update_state (self);
}

static void
on_trace_changed (JxSession *session,
                  guint      index,
                  JxWindow  *self)
{
  JxTraceRow *row;
  gboolean was_loading;

  if (index >= self->rows->len)
    return;

  row = g_ptr_array_index (self->rows, index);
  was_loading = g_strcmp0 (jx_trace_row_get_state_page (row), "loading") == 0;
  jx_trace_row_update (row);
  jx_trace_row_update (g_ptr_array_index (self->loading_rows, index));

  /* Tell about a failure once; the row keeps showing it. */
  if (was_loading && jx_session_get_trace_state (session, index) == JX_SESSION_TRACE_FAILED)
    {
      const GError *error = jx_session_get_load_error (session, index);

      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        report_load_failure (self, jx_session_get_trace_name (session, index));
    }

  if (was_loading)
    {
      update_loading_box (self);
      update_state (self);
    }
}

static void
on_offset_changed (JxSession *session,
                   guint      index,
                   JxWindow  *self)
{
  if (index < self->rows->len)
    {
      jx_trace_row_update (g_ptr_array_index (self->rows, index));
      jx_trace_row_update (g_ptr_array_index (self->loading_rows, index));
    }
}

static void
on_view_changed (JxSession *session,
                 JxWindow  *self)
{
  update_state (self);
}

static void
on_n_loading_changed (JxSession  *session,
                      GParamSpec *pspec,
                      JxWindow   *self)
{
  if (jx_session_get_n_loading (session) == 0 && !self->recent_recorded &&
      jx_session_get_n_traces (session) > 0)
    {
      self->recent_recorded = TRUE;
      record_recent (self);
    }
  update_state (self);
}

static void
on_undo_changed (JxSession  *session,
                 GParamSpec *pspec,
                 JxWindow   *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", jx_session_can_undo (session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", jx_session_can_redo (session));
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

/* Keeps title, pages and action sensitivity in line with the session. */
static void
update_state (JxWindow *self)
{
  guint n = jx_session_get_n_traces (self->session);
  guint n_loading = jx_session_get_n_loading (self->session);
  gboolean has_extent = jx_session_get_extent (self->session, NULL, NULL);
  gboolean comparison = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "comparison") == 0;
  g_autofree char *subtitle = NULL;
  guint n_failed = 0;

  for (guint i = 0; i < n; i++)
    if (jx_session_get_trace_state (self->session, i) == JX_SESSION_TRACE_FAILED)
      n_failed++;

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
  gtk_widget_set_visible (self->mode_box, comparison);
  gtk_widget_set_visible (self->history_box, comparison);
  gtk_widget_set_visible (GTK_WIDGET (self->search_entry), comparison);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.add-trace", comparison);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-comparison", comparison);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-in", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-out", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-all", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pan-left", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pan-right", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.set-offset", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reset-offset", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.change-color", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.shift-earlier", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.shift-later", has_extent);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-trace", n > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-trace", n > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-trace", n > 1);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.search", comparison);
}

static void
show_page (JxWindow   *self,
           const char *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  if (g_strcmp0 (name, "welcome") == 0)
    rebuild_recent (self);
  update_state (self);
}

/* Opening ---------------------------------------------------------------- */

void
jx_window_open_paths (JxWindow           *self,
                      const char * const *paths,
                      gboolean            add)
{
  guint n_skipped = 0;
  guint n_added = 0;

  g_return_if_fail (JX_IS_WINDOW (self));
  g_return_if_fail (paths != NULL);

  if (!add)
    {
      jx_session_clear (self->session);
      gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
    }
  self->recent_recorded = FALSE;

  for (guint i = 0; paths[i] != NULL; i++)
    {
      if (jx_session_find_path (self->session, paths[i]) != G_MAXUINT)
        {
          n_skipped++;
          continue;
        }
      jx_session_add_path (self->session, paths[i]);
      n_added++;
    }

  if (n_skipped > 0)
    jx_window_show_toast (self, g_dngettext (GETTEXT_PACKAGE,
                                             "That trace is already part of the comparison",
                                             "Some traces are already part of the comparison",
                                             n_skipped));

  if (jx_session_get_n_traces (self->session) > 0)
    show_page (self, "comparison");
  else if (n_added == 0 && !add)
    show_page (self, "welcome");
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

static void
run_chooser (JxWindow            *self,
             GtkFileChooserAction action,
             gboolean             adds)
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
      gtk_file_filter_set_name (otf2, _("OTF2 Traces (anchor files)"));
      gtk_file_filter_add_pattern (otf2, "*.otf2");
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
  GSList *list;
  g_autoptr(GPtrArray) files = g_ptr_array_new ();
  gboolean comparison;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  list = g_value_get_boxed (value);
  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);

  if (files->len == 0)
    return FALSE;

  /* Dropping onto an open comparison extends it, onto the welcome page starts one. */
  comparison = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "comparison") == 0;
  jx_window_open_files (self, (GFile **) files->pdata, files->len, comparison);

  return TRUE;
}

/* Actions ---------------------------------------------------------------- */

static void
open_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  run_chooser (JX_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN, FALSE);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  gboolean comparison = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "comparison") == 0;

  run_chooser (self, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, comparison);
}

static void
add_trace_action (GtkWidget  *widget,
                  const char *name,
                  GVariant   *parameter)
{
  run_chooser (JX_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN, TRUE);
}

static void
open_examples_action (GtkWidget  *widget,
                      const char *name,
                      GVariant   *parameter)
{
  jx_window_open_examples (JX_WINDOW (widget));
}

static void
close_comparison_action (GtkWidget  *widget,
                         const char *name,
                         GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  jx_session_clear (self->session);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  show_page (self, "welcome");
}

static void
remove_trace_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  guint index;

  if (!resolve_index (self, parameter, &index))
    return;

  jx_session_remove_trace (self->session, index);
  if (jx_session_get_n_traces (self->session) == 0)
    show_page (self, "welcome");
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  guint index;

  if (resolve_index (self, parameter, &index))
    jx_session_cancel_load (self->session, index);
}

static void
trace_info_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  JxTrace *trace;
  GtkWidget *window;
  guint index;

  if (!resolve_index (self, parameter, &index))
    return;

  trace = jx_session_get_trace (self->session, index);
  if (trace == NULL)
    return;

  window = jx_trace_report_window_new (GTK_WINDOW (self), trace,
                                       jx_session_get_trace_name (self->session, index),
                                       jx_trace_get_n_defects (trace) > 0);
  gtk_window_present (GTK_WINDOW (window));
}

static void
set_offset_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  GtkWidget *dialog;
  guint index;

  if (!resolve_index (self, parameter, &index))
    return;

  /* The same dialog as the timeline's trace menu: value with unit, one undo step. */
  dialog = jx_offset_dialog_new (GTK_WINDOW (self), self->session, index);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
reset_offset_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  guint index;

  if (resolve_index (self, parameter, &index))
    jx_session_set_offset (self->session, index, 0);
}

static void
set_reference_action (GtkWidget  *widget,
                      const char *name,
                      GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  guint index;

  if (resolve_index (self, parameter, &index))
    jx_session_set_reference (self->session, index);
}

static void
step_trace (JxWindow *self,
            int       step)
{
  guint n = jx_session_get_n_traces (self->session);
  guint index;

  if (n < 2)
    return;

  index = (guint) ((int) jx_session_get_reference (self->session) + (int) n + step) % n;
  jx_session_clear_selection (self->session);
  jx_session_set_reference (self->session, index);
}

static void
next_trace_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  step_trace (JX_WINDOW (widget), 1);
}

static void
previous_trace_action (GtkWidget  *widget,
                       const char *name,
                       GVariant   *parameter)
{
  step_trace (JX_WINDOW (widget), -1);
}

typedef struct
{
  JxWindow *window;
  guint     index;
} ColorRequest;

static void
on_color_response (GtkDialog    *dialog,
                   int           response,
                   ColorRequest *request)
{
  JxSession *session = request->window != NULL ? request->window->session : NULL;

  if (session != NULL && response == GTK_RESPONSE_OK && request->index < jx_session_get_n_traces (session))
    {
      GdkRGBA color;

      gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (dialog), &color);
      /* The session keeps this as the accent and derives the lane tint. */
      jx_session_set_trace_color (session, request->index, &color);
    }

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_clear_weak_pointer (&request->window);
  g_free (request);
}

static void
change_color_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  ColorRequest *request;
  GtkWidget *dialog;
  GdkRGBA color;
  guint index;

  if (!resolve_index (self, parameter, &index))
    return;

  jx_session_get_trace_accent (self->session, index, &color);

  dialog = gtk_color_chooser_dialog_new (_("Trace Colour"), GTK_WINDOW (self));
  gtk_color_chooser_set_use_alpha (GTK_COLOR_CHOOSER (dialog), FALSE);
  gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (dialog), &color);
  gtk_window_set_modal (GTK_WINDOW (dialog), TRUE);

  request = g_new0 (ColorRequest, 1);
  g_set_weak_pointer (&request->window, self);
  request->index = index;
  g_signal_connect (dialog, "response", G_CALLBACK (on_color_response), request);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
undo_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  jx_session_undo (JX_WINDOW (widget)->session);
}

static void
redo_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  jx_session_redo (JX_WINDOW (widget)->session);
}

static gint64
view_center (JxSession *session)
{
  gint64 start = jx_session_get_view_start (session);
  gint64 end = jx_session_get_view_end (session);

  return start + (end - start) / 2;
}

static void
zoom_in_action (GtkWidget  *widget,
                const char *name,
                GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;

  jx_session_zoom (session, ZOOM_STEP, view_center (session));
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *name,
                 GVariant   *parameter)
{
  JxSession *session = JX_WINDOW (widget)->session;

  jx_session_zoom (session, 1.0 / ZOOM_STEP, view_center (session));
}

static void
zoom_all_action (GtkWidget  *widget,
                 const char *name,
                 GVariant   *parameter)
{
  jx_session_zoom_all (JX_WINDOW (widget)->session);
}

static void
pan (JxWindow *self,
     double    direction)
{
  gint64 width = jx_session_get_view_end (self->session) - jx_session_get_view_start (self->session);

  jx_session_pan (self->session, (gint64) (direction * PAN_FRACTION * (double) width));
}

static void
pan_left_action (GtkWidget  *widget,
                 const char *name,
                 GVariant   *parameter)
{
  pan (JX_WINDOW (widget), -1.0);
}

static void
pan_right_action (GtkWidget  *widget,
                  const char *name,
                  GVariant   *parameter)
{
  pan (JX_WINDOW (widget), 1.0);
}

/* Keyboard fine alignment of the current trace: a twentieth of the visible
 * window per press, one undo step each (like Alt+arrows inside a timeline). */
static void
shift_current (JxWindow *self,
               int       direction)
{
  gint64 step;
  guint index;

  if (!resolve_index (self, NULL, &index))
    return;

  step = MAX (1, (jx_session_get_view_end (self->session) - jx_session_get_view_start (self->session)) / 20);
  jx_session_set_offset (self->session, index,
                         jx_session_get_offset (self->session, index) + direction * step);
}

static void
shift_earlier_action (GtkWidget  *widget,
                      const char *name,
                      GVariant   *parameter)
{
  shift_current (JX_WINDOW (widget), -1);
}

static void
shift_later_action (GtkWidget  *widget,
                    const char *name,
                    GVariant   *parameter)
{
  shift_current (JX_WINDOW (widget), 1);
}

static void
search_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
fullscreen_action (GtkWidget  *widget,
                   const char *name,
                   GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);

  if (gtk_window_is_fullscreen (window))
    gtk_window_unfullscreen (window);
  else
    gtk_window_fullscreen (window);
}

/* Window state ------------------------------------------------------------ */

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
      g_settings_set_int (self->settings, "bottom-pane-position", gtk_paned_get_position (self->main_paned));
      g_settings_set_int (self->settings, "side-pane-position", gtk_paned_get_position (self->bottom_paned));
    }
  g_settings_apply (self->settings);
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
  side = g_settings_get_int (self->settings, "side-pane-position");
  if (side >= 0)
    gtk_paned_set_position (self->bottom_paned, side);
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

static void
add_toggle_actions (JxWindow *self)
{
  static const char *keys[] = { "shift-mode", "show-messages", "show-bottom-pane" };

  if (self->settings != NULL)
    {
      g_settings_bind (self->settings, "shift-mode", self->session, "shift-mode", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "show-messages", self->session, "show-messages", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "show-bottom-pane", self->bottom_paned, "visible", G_SETTINGS_BIND_DEFAULT);
      g_settings_bind (self->settings, "side-page", self->side_stack, "visible-child-name", G_SETTINGS_BIND_DEFAULT);

      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          g_autoptr(GAction) action = g_settings_create_action (self->settings, keys[i]);

          g_action_map_add_action (G_ACTION_MAP (self), action);
        }
    }
  else
    {
      g_autoptr(GPropertyAction) shift = g_property_action_new ("shift-mode", self->session, "shift-mode");
      g_autoptr(GPropertyAction) messages = g_property_action_new ("show-messages", self->session, "show-messages");
      g_autoptr(GPropertyAction) side = g_property_action_new ("show-bottom-pane", self->bottom_paned, "visible");

      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (shift));
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (messages));
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (side));
    }
}

static void
on_settings_recent_changed (GSettings  *settings,
                            const char *key,
                            JxWindow   *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "welcome") == 0)
    rebuild_recent (self);
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

  add_toggle_actions (self);
  restore_window_state (self);

  if (self->settings != NULL)
    g_signal_connect_object (self->settings, "changed::recent-comparisons",
                             G_CALLBACK (on_settings_recent_changed), self, 0);

  show_page (self, "welcome");
  on_undo_changed (self->session, NULL, self);
}

static void
jx_window_dispose (GObject *object)
{
  JxWindow *self = (JxWindow *)object;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (self->chooser);
      g_clear_object (&self->chooser);
    }

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);

  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_WINDOW);

  g_clear_weak_pointer (&self->failure_toast);
  g_clear_pointer (&self->failed_names, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->loading_rows, g_ptr_array_unref);
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

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-window.ui");
  gtk_widget_class_bind_template_child (widget_class, JxWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, recent_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, loading_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, nav_toolbar_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, timeline_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, traces_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, summary_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, details_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, legend_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, main_paned);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, bottom_paned);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, search_entry);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, add_button);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, mode_box);
  gtk_widget_class_bind_template_child (widget_class, JxWindow, history_box);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.add-trace", NULL, add_trace_action);
  gtk_widget_class_install_action (widget_class, "win.open-examples", NULL, open_examples_action);
  gtk_widget_class_install_action (widget_class, "win.close-comparison", NULL, close_comparison_action);
  gtk_widget_class_install_action (widget_class, "win.remove-trace", "i", remove_trace_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", "i", cancel_load_action);
  gtk_widget_class_install_action (widget_class, "win.trace-info", "i", trace_info_action);
  gtk_widget_class_install_action (widget_class, "win.set-offset", "i", set_offset_action);
  gtk_widget_class_install_action (widget_class, "win.reset-offset", "i", reset_offset_action);
  gtk_widget_class_install_action (widget_class, "win.set-reference", "i", set_reference_action);
  gtk_widget_class_install_action (widget_class, "win.change-color", "i", change_color_action);
  gtk_widget_class_install_action (widget_class, "win.next-trace", NULL, next_trace_action);
  gtk_widget_class_install_action (widget_class, "win.previous-trace", NULL, previous_trace_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-all", NULL, zoom_all_action);
  gtk_widget_class_install_action (widget_class, "win.pan-left", NULL, pan_left_action);
  gtk_widget_class_install_action (widget_class, "win.pan-right", NULL, pan_right_action);
  gtk_widget_class_install_action (widget_class, "win.shift-earlier", NULL, shift_earlier_action);
  gtk_widget_class_install_action (widget_class, "win.shift-later", NULL, shift_later_action);
  gtk_widget_class_install_action (widget_class, "win.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "win.fullscreen", NULL, fullscreen_action);

  /* Bindings act in the bubble phase, after the focused widget: typing "+" or
   * "0" into the search entry inserts text instead of zooming. */
#define BIND(key, mods, action, ...) \
  gtk_widget_class_add_binding_action (widget_class, key, mods, action, __VA_ARGS__)

  BIND (GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  BIND (GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.add-trace", NULL);
  BIND (GDK_KEY_o, GDK_CONTROL_MASK | GDK_ALT_MASK, "win.open-folder", NULL);
  BIND (GDK_KEY_w, GDK_CONTROL_MASK, "win.close-comparison", NULL);
  BIND (GDK_KEY_Delete, GDK_CONTROL_MASK, "win.remove-trace", "i", -1);
  BIND (GDK_KEY_z, GDK_CONTROL_MASK, "win.undo", NULL);
  BIND (GDK_KEY_z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  BIND (GDK_KEY_Z, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.redo", NULL);
  BIND (GDK_KEY_y, GDK_CONTROL_MASK, "win.redo", NULL);
  BIND (GDK_KEY_plus, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_plus, GDK_SHIFT_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_KP_Add, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_equal, 0, "win.zoom-in", NULL);
  BIND (GDK_KEY_equal, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_plus, GDK_CONTROL_MASK, "win.zoom-in", NULL);
  BIND (GDK_KEY_minus, 0, "win.zoom-out", NULL);
  BIND (GDK_KEY_KP_Subtract, 0, "win.zoom-out", NULL);
  BIND (GDK_KEY_minus, GDK_CONTROL_MASK, "win.zoom-out", NULL);
  BIND (GDK_KEY_0, 0, "win.zoom-all", NULL);
  BIND (GDK_KEY_KP_0, 0, "win.zoom-all", NULL);
  BIND (GDK_KEY_0, GDK_CONTROL_MASK, "win.zoom-all", NULL);
  BIND (GDK_KEY_Left, GDK_CONTROL_MASK, "win.pan-left", NULL);
  BIND (GDK_KEY_Right, GDK_CONTROL_MASK, "win.pan-right", NULL);
  BIND (GDK_KEY_s, 0, "win.shift-mode", NULL);
  BIND (GDK_KEY_m, 0, "win.show-messages", NULL);
  BIND (GDK_KEY_F9, 0, "win.show-bottom-pane", NULL);
  BIND (GDK_KEY_f, GDK_CONTROL_MASK, "win.search", NULL);
  BIND (GDK_KEY_t, GDK_CONTROL_MASK, "win.set-offset", "i", -1);
  BIND (GDK_KEY_t, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.reset-offset", "i", -1);
  BIND (GDK_KEY_T, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.reset-offset", "i", -1);
  BIND (GDK_KEY_i, GDK_CONTROL_MASK, "win.trace-info", "i", -1);
  BIND (GDK_KEY_c, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.change-color", "i", -1);
  BIND (GDK_KEY_C, GDK_CONTROL_MASK | GDK_SHIFT_MASK, "win.change-color", "i", -1);
  BIND (GDK_KEY_Left, GDK_ALT_MASK, "win.shift-earlier", NULL);
  BIND (GDK_KEY_Right, GDK_ALT_MASK, "win.shift-later", NULL);
  BIND (GDK_KEY_Down, GDK_ALT_MASK, "win.next-trace", NULL);
  BIND (GDK_KEY_Up, GDK_ALT_MASK, "win.previous-trace", NULL);
  BIND (GDK_KEY_F11, 0, "win.fullscreen", NULL);

#undef BIND

  g_type_ensure (JX_TYPE_TRACE_ROW);
}

GtkWidget *
jx_window_get_view (JxWindow   *self,
                    const char *name)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (g_str_equal (name, "nav-toolbar"))
    return self->nav_toolbar;
  if (g_str_equal (name, "master-timeline"))
    return self->master_timeline;
  if (g_str_equal (name, "function-summary"))
    return self->summary_chart;
  if (g_str_equal (name, "legend"))
    return self->legend;
  if (g_str_equal (name, "details"))
    return self->details_panel;

  return NULL;
}

/* Label columns of the navigation toolbar, the ruler and the timelines line up
 * so one x means one time everywhere. */
#define LABEL_WIDTH 170

static void
create_views (JxWindow *self)
{
  GtkWidget *summary_scroller;
  GtkWidget *details_scroller;

  self->nav_toolbar = jx_nav_toolbar_new (self->session);
  jx_nav_toolbar_set_label_width (JX_NAV_TOOLBAR (self->nav_toolbar), LABEL_WIDTH);
  gtk_box_append (self->nav_toolbar_box, self->nav_toolbar);

  /* The master timeline brings its own time ruler, aligned with its rows. */
  self->master_timeline = jx_master_timeline_new (self->session);
  jx_master_timeline_set_label_width (JX_MASTER_TIMELINE (self->master_timeline), LABEL_WIDTH);
  gtk_widget_set_vexpand (self->master_timeline, TRUE);
  /* It follows the session's shift-mode and show-messages by itself. */
  gtk_box_append (self->timeline_box, self->master_timeline);

  self->summary_chart = jx_function_summary_chart_new (self->session);
  summary_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (summary_scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (summary_scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (summary_scroller), self->summary_chart);
  gtk_box_append (self->summary_box, summary_scroller);

  self->legend = jx_legend_view_new (self->session);
  gtk_box_append (self->legend_box, self->legend);

  self->details_panel = jx_details_panel_new (self->session);
  details_scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (details_scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (details_scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (details_scroller), self->details_panel);
  gtk_box_append (self->details_box, details_scroller);
}

static void
on_selection_changed (JxSession *session,
                      JxWindow  *self)
{
  /* A click on an invocation is a request to see its details. */
  if (jx_session_get_selected_invocation (session, NULL, NULL, NULL))
    gtk_stack_set_visible_child_name (self->side_stack, "details");
}

static void
jx_window_init (JxWindow *self)
{
  GtkDropTarget *drop;

  self->session = jx_session_new ();
  self->rows = g_ptr_array_new ();
  self->loading_rows = g_ptr_array_new ();
  self->failed_names = g_ptr_array_new_with_free_func (g_free);

  gtk_widget_init_template (GTK_WIDGET (self));
  create_views (self);

  g_object_bind_property (adw_style_manager_get_default (), "dark",
                          self->session, "dark",
                          G_BINDING_SYNC_CREATE);

  g_signal_connect (self->session, "trace-added", G_CALLBACK (on_trace_added), self);
  g_signal_connect (self->session, "trace-removed", G_CALLBACK (on_trace_removed), self);
  g_signal_connect (self->session, "trace-changed", G_CALLBACK (on_trace_changed), self);
  g_signal_connect (self->session, "offset-changed", G_CALLBACK (on_offset_changed), self);
  g_signal_connect (self->session, "view-changed", G_CALLBACK (on_view_changed), self);
  g_signal_connect (self->session, "selection-changed", G_CALLBACK (on_selection_changed), self);
  g_signal_connect (self->session, "notify::n-loading", G_CALLBACK (on_n_loading_changed), self);
  g_signal_connect (self->session, "notify::can-undo", G_CALLBACK (on_undo_changed), self);
  g_signal_connect (self->session, "notify::can-redo", G_CALLBACK (on_undo_changed), self);

  g_signal_connect (self->search_entry, "search-changed", G_CALLBACK (on_search_changed), self);
  g_signal_connect (self->search_entry, "stop-search", G_CALLBACK (on_stop_search), self);

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

const char *
jx_window_get_page (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->stack);
}

GtkWidget *
jx_window_get_trace_row (JxWindow *self,
                         guint     index)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);

  if (index >= self->rows->len)
    return NULL;

  return g_ptr_array_index (self->rows, index);
}
