/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "jx-cli-common.h"
#include "jx-cli-pairing.h"

gboolean
jx_cli_pairing_parse (const char    *text,
                      JxPairingMode *mode)
{
  if (text == NULL)
    {
      *mode = JX_PAIRING_AUTO;
      return TRUE;
    }
  return jx_pairing_mode_from_string (text, mode);
}

int
jx_cli_pairing_usage_error (const char *subcommand,
                            const char *text)
{
  return jx_cli_usage_error (subcommand, _("unknown pairing “%s” (use name, structure or auto)"), text);
}

gboolean
jx_cli_pairing_parse_pairs (char   **texts,
                            GArray  *pairs)
{
  for (guint i = 0; texts != NULL && texts[i] != NULL; i++)
    {
      char *eq = strchr (texts[i], '=');
      JxNamePair pair;

      if (eq == NULL || eq == texts[i] || eq[1] == '\0')
        return FALSE;
      *eq = '\0';
      pair.name_a = texts[i];
      pair.name_b = eq + 1;
      g_array_append_val (pairs, pair);
    }
  return TRUE;
}

JxNamePair *
jx_cli_pairing_from_flat (const char *const *flat,
                          guint             *n_pairs)
{
  guint n = flat != NULL ? g_strv_length ((char **) flat) / 2 : 0;
  JxNamePair *pairs = g_new0 (JxNamePair, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    {
      pairs[i].name_a = flat[2 * i];
      pairs[i].name_b = flat[2 * i + 1];
    }
  *n_pairs = n;
  return pairs;
}

static gboolean
by_hand (const JxComparisonPair *p)
{
  return p->stream_a != JX_NONE && p->stream_b != JX_NONE &&
         jx_comparison_pair_get_method (p) == JX_PAIRED_BY_USER;
}

guint
jx_cli_pairing_count_by_hand (JxComparison *cmp)
{
  guint n = 0;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    n += by_hand (jx_comparison_get_pair (cmp, i));
  return n;
}

void
jx_cli_pairing_append_by_hand (GString      *out,
                               JxComparison *cmp)
{
  gboolean first = TRUE;

  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);

      if (!by_hand (p))
        continue;
      if (first)
        g_string_append_c (out, '\n');
      first = FALSE;
      /* Translators: a stream pair made by --pair (or "Compare With…" in
       * the window), whatever the names say: A stream ↔ B stream */
      g_string_append_printf (out, _("Paired by hand: %s ↔ %s\n"), p->name_a, p->name_b);
    }
}

static gboolean
by_structure (const JxComparisonPair *p)
{
  return p->stream_a != JX_NONE && p->stream_b != JX_NONE &&
         jx_comparison_pair_get_method (p) == JX_PAIRED_BY_STRUCTURE;
}

/* "0.98", or "–" for no partner. */
static char *
similarity_text (double similarity)
{
  return similarity >= 0.0 ? g_strdup_printf ("%.2f", similarity) : g_strdup ("–");
}

void
jx_cli_pairing_append_text (GString      *out,
                            JxComparison *cmp)
{
  const JxPairingSummary *summary = jx_comparison_get_pairing_summary (cmp);
  guint n = jx_comparison_get_n_pairs (cmp);

  if (summary->n_by_structure > 0)
    {
      g_string_append_printf (out, "\n");
      if (summary->mode == JX_PAIRING_AUTO)
        g_string_append_printf (out,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "Paired by structure (--pairing auto): %u stream pair whose streams call far more alike functions than with their namesakes (by %.2f or more on a scale of 0 to 1; --pairing name keeps the names):\n",
                                             "Paired by structure (--pairing auto): %u stream pairs whose streams call far more alike functions than with their namesakes (on average by %.2f or more on a scale of 0 to 1; --pairing name keeps the names):\n",
                                             summary->n_by_structure),
                                summary->n_by_structure, JX_PAIRING_MARGIN);
      else
        g_string_append_printf (out,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "Paired by structure (--pairing structure): %u stream pair differs from the pairing by name:\n",
                                             "Paired by structure (--pairing structure): %u stream pairs differ from the pairing by name:\n",
                                             summary->n_by_structure),
                                summary->n_by_structure);
      for (guint i = 0; i < n; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
          g_autofree char *now = NULL;
          g_autofree char *before = NULL;

          if (!by_structure (p))
            continue;
          now = similarity_text (p->structure_similarity);
          before = similarity_text (p->other_similarity);
          /* Translators: A stream ↔ B stream (by name: B stream, structure similarity 0.03 → 0.98) */
          g_string_append_printf (out, _("  %s ↔ %s (by name: %s; structural similarity %s → %s)\n"),
                                  jx_cli_nonnull (p->name_a), jx_cli_nonnull (p->name_b),
                                  p->other_name != NULL ? p->other_name : _("unpaired"), before, now);
        }
    }

  if (summary->n_crossed > 0)
    {
      g_string_append_printf (out, "\n");
      g_string_append_printf (out,
                              g_dngettext (GETTEXT_PACKAGE,
                                           "Caveat: paired by name, but %u stream calls far more alike functions than another partner does (by %.2f or more on a scale of 0 to 1); --pairing structure (or auto) pairs it by what it does:\n",
                                           "Caveat: paired by name, but %u streams call far more alike functions than other partners do (on average by %.2f or more on a scale of 0 to 1); --pairing structure (or auto) pairs them by what they do:\n",
                                           summary->n_crossed),
                              summary->n_crossed, JX_PAIRING_MARGIN);
      for (guint i = 0; i < n; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (cmp, i);
          g_autofree char *now = NULL;
          g_autofree char *better = NULL;

          if (!p->crossed)
            continue;
          now = similarity_text (p->structure_similarity);
          better = similarity_text (p->other_similarity);
          /* Translators: A stream ↔ B stream (structural similarity 0.03); by structure ↔ other B stream (0.98) */
          g_string_append_printf (out, _("  %s ↔ %s (structural similarity %s); by structure ↔ %s (%s)\n"),
                                  jx_cli_nonnull (p->name_a),
                                  p->name_b != NULL ? p->name_b : _("unpaired"), now,
                                  p->other_name != NULL ? p->other_name : _("unpaired"), better);
        }
    }
}

