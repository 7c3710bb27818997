/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-sync-class.c — the one classification table of synchronization
 * regions (see jx-sync-class.h); its text is made from the same rows. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-sync-class.h"

/* OTF2 values (libotf2 3.0.2), without pulling in its headers here. */
enum
{
  P_OPENMP = 3, P_MPI = 4, P_CUDA = 5, P_PTHREAD = 7, P_OPENACC = 18, P_OPENCL = 19, P_HIP = 23,
};
enum
{
  R_CRITICAL = 12, R_BARRIER = 15, R_IMPLICIT_BARRIER = 16, R_TASK_WAIT = 22,
  R_COLL_ONE2ALL = 23, R_COLL_ALL2ONE = 24, R_COLL_ALL2ALL = 25, R_COLL_OTHER = 26,
  R_THREAD_WAIT = 33,
};

#define ANY 0xff
#define MAX_LIST 8

typedef struct
{
  JxSyncClass  sync_class;
  guint8       paradigms[MAX_LIST];    /* ANY first = any paradigm; 0 ends */
  guint8       roles[MAX_LIST];        /* 0 ends */
  const char  *names[24];              /* NULL ends; "x*" is a prefix */
} Rule;

static const Rule rules[] = {
  { JX_SYNC_MPI_BARRIER, { P_MPI }, { R_BARRIER }, { "MPI_Barrier" } },
  { JX_SYNC_MPI_COLLECTIVE, { P_MPI }, { R_COLL_ONE2ALL, R_COLL_ALL2ONE, R_COLL_ALL2ALL, R_COLL_OTHER },
    { "MPI_Allreduce", "MPI_Reduce", "MPI_Bcast", "MPI_Gather*", "MPI_Scatter*", "MPI_Allgather*",
      "MPI_Alltoall*", "MPI_Reduce_scatter*", "MPI_Scan", "MPI_Exscan", "MPI_Neighbor_*" } },
  { JX_SYNC_MPI_WAIT, { P_MPI }, { 0 }, { "MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome" } },
  { JX_SYNC_MPI_RECEIVE, { P_MPI }, { 0 }, { "MPI_Recv", "MPI_Sendrecv*", "MPI_Probe", "MPI_Mrecv" } },
  { JX_SYNC_MPI_ONE_SIDED, { P_MPI }, { 0 }, { "MPI_Win_fence", "MPI_Win_wait" } },
  { JX_SYNC_OPENMP_BARRIER, { P_OPENMP }, { R_BARRIER, R_IMPLICIT_BARRIER },
    { "!$omp barrier*", "!$omp implicit barrier*" } },
  { JX_SYNC_OPENMP_LOCK, { P_OPENMP }, { R_CRITICAL },
    { "omp_set_lock", "omp_set_nest_lock", "!$omp critical*" } },
  { JX_SYNC_OPENMP_TASKWAIT, { P_OPENMP }, { R_TASK_WAIT }, { "!$omp taskwait*" } },
  { JX_SYNC_ACCELERATOR, { P_CUDA, P_HIP, P_OPENCL, P_OPENACC }, { R_BARRIER, R_IMPLICIT_BARRIER },
    { "cudaDeviceSynchronize", "cudaStreamSynchronize", "cudaEventSynchronize", "cudaStreamWaitEvent",
      "cudaThreadSynchronize", "cuCtxSynchronize", "cuStreamSynchronize", "cuEventSynchronize",
      "hipDeviceSynchronize", "hipStreamSynchronize", "hipEventSynchronize", "clFinish",
      "clWaitForEvents", "acc_wait*" } },
  { JX_SYNC_THREAD, { ANY }, { R_THREAD_WAIT },
    { "pthread_join", "pthread_barrier_wait", "pthread_mutex_lock", "pthread_cond_wait",
      "pthread_cond_timedwait", "sem_wait" } },
};

const char *
jx_sync_class_to_string (JxSyncClass sync_class)
{
  static const char *const names[JX_N_SYNC_CLASSES] = {
    "none", "mpi-barrier", "mpi-collective", "mpi-wait", "mpi-receive", "mpi-one-sided",
    "openmp-barrier", "openmp-lock", "openmp-taskwait", "accelerator", "thread",
  };

  g_return_val_if_fail (sync_class < JX_N_SYNC_CLASSES, "none");
  return names[sync_class];
}

const char *
jx_sync_class_label (JxSyncClass sync_class)
{
  switch (sync_class)
    {
    case JX_SYNC_NONE:            return _("Not synchronization");
    case JX_SYNC_MPI_BARRIER:     return _("MPI barrier");
    case JX_SYNC_MPI_COLLECTIVE:  return _("MPI collective");
    case JX_SYNC_MPI_WAIT:        return _("MPI wait");
    case JX_SYNC_MPI_RECEIVE:     return _("MPI blocking receive");
    case JX_SYNC_MPI_ONE_SIDED:   return _("MPI one-sided synchronization");
    case JX_SYNC_OPENMP_BARRIER:  return _("OpenMP barrier");
    case JX_SYNC_OPENMP_LOCK:     return _("OpenMP lock or critical section");
    case JX_SYNC_OPENMP_TASKWAIT: return _("OpenMP taskwait");
    case JX_SYNC_ACCELERATOR:     return _("Accelerator synchronization");
    case JX_SYNC_THREAD:          return _("Thread synchronization");
    case JX_N_SYNC_CLASSES:
    default:                      return "";
    }
}

