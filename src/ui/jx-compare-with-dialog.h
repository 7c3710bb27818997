/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-compare-with-dialog.h — "Compare With…" of a stream's row: the
 * streams of the partner trace (the reference for a compared trace's
 * stream; for a stream of the reference, the compared trace, another one
 * chosen in the dialog when there are several), searchable by name, each
 * with its structural similarity to the stream (computed off the main
 * loop when the dialog opens: one pass over both traces, as the pairing's)
 * and the current partner marked. Choosing one pairs them by hand through
 * the action trace.pair-streams of the timeline it was opened from
 * (jx-session-pairing.h: one undo step; the former partners swap). */
#pragma once

#include <adwaita.h>

#include "jx-session.h"

G_BEGIN_DECLS

/* The dialog for `stream` of item, transient for parent and presented;
 * the choice activates trace.pair-streams on `source` (item's timeline).
 * NULL when there is nothing to compare it with yet. */
GtkWidget *jx_compare_with_dialog_present (GtkWindow      *parent,
                                           GtkWidget      *source,
                                           JxSession      *session,
                                           JxSessionTrace *item,
                                           guint32         stream);

/* For tests: the candidate rows shown (after the search), and choosing
 * the candidate `stream` of the partner trace as a click would (FALSE when
 * it is not shown). */
guint      jx_compare_with_dialog_get_n_shown (GtkWidget  *dialog);
void       jx_compare_with_dialog_search      (GtkWidget  *dialog,
                                               const char *text);
gboolean   jx_compare_with_dialog_choose      (GtkWidget  *dialog,
                                               guint32     stream);
/* TRUE once the similarities are shown. */
gboolean   jx_compare_with_dialog_has_similarity (GtkWidget *dialog);

G_END_DECLS
