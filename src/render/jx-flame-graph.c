/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-flame-graph.c — layout, hit test and drawing of the differential flame
 * graph (see jx-flame-graph.h); the legend is jx-flame-graph-legend.c. */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "jx-flame-graph-private.h"
#include "jx-palette.h"
#include "jx-time.h"

void
jx_flame_options_init (JxFlameOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->band = JX_PALETTE_TIMING_DEFAULT_BAND;
  options->width = 1600;
}

/* The two values a frame's colour compares. */
static void
frame_values (const JxFlameGraph *self,
              guint32             node,
              double             *a,
              double             *b)
{
  const JxDiffTree *t = self->tree;

  *a = jx_diff_tree_seconds (t, node, self->options.self_time, FALSE);
  *b = jx_diff_tree_seconds (t, node, self->options.self_time, TRUE);
  if (self->options.normalised)
    {
      *a = self->total_a > 0.0 ? *a / self->total_a : 0.0;
      *b = self->total_b > 0.0 ? *b / self->total_b : 0.0;
    }
}

double
_jx_flame_graph_ratio (const JxFlameGraph *self,
                       guint32             node)
{
  double a, b;

  frame_values (self, node, &a, &b);
  if (a > 0.0)
    return b / a;
  return b > 0.0 ? INFINITY : NAN;
}

static guint8
marks_of (const JxDiffTree *t,
          guint32           node)
{
  switch (jx_diff_tree_get_state (t, node))
    {
    case JX_DIFF_TREE_ONLY_A:    return JX_FLAME_MARK_ONLY_A;
    case JX_DIFF_TREE_ONLY_B:    return JX_FLAME_MARK_ONLY_B;
    case JX_DIFF_TREE_MIXED:     return JX_FLAME_MARK_MIXED;
    case JX_DIFF_TREE_DIFFERENT: return JX_FLAME_MARK_DIFFERENT;
    case JX_DIFF_TREE_BOTH:
    case JX_DIFF_TREE_N_STATES:
    default:                     return JX_FLAME_MARK_NONE;
    }
}

/* Width of every node in seconds: the main side's inclusive time, plus the
 * other side's time of one-sided calls here and of the one-sided subtrees
 * hanging below (see jx-flame-graph.h). */
static double *
compute_widths (const JxDiffTree *t,
                gboolean          by_a)
{
  const guint64 *incl = by_a ? t->incl_a : t->incl_b;
  const guint64 *only_other = by_a ? t->only_incl_b : t->only_incl_a;
  const guint64 *top_other = by_a ? t->top_only_b : t->top_only_a;
  double spt_main = by_a ? t->seconds_per_tick_a : t->seconds_per_tick_b;
  double spt_other = by_a ? t->seconds_per_tick_b : t->seconds_per_tick_a;
  g_autofree double *below = g_new0 (double, MAX (t->n_nodes, 1));
  double *width = g_new0 (double, MAX (t->n_nodes, 1));

  /* Children have larger ids than their parents. */
  for (guint32 n = t->n_nodes; n-- > 1;)
    below[t->parent[n]] += below[n] + (double) top_other[n] * spt_other;
  for (guint32 n = 0; n < t->n_nodes; n++)
    width[n] = (double) incl[n] * spt_main + (double) only_other[n] * spt_other + below[n];
  return width;
}

typedef struct
{
  guint32  node;
  char    *label;
} Child;

static int
by_label (const void *x,
          const void *y)
{
  const Child *a = x, *b = y;
  int c = strcmp (a->label, b->label);

  return c != 0 ? c : (a->node < b->node ? -1 : 1);
}

static guint64
count_subtree (const JxDiffTree *t,
               guint32           node)
{
  guint64 n = 1;

  for (guint32 c = t->first_child[node]; c != JX_NONE; c = t->next_sibling[c])
    n += count_subtree (t, c);
  return n;
}

