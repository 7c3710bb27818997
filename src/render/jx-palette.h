/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-palette.h — colours of functions, categories and traces.
 *
 * Category regions (MPI, OpenMP, accelerator, I/O, synchronization, other) get
 * fixed hues, MPI red as in Vampir. User functions get one of
 * JX_PALETTE_N_FUNCTION_SLOTS colours chosen to look unlike each other, the
 * categories, the structural diff colours, the lane tints and the timing
 * scale: a function takes the next free slot when it is first coloured (or
 * assigned, most important first, with jx_palette_assign_legend), and keeps
 * it, so one function has the same colour in every trace, table and legend
 * and the first JX_PALETTE_N_FUNCTION_SLOTS functions all differ. Every
 * colour has a light and a dark variant. All functions are thread-safe.
 */
#pragma once

#include <cairo.h>

#include "jx-legend-entries.h"
#include "jx-pair-diff.h"
#include "jx-rgba.h"
#include "jx-trace.h"

G_BEGIN_DECLS

/* Fixed colour of a category (JX_CATEGORY_USER gives a neutral teal used for
 * the "user functions" legend swatch). */
void      jx_palette_category_color       (JxCategory     category,
                                           gboolean       dark,
                                           JxRgba        *rgba);

#define JX_PALETTE_N_FUNCTION_SLOTS 24

/* The colour of a user function: its slot's (taking the next free slot the
 * first time the name is seen). */
void      jx_palette_function_color       (const char    *name,
                                           gboolean       dark,
                                           JxRgba        *rgba);
/* The function's slot, taken when needed: free slots in order while there
 * are any, then shared by a hash of the name. */
guint     jx_palette_function_slot        (const char    *name);
void      jx_palette_function_slot_color  (guint          slot,
                                           gboolean       dark,
                                           JxRgba        *rgba);
/* Give the functions slots in this order (most important first) before
 * anything colours them: functions that have a slot keep it. */
void      jx_palette_assign_functions     (const char * const *names,
                                           guint               n_names);
/* The same for the function entries of a legend (JxLegendEntry, largest
 * exclusive time first: jx_legend_entries_compute). */
void      jx_palette_assign_legend        (const GArray  *entries);
/* The same for one trace's functions, by their exclusive time in it (its
 * most important first), once per trace: what the window does when a
 * trace has loaded, before anything is drawn, so that the functions that
 * matter get the distinct colours. Walks the whole trace. */
void      jx_palette_assign_trace         (JxTrace       *trace);
/* Forget every function's slot (tests; a tool starting a new picture). */
void      jx_palette_reset_functions      (void);

/* Colour of a region: category colour unless the category is USER, then the
 * function colour of its name. */
void      jx_palette_region_color         (const JxRegion *region,
                                           gboolean        dark,
                                           JxRgba         *rgba);

/* The colour the timelines give the region called `name` in trace (its
 * category's or its function's); a function's colour when trace (may be
 * NULL) has no such region. For views that know a function by name only. */
void      jx_palette_name_color           (JxTrace        *trace,
                                           const char     *name,
                                           gboolean        dark,
                                           JxRgba         *rgba);

/* Colour table of all regions of a trace as opaque cairo ARGB32 pixels
 * (0xffRRGGBB), indexed by region; length jx_trace_get_n_regions(). Free with g_free. */
guint32  *jx_palette_region_table_new     (JxTrace       *trace,
                                           gboolean       dark);

/* Trace background tints: subtle, mutually distinct, readable under the
 * function colours. index wraps around after jx_palette_get_n_trace_backgrounds(). */
guint     jx_palette_get_n_trace_backgrounds (void);
void      jx_palette_trace_background     (guint          index,
                                           gboolean       dark,
                                           JxRgba        *rgba);
/* The trace tint of a colour the user picked: its hue at the lightness and
 * low chroma of the palette's tints, opaque (the picked colour itself serves
 * as the accent). */
void      jx_palette_tint_from_color      (const JxRgba  *picked,
                                           gboolean       dark,
                                           JxRgba        *tint);
/* Strong version of the same hue (for the trace's name, strip outline, ...). */
void      jx_palette_trace_accent         (guint          index,
                                           gboolean       dark,
                                           JxRgba        *rgba);

/* A trace's tint (lane background) and accent (name, outline, marks): from
 * its palette slot, or from the colour the user picked, an opaque 0xffRRGGBB
 * pixel (0 = none), which is then the accent itself. */
void      jx_palette_trace_colors         (guint          slot,
                                           guint32        picked,
                                           gboolean       dark,
                                           JxRgba        *tint,
                                           JxRgba        *accent);

