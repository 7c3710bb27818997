/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-selection-private.h — the selection's fields, shared by
 * jx-trace-selection.c and the loader (jx-trace-loader-outline.c).
 * Nothing outside src/model should include this. */
#pragma once

#include "jx-trace-selection.h"

G_BEGIN_DECLS

struct _JxTraceSelection
{
  GPtrArray *patterns;          /* char *, glob */
  GArray    *processes;         /* guint positions */
  GArray    *locations;         /* guint64 OTF2 refs */
  guint      every;             /* 0: all */
  guint      every_first;
  gboolean   has_window;
  gint64     window_begin_ns;
  gint64     window_end_ns;     /* JX_WINDOW_OPEN_END */
};

/* The rules, with or without the window. */
char *_jx_trace_selection_describe (const JxTraceSelection *self,
                                    gboolean                window);

/* "1 s – 2 s", "1 s – end". */
char *_jx_window_describe (gint64 begin_ns,
                           gint64 end_ns);

G_END_DECLS