/* Lays out node's children from x on (scale px per second), recursively. */
static void
layout_children (JxFlameGraph *self,
                 const double *width,
                 double        scale,
                 guint32       node,
                 double        x,
                 guint         row)
{
  const JxDiffTree *t = self->tree;
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (Child));

  for (guint32 c = t->first_child[node]; c != JX_NONE; c = t->next_sibling[c])
    {
      Child child = { c, jx_diff_tree_dup_label (t, c) };

      g_array_append_val (children, child);
    }
  /* Alphabetical, as flamegraph.pl: the same order whichever side sets the widths. */
  if (children->len > 1)
    qsort (children->data, children->len, sizeof (Child), by_label);
  for (guint i = 0; i < children->len; i++)
    {
      Child *c = &g_array_index (children, Child, i);
      double w = width[c->node] * scale;

      if (w >= 0.5 && (self->n_rows_max == 0 || row < self->n_rows_max))
        {
          JxFlameFrame f = { c->node, (guint16) MIN (row, G_MAXUINT16), marks_of (t, c->node), x, w, 0.0 };

          f.position = jx_palette_timing_position (_jx_flame_graph_ratio (self, c->node), self->options.band);
          g_array_append_val (self->frames, f);
          self->n_rows = MAX (self->n_rows, row + 1);
          layout_children (self, width, scale, c->node, x, row + 1);
        }
      else
        self->n_hidden += count_subtree (t, c->node);
      x += w;
      g_free (c->label);
    }
}

static int
by_row_then_x (const void *x,
               const void *y)
{
  const JxFlameFrame *a = x, *b = y;

  if (a->row != b->row)
    return a->row < b->row ? -1 : 1;
  if (a->x != b->x)
    return a->x < b->x ? -1 : 1;
  return 0;
}

JxFlameGraph *
jx_flame_graph_new (const JxDiffTree     *tree,
                    const JxFlameOptions *options)
{
  JxFlameGraph *self;
  g_autofree double *width = NULL;
  JxFlameOptions defaults;
  double scale;
  guint rows_fit;

  g_return_val_if_fail (tree != NULL, NULL);

  if (options == NULL)
    {
      jx_flame_options_init (&defaults);
      options = &defaults;
    }
  self = g_new0 (JxFlameGraph, 1);
  self->tree = tree;
  self->options = *options;
  self->name_a = g_strdup (options->name_a != NULL ? options->name_a : "A");
  self->name_b = g_strdup (options->name_b != NULL ? options->name_b : "B");
  self->options.name_a = self->name_a;
  self->options.name_b = self->name_b;
  if (!(self->options.band >= 0.0))
    self->options.band = JX_PALETTE_TIMING_DEFAULT_BAND;
  self->width = MAX (options->width > 0 ? options->width : 1600, 200);
  self->total_a = jx_diff_tree_seconds (tree, JX_DIFF_TREE_ROOT, FALSE, FALSE);
  self->total_b = jx_diff_tree_seconds (tree, JX_DIFF_TREE_ROOT, FALSE, TRUE);
  self->title_height = options->bare ? 0 : JX_FLAME_TITLE_HEIGHT;
  self->legend_height = options->bare ? 0 : JX_FLAME_LEGEND_HEIGHT;
  self->frames_top = self->title_height;

  /* Rows that fit a fixed height; else as many as the tree needs. */
  self->n_rows_max = options->max_depth;
  if (options->height > 0)
    {
      int area = options->height - self->title_height - self->legend_height;

      rows_fit = (guint) MAX (area / JX_FLAME_ROW_HEIGHT, 1);
      self->n_rows_max = self->n_rows_max > 0 ? MIN (self->n_rows_max, rows_fit) : rows_fit;
    }

  width = compute_widths (tree, options->width_by_a);
  self->frames = g_array_new (FALSE, FALSE, sizeof (JxFlameFrame));
  scale = width[JX_DIFF_TREE_ROOT] > 0.0 ? (self->width - 2.0 * JX_FLAME_PAD) / width[JX_DIFF_TREE_ROOT] : 0.0;
  self->widened = width[JX_DIFF_TREE_ROOT] > (options->width_by_a ? self->total_a : self->total_b) * (1.0 + 1e-12);
  layout_children (self, width, scale, JX_DIFF_TREE_ROOT, JX_FLAME_PAD, 0);
  if (self->frames->len > 1)
    qsort (self->frames->data, self->frames->len, sizeof (JxFlameFrame), by_row_then_x);

  /* row_start[r] = the first frame of row r; row_start[n_rows] = all. */
  self->row_start = g_new0 (guint, self->n_rows + 1);
  for (guint i = 0, r = 0; r <= self->n_rows; r++)
    {
      while (i < self->frames->len && g_array_index (self->frames, JxFlameFrame, i).row < r)
        i++;
      self->row_start[r] = i;
    }

  self->frame_of_node = g_new (guint32, MAX (tree->n_nodes, 1));
  memset (self->frame_of_node, 0xff, MAX (tree->n_nodes, 1) * sizeof (guint32));
  for (guint i = 0; i < self->frames->len; i++)
    self->frame_of_node[g_array_index (self->frames, JxFlameFrame, i).node] = i;

  self->height = options->height > 0 ? options->height
                                      : self->title_height + (int) MAX (self->n_rows, 1) * JX_FLAME_ROW_HEIGHT +
                                        self->legend_height;
  return self;
}

