/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-row-private.h — what tests read of a trace row. */
#pragma once

#include "jx-trace-row.h"

G_BEGIN_DECLS

/* The visible state page ("loading", "failed", "loaded") and texts. */
const char *jx_trace_row_get_state_page (JxTraceRow *self);
const char *jx_trace_row_get_summary    (JxTraceRow *self);
const char *jx_trace_row_get_error      (JxTraceRow *self);

G_END_DECLS
