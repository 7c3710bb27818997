/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-stream-pairing-structure.c — the structural assignment of one group
 * and how it compares with the names' pairing (jx-stream-pairing.h). */
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
