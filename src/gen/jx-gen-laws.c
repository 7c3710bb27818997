/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-laws.c — functions whose call counts (and so their time) follow a
 * law of x, the number of ranks or an input size, for scaling studies
 * (seed 004, Su & Yelick; docs/trend.md):
 *   JX_GEN_LAW_CALLS       round (I · c · x^i · log2^j(x) · (1 ± jitter))
 *                          calls over the run, summed over ranks; rank r
 *                          makes total / p of them (the first total mod p
 *                          ranks one more), spread evenly over the
 *                          iterations;
 *   JX_GEN_LAW_ALL_TO_ALL  once per iteration on every rank, p receives
 *                          and p sends (one to every rank, itself
 *                          included), then a wait for all: p² messages.
 * The laws draw their jitter from a generator of their own (seed, law), so
 * runs without laws write exactly what they wrote before. */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "jx-gen-private.h"

#define TAG_ALL_TO_ALL   300
#define ALL_TO_ALL_BYTES 4096
/* p² send times are kept: beyond this many ranks the all-to-all is left out. */
#define MAX_ALL_TO_ALL_RANKS 1024

static const JxGenLaw scaling_laws[] = {
  { "work_linear", JX_GEN_LAW_CALLS, FALSE, 40.0, 1.0, 0, 2000.0 },
  { "work_p1_5", JX_GEN_LAW_CALLS, FALSE, 10.0, 1.5, 0, 2000.0 },
  { "work_log2", JX_GEN_LAW_CALLS, FALSE, 60.0, 0.0, 1, 2000.0 },
  { "work_constant", JX_GEN_LAW_CALLS, FALSE, 200.0, 0.0, 0, 2000.0 },
  { "transpose_alltoall", JX_GEN_LAW_ALL_TO_ALL, FALSE, 0.0, 0.0, 0, 0.0 },
};

/* Seed 004, Table 1, scaled down: the FFT transpose's gets and puts grow
 * with p² (41p²), a mailbox put too with a smaller coefficient (9p²), the
 * get of the missing "immutable" linearly with a large coefficient
 * (304690p) and a fluid slab put linearly with a small one (200p). */
static const JxGenLaw paper_laws[] = {
  { "fft_transpose", JX_GEN_LAW_ALL_TO_ALL, FALSE, 0.0, 0.0, 0, 0.0 },
  { "mailbox_put", JX_GEN_LAW_CALLS, TRUE, 0.25, 2.0, 0, 1500.0 },
  { "metis_get", JX_GEN_LAW_CALLS, TRUE, 300.0, 1.0, 0, 1200.0 },
  { "fluidslab_put", JX_GEN_LAW_CALLS, TRUE, 4.0, 1.0, 0, 1500.0 },
};

const JxGenLaw *
jx_generator_law_preset (const char *name,
                         guint      *n_laws)
{
  g_return_val_if_fail (name != NULL && n_laws != NULL, NULL);

  if (g_str_equal (name, "scaling"))
    {
      *n_laws = G_N_ELEMENTS (scaling_laws);
      return scaling_laws;
    }
  if (g_str_equal (name, "paper"))
    {
      *n_laws = G_N_ELEMENTS (paper_laws);
      return paper_laws;
    }
  *n_laws = 0;
  return NULL;
}

static gboolean
all_to_all_fits (const JxGen *g)
{
  return g->opt.n_ranks <= MAX_ALL_TO_ALL_RANKS;
}

/* round (I · c · x^i · log2^j(x) · (1 + jitter · u)) for law k, u in [-1, 1]
 * from the seed and the law. */
static guint64
law_total (const JxGeneratorOptions *o,
           guint                     k)
{
  const JxGenLaw *law = &o->laws[k];
  double x = o->law_x > 0.0 ? o->law_x : (double) o->n_ranks;
  guint64 state = ((guint64) o->seed << 32) ^ ((guint64) (k + 1) * G_GUINT64_CONSTANT (0xA24BAED4963EE407));
  double u = (double) (_jx_gen_random (&state) >> 11) / 9007199254740992.0 * 2.0 - 1.0;
  double f = law->coefficient * (law->exponent == 0.0 ? 1.0 : pow (x, law->exponent));
  double jitter = o->law_jitter >= 0.0 && o->law_jitter < 1.0 ? o->law_jitter : 0.0;
  double total;

  for (guint j = 0; j < law->log_exponent; j++)
    f *= log2 (x);
  total = round ((double) MAX (o->n_iterations, 1) * f * (1.0 + jitter * u));
  if (!(total > 0.0) || !isfinite (total))
    return 0;
  return total >= (double) JX_GENERATOR_MAX_LAW_CALLS ? JX_GENERATOR_MAX_LAW_CALLS : (guint64) total;
}

guint64
jx_generator_count_law_calls (const JxGeneratorOptions *options)
{
  guint64 total = 0;

  g_return_val_if_fail (options != NULL, 0);

  for (guint k = 0; options->laws != NULL && k < options->n_laws; k++)
    {
      if (options->laws[k].kind == JX_GEN_LAW_ALL_TO_ALL)
        {
          if (options->n_ranks <= MAX_ALL_TO_ALL_RANKS)
            total += (guint64) MAX (options->n_iterations, 1) * options->n_ranks * options->n_ranks;
        }
      else
        total += law_total (options, k);
    }
  return total;
}

