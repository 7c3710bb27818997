/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-session.c — saved comparisons and pictures: Save Comparison
 * (As…), opening a `.juxtrace` file with a "Locate…" choice for each trace
 * that moved (jx-session-file-apply.h does the work below the UI), and
 * Export Image, drawn by the render library exactly as `juxtrace-cli
 * render` draws (jx-comparison-render.h, jx-picture-file.h). */
#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "jx-comparison-render.h"
#include "jx-diff-tree-view.h"
#include "jx-palette.h"
#include "jx-picture-file.h"
#include "jx-session-file-apply.h"
#include "jx-window-private.h"

/* A picture narrower than this is not worth exporting. */
#define EXPORT_MIN_WIDTH 800

static void locate_next_missing (JxWindow *self);

static gboolean
present_idle (gpointer data)
{
  gtk_window_present (data);
  return G_SOURCE_REMOVE;
}

/* After the window's own surface is up, so the message is above it. */
static void
present_when_idle (GtkWindow *dialog)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, present_idle, g_object_ref (dialog), g_object_unref);
}

static void
show_error (JxWindow   *self,
            const char *heading,
            const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  /* Opened from the command line, the window is not on screen yet: the
   * message follows it, so that it shows above it. */
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    gtk_window_present (GTK_WINDOW (dialog));
  else
    g_signal_connect_object (self, "map", G_CALLBACK (present_when_idle), dialog,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

static void
set_comparison_file (JxWindow      *self,
                     const char    *filename,
                     JxSessionFile *file)
{
  g_autofree char *base = NULL;

  if (file != self->session_file)
    {
      g_clear_handle_id (&self->fold_source, g_source_remove);
      g_clear_pointer (&self->session_file, jx_session_file_free);
    }
  self->session_file = file;
  g_free (self->session_filename);
  self->session_filename = g_strdup (filename);
  g_clear_pointer (&self->missing, g_array_unref);

  if (filename == NULL)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Juxtrace"));
      adw_window_title_set_title (self->window_title, _("Juxtrace"));
      return;
    }
  base = g_filename_display_basename (filename);
  if (g_str_has_suffix (base, JX_SESSION_FILE_SUFFIX))
    base[strlen (base) - strlen (JX_SESSION_FILE_SUFFIX)] = '\0';
  gtk_window_set_title (GTK_WINDOW (self), base);
  adw_window_title_set_title (self->window_title, base);
}

void
_jx_window_forget_comparison_file (JxWindow *self)
{
  if (self->session_filename != NULL || self->session_file != NULL)
    set_comparison_file (self, NULL, NULL);
}

const char *
jx_window_get_comparison_file (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), NULL);
  return self->session_filename;
}

guint
jx_window_get_n_missing (JxWindow *self)
{
  g_return_val_if_fail (JX_IS_WINDOW (self), 0);
  return self->missing != NULL ? self->missing->len : 0;
}

