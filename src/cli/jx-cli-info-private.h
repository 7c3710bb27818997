/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-info-private.h — `info` between its options and its output: the
 * output is printed from the JSON document of a trace (text, JSON and the
 * metrics alike), which juxtrace-cli builds from the whole trace and
 * juxtrace-mpi merges from its ranks' shares (src/mpi/jx-mpi-info.c). */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-cli-common.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* The document `info --json` prints for trace; without lists, without its
 * "processes" and "streams" (juxtrace-mpi sends those as records and
 * makes their objects with the two functions below). */
JsonNode *jx_cli_info_build_json (JxTrace *trace);
JsonNode *jx_cli_info_build_json_full (JxTrace  *trace,
                                       gboolean  lists);
/* The objects of one process (index: its position) and one stream of the
 * document's lists. */
void      jx_cli_info_add_process (JsonBuilder     *builder,
                                   guint            index,
                                   const JxProcess *process);
void      jx_cli_info_add_stream  (JsonBuilder    *builder,
                                   const JxStream *stream);
/* A stream object's "flags" of the document as JX_STREAM_FLAG_* bits, and
 * set from bits (in the document's order). */
guint     jx_cli_info_get_stream_flags (JsonObject *stream);
void      jx_cli_info_set_stream_flags (JsonObject *stream,
                                        guint       flags);
/* The bit of one name of "flags" (0: none such). */
guint     jx_cli_info_stream_flag      (const char *name);

typedef struct
{
  const char  *command;     /* "info" */
  JxCliTraces *traces;
  const char  *path;        /* as given */
} JxCliInfoRequest;

typedef struct
{
  gboolean  quiet;          /* print nothing (MPI ranks other than 0) */
  JsonNode *info;           /* jx_cli_info_build_json () of the whole trace */
  JxTrace  *clock;          /* the trace or one share of it: ticks to time */
  int       status;         /* the exit status after printing */
} JxCliInfoResult;

void jx_cli_info_result_clear (JxCliInfoResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliInfoResult, jx_cli_info_result_clear)

typedef int (*JxCliInfoCompute) (const JxCliInfoRequest *request,
                                 JxCliInfoResult        *result,
                                 gpointer                data);

/* `info` with its options and output, computed by compute. */
int  jx_cli_info_with         (int               argc,
                               char            **argv,
                               JxCliInfoCompute  compute,
                               gpointer          compute_data);

/* jx-cli-info-text.c: the text of `info` from its document. */
void jx_cli_info_print_text   (JsonObject *info,
                               JxTrace    *clock);

G_END_DECLS
