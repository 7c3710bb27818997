/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-program.c — the simulated run of the MPI stencil program and the
 * events it writes.
 *
 * The program is simulated phase by phase across all ranks (compute, halo
 * exchange, collectives), so that every receive can be placed after its send
 * and every collective ends after its last participant arrived.  Each
 * location keeps its own clock and event writer; the writers buffer in
 * memory, so interleaving locations costs nothing.  Speed comes from
 * precomputed region references, one PRNG draw per timed step and no
 * allocation per event.
 *
 * The order of the PRNG draws is the output: keep it when changing code
 * here, or the bundled examples change.  MAX() evaluates the winning
 * argument twice, and where that argument draws, it draws twice. */
#include "config.h"

#include <math.h>

#include "jx-gen-private.h"

#define HALO_BYTES       32768
#define BOUNDARY_BYTES   65536
#define TAG_TO_RIGHT     100
#define TAG_TO_LEFT      101
#define TAG_PAIR_UP      200
#define TAG_PAIR_DOWN    201

/* --- MPI events -------------------------------------------------------------- */

typedef enum
{
  P2P_SEND,
  P2P_RECV,
  P2P_ISEND,
  P2P_IRECV,
  P2P_ISEND_COMPLETE,
  P2P_IRECV_REQUEST,
} P2pEvent;

/* One point-to-point event: a message to or from @peer for the sends and
 * receives, @request for the non-blocking ones. */
static void
ev_p2p (JxGen    *g,
        JxGenLoc *l,
        P2pEvent  event,
        guint32   peer,
        guint32   tag,
        guint64   bytes,
        guint64   request)
{
  guint64 *const kind[] = {
    [P2P_SEND]           = &g->st.n_mpi_send,
    [P2P_RECV]           = &g->st.n_mpi_recv,
    [P2P_ISEND]          = &g->st.n_mpi_isend,
    [P2P_IRECV]          = &g->st.n_mpi_irecv,
    [P2P_ISEND_COMPLETE] = &g->st.n_mpi_isend_complete,
    [P2P_IRECV_REQUEST]  = &g->st.n_mpi_irecv_request,
  };
  OTF2_EvtWriter *w = l->writer;
  OTF2_ErrorCode rc = OTF2_SUCCESS;

  if (event == P2P_SEND || event == P2P_ISEND)
    g->st.n_messages++;
  if (!_jx_gen_count (l, kind[event]))
    return;
  switch (event)
    {
    case P2P_SEND:
      rc = OTF2_EvtWriter_MpiSend (w, NULL, l->now, peer, JX_GEN_COMM_WORLD, tag, bytes);
      break;
    case P2P_RECV:
      rc = OTF2_EvtWriter_MpiRecv (w, NULL, l->now, peer, JX_GEN_COMM_WORLD, tag, bytes);
      break;
    case P2P_ISEND:
      rc = OTF2_EvtWriter_MpiIsend (w, NULL, l->now, peer, JX_GEN_COMM_WORLD, tag, bytes, request);
      break;
    case P2P_IRECV:
      rc = OTF2_EvtWriter_MpiIrecv (w, NULL, l->now, peer, JX_GEN_COMM_WORLD, tag, bytes, request);
      break;
    case P2P_ISEND_COMPLETE:
      rc = OTF2_EvtWriter_MpiIsendComplete (w, NULL, l->now, request);
      break;
    case P2P_IRECV_REQUEST:
      rc = OTF2_EvtWriter_MpiIrecvRequest (w, NULL, l->now, request);
      break;
    default:
      g_assert_not_reached ();
    }
  JX_GEN_CHECK (g, rc);
}

static void
ev_coll_begin (JxGen    *g,
               JxGenLoc *l)
{
  if (_jx_gen_count (l, &g->st.n_mpi_collective_begin))
    JX_GEN_CHECK (g, OTF2_EvtWriter_MpiCollectiveBegin (l->writer, NULL, l->now));
}