/* The start page's recent comparisons, and the desktop's recent files. */
static void
remember (JxWindow   *self,
          const char *filename)
{
  const char *paths[2] = { filename, NULL };
  g_autofree char *uri = g_filename_to_uri (filename, NULL, NULL);
  GtkRecentData data = {
    .mime_type = (char *) JX_SESSION_FILE_MIME_TYPE,
    .app_name = (char *) "juxtrace",
    .app_exec = (char *) "juxtrace %u",
  };

  jx_welcome_page_remember (self->welcome_page, paths);
  if (uri != NULL)
    gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

/* Folded groups ------------------------------------------------------------ */

/* Which stream groups each lane shows folded: view state, kept by the file
 * for each trace whose groups are known (an empty list: none folded). */
static void
capture_folds (JxWindow      *self,
               JxSessionFile *file)
{
  for (guint i = 0; i < file->traces->len; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxSessionFileTrace *trace = g_ptr_array_index (file->traces, i);
      JxStreamGroups *groups = item != NULL ? jx_session_trace_get_groups (item) : NULL;
      JxTraceTimeline *lane = item != NULL ? jx_master_timeline_get_trace_timeline (self->master_timeline, item) : NULL;

      if (groups == NULL || lane == NULL)
        continue;
      trace->folded_groups = g_array_new (FALSE, FALSE, sizeof (guint32));
      for (guint32 g = 0; g < jx_stream_groups_get_n_groups (groups); g++)
        if (jx_trace_timeline_get_group_folded (lane, g))
          g_array_append_val (trace->folded_groups, g);
    }
}

/* Readable Rows and the processes shown readable, per lane: view state
 * too, kept only when a lane has any. */
static void
capture_rows (JxWindow      *self,
              JxSessionFile *file)
{
  for (guint i = 0; i < file->traces->len; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (self->session, i);
      JxSessionFileTrace *trace = g_ptr_array_index (file->traces, i);
      JxTrace *loaded = item != NULL ? jx_session_trace_get_trace (item) : NULL;
      JxTraceTimeline *lane = item != NULL ? jx_master_timeline_get_trace_timeline (self->master_timeline, item) : NULL;

      if (loaded == NULL || lane == NULL)
        continue;
      trace->full_rows = jx_trace_timeline_get_readable_rows (lane);
      for (guint32 p = 0; p < jx_trace_get_n_processes (loaded); p++)
        if (jx_trace_timeline_get_process_readable (lane, p))
          {
            if (trace->readable_processes == NULL)
              trace->readable_processes = g_array_new (FALSE, FALSE, sizeof (guint32));
            g_array_append_val (trace->readable_processes, p);
          }
      trace->has_rows = trace->full_rows || trace->readable_processes != NULL;
    }
}

/* The rows of one lane as the file has them; FALSE while its canvas does
 * not know the trace's processes yet. */
static gboolean
restore_rows (JxSessionFileTrace *trace,
              JxTrace            *loaded,
              JxTraceTimeline    *lane)
{
  gboolean all = TRUE;

  if (!trace->has_rows)
    return TRUE;
  jx_trace_timeline_set_readable_rows (lane, trace->full_rows);
  for (guint i = 0; trace->readable_processes != NULL && i < trace->readable_processes->len; i++)
    {
      guint32 p = g_array_index (trace->readable_processes, guint32, i);

      if (p >= jx_trace_get_n_processes (loaded))
        continue;
      jx_trace_timeline_set_process_readable (lane, p, TRUE);
      all &= jx_trace_timeline_get_process_readable (lane, p);
    }
  return all;
}

static gboolean
contains (GArray  *array,
          guint32  value)
{
  for (guint i = 0; i < array->len; i++)
    if (g_array_index (array, guint32, i) == value)
      return TRUE;
  return FALSE;
}

/* Folds the file's groups in every lane that knows its groups; FALSE while
 * a lane does not know them yet (its canvas takes the trace a little after
 * the load). */
static gboolean
restore_folds_now (JxWindow *self)
{
  gboolean all = TRUE;

  for (guint i = 0; i < self->session_file->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (self->session_file->traces, i);
      JxSessionTrace *item = trace->folded_groups != NULL || trace->has_rows
                             ? jx_session_find_path (self->session, trace->path) : NULL;
      JxStreamGroups *groups = item != NULL ? jx_session_trace_get_groups (item) : NULL;
      JxTraceTimeline *lane = item != NULL ? jx_master_timeline_get_trace_timeline (self->master_timeline, item) : NULL;

      if (item == NULL || jx_session_trace_get_state (item) != JX_SESSION_TRACE_LOADED)
        continue;
      if (groups == NULL || lane == NULL)
        {
          all = FALSE;
          continue;
        }
      if (!restore_rows (trace, jx_session_trace_get_trace (item), lane))
        all = FALSE;
      for (guint32 g = 0; trace->folded_groups != NULL && g < jx_stream_groups_get_n_groups (groups); g++)
        {
          gboolean folded = contains (trace->folded_groups, g);

          jx_trace_timeline_set_group_folded (lane, g, folded);
          if (jx_trace_timeline_get_group_folded (lane, g) != folded)
            all = FALSE;
        }
    }
  return all;
}

#define RESTORE_FOLDS_TRIES 50
#define RESTORE_FOLDS_INTERVAL_MS 100

static gboolean
restore_folds_retry (gpointer data)
{
  JxWindow *self = data;

  if (self->session_file == NULL || restore_folds_now (self) || ++self->fold_tries >= RESTORE_FOLDS_TRIES)
    {
      self->fold_source = 0;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
_jx_window_restore_folds (JxWindow *self)
{
  if (!self->folds_pending || self->session_file == NULL || jx_session_get_n_loading (self->session) > 0)
    return;
  self->folds_pending = FALSE;
  g_clear_handle_id (&self->fold_source, g_source_remove);
  if (!restore_folds_now (self))
    {
      self->fold_tries = 0;
      self->fold_source = g_timeout_add (RESTORE_FOLDS_INTERVAL_MS, restore_folds_retry, self);
    }
}

/* Saving ------------------------------------------------------------------ */

gboolean
jx_window_save_comparison (JxWindow    *self,
                           const char  *filename,
                           GError     **error)
{
  g_autoptr(JxSessionFile) file = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  path = g_str_has_suffix (filename, JX_SESSION_FILE_SUFFIX) ? g_strdup (filename)
                                                             : g_strconcat (filename, JX_SESSION_FILE_SUFFIX, NULL);
  file = jx_session_file_capture (self->session);
  capture_folds (self, file);
  capture_rows (self, file);
  /* Fields a newer Juxtrace wrote into the file opened survive the save. */
  if (self->session_file != NULL && self->session_file->keyfile != NULL)
    file->keyfile = g_key_file_ref (self->session_file->keyfile);
  if (!jx_session_file_save (file, path, error))
    return FALSE;

  set_comparison_file (self, path, g_steal_pointer (&file));
  remember (self, path);
  return TRUE;
}

static void
save_to (JxWindow   *self,
         const char *filename)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;

  if (!jx_window_save_comparison (self, filename, &error))
    {
      show_error (self, _("Comparison Not Saved"), error->message);
      return;
    }
  base = g_filename_display_basename (self->session_filename);
  text = g_strdup_printf (_("Saved “%s”"), base);
  jx_window_show_toast (self, text);
}

static void
on_save_response (GtkNativeDialog *dialog,
                  int              response,
                  JxWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        save_to (self, path);
    }
  g_clear_object (&self->save_chooser);
}

static GtkFileFilter *
comparison_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Juxtrace Comparisons"));
  gtk_file_filter_add_pattern (filter, "*" JX_SESSION_FILE_SUFFIX);
  gtk_file_filter_add_mime_type (filter, JX_SESSION_FILE_MIME_TYPE);
  return filter;
}

