/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-diff-tree.c — `juxtrace-cli diff --tree` and `--folded` (see
 * jx-cli-diff-tree.h; formats in docs/difftree.md). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-cli-diff-tree.h"
#include "jx-cli-scores.h"
#include "jx-diff-tree.h"
#include "jx-time.h"

/* Text hides nodes below this share of the larger total unless
 * --min-percent says otherwise; JSON and CSV show every node. */
#define TEXT_DEFAULT_MIN_PERCENT 1.0

void
jx_cli_diff_tree_add_entries (GOptionContext *context,
                              JxCliDiffTree  *options)
{
  const GOptionEntry entries[] = {
    { "tree", 0, 0, G_OPTION_ARG_NONE, &options->tree,
      N_("Print the merged call tree of both traces along the alignment instead: per call path the calls, "
         "inclusive and exclusive time of A and B, Δ, ratio and whether the calls are in both or one trace"), NULL },
    { "per-pair", 0, 0, G_OPTION_ARG_NONE, &options->per_pair,
      N_("With --tree: also the tree of every compared stream pair, after the one summed over all"), NULL },
    { "depth", 0, 0, G_OPTION_ARG_INT, &options->max_depth,
      N_("With --tree: show call paths down to this depth (1 = top-level calls; default all)"), N_("N") },
    { "min-percent", 0, 0, G_OPTION_ARG_DOUBLE, &options->min_percent,
      N_("With --tree: hide call paths whose inclusive time is below PCT % of the larger total on both sides "
         "(text default 1, JSON and CSV 0: all); each hidden group is counted with its time"), N_("PCT") },
    { "folded", 0, 0, G_OPTION_ARG_FILENAME, &options->folded,
      N_("Write the tree as folded stacks “frame;frame;… countA countB” (exclusive µs) for flamegraph.pl to FILE "
         "(- = standard output)"), N_("FILE") },
    { "folded-side", 0, 0, G_OPTION_ARG_STRING, &options->folded_side,
      N_("With --folded: both count columns (default), or only a’s or b’s, one count per line as difffolded.pl "
         "reads them"), N_("both|a|b") },
    { NULL }
  };

  options->min_percent = -1.0;
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
}

void
jx_cli_diff_tree_clear (JxCliDiffTree *options)
{
  g_clear_pointer (&options->folded, g_free);
  g_clear_pointer (&options->folded_side, g_free);
}

gboolean
jx_cli_diff_tree_wanted (const JxCliDiffTree *options)
{
  return options->tree || options->folded != NULL;
}

static gboolean
folded_columns (const char              *side,
                JxDiffTreeFoldedColumns *out)
{
  if (side == NULL || g_ascii_strcasecmp (side, "both") == 0)
    *out = JX_DIFF_TREE_FOLDED_BOTH;
  else if (g_ascii_strcasecmp (side, "a") == 0)
    *out = JX_DIFF_TREE_FOLDED_A;
  else if (g_ascii_strcasecmp (side, "b") == 0)
    *out = JX_DIFF_TREE_FOLDED_B;
  else
    return FALSE;
  return TRUE;
}

char *
jx_cli_diff_tree_check (const JxCliDiffTree *options,
                        gboolean             json,
                        gboolean             csv)
{
  JxDiffTreeFoldedColumns columns;

  if (!options->tree && (options->per_pair || options->max_depth != 0 || options->min_percent >= 0.0))
    return g_strdup (_("--per-pair, --depth and --min-percent shape the tree: use them with --tree"));
  if (options->max_depth < 0)
    return g_strdup (_("--depth needs a depth, 1 or more (0 = all)"));
  if (options->min_percent >= 0.0 && !(options->min_percent <= 100.0))
    return g_strdup (_("--min-percent needs a percentage from 0 to 100"));
  if (options->folded_side != NULL && options->folded == NULL)
    return g_strdup (_("--folded-side goes with --folded FILE"));
  if (!folded_columns (options->folded_side, &columns))
    return g_strdup_printf (_("unknown --folded-side “%s” (use both, a or b)"), options->folded_side);
  if (options->folded != NULL && strcmp (options->folded, "-") == 0 && (options->tree || json || csv))
    return g_strdup (_("--folded - writes the folded stacks to standard output: leave out --tree, --json and --csv, "
                       "or give --folded a file"));
  return NULL;
}