static void
ev_coll_end (JxGen             *g,
             JxGenLoc          *l,
             OTF2_CollectiveOp  op,
             guint32            root,
             guint64            sent,
             guint64            received)
{
  if (_jx_gen_count (l, &g->st.n_mpi_collective_end))
    JX_GEN_CHECK (g, OTF2_EvtWriter_MpiCollectiveEnd (l->writer, NULL, l->now, op,
                                                      JX_GEN_COMM_WORLD, root, sent, received));
}

/* Markers are kept until the marker file is written; takes @text. */
static void
add_marker (JxGen   *g,
            guint32  def,
            guint64  time,
            guint64  duration,
            guint8   scope,
            guint64  scope_ref,
            char    *text)
{
  JxGenMarker m = { time, duration, scope_ref, def, scope, text };

  if (!g->opt.markers)
    {
      g_free (text);
      return;
    }
  g_array_append_val (g->markers, m);
}

/* --- compute ----------------------------------------------------------------- */

static inline double
net_ns (JxGen   *g,
        guint64  bytes)
{
  /* 1.5 µs latency, 12 GB/s. */
  return (1500.0 + (double) bytes / 12.0) * g->net_scale;
}

/* Busy time of the kernels [start[i], end[i]) of one offload: their union
 * (they overlap on different streams). */
static guint64
kernels_union (guint64 *start,
               guint64 *end,
               guint    n)
{
  guint64 busy = 0, reach = 0;

  /* Insertion sort by start: a handful of streams. */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && start[j] < start[j - 1]; j--)
      {
        guint64 s = start[j], e = end[j];

        start[j] = start[j - 1];
        end[j] = end[j - 1];
        start[j - 1] = s;
        end[j - 1] = e;
      }
  for (guint i = 0; i < n; i++)
    {
      if (end[i] <= reach)
        continue;
      busy += end[i] - MAX (start[i], reach);
      reach = end[i];
    }
  return busy;
}

/* The host side of "stencil_kernel": launch one kernel per stream, then wait
 * for all of them. */
static void
gpu_offload (JxGen    *g,
             JxGenLoc *m,
             double    scale)
{
  guint64 done = 0;
  guint64 kernel_start[JX_GEN_MAX_GPU_STREAMS], kernel_end[JX_GEN_MAX_GPU_STREAMS];
  guint s;

  for (s = 0; s < g->opt.n_gpu_streams; s++)
    {
      JxGenLoc *gl = _jx_gen_gpu_stream (g, m->rank, s);

      _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_CUDA_LAUNCH);
      _jx_gen_spend (g, m, 4000.0);
      _jx_gen_at (gl, MAX (gl->now + _jx_gen_ticks (g, 1000.0), m->now + _jx_gen_work (g, gl, 2500.0)));
      _jx_gen_event (g, gl, JX_GEN_ENTER, JX_GEN_REGION_GPU_STENCIL);
      kernel_start[s] = gl->now;
      _jx_gen_work_then (g, gl, 150000.0 * scale * g->kernel_scale,
                         JX_GEN_LEAVE, JX_GEN_REGION_GPU_STENCIL);
      kernel_end[s] = gl->now;
      done = MAX (done, gl->now);
      _jx_gen_work_then (g, m, 1200.0, JX_GEN_LEAVE, JX_GEN_REGION_CUDA_LAUNCH);
    }
  /* Kernels of one offload end before the host's wait does, so offloads
   * never overlap: their unions add up. */
  g->st.gpu_busy_ticks += kernels_union (kernel_start, kernel_end, g->opt.n_gpu_streams);
  _jx_gen_work_then (g, m, 300.0, JX_GEN_ENTER, JX_GEN_REGION_CUDA_SYNC);
  _jx_gen_at (m, done + _jx_gen_work (g, m, 2000.0));
  _jx_gen_event (g, m, JX_GEN_LEAVE, JX_GEN_REGION_CUDA_SYNC);
}

