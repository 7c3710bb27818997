/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-structural-render.h — the structural view of one stream pair
 * (jx-structural-layout.h) as a picture: a ruler in virtual time, the
 * stream of trace A, the alignment state between them (equal, different,
 * only in A, only in B) and the stream of trace B, each pixel showing the
 * innermost call at its middle in the timelines' function colours. Aligned
 * calls start at the same x; where a call is only on one side, the other
 * side's row is empty over its slot. Cairo and Pango only. */
#pragma once

#include <cairo.h>

#include "jx-rgba.h"
#include "jx-structural-layout.h"

G_BEGIN_DECLS

#define JX_STRUCTURAL_RULER_HEIGHT 30
#define JX_STRUCTURAL_ROW_HEIGHT   26
#define JX_STRUCTURAL_DIFF_HEIGHT  12

typedef enum
{
  JX_STRUCTURAL_PART_NONE,
  JX_STRUCTURAL_PART_A,
  JX_STRUCTURAL_PART_DIFF,
  JX_STRUCTURAL_PART_B,
} JxStructuralPart;

typedef struct
{
  JxStructuralLayout *layout;
  JxStructuralSide    a;
  JxStructuralSide    b;
  const char         *name_a;        /* row labels */
  const char         *name_b;
  gint64              start;         /* virtual ns at the left edge of the time area */
  gint64              end;           /* virtual ns at the right edge, > start */
  int                 width;         /* px, label column included */
  int                 height;        /* px */
  int                 label_width;   /* px */
  gboolean            dark;
  JxRgba              tint_a;        /* row backgrounds: the traces' tints */
  JxRgba              tint_b;
  const guint32      *colors_a;      /* region tables of both traces (jx_palette_region_table_new, same dark) */
  const guint32      *colors_b;
  guint32             selected_pair; /* outlined on both rows; JX_NONE for none */
} JxStructuralView;

void             jx_structural_view_init       (JxStructuralView       *view);

/* Height the picture needs: ruler, two rows and the state row. */
int              jx_structural_render_height   (void);

void             jx_structural_render_draw     (cairo_t                *cr,
                                                const JxStructuralView *view);

/* Which part is at y, and the alignment pair drawn at (x, y) (the innermost
 * call on a row, the innermost pair of either side on the state row):
 * JX_NONE when none. */
JxStructuralPart jx_structural_render_part_at  (const JxStructuralView *view,
                                                double                  y);
guint32          jx_structural_render_pair_at  (const JxStructuralView *view,
                                                double                  x,
                                                double                  y);
/* x of virtual time t, and back. */
double           jx_structural_view_time_to_x  (const JxStructuralView *view,
                                                gint64                  t);
gint64           jx_structural_view_x_to_time  (const JxStructuralView *view,
                                                double                  x);

G_END_DECLS
