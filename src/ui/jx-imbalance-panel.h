/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance-panel.h — the SOS-time panel (§6.2): the overlay switch,
 * the legend of the cold-to-warm scale all traces share, the picker of the
 * segmenting function (the dominant one, or a finer candidate), the
 * classification table of synchronization, and the ranking of the most
 * imbalanced processes and segments of every trace; activating a ranking
 * row zooms all timelines to that segment and selects it. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_IMBALANCE_PANEL (jx_imbalance_panel_get_type ())
G_DECLARE_FINAL_TYPE (JxImbalancePanel, jx_imbalance_panel, JX, IMBALANCE_PANEL, GtkWidget)

void     jx_imbalance_panel_set_session     (JxImbalancePanel *self,
                                             JxSession        *session);
/* For tests: the ranking's rows (headers included), and activating one. */
guint    jx_imbalance_panel_get_n_rows      (JxImbalancePanel *self);
/* The text of row `index`, NULL past the end. */
const char *jx_imbalance_panel_get_row_text (JxImbalancePanel *self,
                                             guint             index);
void     jx_imbalance_panel_activate_row    (JxImbalancePanel *self,
                                             guint             index);

G_END_DECLS