/* Walks the user call tree once.  @join is when the other threads finish:
 * the root is left no earlier (an implicit barrier at its end). */
static void
run_tree (JxGen    *g,
          JxGenLoc *l,
          double    scale,
          gboolean  offload,
          guint64   join)
{
  guint32 stack[JX_GEN_MAX_TREE_DEPTH + 1];
  guint sp = 0, i;

  for (i = 0; i < g->n_tree; i++)
    {
      while (sp > 0 && g->tree_end[stack[sp - 1]] <= i)
        {
          guint node = stack[--sp];

          _jx_gen_work_then (g, l, g->tree_post_ns[node] * scale,
                             JX_GEN_LEAVE, JX_GEN_N_FIXED_REGIONS + node);
        }
      _jx_gen_work_then (g, l, 300.0, JX_GEN_ENTER, JX_GEN_N_FIXED_REGIONS + i);
      if (g->tree_end[i] == i + 1)
        {
          if (i == g->stencil_node)
            {
              if (offload)
                {
                  gpu_offload (g, l, scale);
                  _jx_gen_spend (g, l, 300.0);
                }
              else
                _jx_gen_spend (g, l, g->tree_pre_ns[i] * scale * g->kernel_scale);
            }
          else
            _jx_gen_spend (g, l, g->tree_pre_ns[i] * scale);
          _jx_gen_event (g, l, JX_GEN_LEAVE, JX_GEN_N_FIXED_REGIONS + i);
        }
      else
        {
          _jx_gen_spend (g, l, g->tree_pre_ns[i] * scale);
          stack[sp++] = i;
        }
    }
  while (sp > 0)
    {
      guint node = stack[--sp];

      _jx_gen_spend (g, l, g->tree_post_ns[node] * scale);
      if (sp == 0)
        _jx_gen_at (l, join);
      _jx_gen_event (g, l, JX_GEN_LEAVE, JX_GEN_N_FIXED_REGIONS + node);
    }
}

/* Worker threads run the tree beside each master. */
static void
run_compute (JxGen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  guint r, t;

  for (r = 0; r < o->n_ranks; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint64 start = m->now + _jx_gen_ticks (g, 300.0);
      guint64 join = 0;

      for (t = 1; t < o->n_threads; t++)
        {
          JxGenLoc *th = &g->locs[(gsize) r * g->per_rank + t];

          _jx_gen_at (th, start + _jx_gen_work (g, th, 2000.0));
          if (!_jx_gen_run_role (g, th, g->cpu_scale[r]))
            run_tree (g, th, g->cpu_scale[r], FALSE, 0);
          join = MAX (join, th->now);
        }
      run_tree (g, m, g->cpu_scale[r], o->n_gpu_streams > 0, join + _jx_gen_ticks (g, 800.0));
    }
}

static void
user_leaf (JxGen    *g,
           JxGenLoc *m,
           guint     region,
           double    ns,
           double    scale)
{
  _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, region);
  _jx_gen_work_then (g, m, ns * scale, JX_GEN_LEAVE, region);
}

/* --- communication ----------------------------------------------------------- */

/* A collective over MPI_COMM_WORLD: everybody enters, the operation ends
 * once the last rank (for a broadcast: the root) has arrived. */
static void
collective (JxGen             *g,
            guint              region,
            OTF2_CollectiveOp  op,
            guint32            root,
            guint64            bytes)
{
  guint n = g->opt.n_ranks, r;
  guint64 latest = 0;
  double cost = net_ns (g, bytes) * ceil (log2 ((double) MAX (n, 2)));

  for (r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);

      _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, region);
      _jx_gen_spend (g, m, 600.0);
      ev_coll_begin (g, m);
      g->begin_time[r] = m->now;
      if (root == OTF2_UNDEFINED_UINT32 || r == root)
        latest = MAX (latest, m->now);
    }
  for (r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint64 sent = bytes, received = bytes;

      if (op == OTF2_COLLECTIVE_OP_BCAST)
        {
          sent = r == root ? bytes * (n - 1) : 0;
          received = r == root ? 0 : bytes;
        }
      else if (op == OTF2_COLLECTIVE_OP_BARRIER)
        sent = received = 0;
      _jx_gen_at (m, MAX (latest, g->begin_time[r]) + _jx_gen_work (g, m, cost));
      ev_coll_end (g, m, op, root, sent, received);
      _jx_gen_work_then (g, m, 400.0, JX_GEN_LEAVE, region);
    }
  g->st.n_collectives++;
}

