/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-groups-panel.h — the summary of the stream groups of every trace
 * (§6.1.4): per group the share of the visible range its streams were busy
 * ("device busy 75 %", Fig. 6.6) and the mix of categories and functions of
 * the selected range, or of the visible range when none is selected (the
 * COSMO-SPECS example: 3 % computation, 97 % MPI, Fig. 6.7). Computed in a
 * thread, again when the range, the selection or the groups change. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_GROUPS_PANEL (jx_groups_panel_get_type ())
G_DECLARE_FINAL_TYPE (JxGroupsPanel, jx_groups_panel, JX, GROUPS_PANEL, GtkWidget)

void        jx_groups_panel_set_session  (JxGroupsPanel *self,
                                          JxSession     *session);
/* For tests: TRUE until the last computation finished; the text of the
 * summary of the group with this key in the trace at `position`. */
gboolean    jx_groups_panel_is_busy      (JxGroupsPanel *self);
const char *jx_groups_panel_get_text     (JxGroupsPanel *self,
                                          guint          position,
                                          const char    *key);

G_END_DECLS
