/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fold-settings.h — how a session folds and shows SOS time: settings
 * that apply to every trace alike. The session owns one
 * (jx_session_get_fold_settings), hands its values to each trace's folding
 * part (jx-trace-folding.h) and shows its properties as its own, under the
 * same names.
 *
 * Properties (read-write, notified when they change):
 *   "fold-grouping"   JxFoldGrouping: how streams are grouped for folding
 *   "fold-operation"  JxFoldOp: how folded rows pick a state
 *   "fold-custom"     (strv) the custom set, "process / stream" names
 *                     (jx_stream_groups_stream_key); NULL for none
 *   "show-sos"        (boolean) the SOS-time overlay
 *   "sos-function"    (string) the function whose calls are the segments in
 *                     every trace; NULL = each trace's dominant function
 * Signal "fold-all" (guint kinds, gboolean folded): views fold (or unfold)
 * every group whose JxStreamGroupKind bit is in kinds, in every trace;
 * views keep which groups are folded. */
#pragma once

#include <glib-object.h>

#include "jx-session-types.h"

G_BEGIN_DECLS

#define JX_TYPE_FOLD_SETTINGS (jx_fold_settings_get_type ())
G_DECLARE_FINAL_TYPE (JxFoldSettings, jx_fold_settings, JX, FOLD_SETTINGS, GObject)

JxFoldSettings     *jx_fold_settings_new              (void);

JxFoldGrouping      jx_fold_settings_get_grouping     (JxFoldSettings     *self);
void                jx_fold_settings_set_grouping     (JxFoldSettings     *self,
                                                       JxFoldGrouping      grouping);
JxFoldOp            jx_fold_settings_get_operation    (JxFoldSettings     *self);
void                jx_fold_settings_set_operation    (JxFoldSettings     *self,
                                                       JxFoldOp            op);
/* An empty list is none. */
const char * const *jx_fold_settings_get_custom       (JxFoldSettings     *self);
void                jx_fold_settings_set_custom       (JxFoldSettings     *self,
                                                       const char * const *streams);
gboolean            jx_fold_settings_get_show_sos     (JxFoldSettings     *self);
void                jx_fold_settings_set_show_sos     (JxFoldSettings     *self,
                                                       gboolean            show_sos);
/* An empty name is none. */
const char         *jx_fold_settings_get_sos_function (JxFoldSettings     *self);
void                jx_fold_settings_set_sos_function (JxFoldSettings     *self,
                                                       const char         *function);
/* Emits "fold-all": kinds is a set of bits 1 << JxStreamGroupKind. */
void                jx_fold_settings_fold_all         (JxFoldSettings     *self,
                                                       guint               kinds,
                                                       gboolean            folded);

G_END_DECLS
