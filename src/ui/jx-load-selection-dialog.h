/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-load-selection-dialog.h — a trace too large for the memory there is:
 * says how much it would take and how much there is, and offers to load a
 * part of it instead (processes by name pattern, every k-th process, a
 * time window), with the estimate of that part as it is typed. */
#pragma once

#include <adwaita.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_LOAD_SELECTION_DIALOG (jx_load_selection_dialog_get_type ())
G_DECLARE_FINAL_TYPE (JxLoadSelectionDialog, jx_load_selection_dialog, JX, LOAD_SELECTION_DIALOG, AdwMessageDialog)

/* For `item` of `session`, whose load was refused (or is known to be too
 * large). It reads the trace's definitions (no events) for the estimates.
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
/* The part the fields describe; NULL with an error when they do not parse,
 * take nothing, or still exceed the budget. */
JxTraceSelection *jx_load_selection_dialog_get_selection (JxLoadSelectionDialog *self,
                                                          GError               **error);
/* What the dialog says about the part: its estimate, or what is wrong. */
const char       *jx_load_selection_dialog_get_status    (JxLoadSelectionDialog *self);

G_END_DECLS
