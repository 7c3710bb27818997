/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-legend-view.h — which colour is which function: the category hues (MPI,
 * OpenMP, accelerator, I/O, synchronization) and the user functions with the
 * most exclusive time over all loaded traces. Rebuilt off the main thread
 * when traces come, go or the style turns dark. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_LEGEND_VIEW (jx_legend_view_get_type ())
G_DECLARE_FINAL_TYPE (JxLegendView, jx_legend_view, JX, LEGEND_VIEW, GtkWidget)

GtkWidget  *jx_legend_view_new               (JxSession    *session);
JxSession  *jx_legend_view_get_session       (JxLegendView *self);
void        jx_legend_view_set_session       (JxLegendView *self,
                                              JxSession    *session);
guint       jx_legend_view_get_max_functions (JxLegendView *self);
void        jx_legend_view_set_max_functions (JxLegendView *self,
                                              guint         max_functions);

G_END_DECLS
