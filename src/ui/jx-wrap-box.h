/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-wrap-box.h — children side by side in their natural widths, wrapping
 * onto the next line where the width runs out (GTK 4.8 has no wrap box;
 * GtkFlowBox aligns columns and keeps the keyboard focus in wrappers of
 * its own). Each line is as high as its tallest child, children centred in
 * it (those with valign fill fill it); a child that is wider than the whole width gets the whole width. The
 * narrowest width is that of the widest child's minimum. Children are
 * added with jx_wrap_box_append or as <child> in GtkBuilder. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JX_TYPE_WRAP_BOX (jx_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (JxWrapBox, jx_wrap_box, JX, WRAP_BOX, GtkWidget)

GtkWidget *jx_wrap_box_new            (void);
void       jx_wrap_box_append         (JxWrapBox *self,
                                       GtkWidget *child);
/* Pixels between children of a line and between lines. */
void       jx_wrap_box_set_spacing    (JxWrapBox *self,
                                       int        column_spacing,
                                       int        row_spacing);

G_END_DECLS