/* "run01-vs-run09.juxtrace": a file name from the traces' names. */
static char *
suggest_file_name (JxWindow   *self,
                   const char *suffix)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->session));
  g_autofree const char **names = g_new0 (const char *, n + 1);

  for (guint i = 0; i < n; i++)
    names[i] = jx_session_trace_get_name (jx_session_peek_item (self->session, i));
  return jx_session_file_suggest_name (names, n, suffix);
}

static void
run_save_chooser (JxWindow *self)
{
  g_autoptr(GtkFileFilter) filter = comparison_filter ();

  if (self->save_chooser == NULL)
    {
      self->save_chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Save Comparison"), GTK_WINDOW (self),
                                                                           GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                           _("_Save"), _("_Cancel")));
      gtk_native_dialog_set_modal (self->save_chooser, TRUE);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->save_chooser), filter);
      g_signal_connect (self->save_chooser, "response", G_CALLBACK (on_save_response), self);
    }
  /* Where and under which name: for the traces open now. */
  if (self->session_filename != NULL)
    {
      g_autoptr(GFile) current = g_file_new_for_path (self->session_filename);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (self->save_chooser), current, NULL);
    }
  else
    {
      JxSessionTrace *first = jx_session_peek_item (self->session, 0);
      const char *path = first != NULL ? jx_session_trace_get_path (first) : NULL;
      g_autofree char *name = suggest_file_name (self, JX_SESSION_FILE_SUFFIX);

      /* Beside the traces: the folder that holds the first trace's folder,
       * when the user may write there (shared traces often are read-only). */
      if (path != NULL && g_path_is_absolute (path))
        {
          g_autofree char *trace_dir = g_file_test (path, G_FILE_TEST_IS_DIR) ? g_strdup (path)
                                                                                : g_path_get_dirname (path);
          g_autofree char *parent = g_path_get_dirname (trace_dir);
          g_autoptr(GFile) folder = g_file_new_for_path (g_access (parent, W_OK) == 0 ? parent : g_get_home_dir ());

          gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->save_chooser), folder, NULL);
        }
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->save_chooser), name);
    }
  gtk_native_dialog_show (self->save_chooser);
}

