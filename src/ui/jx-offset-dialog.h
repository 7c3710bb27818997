/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-offset-dialog.h — set one trace's time offset exactly (value + unit). */
#pragma once

#include <adwaita.h>

#include "jx-session.h"
#include "jx-time.h"

G_BEGIN_DECLS

#define JX_TYPE_OFFSET_DIALOG (jx_offset_dialog_get_type ())
G_DECLARE_FINAL_TYPE (JxOffsetDialog, jx_offset_dialog, JX, OFFSET_DIALOG, AdwMessageDialog)

/* The dialog starts with the trace's current offset in a fitting unit. The
 * "apply" response sets the offset in the session (one undo step). */
GtkWidget *jx_offset_dialog_new       (GtkWindow      *parent,
                                       JxSession      *session,
                                       JxSessionTrace *item);
void       jx_offset_dialog_set_value (JxOffsetDialog *self,
                                       double          value,
                                       JxTimeUnit      unit);
void       jx_offset_dialog_set_text  (JxOffsetDialog *self,
                                       const char     *text);
/* FALSE while the text does not parse; "apply" is insensitive then. */
gboolean   jx_offset_dialog_is_valid  (JxOffsetDialog *self);
gint64     jx_offset_dialog_get_ns    (JxOffsetDialog *self);   /* 0 when invalid */

G_END_DECLS
