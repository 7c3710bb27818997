/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-pairing-structure.c — the structural side of stream pairing
 * (jx-stream-pairing.h): the groups weighed, the structural assignment of
 * one group and how it compares with the names' pairing. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "jx-assignment.h"
#include "jx-stream-pairing-private.h"

/* Similarities become integer weights in units of 1e-6. */
#define SCALE 1000000.0

double
_jx_pairing_group_sim (const JxPairingGroup *group,
                       guint                 i,
                       guint32               j)
{
  if (j == JX_NONE)
    return 0.0;
  g_assert (i < group->n_a && j < group->n_b);
  return group->sim[(gsize) i * group->n_b + j];
}

static double
pair_similarity (const JxPairingGroup *group,
                 guint                 i,
                 guint32               j)
{
  if (group->kind_a != NULL && group->kind_a[i] != group->kind_b[j])
    return 0.0;
  return CLAMP (group->similarity (group->processes, group->ids_a[i], group->ids_b[j], group->data), 0.0, 1.0);
}

/* TRUE when the names already pair the smaller side completely, every pair
 * with similarity 1: no assignment can score more (each member adds at
 * most 1), and ties go to the names anyway. */
static gboolean
names_optimal (const JxPairingGroup *group)
{
  guint paired = 0;

  for (guint i = 0; i < group->n_a; i++)
    {
      guint32 j = group->name_of_a[i];

      if (j == JX_NONE)
        continue;
      if (pair_similarity (group, i, j) < 1.0)
        return FALSE;
      paired++;
    }
  return paired == MIN (group->n_a, group->n_b);
}

void
_jx_pairing_group_solve (JxPairingGroup *group)
{
  guint n_a = group->n_a, n_b = group->n_b;
  g_autofree gint64 *weights = NULL;
  gint64 bonus_unit = (gint64) MIN (n_a, n_b) + 1;
  double gain = 0.0;
  guint changed = 0;

  g_assert (group->similarity != NULL);

  group->structure_of_a = g_new (guint32, MAX (n_a, 1));
  if (names_optimal (group))
    {
      memcpy (group->structure_of_a, group->name_of_a, sizeof (guint32) * n_a);
      group->differs = group->better = group->greedy = FALSE;
      return;
    }
  group->sim = g_new0 (double, MAX ((gsize) n_a * n_b, 1));
  weights = g_new0 (gint64, MAX ((gsize) n_a * n_b, 1));
  for (guint i = 0; i < n_a; i++)
    for (guint j = 0; j < n_b; j++)
      {
        gsize k = (gsize) i * n_b + j;

        group->sim[k] = pair_similarity (group, i, j);
        /* The names' partner wins every tie: its bonus of 1 sums to less
         * than one unit of similarity over the whole assignment. */
        weights[k] = (gint64) llround (group->sim[k] * SCALE) * bonus_unit
                     + (group->name_of_a[i] == j ? 1 : 0);
      }
  group->greedy = jx_assignment_solve (weights, n_a, n_b, group->structure_of_a) == JX_ASSIGNMENT_GREEDY;

  for (guint i = 0; i < n_a; i++)
    {
      guint32 j = group->structure_of_a[i];

      if (j == G_MAXUINT32)
        j = group->structure_of_a[i] = JX_NONE;
      /* A CPU thread is never paired with an accelerator stream by
       * structure: the assignment may only have filled a row with it. */
      if (j != JX_NONE && group->kind_a != NULL && group->kind_a[i] != group->kind_b[j] &&
          group->name_of_a[i] != j)
        group->structure_of_a[i] = JX_NONE;
      if (group->structure_of_a[i] != group->name_of_a[i])
        {
          changed++;
          gain += _jx_pairing_group_sim (group, i, group->structure_of_a[i])
                  - _jx_pairing_group_sim (group, i, group->name_of_a[i]);
        }
    }
  group->differs = changed > 0;
  group->better = changed > 0 && gain / changed >= JX_PAIRING_MARGIN - 1e-12;
}

void
_jx_pairing_group_clear (JxPairingGroup *group)
{
  g_clear_pointer (&group->structure_of_a, g_free);
  g_clear_pointer (&group->sim, g_free);
}

double
_jx_pairing_similarity (const Pairing *pairing,
                        guint32        sa,
                        guint32        sb)
{
  if (!pairing->weigh || sa == JX_NONE || sb == JX_NONE)
    return -1.0;
  if (jx_trace_get_stream (pairing->a, sa)->kind != jx_trace_get_stream (pairing->b, sb)->kind)
    return 0.0;
  return CLAMP (pairing->options->similarity (FALSE, sa, sb, pairing->options->similarity_data), 0.0, 1.0);
}

/* The structural partners of the streams of pa among those of pb, for a
 * group: members not fixed by an override (fixed_a / fixed_b). */
