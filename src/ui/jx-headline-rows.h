/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-headline-rows.h — the headline's contributors (jx-headline-view.h),
 * each a row of four children: a colour swatch, the function's name (a
 * button), its change and its share. Where the width allows every row on
 * one line, they stand in four aligned columns; where it does not, each
 * contributor takes two lines: the swatch and the name, then the change and
 * the share under the name. The choice follows the width given (height for
 * width), so it is made in measure and size_allocate alike and never needs
 * a relayout. The change and the share always get their natural width; a
 * name is cut only when it alone is wider than the whole width. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  JX_HEADLINE_ROWS_SWATCH,
  JX_HEADLINE_ROWS_NAME,
  JX_HEADLINE_ROWS_CHANGE,
  JX_HEADLINE_ROWS_SHARE,
  JX_HEADLINE_ROWS_N_COLUMNS
} JxHeadlineRowsColumn;

#define JX_TYPE_HEADLINE_ROWS (jx_headline_rows_get_type ())
G_DECLARE_FINAL_TYPE (JxHeadlineRows, jx_headline_rows, JX, HEADLINE_ROWS, GtkWidget)

GtkWidget *jx_headline_rows_new        (void);
/* A row at the end; each widget is the row's child in that column. */
void       jx_headline_rows_append     (JxHeadlineRows *self,
                                        GtkWidget      *swatch,
                                        GtkWidget      *name,
                                        GtkWidget      *change,
                                        GtkWidget      *share);
void       jx_headline_rows_remove_all (JxHeadlineRows *self);
guint      jx_headline_rows_get_n_rows (JxHeadlineRows *self);
/* The child of `row` in `column`, NULL past the last row. */
GtkWidget *jx_headline_rows_get_child  (JxHeadlineRows      *self,
                                        guint                row,
                                        JxHeadlineRowsColumn column);
/* Whether the rows take two lines each at `width` pixels. */
gboolean   jx_headline_rows_is_stacked (JxHeadlineRows *self,
                                        int             width);

G_END_DECLS