/* Text ------------------------------------------------------------------------- */

static char *
format_seconds (double seconds,
                gboolean signed_)
{
  g_autofree char *t = jx_time_format (jx_time_seconds_to_ns (seconds), 3);

  if (signed_ && seconds > 0.0 && jx_time_seconds_to_ns (seconds) > 0)
    return g_strconcat ("+", t, NULL);
  return g_steal_pointer (&t);
}

/* "×1.33", "new" (only B has time), "gone" (only A has), "—" (neither). */
static char *
format_ratio (double ratio)
{
  if (isnan (ratio))
    return g_strdup ("—");
  if (isinf (ratio))
    return g_strdup (_("new"));
  if (ratio == 0.0)
    return g_strdup (_("gone"));
  if (ratio < 0.01)
    return g_strdup_printf ("×%.2g", ratio);
  return g_strdup_printf (ratio < 10.0 ? "×%.2f" : ratio < 100.0 ? "×%.1f" : "×%.0f", ratio);
}

static const char *
state_text (JxDiffTreeState state)
{
  switch (state)
    {
    case JX_DIFF_TREE_BOTH:      return _("both");
    case JX_DIFF_TREE_DIFFERENT: return _("different");
    case JX_DIFF_TREE_ONLY_A:    return _("only A");
    case JX_DIFF_TREE_ONLY_B:    return _("only B");
    case JX_DIFF_TREE_MIXED:     return _("mixed");
    case JX_DIFF_TREE_N_STATES:
    default:                     return "";
    }
}

/* What a view of the tree shows: nodes down to max_depth whose inclusive
 * time on one side reaches min_seconds. */
typedef struct
{
  const JxDiffTree *tree;
  guint             max_depth;     /* 0 = all */
  double            min_seconds;
  const JxScoring  *scoring;       /* for the CSV's last column */
} View;

static gboolean
node_shown (const View *v,
            guint32     node)
{
  const JxDiffTree *t = v->tree;

  return MAX (jx_diff_tree_seconds (t, node, FALSE, FALSE), jx_diff_tree_seconds (t, node, FALSE, TRUE)) >= v->min_seconds;
}

/* Nodes below node (not node itself). */
static guint64
count_descendants (const JxDiffTree *t,
                   guint32           node)
{
  guint64 n = 0;

  for (guint32 c = t->first_child[node]; c != JX_NONE; c = t->next_sibling[c])
    n += 1 + count_descendants (t, c);
  return n;
}

static void
view_init (View             *v,
           const JxDiffTree *t,
           guint             max_depth,
           double            min_percent)
{
  double total = MAX (jx_diff_tree_seconds (t, JX_DIFF_TREE_ROOT, FALSE, FALSE),
                      jx_diff_tree_seconds (t, JX_DIFF_TREE_ROOT, FALSE, TRUE));

  v->tree = t;
  v->scoring = NULL;
  v->max_depth = max_depth;
  v->min_seconds = min_percent > 0.0 ? total * min_percent / 100.0 : 0.0;
}

/* Children of node that are shown, ordered by |Δ|; hidden ones summed. */
typedef struct
{
  guint32 *shown;
  guint    n_shown;
  guint64  hidden_nodes;      /* hidden children and everything below them */
  guint    hidden_children;
  double   hidden_a;          /* inclusive seconds of the hidden children */
  double   hidden_b;
  guint64  below_depth;       /* nodes below max_depth */
} Children;

