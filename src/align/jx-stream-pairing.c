/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-stream-pairing-private.h"

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

const char *
jx_pairing_method_to_string (JxPairingMethod method)
{
  switch (method)
    {
    case JX_PAIRED_BY_NAME:     return "name";
    case JX_PAIRED_BY_DISTANCE: return "distance";
    case JX_PAIRED_BY_POSITION: return "position";
    case JX_PAIRED_BY_USER:     return "user";
    case JX_PAIRED_BY_STRUCTURE: return "structure";
    default:                    return "unknown";
    }
}

JxPairingMethod
jx_pairing_method_combine (JxPairingMethod process_method,
                           JxPairingMethod stream_method)
{
  /* The enum is ordered from the strongest evidence to the weakest. */
  return MAX (process_method, stream_method);
}

/* The name with every run of digits replaced by one '#', or NULL when it
 * holds no run of JX_PAIRING_ID_DIGITS digits or more: names equal under
 * this differ only in their numbers, and one of those is an identifier
 * (a process ID) rather than a rank, thread or device number. */
static char *
number_template (const char *name)
{
  GString *out;
  gboolean digits = FALSE;
  guint run = 0, longest = 0;
  const char *p;

  if (name == NULL)
    return NULL;
  for (p = name; *p != '\0'; p++)
    {
      run = g_ascii_isdigit (*p) ? run + 1 : 0;
      longest = MAX (longest, run);
    }
  if (longest < JX_PAIRING_ID_DIGITS)
    return NULL;
  out = g_string_new (NULL);
  for (p = name; *p != '\0'; p++)
    {
      if (g_ascii_isdigit (*p))
        {
          if (!digits)
            g_string_append_c (out, '#');
          digits = TRUE;
          continue;
        }
      digits = FALSE;
      g_string_append_c (out, *p);
    }
  return g_string_free (out, FALSE);
}

static void
take (guint32        *pair_of_a,
      guint32        *distance_of_a,
      guint8         *method_of_a,
      gboolean       *taken,
      guint           i,
      guint           j,
      guint           distance,
      JxPairingMethod method)
{
  pair_of_a[i] = j;
  taken[j] = TRUE;
  if (distance_of_a != NULL)
    distance_of_a[i] = distance;
  if (method_of_a != NULL)
    method_of_a[i] = (guint8) method;
}