static void
save_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);

  if (g_list_model_get_n_items (G_LIST_MODEL (self->session)) == 0)
    return;
  if (g_str_equal (name, "win.save-comparison") && self->session_filename != NULL)
    save_to (self, self->session_filename);
  else
    run_save_chooser (self);
}

/* Opening ----------------------------------------------------------------- */

static void
on_locate_response (GtkNativeDialog *dialog,
                    int              response,
                    JxWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->session_file != NULL && self->missing != NULL &&
      self->missing->len > 0)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      guint index = g_array_index (self->missing, guint, 0);

      if (path != NULL)
        {
          if (jx_session_file_apply_located (self->session_file, self->session, index, path) == NULL)
            jx_window_show_toast (self, ngettext ("That trace is already part of the comparison",
                                                  "Some traces are already part of the comparison", 1));
          self->folds_pending = TRUE;
          _jx_window_show_page (self, "comparison");
        }
      g_array_remove_index (self->missing, 0);
    }
  else if (self->missing != NULL && self->missing->len > 0)
    g_array_remove_index (self->missing, 0);

  g_clear_object (&self->locate_chooser);
  locate_next_missing (self);
}

static void
run_locate_chooser (JxWindow *self)
{
  g_autoptr(GtkFileFilter) otf2 = gtk_file_filter_new ();

  self->locate_chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Locate Trace"), GTK_WINDOW (self),
                                                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                                                         _("_Open"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->locate_chooser, TRUE);
  gtk_file_filter_set_name (otf2, _("OTF2 Traces (anchor files)"));
  gtk_file_filter_add_pattern (otf2, "*.otf2");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->locate_chooser), otf2);
  g_signal_connect (self->locate_chooser, "response", G_CALLBACK (on_locate_response), self);
  gtk_native_dialog_show (self->locate_chooser);
}

static void
on_missing_response (AdwMessageDialog *dialog,
                     const char       *response,
                     JxWindow         *self)
{
  if (g_str_equal (response, "locate"))
    {
      run_locate_chooser (self);
      return;
    }
  if (self->missing != NULL && self->missing->len > 0)
    g_array_remove_index (self->missing, 0);
  locate_next_missing (self);
}

static gboolean
locate_when_idle (gpointer data)
{
  locate_next_missing (data);
  return G_SOURCE_REMOVE;
}

static void
on_mapped_locate (JxWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, on_mapped_locate, self);
  /* After the window's own surface is up, so the message is above it. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, locate_when_idle, g_object_ref (self), g_object_unref);
}

/* One message per trace that was not found, one after another. A window
 * opened from the command line is not on screen yet: the message waits for
 * it, so that it shows above it. */