static void
children_get (const View *v,
              guint32     node,
              Children   *out)
{
  const JxDiffTree *t = v->tree;
  guint n;
  g_autofree guint32 *all = jx_diff_tree_sorted_children (t, node, &n);

  memset (out, 0, sizeof *out);
  out->shown = g_new (guint32, MAX (n, 1));
  if (v->max_depth > 0 && t->depth[node] >= v->max_depth)
    {
      out->below_depth = count_descendants (t, node);
      return;
    }
  for (guint i = 0; i < n; i++)
    if (node_shown (v, all[i]))
      out->shown[out->n_shown++] = all[i];
    else
      {
        out->hidden_children++;
        out->hidden_nodes += 1 + count_descendants (t, all[i]);
        out->hidden_a += jx_diff_tree_seconds (t, all[i], FALSE, FALSE);
        out->hidden_b += jx_diff_tree_seconds (t, all[i], FALSE, TRUE);
      }
}

static void
children_clear (Children *c)
{
  g_clear_pointer (&c->shown, g_free);
}

#define W_TIME  10
#define W_DELTA 11
#define W_RATIO 7
#define W_CALLS 19
#define W_STATE 10

static void
append_text_row (GString          *out,
                 const JxDiffTree *t,
                 guint32           node)
{
  g_autofree char *ia = format_seconds (jx_diff_tree_seconds (t, node, FALSE, FALSE), FALSE);
  g_autofree char *ib = format_seconds (jx_diff_tree_seconds (t, node, FALSE, TRUE), FALSE);
  g_autofree char *d = format_seconds (jx_diff_tree_delta (t, node, FALSE), TRUE);
  g_autofree char *r = format_ratio (jx_diff_tree_ratio (t, node, FALSE, FALSE));
  g_autofree char *ds = format_seconds (jx_diff_tree_delta (t, node, TRUE), TRUE);
  g_autofree char *calls = g_strdup_printf ("%" G_GUINT64_FORMAT " → %" G_GUINT64_FORMAT, t->calls_a[node],
                                            t->calls_b[node]);
  g_autofree char *label = jx_diff_tree_dup_label (t, node);
  g_autofree char *indent = g_strnfill (2 * MIN (t->depth[node] - 1u, 40u), ' ');
  JxDiffTreeState state = jx_diff_tree_get_state (t, node);
  g_autofree char *state_note = NULL;

  if (state == JX_DIFF_TREE_MIXED)
    state_note = g_strdup_printf ("%s (%" G_GUINT64_FORMAT "|%" G_GUINT64_FORMAT ")", state_text (state),
                                  t->only_calls_a[node], t->only_calls_b[node]);
  jx_cli_append_padded (out, ia, W_TIME, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, ib, W_TIME, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, d, W_DELTA, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, r, W_RATIO, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, ds, W_DELTA, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, calls, W_CALLS, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, state_note != NULL ? state_note : state_text (state), W_STATE + 6, FALSE);
  g_string_append_printf (out, " %s%s\n", indent, label);
}

static void
append_hidden_line (GString        *out,
                    const Children *c,
                    guint           depth,
                    double          min_percent)
{
  g_autofree char *indent = g_strnfill (2 * MIN (depth, 40u), ' ');
  guint pad = W_TIME * 2 + W_DELTA * 2 + W_RATIO + W_CALLS + W_STATE + 6 + 8;

  if (c->hidden_children > 0)
    {
      g_autofree char *a = format_seconds (c->hidden_a, FALSE);
      g_autofree char *b = format_seconds (c->hidden_b, FALSE);
      g_autofree char *line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "… %u more callee below %g %%: A %s, B %s",
                                                            "… %u more callees below %g %%: A %s, B %s",
                                                            c->hidden_children),
                                               c->hidden_children, min_percent, a, b);

      if (c->hidden_nodes > c->hidden_children)
        {
          g_autofree char *with = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                " (%" G_GUINT64_FORMAT " call path with their callees)",
                                                                " (%" G_GUINT64_FORMAT " call paths with their callees)",
                                                                (gulong) MIN (c->hidden_nodes, G_MAXULONG)),
                                                   c->hidden_nodes);
          char *joined = g_strconcat (line, with, NULL);

          g_free (line);
          line = joined;
        }
      g_string_append_printf (out, "%*s%s%s\n", (int) pad, "", indent, line);
    }
  if (c->below_depth > 0)
    {
      g_autofree char *line = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "… %" G_GUINT64_FORMAT " call path below --depth",
                                                            "… %" G_GUINT64_FORMAT " call paths below --depth",
                                                            (gulong) MIN (c->below_depth, G_MAXULONG)),
                                               c->below_depth);

      g_string_append_printf (out, "%*s%s%s\n", (int) pad, "", indent, line);
    }
}

