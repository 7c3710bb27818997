/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-load-selection-dialog.h — a trace too large for the memory there is:
 * says how much it would take and how much there is, and offers to load a
 * part of it instead (processes by name pattern, every k-th process, by
 * cluster, a time window), with the estimate of that part as it is
 * typed. */
#pragma once

#include <adwaita.h>

#include "jx-cluster-sample.h"
#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_LOAD_SELECTION_DIALOG (jx_load_selection_dialog_get_type ())
G_DECLARE_FINAL_TYPE (JxLoadSelectionDialog, jx_load_selection_dialog, JX, LOAD_SELECTION_DIALOG, AdwMessageDialog)

/* For `item` of `session`, whose load was refused (or is known to be too
 * large). It reads the trace's definitions (no events) for the estimates,
 * in a thread: until then ("ready" FALSE) it spins and loads nothing; when
 * they cannot be read, the body says so naming the file, and a part can
 * still be loaded, without an estimate. Choosing by cluster reads a sample
 * of the trace in a thread and clusters its processes
 * (jx-cluster-sample.h): each cluster, with its size and representative,
 * can be chosen, and of the chosen ones the representatives or all
 * members are loaded.
 * The "load" response adds the selected part to the session in the item's
 * place (jx_session_add_path_with_selection); "cancel" leaves the item as it
 * is. */
GtkWidget        *jx_load_selection_dialog_new           (GtkWindow             *parent,
                                                          JxSession             *session,
                                                          JxSessionTrace        *item);
void              jx_load_selection_dialog_set_pattern   (JxLoadSelectionDialog *self,
                                                          const char            *pattern);
void              jx_load_selection_dialog_set_every     (JxLoadSelectionDialog *self,
                                                          guint                  k);
/* START and END of the window as typed ("1.5 s", "200" in ms); "" leaves
 * that side open. */
void              jx_load_selection_dialog_set_window    (JxLoadSelectionDialog *self,
                                                          const char            *start,
                                                          const char            *end);
gboolean          jx_load_selection_dialog_get_ready     (JxLoadSelectionDialog *self);
/* While the definitions are read, the dialog shows the locations defined so
 * far of those the trace announces (a bar and "Reading definitions: 412 of
 * 1,024 locations"): the last count told, and in *n_total the announced
 * one (0 until told). */
guint             jx_load_selection_dialog_get_n_read    (JxLoadSelectionDialog *self,
                                                          guint                 *n_total);
/* Choose by cluster instead of pattern and every k-th (the window still
 * applies); the first time, the sample is read ("n-clusters" then). */
void              jx_load_selection_dialog_set_by_cluster (JxLoadSelectionDialog *self,
                                                          gboolean               by_cluster);
guint             jx_load_selection_dialog_get_n_clusters (JxLoadSelectionDialog *self);
/* NULL until sampled. */
JxClusterSample  *jx_load_selection_dialog_get_clusters  (JxLoadSelectionDialog *self);
/* All clusters but the processes without calls start chosen. */
void              jx_load_selection_dialog_set_cluster_chosen (JxLoadSelectionDialog *self,
                                                          guint                  cluster,
                                                          gboolean               chosen);
/* FALSE (the default): one representative of each chosen cluster. */
void              jx_load_selection_dialog_set_whole_clusters (JxLoadSelectionDialog *self,
                                                          gboolean               whole);
/* The part the fields describe; NULL with an error when they do not parse,
 * take nothing, or still exceed the budget. */
JxTraceSelection *jx_load_selection_dialog_get_selection (JxLoadSelectionDialog *self,
                                                          GError               **error);
/* What the dialog says about the part: its estimate, or what is wrong. */
const char       *jx_load_selection_dialog_get_status    (JxLoadSelectionDialog *self);

G_END_DECLS