/* Pack a JxRgba into an opaque cairo ARGB32 pixel and back. */
guint32   jx_palette_rgba_to_pixel        (const JxRgba  *rgba);
void      jx_palette_pixel_to_rgba        (guint32        pixel,
                                           JxRgba        *rgba);

/* Sets rgba as cairo source rounded to 8 bits per channel first, so that
 * areas painted from a JxRgba and pixels from the region table agree exactly. */
void      jx_palette_cairo_set_source     (cairo_t       *cr,
                                           const JxRgba  *rgba);

/* Sets the text colour of charts and labels (near black / near white) with
 * the given alpha, so every drawing uses one foreground. */
void      jx_palette_cairo_set_text       (cairo_t       *cr,
                                           gboolean       dark,
                                           double         alpha);

/* Colour of counter lines (COUNTER rows, jx-timeline-counter.h). */
void      jx_palette_counter_color        (gboolean       dark,
                                           JxRgba        *rgba);

/* Colour of a marker flag by its OTF2 severity (none, low, medium, high):
 * amber, blue, orange, magenta; vivid enough to stand out over the rows. */
void      jx_palette_marker_color         (guint8         severity,
                                           gboolean       dark,
                                           JxRgba        *rgba);

/* The SOS-time scale: t in [0, 1] (clamped) from cold (short, blue)
 * through a light neutral to warm (long, red) — Moreland's cool-warm
 * end points, interpolated in OKLab so that equal steps of t look equal.
 * The same scale in light and dark mode, so a value reads the same. */
void      jx_palette_sos_color            (double         t,
                                           JxRgba        *rgba);

/* Colour of a legend entry: its category's, or its function's. */
void      jx_palette_legend_color         (const JxLegendEntry *entry,
                                           gboolean             dark,
                                           JxRgba              *rgba);

/* Colours of the diff bars (jx-pair-diff.h): equal, different, only in this
 * trace, and the ticks of calls only in the other trace. They stay apart
 * (OKLab ΔE >= 0.1) in light and dark mode, from the lane tints, and under
 * protanopia, deuteranopia and tritanopia (tests/render/test-render-palette.c).
 * JX_DIFF_NONE gives a transparent colour. */
void      jx_palette_diff_color           (JxDiffState    state,
                                           gboolean       dark,
                                           JxRgba        *rgba);
/* What a diff colour means, for legends: "Equal", "Different", "Only in this
 * trace", "Calls only in the other trace" (translated). */
const char *jx_palette_diff_label         (JxDiffState    state);

/* Colour scales of the metric strips, interpolated in OKLab. Diverging:
 * value -1 (blue: B ahead or faster) through 0 (neutral grey) to +1 (red: B
 * behind or slower), clamped. Sequential: 0 (neutral) to 1 (red), for
 * dissimilarity. */
void      jx_palette_diverging            (double         value,
                                           gboolean       dark,
                                           JxRgba        *rgba);
void      jx_palette_sequential           (double         value,
                                           gboolean       dark,
                                           JxRgba        *rgba);

/* Timing scale (differential flame graph, timing-aware diff bars) ----------
 *
 * A ratio B/A of two times on a diverging scale: neutral inside the noise
 * band [1 − band, 1 + band] (band 0.10 = ±10 %), red for slower (ratio
 * above the band) and blue for faster (below), from a light tint just
 * outside the band to a deep colour at JX_PALETTE_TIMING_SATURATION times
 * slower (or faster), interpolated in OKLab on the logarithm of the ratio.
 * The neutral colour is quiet (near the background) so that only changes
 * stand out. The scale stays apart from every function, category and
 * structural diff colour in light and dark mode and under protanopia,
 * deuteranopia and tritanopia (tests/render/test-render-timing-scale.c
 * says by how much). */
#define JX_PALETTE_TIMING_SATURATION 4.0
#define JX_PALETTE_TIMING_DEFAULT_BAND 0.10

/* Where ratio lies on the scale: 0 inside the band (and for NAN, nothing
 * to compare), in (0, 1] slower and [−1, 0) faster, ±1 at or beyond
 * saturation (+inf: only B has time, 0: only A). band is clamped to
 * [0, 0.9]. */
double    jx_palette_timing_position      (double         ratio,
                                           double         band);
/* The colour at a position from jx_palette_timing_position: 0 neutral,
 * then from the edge tint (just outside the band) to the deep end (±1). */
void      jx_palette_timing_color_at      (double         position,
                                           gboolean       dark,
                                           JxRgba        *rgba);
/* Both in one: the colour of ratio B/A with the given noise band. */
void      jx_palette_timing_color         (double         ratio,
                                           double         band,
                                           gboolean       dark,
                                           JxRgba        *rgba);

G_END_DECLS