/* Non-blocking halo exchange with both ring neighbours: the receive from
 * the left has request 0 and tag TAG_TO_RIGHT, from the right 1 and
 * TAG_TO_LEFT; the sends to the right and left requests 2 and 3. */
static void
halo_exchange (JxGen *g)
{
  static const guint32 tag_from[2] = { TAG_TO_RIGHT, TAG_TO_LEFT };
  guint n = g->opt.n_ranks, r, k;

  for (r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint32 left = (r + n - 1) % n, right = (r + 1) % n;
      guint64 req = m->next_request;

      _jx_gen_work_then (g, m, 600.0, JX_GEN_ENTER, JX_GEN_REGION_EXCHANGE_HALO);
      for (k = 0; k < 2; k++)
        {
          _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_IRECV);
          _jx_gen_spend (g, m, 900.0);
          ev_p2p (g, m, P2P_IRECV_REQUEST, 0, 0, 0, req + k);
          _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_IRECV);
        }
      for (k = 0; k < 2; k++)
        {
          _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_ISEND);
          _jx_gen_spend (g, m, 1100.0);
          ev_p2p (g, m, P2P_ISEND, k == 0 ? right : left, k == 0 ? TAG_TO_RIGHT : TAG_TO_LEFT,
                  HALO_BYTES, req + 2 + k);
          g->send_time[2 * r + k] = m->now;
          _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_ISEND);
        }
      _jx_gen_work_then (g, m, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_WAITALL);
    }

  for (r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);
      guint32 left = (r + n - 1) % n, right = (r + 1) % n;
      const guint32 peer[2] = { left, right };
      guint64 req = m->next_request;
      guint64 from_left = g->send_time[2 * left + 0] + _jx_gen_work (g, m, net_ns (g, HALO_BYTES));
      guint64 from_right = g->send_time[2 * right + 1] + _jx_gen_work (g, m, net_ns (g, HALO_BYTES));
      const guint64 arrival[2] = { from_left, from_right };
      guint first = from_left <= from_right ? 0 : 1;

      _jx_gen_spend (g, m, 700.0);
      ev_p2p (g, m, P2P_ISEND_COMPLETE, 0, 0, 0, req + 2);
      _jx_gen_spend (g, m, 200.0);
      ev_p2p (g, m, P2P_ISEND_COMPLETE, 0, 0, 0, req + 3);
      /* The receives complete in the order their messages arrive. */
      for (k = 0; k < 2; k++)
        {
          guint side = first ^ k;

          _jx_gen_at (m, arrival[side]);
          ev_p2p (g, m, P2P_IRECV, peer[side], tag_from[side], HALO_BYTES, req + side);
        }
      _jx_gen_work_then (g, m, 500.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_WAITALL);
      _jx_gen_work_then (g, m, 300.0, JX_GEN_LEAVE, JX_GEN_REGION_EXCHANGE_HALO);
      m->next_request += 4;
    }
}

/* MPI_Send of the boundary; returns when the message left. */
static guint64
blocking_send (JxGen    *g,
               JxGenLoc *l,
               guint32   receiver,
               guint32   tag)
{
  guint64 sent;

  _jx_gen_work_then (g, l, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_SEND);
  _jx_gen_spend (g, l, 1000.0);
  ev_p2p (g, l, P2P_SEND, receiver, tag, BOUNDARY_BYTES, 0);
  sent = l->now;
  _jx_gen_work_then (g, l, (double) BOUNDARY_BYTES / 12.0 * g->net_scale,
                     JX_GEN_LEAVE, JX_GEN_REGION_MPI_SEND);
  return sent;
}