void
jx_flame_graph_free (JxFlameGraph *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->frames);
  g_free (self->row_start);
  g_free (self->frame_of_node);
  g_free (self->name_a);
  g_free (self->name_b);
  g_free (self);
}

int
jx_flame_graph_get_width (const JxFlameGraph *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->width;
}

int
jx_flame_graph_get_height (const JxFlameGraph *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->height;
}

guint
jx_flame_graph_get_n_frames (const JxFlameGraph *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->frames->len;
}

const JxFlameFrame *
jx_flame_graph_get_frame (const JxFlameGraph *self,
                          guint               index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->frames->len, NULL);
  return &g_array_index (self->frames, JxFlameFrame, index);
}

const JxFlameFrame *
jx_flame_graph_find_node (const JxFlameGraph *self,
                          guint32             node)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (node >= self->tree->n_nodes || self->frame_of_node[node] == G_MAXUINT32)
    return NULL;
  return &g_array_index (self->frames, JxFlameFrame, self->frame_of_node[node]);
}

guint64
jx_flame_graph_get_n_hidden (const JxFlameGraph *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_hidden;
}

/* Top of a row in the picture: rows go down from the title (icicle) or up
 * from the legend (flame). */
double
_jx_flame_graph_row_y (const JxFlameGraph *self,
                       guint               row)
{
  if (self->options.upward)
    return self->height - self->legend_height - (double) (row + 1) * JX_FLAME_ROW_HEIGHT;
  return self->frames_top + (double) row * JX_FLAME_ROW_HEIGHT;
}

void
jx_flame_graph_get_frame_rect (const JxFlameGraph *self,
                               const JxFlameFrame *frame,
                               double             *x,
                               double             *y,
                               double             *width,
                               double             *height)
{
  g_return_if_fail (self != NULL && frame != NULL);

  *x = frame->x;
  *y = _jx_flame_graph_row_y (self, frame->row);
  *width = frame->width;
  *height = JX_FLAME_ROW_HEIGHT;
}

guint32
jx_flame_graph_hit (const JxFlameGraph *self,
                    double              x,
                    double              y)
{
  guint row, lo, hi;
  double top;

  g_return_val_if_fail (self != NULL, JX_NONE);

  if (self->n_rows == 0)
    return JX_NONE;
  top = _jx_flame_graph_row_y (self, 0);
  if (self->options.upward)
    {
      if (y >= top + JX_FLAME_ROW_HEIGHT || y < top - (double) (self->n_rows - 1) * JX_FLAME_ROW_HEIGHT)
        return JX_NONE;
      row = (guint) ((top + JX_FLAME_ROW_HEIGHT - y) / JX_FLAME_ROW_HEIGHT);
    }
  else
    {
      if (y < top || y >= top + (double) self->n_rows * JX_FLAME_ROW_HEIGHT)
        return JX_NONE;
      row = (guint) ((y - top) / JX_FLAME_ROW_HEIGHT);
    }
  if (row >= self->n_rows)
    return JX_NONE;
  /* The last frame of the row starting at or before x. */
  lo = self->row_start[row];
  hi = self->row_start[row + 1];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (self->frames, JxFlameFrame, mid).x <= x)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo == self->row_start[row])
    return JX_NONE;
  {
    const JxFlameFrame *f = &g_array_index (self->frames, JxFlameFrame, lo - 1);

    return x < f->x + f->width ? f->node : JX_NONE;
  }
}

