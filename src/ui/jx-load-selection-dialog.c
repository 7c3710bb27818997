/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-load-selection-dialog.c — see jx-load-selection-dialog.h; the widgets
 * are in ui/jx-load-selection-dialog.ui, the outline, estimate and budget
 * are the model's (jx-trace-selection.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-background.h"
#include "jx-load-selection-dialog.h"

struct _JxLoadSelectionDialog
{
  AdwMessageDialog  parent_instance;

  JxSession        *session;
  JxSessionTrace   *item;
  char             *path;
  JxTraceOutline   *outline;   /* NULL until read, or when it could not be */
  gboolean          ready;     /* the definitions were read, or failed to */
  guint64           budget;
  char             *source;    /* what the budget came from */
  char             *status_text;
  GCancellable     *cancellable;
  JxClusterSample  *clusters;  /* NULL until sampled */
  gboolean          sampling;
  char             *cluster_error;
  GPtrArray        *cluster_checks;  /* GtkCheckButton*, one per cluster */

  GtkEntry         *pattern;
  GtkSpinButton    *every;
  GtkEntry         *window_start;
  GtkEntry         *window_end;
  GtkCheckButton   *by_cluster;
  GtkWidget        *cluster_box;
  GtkLabel         *cluster_note;
  GtkBox           *cluster_list;
  GtkCheckButton   *take_representatives;
  GtkCheckButton   *take_whole;
  GtkSpinner       *spinner;
  GtkLabel         *status;
  GtkProgressBar   *progress;
  guint             n_read;    /* locations defined so far, while reading */
  guint             n_total;   /* of those the anchor announces; 0: not told yet */
};

G_DEFINE_FINAL_TYPE (JxLoadSelectionDialog, jx_load_selection_dialog, ADW_TYPE_MESSAGE_DIALOG)

enum {
  PROP_0,
  PROP_READY,
  PROP_N_CLUSTERS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void on_changed (JxLoadSelectionDialog *self);

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

static int
compare_position (gconstpointer a,
                  gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* The chosen clusters' representatives or members, by position. */
static gboolean
add_clusters (JxLoadSelectionDialog *self,
              JxTraceSelection      *selection,
              GError               **error)
{
  gboolean whole = gtk_check_button_get_active (self->take_whole);
  g_autoptr(GArray) positions = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint n = 0;

  if (self->clusters == NULL)
    {
      g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                           self->cluster_error != NULL ? self->cluster_error
                                                       : _("The clusters are being found: a moment."));
      return FALSE;
    }
  for (guint c = 0; c < jx_cluster_sample_get_n_clusters (self->clusters); c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (self->clusters, c);

      if (!gtk_check_button_get_active (g_ptr_array_index (self->cluster_checks, c)))
        continue;
      n++;
      if (!whole)
        g_array_append_val (positions, cluster->representative);
      else
        g_array_append_vals (positions, cluster->members, cluster->size);
    }
  if (n == 0)
    {
      g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION, _("Choose one cluster or more."));
      return FALSE;
    }
  /* In definition order, as the description lists them. */
  g_array_sort (positions, compare_position);
  for (guint i = 0; i < positions->len; i++)
    jx_trace_selection_add_process (selection, g_array_index (positions, guint32, i));
  return TRUE;
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

  if (!self->ready)
    {
      g_set_error_literal (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                           _("Reading the trace’s processes and the sizes of their event files…"));
      return NULL;
    }
  if (gtk_check_button_get_active (self->by_cluster))
    {
      if (!add_clusters (self, selection, error))
        return NULL;
    }
  else
    {
      pattern = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->pattern))));
      if (pattern[0] != '\0')
        jx_trace_selection_add_pattern (selection, pattern);
      every = gtk_spin_button_get_value_as_int (self->every);
      if (every > 1)
        jx_trace_selection_set_every (selection, (guint) every, 0);
    }

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
  gboolean by_cluster;

  selection = jx_load_selection_dialog_get_selection (self, &error);
  g_free (self->status_text);
  if (!self->ready && self->n_total > 0)
    {
      g_autofree char *n_read = g_strdup_printf ("%'u", self->n_read);
      g_autofree char *n_total = g_strdup_printf ("%'u", self->n_total);

      /* TRANSLATORS: counts of locations (threads and GPU streams), e.g. "Reading definitions: 412 of 1,024 locations". */
      self->status_text = g_strdup_printf (_("Reading definitions: %s of %s locations"), n_read, n_total);
    }
  else if (selection == NULL)
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
  by_cluster = gtk_check_button_get_active (self->by_cluster);
  gtk_widget_set_sensitive (GTK_WIDGET (self->pattern), !by_cluster);
  gtk_widget_set_sensitive (GTK_WIDGET (self->every), !by_cluster);
  gtk_widget_set_sensitive (GTK_WIDGET (self->by_cluster), self->outline != NULL);
  gtk_widget_set_visible (self->cluster_box, by_cluster && (self->clusters != NULL || self->cluster_error != NULL));
  gtk_spinner_set_spinning (self->spinner, !self->ready || self->sampling);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), !self->ready && self->n_total > 0);
  if (self->n_total > 0)
    gtk_progress_bar_set_fraction (self->progress, MIN (1.0, (double) self->n_read / self->n_total));
}