void
jx_pair_names_full (const char *const *names_a,
                    guint              n_a,
                    const char *const *names_b,
                    guint              n_b,
                    const guint32     *forced_of_a,
                    guint32           *pair_of_a,
                    guint32           *distance_of_a,
                    guint8            *method_of_a)
{
  g_autofree gboolean *taken = g_new0 (gboolean, MAX (n_b, 1));
  g_autoptr(GPtrArray) templates_b = g_ptr_array_new_with_free_func (g_free);
  guint i, j;

  for (i = 0; i < n_a; i++)
    {
      pair_of_a[i] = JX_NONE;
      if (distance_of_a != NULL)
        distance_of_a[i] = 0;
      if (method_of_a != NULL)
        method_of_a[i] = JX_PAIRED_BY_NAME;
    }

  for (i = 0; forced_of_a != NULL && i < n_a; i++)
    if (forced_of_a[i] < n_b && !taken[forced_of_a[i]])
      take (pair_of_a, distance_of_a, method_of_a, taken, i, forced_of_a[i],
            jx_levenshtein (names_a[i], names_b[forced_of_a[i]]), JX_PAIRED_BY_USER);

  /* Exact names first, so that a near miss never steals an exact partner:
   * each name of A takes the first untaken equal name of B (a table of B's
   * names keeps this linear for thousands of processes). */
  {
    g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
    g_autofree guint32 *next_same = g_new (guint32, MAX (n_b, 1));

    /* Per name its first index; next_same chains the later ones. */
    for (j = n_b; j-- > 0;)
      {
        gpointer first;

        next_same[j] = g_hash_table_lookup_extended (by_name, names_b[j] != NULL ? names_b[j] : "", NULL, &first)
                       ? GPOINTER_TO_UINT (first) - 1 : JX_NONE;
        g_hash_table_insert (by_name, (gpointer) (names_b[j] != NULL ? names_b[j] : ""), GUINT_TO_POINTER (j + 1));
      }
    for (i = 0; i < n_a; i++)
      {
        gpointer first;

        if (pair_of_a[i] != JX_NONE ||
            !g_hash_table_lookup_extended (by_name, names_a[i] != NULL ? names_a[i] : "", NULL, &first))
          continue;
        for (j = GPOINTER_TO_UINT (first) - 1; j != JX_NONE; j = next_same[j])
          if (!taken[j])
            {
              take (pair_of_a, distance_of_a, method_of_a, taken, i, j, 0, JX_PAIRED_BY_NAME);
              break;
            }
      }
  }

  /* Names that differ only in numbers, one of them an identifier (a PID):
   * the edit distance between them is noise, their order is not. */
  for (j = 0; j < n_b; j++)
    g_ptr_array_add (templates_b, number_template (names_b[j]));
  for (i = 0; i < n_a; i++)
    {
      g_autofree char *template = NULL;

      if (pair_of_a[i] != JX_NONE || (template = number_template (names_a[i])) == NULL)
        continue;
      for (j = 0; j < n_b && pair_of_a[i] == JX_NONE; j++)
        if (!taken[j] && g_strcmp0 (template, g_ptr_array_index (templates_b, j)) == 0)
          take (pair_of_a, distance_of_a, method_of_a, taken, i, j,
                jx_levenshtein (names_a[i], names_b[j]), JX_PAIRED_BY_POSITION);
    }

  for (i = 0; i < n_a; i++)
    {
      guint best = G_MAXUINT, ties = 0;
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
              ties = 1;
            }
          else if (d == best)
            ties++;
        }
      if (best_j != JX_NONE)
        take (pair_of_a, distance_of_a, method_of_a, taken, i, best_j, best,
              ties > 1 ? JX_PAIRED_BY_POSITION : JX_PAIRED_BY_DISTANCE);
    }
}

void
jx_pair_names (const char *const *names_a,
               guint              n_a,
               const char *const *names_b,
               guint              n_b,
               guint32           *pair_of_a,
               guint32           *distance_of_a)
{
  jx_pair_names_full (names_a, n_a, names_b, n_b, NULL, pair_of_a, distance_of_a, NULL);
}

static void
add_pair (GArray  *out,
          guint32  sa,
          guint32  sb,
          guint32  pd,
          guint32  sd,
          guint8   pm,
          guint8   sm)
{
  JxStreamPair p = { sa, sb, pd, sd, pm, sm, FALSE, JX_NONE, JX_NONE, -1.0f, -1.0f };
  g_array_append_val (out, p);
}

static guint32
find_process (JxTrace    *trace,
              const char *name)
{
  for (guint i = 0; i < jx_trace_get_n_processes (trace); i++)
    if (g_strcmp0 (jx_trace_get_process (trace, i)->name, name) == 0)
      return i;
  return JX_NONE;
}

/* A stream by "process / stream". */
static guint32
find_stream (JxTrace    *trace,
             const char *label)
{
  for (guint i = 0; i < jx_trace_get_n_streams (trace); i++)
    {
      const JxStream *s = jx_trace_get_stream (trace, i);
      const char *process = s->process < jx_trace_get_n_processes (trace)
                            ? jx_trace_get_process (trace, s->process)->name : NULL;
      gsize n = process != NULL ? strlen (process) : 0;

      if (process != NULL && strncmp (label, process, n) == 0 &&
          g_str_has_prefix (label + n, " / ") && g_strcmp0 (label + n + 3, s->name) == 0)
        return i;
    }
  return JX_NONE;
}

static gboolean
force (guint32      *forced,
       guint         n,
       guint32       from,
       guint32       to,
       const char   *override_a,
       const char   *override_b,
       GError      **error)
{
  for (guint i = 0; i < n; i++)
    if (i != from && forced[i] == to)
      goto conflict;
  if (forced[from] != JX_NONE && forced[from] != to)
    goto conflict;
  forced[from] = to;
  return TRUE;

conflict:
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
               _("the pairing “%s” = “%s” contradicts another one given"), override_a, override_b);
  return FALSE;
}

