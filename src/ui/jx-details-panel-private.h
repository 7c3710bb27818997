/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-details-panel-private.h — what tests read of the details panel. */
#pragma once

#include "jx-details-panel.h"

G_BEGIN_DECLS

/* The shown text (heading, call path, statistics), and whether the
 * statistics are not yet up to date with the selection and the view. */
char      *jx_details_panel_dup_text (JxDetailsPanel *self);
gboolean   jx_details_panel_is_busy  (JxDetailsPanel *self);

G_END_DECLS
