/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-legend-view-private.h — what tests read of the legend. */
#pragma once

#include "jx-legend-view.h"

G_BEGIN_DECLS

/* Entries shown (names), NULL-terminated; TRUE while rebuilding. */
char      **jx_legend_view_dup_names (JxLegendView *self);
gboolean    jx_legend_view_is_busy   (JxLegendView *self);

G_END_DECLS
