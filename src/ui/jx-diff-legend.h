/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-legend.h — what the colours of the diff bars mean: a row of
 * swatches (equal, different, only in this trace, and the tick of calls
 * only in the other trace) in the session's light or dark colours. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_DIFF_LEGEND (jx_diff_legend_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffLegend, jx_diff_legend, JX, DIFF_LEGEND, GtkWidget)

GtkWidget *jx_diff_legend_new         (JxSession    *session);
JxSession *jx_diff_legend_get_session (JxDiffLegend *self);
void       jx_diff_legend_set_session (JxDiffLegend *self,
                                       JxSession    *session);

G_END_DECLS