static gboolean
name_matches (const char *pattern,
              const char *name)
{
  gsize n = strlen (pattern);

  if (n > 0 && pattern[n - 1] == '*')
    return strncmp (pattern, name, n - 1) == 0;
  return strcmp (pattern, name) == 0;
}

static gboolean
rule_matches (const Rule     *rule,
              const JxRegion *region,
              const char     *name)
{
  gboolean paradigm = rule->paradigms[0] == ANY;

  for (guint i = 0; !paradigm && i < MAX_LIST && rule->paradigms[i] != 0; i++)
    paradigm = rule->paradigms[i] == region->paradigm;
  if (!paradigm)
    return FALSE;
  for (guint i = 0; i < MAX_LIST && rule->roles[i] != 0; i++)
    if (rule->roles[i] == region->role)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (rule->names) && rule->names[i] != NULL; i++)
    if (name_matches (rule->names[i], name))
      return TRUE;
  return FALSE;
}

JxSyncClass
jx_sync_classify (const JxRegion *region)
{
  const char *name;

  g_return_val_if_fail (region != NULL, JX_SYNC_NONE);

  name = region->name != NULL ? region->name : "";
  /* Non-blocking MPI calls return at once, whatever their role says. */
  if (region->paradigm == P_MPI && g_str_has_prefix (name, "MPI_I"))
    return JX_SYNC_NONE;
  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    if (rule_matches (&rules[r], region, name))
      return rules[r].sync_class;
  return JX_SYNC_NONE;
}

guint8 *
jx_sync_classify_trace (JxTrace *trace)
{
  guint n;
  guint8 *classes;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);

  n = jx_trace_get_n_regions (trace);
  classes = g_new0 (guint8, MAX (n, 1));
  for (guint r = 0; r < n; r++)
    classes[r] = (guint8) jx_sync_classify (jx_trace_get_region (trace, r));
  return classes;
}

/* Text ------------------------------------------------------------------- */

static const char *
paradigm_text (guint8 paradigm)
{
  switch (paradigm)
    {
    case ANY:        return _("any");
    case P_OPENMP:   return "OpenMP";
    case P_MPI:      return "MPI";
    case P_CUDA:     return "CUDA";
    case P_PTHREAD:  return "POSIX threads";
    case P_OPENACC:  return "OpenACC";
    case P_OPENCL:   return "OpenCL";
    case P_HIP:      return "HIP";
    default:         return "?";
    }
}

static const char *
role_text (guint8 role)
{
  switch (role)
    {
    case R_CRITICAL:         return _("critical");
    case R_BARRIER:          return _("barrier");
    case R_IMPLICIT_BARRIER: return _("implicit barrier");
    case R_TASK_WAIT:        return _("task wait");
    case R_COLL_ONE2ALL:     return _("collective one-to-all");
    case R_COLL_ALL2ONE:     return _("collective all-to-one");
    case R_COLL_ALL2ALL:     return _("collective all-to-all");
    case R_COLL_OTHER:       return _("collective");
    case R_THREAD_WAIT:      return _("thread wait");
    default:                 return "?";
    }
}

static JxSyncRuleText rule_texts[G_N_ELEMENTS (rules)];

static gpointer
make_texts (gpointer data)
{
  for (guint r = 0; r < G_N_ELEMENTS (rules); r++)
    {
      const Rule *rule = &rules[r];
      GString *paradigms = g_string_new (NULL);
      GString *roles = g_string_new (NULL);
      GString *names = g_string_new (NULL);

      for (guint i = 0; i < MAX_LIST && rule->paradigms[i] != 0; i++)
        g_string_append_printf (paradigms, "%s%s", i > 0 ? ", " : "", paradigm_text (rule->paradigms[i]));
      for (guint i = 0; i < MAX_LIST && rule->roles[i] != 0; i++)
        g_string_append_printf (roles, "%s%s", i > 0 ? ", " : "", role_text (rule->roles[i]));
      if (roles->len == 0)
        g_string_append (roles, "—");
      for (guint i = 0; i < G_N_ELEMENTS (rule->names) && rule->names[i] != NULL; i++)
        g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", rule->names[i]);
      rule_texts[r].sync_class = rule->sync_class;
      /* Made once for the life of the program. */
      rule_texts[r].paradigms = g_string_free (paradigms, FALSE);
      rule_texts[r].roles = g_string_free (roles, FALSE);
      rule_texts[r].names = g_string_free (names, FALSE);
    }
  return NULL;
}

guint
jx_sync_get_n_rules (void)
{
  return G_N_ELEMENTS (rules);
}

const JxSyncRuleText *
jx_sync_get_rule (guint index)
{
  static GOnce once = G_ONCE_INIT;

  g_return_val_if_fail (index < G_N_ELEMENTS (rules), NULL);

  g_once (&once, make_texts, NULL);
  return &rule_texts[index];
}