static char *
signed_time (double seconds)
{
  g_autofree char *t = jx_time_format (jx_time_seconds_to_ns (seconds), 3);

  return seconds > 0.0 ? g_strconcat ("+", t, NULL) : g_steal_pointer (&t);
}

/* "+25 %", "−50 %", "new", "gone", "": the change a frame's colour shows. */
char *
_jx_flame_graph_change_text (double ratio)
{
  if (isnan (ratio))
    return g_strdup ("");
  if (isinf (ratio))
    return g_strdup (_("new"));
  if (ratio == 0.0)
    return g_strdup (_("gone"));
  if (ratio >= 10.0)
    return g_strdup_printf ("×%.0f", ratio);
  {
    double pct = fabs (ratio - 1.0) * 100.0;

    if (pct < 0.05)
      return g_strdup ("±0 %");
    return g_strdup_printf (pct < 9.95 ? "%s%.1f %%" : "%s%.0f %%", ratio >= 1.0 ? "+" : "−", pct);
  }
}

char *
jx_flame_graph_dup_description (const JxFlameGraph *self,
                                guint32             node)
{
  const JxDiffTree *t;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (self != NULL, NULL);
  t = self->tree;
  g_return_val_if_fail (node < t->n_nodes, NULL);

  for (guint32 n = node; n != JX_DIFF_TREE_ROOT && n != JX_NONE; n = t->parent[n])
    g_ptr_array_insert (path, 0, jx_diff_tree_dup_label (t, n));
  for (guint i = 0; i < path->len; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? " ▸ " : "", (const char *) g_ptr_array_index (path, i));
  g_string_append_c (out, '\n');
  for (int side = 0; side <= 1; side++)
    {
      g_autofree char *incl = jx_time_format (jx_time_seconds_to_ns (jx_diff_tree_seconds (t, node, FALSE, side)), 3);
      g_autofree char *excl = jx_time_format (jx_time_seconds_to_ns (jx_diff_tree_seconds (t, node, TRUE, side)), 3);
      guint64 calls = side ? t->calls_b[node] : t->calls_a[node];
      guint64 only = side ? t->only_calls_b[node] : t->only_calls_a[node];

      g_string_append_printf (out, _("%s: %" PRIu64 " calls, total %s, self %s"),
                              side ? self->name_b : self->name_a, calls, incl, excl);
      if (only > 0)
        g_string_append_printf (out, _(" (%" PRIu64 " calls only in this trace)"), only);
      g_string_append_c (out, '\n');
    }
  {
    g_autofree char *di = signed_time (jx_diff_tree_delta (t, node, FALSE));
    g_autofree char *ds = signed_time (jx_diff_tree_delta (t, node, TRUE));
    g_autofree char *ri = _jx_flame_graph_change_text (jx_diff_tree_ratio (t, node, FALSE, FALSE));
    g_autofree char *rs = _jx_flame_graph_change_text (jx_diff_tree_ratio (t, node, TRUE, FALSE));

    g_string_append_printf (out, _("Δ total %s (%s), Δ self %s (%s)"), di, ri, ds, rs);
  }
  switch (jx_diff_tree_get_state (t, node))
    {
    case JX_DIFF_TREE_ONLY_A:
      g_string_append_printf (out, "\n%s", _("Only in A: removed in B"));
      break;
    case JX_DIFF_TREE_ONLY_B:
      g_string_append_printf (out, "\n%s", _("Only in B: new"));
      break;
    case JX_DIFF_TREE_MIXED:
      g_string_append_printf (out, "\n%s", _("Some calls are in one trace only"));
      break;
    case JX_DIFF_TREE_DIFFERENT:
      g_string_append_printf (out, "\n%s", _("Calls of one function in A aligned with calls of another in B"));
      break;
    case JX_DIFF_TREE_BOTH:
    case JX_DIFF_TREE_N_STATES:
    default:
      break;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}