/* The MPI_Recv of a message sent at @sent. */
static void
blocking_recv (JxGen    *g,
               JxGenLoc *l,
               guint32   sender,
               guint32   tag,
               guint64   sent)
{
  _jx_gen_work_then (g, l, 400.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_RECV);
  _jx_gen_at (l, MAX (l->now + _jx_gen_ticks (g, 800.0),
                      sent + _jx_gen_work (g, l, net_ns (g, BOUNDARY_BYTES))));
  ev_p2p (g, l, P2P_RECV, sender, tag, BOUNDARY_BYTES, 0);
  _jx_gen_work_then (g, l, 400.0, JX_GEN_LEAVE, JX_GEN_REGION_MPI_RECV);
}

/* Blocking ping-pong between rank pairs (0,1), (2,3), ... */
static void
pair_exchange (JxGen *g)
{
  guint r;

  for (r = 0; r + 1 < g->opt.n_ranks; r += 2)
    {
      JxGenLoc *a = _jx_gen_master (g, r), *b = _jx_gen_master (g, r + 1);
      guint64 sent;

      _jx_gen_work_then (g, a, 800.0, JX_GEN_ENTER, JX_GEN_REGION_EXCHANGE_BOUNDARY);
      _jx_gen_work_then (g, b, 800.0, JX_GEN_ENTER, JX_GEN_REGION_EXCHANGE_BOUNDARY);
      sent = blocking_send (g, a, r + 1, TAG_PAIR_UP);
      blocking_recv (g, b, r, TAG_PAIR_UP, sent);
      sent = blocking_send (g, b, r, TAG_PAIR_DOWN);
      blocking_recv (g, a, r + 1, TAG_PAIR_DOWN, sent);
      _jx_gen_work_then (g, a, 500.0, JX_GEN_LEAVE, JX_GEN_REGION_EXCHANGE_BOUNDARY);
      _jx_gen_work_then (g, b, 500.0, JX_GEN_LEAVE, JX_GEN_REGION_EXCHANGE_BOUNDARY);
    }
}

/* --- the run ------------------------------------------------------------------ */