/* Overrides -> forced partners per process and per stream of A. */
static gboolean
resolve_overrides (JxTrace           *a,
                   JxTrace           *b,
                   const JxNamePair  *overrides,
                   guint              n_overrides,
                   guint32           *forced_process,
                   gboolean          *implied_process,
                   guint32           *forced_stream,
                   GError           **error)
{
  guint npa = jx_trace_get_n_processes (a);
  guint nsa = jx_trace_get_n_streams (a);

  for (guint k = 0; k < n_overrides; k++)
    {
      const char *na = overrides[k].name_a;
      const char *nb = overrides[k].name_b;
      guint32 pa = find_process (a, na);
      guint32 pb = find_process (b, nb);
      guint32 sa, sb;

      if (pa != JX_NONE && pb != JX_NONE)
        {
          if (!force (forced_process, npa, pa, pb, na, nb, error))
            return FALSE;
          implied_process[pa] = FALSE;
          continue;
        }
      sa = find_stream (a, na);
      sb = find_stream (b, nb);
      if ((pa == JX_NONE && sa == JX_NONE) || (pb == JX_NONE && sb == JX_NONE))
        {
          gboolean in_a = pa == JX_NONE && sa == JX_NONE;

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                       in_a ? _("trace A has no process and no stream (“process / stream”) named “%s”")
                            : _("trace B has no process and no stream (“process / stream”) named “%s”"),
                       in_a ? na : nb);
          return FALSE;
        }
      if (sa == JX_NONE || sb == JX_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” = “%s” pairs a process with a stream; give two processes or two streams"),
                       na, nb);
          return FALSE;
        }
      pa = jx_trace_get_stream (a, sa)->process;
      if (forced_process[pa] == JX_NONE)
        implied_process[pa] = TRUE;
      if (!force (forced_process, npa, pa, jx_trace_get_stream (b, sb)->process, na, nb, error) ||
          !force (forced_stream, nsa, sa, sb, na, nb, error))
        return FALSE;
    }
  return TRUE;
}

/* The streams' names paired between pa and pb as step 1-4 do it, with the
 * overrides: spair (length pa->n_streams) gets indices into pb's streams. */
static void
name_streams (const Pairing   *pairing,
              const JxProcess *pa,
              const JxProcess *pb,
              guint32         *spair,
              guint32         *sdist,
              guint8          *smethod)
{
  guint na = pa->n_streams, nb = pb->n_streams;
  g_autofree const char **snames_a = g_new0 (const char *, MAX (na, 1));
  g_autofree const char **snames_b = g_new0 (const char *, MAX (nb, 1));
  g_autofree guint32 *forced = g_new (guint32, MAX (na, 1));

  for (guint s = 0; s < na; s++)
    {
      guint32 to = pairing->forced_stream[pa->first_stream + s];

      snames_a[s] = jx_trace_get_stream (pairing->a, pa->first_stream + s)->name;
      forced[s] = to != JX_NONE && to >= pb->first_stream && to < pb->first_stream + nb ? to - pb->first_stream : JX_NONE;
    }
  for (guint s = 0; s < nb; s++)
    snames_b[s] = jx_trace_get_stream (pairing->b, pb->first_stream + s)->name;
  jx_pair_names_full (snames_a, na, snames_b, nb, forced, spair, sdist, smethod);
}

/* The streams of one process pair (pb NULL: pa has no partner).
 * crossed_pb, when not NULL, is the process the structural pairing of the
 * processes would give pa although the names' pairing was kept: its
 * streams' structural partners there are marked. */
