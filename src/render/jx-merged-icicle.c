/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-merged-icicle.c — see jx-merged-icicle.h. */
#include "config.h"

#include <inttypes.h>

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-draw-private.h"
#include "jx-merged-icicle.h"
#include "jx-name-runs.h"
#include "jx-palette.h"
#include "jx-time.h"

#define FONT          "Sans 8"
#define FONT_TITLE    "Sans Bold 10"
#define PAD           8.0
#define ROW_HEIGHT    17.0
#define TITLE_HEIGHT  46.0
#define LEGEND_HEIGHT 44.0
/* Narrower pictures (the window's side pane) stack the legend in three
 * lines instead of one; narrower still (below ~390 px, where "equal" and
 * "different functions merged" do not fit side by side) in four, the
 * different entry on a line of its own. */
#define WIDE_LEGEND   1060
#define NARROW_LEGEND_HEIGHT (LEGEND_HEIGHT + 2 * (ROW_HEIGHT + 3))
#define EQUAL_ENTRY   140.0
#define DIFFERENT_ENTRY 240.0
#define BAR_WIDTH     220.0
#define NAMED_STREAMS 6

static const JxRgba different_outline = { 0xe6 / 255.0f, 0x9f / 255.0f, 0.0f, 1.0f };

struct _JxMergedIcicle
{
  JxMergedTree    *tree;
  JxIcicleOptions  options;
  char            *title;
  int              width;
  int              height;
  guint            n_rows;
  GArray          *frames;    /* JxIcicleFrame, in pre-order of the nodes */
  guint32         *frame_of;  /* per node, G_MAXUINT32 when not drawn */
  guint64          n_hidden;
};

void
jx_icicle_options_init (JxIcicleOptions *options)
{
  g_return_if_fail (options != NULL);

  *options = (JxIcicleOptions) { FALSE, FALSE, 0, 1600, 0, NULL };
}

void
jx_merged_icicle_node_color (JxMergedTree *tree,
                             guint32       node,
                             gboolean      dark,
                             JxRgba       *rgba)
{
  const JxMergedNodes *nodes;
  guint k;
  double p, t;

  g_return_if_fail (tree != NULL && rgba != NULL);

  nodes = jx_merged_tree_get_nodes (tree);
  g_return_if_fail (node < nodes->n_nodes);
  k = jx_merged_tree_get_n_streams (tree);
  if (nodes->state[node] == JX_MERGED_EQUAL)
    {
      *rgba = dark ? (JxRgba) { 0.26f, 0.26f, 0.27f, 1.0f } : (JxRgba) { 0.93f, 0.93f, 0.92f, 1.0f };
      return;
    }
  /* The share of streams calling there, few → cold, all → warm; the SOS
   * scale's light middle is left out so that no count reads as "equal". */
  p = k > 0 ? (double) nodes->n_members[node] / (double) k : 1.0;
  t = p <= 0.5 ? 0.8 * p : 0.2 + 0.8 * p;
  jx_palette_sos_color (t, rgba);
}

/* A narrow legend whose different entry needs a line of its own. */
static gboolean
different_own_line (const JxMergedIcicle *self)
{
  return self->width < WIDE_LEGEND && PAD + EQUAL_ENTRY + DIFFERENT_ENTRY > self->width;
}

static double
legend_height (const JxMergedIcicle *self)
{
  if (self->width >= WIDE_LEGEND)
    return LEGEND_HEIGHT;
  return NARROW_LEGEND_HEIGHT + (different_own_line (self) ? ROW_HEIGHT + 3 : 0);
}