/* Clusters ----------------------------------------------------------------- */

static void
sample_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  JxLoadSelectionDialog *self = source_object;
  g_autoptr(GError) error = NULL;
  JxClusterSample *sample;

  /* The outline is only read here, and freed only with the dialog, which
   * the task keeps. */
  jx_background_lower_thread ();
  sample = jx_cluster_sample_new (self->outline, self->budget, cancellable, &error);
  if (sample == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, sample, (GDestroyNotify) jx_cluster_sample_free);
}

static char *
cluster_label (JxLoadSelectionDialog *self,
               const JxSampleCluster *cluster)
{
  const char *representative = jx_trace_outline_get_process (self->outline, cluster->representative)->name;

  if (cluster->empty)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process without calls in the sample",
                                         "%u processes without calls in the sample", cluster->size),
                            cluster->size);
  if (cluster->size == 1)
    /* Translators: a cluster of one process, named. */
    return g_strdup_printf (_("1 process: %s"), representative);
  /* Translators: a cluster's size and its representative process, "12 processes like MPI Rank 3". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u process like %s", "%u processes like %s", cluster->size),
                          cluster->size, representative);
}

static void
show_clusters (JxLoadSelectionDialog *self)
{
  g_autofree char *window = jx_cluster_sample_describe (self->clusters);
  guint n = jx_cluster_sample_get_n_clusters (self->clusters);
  g_autofree char *note = NULL;

  /* Translators: %u clusters; %s is the part of the run, "the first 1.2 s of 40 s". */
  note = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%u cluster, by the calls of each process’s first thread in %s:",
                                       "%u clusters, by the calls of each process’s first thread in %s:", n),
                          n, window);
  gtk_label_set_text (self->cluster_note, note);
  for (guint c = 0; c < n; c++)
    {
      const JxSampleCluster *cluster = jx_cluster_sample_get_cluster (self->clusters, c);
      g_autofree char *label = cluster_label (self, cluster);
      GtkWidget *check = gtk_check_button_new_with_label (label);

      /* The processes the sample did not see at work are no behaviour to
       * pick by default. */
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), !cluster->empty);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (on_changed), self);
      gtk_box_append (self->cluster_list, check);
      g_ptr_array_add (self->cluster_checks, check);
    }
}

static void
sample_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);
  g_autoptr(GError) error = NULL;
  JxClusterSample *sample = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->sampling = FALSE;
  if (sample == NULL)
    {
      /* Translators: %s says why, naming the trace. */
      self->cluster_error = g_strdup_printf (_("No clusters: the sample could not be read. %s"), error->message);
      gtk_label_set_text (self->cluster_note, self->cluster_error);
    }
  else
    {
      self->clusters = sample;
      show_clusters (self);
    }
  on_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_CLUSTERS]);
}

static void
on_by_cluster (JxLoadSelectionDialog *self)
{
  if (gtk_check_button_get_active (self->by_cluster) && self->outline != NULL && self->clusters == NULL &&
      self->cluster_error == NULL && !self->sampling)
    {
      g_autoptr(GTask) task = g_task_new (self, self->cancellable, sample_done, NULL);

      self->sampling = TRUE;
      g_task_set_source_tag (task, on_by_cluster);
      g_task_run_in_thread (task, sample_thread);
    }
  on_changed (self);
}

/* The definitions ---------------------------------------------------------- */

typedef struct
{
  JxLoadSelectionDialog *self;
  guint                  n_read;
  guint                  n_total;
} Told;