static void
append_text_subtree (GString    *out,
                     const View *v,
                     guint32     node,
                     double      min_percent)
{
  Children c;

  if (node != JX_DIFF_TREE_ROOT)
    append_text_row (out, v->tree, node);
  children_get (v, node, &c);
  for (guint i = 0; i < c.n_shown; i++)
    append_text_subtree (out, v, c.shown[i], min_percent);
  append_hidden_line (out, &c, v->tree->depth[node], min_percent);
  children_clear (&c);
}

static void
append_text_tree (GString          *out,
                  const JxDiffTree *t,
                  const JxCliDiffTree *options,
                  double            min_percent)
{
  View v;
  g_autofree char *ta = format_seconds (jx_diff_tree_seconds (t, JX_DIFF_TREE_ROOT, FALSE, FALSE), FALSE);
  g_autofree char *tb = format_seconds (jx_diff_tree_seconds (t, JX_DIFF_TREE_ROOT, FALSE, TRUE), FALSE);
  g_autofree char *td = format_seconds (jx_diff_tree_delta (t, JX_DIFF_TREE_ROOT, FALSE), TRUE);
  g_autofree char *tr = format_ratio (jx_diff_tree_ratio (t, JX_DIFF_TREE_ROOT, FALSE, FALSE));

  view_init (&v, t, (guint) options->max_depth, min_percent);
  g_string_append_printf (out, _("Time in calls (the top-level calls of the compared streams): A %s, B %s, Δ %s (%s)\n"),
                          ta, tb, td, tr);
  jx_cli_append_padded (out, _("incl. A"), W_TIME, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, _("incl. B"), W_TIME, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, _("Δ incl."), W_DELTA, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, _("B/A"), W_RATIO, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, _("Δ self"), W_DELTA, TRUE);
  g_string_append_c (out, ' ');
  jx_cli_append_padded (out, _("calls A → B"), W_CALLS, TRUE);
  g_string_append (out, "  ");
  jx_cli_append_padded (out, _("state"), W_STATE + 6, FALSE);
  g_string_append_printf (out, " %s\n", _("call path"));
  append_text_subtree (out, &v, JX_DIFF_TREE_ROOT, min_percent);
}

static void
print_text (const JxCliDiff     *diff,
            const JxDiffTree    *summed,
            GPtrArray           *per_pair,
            GArray              *pair_index,
            const JxCliDiffTree *options)
{
  g_autoptr(GString) out = g_string_new (NULL);
  double min_percent = options->min_percent >= 0.0 ? options->min_percent : TEXT_DEFAULT_MIN_PERCENT;

  g_string_append_printf (out, _("Merged call tree of A “%s” (reference) and B “%s”, summed over %u compared stream pairs\n"),
                          diff->label_a, diff->label_b, summed->n_stream_pairs);
  jx_cli_scores_append_text (out, jx_comparison_get_scoring (diff->cmp));
  g_string_append (out, _("Each call sits where the alignment put it: under its aligned caller, labelled with its function\n"
                          "(“f → g” where a call of f in A was aligned with a call of g in B). Per call path: inclusive\n"
                          "time of A and B, Δ = B − A, the ratio B/A, Δ of the exclusive (self) time, calls, and the state:\n"
                          "both = every call matched, only A / only B = calls of one trace only, mixed (a|b) = a calls only\n"
                          "in A and b only in B besides matched ones, different = calls matched with another function.\n"
                          "Σ Δ self over a function's rows is its whole change, counting every call. Callees are ordered by |Δ|.\n"));
  if (min_percent > 0.0)
    g_string_append_printf (out, _("Call paths below %g %% of the larger total are hidden and counted (--min-percent 0 shows all).\n"),
                            min_percent);
  g_string_append_c (out, '\n');
  append_text_tree (out, summed, options, min_percent);
  for (guint i = 0; per_pair != NULL && i < per_pair->len; i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (diff->cmp, g_array_index (pair_index, guint, i));

      g_string_append_printf (out, "\n%s ⇔ %s\n", jx_cli_nonnull (p->name_a), jx_cli_nonnull (p->name_b));
      append_text_tree (out, g_ptr_array_index (per_pair, i), options, min_percent);
    }
  fputs (out->str, stdout);
}

