/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-compare-with-dialog.c — see jx-compare-with-dialog.h. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "jx-compare-with-dialog.h"
#include "jx-session-pairing.h"
#include "jx-stream-signature.h"

typedef struct
{
  GtkWidget      *dialog;        /* not owned */
  GtkWidget      *source;        /* weak: the timeline that acts */
  JxSession      *session;
  JxSessionTrace *item;          /* the stream's trace */
  guint32         stream;
  gboolean        reference_side;
  JxSessionTrace *partner;       /* the trace whose streams are listed */
  GPtrArray      *partners;      /* JxSessionTrace*: the choice for a reference stream */
  GtkListBox     *list;
  GtkWidget      *search;
  GtkWidget      *subtitle;
  GCancellable   *cancellable;   /* of the similarities */
  guint32         current;       /* the current partner among the rows, JX_NONE */
  double         *similarity;    /* per stream of partner, NULL until known */
  guint           n_similarity;
} Picker;

static void
picker_free (gpointer data)
{
  Picker *picker = data;

  g_cancellable_cancel (picker->cancellable);
  g_clear_object (&picker->cancellable);
  g_clear_weak_pointer (&picker->source);
  g_clear_object (&picker->session);
  g_clear_object (&picker->item);
  g_clear_object (&picker->partner);
  g_clear_pointer (&picker->partners, g_ptr_array_unref);
  g_free (picker->similarity);
  g_free (picker);
}

static Picker *
get_picker (GtkWidget *dialog)
{
  return g_object_get_data (G_OBJECT (dialog), "jx-picker");
}

/* The comparison item (the compared trace of the pair). */
static JxSessionTrace *
compared_item (Picker *picker)
{
  return picker->reference_side ? picker->partner : picker->item;
}

static guint32
row_stream (GtkListBoxRow *row)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "jx-stream"));
}

/* Similarities -------------------------------------------------------------- */

typedef struct
{
  JxTrace *own;
  JxTrace *other;
  guint32  stream;
} SimilarityJob;

static void
similarity_job_free (gpointer data)
{
  SimilarityJob *job = data;

  g_clear_object (&job->own);
  g_clear_object (&job->other);
  g_free (job);
}

static void
similarity_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  SimilarityJob *job = data;
  JxTrace *traces[2] = { job->own, job->other };
  GError *error = NULL;
  JxSignatureSet *set = jx_signature_set_new (traces, 2, cancellable, &error);
  guint n = jx_trace_get_n_streams (job->other);
  double *out;
  guint32 x;

  if (set == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  out = g_new0 (double, MAX (n, 1));
  x = jx_signature_set_index (set, 0, job->stream);
  for (guint32 s = 0; s < n; s++)
    out[s] = jx_signature_set_similarity (set, x, jx_signature_set_index (set, 1, s));
  jx_signature_set_free (set);
  g_task_return_pointer (task, out, g_free);
}

static void
update_row (Picker        *picker,
            GtkListBoxRow *row);

static void
on_similarity (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GtkWidget *dialog = GTK_WIDGET (source);
  Picker *picker = get_picker (dialog);
  double *similarity = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Closed, or another partner trace chosen meanwhile. */
  if (picker == NULL || picker->list == NULL || similarity == NULL ||
      g_task_get_cancellable (G_TASK (result)) != picker->cancellable)
    {
      g_free (similarity);
      return;
    }
  g_free (picker->similarity);
  picker->similarity = similarity;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (picker->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row))
      update_row (picker, GTK_LIST_BOX_ROW (row));
  gtk_list_box_invalidate_sort (picker->list);
}

static void
start_similarity (Picker *picker)
{
  g_autoptr(GTask) task = NULL;
  SimilarityJob *job = g_new0 (SimilarityJob, 1);

  g_cancellable_cancel (picker->cancellable);
  g_clear_object (&picker->cancellable);
  g_clear_pointer (&picker->similarity, g_free);
  picker->cancellable = g_cancellable_new ();
  job->own = g_object_ref (jx_session_trace_get_trace (picker->item));
  job->other = g_object_ref (jx_session_trace_get_trace (picker->partner));
  job->stream = picker->stream;
  task = g_task_new (picker->dialog, picker->cancellable, on_similarity, NULL);
  g_task_set_name (task, "[juxtrace] compare with: similarities");
  g_task_set_task_data (task, job, similarity_job_free);
  g_task_run_in_thread (task, similarity_thread);
}

