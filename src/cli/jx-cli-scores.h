/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-scores.h — `--match N --mismatch N --gap N` on every command that
 * aligns (diff, render --diff / --chart / --flame, cluster --merged-tree,
 * align --range), and how each result records the scores it was computed
 * with (docs/comparison-metrics.md): JSON always has a "scores" object,
 * CSV a last column "scores" (match/mismatch/gap), text a line when they
 * are not the defaults. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "jx-scoring.h"

G_BEGIN_DECLS

typedef struct
{
  gint match;                 /* G_MININT: not given */
  gint mismatch;
  gint gap;
} JxCliScores;

/* Sets "not given" and adds the three options to the context's main
 * entries. */
void      jx_cli_scores_add_options   (GOptionContext    *context,
                                       JxCliScores       *scores);
/* TRUE when any of the three was given. */
gboolean  jx_cli_scores_given         (const JxCliScores *scores);
/* The scoring (the defaults for what was not given). FALSE with a
 * message for a usage error when jx_scoring_validate refuses it. */
gboolean  jx_cli_scores_get           (const JxCliScores *scores,
                                       JxScoring         *scoring,
                                       GError           **error);

/* "Scores: match 3, mismatch −2, gap −1 (…)\n" when not the defaults. */
void      jx_cli_scores_append_text   (GString           *out,
                                       const JxScoring   *scoring);
/* The member "scores": {match, mismatch, gap, default}. */
void      jx_cli_scores_add_json      (JsonBuilder       *builder,
                                       const JxScoring   *scoring);
#define JX_CLI_SCORES_CSV_HEADER ",scores"
/* ",2/-1/-1": the value of the last column, with its comma. */
void      jx_cli_scores_csv_field     (GString           *line,
                                       const JxScoring   *scoring);

G_END_DECLS
