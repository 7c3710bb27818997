/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-diff-controls.h — what the diff bars show, in the Comparison pane:
 * a menu button that names the mode ("Bars: Both"), whose popover switches
 * Structure / Time / Both (the session's "diff-mode") and sets the
 * noise band in percent ("noise-band") and whether next/previous
 * difference walks the largest time change first
 * ("differences-by-impact"). The controls only set session properties and
 * follow them. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_DIFF_CONTROLS (jx_diff_controls_get_type ())
G_DECLARE_FINAL_TYPE (JxDiffControls, jx_diff_controls, JX, DIFF_CONTROLS, GtkWidget)

void jx_diff_controls_set_session (JxDiffControls *self,
                                   JxSession      *session);

G_END_DECLS