/* JSON ------------------------------------------------------------------------- */

static void
add_ratio (JsonBuilder *b,
           const char  *name,
           double       ratio)
{
  json_builder_set_member_name (b, name);
  if (isnan (ratio) || isinf (ratio))
    json_builder_add_null_value (b);
  else
    json_builder_add_double_value (b, ratio);
}

static void
add_json_node (JsonBuilder *b,
               const View  *v,
               guint32      node)
{
  const JxDiffTree *t = v->tree;
  Children c;

  json_builder_begin_object (b);
  if (node != JX_DIFF_TREE_ROOT)
    {
      g_autofree char *label = jx_diff_tree_dup_label (t, node);

      jx_cli_json_add_string (b, "label", label);
      jx_cli_json_add_string (b, "function_a", t->names[t->symbol_a[node]]);
      jx_cli_json_add_string (b, "function_b", t->names[t->symbol_b[node]]);
      jx_cli_json_add_string (b, "state", jx_diff_tree_state_to_string (jx_diff_tree_get_state (t, node)));
      jx_cli_json_add_int (b, "depth", t->depth[node]);
    }
  jx_cli_json_add_int (b, "calls_a", (gint64) t->calls_a[node]);
  jx_cli_json_add_int (b, "calls_b", (gint64) t->calls_b[node]);
  jx_cli_json_add_int (b, "one_sided_calls_a", (gint64) t->only_calls_a[node]);
  jx_cli_json_add_int (b, "one_sided_calls_b", (gint64) t->only_calls_b[node]);
  jx_cli_json_add_double (b, "inclusive_seconds_a", jx_diff_tree_seconds (t, node, FALSE, FALSE));
  jx_cli_json_add_double (b, "inclusive_seconds_b", jx_diff_tree_seconds (t, node, FALSE, TRUE));
  jx_cli_json_add_double (b, "exclusive_seconds_a", jx_diff_tree_seconds (t, node, TRUE, FALSE));
  jx_cli_json_add_double (b, "exclusive_seconds_b", jx_diff_tree_seconds (t, node, TRUE, TRUE));
  jx_cli_json_add_double (b, "one_sided_inclusive_seconds_a", (double) t->only_incl_a[node] * t->seconds_per_tick_a);
  jx_cli_json_add_double (b, "one_sided_inclusive_seconds_b", (double) t->only_incl_b[node] * t->seconds_per_tick_b);
  jx_cli_json_add_double (b, "delta_inclusive_seconds", jx_diff_tree_delta (t, node, FALSE));
  jx_cli_json_add_double (b, "delta_exclusive_seconds", jx_diff_tree_delta (t, node, TRUE));
  add_ratio (b, "ratio_inclusive", jx_diff_tree_ratio (t, node, FALSE, FALSE));
  add_ratio (b, "ratio_exclusive", jx_diff_tree_ratio (t, node, TRUE, FALSE));

  children_get (v, node, &c);
  json_builder_set_member_name (b, "children");
  json_builder_begin_array (b);
  for (guint i = 0; i < c.n_shown; i++)
    add_json_node (b, v, c.shown[i]);
  json_builder_end_array (b);
  if (c.hidden_children > 0 || c.below_depth > 0)
    {
      json_builder_set_member_name (b, "hidden");
      json_builder_begin_object (b);
      jx_cli_json_add_int (b, "children", c.hidden_children);
      jx_cli_json_add_int (b, "call_paths", (gint64) (c.hidden_nodes + c.below_depth));
      jx_cli_json_add_double (b, "inclusive_seconds_a", c.hidden_a);
      jx_cli_json_add_double (b, "inclusive_seconds_b", c.hidden_b);
      jx_cli_json_add_boolean (b, "below_depth", c.below_depth > 0);
      json_builder_end_object (b);
    }
  children_clear (&c);
  json_builder_end_object (b);
}

