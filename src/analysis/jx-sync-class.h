/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-sync-class.h — which regions are synchronization, for SOS time
 * (synchronization oblivious segment time, §6.2.2): the time a process
 * waits for others inside a segment is subtracted from the segment's
 * inclusive time, so that what remains is its own work.
 *
 * ONE table decides, from a region's OTF2 paradigm, role and name; the
 * README and the window (Imbalance panel) show it. A region is
 * synchronization when its paradigm matches a row and either its role is
 * one of the row's roles or its name is one of the row's names (a trailing
 * "*" matches any continuation, so "!$omp barrier*" matches Score-P's
 * "!$omp barrier @file.c:12"). Non-blocking MPI calls (names starting with
 * "MPI_I") never are. Rows, first match wins:
 *
 *   MPI barrier                 MPI        barrier                 MPI_Barrier
 *   MPI collective              MPI        collective roles        MPI_Allreduce, MPI_Reduce, MPI_Bcast, …
 *   MPI wait                    MPI        —                       MPI_Wait, MPI_Waitall, MPI_Waitany, MPI_Waitsome
 *   MPI blocking receive        MPI        —                       MPI_Recv, MPI_Sendrecv*, MPI_Probe, MPI_Mrecv
 *   MPI one-sided sync          MPI        —                       MPI_Win_fence, MPI_Win_wait
 *   OpenMP barrier              OpenMP     barrier, implicit b.    !$omp barrier*, !$omp implicit barrier*
 *   OpenMP lock / critical      OpenMP     critical                omp_set_lock, omp_set_nest_lock, !$omp critical*
 *   OpenMP taskwait             OpenMP     task wait               !$omp taskwait*
 *   accelerator synchronization CUDA, HIP, OpenCL, OpenACC
 *                                          barrier, implicit b.    cudaDeviceSynchronize, cudaStreamSynchronize, …
 *   thread synchronization      any        thread wait             pthread_join, pthread_barrier_wait, …
 *
 * (jx-sync-class.c has every name.) */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

typedef enum
{
  JX_SYNC_NONE,
  JX_SYNC_MPI_BARRIER,
  JX_SYNC_MPI_COLLECTIVE,
  JX_SYNC_MPI_WAIT,
  JX_SYNC_MPI_RECEIVE,
  JX_SYNC_MPI_ONE_SIDED,
  JX_SYNC_OPENMP_BARRIER,
  JX_SYNC_OPENMP_LOCK,
  JX_SYNC_OPENMP_TASKWAIT,
  JX_SYNC_ACCELERATOR,
  JX_SYNC_THREAD,
  JX_N_SYNC_CLASSES
} JxSyncClass;

/* "mpi-barrier", … ("none" for JX_SYNC_NONE) and a translatable label. */
const char  *jx_sync_class_to_string (JxSyncClass     sync_class);
const char  *jx_sync_class_label     (JxSyncClass     sync_class);

JxSyncClass  jx_sync_classify        (const JxRegion *region);
/* Per region of the trace (jx_trace_get_n_regions () bytes, JxSyncClass
 * values). Free with g_free. */
guint8      *jx_sync_classify_trace  (JxTrace        *trace);

/* The table as text, one row per class (JX_SYNC_NONE excluded), for
 * people: paradigms, roles and names, comma separated. */
typedef struct
{
  JxSyncClass  sync_class;
  const char  *paradigms;
  const char  *roles;
  const char  *names;
} JxSyncRuleText;

guint                 jx_sync_get_n_rules (void);
const JxSyncRuleText *jx_sync_get_rule    (guint index);

G_END_DECLS