static void
layout (JxMergedIcicle *self)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (self->tree);
  double total = 0.0, usable = self->width - 2 * PAD, scale;
  guint max_rows;
  g_autofree double *cursor = g_new0 (double, MAX (nodes->n_nodes, 1));
  g_autofree double *size = g_new (double, MAX (nodes->n_nodes, 1));

  /* The quantity that sets the widths: a child's never exceeds its parent's. */
  for (guint32 i = nodes->n_nodes; i > 0; i--)
    {
      guint32 v = i - 1;

      if (!self->options.width_by_calls)
        size[v] = nodes->sum_seconds[v];
      else
        {
          size[v] = nodes->n_members[v];
          for (guint32 c = v + 1; c < nodes->subtree_end[v]; c = nodes->subtree_end[c])
            size[v] += size[c];
        }
    }
  for (guint32 i = 0; i < nodes->n_nodes; i = nodes->subtree_end[i])
    total += size[i];
  scale = total > 0.0 ? usable / total : 0.0;
  max_rows = self->options.max_depth > 0 ? self->options.max_depth : G_MAXUINT;
  if (self->options.height > 0)
    max_rows = MIN (max_rows, (guint) MAX ((self->options.height - TITLE_HEIGHT - legend_height (self)) / ROW_HEIGHT, 1.0));

  self->frame_of = g_new (guint32, MAX (nodes->n_nodes, 1));
  {
    double top = PAD;
    guint32 i = 0;

    while (i < nodes->n_nodes)
      {
        guint32 parent = nodes->parent[i];
        double x, w = size[i] * scale;
        JxIcicleFrame frame;

        self->frame_of[i] = G_MAXUINT32;
        if (parent == JX_NONE)
          x = top;
        else if (self->frame_of[parent] == G_MAXUINT32)
          {
            /* Below a hidden node: hidden with it. */
            i++;
            continue;
          }
        else
          x = cursor[parent];
        if (parent == JX_NONE)
          top += w;
        else
          cursor[parent] += w;
        if (w < 0.5 || nodes->depth[i] >= max_rows)
          {
            self->n_hidden += nodes->subtree_end[i] - i;
            for (guint32 j = i; j < nodes->subtree_end[i]; j++)
              self->frame_of[j] = G_MAXUINT32;
            i = nodes->subtree_end[i];
            continue;
          }
        cursor[i] = x;
        frame = (JxIcicleFrame) { i, nodes->depth[i], x, w };
        self->frame_of[i] = self->frames->len;
        g_array_append_val (self->frames, frame);
        self->n_rows = MAX (self->n_rows, (guint) nodes->depth[i] + 1);
        i++;
      }
  }
  self->height = self->options.height > 0 ? self->options.height
                                          : (int) ceil (TITLE_HEIGHT + MAX (self->n_rows, 1) * ROW_HEIGHT + legend_height (self));
}

JxMergedIcicle *
jx_merged_icicle_new (JxMergedTree          *tree,
                      const JxIcicleOptions *options)
{
  JxMergedIcicle *self;
  guint k;

  g_return_val_if_fail (tree != NULL, NULL);

  self = g_new0 (JxMergedIcicle, 1);
  self->tree = jx_merged_tree_ref (tree);
  if (options != NULL)
    self->options = *options;
  else
    jx_icicle_options_init (&self->options);
  self->width = self->options.width > 0 ? self->options.width : 1600;
  k = jx_merged_tree_get_n_streams (tree);
  self->title = self->options.title != NULL
                ? g_strdup (self->options.title)
                : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Merged call tree of %u stream",
                                                "Merged call tree of %u streams", k), k);
  self->options.title = NULL;
  self->frames = g_array_new (FALSE, FALSE, sizeof (JxIcicleFrame));
  layout (self);
  return self;
}

void
jx_merged_icicle_free (JxMergedIcicle *self)
{
  if (self == NULL)
    return;
  jx_merged_tree_unref (self->tree);
  g_free (self->title);
  g_array_unref (self->frames);
  g_free (self->frame_of);
  g_free (self);
}

int
jx_merged_icicle_get_width (const JxMergedIcicle *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->width;
}

int
jx_merged_icicle_get_height (const JxMergedIcicle *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->height;
}

guint
jx_merged_icicle_get_n_frames (const JxMergedIcicle *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->frames->len;
}