static void
pair_streams (Pairing         *pairing,
              const JxProcess *pa,
              const JxProcess *pb,
              guint32          process_distance,
              guint8           process_method,
              const JxProcess *crossed_pb,
              const JxProcess *name_pb)
{
  JxTrace *a = pairing->a, *b = pairing->b;
  JxPairingMode mode = pairing->options->mode;
  guint na = pa->n_streams, nb = pb != NULL ? pb->n_streams : 0;
  g_autofree const char **snames_a = g_new0 (const char *, MAX (na, 1));
  g_autofree const char **snames_b = g_new0 (const char *, MAX (nb, 1));
  g_autofree guint32 *spair = g_new (guint32, MAX (na, 1));
  g_autofree guint32 *name_spair = g_new (guint32, MAX (na, 1));
  g_autofree guint32 *sdist = g_new0 (guint32, MAX (na, 1));
  g_autofree guint8 *smethod = g_new0 (guint8, MAX (na, 1));
  g_autofree guint32 *structure_b = g_new (guint32, MAX (na, 1));
  g_autofree gboolean *crossed = g_new0 (gboolean, MAX (na, 1));
  g_autofree gboolean *sb_used = g_new0 (gboolean, MAX (nb, 1));
  guint s;

  for (s = 0; s < na; s++)
    {
      snames_a[s] = jx_trace_get_stream (a, pa->first_stream + s)->name;
      spair[s] = JX_NONE;
      structure_b[s] = JX_NONE;
    }
  for (s = 0; s < nb; s++)
    snames_b[s] = jx_trace_get_stream (b, pb->first_stream + s)->name;

  if (pb != NULL)
    name_streams (pairing, pa, pb, spair, sdist, smethod);
  memcpy (name_spair, spair, sizeof (guint32) * na);

  if (pairing->weigh && pb != NULL)
    {
      g_autofree gboolean *fixed_a = g_new0 (gboolean, MAX (na, 1));
      g_autofree gboolean *fixed_b = g_new0 (gboolean, MAX (nb, 1));
      g_autofree guint32 *ids_a = g_new (guint32, MAX (na, 1));
      g_autofree guint32 *ids_b = g_new (guint32, MAX (nb, 1));
      g_autofree guint8 *kind_a = g_new (guint8, MAX (na, 1));
      g_autofree guint8 *kind_b = g_new (guint8, MAX (nb, 1));
      g_autofree guint32 *name_of_a = g_new (guint32, MAX (na, 1));
      g_autofree guint32 *slot_b = g_new (guint32, MAX (nb, 1));
      JxPairingGroup group;

      for (s = 0; s < na; s++)
        if (spair[s] != JX_NONE && smethod[s] == JX_PAIRED_BY_USER)
          fixed_a[s] = fixed_b[spair[s]] = TRUE;
      _jx_pairing_stream_group (pairing, pa, pb, fixed_a, fixed_b, spair, &group, ids_a, ids_b, kind_a, kind_b,
                    name_of_a, slot_b);
      if (group.n_a > 0 && group.n_b > 0)
        {
          gboolean apply = group.differs && (mode == JX_PAIRING_STRUCTURE ||
                                             (mode == JX_PAIRING_AUTO && group.better));

          pairing->summary->n_groups++;
          pairing->summary->n_greedy += group.greedy;
          for (guint i = 0; i < group.n_a; i++)
            {
              guint32 sn = group.structure_of_a[i];
              guint sa_local = ids_a[i] - pa->first_stream;
              guint32 sb_local = sn != JX_NONE ? ids_b[sn] - pb->first_stream : JX_NONE;

              if (sn == group.name_of_a[i])
                continue;
              if (apply)
                {
                  spair[sa_local] = sb_local;
                  smethod[sa_local] = JX_PAIRED_BY_STRUCTURE;
                  sdist[sa_local] = sb_local != JX_NONE ? jx_levenshtein (snames_a[sa_local], snames_b[sb_local]) : 0;
                }
              else if (group.better)
                {
                  crossed[sa_local] = TRUE;
                  structure_b[sa_local] = sn != JX_NONE ? ids_b[sn] : JX_NONE;
                }
            }
          _jx_pairing_group_clear (&group);
        }
    }

  /* The processes' structural partner, kept out by the names: where their
   * streams would go there. */
  if (pairing->weigh && crossed_pb != NULL)
    {
      guint ncb = crossed_pb->n_streams;
      g_autofree guint32 *ids_a = g_new (guint32, MAX (na, 1));
      g_autofree guint32 *ids_b = g_new (guint32, MAX (ncb, 1));
      g_autofree guint8 *kind_a = g_new (guint8, MAX (na, 1));
      g_autofree guint8 *kind_b = g_new (guint8, MAX (ncb, 1));
      g_autofree guint32 *name_of_a = g_new (guint32, MAX (na, 1));
      g_autofree guint32 *slot_b = g_new (guint32, MAX (ncb, 1));
      JxPairingGroup group;

      _jx_pairing_stream_group (pairing, pa, crossed_pb, NULL, NULL, NULL, &group, ids_a, ids_b, kind_a, kind_b,
                    name_of_a, slot_b);
      for (guint i = 0; i < group.n_a && group.n_b > 0; i++)
        {
          crossed[ids_a[i] - pa->first_stream] = TRUE;
          structure_b[ids_a[i] - pa->first_stream] = group.structure_of_a[i] != JX_NONE
                                                     ? ids_b[group.structure_of_a[i]] : JX_NONE;
        }
      if (group.n_a > 0 && group.n_b > 0)
        _jx_pairing_group_clear (&group);
    }

  for (s = 0; s < na; s++)
    {
      guint32 sa = pa->first_stream + s;
      guint32 sb = spair[s] != JX_NONE ? pb->first_stream + spair[s] : JX_NONE;
      GArray *out = sb != JX_NONE ? pairing->paired : pairing->only_a;
      JxStreamPair *p;

      if (sb != JX_NONE)
        sb_used[spair[s]] = TRUE;
      if (pb == NULL)
        add_pair (out, sa, JX_NONE, 0, 0, 0, 0);
      else if (sb == JX_NONE)
        add_pair (out, sa, JX_NONE, process_distance, 0, process_method, 0);
      else
        add_pair (out, sa, sb, process_distance, sdist[s], process_method, smethod[s]);
      p = &g_array_index (out, JxStreamPair, out->len - 1);
      if (!pairing->weigh)
        continue;
      p->similarity = (float) _jx_pairing_similarity (pairing, sa, sb);
      if (sb != JX_NONE && process_method == JX_PAIRED_BY_STRUCTURE)
        {
          /* The partner the names give: in the names' partner process. */
          if (name_pb != NULL)
            {
              g_autofree guint32 *npair = g_new (guint32, MAX (na, 1));
              g_autofree guint32 *ndist = g_new (guint32, MAX (na, 1));
              g_autofree guint8 *nmethod = g_new (guint8, MAX (na, 1));

              name_streams (pairing, pa, name_pb, npair, ndist, nmethod);
              p->name_b = npair[s] != JX_NONE ? name_pb->first_stream + npair[s] : JX_NONE;
            }
          p->other_similarity = (float) _jx_pairing_similarity (pairing, sa, p->name_b);
          pairing->summary->n_by_structure++;
        }
      else if (sb != JX_NONE && smethod[s] == JX_PAIRED_BY_STRUCTURE)
        {
          p->name_b = name_spair[s] != JX_NONE ? pb->first_stream + name_spair[s] : JX_NONE;
          p->other_similarity = (float) _jx_pairing_similarity (pairing, sa, p->name_b);
          pairing->summary->n_by_structure++;
        }
      if (crossed[s] && structure_b[s] != sb)
        {
          p->crossed = TRUE;
          p->structure_b = structure_b[s];
          p->other_similarity = (float) _jx_pairing_similarity (pairing, sa, structure_b[s]);
          pairing->summary->n_crossed++;
        }
    }
  for (s = 0; s < nb; s++)
    if (!sb_used[s])
      add_pair (pairing->only_b, JX_NONE, pb->first_stream + s, process_distance, 0, process_method, 0);
}

