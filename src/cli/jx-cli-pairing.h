/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-pairing.h — `--pairing name|structure|auto` and what every command
 * that pairs streams (diff, render --diff / --chart, align) says about how
 * they were paired (docs/pairing.md): the pairs made by structure with
 * their names' partner, and the caveat when the names' pairing was kept
 * although pairing by structure is clearly better, naming the option. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "jx-comparison.h"

G_BEGIN_DECLS

/* The option's help text, for the entries of each command. */
#define JX_CLI_PAIRING_HELP N_("Pair streams by name, by structure (what they call), or auto: by name unless by structure is clearly better (default)")

/* Parses --pairing's value (NULL = auto). FALSE for an unknown one. */
gboolean  jx_cli_pairing_parse             (const char             *text,
                                            JxPairingMode          *mode);
/* The usage error for an unknown value. */
int       jx_cli_pairing_usage_error       (const char             *subcommand,
                                            const char             *text);

/* The option's help text of --pair. */
#define JX_CLI_PAIR_HELP N_("Pair this process (or “process / stream”) of TRACE_A with this one of TRACE_B, whatever their names (as “Compare With…” in the window does); repeatable")

/* --pair A_NAME=B_NAME values, split at the first '=' in place, appended
 * to pairs (JxNamePair pointing into texts); FALSE when a side is empty. */
gboolean  jx_cli_pairing_parse_pairs       (char                  **texts,
                                            GArray                 *pairs);
/* A flat A, B, A, B, … list (a saved comparison's PairedByHand) as name
 * pairs pointing into it; *n_pairs their number. Free with g_free. */
JxNamePair *jx_cli_pairing_from_flat       (const char *const      *flat,
                                            guint                  *n_pairs);

/* Text: one line per stream pair made by an override, "Paired by hand:
 * A ↔ B"; nothing when there is none. */
void      jx_cli_pairing_append_by_hand    (GString                *out,
                                            JxComparison           *cmp);
/* Stream pairs made by an override. */
guint     jx_cli_pairing_count_by_hand     (JxComparison           *cmp);

/* Text: a paragraph on the pairs made by structure and one for the caveat;
 * nothing when there is neither. */
void      jx_cli_pairing_append_text       (GString                *out,
                                            JxComparison           *cmp);
/* The caveat as one line (NULL when there is none), for commands that
 * print a summary only (render). */
char     *jx_cli_pairing_caveat_line       (JxComparison           *cmp);

/* JSON: the member "pairing" of the whole result ({mode, margin,
 * by_structure, crossed, caveat}). */
void      jx_cli_pairing_json_summary      (JsonBuilder            *builder,
                                            JxComparison           *cmp);
/* JSON: the members of one pair (structure_similarity, crossed,
 * by_name_partner or by_structure_partner, other_similarity). */
void      jx_cli_pairing_json_pair         (JsonBuilder            *builder,
                                            const JxComparisonPair *pair);

/* CSV: the columns appended after the others, and their values for a
 * pair, each with its leading comma. */
#define JX_CLI_PAIRING_CSV_HEADER ",structure_similarity,pairing_note"
void      jx_cli_pairing_csv_fields        (GString                *line,
                                            const JxComparisonPair *pair);
/* "pairing-crossed" for a crossed pair, else NULL: for a caveats list. */
const char *jx_cli_pairing_caveat_token    (const JxComparisonPair *pair);

G_END_DECLS