const JxIcicleFrame *
jx_merged_icicle_get_frame (const JxMergedIcicle *self,
                            guint                 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->frames->len, NULL);
  return &g_array_index (self->frames, JxIcicleFrame, index);
}

const JxIcicleFrame *
jx_merged_icicle_find_node (const JxMergedIcicle *self,
                            guint32               node)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (node >= jx_merged_tree_get_nodes (self->tree)->n_nodes || self->frame_of[node] == G_MAXUINT32)
    return NULL;
  return &g_array_index (self->frames, JxIcicleFrame, self->frame_of[node]);
}

guint64
jx_merged_icicle_get_n_hidden (const JxMergedIcicle *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_hidden;
}

void
jx_merged_icicle_get_frame_rect (const JxMergedIcicle *self,
                                 const JxIcicleFrame  *frame,
                                 double               *x,
                                 double               *y,
                                 double               *width,
                                 double               *height)
{
  g_return_if_fail (self != NULL && frame != NULL);

  *x = frame->x;
  *y = TITLE_HEIGHT + frame->row * ROW_HEIGHT;
  *width = frame->width;
  *height = ROW_HEIGHT;
}

guint32
jx_merged_icicle_hit (const JxMergedIcicle *self,
                      double                x,
                      double                y)
{
  guint row;

  g_return_val_if_fail (self != NULL, JX_NONE);

  if (y < TITLE_HEIGHT || y >= TITLE_HEIGHT + self->n_rows * ROW_HEIGHT)
    return JX_NONE;
  row = (guint) ((y - TITLE_HEIGHT) / ROW_HEIGHT);
  for (guint i = 0; i < self->frames->len; i++)
    {
      const JxIcicleFrame *f = &g_array_index (self->frames, JxIcicleFrame, i);

      if (f->row == row && x >= f->x && x < f->x + f->width)
        return f->node;
    }
  return JX_NONE;
}

static char *
seconds_text (double seconds)
{
  return jx_time_format (jx_time_seconds_to_ns (seconds), 3);
}

/* "process / stream", with its trace ahead when the tree merges streams of
 * several traces (rank 3 of which run?). */
static char *
stream_label (JxMergedTree *tree,
              guint32       stream)
{
  guint n = jx_merged_tree_get_n_streams (tree);

  for (guint s = 1; s < n; s++)
    if (jx_merged_tree_get_stream (tree, s).trace != jx_merged_tree_get_stream (tree, 0).trace)
      /* TRANSLATORS: a stream of a trace, e.g. "run-64 · MPI Rank 3 / Master thread" */
      return g_strdup_printf (_("%s · %s"), jx_merged_tree_get_trace_name (tree, stream),
                              jx_merged_tree_get_stream_name (tree, stream));
  return g_strdup (jx_merged_tree_get_stream_name (tree, stream));
}

/* The members' streams as runs ("MPI Rank 0–31, 33–63 / Master thread"),
 * at most NAMED_STREAMS runs; *more receives how many streams are left. */
static char *
member_runs (JxMergedTree         *tree,
             const JxMergedMember *m,
             guint                 n,
             guint                *more)
{
  guint k = jx_merged_tree_get_n_streams (tree);
  gboolean several_traces = FALSE;
  g_autofree const char **traces = g_new0 (const char *, MAX (n, 1));
  g_autofree const char **processes = g_new0 (const char *, MAX (n, 1));
  g_autofree const char **streams = g_new0 (const char *, MAX (n, 1));
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint s = 1; s < k; s++)
    several_traces |= jx_merged_tree_get_stream (tree, s).trace != jx_merged_tree_get_stream (tree, 0).trace;
  for (guint j = 0; j < n; j++)
    {
      /* "process / stream": the process's part and the stream's. */
      char *name = g_strdup (jx_merged_tree_get_stream_name (tree, m[j].stream));
      char *slash = strstr (name, " / ");

      if (slash != NULL)
        {
          *slash = '\0';
          streams[j] = slash + 3;
        }
      processes[j] = name;
      g_ptr_array_add (parts, name);
      traces[j] = several_traces ? jx_merged_tree_get_trace_name (tree, m[j].stream) : NULL;
    }
  return jx_name_runs_compact (several_traces ? traces : NULL, processes, streams, n, NAMED_STREAMS, more);
}

