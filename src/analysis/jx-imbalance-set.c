/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-imbalance-set.c — several traces segmented by one function
 * (jx-imbalance.h). */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-imbalance-private.h"

struct _JxImbalanceSet
{
  char        *function;
  GPtrArray   *imbalances;   /* JxImbalance or NULL, per trace */
  GArray      *common;       /* gboolean per trace */
  GPtrArray   *notes;        /* char * or NULL, per trace */
};

static void
imbalance_unref_nullable (gpointer data)
{
  if (data != NULL)
    jx_imbalance_unref (data);
}

void
jx_imbalance_set_free (JxImbalanceSet *self)
{
  if (self == NULL)
    return;
  g_free (self->function);
  g_clear_pointer (&self->imbalances, g_ptr_array_unref);
  g_clear_pointer (&self->common, g_array_unref);
  g_clear_pointer (&self->notes, g_ptr_array_unref);
  g_free (self);
}

/* TRUE when region `name` of trace is one of its candidates (all of them:
 * called often enough, and on some stream more than once, to segment it). */
static gboolean
is_candidate (JxTrace      *trace,
              const char   *name,
              const GArray *candidates)
{
  guint32 region = jx_trace_find_region (trace, name);

  if (region == JX_NONE)
    return FALSE;
  for (guint i = 0; i < candidates->len; i++)
    if (g_array_index (candidates, JxImbalanceCandidate, i).region == region)
      return TRUE;
  return FALSE;
}

/* The candidates found once serve both the check and the segmenting (a
 * search goes over every invocation): the first max of the full list are
 * what a search for max finds. The rest goes to the caller's ops. */
typedef struct
{
  const JxImbalanceOps *ops;
  gpointer              ops_data;
  const GArray         *candidates;
} Found;

static GArray *
found_candidates (JxTrace  *trace,
                  guint     max_candidates,
                  gpointer  data)
{
  const Found *found = data;
  guint n = max_candidates == 0 ? found->candidates->len : MIN (max_candidates, found->candidates->len);
  GArray *copy = g_array_sized_new (FALSE, FALSE, sizeof (JxImbalanceCandidate), n);

  (void) trace;
  g_array_append_vals (copy, found->candidates->data, n);
  return copy;
}

static GArray *
found_gather_segments (JxTrace            *trace,
                       GArray             *segments,
                       JxImbalanceLayout **layout,
                       gpointer            data)
{
  const Found *found = data;

  return found->ops->gather_segments (trace, segments, layout, found->ops_data);
}

static JxImbalance *compute_common (JxTrace *trace, const char *common, char **note, const JxImbalanceOps *ops,
                                    gpointer ops_data, GCancellable *cancellable, GError **error);

JxImbalance *
jx_imbalance_compute_common (JxTrace       *trace,
                             const char    *common,
                             char         **note,
                             GCancellable  *cancellable,
                             GError       **error)
{
  return compute_common (trace, common, note, &jx_imbalance_local_ops, NULL, cancellable, error);
}

