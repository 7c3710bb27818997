/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-gen-defects.c — the deliberate defects (JxDefectInjection) that loader
 * tests ask for, and where they go (listed in jx-trace-generator.h).
 *
 * Most of them sit in rank 0's "update_boundary" of iteration 0.  Two are
 * part of the program model instead: UNKNOWN_ROLE is a region definition
 * and EMPTY_STREAM an extra location (jx-gen-model.c). */
#include "config.h"

#include <errno.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-gen-private.h"
#include "jx-trace.h"

gboolean
_jx_gen_leaves_open (const JxGen *g,
                     guint        rank)
{
  return rank == g->opt.n_ranks - 1 && (g->opt.defects & JX_DEFECT_INJECT_UNCLOSED);
}

/* "update_boundary" on rank 0 in iteration 0 carries most injected defects. */
void
_jx_gen_update_boundary (JxGen    *g,
                         JxGenLoc *m,
                         double    scale,
                         gboolean  inject)
{
  guint d = inject ? g->opt.defects : 0;
  guint64 back = _jx_gen_ticks (g, 10000.0);
  guint64 prev = m->now;

  _jx_gen_spend (g, m, 500.0);
  if ((d & JX_DEFECT_INJECT_BACKWARDS) && m->now >= prev + 2 && prev > back)
    {
      /* libotf2's writer refuses time going backwards.  Real traces get it
       * from clock correction, and so does this one: the location's clock
       * offsets move exactly this event @back ticks into the past for every
       * reader that applies them (libotf2 readers do by default). */
      g->backwards_loc = m->id;
      g->backwards_prev = prev;
      g->backwards_time = m->now;
      g->backwards_shift = back;
    }
  _jx_gen_event (g, m, JX_GEN_ENTER, JX_GEN_REGION_UPDATE_BOUNDARY);
  /* MISMATCHED: the Leave names "compute", which is not open. */
  _jx_gen_work_then (g, m, 25000.0 * scale, JX_GEN_LEAVE,
                     (d & JX_DEFECT_INJECT_MISMATCHED) ? JX_GEN_N_FIXED_REGIONS + 0
                                                       : JX_GEN_REGION_UPDATE_BOUNDARY);

  if (d & JX_DEFECT_INJECT_UNDEFINED_REGION)
    {
      _jx_gen_spend (g, m, 500.0);
      _jx_gen_event_ref (g, m, JX_GEN_ENTER, JX_GENERATOR_UNDEFINED_REGION);
      _jx_gen_spend (g, m, 5000.0);
      _jx_gen_event_ref (g, m, JX_GEN_LEAVE, JX_GENERATOR_UNDEFINED_REGION);
    }
}

/* One more Leave of "main" on rank 0, after "main" was left. */
void
_jx_gen_unmatched_leave (JxGen *g)
{
  if (g->opt.defects & JX_DEFECT_INJECT_UNMATCHED_LEAVE)
    _jx_gen_work_then (g, _jx_gen_master (g, 0), 1000.0, JX_GEN_LEAVE, JX_GEN_REGION_MAIN);
}

/* Clock offsets (time, offset): 0 up to the previous event, -shift from
 * just after it through the chosen event, 0 again right after that.  The
 * readers interpolate linearly between these points and keep the last
 * interval's slope past the end, hence the closing point. */
OTF2_ErrorCode
_jx_gen_write_clock_offsets (JxGen          *g,
                             OTF2_DefWriter *dw,
                             const JxGenLoc *l)
{
  guint64 times[6];
  gint64 offsets[6];
  OTF2_ErrorCode rc = OTF2_SUCCESS;
  guint i;

  if (g->backwards_prev == 0 || l->id != g->backwards_loc)
    return OTF2_SUCCESS;

  times[0] = 0;
  times[1] = g->backwards_prev;
  times[2] = g->backwards_prev + 1;
  times[3] = g->backwards_time;
  times[4] = g->backwards_time + 1;
  times[5] = MAX (l->now, g->backwards_time + 1) + 1;
  offsets[0] = offsets[1] = offsets[4] = offsets[5] = 0;
  offsets[2] = offsets[3] = -(gint64) g->backwards_shift;
  for (i = 0; i < G_N_ELEMENTS (times) && rc == OTF2_SUCCESS; i++)
    rc = OTF2_DefWriter_WriteClockOffset (dw, times[i], offsets[i], 0.0);
  return rc;
}

/* The master thread of rank 1 (rank 0 with one rank) loses its .evt file. */
gboolean
_jx_gen_remove_evt_file (JxGen       *g,
                         const char  *directory,
                         GError     **error)
{
  JxGenLoc *victim = _jx_gen_master (g, g->opt.n_ranks > 1 ? 1 : 0);
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;

  if (!(g->opt.defects & JX_DEFECT_INJECT_MISSING_EVT))
    return TRUE;
  name = g_strdup_printf ("%" G_GUINT64_FORMAT ".evt", victim->id);
  path = g_build_filename (directory, _jx_gen_archive_name (&g->opt), name, NULL);
  if (g_unlink (path) != 0)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not remove “%s” for the missing-file defect: %s"),
                   path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}