static gboolean
show_told (gpointer data)
{
  Told *told = data;
  JxLoadSelectionDialog *self = told->self;

  if (!self->ready && !g_cancellable_is_cancelled (self->cancellable))
    {
      self->n_read = told->n_read;
      self->n_total = told->n_total;
      on_changed (self);
    }
  return G_SOURCE_REMOVE;
}

static void
told_free (gpointer data)
{
  Told *told = data;

  g_object_unref (told->self);
  g_free (told);
}

typedef struct
{
  GTask *task;
  int    permille;   /* last told */
} Telling;

/* In the reading thread: to the dialog's context, at most once per
 * thousandth (and the last count). */
static void
on_outline_progress (guint    n_read,
                     guint    n_total,
                     gpointer user_data)
{
  Telling *telling = user_data;
  int permille = n_total > 0 ? (int) ((guint64) n_read * 1000 / n_total) : 0;
  Told *told;

  if (permille == telling->permille && n_read < n_total)
    return;
  telling->permille = permille;
  told = g_new0 (Told, 1);
  /* The task holds the dialog while its thread runs. */
  told->self = g_object_ref (g_task_get_source_object (telling->task));
  told->n_read = n_read;
  told->n_total = n_total;
  g_main_context_invoke_full (g_task_get_context (telling->task), G_PRIORITY_DEFAULT, show_told, told, told_free);
}

static void
outline_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  JxTraceOutline *outline;
  Telling telling = { task, -1 };

  jx_background_lower_thread ();
  outline = jx_trace_outline_read_full (task_data, on_outline_progress, &telling, &error);
  if (outline == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, outline, (GDestroyNotify) jx_trace_outline_free);
}

static void
show_body (JxLoadSelectionDialog *self,
           const GError          *outline_error)
{
  const char *name = jx_session_trace_get_name (self->item);
  g_autofree char *have = jx_memory_size_format (self->budget);

  if (name == NULL)
    name = "";
  if (!self->ready)
    adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                    _("Reading the definitions of “%s” to find what part of it fits in the %s available…"),
                                    name, have);
  /* A load stopped on the way (it outgrew its estimate) says so itself. */
  else if (self->outline != NULL && jx_trace_outline_estimate (self->outline, NULL, NULL) > self->budget)
    {
      g_autofree char *need = jx_memory_size_format (jx_trace_outline_estimate (self->outline, NULL, NULL));

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("Loading “%s” would take about %s of memory, more than the %s available (%s). "
                                        "Load a part of it instead: the processes whose names match a pattern, "
                                        "every k-th process, the processes of chosen clusters, and/or a time window. "
                                        "Everything shown for it then covers only that part."),
                                      name, need, have, self->source != NULL ? self->source : "");
    }
  else if (outline_error != NULL)
    {
      g_autofree char *display = g_filename_display_name (self->path);

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("The definitions of “%s” could not be read, so the size of a part is not known: %s"),
                                      display, outline_error->message);
    }
  else
    {
      const GError *load_error = jx_session_trace_get_error (self->item);

      adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (self),
                                      _("%s Load a part of it instead: the processes whose names match a pattern, "
                                        "every k-th process, the processes of chosen clusters, and/or a time window."),
                                      load_error != NULL ? load_error->message : "");
    }
}

static void
outline_done (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);
  g_autoptr(GError) error = NULL;

  self->outline = g_task_propagate_pointer (G_TASK (result), &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (error != NULL)
    g_debug ("Outline of %s: %s", self->path, error->message);
  self->ready = TRUE;
  show_body (self, error);
  on_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY]);
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

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->session);
  g_clear_object (&self->item);

  G_OBJECT_CLASS (jx_load_selection_dialog_parent_class)->dispose (object);
}

static void
jx_load_selection_dialog_finalize (GObject *object)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);

  g_clear_pointer (&self->clusters, jx_cluster_sample_free);
  g_clear_pointer (&self->outline, jx_trace_outline_free);
  g_clear_pointer (&self->cluster_checks, g_ptr_array_unref);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->source, g_free);
  g_clear_pointer (&self->status_text, g_free);
  g_clear_pointer (&self->cluster_error, g_free);

  G_OBJECT_CLASS (jx_load_selection_dialog_parent_class)->finalize (object);
}

