/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-reduce.h — merging the ranks' load reports; the per-rank
 * statistics printed when JUXTRACE_MPI_STATS is set. */
#pragma once

#include <json-glib/json-glib.h>

#include "jx-mpi.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* The "load_report" of a share, as JSON text. */
char     *jx_mpi_report_to_string (JxTrace   *trace);
/* The report of the whole trace from those of its shares (texts: char *):
 * counts summed, lists joined, "partial" and "summary" from the sums,
 * "selection" null. NULL when there is none. Issues keep the stream
 * numbers of their share. */
JsonNode *jx_mpi_report_merge     (GPtrArray *texts);

/* The caveat line juxtrace-cli prints on stderr for a trace with defects
 * (jx_cli_print_caveat), from a merged report. */
void      jx_mpi_report_caveat    (JsonNode  *report,
                                   const char *label);

/* Rank 0: juxtrace-cli's load checks (jx_cli_load_check_apply) on the
 * whole traces' reports (JsonNode per trace, from
 * jx_mpi_shares_matched_reports with json TRUE, so that they printed
 * nothing), in the order of the traces: each one's caveat line without
 * --json, labelled labels[i] (NULL: the paths), and --strict's stop at the
 * first trace whose report lists a defect, with juxtrace-cli's message.
 * FALSE when a trace stops the command. Only rank 0 decides: the caller
 * still takes every collective step the other ranks take. */
gboolean  jx_mpi_apply_load_checks (JxCliTraces        *traces,
                                    GPtrArray          *reports,
                                    char * const       *paths,
                                    const char * const *labels);

/* Seconds per step on one rank (load and compute: its own, before it waits
 * for the others), and its peak resident memory. */
struct _JxMpiStats
{
  double  plan;
  double  load;
  double  compute;
  double  reduce;     /* packing, gathering and (rank 0) merging */
  double  total;
  double  cpu;        /* processor seconds of the rank (all its threads) loading and
                         computing, not waiting for the other ranks */
  double  peak_mib;
  guint64 work;
  guint64 total_work;
};

double    jx_mpi_peak_memory_mib  (void);
double    jx_mpi_cpu_seconds      (void);
/* One line per rank on stderr when JUXTRACE_MPI_STATS is set (rank 0);
 * stats holds every rank's JxMpiStats as GBytes. */
void      jx_mpi_stats_print      (const char *command,
                                   GPtrArray  *stats);
/* Collective, every rank: closes the rank's timings (reduce since
 * reduce_start, total since start, peak memory), gathers them at rank 0 and
 * prints them there (jx_mpi_stats_print). TRUE on rank 0. */
gboolean  jx_mpi_stats_finish     (const char *command,
                                   JxMpiStats *stats,
                                   double      reduce_start,
                                   double      start);

G_END_DECLS
