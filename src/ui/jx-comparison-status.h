/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-comparison-status.h — in a trace's header, where its comparison with
 * the reference stands: "Comparing with “baseline” · about 40 s" with a
 * progress bar and a cancel button while it runs (the estimate first, then
 * the time left), the lowest similarity of its stream pairs when done, and
 * a button to compare again after a cancel or a failure. The reference's
 * header says what it is compared with. */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_COMPARISON_STATUS (jx_comparison_status_get_type ())
G_DECLARE_FINAL_TYPE (JxComparisonStatus, jx_comparison_status, JX, COMPARISON_STATUS, GtkWidget)

void        jx_comparison_status_bind     (JxComparisonStatus *self,
                                           JxSession          *session,
                                           JxSessionTrace     *item);
/* The label's text (for tests). */
const char *jx_comparison_status_get_text (JxComparisonStatus *self);

G_END_DECLS
