/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-hier-alignment.c — the result of hierarchical alignment and what is
 * derived from it: depths, node index, error against the flat optimum. */
#include "config.h"

#include "jx-hier-align.h"

void
jx_hier_alignment_free (JxHierAlignment *self)
{
  if (self == NULL)
    return;
  g_free (self->pairs);
  g_free (self->parent);
  g_free (self);
}

guint16 *
jx_hier_alignment_compute_depths (const JxHierAlignment *self)
{
  guint16 *depth;
  gsize i;

  g_return_val_if_fail (self != NULL, NULL);

  depth = g_new (guint16, MAX (self->n_pairs, 1));
  for (i = 0; i < self->n_pairs; i++)
    {
      guint32 p = self->parent[i];
      /* Parents precede their children in pre-order. */
      depth[i] = p == JX_ALIGN_NONE ? 0 : (guint16) MIN (depth[p] + 1, G_MAXUINT16);
    }
  return depth;
}

guint32 *
jx_hier_alignment_build_index (const JxHierAlignment *self,
                               gboolean               side_b)
{
  guint32 n;
  guint32 *index;
  gsize i;

  g_return_val_if_fail (self != NULL, NULL);

  n = side_b ? self->n_b : self->n_a;
  index = g_new (guint32, MAX (n, 1));
  for (i = 0; i < n; i++)
    index[i] = JX_ALIGN_NONE;
  for (i = 0; i < self->n_pairs; i++)
    {
      guint32 node = side_b ? self->pairs[i].b : self->pairs[i].a;
      if (node != JX_ALIGN_NONE && node < n)
        index[node] = (guint32) i;
    }
  return index;
}

double
jx_hier_alignment_get_error (const JxHierAlignment *self)
{
  double scale;

  g_return_val_if_fail (self != NULL, 0.0);

  if (!self->has_flat_optimum)
    return 0.0;
  /* An optimum of 0 (or close to it) is no measure of size; the mean flat
   * length is the scale of a score with unit costs. */
  scale = MAX ((double) ABS (self->flat_optimum),
               ((double) self->flat_length_a + (double) self->flat_length_b) / 2.0);
  if (scale <= 0.0)
    return 0.0;
  return (double) (self->flat_optimum - self->score) / scale;
}

gint64
jx_hier_alignment_get_error_absolute (const JxHierAlignment *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (!self->has_flat_optimum)
    return 0;
  return self->flat_optimum - self->score;
}

const char *
jx_hier_pair_state_to_string (JxPairState state)
{
  switch (state)
    {
    case JX_PAIR_EQUAL:
      return "equal";
    case JX_PAIR_DIFFERENT:
      return "different";
    case JX_PAIR_ONLY_A:
      return "only-a";
    case JX_PAIR_ONLY_B:
      return "only-b";
    default:
      return "unknown";
    }
}

