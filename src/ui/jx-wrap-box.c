/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-wrap-box.c — see jx-wrap-box.h. */
#include "config.h"

#include "jx-wrap-box.h"

struct _JxWrapBox
{
  GtkWidget parent_instance;

  int       column_spacing;
  int       row_spacing;
};

enum {
  PROP_0,
  PROP_COLUMN_SPACING,
  PROP_ROW_SPACING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxWrapBox, jx_wrap_box, GTK_TYPE_WIDGET)

/* A child's width in a line `width` wide: its natural one, at most the
 * line, never below its minimum. */
static int
child_width (GtkWidget *child,
             int        width)
{
  int min, nat;

  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return MAX (min, MIN (nat, width));
}

/* Lays the visible children out in lines `width` wide; with allocate, also
 * gives each its place. Returns the height of all lines. */
static int
layout (JxWrapBox *self,
        int        width,
        gboolean   allocate)
{
  GtkWidget *first = gtk_widget_get_first_child (GTK_WIDGET (self));
  int y = 0;
  gboolean any_line = FALSE;

  while (first != NULL)
    {
      GtkWidget *end, *child;
      int used = 0, line_height = 0, x = 0;
      guint n = 0;

      /* The children that fit this line, at least one. */
      for (end = first; end != NULL; end = gtk_widget_get_next_sibling (end))
        {
          int w, h;

          if (!gtk_widget_should_layout (end))
            continue;
          w = child_width (end, width);
          if (n > 0 && used + self->column_spacing + w > width)
            break;
          used += (n > 0 ? self->column_spacing : 0) + w;
          gtk_widget_measure (end, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
          line_height = MAX (line_height, h);
          n++;
        }
      if (n == 0)
        break;
      if (any_line)
        y += self->row_spacing;
      any_line = TRUE;
      for (child = first; child != end; child = gtk_widget_get_next_sibling (child))
        {
          int w, h;

          if (!gtk_widget_should_layout (child))
            continue;
          w = child_width (child, width);
          if (allocate)
            {
              gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, w, NULL, &h, NULL, NULL);
              h = gtk_widget_get_valign (child) == GTK_ALIGN_FILL ? line_height : h;
              gtk_widget_size_allocate (child, &(GtkAllocation) { x, y + (line_height - h) / 2, w, h }, -1);
            }
          x += w + self->column_spacing;
        }
      y += line_height;
      first = end;
    }
  return y;
}

static GtkSizeRequestMode
jx_wrap_box_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
jx_wrap_box_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  JxWrapBox *self = JX_WRAP_BOX (widget);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      guint n = 0;

      /* Narrowest: one child a line; natural: all in one line. */
      for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          int min, nat;

          if (!gtk_widget_should_layout (c))
            continue;
          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural += (n++ > 0 ? self->column_spacing : 0) + nat;
        }
      return;
    }
  if (for_size < 0)
    {
      int width;

      gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
      for_size = width;
    }
  *minimum = *natural = layout (self, for_size, FALSE);
}

static void
jx_wrap_box_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  layout (JX_WRAP_BOX (widget), width, TRUE);
}

static void
jx_wrap_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (jx_wrap_box_parent_class)->dispose (object);
}

static void
jx_wrap_box_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  JxWrapBox *self = JX_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_COLUMN_SPACING:
      g_value_set_int (value, self->column_spacing);
      break;
    case PROP_ROW_SPACING:
      g_value_set_int (value, self->row_spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_wrap_box_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  JxWrapBox *self = JX_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_COLUMN_SPACING:
      jx_wrap_box_set_spacing (self, g_value_get_int (value), self->row_spacing);
      break;
    case PROP_ROW_SPACING:
      jx_wrap_box_set_spacing (self, self->column_spacing, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_wrap_box_class_init (JxWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = jx_wrap_box_dispose;
  object_class->get_property = jx_wrap_box_get_property;
  object_class->set_property = jx_wrap_box_set_property;
  widget_class->get_request_mode = jx_wrap_box_get_request_mode;
  widget_class->measure = jx_wrap_box_measure;
  widget_class->size_allocate = jx_wrap_box_size_allocate;

  properties[PROP_COLUMN_SPACING] = g_param_spec_int ("column-spacing", NULL, NULL, 0, G_MAXINT16, 0, rw);
  properties[PROP_ROW_SPACING] = g_param_spec_int ("row-spacing", NULL, NULL, 0, G_MAXINT16, 0, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "jxwrapbox");
}

static void
jx_wrap_box_init (JxWrapBox *self)
{
}

GtkWidget *
jx_wrap_box_new (void)
{
  return g_object_new (JX_TYPE_WRAP_BOX, NULL);
}

void
jx_wrap_box_append (JxWrapBox *self,
                    GtkWidget *child)
{
  g_return_if_fail (JX_IS_WRAP_BOX (self));
  g_return_if_fail (GTK_IS_WIDGET (child));
  g_return_if_fail (gtk_widget_get_parent (child) == NULL);

  gtk_widget_set_parent (child, GTK_WIDGET (self));
}

void
jx_wrap_box_set_spacing (JxWrapBox *self,
                         int        column_spacing,
                         int        row_spacing)
{
  g_return_if_fail (JX_IS_WRAP_BOX (self));

  if (self->column_spacing != column_spacing)
    {
      self->column_spacing = column_spacing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLUMN_SPACING]);
    }
  if (self->row_spacing != row_spacing)
    {
      self->row_spacing = row_spacing;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ROW_SPACING]);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
