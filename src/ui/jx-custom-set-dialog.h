/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-custom-set-dialog.h — lets the user pick the streams of the custom
 * fold group: every "process / stream" name of the loaded traces, checked
 * when in the session's custom set; "Fold" makes the set the session's
 * custom grouping (for every trace alike) and folds it. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

/* The dialog, transient for parent and already presented. */
GtkWidget *jx_custom_set_dialog_present (GtkWindow *parent,
                                         JxSession *session);
/* For tests: checks the stream named `key` (FALSE when there is none) and
 * gives the dialog's "fold" response. */
gboolean   jx_custom_set_dialog_check    (GtkWidget  *dialog,
                                          const char *key,
                                          gboolean    checked);

G_END_DECLS