static void
iteration (JxGen *g,
           guint  it)
{
  const JxGeneratorOptions *o = &g->opt;
  guint n = o->n_ranks, r;
  gboolean last = it + 1 == o->n_iterations;
  guint block = MAX (1, (o->n_iterations + 9) / 10);

  for (r = 0; r < n; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);

      _jx_gen_work_then (g, m, 1500.0, JX_GEN_ENTER, JX_GEN_REGION_ITERATION);
      if (it == 0)
        g->iter0_start[r] = m->now;
    }
  if (it % block == 0)
    g->block_start = _jx_gen_master (g, 0)->now;

  run_compute (g);

  if (!(o->variant & JX_VARIANT_REMOVE_FUNCTION))
    for (r = 0; r < n; r++)
      {
        JxGenLoc *m = _jx_gen_master (g, r);

        _jx_gen_work_then (g, m, 500.0, JX_GEN_ENTER, JX_GEN_REGION_COMPUTE_HALO);
        _jx_gen_spend (g, m, 9000.0 * g->cpu_scale[r]);
        for (guint k = 0; k < ((o->variant & JX_VARIANT_MORE_CALLS) ? JX_GENERATOR_MORE_CALLS : 1u); k++)
          user_leaf (g, m, JX_GEN_REGION_PACK_BUFFER, 14000.0, g->cpu_scale[r]);
        _jx_gen_work_then (g, m, 3000.0 * g->cpu_scale[r], JX_GEN_LEAVE, JX_GEN_REGION_COMPUTE_HALO);
      }

  _jx_gen_class_work (g, it);

  if (n >= 2)
    halo_exchange (g);

  for (r = 0; r < n; r++)
    _jx_gen_update_boundary (g, _jx_gen_master (g, r), g->cpu_scale[r], it == 0 && r == 0);

  _jx_gen_laws_iteration (g, it);

  if (o->variant & JX_VARIANT_ADD_FUNCTION)
    for (r = 0; r < n; r++)
      user_leaf (g, _jx_gen_master (g, r), JX_GEN_REGION_CHECK_RESIDUAL, 18000.0, g->cpu_scale[r]);

  if (it % 10 == 9 && n >= 2)
    pair_exchange (g);

  collective (g, JX_GEN_REGION_MPI_ALLREDUCE, OTF2_COLLECTIVE_OP_ALLREDUCE, OTF2_UNDEFINED_UINT32, 8);

  if (it % 25 == 24)
    {
      collective (g, JX_GEN_REGION_MPI_BARRIER, OTF2_COLLECTIVE_OP_BARRIER, OTF2_UNDEFINED_UINT32, 0);
      add_marker (g, JX_GEN_MARKER_CHECKPOINT, _jx_gen_master (g, 0)->now, 0, OTF2_MARKER_SCOPE_GLOBAL, 0,
                  g_strdup_printf ("Checkpoint after iteration %u", it));
    }

  for (r = 0; r < n; r++)
    if (!(last && _jx_gen_leaves_open (g, r)))
      _jx_gen_work_then (g, _jx_gen_master (g, r), 700.0, JX_GEN_LEAVE, JX_GEN_REGION_ITERATION);

  if (it % block == block - 1 || last)
    {
      guint first = it - it % block;
      guint64 now0 = _jx_gen_master (g, 0)->now;

      add_marker (g, JX_GEN_MARKER_ITERATIONS, g->block_start, now0 - g->block_start,
                  OTF2_MARKER_SCOPE_GLOBAL, 0,
                  g_strdup_printf ("Iterations %u-%u", first, it));
    }
}

/* main → MPI_Init.  The ranks start a little apart; MPI_Init ends for all of
 * them after the last one arrived, and the start delay makes it longer, as
 * a slow launcher or a large job wiring up its connections does.  Nothing
 * after it depends on absolute time, so all that follows moves by exactly
 * the delay. */
static void
start_up (JxGen *g)
{
  guint64 base = g->opt.timer_resolution * 1000;
  guint64 latest = 0;
  guint i, r;

  for (i = 0; i < g->n_locs; i++)
    g->locs[i].now = base;
  for (r = 0; r < g->opt.n_ranks; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);

      _jx_gen_at (m, base + _jx_gen_work (g, m, 20000.0));
      m->first = m->now;
      _jx_gen_event (g, m, JX_GEN_ENTER, JX_GEN_REGION_MAIN);
      if (r == 0 && (g->opt.defects & JX_DEFECT_INJECT_UNKNOWN_METRIC))
        _jx_gen_unknown_metric (g, m);
      _jx_gen_work_then (g, m, 3000.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_INIT);
      latest = MAX (latest, m->now);
    }
  for (r = 0; r < g->opt.n_ranks; r++)
    {
      JxGenLoc *m = _jx_gen_master (g, r);

      _jx_gen_at (m, latest + g->start_delay + _jx_gen_work (g, m, 80000.0 * g->net_scale));
      _jx_gen_event (g, m, JX_GEN_LEAVE, JX_GEN_REGION_MPI_INIT);
    }
}

