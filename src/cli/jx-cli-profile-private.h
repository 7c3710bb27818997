/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-profile-private.h — `profile` between its options and its output:
 * juxtrace-cli computes the rows of one whole trace, juxtrace-mpi sums
 * those of its ranks' shares (src/mpi/). */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-cli-common.h"
#include "jx-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 process;     /* JX_NONE when summed over all streams */
  guint32 region;
  guint64 count;
  guint64 inclusive;   /* ticks */
  guint64 exclusive;   /* ticks */
} JxCliProfileRow;

/* The rows of trace (per process: process is the index into its
 * processes), sorted. */
GArray *jx_cli_profile_compute_rows (JxTrace  *trace,
                                     gboolean  per_process);
/* Per process in order, then the most expensive regions, then by name. */
void    jx_cli_profile_sort_rows    (JxTrace  *trace,
                                     GArray   *rows);

typedef struct
{
  const char  *command;     /* "profile" */
  JxCliTraces *traces;
  const char  *path;        /* as given */
  gboolean     per_process;
} JxCliProfileRequest;

typedef struct
{
  gboolean   quiet;          /* print nothing (MPI ranks other than 0) */
  JxTrace   *trace;          /* regions, timer resolution, path; the whole
                                trace or (juxtrace-mpi) one share of it */
  GArray    *rows;           /* JxCliProfileRow, sorted */
  GPtrArray *process_names;  /* names of rows' processes; NULL: the trace's */
  JsonNode  *report;         /* NULL: the trace's load report */
} JxCliProfileResult;

void jx_cli_profile_result_clear (JxCliProfileResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliProfileResult, jx_cli_profile_result_clear)

typedef int (*JxCliProfileCompute) (const JxCliProfileRequest *request,
                                    JxCliProfileResult        *result,
                                    gpointer                   data);

/* `profile` with its options and output, computed by compute. */
int jx_cli_profile_with (int                  argc,
                         char               **argv,
                         JxCliProfileCompute  compute,
                         gpointer             compute_data);

G_END_DECLS
