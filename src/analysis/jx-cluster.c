/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "jx-cluster.h"

struct _JxClustering
{
  JxSignatureSet  *set;
  JxSignatureSet  *owned_set;       /* jx_clustering_new_for_traces */
  JxClusterOptions options;
  GArray          *clusters;        /* JxCluster */
  guint32         *members;
  guint            n_members;
  guint32         *cluster_of;      /* per signature */
  guint32         *group_of;        /* per signature */
  guint            n_groups;
  GArray          *unclustered;     /* guint32 signatures */
  guint            n_outliers;
};

void
jx_cluster_options_init (JxClusterOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
}

/* An exact group while clustering. */
typedef struct
{
  guint32      first;         /* into the raw member list (members in signature order) */
  guint32      size;
  guint32      min_signature; /* its first member */
  guint32      cluster;       /* index of its cluster while forming */
  guint8       kind;
  double       similarity;    /* to its cluster's first group */
  guint        n_top;
  JxFreqEntry  top[JX_SIGNATURE_K];
} Group;

/* A cluster while forming: its groups in the order they joined. */
typedef struct
{
  GArray  *groups;            /* guint32 */
  guint32  size;
  guint32  min_signature;     /* of its first group */
} Forming;

static int
compare_signatures (const void *pa,
                    const void *pb,
                    gpointer    data)
{
  JxSignatureSet *set = data;
  guint32 a = *(const guint32 *) pa, b = *(const guint32 *) pb;
  guint8 ka = jx_signature_set_get_kind (set, a), kb = jx_signature_set_get_kind (set, b);
  guint64 ha = jx_signature_set_get_hash (set, a), hb = jx_signature_set_get_hash (set, b);

  if (ka != kb)
    return ka < kb ? -1 : 1;
  if (ha != hb)
    return ha < hb ? -1 : 1;
  return a < b ? -1 : (a > b ? 1 : 0);
}

/* Larger first, then by first member. */
static int
compare_groups (const void *pa,
                const void *pb,
                gpointer    data)
{
  const Group *groups = data;
  const Group *a = &groups[*(const guint32 *) pa];
  const Group *b = &groups[*(const guint32 *) pb];

  if (a->size != b->size)
    return a->size > b->size ? -1 : 1;
  return a->min_signature < b->min_signature ? -1 : (a->min_signature > b->min_signature ? 1 : 0);
}

static int
compare_forming (const void *pa,
                 const void *pb)
{
  const Forming *a = pa;
  const Forming *b = pb;

  if (a->size != b->size)
    return a->size > b->size ? -1 : 1;
  return a->min_signature < b->min_signature ? -1 : (a->min_signature > b->min_signature ? 1 : 0);
}

/* By seconds, then by signature: the representative is the median. */
static int
compare_seconds (const void *pa,
                 const void *pb,
                 gpointer    data)
{
  JxSignatureSet *set = data;
  guint32 a = *(const guint32 *) pa, b = *(const guint32 *) pb;
  double sa = jx_signature_set_get_seconds (set, a), sb = jx_signature_set_get_seconds (set, b);

  if (sa != sb)
    return sa < sb ? -1 : 1;
  return a < b ? -1 : (a > b ? 1 : 0);
}

/* Exact groups: runs of equal (kind, hash), split by comparing pair lists.
 * Fills group_of (raw group per signature, JX_NONE for unread streams)
 * and returns the groups. */
static GArray *
find_groups (JxClustering *self,
             guint32      *group_of)
{
  JxSignatureSet *set = self->set;
  guint n = jx_signature_set_get_size (set);
  g_autofree guint32 *order = g_new (guint32, MAX (n, 1));
  GArray *groups = g_array_new (FALSE, TRUE, sizeof (Group));
  guint m = 0, i, j;

  for (guint32 s = 0; s < n; s++)
    {
      group_of[s] = JX_NONE;
      if (jx_signature_set_is_missing (set, s))
        g_array_append_val (self->unclustered, s);
      else
        order[m++] = s;
    }
  g_qsort_with_data (order, (gint) m, sizeof (guint32), compare_signatures, set);

  for (i = 0; i < m; i = j)
    {
      guint run_groups = groups->len;
      guint64 hash = jx_signature_set_get_hash (set, order[i]);
      guint8 kind = jx_signature_set_get_kind (set, order[i]);

      for (j = i; j < m && jx_signature_set_get_hash (set, order[j]) == hash &&
                  jx_signature_set_get_kind (set, order[j]) == kind; j++)
        {
          guint32 s = order[j];
          guint g;

          /* Almost always one group per run; more only on a collision. */
          for (g = run_groups; g < groups->len; g++)
            if (jx_signature_set_equal (set, s, g_array_index (groups, Group, g).min_signature))
              break;
          if (g == groups->len)
            {
              Group fresh = { 0 };

              fresh.min_signature = s;
              fresh.kind = kind;
              fresh.similarity = 1.0;
              g_array_append_val (groups, fresh);
            }
          g_array_index (groups, Group, g).size++;
          group_of[s] = g;
          /* Runs are sorted by signature: the first member is the smallest. */
        }
    }
  return groups;
}