void
_jx_gen_laws_init (JxGen *g,
                   guint  first)
{
  const JxGeneratorOptions *o = &g->opt;
  gboolean all_to_all = FALSE;

  g->law_first_region = first;
  g->law_calls = g_new0 (guint64, MAX (o->n_laws, 1));
  for (guint k = 0; k < o->n_laws; k++)
    {
      const JxGenLaw *law = &o->laws[k];
      guint region = first + k;

      g->region_name[region] = g_strdup (law->name != NULL ? law->name : "law");
      g->region_info[region] = law->communication
        ? (JxGenRegionInfo) { NULL, OTF2_PARADIGM_MPI, OTF2_REGION_ROLE_POINT2POINT, "MPI", 0 }
        : (JxGenRegionInfo) { NULL, OTF2_PARADIGM_USER, OTF2_REGION_ROLE_FUNCTION, "laws.c", 10 + 20 * k };
      g->region_used[region] = TRUE;
      if (law->kind == JX_GEN_LAW_ALL_TO_ALL)
        {
          g->region_used[region] = all_to_all_fits (g);
          all_to_all = all_to_all || all_to_all_fits (g);
        }
      else
        g->law_calls[k] = law_total (o, k);
    }
  if (all_to_all)
    {
      g->region_used[JX_GEN_REGION_MPI_ISEND] = TRUE;
      g->region_used[JX_GEN_REGION_MPI_IRECV] = TRUE;
      g->region_used[JX_GEN_REGION_MPI_WAITALL] = TRUE;
      g->law_send_time = g_new0 (guint64, (gsize) o->n_ranks * o->n_ranks);
    }
}

void
_jx_gen_laws_clear (JxGen *g)
{
  g_clear_pointer (&g->law_calls, g_free);
  g_clear_pointer (&g->law_send_time, g_free);
}

/* The calls of rank r in iteration it: its share of the total, spread so
 * that the iterations' calls add up exactly. */
static guint64
calls_in_iteration (const JxGen *g,
                    guint64      total,
                    guint        r,
                    guint        it)
{
  guint64 p = g->opt.n_ranks, n_it = g->opt.n_iterations;
  guint64 mine = total / p + (r < total % p ? 1 : 0);

  return (mine * (it + 1)) / n_it - (mine * it) / n_it;
}

typedef struct
{
  guint64 time;
  guint32 peer;
} Arrival;

static int
compare_arrivals (const void *a,
                  const void *b)
{
  const Arrival *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->peer < y->peer ? -1 : x->peer > y->peer ? 1 : 0;
}

static void
all_to_all (JxGen *g,
            guint  region)
{
  guint n = g->opt.n_ranks;
  g_autofree Arrival *arrivals = g_new (Arrival, n);

  /* Post the receives, then send to every rank. */
  for (guint r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint64 req = m->next_request;

      _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, region);
      for (guint q = 0; q < n; q++)
        {
          _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_IRECV);
          _jx_gen_spend (g, m, 900.0);
          _jx_gen_p2p_event (g, m, JX_GEN_P2P_IRECV_REQUEST, 0, 0, 0, req + q);
          _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_IRECV);
        }
      for (guint q = 0; q < n; q++)
        {
          _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_ISEND);
          _jx_gen_spend (g, m, 1100.0);
          _jx_gen_p2p_event (g, m, JX_GEN_P2P_ISEND, q, TAG_ALL_TO_ALL, ALL_TO_ALL_BYTES, req + n + q);
          g->law_send_time[(gsize) r * n + q] = m->now;
          _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_ISEND);
        }
      _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_WAITALL);
    }

  /* Each rank's sends complete; its receives in the order they arrive. */
  for (guint r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint64 req = m->next_request;

      for (guint q = 0; q < n; q++)
        {
          arrivals[q].time = g->law_send_time[(gsize) q * n + r]
                             + _jx_gen_work (g, m, _jx_gen_network_ns (g, ALL_TO_ALL_BYTES));
          arrivals[q].peer = q;
        }
      qsort (arrivals, n, sizeof (Arrival), compare_arrivals);
      for (guint q = 0; q < n; q++)
        {
          _jx_gen_spend (g, m, 200.0);
          _jx_gen_p2p_event (g, m, JX_GEN_P2P_ISEND_COMPLETE, 0, 0, 0, req + n + q);
        }
      for (guint k = 0; k < n; k++)
        {
          _jx_gen_at (m, arrivals[k].time);
          _jx_gen_p2p_event (g, m, JX_GEN_P2P_IRECV, arrivals[k].peer, TAG_ALL_TO_ALL, ALL_TO_ALL_BYTES,
                             req + arrivals[k].peer);
        }
      _jx_gen_work_then (g, m, 500.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_WAITALL);
      _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, region);
      m->next_request += 2 * (guint64) n;
    }
}

void
_jx_gen_laws_iteration (JxGen *g,
                        guint  it)
{
  const JxGeneratorOptions *o = &g->opt;

  for (guint k = 0; k < o->n_laws; k++)
    {
      const JxGenLaw *law = &o->laws[k];
      guint region = g->law_first_region + k;

      if (!g->region_used[region])
        continue;
      if (law->kind == JX_GEN_LAW_ALL_TO_ALL)
        {
          all_to_all (g, region);
          continue;
        }
      for (guint r = 0; r < o->n_ranks; r++)
        {
          JxGenLoc *m = _jx_gen_master (g, r);
          guint64 calls = calls_in_iteration (g, g->law_calls[k], r, it);

          for (guint64 c = 0; c < calls; c++)
            {
              _jx_gen_work_then (g, m, 300.0, JX_GEN_ENTER, region);
              _jx_gen_work_then (g, m, law->call_ns * g->cpu_scale[r], JX_GEN_LEAVE, region);
            }
        }
    }
}
