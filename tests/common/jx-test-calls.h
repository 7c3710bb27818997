/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-test-calls.h — traces built in memory from call trees written as text
 * with function names, for the tests of structural clustering and pairing:
 * "main(a(b) b(c))" is main calling a (which calls b), then b (which calls
 * c); "x*3(y)" calls x three times, each calling y. Every call lasts 10
 * ticks plus its children; a stream's roots follow each other. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  const char   *process;   /* streams of one process must follow each other */
  const char   *stream;
  JxStreamKind  kind;
  const char   *calls;     /* "" or NULL: a stream without invocations */
} JxTestStream;

/* Fails the test on a malformed call text. */
JxTrace *jx_test_calls_trace (const char         *name,
                              const JxTestStream *streams,
                              guint               n_streams);

G_END_DECLS
