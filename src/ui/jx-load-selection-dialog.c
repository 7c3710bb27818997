/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-load-selection-dialog.c — see jx-load-selection-dialog.h; the widgets
 * are in ui/jx-load-selection-dialog.ui, the outline, estimate and budget
 * are the model's (jx-trace-selection.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-load-selection-dialog.h"

struct _JxLoadSelectionDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  JxSessionTrace   *item;
  char             *path;
  JxTraceOutline   *outline;   /* NULL when the definitions could not be read */
  guint64           budget;
  char             *status_text;

  GtkEntry         *pattern;
  GtkSpinButton    *every;
  GtkEntry         *window_start;
  GtkEntry         *window_end;
  GtkLabel         *status;
};

G_DEFINE_FINAL_TYPE (JxLoadSelectionDialog, jx_load_selection_dialog, ADW_TYPE_MESSAGE_DIALOG)

/* One side of the window: empty leaves it open (TRUE, *ns untouched). */
static gboolean
parse_time (GtkEntry *entry,
            gint64   *ns,
            gboolean *set)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));
  gboolean ok = text[0] == '\0' || (jx_time_parse (text, JX_TIME_UNIT_MS, ns) && *ns >= 0);

  *set = text[0] != '\0';
  if (ok)
    gtk_widget_remove_css_class (GTK_WIDGET (entry), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (entry), "error");
  return ok;
}

JxTraceSelection *
jx_load_selection_dialog_get_selection (JxLoadSelectionDialog *self,
                                        GError               **error)
{
  g_autoptr(JxTraceSelection) selection = jx_trace_selection_new ();
  g_autofree char *pattern = NULL;
  g_autofree guint8 *selected = NULL;
  gint64 begin_ns = 0, end_ns = JX_WINDOW_OPEN_END;
  gboolean has_begin, has_end, begin_ok, end_ok;
  int every;

  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), NULL);

  pattern = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->pattern))));
  if (pattern[0] != '\0')
    jx_trace_selection_add_pattern (selection, pattern);
  every = gtk_spin_button_get_value_as_int (self->every);
  if (every > 1)
    jx_trace_selection_set_every (selection, (guint) every, 0);

  begin_ok = parse_time (self->window_start, &begin_ns, &has_begin);
  end_ok = parse_time (self->window_end, &end_ns, &has_end);
  if (!begin_ok || !end_ok)
    {
      g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                           _("The window’s start and end are times such as 0, 1.5 ms or 2 s (ms when no unit is given)."));
      return NULL;
    }
  if (has_begin || has_end)
    {
      if (end_ns <= begin_ns)
        {
          g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                               _("The window ends before it starts."));
          return NULL;
        }
      jx_trace_selection_set_window (selection, begin_ns, end_ns);
    }
  if (jx_trace_selection_is_all (selection))
    {
      g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                           _("Choose processes, every how many, or a time window."));
      return NULL;
    }

  if (self->outline != NULL)
    {
      guint64 estimate;

      selected = jx_trace_outline_select (self->outline, selection, error);
      if (selected == NULL)
        return NULL;
      estimate = jx_trace_outline_estimate (self->outline, selected, selection);
      if (self->budget != JX_MEMORY_UNLIMITED && estimate > self->budget)
        {
          g_autofree char *need = jx_memory_size_format (estimate);
          g_autofree char *have = jx_memory_size_format (self->budget);

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE,
                       _("This part would still take about %s, more than the %s available: take fewer processes or a shorter window."),
                       need, have);
          return NULL;
        }
    }
  return g_steal_pointer (&selection);
}

static void
on_changed (JxLoadSelectionDialog *self)
{
  g_autoptr(JxTraceSelection) selection = NULL;
  g_autoptr(GError) error = NULL;

  selection = jx_load_selection_dialog_get_selection (self, &error);
  g_free (self->status_text);
  if (selection == NULL)
    self->status_text = g_strdup (error->message);
  else if (self->outline != NULL)
    {
      g_autofree guint8 *selected = jx_trace_outline_select (self->outline, selection, NULL);
      g_autofree char *description = jx_trace_selection_describe (selection);
      g_autofree char *need = jx_memory_size_format (jx_trace_outline_estimate (self->outline, selected, selection));

      /* TRANSLATORS: the first %s is the part ("processes “MPI*”, every 8th"), the second a size. */
      self->status_text = g_strdup_printf (_("Loads %s: about %s."), description, need);
    }
  else
    {
      g_autofree char *description = jx_trace_selection_describe (selection);

      self->status_text = g_strdup_printf (_("Loads %s."), description);
    }
  gtk_label_set_text (self->status, self->status_text);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (self), "load", selection != NULL);
}

