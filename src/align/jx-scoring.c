/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-scoring.c — see jx-scoring.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-scoring.h"

void
jx_scoring_init_default (JxScoring *scoring)
{
  g_return_if_fail (scoring != NULL);

  scoring->match = JX_SCORING_DEFAULT_MATCH;
  scoring->mismatch = JX_SCORING_DEFAULT_MISMATCH;
  scoring->gap = JX_SCORING_DEFAULT_GAP;
}

gboolean
jx_scoring_equal (const JxScoring *a,
                  const JxScoring *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  return a->match == b->match && a->mismatch == b->mismatch && a->gap == b->gap;
}

gboolean
jx_scoring_is_default (const JxScoring *scoring)
{
  JxScoring defaults;

  g_return_val_if_fail (scoring != NULL, FALSE);

  jx_scoring_init_default (&defaults);
  return jx_scoring_equal (scoring, &defaults);
}

gboolean
jx_scoring_validate (const JxScoring *scoring,
                     GError         **error)
{
  g_return_val_if_fail (scoring != NULL, FALSE);

  if (ABS (scoring->match) > JX_SCORING_LIMIT || ABS (scoring->mismatch) > JX_SCORING_LIMIT ||
      ABS (scoring->gap) > JX_SCORING_LIMIT)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("scores must lie between −%d and %d (match %d, mismatch %d, gap %d)"),
                   JX_SCORING_LIMIT, JX_SCORING_LIMIT, scoring->match, scoring->mismatch, scoring->gap);
      return FALSE;
    }
  if (scoring->match <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the match score must be above 0 (it is %d): equal calls must count for the alignment"),
                   scoring->match);
      return FALSE;
    }
  if (scoring->mismatch >= scoring->match)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the mismatch score must be below the match score (%d is not below %d): "
                     "otherwise different calls would count as much as equal ones"),
                   scoring->mismatch, scoring->match);
      return FALSE;
    }
  if (scoring->gap >= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("the gap score must be below 0 (it is %d): a call missing on one side must cost"),
                   scoring->gap);
      return FALSE;
    }
  return TRUE;
}

char *
jx_scoring_to_string (const JxScoring *scoring)
{
  g_return_val_if_fail (scoring != NULL, NULL);

  /* A true minus sign, as the other numbers the tools print. */
  return g_strdup_printf (_("match %s%d, mismatch %s%d, gap %s%d"),
                          scoring->match < 0 ? "−" : "", ABS (scoring->match),
                          scoring->mismatch < 0 ? "−" : "", ABS (scoring->mismatch),
                          scoring->gap < 0 ? "−" : "", ABS (scoring->gap));
}

char *
jx_scoring_to_compact (const JxScoring *scoring)
{
  g_return_val_if_fail (scoring != NULL, NULL);

  return g_strdup_printf ("%d/%d/%d", scoring->match, scoring->mismatch, scoring->gap);
}