/* MPI_Finalize, which ends when the last rank arrived, then leaving main. */
static void
shut_down (JxGen *g)
{
  guint64 latest = 0;
  guint r;

  for (r = 0; r < g->opt.n_ranks; r++)
    if (!_jx_gen_leaves_open (g, r))
      {
        JxGenLoc *m = _jx_gen_master (g, r);

        _jx_gen_work_then (g, m, 2000.0, JX_GEN_ENTER, JX_GEN_REGION_MPI_FINALIZE);
        latest = MAX (latest, m->now);
      }
  for (r = 0; r < g->opt.n_ranks; r++)
    if (!_jx_gen_leaves_open (g, r))
      {
        JxGenLoc *m = _jx_gen_master (g, r);

        _jx_gen_at (m, latest + _jx_gen_work (g, m, 30000.0 * g->net_scale));
        _jx_gen_event (g, m, JX_GEN_LEAVE, JX_GEN_REGION_MPI_FINALIZE);
        _jx_gen_work_then (g, m, 4000.0, JX_GEN_LEAVE, JX_GEN_REGION_MAIN);
      }
}

static void
finish_stats (JxGen *g)
{
  guint i;

  g->st.first_time = G_MAXUINT64;
  for (i = 0; i < g->n_locs; i++)
    {
      JxGenLoc *l = &g->locs[i];

      g->st.n_events += l->n_events;
      if (l->n_events > 0)
        {
          /* Only master threads start the program; the others begin later. */
          if (l->local == 0)
            g->st.first_time = MIN (g->st.first_time, l->first);
          g->st.last_time = MAX (g->st.last_time, l->now);
        }
    }
  if (g->st.first_time == G_MAXUINT64)
    g->st.first_time = 0;
  g->st.n_markers = g->markers->len;
  g->st.n_marker_defs = g->opt.markers ? JX_GEN_N_MARKER_DEFS : 0;
  g->st.n_location_groups = g->opt.n_ranks;
  g->st.n_locations = g->n_locs;
  g->st.n_regions = g->n_defined;
  g->st.n_iterations = g->opt.n_iterations;
}

void
_jx_gen_run (JxGen *g)
{
  const JxGeneratorOptions *o = &g->opt;
  JxGenLoc *m0 = _jx_gen_master (g, 0);
  guint r, it;

  start_up (g);
  collective (g, JX_GEN_REGION_MPI_BCAST, OTF2_COLLECTIVE_OP_BCAST, 0, 1024);
  add_marker (g, JX_GEN_MARKER_SETUP, m0->first, m0->now - m0->first,
              OTF2_MARKER_SCOPE_GLOBAL, 0, g_strdup ("Initialization"));

  for (it = 0; it < o->n_iterations; it++)
    iteration (g, it);

  for (r = 0; r < o->n_ranks && r < 32; r++)
    if ((o->imbalanced_ranks & (1u << r)) && o->imbalance > 0.0)
      add_marker (g, JX_GEN_MARKER_IMBALANCE, g->iter0_start[r],
                  _jx_gen_master (g, r)->now - g->iter0_start[r],
                  OTF2_MARKER_SCOPE_LOCATION_GROUP, r,
                  g_strdup_printf ("MPI Rank %u does %.0f %% extra work", r, o->imbalance * 100.0));

  shut_down (g);
  _jx_gen_unmatched_leave (g);
  finish_stats (g);
}

/* --- for jx-gen-laws.c ------------------------------------------------------------ */

void
_jx_gen_p2p_event (JxGen    *g,
                   JxGenLoc *l,
                   JxGenP2p  event,
                   guint32   peer,
                   guint32   tag,
                   guint64   bytes,
                   guint64   request)
{
  static const P2pEvent events[] = {
    [JX_GEN_P2P_SEND] = P2P_SEND,
    [JX_GEN_P2P_RECV] = P2P_RECV,
    [JX_GEN_P2P_ISEND] = P2P_ISEND,
    [JX_GEN_P2P_IRECV] = P2P_IRECV,
    [JX_GEN_P2P_ISEND_COMPLETE] = P2P_ISEND_COMPLETE,
    [JX_GEN_P2P_IRECV_REQUEST] = P2P_IRECV_REQUEST,
  };

  ev_p2p (g, l, events[event], peer, tag, bytes, request);
}

double
_jx_gen_network_ns (JxGen   *g,
                    guint64  bytes)
{
  return net_ns (g, bytes);
}