void
_jx_pairing_stream_group (const Pairing   *pairing,
              const JxProcess *pa,
              const JxProcess *pb,
              const gboolean  *fixed_a,
              const gboolean  *fixed_b,
              const guint32   *spair,
              JxPairingGroup  *group,
              guint32         *ids_a,
              guint32         *ids_b,
              guint8          *kind_a,
              guint8          *kind_b,
              guint32         *name_of_a,
              guint32         *slot_b)
{
  guint s;

  memset (group, 0, sizeof *group);
  for (s = 0; s < pb->n_streams; s++)
    {
      slot_b[s] = JX_NONE;
      if (fixed_b != NULL && fixed_b[s])
        continue;
      slot_b[s] = group->n_b;
      ids_b[group->n_b] = pb->first_stream + s;
      kind_b[group->n_b++] = jx_trace_get_stream (pairing->b, pb->first_stream + s)->kind;
    }
  for (s = 0; s < pa->n_streams; s++)
    {
      if (fixed_a != NULL && fixed_a[s])
        continue;
      ids_a[group->n_a] = pa->first_stream + s;
      kind_a[group->n_a] = jx_trace_get_stream (pairing->a, pa->first_stream + s)->kind;
      name_of_a[group->n_a++] = spair != NULL && spair[s] != JX_NONE ? slot_b[spair[s]] : JX_NONE;
    }
  group->processes = FALSE;
  group->ids_a = ids_a;
  group->ids_b = ids_b;
  group->kind_a = kind_a;
  group->kind_b = kind_b;
  group->name_of_a = name_of_a;
  group->similarity = pairing->options->similarity;
  group->data = pairing->options->similarity_data;
  if (group->n_a > JX_PAIRING_MAX_GROUP || group->n_b > JX_PAIRING_MAX_GROUP)
    {
      pairing->summary->n_too_large++;
      group->n_a = group->n_b = 0;
    }
  if (group->n_a > 0 && group->n_b > 0)
    _jx_pairing_group_solve (group);
}

/* The processes the names paired by position or distance, or not at all,
 * against the processes of B the names left for them. */
void
_jx_pairing_weigh_processes (Pairing        *pairing,
                 guint32        *ppair,
                 guint32        *pdist,
                 guint8         *pmethod,
                 const guint32  *forced_process,
                 guint32        *crossed_process)
{
  JxTrace *a = pairing->a, *b = pairing->b;
  JxPairingMode mode = pairing->options->mode;
  guint npa = jx_trace_get_n_processes (a), npb = jx_trace_get_n_processes (b);
  g_autofree guint32 *ids_a = g_new (guint32, MAX (npa, 1));
  g_autofree guint32 *ids_b = g_new (guint32, MAX (npb, 1));
  g_autofree guint32 *name_of_a = g_new (guint32, MAX (npa, 1));
  g_autofree guint32 *slot_b = g_new (guint32, MAX (npb, 1));
  g_autofree gboolean *taken_b = g_new0 (gboolean, MAX (npb, 1));
  JxPairingGroup group = { 0 };
  gboolean apply;
  guint i;

  for (i = 0; i < npa; i++)
    if (ppair[i] != JX_NONE && (pmethod[i] == JX_PAIRED_BY_NAME || pmethod[i] == JX_PAIRED_BY_USER ||
                                forced_process[i] != JX_NONE))
      taken_b[ppair[i]] = TRUE;
  for (i = 0; i < npb; i++)
    {
      slot_b[i] = JX_NONE;
      if (taken_b[i])
        continue;
      slot_b[i] = group.n_b;
      ids_b[group.n_b++] = i;
    }
  for (i = 0; i < npa; i++)
    {
      if (forced_process[i] != JX_NONE || (ppair[i] != JX_NONE && taken_b[ppair[i]]))
        continue;
      ids_a[group.n_a] = i;
      name_of_a[group.n_a++] = ppair[i] != JX_NONE ? slot_b[ppair[i]] : JX_NONE;
    }
  if (group.n_a == 0 || group.n_b == 0)
    return;
  if (group.n_a > JX_PAIRING_MAX_GROUP || group.n_b > JX_PAIRING_MAX_GROUP)
    {
      pairing->summary->n_too_large++;
      return;
    }

  group.processes = TRUE;
  group.ids_a = ids_a;
  group.ids_b = ids_b;
  group.name_of_a = name_of_a;
  group.similarity = pairing->options->similarity;
  group.data = pairing->options->similarity_data;
  _jx_pairing_group_solve (&group);
  pairing->summary->n_groups++;
  pairing->summary->n_greedy += group.greedy;

  apply = group.differs && (mode == JX_PAIRING_STRUCTURE || (mode == JX_PAIRING_AUTO && group.better));
  for (i = 0; i < group.n_a; i++)
    {
      guint32 sn = group.structure_of_a[i];
      guint32 pa = ids_a[i];

      if (sn == group.name_of_a[i])
        continue;
      if (apply)
        {
          ppair[pa] = sn != JX_NONE ? ids_b[sn] : JX_NONE;
          pmethod[pa] = JX_PAIRED_BY_STRUCTURE;
          pdist[pa] = sn != JX_NONE ? jx_levenshtein (jx_trace_get_process (a, pa)->name,
                                                      jx_trace_get_process (b, ids_b[sn])->name) : 0;
        }
      else if (group.better && sn != JX_NONE)
        crossed_process[pa] = ids_b[sn];
    }
  _jx_pairing_group_clear (&group);
}

