/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-aligned-pair-window.h — a window with the structural view of one
 * stream pair (jx-aligned-pair-view.h), opened from a stream's context menu
 * or with Ctrl+D. It closes itself when either trace leaves the session. */
#pragma once

#include <adwaita.h>

#include "jx-aligned-pair-view.h"

G_BEGIN_DECLS

#define JX_TYPE_ALIGNED_PAIR_WINDOW (jx_aligned_pair_window_get_type ())
G_DECLARE_FINAL_TYPE (JxAlignedPairWindow, jx_aligned_pair_window, JX, ALIGNED_PAIR_WINDOW, AdwWindow)

/* NULL when `stream` of `item` has no finished stream pair. */
GtkWidget         *jx_aligned_pair_window_new      (GtkWindow        *parent,
                                                    JxSession        *session,
                                                    JxSessionTrace   *item,
                                                    guint32           stream);
JxAlignedPairView *jx_aligned_pair_window_get_view (JxAlignedPairWindow *self);

G_END_DECLS