static JxImbalance *
compute_common (JxTrace              *trace,
                const char           *common,
                char                **note,
                const JxImbalanceOps *ops,
                gpointer              ops_data,
                GCancellable         *cancellable,
                GError              **error)
{
  JxImbalance *imbalance;
  g_autoptr(GArray) candidates = NULL;
  JxImbalanceOps found_ops;
  Found found;

  g_return_val_if_fail (JX_IS_TRACE (trace), NULL);
  g_return_val_if_fail (note != NULL, NULL);

  *note = NULL;
  candidates = ops->find_candidates (trace, 0, ops_data);
  found.ops = ops;
  found.ops_data = ops_data;
  found.candidates = candidates;
  found_ops.find_candidates = found_candidates;
  found_ops.gather_segments = ops->gather_segments != NULL ? found_gather_segments : NULL;
  if (common != NULL && is_candidate (trace, common, candidates))
    return jx_imbalance_compute_with (trace, common, &found_ops, &found, cancellable, error);
  imbalance = jx_imbalance_compute_with (trace, NULL, &found_ops, &found, cancellable, error);
  if (imbalance == NULL)
    return NULL;
  if (common != NULL)
    *note = g_strdup_printf (_("“%s” does not call “%s” often enough to be segmented by it: segmented by its own dominant function “%s”"),
                             jx_trace_get_name (trace), common,
                             jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  else
    *note = g_strdup_printf (_("the reference has no function to segment by: “%s” is segmented by its own dominant function “%s”"),
                             jx_trace_get_name (trace),
                             jx_trace_get_region (trace, jx_imbalance_get_function (imbalance))->name);
  return imbalance;
}

JxImbalanceSet *
jx_imbalance_set_compute (JxTrace * const *traces,
                          guint            n_traces,
                          const char      *function,
                          GCancellable    *cancellable,
                          GError         **error)
{
  return jx_imbalance_set_compute_with (traces, n_traces, function, &jx_imbalance_local_ops, NULL, cancellable, error);
}

JxImbalanceSet *
jx_imbalance_set_compute_with (JxTrace * const      *traces,
                               guint                 n_traces,
                               const char           *function,
                               const JxImbalanceOps *ops,
                               gpointer              ops_data,
                               GCancellable         *cancellable,
                               GError              **error)
{
  g_autoptr(JxImbalanceSet) self = NULL;
  g_autoptr(GError) first_error = NULL;
  guint n_done = 0;

  g_return_val_if_fail (traces != NULL && n_traces > 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (JxImbalanceSet, 1);
  self->imbalances = g_ptr_array_new_with_free_func (imbalance_unref_nullable);
  self->common = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->notes = g_ptr_array_new_with_free_func (g_free);
  g_array_set_size (self->common, n_traces);

  if (function != NULL)
    self->function = g_strdup (function);
  else
    {
      g_autoptr(GArray) candidates = ops->find_candidates (traces[0], 1, ops_data);

      if (candidates->len > 0)
        self->function = g_strdup (jx_trace_get_region (traces[0],
                                                        g_array_index (candidates, JxImbalanceCandidate, 0).region)->name);
    }

  for (guint i = 0; i < n_traces; i++)
    {
      g_autoptr(GError) local_error = NULL;
      JxImbalance *imbalance = NULL;
      char *note = NULL;
      gboolean common = FALSE;

      if (self->function != NULL && (function != NULL || i == 0))
        {
          /* Named, or the reference's own: that function or nothing. */
          imbalance = jx_imbalance_compute_with (traces[i], self->function, ops, ops_data, cancellable, &local_error);
          common = imbalance != NULL;
        }
      else
        {
          imbalance = compute_common (traces[i], self->function, &note, ops, ops_data, cancellable, &local_error);
          common = imbalance != NULL && note == NULL;
        }

      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (imbalance == NULL)
        {
          note = g_strdup (local_error->message);
          if (first_error == NULL)
            first_error = g_steal_pointer (&local_error);
        }
      else
        n_done++;
      g_ptr_array_add (self->imbalances, imbalance);
      g_array_index (self->common, gboolean, i) = common;
      g_ptr_array_add (self->notes, note);
    }

  if (n_done == 0)
    {
      g_propagate_error (error, g_steal_pointer (&first_error));
      return NULL;
    }
  return g_steal_pointer (&self);
}

const char *
jx_imbalance_set_get_function (JxImbalanceSet *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->function;
}

guint
jx_imbalance_set_get_n_traces (JxImbalanceSet *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->imbalances->len;
}

JxImbalance *
jx_imbalance_set_get (JxImbalanceSet *self,
                      guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->imbalances->len, NULL);
  return g_ptr_array_index (self->imbalances, index);
}

gboolean
jx_imbalance_set_is_common (JxImbalanceSet *self,
                            guint           index)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (index < self->common->len, FALSE);
  return g_array_index (self->common, gboolean, index);
}

const char *
jx_imbalance_set_get_note (JxImbalanceSet *self,
                           guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->notes->len, NULL);
  return g_ptr_array_index (self->notes, index);
}
