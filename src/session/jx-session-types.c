/* jx-session-types.c */
#include "config.h"

#include "jx-session-types.h"

JxTimeSpan *
jx_time_span_copy (const JxTimeSpan *span)
{
  g_return_val_if_fail (span != NULL, NULL);

  return g_memdup2 (span, sizeof *span);
}

void
jx_time_span_free (JxTimeSpan *span)
{
  g_free (span);
}

G_DEFINE_BOXED_TYPE (JxTimeSpan, jx_time_span, jx_time_span_copy, jx_time_span_free)

G_DEFINE_ENUM_TYPE (JxSessionTraceState, jx_session_trace_state,
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_LOADING, "loading"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_LOADED, "loaded"),
  G_DEFINE_ENUM_VALUE (JX_SESSION_TRACE_FAILED, "failed"))
