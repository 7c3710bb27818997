/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline-rows.c — see jx-headline-rows.h. */
#include "config.h"

#include "jx-headline-rows.h"

/* Pixels between the swatch and the name, between the name and the
 * numbers, and between the change and the share. */
#define SWATCH_GAP 4
#define NUMBER_GAP 8
/* On a second line the numbers start under the name's text, not under its
 * button's edge (the flat button's side padding, style.css). */
#define NAME_INSET 4
/* Between contributors of two lines each, so each pair reads as one. */
#define STACKED_ROW_GAP 3

struct _JxHeadlineRows
{
  GtkWidget parent_instance;

  guint     n_rows;
};

G_DEFINE_FINAL_TYPE (JxHeadlineRows, jx_headline_rows, GTK_TYPE_WIDGET)

/* The widest child of each column, over all rows. */
typedef struct
{
  int swatch;
  int name_min;
  int name_nat;
  int change;
  int share;
} Columns;

static void
measure_columns (JxHeadlineRows *self,
                 Columns        *columns)
{
  guint column = 0;

  *columns = (Columns) { 0 };
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child), column = (column + 1) % JX_HEADLINE_ROWS_N_COLUMNS)
    {
      int min, nat;

      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      switch (column)
        {
        case JX_HEADLINE_ROWS_SWATCH:
          columns->swatch = MAX (columns->swatch, nat);
          break;
        case JX_HEADLINE_ROWS_NAME:
          columns->name_min = MAX (columns->name_min, min);
          columns->name_nat = MAX (columns->name_nat, nat);
          break;
        case JX_HEADLINE_ROWS_CHANGE:
          columns->change = MAX (columns->change, nat);
          break;
        default:
          columns->share = MAX (columns->share, nat);
          break;
        }
    }
}

/* Every row on one line, its name whole. */
static int
one_line_width (const Columns *c)
{
  return c->swatch + SWATCH_GAP + c->name_nat + NUMBER_GAP + c->change + NUMBER_GAP + c->share;
}

/* The narrowest: two lines a row, a name at its minimum, the numbers whole. */
static int
minimum_width (const Columns *c)
{
  return MAX (c->swatch + SWATCH_GAP + c->name_min,
              c->swatch + SWATCH_GAP + NAME_INSET + c->change + NUMBER_GAP + c->share);
}

static int
child_height (GtkWidget *child,
              int        width)
{
  int nat;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, NULL, &nat, NULL, NULL);
  return nat;
}

static void
place (GtkWidget *child,
       int        width,
       int        x,
       int        y,
       int        w,
       int        line_height)
{
  int h = gtk_widget_get_valign (child) == GTK_ALIGN_FILL ? line_height : MIN (child_height (child, w), line_height);

  if (gtk_widget_get_direction (gtk_widget_get_parent (child)) == GTK_TEXT_DIR_RTL)
    x = width - x - w;
  gtk_widget_size_allocate (child, &(GtkAllocation) { x, y + (line_height - h) / 2, w, h }, -1);
}

/* Lays the rows out `width` wide; with allocate, also gives each child its
 * place. Returns the height of all rows. */
static int
layout (JxHeadlineRows *self,
        int             width,
        gboolean        allocate)
{
  Columns c;
  gboolean stacked;
  GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
  int y = 0, name_x;

  measure_columns (self, &c);
  width = MAX (width, minimum_width (&c));
  stacked = width < one_line_width (&c);
  name_x = c.swatch + SWATCH_GAP;
  for (guint row = 0; row < self->n_rows && child != NULL; row++)
    {
      GtkWidget *cells[JX_HEADLINE_ROWS_N_COLUMNS];

      for (guint i = 0; i < JX_HEADLINE_ROWS_N_COLUMNS; i++, child = gtk_widget_get_next_sibling (child))
        cells[i] = child;
      if (row > 0 && stacked)
        y += STACKED_ROW_GAP;
      if (!stacked)
        {
          /* Four columns: the name takes what the numbers leave. */
          int share_x = width - c.share;
          int change_x = share_x - NUMBER_GAP - c.change;
          int name_w = change_x - NUMBER_GAP - name_x;
          int line = MAX (MAX (child_height (cells[0], c.swatch), child_height (cells[1], name_w)),
                          MAX (child_height (cells[2], c.change), child_height (cells[3], c.share)));

          if (allocate)
            {
              place (cells[0], width, 0, y, c.swatch, line);
              place (cells[1], width, name_x, y, name_w, line);
              place (cells[2], width, change_x, y, c.change, line);
              place (cells[3], width, share_x, y, c.share, line);
            }
          y += line;
        }
      else
        {
          /* The name on the whole width, the numbers under it. */
          int name_w = width - name_x;
          int first = MAX (child_height (cells[0], c.swatch), child_height (cells[1], name_w));
          int second = MAX (child_height (cells[2], c.change), child_height (cells[3], c.share));
          int change_x = name_x + NAME_INSET;

          if (allocate)
            {
              place (cells[0], width, 0, y, c.swatch, first);
              place (cells[1], width, name_x, y, name_w, first);
              place (cells[2], width, change_x, y + first, c.change, second);
              place (cells[3], width, change_x + c.change + NUMBER_GAP, y + first, c.share, second);
            }
          y += first + second;
        }
    }
  return y;
}

