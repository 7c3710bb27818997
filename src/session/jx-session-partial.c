/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-partial.c — adding a part of a trace to the session: the
 * processes and time window a JxTraceSelection takes, for traces larger
 * than the memory there is (docs/partial-loading.md). */
#include "config.h"

#include "jx-session-private.h"
#include "jx-session-trace-private.h"

JxSessionTrace *
jx_session_add_path_with_selection (JxSession              *self,
                                    const char             *path,
                                    const JxTraceSelection *selection)
{
  JxSessionTrace *item;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  item = _jx_session_append_item (self, path);
  g_object_notify (G_OBJECT (self), "n-loading");
  _jx_session_trace_load (item, selection);
  return item;
}