static void
locate_next_missing (JxWindow *self)
{
  JxSessionFileTrace *trace;
  g_autofree char *body = NULL;
  g_autofree char *display = NULL;
  GtkWidget *dialog;

  if (self->session_file == NULL || self->missing == NULL || self->missing->len == 0)
    return;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      g_signal_handlers_disconnect_by_func (self, on_mapped_locate, self);
      g_signal_connect_data (self, "map", G_CALLBACK (on_mapped_locate), self, NULL,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
      return;
    }

  trace = g_ptr_array_index (self->session_file->traces, g_array_index (self->missing, guint, 0));
  display = g_filename_display_name (trace->path);
  body = g_strdup_printf (_("The trace “%s” of this comparison is no longer there. The other traces are opened; "
                            "locate this one to add it with its saved offset and colour."), display);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Trace Not Found"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "skip", _("_Skip"),
                                    "locate", _("_Locate…"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "locate", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "locate");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "skip");
  g_signal_connect (dialog, "response", G_CALLBACK (on_missing_response), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

gboolean
jx_window_open_comparison_file (JxWindow   *self,
                                const char *filename)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(GArray) missing = NULL;

  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  file = jx_session_file_load (filename, &error);
  if (file == NULL)
    {
      show_error (self, _("Comparison Not Opened"), error->message);
      return FALSE;
    }

  self->opening = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  missing = jx_session_file_apply (file, self->session);
  self->opening = FALSE;
  /* The search the file keeps shows in the entry. */
  if (jx_session_get_search (self->session) != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), jx_session_get_search (self->session));

  for (guint i = 0; i < file->warnings->len; i++)
    g_message ("%s: %s", filename, (const char *) g_ptr_array_index (file->warnings, i));
  if (file->warnings->len > 0)
    jx_window_show_toast (self, file->version > JX_SESSION_FILE_VERSION
                                ? _("This comparison was saved by a newer Juxtrace: some of its settings are not shown")
                                : _("Some settings of this comparison were not understood and are left at their defaults"));

  /* The file, not its traces, is the recent comparison. */
  self->recent_recorded = TRUE;
  remember (self, filename);
  set_comparison_file (self, filename, g_steal_pointer (&file));
  self->missing = g_steal_pointer (&missing);
  self->folds_pending = TRUE;
  _jx_window_restore_folds (self);

  if (g_list_model_get_n_items (G_LIST_MODEL (self->session)) > 0)
    _jx_window_show_page (self, "comparison");
  else
    _jx_window_show_page (self, "welcome");
  locate_next_missing (self);
  return TRUE;
}

/* Export ------------------------------------------------------------------ */

typedef struct
{
  JxComparisonLane          *lanes;
  guint                      n_lanes;
  JxComparisonRenderOptions  options;
} Export;

static void
draw_export (cairo_t  *cr,
             gpointer  data)
{
  Export *export = data;

  jx_comparison_render_draw (cr, export->lanes, export->n_lanes, &export->options, NULL);
}

gboolean
jx_window_export_image (JxWindow    *self,
                        const char  *filename,
                        GError     **error)
{
  JxSession *session;
  JxDiffBarModel *bars;
  JxPictureFormat format = JX_PICTURE_PNG;
  g_autofree JxComparisonLane *lanes = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  Export export = { 0 };
  gboolean dark;
  guint n, n_lanes = 0;
  int width, height;

  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  session = self->session;
  bars = jx_session_get_diff_bars (session);
  dark = jx_session_get_dark (session);
  n = g_list_model_get_n_items (G_LIST_MODEL (session));
  lanes = g_new0 (JxComparisonLane, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);
      JxTrace *trace = jx_session_trace_get_trace (item);
      JxComparisonLane *lane = &lanes[n_lanes];

      if (trace == NULL)
        continue;
      jx_comparison_lane_init (lane, trace, i, dark);
      jx_palette_trace_colors (jx_session_trace_get_color_slot (item), jx_session_trace_get_picked_color (item),
                               dark, &lane->tint, &lane->accent);
      lane->summary = jx_session_trace_get_summary (item);
      lane->name = jx_session_trace_get_name (item);
      /* The picture says, as the window does, that a lane is only a part. */
      if (jx_session_trace_get_partial (item) != NULL)
        {
          /* TRANSLATORS: a lane's name in an exported image, then what the partial load took. */
          lane->name = g_strdup_printf (_("%s (partial: %s)"), lane->name,
                                        jx_session_trace_get_partial (item)->description);
          g_ptr_array_add (names, (gpointer) lane->name);
        }
      lane->offset_ns = jx_session_trace_get_offset (item);
      lane->fold = jx_session_trace_get_fold (item);
      lane->imbalance = jx_session_get_show_sos (session) ? jx_session_trace_get_imbalance (item) : NULL;
      lane->diff_bars = jx_diff_bar_model_get_bars (bars, item);
      n_lanes++;
    }
  if (n_lanes == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s", _("No trace is loaded: there is nothing to export"));
      return FALSE;
    }

  jx_picture_format_from_path (filename, &format);
  jx_comparison_render_options_init (&export.options);
  width = gtk_widget_get_width (GTK_WIDGET (self->master_timeline));
  export.options.width = CLAMP (width, EXPORT_MIN_WIDTH, JX_COMPARISON_RENDER_MAX_SIDE);
  export.options.start_ns = jx_session_get_visible_time (session)->begin_ns;
  export.options.end_ns = jx_session_get_visible_time (session)->end_ns;
  export.options.dark = dark;
  export.options.show_messages = jx_session_get_show_messages (session);
  export.options.show_sos = jx_session_get_show_sos (session);
  /* The counter rows the timelines show (NULL: none). */
  export.options.counter_metric = jx_counter_model_get_metric (jx_session_get_counter_model (session));
  if (export.options.counter_metric[0] == '\0')
    export.options.counter_metric = NULL;
  export.lanes = lanes;
  export.n_lanes = n_lanes;
  height = jx_comparison_render_measure_height (lanes, n_lanes, &export.options);
  export.options.height = height;
  return jx_picture_file_write (filename, format, export.options.width, height, draw_export, &export, error);
}