static GtkSizeRequestMode
jx_headline_rows_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
jx_headline_rows_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  JxHeadlineRows *self = JX_HEADLINE_ROWS (widget);
  Columns c;

  if (self->n_rows == 0)
    {
      *minimum = *natural = 0;
      return;
    }
  measure_columns (self, &c);
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = minimum_width (&c);
      *natural = one_line_width (&c);
      return;
    }
  /* Without a width, the height at the narrowest (two lines a row). */
  *minimum = *natural = layout (self, for_size < 0 ? minimum_width (&c) : for_size, FALSE);
}

static void
jx_headline_rows_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  layout (JX_HEADLINE_ROWS (widget), width, TRUE);
}

static void
jx_headline_rows_dispose (GObject *object)
{
  jx_headline_rows_remove_all (JX_HEADLINE_ROWS (object));

  G_OBJECT_CLASS (jx_headline_rows_parent_class)->dispose (object);
}

static void
jx_headline_rows_class_init (JxHeadlineRowsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_headline_rows_dispose;
  widget_class->get_request_mode = jx_headline_rows_get_request_mode;
  widget_class->measure = jx_headline_rows_measure;
  widget_class->size_allocate = jx_headline_rows_size_allocate;

  gtk_widget_class_set_css_name (widget_class, "jxheadlinerows");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
jx_headline_rows_init (JxHeadlineRows *self)
{
}

GtkWidget *
jx_headline_rows_new (void)
{
  return g_object_new (JX_TYPE_HEADLINE_ROWS, NULL);
}

void
jx_headline_rows_append (JxHeadlineRows *self,
                         GtkWidget      *swatch,
                         GtkWidget      *name,
                         GtkWidget      *change,
                         GtkWidget      *share)
{
  GtkWidget *cells[] = { swatch, name, change, share };

  g_return_if_fail (JX_IS_HEADLINE_ROWS (self));
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      g_return_if_fail (GTK_IS_WIDGET (cells[i]));
      g_return_if_fail (gtk_widget_get_parent (cells[i]) == NULL);
    }

  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    gtk_widget_set_parent (cells[i], GTK_WIDGET (self));
  self->n_rows++;
}

void
jx_headline_rows_remove_all (JxHeadlineRows *self)
{
  GtkWidget *child;

  g_return_if_fail (JX_IS_HEADLINE_ROWS (self));

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->n_rows = 0;
}

guint
jx_headline_rows_get_n_rows (JxHeadlineRows *self)
{
  g_return_val_if_fail (JX_IS_HEADLINE_ROWS (self), 0);
  return self->n_rows;
}

GtkWidget *
jx_headline_rows_get_child (JxHeadlineRows      *self,
                            guint                row,
                            JxHeadlineRowsColumn column)
{
  GtkWidget *child;
  guint index;

  g_return_val_if_fail (JX_IS_HEADLINE_ROWS (self), NULL);
  g_return_val_if_fail (column < JX_HEADLINE_ROWS_N_COLUMNS, NULL);

  if (row >= self->n_rows)
    return NULL;
  index = row * JX_HEADLINE_ROWS_N_COLUMNS + column;
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL && index > 0; index--)
    child = gtk_widget_get_next_sibling (child);
  return child;
}

gboolean
jx_headline_rows_is_stacked (JxHeadlineRows *self,
                             int             width)
{
  Columns c;

  g_return_val_if_fail (JX_IS_HEADLINE_ROWS (self), FALSE);

  measure_columns (self, &c);
  return MAX (width, minimum_width (&c)) < one_line_width (&c);
}
