/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-lane-layout.c */
#include "config.h"

#include <math.h>

#include "jx-lane-layout.h"

struct _JxLaneLayout
{
  GtkLayoutManager parent_instance;
};

G_DEFINE_FINAL_TYPE (JxLaneLayout, jx_lane_layout, GTK_TYPE_LAYOUT_MANAGER)

static void
jx_lane_layout_measure (GtkLayoutManager *manager,
                        GtkWidget        *widget,
                        GtkOrientation    orientation,
                        int               for_size,
                        int              *minimum,
                        int              *natural,
                        int              *minimum_baseline,
                        int              *natural_baseline)
{
  *minimum = *natural = 0;
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0;
      int child_nat = 0;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, orientation, orientation == GTK_ORIENTATION_VERTICAL ? for_size : -1,
                          &child_min, &child_nat, NULL, NULL);
      if (orientation == GTK_ORIENTATION_VERTICAL)
        {
          *minimum += child_min;
          *natural += child_nat;
        }
      else
        {
          *minimum = MAX (*minimum, child_min);
          *natural = MAX (*natural, child_nat);
        }
    }
}

int *
jx_lane_layout_share (GtkWidget *box,
                      int        width,
                      int        total,
                      guint     *n_lanes)
{
  g_autoptr(GArray) mins = g_array_new (FALSE, TRUE, sizeof (int));
  g_autoptr(GArray) wants = g_array_new (FALSE, TRUE, sizeof (int));
  gint64 sum_min = 0;
  gint64 sum_want = 0;
  int *heights;
  gint64 extra;
  gint64 given = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (box);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int child_min = 0;
      int child_nat = 0;
      int want;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &child_min, &child_nat, NULL, NULL);
      want = MAX (0, child_nat - child_min);
      g_array_append_val (mins, child_min);
      g_array_append_val (wants, want);
      sum_min += child_min;
      sum_want += want;
    }

  *n_lanes = mins->len;
  heights = g_new0 (int, MAX (mins->len, 1));
  for (guint i = 0; i < mins->len; i++)
    heights[i] = g_array_index (mins, int, i);
  extra = CLAMP ((gint64) total - sum_min, 0, sum_want);

  /* The extra goes by the square root of what each lane wants: a trace with
   * more rows gets more, yet 1,024 ranks do not squeeze 64 ranks down to
   * their minimum. A lane that gets all it wants drops out and the rest is
   * shared again among the others. */
  while (given < extra)
    {
      double weights = 0.0;
      gint64 round_given = 0;
      gboolean capped = FALSE;

      for (guint i = 0; i < mins->len; i++)
        if (heights[i] < g_array_index (mins, int, i) + g_array_index (wants, int, i))
          weights += sqrt (g_array_index (wants, int, i));
      if (weights <= 0.0)
        break;
      for (guint i = 0; i < mins->len; i++)
        {
          int cap = g_array_index (mins, int, i) + g_array_index (wants, int, i);
          double share;

          if (heights[i] >= cap)
            continue;
          share = (double) (extra - given) * sqrt (g_array_index (wants, int, i)) / weights;
          if (heights[i] + share >= cap)
            {
              round_given += cap - heights[i];
              heights[i] = cap;
              capped = TRUE;
            }
        }
      given += round_given;
      if (capped)
        continue;
      /* Nobody reaches their cap: everyone takes their share. */
      for (guint i = 0; i < mins->len; i++)
        if (heights[i] < g_array_index (mins, int, i) + g_array_index (wants, int, i))
          {
            int share = (int) ((double) (extra - given) * sqrt (g_array_index (wants, int, i)) / weights);

            heights[i] += share;
            round_given += share;
          }
      given += round_given;
      break;
    }
  /* Rounding leftovers go to the lanes that still want more, in order. */
  for (guint i = 0; i < mins->len && given < extra; i++)
    if (heights[i] < g_array_index (mins, int, i) + g_array_index (wants, int, i))
      {
        heights[i]++;
        given++;
      }
  return heights;
}

static void
jx_lane_layout_allocate (GtkLayoutManager *manager,
                         GtkWidget        *widget,
                         int               width,
                         int               height,
                         int               baseline)
{
  guint n = 0;
  g_autofree int *heights = jx_lane_layout_share (widget, width, height, &n);
  guint i = 0;
  int y = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkAllocation alloc;

      if (!gtk_widget_should_layout (child))
        continue;
      g_assert (i < n);
      alloc.x = 0;
      alloc.y = y;
      alloc.width = width;
      alloc.height = heights[i];
      gtk_widget_size_allocate (child, &alloc, -1);
      y += heights[i];
      i++;
    }
}

static GtkSizeRequestMode
jx_lane_layout_get_request_mode (GtkLayoutManager *manager,
                                 GtkWidget        *widget)
{
  return GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
jx_lane_layout_class_init (JxLaneLayoutClass *klass)
{
  GtkLayoutManagerClass *manager_class = GTK_LAYOUT_MANAGER_CLASS (klass);

  manager_class->measure = jx_lane_layout_measure;
  manager_class->allocate = jx_lane_layout_allocate;
  manager_class->get_request_mode = jx_lane_layout_get_request_mode;
}

static void
jx_lane_layout_init (JxLaneLayout *self)
{
}

GtkLayoutManager *
jx_lane_layout_new (void)
{
  return g_object_new (JX_TYPE_LANE_LAYOUT, NULL);
}
