/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-dialog.h — "Add Marker Here…": text, group and category of a
 * marker at one time of one trace; "add" puts it into the session's marker
 * list, which writes it into the trace's archive (jx-session-markers.h).
 * The group and category typed last are offered again. */
#pragma once

#include <adwaita.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_MARKER_DIALOG (jx_marker_dialog_get_type ())
G_DECLARE_FINAL_TYPE (JxMarkerDialog, jx_marker_dialog, JX, MARKER_DIALOG, AdwMessageDialog)

/* At `ticks` of `item`'s trace (loaded). */
GtkWidget *jx_marker_dialog_new      (GtkWindow      *parent,
                                      JxSession      *session,
                                      JxSessionTrace *item,
                                      guint64         ticks);
/* For tests: fill in the fields. */
void       jx_marker_dialog_set_text (JxMarkerDialog *self,
                                      const char     *text,
                                      const char     *group,
                                      const char     *category);

/* "Remove Marker": a marker added in this session goes at once; one that
 * was in the archive before is removed after the user confirms. */
void       jx_marker_remove_confirmed (GtkWindow       *parent,
                                       JxSession       *session,
                                       JxSessionMarker *marker);

G_END_DECLS