void
jx_stream_pairing_options_init (JxStreamPairingOptions *options)
{
  g_return_if_fail (options != NULL);
  memset (options, 0, sizeof *options);
  options->mode = JX_PAIRING_AUTO;
}

const char *
jx_pairing_mode_to_string (JxPairingMode mode)
{
  switch (mode)
    {
    case JX_PAIRING_AUTO:      return "auto";
    case JX_PAIRING_NAME:      return "name";
    case JX_PAIRING_STRUCTURE: return "structure";
    default:                   return "unknown";
    }
}

gboolean
jx_pairing_mode_from_string (const char    *text,
                             JxPairingMode *mode)
{
  g_return_val_if_fail (mode != NULL, FALSE);

  for (JxPairingMode m = JX_PAIRING_AUTO; m <= JX_PAIRING_STRUCTURE; m++)
    if (g_strcmp0 (text, jx_pairing_mode_to_string (m)) == 0)
      {
        *mode = m;
        return TRUE;
      }
  return FALSE;
}

/* A process pair that only a stream override forces (its processes are
 * not named in one) keeps the method and distance the names give it when
 * they pair it the same way: pairing two threads by hand does not make
 * every other pair of their processes "paired by hand". */
static void
keep_implied_methods (const char *const *pnames_a,
                      guint              npa,
                      const char *const *pnames_b,
                      guint              npb,
                      const guint32     *forced_process,
                      const gboolean    *implied_process,
                      const guint32     *ppair,
                      guint32           *pdist,
                      guint8            *pmethod)
{
  g_autofree guint32 *explicit = NULL;
  g_autofree guint32 *natural = NULL;
  g_autofree guint32 *ndist = NULL;
  g_autofree guint8 *nmethod = NULL;
  gboolean any = FALSE;
  guint i;

  for (i = 0; i < npa && !any; i++)
    any = implied_process[i];
  if (!any)
    return;
  explicit = g_memdup2 (forced_process, sizeof (guint32) * MAX (npa, 1));
  natural = g_new (guint32, MAX (npa, 1));
  ndist = g_new (guint32, MAX (npa, 1));
  nmethod = g_new (guint8, MAX (npa, 1));
  for (i = 0; i < npa; i++)
    if (implied_process[i])
      explicit[i] = JX_NONE;
  jx_pair_names_full (pnames_a, npa, pnames_b, npb, explicit, natural, ndist, nmethod);
  for (i = 0; i < npa; i++)
    if (implied_process[i] && natural[i] == ppair[i])
      {
        pmethod[i] = nmethod[i];
        pdist[i] = ndist[i];
      }
}

