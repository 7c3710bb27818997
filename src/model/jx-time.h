/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time.h — comparison time: spans, tick ↔ nanosecond conversion, units,
 * and the one formatter and parser of durations.
 *
 * Every view of a comparison works in nanoseconds ("comparison time"); a trace
 * counts in ticks of its own timer resolution (ticks per second). These are the
 * only converters between the two (jx_time_comparison_to_ticks and back for
 * points in time, jx_time_ns_to_ticks and back for durations; a meson test,
 * tests/model/check-time-converters.sh, fails when another appears), and the
 * formatter is shared by the command-line tool and the application.
 *
 * The converters are exact: they compute with 128-bit integers, round to the
 * nearest result (ties away from zero, so negating the input negates the
 * result) and saturate to G_MININT64 / G_MAXINT64 when the exact result does
 * not fit. A resolution of 0 is taken as 1e9 ticks per second (ticks are
 * nanoseconds), like a trace without clock properties.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JX_NS_PER_SECOND G_GINT64_CONSTANT (1000000000)

/* [begin_ns, end_ns) in comparison time. */
typedef struct
{
  gint64 begin_ns;
  gint64 end_ns;
} JxTimeSpan;

/* Length of the span; 0 when it is empty or reversed. */
static inline gint64
jx_time_span_get_duration (const JxTimeSpan *span)
{
  return span->end_ns > span->begin_ns ? span->end_ns - span->begin_ns : 0;
}

static inline gboolean
jx_time_span_contains (const JxTimeSpan *span,
                       gint64            ns)
{
  return ns >= span->begin_ns && ns < span->end_ns;
}

gint64      jx_time_ticks_to_ns      (gint64      ticks,
                                      guint64     resolution);
gint64      jx_time_ns_to_ticks      (gint64      ns,
                                      guint64     resolution);
/* For statistics kept as floating-point seconds (metrics, CSV and JSON
 * output); seconds_to_ns rounds to nearest and saturates, NaN gives 0. */
double      jx_time_ticks_to_seconds (gint64      ticks,
                                      guint64     resolution);
gint64      jx_time_seconds_to_ns    (double      seconds);

/* Where a trace sits in comparison time: its tick `start_ticks` (its first
 * event) is at comparison time `offset_ns` (the trace's offset), and it
 * counts `resolution` ticks per second. From a trace with
 * jx_trace_get_time_origin(), from a session's trace with
 * jx_session_trace_get_time_origin(). */
typedef struct
{
  guint64 start_ticks;
  guint64 resolution;
  gint64  offset_ns;
} JxTimeOrigin;

/* The one conversion between comparison time and a trace's ticks, used by
 * the session, every view, the renderer and the command-line tool:
 *
 *   ticks         = start_ticks + comparison_ns − offset_ns   (in ticks)
 *   comparison_ns = offset_ns + ticks − start_ticks            (in ns)
 *
 * Rounding: computed exactly (128-bit, no intermediate overflow) and rounded
 * once to the nearest result, ties away from the trace's start, as
 * jx_time_ns_to_ticks() rounds a duration.
 * Clamping: none to the trace — a time before its first event gives ticks
 * before start_ticks (negative ones before the timer's zero), a time after
 * its end ticks after it, as a view showing more than the trace needs them.
 * Only the gint64 range limits: results saturate at G_MININT64 / G_MAXINT64.
 * Code that looks a time up in the trace's arrays (unsigned ticks) clamps
 * with jx_time_ticks_clamp(). */
gint64      jx_time_comparison_to_ticks (JxTimeOrigin origin,
                                         gint64       comparison_ns);
gint64      jx_time_ticks_to_comparison (JxTimeOrigin origin,
                                         gint64       ticks);

/* A result of jx_time_comparison_to_ticks as the unsigned ticks of trace
 * data: negative ticks (before the timer's zero) become 0. */
static inline guint64
jx_time_ticks_clamp (gint64 ticks)
{
  return ticks > 0 ? (guint64) ticks : 0;
}

typedef enum
{
  JX_TIME_UNIT_NS,
  JX_TIME_UNIT_US,
  JX_TIME_UNIT_MS,
  JX_TIME_UNIT_S,
  JX_N_TIME_UNITS
} JxTimeUnit;

gint64      jx_time_unit_get_ns      (JxTimeUnit  unit);         /* ns in one unit */
const char *jx_time_unit_get_symbol  (JxTimeUnit  unit);         /* "ns", "µs", "ms", "s" */
JxTimeUnit  jx_time_unit_for_ns      (gint64      ns);           /* largest unit with |ns| >= 1 unit */
gint64      jx_time_unit_to_ns       (double      value,
                                      JxTimeUnit  unit);         /* rounded, saturating */

/* A duration or time in the unit that keeps it shortest, rounded to `digits`
 * significant digits (0 = 3; ties away from zero) but never coarser than one
 * whole unit, trailing zeros dropped: "12.3 ms", "−4 µs", "1.25 s", "999 ns",
 * "1235 s". Rounding carries into the next unit (999 960 ns is "1 ms" at 3
 * digits). Negative values get a minus sign (U+2212), the decimal separator
 * is the locale's, zero is "0 s". Free with g_free. */
char       *jx_time_format           (gint64      ns,
                                      guint       digits);

/* Parses "[sign]digits[.digits][ ][unit]" with unit ns, us, µs, ms or s (any
 * case), sign +, - or U+2212, separator '.' or ','; a typed unit wins over
 * @default_unit. FALSE for anything else (nothing stored). */
gboolean    jx_time_parse            (const char *text,
                                      JxTimeUnit  default_unit,
                                      gint64     *out_ns);

G_END_DECLS