static void
print_json (const JxCliDiff     *diff,
            const JxDiffTree    *summed,
            GPtrArray           *per_pair,
            GArray              *pair_index,
            const JxCliDiffTree *options)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  double min_percent = MAX (options->min_percent, 0.0);
  View v;

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "trace_a", diff->label_a);
  jx_cli_json_add_string (b, "trace_b", diff->label_b);
  jx_cli_json_add_string (b, "path_a", diff->path_a);
  jx_cli_json_add_string (b, "path_b", diff->path_b);
  jx_cli_json_add_int (b, "compared_stream_pairs", summed->n_stream_pairs);
  jx_cli_scores_add_json (b, jx_comparison_get_scoring (diff->cmp));
  jx_cli_json_add_double (b, "min_percent", min_percent);
  json_builder_set_member_name (b, "max_depth");
  if (options->max_depth > 0)
    json_builder_add_int_value (b, options->max_depth);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "tree");
  view_init (&v, summed, (guint) options->max_depth, min_percent);
  add_json_node (b, &v, JX_DIFF_TREE_ROOT);
  if (per_pair != NULL)
    {
      json_builder_set_member_name (b, "pairs");
      json_builder_begin_array (b);
      for (guint i = 0; i < per_pair->len; i++)
        {
          const JxComparisonPair *p = jx_comparison_get_pair (diff->cmp, g_array_index (pair_index, guint, i));

          json_builder_begin_object (b);
          jx_cli_json_add_string (b, "stream_a", p->name_a);
          jx_cli_json_add_string (b, "stream_b", p->name_b);
          json_builder_set_member_name (b, "tree");
          view_init (&v, g_ptr_array_index (per_pair, i), (guint) options->max_depth, min_percent);
          add_json_node (b, &v, JX_DIFF_TREE_ROOT);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  jx_cli_print_json (root);
}

/* CSV -------------------------------------------------------------------------- */

static void
append_csv_subtree (GString                *out,
                    const View             *v,
                    guint32                 node,
                    const JxComparisonPair *pair,
                    GString                *path)
{
  const JxDiffTree *t = v->tree;
  gsize path_len = path->len;
  Children c;

  if (node != JX_DIFF_TREE_ROOT)
    {
      jx_diff_tree_append_csv_path (path, t, node);
      jx_diff_tree_append_csv_row (out, t, node, pair != NULL ? jx_cli_nonnull (pair->name_a) : "",
                                   pair != NULL ? jx_cli_nonnull (pair->name_b) : "", path->str);
      jx_cli_scores_csv_field (out, v->scoring);
      g_string_append_c (out, '\n');
    }
  children_get (v, node, &c);
  for (guint i = 0; i < c.n_shown; i++)
    append_csv_subtree (out, v, c.shown[i], pair, path);
  children_clear (&c);
  g_string_truncate (path, path_len);
}

static void
print_csv (const JxCliDiff     *diff,
           const JxDiffTree    *summed,
           GPtrArray           *per_pair,
           GArray              *pair_index,
           const JxCliDiffTree *options)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) path = g_string_new (NULL);
  double min_percent = MAX (options->min_percent, 0.0);
  View v;

  g_string_append (out, JX_DIFF_TREE_CSV_HEADER JX_CLI_SCORES_CSV_HEADER "\n");
  view_init (&v, summed, (guint) options->max_depth, min_percent);
  v.scoring = jx_comparison_get_scoring (diff->cmp);
  append_csv_subtree (out, &v, JX_DIFF_TREE_ROOT, NULL, path);
  for (guint i = 0; per_pair != NULL && i < per_pair->len; i++)
    {
      view_init (&v, g_ptr_array_index (per_pair, i), (guint) options->max_depth, min_percent);
      v.scoring = jx_comparison_get_scoring (diff->cmp);
      append_csv_subtree (out, &v, JX_DIFF_TREE_ROOT,
                          jx_comparison_get_pair (diff->cmp, g_array_index (pair_index, guint, i)), path);
    }
  fputs (out->str, stdout);
}