/* The group's profile: the pair counts summed over its members (they share
 * one pair list, position by position), reduced to the K most frequent. */
static void
group_profile (JxSignatureSet *set,
               Group          *group,
               const guint32  *members)
{
  g_autofree JxFreqEntry *entries = NULL;
  const guint32 *callers, *callees, *counts;
  guint n_pairs;

  jx_signature_set_get_pairs (set, members[0], &n_pairs, &callers, &callees, &counts);
  entries = g_new0 (JxFreqEntry, MAX (n_pairs, 1));
  for (guint p = 0; p < n_pairs; p++)
    entries[p].key = ((guint64) callers[p] << 32) | callees[p];
  for (guint32 k = 0; k < group->size; k++)
    {
      jx_signature_set_get_pairs (set, members[k], &n_pairs, &callers, &callees, &counts);
      for (guint p = 0; p < n_pairs; p++)
        entries[p].count += counts[p];
    }
  group->n_top = jx_maxk_freq_top (entries, n_pairs, JX_SIGNATURE_K, group->top);
}

JxClustering *
jx_clustering_new (JxSignatureSet         *set,
                   const JxClusterOptions *options)
{
  JxClustering *self;
  g_autoptr(GArray) groups = NULL;
  g_autoptr(GArray) forming = NULL;
  g_autofree guint32 *raw_group = NULL;
  g_autofree guint32 *raw_members = NULL;
  g_autofree guint32 *fill = NULL;
  g_autofree guint32 *by_size = NULL;
  g_autofree guint32 *new_group = NULL;
  guint n, g, c, out = 0, group_index = 0;
  gboolean merge;

  g_return_val_if_fail (set != NULL, NULL);

  self = g_new0 (JxClustering, 1);
  self->set = set;
  if (options != NULL)
    self->options = *options;
  else
    jx_cluster_options_init (&self->options);
  merge = self->options.threshold > 0.0 && self->options.threshold <= 1.0;
  if (!merge)
    self->options.threshold = 0.0;
  self->clusters = g_array_new (FALSE, TRUE, sizeof (JxCluster));
  self->unclustered = g_array_new (FALSE, FALSE, sizeof (guint32));

  n = jx_signature_set_get_size (set);
  raw_group = g_new (guint32, MAX (n, 1));
  groups = find_groups (self, raw_group);

  /* Members of each group, in signature order (a counting sort). */
  raw_members = g_new (guint32, MAX (n, 1));
  fill = g_new0 (guint32, MAX (groups->len, 1));
  for (g = 0, c = 0; g < groups->len; g++)
    {
      g_array_index (groups, Group, g).first = c;
      c += g_array_index (groups, Group, g).size;
    }
  for (guint32 s = 0; s < n; s++)
    if (raw_group[s] != JX_NONE)
      {
        Group *group = &g_array_index (groups, Group, raw_group[s]);
        raw_members[group->first + fill[raw_group[s]]++] = s;
      }

  by_size = g_new (guint32, MAX (groups->len, 1));
  for (g = 0; g < groups->len; g++)
    by_size[g] = g;
  g_qsort_with_data (by_size, (gint) groups->len, sizeof (guint32), compare_groups, groups->data);

  /* Clusters: each group alone, or joining the most similar cluster
   * started by a larger group of its kind. */
  forming = g_array_new (FALSE, TRUE, sizeof (Forming));
  for (guint k = 0; k < groups->len; k++)
    {
      Group *group = &g_array_index (groups, Group, by_size[k]);
      double best = -1.0;
      guint best_cluster = G_MAXUINT;
      Forming *f;

      if (merge)
        {
          group_profile (set, group, raw_members + group->first);
          for (c = 0; c < forming->len; c++)
            {
              Forming *other = &g_array_index (forming, Forming, c);
              const Group *head = &g_array_index (groups, Group, g_array_index (other->groups, guint32, 0));
              double sim;

              if (head->kind != group->kind)
                continue;
              sim = jx_maxk_freq_similarity (group->top, group->n_top, head->top, head->n_top);
              if (sim > best)
                {
                  best = sim;
                  best_cluster = c;
                }
            }
        }
      if (best_cluster != G_MAXUINT && best >= self->options.threshold)
        {
          group->similarity = best;
          group->cluster = best_cluster;
        }
      else
        {
          Forming fresh = { g_array_new (FALSE, FALSE, sizeof (guint32)), 0, group->min_signature };

          group->cluster = forming->len;
          g_array_append_val (forming, fresh);
        }
      f = &g_array_index (forming, Forming, group->cluster);
      g_array_append_val (f->groups, by_size[k]);
      f->size += group->size;
    }
  /* The forming clusters' indices are no longer needed once sorted. */
  if (forming->len > 0)
    qsort (forming->data, forming->len, sizeof (Forming), compare_forming);

  self->members = g_new (guint32, MAX (n, 1));
  self->cluster_of = g_new (guint32, MAX (n, 1));
  self->group_of = g_new (guint32, MAX (n, 1));
  memset (self->cluster_of, 0xff, sizeof (guint32) * MAX (n, 1));
  memset (self->group_of, 0xff, sizeof (guint32) * MAX (n, 1));
  new_group = g_new (guint32, MAX (groups->len, 1));
  for (c = 0; c < forming->len; c++)
    {
      Forming *f = &g_array_index (forming, Forming, c);
      const Group *head = &g_array_index (groups, Group, g_array_index (f->groups, guint32, 0));
      g_autofree guint32 *sorted = NULL;
      JxCluster cluster = { 0 };

      cluster.first = out;
      cluster.size = f->size;
      cluster.n_groups = f->groups->len;
      cluster.kind = head->kind;
      cluster.outlier = f->size == 1;
      cluster.min_similarity = 1.0;
      for (guint k = 0; k < f->groups->len; k++)
        {
          guint32 raw = g_array_index (f->groups, guint32, k);
          const Group *group = &g_array_index (groups, Group, raw);

          new_group[raw] = group_index++;
          cluster.min_similarity = MIN (cluster.min_similarity, group->similarity);
          for (guint32 m = 0; m < group->size; m++)
            {
              guint32 s = raw_members[group->first + m];

              self->members[out++] = s;
              self->cluster_of[s] = c;
              self->group_of[s] = new_group[raw];
              cluster.seconds += jx_signature_set_get_seconds (set, s);
              cluster.n_invocations += jx_signature_set_get_n_invocations (set, s);
            }
        }
      sorted = g_memdup2 (raw_members + head->first, sizeof (guint32) * head->size);
      g_qsort_with_data (sorted, (gint) head->size, sizeof (guint32), compare_seconds, set);
      cluster.representative = sorted[(head->size - 1) / 2];
      if (cluster.outlier)
        self->n_outliers++;
      g_array_append_val (self->clusters, cluster);
      g_array_unref (f->groups);
    }
  self->n_members = out;
  self->n_groups = groups->len;
  return self;
}