/* Rows ---------------------------------------------------------------------- */

static void
update_row (Picker        *picker,
            GtkListBoxRow *row)
{
  GtkWidget *label = g_object_get_data (G_OBJECT (row), "jx-similarity");
  guint32 s = row_stream (row);
  g_autofree char *text = NULL;

  if (picker->similarity == NULL)
    text = g_strdup ("…");
  else
    /* Translators: the structural similarity of two streams, 0 to 1 */
    text = g_strdup_printf (_("similarity %.2f"), picker->similarity[s]);
  gtk_label_set_text (GTK_LABEL (label), text);
}

static GtkWidget *
new_row (Picker  *picker,
         JxTrace *trace,
         guint32  s,
         guint32  partner,
         gboolean by_hand)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  g_autofree char *name = jx_session_stream_label (trace, s);
  GtkWidget *label = gtk_label_new (name);
  GtkWidget *mark = gtk_label_new (NULL);
  GtkWidget *similarity = gtk_label_new ("…");

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (label, TRUE);
  if (s == partner)
    {
      gtk_label_set_text (GTK_LABEL (mark), by_hand ? _("current partner, by hand") : _("current partner"));
      gtk_widget_add_css_class (mark, "accent");
    }
  gtk_widget_add_css_class (mark, "caption");
  gtk_widget_add_css_class (similarity, "dim-label");
  gtk_widget_add_css_class (similarity, "numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), mark);
  gtk_box_append (GTK_BOX (box), similarity);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "jx-stream", GUINT_TO_POINTER (s));
  g_object_set_data_full (G_OBJECT (row), "jx-name", g_utf8_casefold (name, -1), g_free);
  g_object_set_data (G_OBJECT (row), "jx-similarity", similarity);
  return row;
}

static void
fill (Picker *picker)
{
  JxTrace *trace = jx_session_trace_get_trace (picker->partner);
  g_autofree char *own = jx_session_stream_label (jx_session_trace_get_trace (picker->item), picker->stream);
  g_autofree char *subtitle = NULL;
  gboolean by_hand = FALSE;
  guint32 partner = jx_session_get_partner (picker->session, compared_item (picker), picker->reference_side,
                                            picker->stream, &by_hand);
  GtkWidget *child;

  picker->current = partner;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (picker->list))) != NULL)
    gtk_list_box_remove (picker->list, child);
  for (guint32 s = 0; s < jx_trace_get_n_streams (trace); s++)
    gtk_list_box_append (picker->list, new_row (picker, trace, s, partner, by_hand));
  /* Translators: “rank 0 / thread 1” of run-a with a stream of run-b: */
  subtitle = g_strdup_printf (_("Pair “%s” of %s with a stream of %s. The two former partners are then "
                                "paired with each other; Ctrl+Z undoes it."),
                              own, jx_session_trace_get_name (picker->item),
                              jx_session_trace_get_name (picker->partner));
  gtk_label_set_text (GTK_LABEL (picker->subtitle), subtitle);
  start_similarity (picker);
}

static gboolean
filter_row (GtkListBoxRow *row,
            gpointer       user_data)
{
  Picker *picker = user_data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (picker->search));
  g_autofree char *needle = NULL;

  if (text == NULL || text[0] == '\0')
    return TRUE;
  needle = g_utf8_casefold (text, -1);
  return strstr (g_object_get_data (G_OBJECT (row), "jx-name"), needle) != NULL;
}

/* Most alike first once the similarities are known (among equals the
 * current partner), else in the trace's order. */
static int
sort_rows (GtkListBoxRow *a,
           GtkListBoxRow *b,
           gpointer       user_data)
{
  Picker *picker = user_data;
  guint32 sa = row_stream (a), sb = row_stream (b);

  if (picker->similarity != NULL && picker->similarity[sa] != picker->similarity[sb])
    return picker->similarity[sa] > picker->similarity[sb] ? -1 : 1;
  if (picker->similarity != NULL && (sa == picker->current || sb == picker->current))
    return sa == picker->current ? -1 : 1;
  return sa < sb ? -1 : (sa > sb ? 1 : 0);
}

