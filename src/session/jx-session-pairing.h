/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-pairing.h — pairing streams by hand ("Compare with…"): a
 * stream of the reference and one of a compared trace become partners as
 * one undoable step of the session (jx_offset_history_set_pairs), and
 * only the pairs that change are aligned again (jx-comparison-repair.h).
 *
 * What a hand pairing does to the former partners: they swap. When A's
 * stream X was paired with Y' and B's stream Y with X', pairing X with Y
 * also pairs X' with Y' (as an analyst expects after "these two roles
 * are crossed": nothing is left unpaired that was paired before). When
 * either had no partner, the other former partner is left to the
 * automatic pairing. Both pairs are recorded as overrides, the same as
 * `juxtrace-cli diff --pair "X=Y" --pair "X'=Y'"`: the names are
 * "process / stream" (jx-stream-pairing.h). Overrides naming X, Y, X' or
 * Y' before are replaced. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* "process / stream", the name overrides and the CLI use. */
char     *jx_session_stream_label       (JxTrace         *trace,
                                         guint32          stream);

/* Pairs stream_a of the reference with stream_b of item (a loaded trace
 * compared with the loaded reference) as described above; one step of
 * the undo history. FALSE with an error when item is not compared or a
 * stream does not exist; TRUE and nothing done when they are partners
 * already. */
gboolean  jx_session_pair_streams       (JxSession       *self,
                                         JxSessionTrace  *item,
                                         guint32          stream_a,
                                         guint32          stream_b,
                                         GError         **error);
/* Drops every hand pairing of item as one step: its streams are paired
 * automatically again (by name, by structure or either, as the pairing
 * setting says), and only the pairs that change are aligned again. For
 * the reference, or NULL, every compared trace's, still one step; nothing
 * when none has any. */
void      jx_session_clear_hand_pairing (JxSession       *self,
                                         JxSessionTrace  *item);
/* Whether item (the reference or NULL: any compared trace) has a stream
 * paired by hand: whether clear_hand_pairing would do something. */
gboolean  jx_session_has_hand_pairing   (JxSession       *self,
                                         JxSessionTrace  *item);
/* The partner of `stream` (of the reference when reference_side, else of
 * item) in item's comparison: JX_NONE when it has none or there is no
 * result yet; by_hand (may be NULL) says whether an override made it. */
guint32   jx_session_get_partner        (JxSession       *self,
                                         JxSessionTrace  *item,
                                         gboolean         reference_side,
                                         guint32          stream,
                                         gboolean        *by_hand);

G_END_DECLS
