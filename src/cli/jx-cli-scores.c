/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-scores.c — see jx-cli-scores.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-cli-common.h"
#include "jx-cli-scores.h"

void
jx_cli_scores_add_options (GOptionContext *context,
                           JxCliScores    *scores)
{
  const GOptionEntry entries[] = {
    { "match", 0, 0, G_OPTION_ARG_INT, &scores->match,
      N_("Alignment score of two equal calls (default 2; above 0)"), N_("N") },
    { "mismatch", 0, 0, G_OPTION_ARG_INT, &scores->mismatch,
      N_("Alignment score of two different calls aligned together (default −1; below the match score)"), N_("N") },
    { "gap", 0, 0, G_OPTION_ARG_INT, &scores->gap,
      N_("Alignment score of a call against a gap (default −1; below 0)"), N_("N") },
    { NULL }
  };

  g_return_if_fail (context != NULL && scores != NULL);

  scores->match = scores->mismatch = scores->gap = G_MININT;
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

gboolean
jx_cli_scores_given (const JxCliScores *scores)
{
  g_return_val_if_fail (scores != NULL, FALSE);
  return scores->match != G_MININT || scores->mismatch != G_MININT || scores->gap != G_MININT;
}

gboolean
jx_cli_scores_get (const JxCliScores *scores,
                   JxScoring         *scoring,
                   GError           **error)
{
  g_autoptr(GError) local = NULL;

  g_return_val_if_fail (scores != NULL && scoring != NULL, FALSE);

  jx_scoring_init_default (scoring);
  if (scores->match != G_MININT)
    scoring->match = scores->match;
  if (scores->mismatch != G_MININT)
    scoring->mismatch = scores->mismatch;
  if (scores->gap != G_MININT)
    scoring->gap = scores->gap;
  if (!jx_scoring_validate (scoring, &local))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--match/--mismatch/--gap: %s"), local->message);
      return FALSE;
    }
  return TRUE;
}

void
jx_cli_scores_append_text (GString         *out,
                           const JxScoring *scoring)
{
  g_autofree char *text = NULL;

  g_return_if_fail (out != NULL && scoring != NULL);

  if (jx_scoring_is_default (scoring))
    return;
  text = jx_scoring_to_string (scoring);
  g_string_append_printf (out, _("Scores: %s (not the defaults 2, −1, −1: scores, similarities and alignments "
                                 "compare only with results of the same scores)\n"), text);
}

void
jx_cli_scores_add_json (JsonBuilder     *builder,
                        const JxScoring *scoring)
{
  g_return_if_fail (builder != NULL && scoring != NULL);

  json_builder_set_member_name (builder, "scores");
  json_builder_begin_object (builder);
  jx_cli_json_add_int (builder, "match", scoring->match);
  jx_cli_json_add_int (builder, "mismatch", scoring->mismatch);
  jx_cli_json_add_int (builder, "gap", scoring->gap);
  jx_cli_json_add_boolean (builder, "default", jx_scoring_is_default (scoring));
  json_builder_end_object (builder);
}

void
jx_cli_scores_csv_field (GString         *line,
                         const JxScoring *scoring)
{
  g_autofree char *compact = NULL;

  g_return_if_fail (line != NULL && scoring != NULL);

  compact = jx_scoring_to_compact (scoring);
  g_string_append_c (line, ',');
  g_string_append (line, compact);
}
