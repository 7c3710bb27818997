/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-icicle.h — the merged call tree of many streams
 * (src/analysis/jx-merged-tree.h) as an icicle, off-screen with Cairo and
 * Pango: `juxtrace-cli render --merged-tree` writes it to a file, and the
 * window's Processes view can draw the same picture, hit-test it and show
 * its descriptions as tooltips.
 *
 * One frame per node under its parent, top-level calls in the first row;
 * width: the node's calls' inclusive time summed over its streams (a
 * child's sum never exceeds its parent's, so children fit inside it), or
 * the number of calls merged in its subtree, which shows the structure
 * where a long call (an MPI_Init) would leave the rest too narrow.
 * Colours as the dissertation's Figs. 5.14/5.15: nodes equal in all
 * streams quiet (near the background); the others by how many streams call
 * there, cold (blue) for few to warm (red) for all but one; different
 * functions merged are hatched and outlined. Labels where they fit, a
 * legend with the scale.
 *
 * The picture is laid out once (jx_merged_icicle_new, no Cairo needed) and
 * drawn and hit-tested as often as needed. */
#pragma once

#include <cairo.h>

#include "jx-merged-tree.h"
#include "jx-rgba.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean     dark;
  gboolean     width_by_calls; /* width: the calls merged in the subtree, not their time */
  guint        max_depth;     /* rows of frames, 0 = all */
  int          width;         /* px (default 1600) */
  int          height;        /* px; 0 = as tall as the rows need */
  const char  *title;         /* NULL: "Merged call tree of N streams" */
} JxIcicleOptions;

void jx_icicle_options_init (JxIcicleOptions *options);

typedef struct
{
  guint32 node;
  guint16 row;                /* 0 = top-level calls */
  double  x;                  /* px from the left edge */
  double  width;              /* px */
} JxIcicleFrame;

typedef struct _JxMergedIcicle JxMergedIcicle;

/* Lays tree out; holds a reference to it. */
JxMergedIcicle      *jx_merged_icicle_new              (JxMergedTree          *tree,
                                                        const JxIcicleOptions *options);
void                 jx_merged_icicle_free             (JxMergedIcicle        *self);

int                  jx_merged_icicle_get_width        (const JxMergedIcicle  *self);
int                  jx_merged_icicle_get_height       (const JxMergedIcicle  *self);
guint                jx_merged_icicle_get_n_frames     (const JxMergedIcicle  *self);
const JxIcicleFrame *jx_merged_icicle_get_frame        (const JxMergedIcicle  *self,
                                                        guint                  index);
/* The frame of a node, NULL when it is not drawn (too narrow or deep). */
const JxIcicleFrame *jx_merged_icicle_find_node        (const JxMergedIcicle  *self,
                                                        guint32                node);
/* Nodes left out: narrower than half a pixel, or deeper than the rows. */
guint64              jx_merged_icicle_get_n_hidden     (const JxMergedIcicle  *self);
/* The frame's rectangle in the picture. */
void                 jx_merged_icicle_get_frame_rect   (const JxMergedIcicle  *self,
                                                        const JxIcicleFrame   *frame,
                                                        double                *x,
                                                        double                *y,
                                                        double                *width,
                                                        double                *height);

/* The node under (x, y) in picture pixels, JX_NONE for none. */
guint32              jx_merged_icicle_hit              (const JxMergedIcicle  *self,
                                                        double                 x,
                                                        double                 y);

/* What hovering a node shows: its call path, its state, the streams that
 * call there (named, the first few), the functions of a different node, and
 * min / median / max with the outlier. Free with g_free. */
char                *jx_merged_icicle_dup_description  (const JxMergedIcicle  *self,
                                                        guint32                node);

/* The fill of a node: equal quiet, else by its number of streams. */
void                 jx_merged_icicle_node_color       (JxMergedTree          *tree,
                                                        guint32                node,
                                                        gboolean               dark,
                                                        JxRgba                *rgba);

/* Draws the picture into cr's [0, width) × [0, height). */
void                 jx_merged_icicle_draw             (const JxMergedIcicle  *self,
                                                        cairo_t               *cr);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxMergedIcicle, jx_merged_icicle_free)

G_END_DECLS