static void
jx_load_selection_dialog_response (AdwMessageDialog *dialog,
                                   const char       *response)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (dialog);

  if (g_strcmp0 (response, "load") == 0 && self->session != NULL &&
      jx_session_find_item (self->session, self->item, NULL))
    {
      g_autoptr(JxTraceSelection) selection = jx_load_selection_dialog_get_selection (self, NULL);

      if (selection != NULL)
        {
          /* Added before the refused item goes, so the window never sees
           * an empty comparison in between. */
          jx_session_add_path_with_selection (self->session, self->path, selection);
          jx_session_remove (self->session, self->item);
        }
    }

  if (ADW_MESSAGE_DIALOG_CLASS (jx_load_selection_dialog_parent_class)->response != NULL)
    ADW_MESSAGE_DIALOG_CLASS (jx_load_selection_dialog_parent_class)->response (dialog, response);
}

static void
jx_load_selection_dialog_dispose (GObject *object)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);

  g_clear_object (&self->session);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (jx_load_selection_dialog_parent_class)->dispose (object);
}

static void
jx_load_selection_dialog_finalize (GObject *object)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);

  g_clear_pointer (&self->outline, jx_trace_outline_free);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->status_text, g_free);

  G_OBJECT_CLASS (jx_load_selection_dialog_parent_class)->finalize (object);
}

static void
jx_load_selection_dialog_class_init (JxLoadSelectionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = jx_load_selection_dialog_dispose;
  object_class->finalize = jx_load_selection_dialog_finalize;
  dialog_class->response = jx_load_selection_dialog_response;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-load-selection-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, pattern);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, every);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, window_start);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, window_end);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, status);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
}

static void
jx_load_selection_dialog_init (JxLoadSelectionDialog *self)
{
  self->budget = JX_MEMORY_UNLIMITED;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
jx_load_selection_dialog_new (GtkWindow      *parent,
                              JxSession      *session,
                              JxSessionTrace *item)
{
  JxLoadSelectionDialog *self;
  g_autoptr(GError) error = NULL;
  g_autofree char *source = NULL;
  g_autofree char *have = NULL;
  const char *name;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (JX_TYPE_LOAD_SELECTION_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  self->path = g_strdup (jx_session_trace_get_path (item));
  name = jx_session_trace_get_name (item);

  self->budget = jx_memory_budget_get_default (&source, &error);
  if (error != NULL)
    {
      /* A budget that is no size was the refusal's reason: its message says so. */
      g_debug ("Memory budget: %s", error->message);
      g_clear_error (&error);
      self->budget = JX_MEMORY_UNLIMITED;
    }
  have = jx_memory_size_format (self->budget);
  /* Definitions only: quick even for large traces. */
  self->outline = jx_trace_outline_read (self->path, &error);
  /* A load stopped on the way (it outgrew its estimate) says so itself. */
  if (self->outline != NULL && jx_trace_outline_estimate (self->outline, NULL, NULL) > self->budget)
    {
      g_autofree char *need = jx_memory_size_format (jx_trace_outline_estimate (self->outline, NULL, NULL));

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("Loading “%s” would take about %s of memory, more than the %s available (%s). "
                                        "Load a part of it instead: the processes whose names match a pattern, "
                                        "every k-th process, and/or a time window. Everything shown for it then covers only that part."),
                                      name != NULL ? name : "", need, have, source != NULL ? source : "");
    }
  else
    {
      const GError *load_error = jx_session_trace_get_error (item);

      if (error != NULL)
        g_debug ("Outline of %s: %s", self->path, error->message);
      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("%s Load a part of it instead: the processes whose names match a pattern, "
                                        "every k-th process, and/or a time window."),
                                      load_error != NULL ? load_error->message : "");
    }
  on_changed (self);
  return GTK_WIDGET (self);
}

void
jx_load_selection_dialog_set_pattern (JxLoadSelectionDialog *self,
                                      const char            *pattern)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->pattern), pattern != NULL ? pattern : "");
}

void
jx_load_selection_dialog_set_every (JxLoadSelectionDialog *self,
                                    guint                  k)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  gtk_spin_button_set_value (self->every, MAX (k, 1));
}

void
jx_load_selection_dialog_set_window (JxLoadSelectionDialog *self,
                                     const char            *start,
                                     const char            *end)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  gtk_editable_set_text (GTK_EDITABLE (self->window_start), start != NULL ? start : "");
  gtk_editable_set_text (GTK_EDITABLE (self->window_end), end != NULL ? end : "");
}

const char *
jx_load_selection_dialog_get_status (JxLoadSelectionDialog *self)
{
  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), NULL);
  return self->status_text;
}