static void
jx_load_selection_dialog_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  JxLoadSelectionDialog *self = JX_LOAD_SELECTION_DIALOG (object);

  switch (prop_id)
    {
    case PROP_READY:
      g_value_set_boolean (value, self->ready);
      break;
    case PROP_N_CLUSTERS:
      g_value_set_uint (value, jx_load_selection_dialog_get_n_clusters (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_load_selection_dialog_class_init (JxLoadSelectionDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  AdwMessageDialogClass *dialog_class = ADW_MESSAGE_DIALOG_CLASS (klass);

  object_class->dispose = jx_load_selection_dialog_dispose;
  object_class->finalize = jx_load_selection_dialog_finalize;
  object_class->get_property = jx_load_selection_dialog_get_property;
  dialog_class->response = jx_load_selection_dialog_response;

  /* TRUE once the definitions were read in their thread (or failed to). */
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The clusters of the sample, 0 until it was read. */
  properties[PROP_N_CLUSTERS] =
    g_param_spec_uint ("n-clusters", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-load-selection-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, pattern);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, every);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, window_start);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, window_end);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, by_cluster);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, cluster_box);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, cluster_note);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, cluster_list);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, take_representatives);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, take_whole);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, progress);
  gtk_widget_class_bind_template_child (widget_class, JxLoadSelectionDialog, status);
  gtk_widget_class_bind_template_callback (widget_class, on_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_by_cluster);
}

static void
jx_load_selection_dialog_init (JxLoadSelectionDialog *self)
{
  self->budget = JX_MEMORY_UNLIMITED;
  self->cancellable = g_cancellable_new ();
  self->cluster_checks = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
jx_load_selection_dialog_new (GtkWindow      *parent,
                              JxSession      *session,
                              JxSessionTrace *item)
{
  JxLoadSelectionDialog *self;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;

  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (JX_TYPE_LOAD_SELECTION_DIALOG, "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->item = g_object_ref (item);
  self->path = g_strdup (jx_session_trace_get_path (item));

  self->budget = jx_memory_budget_get_default (&self->source, &error);
  if (error != NULL)
    {
      /* A budget that is no size was the refusal's reason: its message says so. */
      g_debug ("Memory budget: %s", error->message);
      g_clear_error (&error);
      self->budget = JX_MEMORY_UNLIMITED;
    }

  /* Definitions only, but of thousands of processes that takes a while:
   * in a thread, the window meanwhile usable and the dialog spinning. */
  task = g_task_new (self, self->cancellable, outline_done, NULL);
  g_task_set_source_tag (task, jx_load_selection_dialog_new);
  g_task_set_task_data (task, g_strdup (self->path), g_free);
  g_task_run_in_thread (task, outline_thread);

  show_body (self, NULL);
  on_changed (self);
  return GTK_WIDGET (self);
}

gboolean
jx_load_selection_dialog_get_ready (JxLoadSelectionDialog *self)
{
  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), FALSE);
  return self->ready;
}

guint
jx_load_selection_dialog_get_n_read (JxLoadSelectionDialog *self,
                                     guint                 *n_total)
{
  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), 0);
  if (n_total != NULL)
    *n_total = self->n_total;
  return self->n_read;
}

void
jx_load_selection_dialog_set_by_cluster (JxLoadSelectionDialog *self,
                                         gboolean               by_cluster)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  gtk_check_button_set_active (self->by_cluster, by_cluster);
}

guint
jx_load_selection_dialog_get_n_clusters (JxLoadSelectionDialog *self)
{
  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), 0);
  return self->clusters != NULL ? jx_cluster_sample_get_n_clusters (self->clusters) : 0;
}

JxClusterSample *
jx_load_selection_dialog_get_clusters (JxLoadSelectionDialog *self)
{
  g_return_val_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self), NULL);
  return self->clusters;
}

void
jx_load_selection_dialog_set_cluster_chosen (JxLoadSelectionDialog *self,
                                             guint                  cluster,
                                             gboolean               chosen)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  g_return_if_fail (cluster < self->cluster_checks->len);
  gtk_check_button_set_active (g_ptr_array_index (self->cluster_checks, cluster), chosen);
}

void
jx_load_selection_dialog_set_whole_clusters (JxLoadSelectionDialog *self,
                                             gboolean               whole)
{
  g_return_if_fail (JX_IS_LOAD_SELECTION_DIALOG (self));
  gtk_check_button_set_active (whole ? self->take_whole : self->take_representatives, TRUE);
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
