/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-imbalance-private.h — `imbalance` between its options and its
 * output: juxtrace-cli analyses the whole traces, juxtrace-mpi the ranks'
 * shares of them together (src/mpi/). */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-cli-common.h"
#include "jx-imbalance.h"

G_BEGIN_DECLS

typedef struct
{
  const char   *command;     /* "imbalance" */
  JxCliTraces  *traces;
  char * const *paths;       /* as given */
  guint         n_traces;
  const char   *function;    /* --function, NULL: the first trace's dominant one */
} JxCliImbalanceRequest;

typedef struct
{
  gboolean        quiet;     /* print nothing (MPI ranks other than 0) */
  JxImbalanceSet *set;
  GPtrArray      *reports;   /* JsonNode per trace; NULL: the traces' */
} JxCliImbalanceResult;

void jx_cli_imbalance_result_clear (JxCliImbalanceResult *result);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliImbalanceResult, jx_cli_imbalance_result_clear)

typedef int (*JxCliImbalanceCompute) (const JxCliImbalanceRequest *request,
                                      JxCliImbalanceResult        *result,
                                      gpointer                     data);

/* `imbalance` with its options and output, computed by compute. */
int jx_cli_imbalance_with (int                     argc,
                           char                  **argv,
                           JxCliImbalanceCompute   compute,
                           gpointer                compute_data);

G_END_DECLS
