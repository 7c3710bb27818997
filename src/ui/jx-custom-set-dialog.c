/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-custom-set-dialog.c — see jx-custom-set-dialog.h. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "jx-custom-set-dialog.h"

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             JxSession        *session)
{
  GHashTable *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  g_autoptr(GPtrArray) keys = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, check;

  if (!g_str_equal (response, "fold"))
    return;
  g_hash_table_iter_init (&iter, checks);
  while (g_hash_table_iter_next (&iter, &key, &check))
    if (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)))
      g_ptr_array_add (keys, key);
  g_ptr_array_sort (keys, (GCompareFunc) g_strcmp0);
  g_ptr_array_add (keys, NULL);
  jx_session_set_fold_custom (session, (const char * const *) keys->pdata);
  jx_session_set_fold_grouping (session, JX_FOLD_GROUPING_CUSTOM);
  jx_session_fold_all (session, 1u << JX_STREAM_GROUP_CUSTOM, TRUE);
}

GtkWidget *
jx_custom_set_dialog_present (GtkWindow *parent,
                              JxSession *session)
{
  GtkWidget *dialog;
  GtkWidget *list = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GHashTable *checks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char * const *custom = jx_session_get_fold_custom (session);

  dialog = adw_message_dialog_new (parent, _("Fold a Custom Set of Streams"),
                                   _("Check the streams to fold into one row. Streams are named by process and "
                                     "stream, so the set folds the same streams in every trace."));
  for (guint i = 0; ; i++)
    {
      JxSessionTrace *item = jx_session_peek_item (session, i);
      JxTrace *trace;

      if (item == NULL)
        break;
      trace = jx_session_trace_get_trace (item);
      for (guint32 s = 0; trace != NULL && s < jx_trace_get_n_streams (trace); s++)
        {
          char *key = jx_stream_groups_stream_key (trace, s);
          GtkWidget *check;

          if (g_hash_table_contains (checks, key))
            {
              g_free (key);
              continue;
            }
          check = gtk_check_button_new_with_label (key);
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), custom != NULL && g_strv_contains (custom, key));
          gtk_box_append (GTK_BOX (list), check);
          g_hash_table_insert (checks, key, check);
        }
    }
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scrolled), 240);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scrolled);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "fold", _("_Fold"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "fold", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "fold");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "checks", checks, (GDestroyNotify) g_hash_table_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), session, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
jx_custom_set_dialog_check (GtkWidget  *dialog,
                            const char *key,
                            gboolean    checked)
{
  GHashTable *checks = g_object_get_data (G_OBJECT (dialog), "checks");
  GtkWidget *check = checks != NULL ? g_hash_table_lookup (checks, key) : NULL;

  if (check == NULL)
    return FALSE;
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), checked);
  return TRUE;
}