char *
jx_cli_pairing_caveat_line (JxComparison *cmp)
{
  const JxPairingSummary *summary = jx_comparison_get_pairing_summary (cmp);

  if (summary->n_crossed == 0)
    return NULL;
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "paired by name, but %u stream calls far more alike functions than another partner does; --pairing structure (or auto) pairs it by what it does",
                                       "paired by name, but %u streams call far more alike functions than other partners do; --pairing structure (or auto) pairs them by what they do",
                                       summary->n_crossed),
                          summary->n_crossed);
}

void
jx_cli_pairing_json_summary (JsonBuilder  *builder,
                             JxComparison *cmp)
{
  const JxPairingSummary *summary = jx_comparison_get_pairing_summary (cmp);
  g_autofree char *caveat = jx_cli_pairing_caveat_line (cmp);

  json_builder_set_member_name (builder, "pairing");
  json_builder_begin_object (builder);
  jx_cli_json_add_string (builder, "mode", jx_pairing_mode_to_string (summary->mode));
  jx_cli_json_add_double (builder, "margin", JX_PAIRING_MARGIN);
  jx_cli_json_add_int (builder, "by_structure", summary->n_by_structure);
  jx_cli_json_add_int (builder, "by_hand", jx_cli_pairing_count_by_hand (cmp));
  jx_cli_json_add_int (builder, "crossed", summary->n_crossed);
  jx_cli_json_add_int (builder, "greedy_groups", summary->n_greedy);
  jx_cli_json_add_int (builder, "groups_left_to_names", summary->n_too_large);
  json_builder_set_member_name (builder, "caveat");
  if (caveat != NULL)
    json_builder_add_string_value (builder, caveat);
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);
}

void
jx_cli_pairing_json_pair (JsonBuilder            *builder,
                          const JxComparisonPair *p)
{
  json_builder_set_member_name (builder, "structure_similarity");
  if (p->structure_similarity >= 0.0)
    json_builder_add_double_value (builder, p->structure_similarity);
  else
    json_builder_add_null_value (builder);
  jx_cli_json_add_boolean (builder, "crossed", p->crossed);
  if (p->other_name != NULL)
    {
      jx_cli_json_add_string (builder, p->crossed ? "by_structure_partner" : "by_name_partner", p->other_name);
      jx_cli_json_add_double (builder, "other_similarity", p->other_similarity);
    }
}

void
jx_cli_pairing_csv_fields (GString                *line,
                           const JxComparisonPair *p)
{
  g_autofree char *note = NULL;

  g_string_append_c (line, ',');
  if (p->structure_similarity >= 0.0)
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append (line, g_ascii_formatd (number, sizeof number, "%.6f", p->structure_similarity));
    }
  g_string_append_c (line, ',');
  if (p->crossed)
    note = g_strdup_printf (_("paired by name; by structure with “%s” (similarity %.2f instead of %.2f): --pairing structure"),
                            p->other_name != NULL ? p->other_name : _("none"), p->other_similarity,
                            MAX (p->structure_similarity, 0.0));
  else if (by_structure (p))
    note = g_strdup_printf (_("paired by structure; by name with “%s” (similarity %.2f instead of %.2f): --pairing name"),
                            p->other_name != NULL ? p->other_name : _("none"), MAX (p->other_similarity, 0.0),
                            p->structure_similarity);
  if (note != NULL)
    jx_cli_csv_append_field (line, note);
}

const char *
jx_cli_pairing_caveat_token (const JxComparisonPair *p)
{
  return p->crossed ? "pairing-crossed" : NULL;
}