char *
jx_merged_icicle_dup_description (const JxMergedIcicle *self,
                                  guint32               node)
{
  JxMergedTree *tree;
  const JxMergedNodes *nodes;
  g_autofree char *path = NULL;
  g_autofree char *lo = NULL;
  g_autofree char *mid = NULL;
  g_autofree char *hi = NULL;
  GString *out;
  guint k, n;
  const JxMergedMember *m;

  g_return_val_if_fail (self != NULL, NULL);
  tree = self->tree;
  nodes = jx_merged_tree_get_nodes (tree);
  g_return_val_if_fail (node < nodes->n_nodes, NULL);

  k = jx_merged_tree_get_n_streams (tree);
  path = jx_merged_tree_get_path (tree, node);
  out = g_string_new (path);
  g_string_append_c (out, '\n');
  switch ((JxMergedState) nodes->state[node])
    {
    case JX_MERGED_EQUAL:
      g_string_append_printf (out, _("Equal in all %u streams"), k);
      break;
    case JX_MERGED_GAP:
      g_string_append_printf (out, _("Called by %u of %u streams"), nodes->n_members[node], k);
      break;
    case JX_MERGED_DIFFERENT:
    case JX_MERGED_N_STATES:
    default:
      {
        g_autoptr(GArray) functions = jx_merged_tree_get_functions (tree, node);

        g_string_append_printf (out, _("Different functions merged, %u of %u streams:"), nodes->n_members[node], k);
        for (guint f = 0; f < functions->len; f++)
          g_string_append_printf (out, " %s%s ×%u", f > 0 ? "·" : "",
                                  jx_merged_tree_get_symbol_name (tree, g_array_index (functions, JxMergedFunction, f).symbol),
                                  g_array_index (functions, JxMergedFunction, f).count);
      }
      break;
    }
  if (nodes->n_members[node] < k)
    {
      g_autofree char *names = NULL;
      guint more;

      m = jx_merged_tree_get_members (tree, node, &n);
      names = member_runs (tree, m, n, &more);
      g_string_append_printf (out, ": %s", names);
      if (more > 0)
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, " and %u more", " and %u more", more), more);
    }
  lo = seconds_text (nodes->min_seconds[node]);
  mid = seconds_text (nodes->median_seconds[node]);
  hi = seconds_text (nodes->max_seconds[node]);
  g_string_append_printf (out, _("\nTime: min %s, median %s, max %s"), lo, mid, hi);
  if (nodes->outlier[node] != JX_NONE)
    {
      g_autofree char *label = stream_label (tree, nodes->outlier[node]);

      g_string_append_printf (out, _("; outlier %s"), label);
    }
  return g_string_free (out, FALSE);
}

/* --- Drawing ------------------------------------------------------------------- */