/* Choosing ------------------------------------------------------------------ */

static void
choose (Picker  *picker,
        guint32  s)
{
  guint position = 0;

  if (picker->source == NULL || !jx_session_find_item (picker->session, picker->partner, &position))
    return;
  gtk_widget_activate_action (picker->source, "trace.pair-streams", "(iuu)", (gint32) position, picker->stream, s);
}

static void
on_row_activated (GtkListBox    *list,
                  GtkListBoxRow *row,
                  GtkWidget     *dialog)
{
  Picker *picker = get_picker (dialog);

  choose (picker, row_stream (row));
  gtk_window_close (GTK_WINDOW (dialog));
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             gpointer          user_data)
{
  Picker *picker = get_picker (GTK_WIDGET (dialog));
  GtkListBoxRow *row = gtk_list_box_get_selected_row (picker->list);

  if (g_strcmp0 (response, "pair") == 0 && row != NULL)
    choose (picker, row_stream (row));
}

static void
on_selected (GtkListBox    *list,
             GtkListBoxRow *row,
             GtkWidget     *dialog)
{
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "pair", row != NULL);
}

/* The rows go with the dialog; a similarity arriving later finds none. */
static void
on_destroy (GtkWidget *dialog,
            Picker    *picker)
{
  g_cancellable_cancel (picker->cancellable);
  picker->list = NULL;
}

/* Escape clears the search, then closes. */
static void
on_stop_search (GtkSearchEntry *entry,
                Picker         *picker)
{
  if (gtk_editable_get_text (GTK_EDITABLE (entry))[0] != '\0')
    gtk_editable_set_text (GTK_EDITABLE (entry), "");
  else
    gtk_window_close (GTK_WINDOW (picker->dialog));
}

static void
on_search_changed (GtkSearchEntry *entry,
                   Picker         *picker)
{
  gtk_list_box_invalidate_filter (picker->list);
}

static void
on_partner_chosen (GtkDropDown *drop_down,
                   GParamSpec  *pspec,
                   Picker      *picker)
{
  guint i = gtk_drop_down_get_selected (drop_down);

  if (i >= picker->partners->len || g_ptr_array_index (picker->partners, i) == picker->partner)
    return;
  g_set_object (&picker->partner, g_ptr_array_index (picker->partners, i));
  fill (picker);
}

/* The compared traces with a result, for a stream of the reference. */
static GPtrArray *
compared_items (JxSession *session)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  JxSessionTrace *reference = jx_session_get_reference (session);
  JxSessionTrace *compared = jx_session_get_compared (session);

  if (compared != NULL && jx_session_trace_get_comparison (compared) != NULL)
    g_ptr_array_add (items, g_object_ref (compared));
  for (guint i = 0; jx_session_peek_item (session, i) != NULL; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);

      if (item != reference && item != compared && jx_session_trace_get_comparison (item) != NULL)
        g_ptr_array_add (items, g_object_ref (item));
    }
  return items;
}

