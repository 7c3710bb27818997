/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-dialog.c — see jx-marker-dialog.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-marker-dialog.h"

struct _JxMarkerDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  JxSessionTrace   *item;
  guint64           ticks;

  GtkWidget        *text;
  GtkWidget        *group;
  GtkWidget        *category;
};

G_DEFINE_FINAL_TYPE (JxMarkerDialog, jx_marker_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* What was typed last, offered for the next marker. */
static char *last_group;
static char *last_category;

static void
validate (JxMarkerDialog *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->text));

  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "add", text[0] != '\0');
}

static const char *
field (GtkWidget  *row,
       const char *fallback)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (row));

  return text[0] != '\0' ? text : fallback;
}

static void
jx_marker_dialog_response (AdwMessageDialog *dialog,
                           const char       *response)
{
  JxMarkerDialog *self = JX_MARKER_DIALOG (dialog);

  if (g_strcmp0 (response, "add") == 0 && self->session != NULL &&
      jx_session_find_item (self->session, self->item, NULL) &&
      jx_session_trace_get_trace (self->item) != NULL &&
      gtk_editable_get_text (GTK_EDITABLE (self->text))[0] != '\0')
    {
      const char *group = field (self->group, _("User"));
      const char *category = field (self->category, _("Note"));

      g_free (last_group);
      g_free (last_category);
      last_group = g_strdup (group);
      last_category = g_strdup (category);
      jx_session_markers_add (jx_session_get_markers (self->session), self->item, self->ticks, 0, group, category,
                              gtk_editable_get_text (GTK_EDITABLE (self->text)), 0, 0);
    }

  if (ADW_MESSAGE_DIALOG_CLASS (jx_marker_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (jx_marker_dialog_parent_class)->response (dialog, response);
}

static void
jx_marker_dialog_dispose (GObject *object)
{
  JxMarkerDialog *self = JX_MARKER_DIALOG (object);

  g_clear_object (&self->session);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (jx_marker_dialog_parent_class)->dispose (object);
}

static void
jx_marker_dialog_class_init (JxMarkerDialogClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = jx_marker_dialog_dispose;
  ADW_MESSAGE_DIALOG_CLASS (klass)->response = jx_marker_dialog_response;
}

static GtkWidget *
entry_row (GtkWidget  *list,
           const char *title,
           const char *text)
{
  GtkWidget *row = adw_entry_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
  gtk_list_box_append (GTK_LIST_BOX (list), row);
  return row;
}

static void
jx_marker_dialog_init (JxMarkerDialog *self)
{
  GtkWidget *list = gtk_list_box_new ();

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  self->text = entry_row (list, _("Text"), NULL);
  self->group = entry_row (list, _("Group"), last_group != NULL ? last_group : _("User"));
  self->category = entry_row (list, _("Category"), last_category != NULL ? last_category : _("Note"));
  adw_entry_row_set_activates_default (ADW_ENTRY_ROW (self->text), TRUE);
  g_signal_connect_swapped (self->text, "changed", G_CALLBACK (validate), self);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (self), list);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (self),
                                    "cancel", _("_Cancel"),
                                    "add", _("_Add Marker"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (self), "add", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (self), "add");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (self), "cancel");
  validate (self);
}

GtkWidget *
jx_marker_dialog_new (GtkWindow      *parent,
                      JxSession      *session,
                      JxSessionTrace *item,
                      guint64         ticks)
{
  JxMarkerDialog *self;
  g_autofree char *time = NULL;
  g_autofree char *own = NULL;
  g_autofree char *body = NULL;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  self = g_object_new (JX_TYPE_MARKER_DIALOG,
                       "transient-for", parent,
                       "modal", TRUE,
                       "heading", _("Add Marker"),
                       NULL);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  self->ticks = ticks;
  /* Comparison time, as the window shows it, and the trace's own time
   * (from its start, no offset), which is what the file keeps. */
  time = jx_time_format (jx_time_ticks_to_comparison (jx_session_trace_get_time_origin (item), ticks), 6);
  own = jx_time_format (jx_time_ticks_to_comparison (jx_trace_get_time_origin (jx_session_trace_get_trace (item), 0), ticks), 6);
  body = g_strdup_printf (_("At comparison time %s (%s in the trace) in “%s”. The marker is written into the trace archive’s marker file; other markers there are kept."),
                          time, own, jx_session_trace_get_name (item));
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self), body);
  gtk_widget_grab_focus (self->text);
  return GTK_WIDGET (self);
}

void
jx_marker_dialog_set_text (JxMarkerDialog *self,
                           const char     *text,
                           const char     *group,
                           const char     *category)
{
  g_return_if_fail (JX_IS_MARKER_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->text), text != NULL ? text : "");
  gtk_editable_set_text (GTK_EDITABLE (self->group), group != NULL ? group : "");
  gtk_editable_set_text (GTK_EDITABLE (self->category), category != NULL ? category : "");
}

static void
on_remove_response (AdwMessageDialog *dialog,
                    const char       *response,
                    JxSessionMarker  *marker)
{
  JxSession *session = g_object_get_data (G_OBJECT (dialog), "session");

  if (g_strcmp0 (response, "remove") == 0)
    jx_session_markers_remove (jx_session_get_markers (session), marker);
}

void
jx_marker_remove_confirmed (GtkWindow       *parent,
                            JxSession       *session,
                            JxSessionMarker *marker)
{
  GtkWidget *dialog;
  g_autofree char *body = NULL;

  g_return_if_fail (JX_IS_SESSION (session));
  g_return_if_fail (JX_IS_SESSION_MARKER (marker));

  if (jx_session_marker_get_user (marker))
    {
      jx_session_markers_remove (jx_session_get_markers (session), marker);
      return;
    }
  body = g_strdup_printf (_("“%s” (%s · %s) was in the archive of “%s” before. Removing it rewrites the archive’s marker file without it; the other markers are kept."),
                          jx_session_marker_get_text (marker), jx_session_marker_get_group (marker),
                          jx_session_marker_get_category (marker),
                          jx_session_trace_get_name (jx_session_marker_get_item (marker)));
  dialog = adw_message_dialog_new (parent, _("Remove the Marker From the Trace?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "cancel", _("_Cancel"), "remove", _("_Remove"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "remove", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "session", g_object_ref (session), g_object_unref);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_remove_response), g_object_ref (marker),
                         (GClosureNotify) (void (*) (void)) g_object_unref, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