static void
draw_frames (const JxMergedIcicle *self,
             cairo_t              *cr)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (self->tree);
  gboolean dark = self->options.dark;
  JxRgba edge = _jx_draw_ink (dark, dark ? 0.22 : 0.16), stripes = _jx_draw_ink (dark, 0.35);

  for (guint i = 0; i < self->frames->len; i++)
    {
      const JxIcicleFrame *f = &g_array_index (self->frames, JxIcicleFrame, i);
      double x, y, w, h;
      JxRgba fill;

      jx_merged_icicle_get_frame_rect (self, f, &x, &y, &w, &h);
      w = w > 3.0 ? w - 1.0 : w;
      h -= 1.0;
      jx_merged_icicle_node_color (self->tree, f->node, dark, &fill);
      jx_palette_cairo_set_source (cr, &fill);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      if (w > 3)
        {
          jx_palette_cairo_set_source (cr, &edge);
          cairo_set_line_width (cr, 1.0);
          cairo_rectangle (cr, x + 0.5, y + 0.5, w - 1.0, h - 1.0);
          cairo_stroke (cr);
        }
      if (nodes->state[f->node] == JX_MERGED_DIFFERENT)
        {
          _jx_draw_hatch (cr, x, y, w, h, &stripes, TRUE);
          if (w > 4)
            {
              jx_palette_cairo_set_source (cr, &different_outline);
              cairo_set_line_width (cr, 2.0);
              cairo_rectangle (cr, x + 1, y + 1, w - 2, h - 2);
              cairo_stroke (cr);
            }
        }
      if (w >= 24.0)
        {
          g_autoptr(GArray) functions = jx_merged_tree_get_functions (self->tree, f->node);
          GString *label = g_string_new (NULL);
          JxRgba ink = _jx_draw_label_color (&fill);

          for (guint j = 0; j < functions->len; j++)
            g_string_append_printf (label, "%s%s", j > 0 ? "|" : "",
                                    jx_merged_tree_get_symbol_name (self->tree,
                                                                    g_array_index (functions, JxMergedFunction, j).symbol));
          if (nodes->state[f->node] != JX_MERGED_EQUAL && w >= 120.0)
            g_string_append_printf (label, "  %u/%u", nodes->n_members[f->node], jx_merged_tree_get_n_streams (self->tree));
          _jx_draw_text (cr, label->str, FONT, x + 3, y + 2, w - 6, &ink);
          g_string_free (label, TRUE);
        }
    }
}

static void
draw_title (const JxMergedIcicle *self,
            cairo_t              *cr)
{
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (self->tree);
  JxRgba ink = _jx_draw_ink (self->options.dark, 0.95), soft = _jx_draw_ink (self->options.dark, 0.7);
  g_autoptr(GString) sub = g_string_new (NULL);

  g_string_append (sub, self->options.width_by_calls ? _("Width: the calls merged below") : _("Width: the calls’ total time over the streams"));
  g_string_append_printf (sub, _(" · %" PRIu64 " equal, %" PRIu64 " with a gap, %" PRIu64
                                 " different"),
                          stats->by_state[JX_MERGED_EQUAL], stats->by_state[JX_MERGED_GAP],
                          stats->by_state[JX_MERGED_DIFFERENT]);
  if (self->n_hidden > 0)
    g_string_append_printf (sub, g_dngettext (GETTEXT_PACKAGE, " · %" PRIu64 " node too narrow or deep to draw",
                                              " · %" PRIu64 " nodes too narrow or deep to draw",
                                              (gulong) MIN (self->n_hidden, G_MAXULONG)),
                            self->n_hidden);
  _jx_draw_text (cr, self->title, FONT_TITLE, PAD, 6, self->width - 2 * PAD, &ink);
  _jx_draw_text (cr, sub->str, FONT, PAD, 26, self->width - 2 * PAD, &soft);
}

static void
draw_different_swatch (const JxMergedIcicle *self,
                       cairo_t              *cr,
                       double                x,
                       double                top,
                       const JxRgba         *ink)
{
  JxRgba c, stripes = _jx_draw_ink (self->options.dark, 0.35);

  jx_palette_sos_color (1.0, &c);
  jx_palette_cairo_set_source (cr, &c);
  cairo_rectangle (cr, x, top, 28, ROW_HEIGHT - 1);
  cairo_fill (cr);
  _jx_draw_hatch (cr, x, top, 28, ROW_HEIGHT - 1, &stripes, TRUE);
  jx_palette_cairo_set_source (cr, &different_outline);
  cairo_set_line_width (cr, 2.0);
  cairo_rectangle (cr, x + 1, top + 1, 26, ROW_HEIGHT - 3);
  cairo_stroke (cr);
  _jx_draw_text (cr, _("different functions merged"), FONT, x + 34, top + 2,
                 CLAMP (self->width - x - 34 - PAD, 40.0, 200.0), ink);
}