GtkWidget *
jx_compare_with_dialog_present (GtkWindow      *parent,
                                GtkWidget      *source,
                                JxSession      *session,
                                JxSessionTrace *item,
                                guint32         stream)
{
  g_autoptr(GPtrArray) partners = NULL;
  GtkWidget *dialog, *box, *scrolled;
  Picker *picker;
  gboolean reference_side;

  g_return_val_if_fail (GTK_IS_WIDGET (source), NULL);
  g_return_val_if_fail (JX_IS_SESSION (session), NULL);
  g_return_val_if_fail (JX_IS_SESSION_TRACE (item), NULL);

  reference_side = item == jx_session_get_reference (session);
  if (jx_session_trace_get_trace (item) == NULL || jx_session_get_reference (session) == NULL ||
      jx_session_trace_get_trace (jx_session_get_reference (session)) == NULL ||
      stream >= jx_trace_get_n_streams (jx_session_trace_get_trace (item)))
    return NULL;
  partners = reference_side ? compared_items (session) : NULL;
  if (reference_side ? partners->len == 0 : jx_session_trace_get_comparison (item) == NULL)
    return NULL;

  picker = g_new0 (Picker, 1);
  g_set_weak_pointer (&picker->source, source);
  picker->session = g_object_ref (session);
  picker->item = g_object_ref (item);
  picker->stream = stream;
  picker->reference_side = reference_side;
  picker->partner = g_object_ref (reference_side ? g_ptr_array_index (partners, 0)
                                                 : jx_session_get_reference (session));
  picker->partners = g_steal_pointer (&partners);

  dialog = adw_message_dialog_new (parent, _("Compare With"), NULL);
  picker->dialog = dialog;
  g_object_set_data_full (G_OBJECT (dialog), "jx-picker", picker, picker_free);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  picker->subtitle = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (picker->subtitle), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (picker->subtitle), 50);
  gtk_label_set_justify (GTK_LABEL (picker->subtitle), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), picker->subtitle);
  if (reference_side && picker->partners->len > 1)
    {
      g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);
      GtkWidget *drop_down;

      for (guint i = 0; i < picker->partners->len; i++)
        gtk_string_list_append (names, jx_session_trace_get_name (g_ptr_array_index (picker->partners, i)));
      drop_down = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL);
      gtk_widget_set_tooltip_text (drop_down, _("The compared trace whose streams are listed"));
      g_signal_connect (drop_down, "notify::selected", G_CALLBACK (on_partner_chosen), picker);
      gtk_box_append (GTK_BOX (box), drop_down);
    }
  picker->search = gtk_search_entry_new ();
  g_object_set (picker->search, "placeholder-text", _("Search streams"), NULL);
  gtk_box_append (GTK_BOX (box), picker->search);
  picker->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (picker->list), "boxed-list");
  gtk_list_box_set_filter_func (picker->list, filter_row, picker, NULL);
  gtk_list_box_set_sort_func (picker->list, sort_rows, picker, NULL);
  scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (picker->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 260);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "pair", _("_Pair"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "pair", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_response_enabled (ADW_MESSAGE_DIALOG (dialog), "pair", FALSE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "pair");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  g_signal_connect (picker->search, "search-changed", G_CALLBACK (on_search_changed), picker);
  g_signal_connect (picker->search, "stop-search", G_CALLBACK (on_stop_search), picker);
  g_signal_connect (picker->list, "row-activated", G_CALLBACK (on_row_activated), dialog);
  g_signal_connect (picker->list, "row-selected", G_CALLBACK (on_selected), dialog);
  g_signal_connect (dialog, "response", G_CALLBACK (on_response), NULL);
  g_signal_connect (dialog, "destroy", G_CALLBACK (on_destroy), picker);
  fill (picker);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (picker->search);
  return dialog;
}

guint
jx_compare_with_dialog_get_n_shown (GtkWidget *dialog)
{
  Picker *picker = get_picker (dialog);
  guint n = 0;

  g_return_val_if_fail (picker != NULL, 0);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (picker->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n += GTK_IS_LIST_BOX_ROW (row) && filter_row (GTK_LIST_BOX_ROW (row), picker);
  return n;
}

void
jx_compare_with_dialog_search (GtkWidget  *dialog,
                               const char *text)
{
  Picker *picker = get_picker (dialog);

  g_return_if_fail (picker != NULL);
  gtk_editable_set_text (GTK_EDITABLE (picker->search), text);
  gtk_list_box_invalidate_filter (picker->list);
}

gboolean
jx_compare_with_dialog_choose (GtkWidget *dialog,
                               guint32    stream)
{
  Picker *picker = get_picker (dialog);

  g_return_val_if_fail (picker != NULL, FALSE);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (picker->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && row_stream (GTK_LIST_BOX_ROW (row)) == stream &&
        filter_row (GTK_LIST_BOX_ROW (row), picker))
      {
        g_signal_emit_by_name (picker->list, "row-activated", row);
        return TRUE;
      }
  return FALSE;
}

gboolean
jx_compare_with_dialog_has_similarity (GtkWidget *dialog)
{
  Picker *picker = get_picker (dialog);

  g_return_val_if_fail (picker != NULL, FALSE);
  return picker->similarity != NULL;
}
