/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-details-panel.h — the selected invocation: call path and statistics of its
 * function in the whole trace and in the visible range. It grows with its
 * content: put it in a GtkScrolledWindow. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_DETAILS_PANEL (jx_details_panel_get_type ())
G_DECLARE_FINAL_TYPE (JxDetailsPanel, jx_details_panel, JX, DETAILS_PANEL, GtkWidget)

GtkWidget *jx_details_panel_new         (JxSession      *session);
JxSession *jx_details_panel_get_session (JxDetailsPanel *self);
void       jx_details_panel_set_session (JxDetailsPanel *self,
                                         JxSession      *session);

G_END_DECLS
