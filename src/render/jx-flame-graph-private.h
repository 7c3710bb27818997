/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-graph-private.h — the laid-out graph shared by jx-flame-graph.c
 * (layout, hit test, descriptions) and jx-flame-graph-draw.c (drawing,
 * legend). */
#pragma once

#include "jx-flame-graph.h"

G_BEGIN_DECLS

#define JX_FLAME_TITLE_HEIGHT  46
#define JX_FLAME_ROW_HEIGHT    18
#define JX_FLAME_LEGEND_HEIGHT 74
#define JX_FLAME_PAD           8

struct _JxFlameGraph
{
  const JxDiffTree *tree;
  JxFlameOptions    options;      /* names point at name_a / name_b */
  char             *name_a;
  char             *name_b;
  int               width;
  int               height;
  int               frames_top;
  int               title_height;   /* JX_FLAME_TITLE_HEIGHT, 0 when bare */
  int               legend_height;  /* JX_FLAME_LEGEND_HEIGHT, 0 when bare */
  guint             n_rows;       /* rows holding frames */
  guint             n_rows_max;   /* 0 = no limit */
  GArray           *frames;       /* JxFlameFrame, by row, then x */
  guint            *row_start;    /* first frame of each row; [n_rows] = frames->len */
  guint32          *frame_of_node;
  guint64           n_hidden;
  gboolean          widened;      /* one-sided frames of the other side widen their callers */
  double            total_a;      /* seconds, the root's inclusive time */
  double            total_b;
};

double  _jx_flame_graph_ratio        (const JxFlameGraph *self,
                                      guint32             node);
double  _jx_flame_graph_row_y        (const JxFlameGraph *self,
                                      guint               row);
char   *_jx_flame_graph_change_text  (double              ratio);

G_END_DECLS
