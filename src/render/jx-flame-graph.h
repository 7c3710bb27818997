/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-graph.h — the differential icicle / flame graph of a merged call
 * tree (src/analysis/jx-diff-tree.h), off-screen with Cairo and Pango: the
 * window embeds the same drawing and asks jx_flame_graph_hit what is under
 * the pointer; `juxtrace-cli render --flame` writes it to a file.
 *
 * One frame per call path, under its caller. Width: the inclusive time of
 * B (or of A). A frame only in A has no B time, so it would vanish: it is
 * drawn with its A time instead, and every caller above it is widened by
 * that time, so removed work stays visible and children always fit inside
 * their caller; without one-sided calls the widths are exactly B's times.
 * (Width by A does the same for frames only in B.) Colour: the ratio B/A of
 * the frame's total (inclusive) or self (exclusive) time, absolute or as
 * shares of each side's total, on the timing scale of jx-palette.h (red
 * slower, blue faster, neutral inside the noise band). Marks: frames only in
 * A are hatched in the faster colour, frames only in B in the slower one;
 * frames where some calls are one-sided have a hatched strip at their foot;
 * frames of calls aligned with another function ("f → g") an orange
 * outline. Labels where they fit; a legend with the scale and the marks.
 *
 * The graph is laid out once (jx_flame_graph_new: no Cairo needed, can run
 * off the main thread) and then drawn and hit-tested as often as needed. */
#pragma once

#include <cairo.h>

#include "jx-diff-tree.h"
#include "jx-rgba.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean     width_by_a;    /* widths from A's inclusive time (default B's) */
  gboolean     self_time;     /* colour by the ratio of self (exclusive) time, not total */
  gboolean     normalised;    /* compare each side's share of its own total */
  double       band;          /* noise band, default JX_PALETTE_TIMING_DEFAULT_BAND */
  gboolean     dark;
  gboolean     upward;        /* flame: top-level calls at the bottom (default: icicle, at the top) */
  guint        max_depth;     /* rows of frames, 0 = all */
  int          width;         /* px (default 1600) */
  int          height;        /* px; 0 = as tall as the rows need */
  const char  *name_a;        /* trace names for the title; NULL = "A" / "B" */
  const char  *name_b;
  gboolean     bare;          /* frames only, no title nor legend: a window shows them
                               * beside (jx_flame_graph_dup_title, _draw_legend) */
} JxFlameOptions;

void jx_flame_options_init (JxFlameOptions *options);

/* What a frame's marks say. */
typedef enum
{
  JX_FLAME_MARK_NONE       = 0,
  JX_FLAME_MARK_ONLY_A     = 1 << 0,   /* hatched, faster colour */
  JX_FLAME_MARK_ONLY_B     = 1 << 1,   /* hatched, slower colour */
  JX_FLAME_MARK_MIXED      = 1 << 2,   /* hatched strip at the foot */
  JX_FLAME_MARK_DIFFERENT  = 1 << 3,   /* orange outline */
} JxFlameMark;

typedef struct
{
  guint32 node;        /* in the tree */
  guint16 row;         /* 0 = top-level calls */
  guint8  marks;       /* JxFlameMark */
  double  x;           /* px from the left edge */
  double  width;       /* px */
  double  position;    /* on the timing scale (jx_palette_timing_position) */
} JxFlameFrame;

typedef struct _JxFlameGraph JxFlameGraph;

/* Lays tree out; keeps a pointer to it (it must outlive the graph). */
JxFlameGraph       *jx_flame_graph_new              (const JxDiffTree      *tree,
                                                     const JxFlameOptions  *options);
void                jx_flame_graph_free             (JxFlameGraph          *self);

int                 jx_flame_graph_get_width        (const JxFlameGraph    *self);
int                 jx_flame_graph_get_height       (const JxFlameGraph    *self);
/* Frames drawn, in rows, left to right within a row. */
guint               jx_flame_graph_get_n_frames     (const JxFlameGraph    *self);
const JxFlameFrame *jx_flame_graph_get_frame        (const JxFlameGraph    *self,
                                                     guint                  index);
/* The frame of a tree node, NULL when it is not drawn (too narrow, too deep). */
const JxFlameFrame *jx_flame_graph_find_node        (const JxFlameGraph    *self,
                                                     guint32                node);
/* The frame's rectangle in the picture. */
void                jx_flame_graph_get_frame_rect   (const JxFlameGraph    *self,
                                                     const JxFlameFrame    *frame,
                                                     double                *x,
                                                     double                *y,
                                                     double                *width,
                                                     double                *height);
/* Frames left out: narrower than half a pixel, or deeper than the rows. */
guint64             jx_flame_graph_get_n_hidden     (const JxFlameGraph    *self);

/* The tree node under (x, y) in picture pixels, JX_NONE for none. */
guint32             jx_flame_graph_hit              (const JxFlameGraph    *self,
                                                     double                 x,
                                                     double                 y);

/* What hovering a frame shows: its call path and both sides' numbers
 * (calls, total and self time, Δ, ratio, state). Free with g_free. */
char               *jx_flame_graph_dup_description  (const JxFlameGraph    *self,
                                                     guint32                node);

/* Draws the picture into cr's [0, width) × [0, height). */
void                jx_flame_graph_draw             (const JxFlameGraph    *self,
                                                     cairo_t               *cr);

/* The title's two lines (what is compared; width, colour, frames left
 * out), separated by a newline. Free with g_free. */
char               *jx_flame_graph_dup_title        (const JxFlameGraph    *self);
/* The legend (timing scale and marks) alone, into cr's [0, width) ×
 * [0, jx_flame_graph_get_legend_height ()). */
int                 jx_flame_graph_get_legend_height (void);
void                jx_flame_graph_draw_legend      (const JxFlameGraph    *self,
                                                     cairo_t               *cr,
                                                     int                    width);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxFlameGraph, jx_flame_graph_free)

G_END_DECLS