static void
draw_legend (const JxMergedIcicle *self,
             cairo_t              *cr)
{
  gboolean dark = self->options.dark, wide = self->width >= WIDE_LEGEND;
  JxRgba ink = _jx_draw_ink (dark, 0.85), c;
  guint k = jx_merged_tree_get_n_streams (self->tree);
  double top = self->height - legend_height (self) + 14, x = PAD, bar = BAR_WIDTH;
  g_autofree char *few = g_strdup (_("1 stream"));
  g_autofree char *many = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u stream", "%u streams", k), k);
  const char *calling = _("calling there (gap: some streams have no call there)");

  /* Equal: the quiet colour. */
  c = dark ? (JxRgba) { 0.26f, 0.26f, 0.27f, 1.0f } : (JxRgba) { 0.93f, 0.93f, 0.92f, 1.0f };
  jx_palette_cairo_set_source (cr, &c);
  cairo_rectangle (cr, x, top, 28, ROW_HEIGHT - 1);
  cairo_fill (cr);
  _jx_draw_text (cr, _("equal in all"), FONT, x + 34, top + 2, 90, &ink);
  x += EQUAL_ENTRY;
  if (!wide)
    {
      /* Narrow: equal and different on the first line (or each on its
       * own), the scale on the next, what it counts on the last. */
      if (different_own_line (self))
        {
          top += ROW_HEIGHT + 3;
          x = PAD;
        }
      draw_different_swatch (self, cr, x, top, &ink);
      top += ROW_HEIGHT + 3;
      x = PAD;
      bar = CLAMP (self->width - 2 * PAD - _jx_draw_text_width (cr, few, FONT) - _jx_draw_text_width (cr, many, FONT) - 12,
                   40.0, BAR_WIDTH);
    }

  /* Streams calling there, cold (few) to warm (all). */
  _jx_draw_text (cr, few, FONT, x, top + 2, 60, &ink);
  x += _jx_draw_text_width (cr, few, FONT) + 6;
  for (double px = 0; px < bar; px += 1.0)
    {
      double p = px / bar, t = p <= 0.5 ? 0.8 * p : 0.2 + 0.8 * p;

      jx_palette_sos_color (t, &c);
      jx_palette_cairo_set_source (cr, &c);
      cairo_rectangle (cr, x + px, top, 1.0, ROW_HEIGHT - 1);
      cairo_fill (cr);
    }
  x += bar + 6;
  _jx_draw_text (cr, many, FONT, x, top + 2, 80, &ink);
  x += _jx_draw_text_width (cr, many, FONT) + 8;
  if (!wide)
    {
      top += ROW_HEIGHT + 3;
      x = PAD;
    }
  _jx_draw_text (cr, calling, FONT, x, top + 2, wide ? 300 : self->width - 2 * PAD, &ink);
  x += 310;

  if (wide && x + DIFFERENT_ENTRY < self->width)
    draw_different_swatch (self, cr, x, top, &ink);
}

void
jx_merged_icicle_draw (const JxMergedIcicle *self,
                       cairo_t              *cr)
{
  JxRgba background;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);

  background = self->options.dark ? (JxRgba) { 0.141f, 0.141f, 0.141f, 1.0f } : (JxRgba) { 0.98f, 0.98f, 0.98f, 1.0f };
  cairo_save (cr);
  jx_palette_cairo_set_source (cr, &background);
  cairo_paint (cr);
  draw_title (self, cr);
  cairo_rectangle (cr, 0, TITLE_HEIGHT, self->width, self->height - TITLE_HEIGHT - legend_height (self));
  cairo_save (cr);
  cairo_clip (cr);
  draw_frames (self, cr);
  cairo_restore (cr);
  draw_legend (self, cr);
  cairo_restore (cr);
}
