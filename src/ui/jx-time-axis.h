/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-axis.h — the time ruler above the master timelines: comparison time
 * of the session's visible window, over the same pixels as the timelines'
 * time area (right of their label column). */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_TIME_AXIS (jx_time_axis_get_type ())
G_DECLARE_FINAL_TYPE (JxTimeAxis, jx_time_axis, JX, TIME_AXIS, GtkWidget)

GtkWidget *jx_time_axis_new             (JxSession  *session);
JxSession *jx_time_axis_get_session     (JxTimeAxis *self);
void       jx_time_axis_set_session     (JxTimeAxis *self,
                                         JxSession  *session);
int        jx_time_axis_get_label_width (JxTimeAxis *self);
void       jx_time_axis_set_label_width (JxTimeAxis *self,
                                         int         label_width);

G_END_DECLS