GArray *
jx_stream_pairing_compute_with (JxTrace                      *a,
                                JxTrace                      *b,
                                const JxStreamPairingOptions *options,
                                JxPairingSummary             *summary,
                                GError                      **error)
{
  g_autoptr(GArray) paired = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  g_autoptr(GArray) only_a = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  g_autoptr(GArray) only_b = g_array_new (FALSE, FALSE, sizeof (JxStreamPair));
  JxPairingSummary own_summary = { 0 };
  Pairing pairing;
  guint npa, npb, nsa, i, s;
  g_autofree const char **pnames_a = NULL;
  g_autofree const char **pnames_b = NULL;
  g_autofree guint32 *ppair = NULL;
  g_autofree guint32 *pdist = NULL;
  g_autofree guint8 *pmethod = NULL;
  g_autofree guint32 *forced_process = NULL;
  g_autofree guint32 *forced_stream = NULL;
  g_autofree gboolean *implied_process = NULL;
  g_autofree guint32 *crossed_process = NULL;
  g_autofree guint32 *name_ppair = NULL;
  g_autofree gboolean *pb_used = NULL;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (options != NULL, NULL);
  g_return_val_if_fail (options->overrides != NULL || options->n_overrides == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  npa = jx_trace_get_n_processes (a);
  npb = jx_trace_get_n_processes (b);
  nsa = jx_trace_get_n_streams (a);
  pnames_a = g_new0 (const char *, MAX (npa, 1));
  pnames_b = g_new0 (const char *, MAX (npb, 1));
  ppair = g_new (guint32, MAX (npa, 1));
  pdist = g_new (guint32, MAX (npa, 1));
  pmethod = g_new (guint8, MAX (npa, 1));
  pb_used = g_new0 (gboolean, MAX (npb, 1));
  forced_process = g_new (guint32, MAX (npa, 1));
  forced_stream = g_new (guint32, MAX (nsa, 1));
  crossed_process = g_new (guint32, MAX (npa, 1));
  implied_process = g_new0 (gboolean, MAX (npa, 1));
  memset (forced_process, 0xff, sizeof (guint32) * MAX (npa, 1));
  memset (forced_stream, 0xff, sizeof (guint32) * MAX (nsa, 1));
  memset (crossed_process, 0xff, sizeof (guint32) * MAX (npa, 1));

  if (!resolve_overrides (a, b, options->overrides, options->n_overrides, forced_process, implied_process,
                          forced_stream, error))
    return NULL;

  pairing.a = a;
  pairing.b = b;
  pairing.options = options;
  pairing.weigh = options->similarity != NULL;
  pairing.forced_stream = forced_stream;
  pairing.summary = summary != NULL ? summary : &own_summary;
  memset (pairing.summary, 0, sizeof *pairing.summary);
  pairing.summary->mode = options->mode;
  pairing.paired = paired;
  pairing.only_a = only_a;
  pairing.only_b = only_b;

  /* Processes are defined in rank order, so list order breaks ties. */
  for (i = 0; i < npa; i++)
    pnames_a[i] = jx_trace_get_process (a, i)->name;
  for (i = 0; i < npb; i++)
    pnames_b[i] = jx_trace_get_process (b, i)->name;

  jx_pair_names_full (pnames_a, npa, pnames_b, npb, forced_process, ppair, pdist, pmethod);
  keep_implied_methods (pnames_a, npa, pnames_b, npb, forced_process, implied_process, ppair, pdist, pmethod);
  name_ppair = g_memdup2 (ppair, sizeof (guint32) * MAX (npa, 1));
  if (pairing.weigh)
    _jx_pairing_weigh_processes (&pairing, ppair, pdist, pmethod, forced_process, crossed_process);

  for (i = 0; i < npa; i++)
    {
      const JxProcess *pa = jx_trace_get_process (a, i);
      const JxProcess *pb = ppair[i] != JX_NONE ? jx_trace_get_process (b, ppair[i]) : NULL;
      const JxProcess *crossed = crossed_process[i] != JX_NONE ? jx_trace_get_process (b, crossed_process[i]) : NULL;

      if (pb != NULL)
        pb_used[ppair[i]] = TRUE;

      if (options->process_name != NULL &&
          g_strcmp0 (pa->name, options->process_name) != 0 &&
          (pb == NULL || g_strcmp0 (pb->name, options->process_name) != 0))
        continue;

      pair_streams (&pairing, pa, pb, pb != NULL ? pdist[i] : 0, pb != NULL ? pmethod[i] : 0, crossed,
                    name_ppair[i] != JX_NONE ? jx_trace_get_process (b, name_ppair[i]) : NULL);
    }

  for (i = 0; i < npb; i++)
    {
      const JxProcess *pb = jx_trace_get_process (b, i);

      if (pb_used[i])
        continue;
      if (options->process_name != NULL && g_strcmp0 (pb->name, options->process_name) != 0)
        continue;
      for (s = 0; s < pb->n_streams; s++)
        add_pair (only_b, JX_NONE, pb->first_stream + s, 0, 0, 0, 0);
    }

  g_array_append_vals (paired, only_a->data, only_a->len);
  g_array_append_vals (paired, only_b->data, only_b->len);
  return g_steal_pointer (&paired);
}

GArray *
jx_stream_pairing_compute_full (JxTrace           *a,
                                JxTrace           *b,
                                const char        *process_name,
                                const JxNamePair  *overrides,
                                guint              n_overrides,
                                GError           **error)
{
  JxStreamPairingOptions options;

  g_return_val_if_fail (JX_IS_TRACE (a) && JX_IS_TRACE (b), NULL);
  g_return_val_if_fail (overrides != NULL || n_overrides == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  jx_stream_pairing_options_init (&options);
  options.process_name = process_name;
  options.overrides = overrides;
  options.n_overrides = n_overrides;
  options.mode = JX_PAIRING_NAME;
  return jx_stream_pairing_compute_with (a, b, &options, NULL, error);
}

GArray *
jx_stream_pairing_compute (JxTrace    *a,
                           JxTrace    *b,
                           const char *process_name)
{
  return jx_stream_pairing_compute_full (a, b, process_name, NULL, 0, NULL);
}
