/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-tree-build-private.h — the builder of a merged call tree,
 * shared by the traversal (jx-merged-tree-build.c: Algorithm 7, one
 * builder per thread) and the assembly (jx-merged-tree-assemble.c: the
 * inputs and their hashes, the worker threads, and splicing the threads'
 * trees into one). */
#pragma once

#include "jx-msa.h"
#include "jx-merged-tree-private.h"

G_BEGIN_DECLS

/* Progress is reported every this many members placed. */
#define PROGRESS_STEP (1u << 16)
/* A column is built on a worker thread when its calls number at least this
 * and at most total / (threads · TASK_SHARE). */
#define TASK_MIN_SIZE 4096
#define TASK_SHARE 4

typedef struct
{
  guint                       n;            /* streams */
  const JxStream            **stream;
  const guint32             **map;          /* region → symbol */
  double                     *spt;          /* seconds per tick */
  guint32                   **chash;        /* per call: hash of its children's symbols */
  guint32                   **shash;        /* per call: hash of its subtree */
  guint32                    *root_hash;    /* per stream: hash of its roots' symbols */
  const JxMergedTreeOptions  *options;
  JxNameTable                *names;
  GCancellable               *cancellable;
  guint64                     total;
  gsize                       done;         /* atomic: members placed */
  guint64                     task_max;     /* see TASK_SHARE; 0 = no tasks */
} Shared;

typedef struct
{
  guint32 parent;
  guint16 depth;
  guint64 start;              /* in the scratch */
  guint32 count;
} Pending;

typedef struct _Builder Builder;

typedef struct
{
  Builder        *builder;    /* the task's own */
  guint32         hole;       /* its node in the calling builder */
  JxMergedMember *members;
  guint32         count;
  guint16         depth;
  GError         *error;
} Task;

struct _Builder
{
  Shared         *sh;

  guint32         n_nodes;
  guint32         cap_nodes;
  guint32        *parent;
  guint16        *depth;
  guint32        *symbol;
  guint8         *state;
  guint32        *n_members;
  guint64        *member_offset;
  double         *min;
  double         *median;
  double         *max;
  double         *sum;
  guint32        *outlier;
  guint8         *is_hole;

  JxMergedMember *members;
  guint64         n_mem;
  guint64         cap_mem;

  GArray         *different_node;     /* guint32 */
  GArray         *different_offset;   /* guint32, one more than nodes */
  GArray         *functions;          /* JxMergedFunction */

  Pending        *stack;
  guint32         sp;
  guint32         cap_stack;
  JxMergedMember *scratch;
  guint64         n_scr;
  guint64         cap_scr;

  /* Per node. */
  double         *dur;
  double         *dur2;
  JxMergedMember *tmp;
  guint32         cap_count;
  guint32        *class_of;
  guint32        *class_rep;
  guint32        *class_size;
  guint32        *class_hash;
  guint32        *seq_off;
  guint32        *seq_len;
  const guint32 **seq_ptr;
  guint32         cap_classes;
  guint32        *syms;
  guint32        *column_of;
  guint32         cap_syms;
  guint32        *col_count;
  guint64        *col_off;
  guint32         cap_cols;
  guint32        *table;
  guint32         cap_table;
  GArray         *fsym;               /* guint32, symbols of a DIFFERENT node */

  JxMsa          *msa;
  JxMergedTreeStats stats;
  guint64         unreported;
  guint           steps;

  /* The calling builder spawns tasks. */
  GThreadPool    *pool;
  GPtrArray      *tasks;
  GMutex         *mutex;
  GCond          *cond;
  guint          *running;
  JxMergedTreeProgress progress;
  gpointer        progress_data;
};

/* --- Inputs -------------------------------------------------------------------- */

static inline guint32
sym (const Shared *sh,
     guint32       s,
     guint32       i)
{
  return sh->map[s][sh->stream[s]->region[i]];
}

static inline guint32
first_child (const Shared *sh,
             guint32       s,
             guint32       i)
{
  const JxStream *st = sh->stream[s];

  if (i == JX_NONE)
    return st->n_invocations > 0 ? 0 : JX_NONE;
  return i + 1 < st->subtree_end[i] ? i + 1 : JX_NONE;
}

static inline guint32
next_sibling (const Shared *sh,
              guint32       s,
              guint32       c,
              guint32       i)
{
  const JxStream *st = sh->stream[s];
  guint32 next = st->subtree_end[c];
  guint32 limit = i == JX_NONE ? st->n_invocations : st->subtree_end[i];

  return next < limit ? next : JX_NONE;
}

Builder  *_jx_merged_builder_new      (Shared        *sh);
void      _jx_merged_builder_free     (Builder       *b);
gboolean  _jx_merged_builder_expand   (Builder              *b,
                                       guint32               node,
                                       const JxMergedMember *m,
                                       guint32               count,
                                       guint16               depth,
                                       GError              **error);
gboolean  _jx_merged_builder_run      (Builder       *b,
                                       GError       **error);
void      _jx_merged_builder_task_run (gpointer       data,
                                       gpointer       user_data);
void      _jx_merged_builder_task_free (gpointer      data);

G_END_DECLS
