/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-similarity-list.h — the similarity (dissertation eq. 4.5) of every
 * stream pair of the compared trace's comparison, least similar first, so
 * outliers lead (Table 4.1). Activating a pair (click, Return) selects its
 * first difference — or its first call when it has none — in both
 * timelines and brings it into view (win.reveal-selection). */
#pragma once

#include <gtk/gtk.h>

#include "jx-session.h"

G_BEGIN_DECLS

#define JX_TYPE_SIMILARITY_LIST (jx_similarity_list_get_type ())
G_DECLARE_FINAL_TYPE (JxSimilarityList, jx_similarity_list, JX, SIMILARITY_LIST, GtkWidget)

GtkWidget *jx_similarity_list_new          (void);
void       jx_similarity_list_set_session  (JxSimilarityList *self,
                                            JxSession        *session);
/* For tests: the rows shown, and a row's pair (index in the comparison)
 * and similarity; activate() does what a click does. */
guint      jx_similarity_list_get_n_rows   (JxSimilarityList *self);
guint      jx_similarity_list_get_pair     (JxSimilarityList *self,
                                            guint             row,
                                            double           *similarity);
/* A row's text (the partners and how they were paired) and tooltip. */
char      *jx_similarity_list_dup_label    (JxSimilarityList *self,
                                            guint             row,
                                            char            **tooltip);
void       jx_similarity_list_activate     (JxSimilarityList *self,
                                            guint             row);
/* The list as CSV, in its order: stream_a,stream_b,similarity. */
char      *jx_similarity_list_dup_csv      (JxSimilarityList *self);

G_END_DECLS