JxClustering *
jx_clustering_new_for_traces (JxTrace *const         *traces,
                              guint                   n_traces,
                              const JxClusterOptions *options,
                              GCancellable           *cancellable,
                              GError                **error)
{
  JxSignatureSet *set;
  JxClustering *self;

  g_return_val_if_fail (traces != NULL || n_traces == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  set = jx_signature_set_new (traces, n_traces, cancellable, error);
  if (set == NULL)
    return NULL;
  self = jx_clustering_new (set, options);
  self->owned_set = set;
  return self;
}

void
jx_clustering_free (JxClustering *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->clusters, g_array_unref);
  g_clear_pointer (&self->unclustered, g_array_unref);
  g_free (self->members);
  g_free (self->cluster_of);
  g_free (self->group_of);
  g_clear_pointer (&self->owned_set, jx_signature_set_free);
  g_free (self);
}

JxSignatureSet *
jx_clustering_get_signatures (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->set;
}

const JxClusterOptions *
jx_clustering_get_options (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->options;
}

guint
jx_clustering_get_n_clusters (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->clusters->len;
}

const JxCluster *
jx_clustering_get_cluster (JxClustering *self,
                           guint         cluster)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (cluster < self->clusters->len, NULL);
  return &g_array_index (self->clusters, JxCluster, cluster);
}

const guint32 *
jx_clustering_get_members (JxClustering *self,
                           guint        *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n != NULL, NULL);
  *n = self->n_members;
  return self->members;
}

guint32
jx_clustering_get_cluster_of (JxClustering *self,
                              guint32       signature)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (signature < jx_signature_set_get_size (self->set), JX_NONE);
  return self->cluster_of[signature];
}

guint32
jx_clustering_get_group_of (JxClustering *self,
                            guint32       signature)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (signature < jx_signature_set_get_size (self->set), JX_NONE);
  return self->group_of[signature];
}

guint
jx_clustering_get_n_groups (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_groups;
}

guint
jx_clustering_get_n_unclustered (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->unclustered->len;
}

guint32
jx_clustering_get_unclustered (JxClustering *self,
                               guint         index)
{
  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (index < self->unclustered->len, JX_NONE);
  return g_array_index (self->unclustered, guint32, index);
}

guint
jx_clustering_get_n_outliers (JxClustering *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_outliers;
}
