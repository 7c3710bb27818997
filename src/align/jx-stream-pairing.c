#include "config.h"

#include <string.h>

#include "jx-stream-pairing.h"

guint
jx_levenshtein (const char *s,
                const char *t)
{
  g_autofree guint *row = NULL;
  gsize n, m, i, j;

  if (s == NULL)
    s = "";
  if (t == NULL)
    t = "";
  n = strlen (s);
  m = strlen (t);
  if (n == 0)
    return (guint) m;
  if (m == 0)
    return (guint) n;

  row = g_new (guint, m + 1);
  for (j = 0; j <= m; j++)
    row[j] = (guint) j;

  for (i = 1; i <= n; i++)
    {
      guint diag = row[0];
      row[0] = (guint) i;
      for (j = 1; j <= m; j++)
        {
          guint up = row[j];
          guint best = diag + (s[i - 1] == t[j - 1] ? 0 : 1);
          best = MIN (best, up + 1);
          best = MIN (best, row[j - 1] + 1);
          diag = up;
          row[j] = best;
        }
    }
  return row[m];
}

void
jx_pair_names (const char *const *names_a,
               guint              n_a,
               const char *const *names_b,
               guint              n_b,
               guint32           *pair_of_a,
               guint32           *distance_of_a)
{
  g_autofree gboolean *taken = g_new0 (gboolean, MAX (n_b, 1));
  guint i, j;

  for (i = 0; i < n_a; i++)
    {
      pair_of_a[i] = JX_NONE;
      if (distance_of_a != NULL)
        distance_of_a[i] = 0;
    }

  /* Exact names first, so that a near miss never steals an exact partner. */
  for (i = 0; i < n_a; i++)
    for (j = 0; j < n_b; j++)
      if (!taken[j] && g_strcmp0 (names_a[i], names_b[j]) == 0)
        {
          pair_of_a[i] = j;
          taken[j] = TRUE;
          break;
        }

  for (i = 0; i < n_a; i++)
    {
      guint best = G_MAXUINT;
      guint32 best_j = JX_NONE;

      if (pair_of_a[i] != JX_NONE)
        continue;
      for (j = 0; j < n_b; j++)
        {
          guint d;

          if (taken[j])
            continue;
          d = jx_levenshtein (names_a[i], names_b[j]);
          if (d < best)
            {
              best = d;
              best_j = j;
            }
        }
      if (best_j == JX_NONE)
        continue;
      pair_of_a[i] = best_j;
      taken[best_j] = TRUE;
      if (distance_of_a != NULL)
        distance_of_a[i] = best;
    }
}

static void
add_pair (GArray  *out,
          guint32  sa,
          guint32  sb,
          guint32  pd,
          guint32  sd)
{
  JxStreamPair p = { sa, sb, pd, sd };
  g_array_append_val (out, p);
}

GArray *
jx_stream_pairing_compute (JxTrace    *a,
                           JxTrace    *b,
                           const char *process_name)
{
  g_autoptr(GArray) paired = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  g_autoptr(GArray) only_a = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  g_autoptr(GArray) only_b = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  guint npa, npb, i, s;
  g_autofree const char **pnames_a = NULL;
  g_autofree const char **pnames_b = NULL;
  g_autofree guint32 *ppair = NULL;
  g_autofree guint32 *pdist = NULL;
  g_autofree gboolean *pb_used = NULL;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);

  npa = jx_trace_get_n_processes (a);
  npb = jx_trace_get_n_processes (b);
  pnames_a = g_new0 (const char *, MAX (npa, 1));
  pnames_b = g_new0 (const char *, MAX (npb, 1));
  ppair = g_new (guint32, MAX (npa, 1));
  pdist = g_new (guint32, MAX (npa, 1));
  pb_used = g_new0 (gboolean, MAX (npb, 1));

  /* Processes are defined in rank order, so list order breaks ties. */
  for (i = 0; i < npa; i++)
    pnames_a[i] = jx_trace_get_process (a, i)->name;
  for (i = 0; i < npb; i++)
    pnames_b[i] = jx_trace_get_process (b, i)->name;

  jx_pair_names (pnames_a, npa, pnames_b, npb, ppair, pdist);

  for (i = 0; i < npa; i++)
    {
      const JxProcess *pa = jx_trace_get_process (a, i);
      const JxProcess *pb = ppair[i] != JX_NONE ? jx_trace_get_process (b, ppair[i]) : NULL;

      if (pb != NULL)
        pb_used[ppair[i]] = TRUE;

      if (process_name != NULL &&
          g_strcmp0 (pa->name, process_name) != 0 &&
          (pb == NULL || g_strcmp0 (pb->name, process_name) != 0))
        continue;

      if (pb == NULL)
        {
          for (s = 0; s < pa->n_streams; s++)
            add_pair (only_a, pa->first_stream + s, JX_NONE, 0, 0);
          continue;
        }

      {
        g_autofree const char **snames_a = g_new0 (const char *, MAX (pa->n_streams, 1));
        g_autofree const char **snames_b = g_new0 (const char *, MAX (pb->n_streams, 1));
        g_autofree guint32 *spair = g_new (guint32, MAX (pa->n_streams, 1));
        g_autofree guint32 *sdist = g_new (guint32, MAX (pa->n_streams, 1));
        g_autofree gboolean *sb_used = g_new0 (gboolean, MAX (pb->n_streams, 1));

        for (s = 0; s < pa->n_streams; s++)
          snames_a[s] = jx_trace_get_stream (a, pa->first_stream + s)->name;
        for (s = 0; s < pb->n_streams; s++)
          snames_b[s] = jx_trace_get_stream (b, pb->first_stream + s)->name;

        jx_pair_names (snames_a, pa->n_streams, snames_b, pb->n_streams, spair, sdist);

        for (s = 0; s < pa->n_streams; s++)
          {
            if (spair[s] == JX_NONE)
              {
                add_pair (only_a, pa->first_stream + s, JX_NONE, pdist[i], 0);
                continue;
              }
            sb_used[spair[s]] = TRUE;
            add_pair (paired, pa->first_stream + s, pb->first_stream + spair[s], pdist[i], sdist[s]);
          }
        for (s = 0; s < pb->n_streams; s++)
          if (!sb_used[s])
            add_pair (only_b, JX_NONE, pb->first_stream + s, pdist[i], 0);
      }
    }

  for (i = 0; i < npb; i++)
    {
      const JxProcess *pb = jx_trace_get_process (b, i);

      if (pb_used[i])
        continue;
      if (process_name != NULL && g_strcmp0 (pb->name, process_name) != 0)
        continue;
      for (s = 0; s < pb->n_streams; s++)
        add_pair (only_b, JX_NONE, pb->first_stream + s, 0, 0);
    }

  g_array_append_vals (paired, only_a->data, only_a->len);
  g_array_append_vals (paired, only_b->data, only_b->len);
  return g_steal_pointer (&paired);
}