static void
on_export_response (GtkNativeDialog *dialog,
                    int              response,
                    JxWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GError) error = NULL;
      JxPictureFormat format;

      /* No known extension: the one of the type picked in the dialog. */
      if (path != NULL && !jx_picture_format_from_path (path, &format))
        {
          const char *suffix = filter != NULL ? g_object_get_data (G_OBJECT (filter), "suffix") : NULL;
          char *named = g_strconcat (path, suffix != NULL ? suffix : ".png", NULL);

          g_free (path);
          path = named;
        }
      if (path != NULL && !jx_window_export_image (self, path, &error))
        show_error (self, _("Image Not Exported"), error->message);
      else if (path != NULL)
        {
          g_autofree char *base = g_filename_display_basename (path);
          g_autofree char *text = g_strdup_printf (_("Exported “%s”"), base);

          jx_window_show_toast (self, text);
        }
    }
  g_clear_object (&self->export_chooser);
}

static void
export_image_action (GtkWidget  *widget,
                     const char *name,
                     GVariant   *parameter)
{
  JxWindow *self = JX_WINDOW (widget);
  static const struct { const char *name; const char *pattern; const char *suffix; const char *mime; } types[] = {
    { N_("PNG Image"), "*.png", ".png", "image/png" },
    { N_("SVG Drawing"), "*.svg", ".svg", "image/svg+xml" },
    { N_("PDF Document"), "*.pdf", ".pdf", "application/pdf" },
  };

  if (!jx_session_get_extent (self->session, NULL))
    return;
  if (self->export_chooser != NULL)
    {
      gtk_native_dialog_show (self->export_chooser);
      return;
    }
  self->export_chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self),
                                                                         GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                         _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->export_chooser, TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(types[i].name));
      gtk_file_filter_add_pattern (filter, types[i].pattern);
      gtk_file_filter_add_mime_type (filter, types[i].mime);
      g_object_set_data (G_OBJECT (filter), "suffix", (gpointer) types[i].suffix);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->export_chooser), filter);
    }
  {
    g_autofree char *file_name = suggest_file_name (self, types[0].suffix);

    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->export_chooser), file_name);
  }
  g_signal_connect (self->export_chooser, "response", G_CALLBACK (on_export_response), self);
  gtk_native_dialog_show (self->export_chooser);
}

/* Tables ------------------------------------------------------------------ */

/* The CSV of the table the comparison pane shows, and a file name for it;
 * NULL when that table has nothing yet. */