/* Folded stacks ---------------------------------------------------------------- */

static gboolean
write_folded (const JxDiffTree         *t,
              const char               *path,
              JxDiffTreeFoldedColumns   columns,
              guint64                  *n_lines,
              GError                  **error)
{
  g_autoptr(GString) out = g_string_new (NULL);

  *n_lines = jx_diff_tree_append_folded (t, columns, out);
  if (strcmp (path, "-") == 0)
    {
      if (fwrite (out->str, 1, out->len, stdout) != out->len || fflush (stdout) != 0)
        {
          int saved = errno;

          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), _("cannot write the folded stacks: %s"),
                       g_strerror (saved));
          return FALSE;
        }
      return TRUE;
    }
  return g_file_set_contents (path, out->str, (gssize) out->len, error);
}

int
jx_cli_diff_tree_run (const JxCliDiff     *diff,
                      const JxCliDiffTree *options,
                      gboolean             json,
                      gboolean             csv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxDiffTree) summed = NULL;
  g_autoptr(GPtrArray) per_pair = NULL;
  g_autoptr(GArray) pair_index = NULL;

  summed = jx_diff_tree_build (diff->cmp, diff->trace_a, diff->trace_b, G_MAXUINT, 0, NULL, &error);
  if (summed == NULL)
    return jx_cli_input_error ("diff", NULL, error);
  if (options->tree && options->per_pair)
    {
      per_pair = g_ptr_array_new_with_free_func ((GDestroyNotify) jx_diff_tree_free);
      pair_index = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint i = 0; i < jx_comparison_get_n_pairs (diff->cmp); i++)
        {
          JxDiffTree *one;

          if (!jx_comparison_pair_is_compared (jx_comparison_get_pair (diff->cmp, i)))
            continue;
          one = jx_diff_tree_build (diff->cmp, diff->trace_a, diff->trace_b, i, 1, NULL, &error);
          if (one == NULL)
            return jx_cli_input_error ("diff", NULL, error);
          g_ptr_array_add (per_pair, one);
          g_array_append_val (pair_index, i);
        }
    }

  if (options->folded != NULL)
    {
      JxDiffTreeFoldedColumns columns = JX_DIFF_TREE_FOLDED_BOTH;
      guint64 n_lines;

      folded_columns (options->folded_side, &columns);
      if (!write_folded (summed, options->folded, columns, &n_lines, &error))
        return jx_cli_input_error ("diff", options->folded, error);
      if (strcmp (options->folded, "-") == 0)
        return JX_CLI_EXIT_OK;
      if (!json && !csv)
        g_printerr (_("Wrote %" G_GUINT64_FORMAT " folded stacks to %s (counts: exclusive µs%s)\n"), n_lines,
                    options->folded,
                    columns == JX_DIFF_TREE_FOLDED_BOTH ? _(", A then B") :
                    columns == JX_DIFF_TREE_FOLDED_A ? _(", A") : _(", B"));
    }

  if (!options->tree)
    return -1;
  if (json)
    print_json (diff, summed, per_pair, pair_index, options);
  else if (csv)
    print_csv (diff, summed, per_pair, pair_index, options);
  else
    print_text (diff, summed, per_pair, pair_index, options);
  return JX_CLI_EXIT_OK;
}