static char *
dup_table_csv (JxWindow    *self,
               const char **name)
{
  JxComparisonPane *pane = self->comparison_pane;
  const char *page = jx_comparison_pane_get_page (pane);

  if (g_strcmp0 (page, "tree") == 0 || g_strcmp0 (page, "flame") == 0)
    {
      const JxDiffTree *tree = jx_diff_tree_view_get_tree (jx_comparison_pane_get_tree_view (pane));
      GString *out;

      *name = "call-tree.csv";
      if (tree == NULL)
        return NULL;
      out = g_string_new (NULL);
      jx_diff_tree_append_csv (out, tree);
      return g_string_free (out, FALSE);
    }
  if (g_strcmp0 (page, "similarity") == 0)
    {
      *name = "similarity.csv";
      return jx_similarity_list_dup_csv (jx_comparison_pane_get_similarity (pane));
    }
  *name = "function-time-differences.csv";
  return jx_function_diff_table_dup_csv (jx_comparison_pane_get_function_table (pane));
}

gboolean
jx_window_export_table (JxWindow    *self,
                        const char  *filename,
                        GError     **error)
{
  g_autofree char *csv = NULL;
  const char *name;

  g_return_val_if_fail (JX_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  csv = dup_table_csv (self, &name);
  if (csv == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "%s",
                   _("The differential call tree is not built yet: show it first"));
      return FALSE;
    }
  if (!g_file_set_contents (filename, csv, -1, error))
    {
      g_autofree char *display = g_filename_display_name (filename);

      g_prefix_error (error, _("Could not write “%s”: "), display);
      return FALSE;
    }
  return TRUE;
}

static void
on_table_response (GtkNativeDialog *dialog,
                   int              response,
                   JxWindow        *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      g_autoptr(GError) error = NULL;

      if (path != NULL && !jx_window_export_table (self, path, &error))
        show_error (self, _("Table Not Exported"), error->message);
      else if (path != NULL)
        {
          g_autofree char *base = g_filename_display_basename (path);
          g_autofree char *text = g_strdup_printf (_("Exported “%s”"), base);

          jx_window_show_toast (self, text);
        }
    }
  g_clear_object (&self->table_chooser);
}

void
_jx_window_run_table_export (JxWindow *self)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *csv = NULL;
  const char *name;

  if (self->table_chooser != NULL)
    {
      gtk_native_dialog_show (self->table_chooser);
      return;
    }
  csv = dup_table_csv (self, &name);
  self->table_chooser = GTK_NATIVE_DIALOG (gtk_file_chooser_native_new (_("Export Table as CSV"), GTK_WINDOW (self),
                                                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                                                        _("_Export"), _("_Cancel")));
  gtk_native_dialog_set_modal (self->table_chooser, TRUE);
  gtk_file_filter_set_name (filter, _("CSV Tables"));
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->table_chooser), filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->table_chooser), name);
  g_signal_connect (self->table_chooser, "response", G_CALLBACK (on_table_response), self);
  gtk_native_dialog_show (self->table_chooser);
}

/* Class ------------------------------------------------------------------- */

void
_jx_window_update_session_actions (JxWindow *self)
{
  gboolean any = g_list_model_get_n_items (G_LIST_MODEL (self->session)) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-comparison", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-comparison-as", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-image", jx_session_get_extent (self->session, NULL));
}

void
_jx_window_dispose_session (JxWindow *self)
{
  GtkNativeDialog **choosers[] = { &self->save_chooser, &self->export_chooser, &self->locate_chooser,
                                    &self->table_chooser };

  for (guint i = 0; i < G_N_ELEMENTS (choosers); i++)
    if (*choosers[i] != NULL)
      {
        gtk_native_dialog_destroy (*choosers[i]);
        g_clear_object (choosers[i]);
      }
  g_clear_handle_id (&self->fold_source, g_source_remove);
  g_clear_pointer (&self->session_file, jx_session_file_free);
  g_clear_pointer (&self->session_filename, g_free);
  g_clear_pointer (&self->missing, g_array_unref);
}

void
_jx_window_class_init_session (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.save-comparison", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-comparison-as", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, export_image_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK, "win.save-comparison", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-comparison-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_S, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.save-comparison-as", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-image", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_P, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-image", NULL);
}
