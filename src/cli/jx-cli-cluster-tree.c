/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-cluster-tree.c — `juxtrace-cli cluster --merged-tree`: the merged
 * call tree (src/analysis/jx-merged-tree.h, docs/msa.md) of one cluster's
 * streams or of streams chosen by name across the traces, as an indented
 * text tree, nested JSON or one CSV row per node. */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "jx-cli.h"
#include "jx-cli-cluster-private.h"
#include "jx-cli-common.h"
#include "jx-cli-scores.h"
#include "jx-merged-tree.h"
#include "jx-merged-tree-calls.h"
#include "jx-time.h"

/* Tree lines of the text unless --lines says. */
#define DEFAULT_LINES 200
/* Runs of stream names listed in a line before "… N more". */
#define LIST_RUNS 4

/* --- The streams ------------------------------------------------------------------- */

typedef struct
{
  JxTrace            **traces;
  char               **labels;
  guint                n_traces;
  JxMergedTree        *tree;
  const JxScoring     *scoring;
  const JxCliClusterTree *options;
  /* Per stream of the tree: */
  const char         **trace_of;      /* label, or NULL when one trace */
  const char         **process_of;
  const char         **stream_of;     /* NULL when every stream has the same name */
  const char          *common_stream; /* that name */
  double              *spt;           /* seconds per tick */
  guint                max_depth;     /* 0 = all */
  guint8              *all_equal;     /* per node: it and everything below is equal */
  guint64             *shape;         /* per node: hash of its subtree's functions, states and streams */
  char                *what;          /* "cluster 1 (31 streams, cpu-thread)" */
} Tree;

static char *
short_name (const Tree *t,
            guint       s)
{
  return jx_cli_join_name (t->trace_of[s], t->process_of[s], t->stream_of[s]);
}

/* The streams of the indices as runs, at most LIST_RUNS of them. */
static char *
list_streams (const Tree    *t,
              const guint32 *streams,
              guint          n)
{
  g_autofree const char **traces = g_new (const char *, MAX (n, 1));
  g_autofree const char **processes = g_new (const char *, MAX (n, 1));
  g_autofree const char **names = g_new (const char *, MAX (n, 1));
  g_autoptr(GPtrArray) runs = NULL;
  GString *out = g_string_new (NULL);

  for (guint k = 0; k < n; k++)
    {
      traces[k] = t->trace_of[streams[k]];
      processes[k] = t->process_of[streams[k]];
      names[k] = t->stream_of[streams[k]];
    }
  runs = jx_cli_name_runs (traces, processes, names, n);
  for (guint r = 0; r < runs->len && r < LIST_RUNS; r++)
    g_string_append_printf (out, "%s%s", r > 0 ? ", " : "", (const char *) g_ptr_array_index (runs, r));
  if (runs->len > LIST_RUNS)
    {
      guint rest = 0;

      /* Count the streams, not the runs, that are left out. */
      for (guint r = LIST_RUNS; r < runs->len; r++)
        {
          const char *run = g_ptr_array_index (runs, r);
          const char *dash = strstr (run, "–");

          rest += 1;
          if (dash != NULL)
            {
              const char *a = dash, *b = dash + strlen ("–");

              while (a > run && g_ascii_isdigit (a[-1]))
                a--;
              rest += (guint) (g_ascii_strtoull (b, NULL, 10) - g_ascii_strtoull (a, NULL, 10));
            }
        }
      g_string_append_printf (out, _(", … %u more"), rest);
    }
  return g_string_free (out, FALSE);
}

static GArray *
member_streams (JxMergedTree *tree,
                guint32       node)
{
  guint n;
  const JxMergedMember *m = jx_merged_tree_get_members (tree, node, &n);
  GArray *out = g_array_sized_new (FALSE, FALSE, sizeof (guint32), n);

  for (guint k = 0; k < n; k++)
    g_array_append_val (out, m[k].stream);
  return out;
}

/* The streams missing at node. */
static GArray *
missing_streams (JxMergedTree *tree,
                 guint32       node)
{
  guint n, k = 0;
  const JxMergedMember *m = jx_merged_tree_get_members (tree, node, &n);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint32 s = 0; s < jx_merged_tree_get_n_streams (tree); s++)
    {
      if (k < n && m[k].stream == s)
        {
          k++;
          continue;
        }
      g_array_append_val (out, s);
    }
  return out;
}

static void
tree_init (Tree *t)
{
  JxMergedTree *tree = t->tree;
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  guint n = jx_merged_tree_get_n_streams (tree);
  gboolean one_trace = TRUE, one_name = TRUE;

  t->trace_of = g_new (const char *, n);
  t->process_of = g_new (const char *, n);
  t->stream_of = g_new (const char *, n);
  t->spt = g_new (double, n);
  for (guint s = 0; s < n; s++)
    {
      JxStreamRef ref = jx_merged_tree_get_stream (tree, s);
      JxTrace *trace = t->traces[ref.trace];
      const JxStream *st = jx_trace_get_stream (trace, ref.stream);

      t->trace_of[s] = t->labels[ref.trace];
      t->process_of[s] = jx_cli_nonnull (jx_trace_get_process (trace, st->process)->name);
      t->stream_of[s] = jx_cli_nonnull (st->name);
      t->spt[s] = jx_trace_ticks_to_seconds (trace, 1);
      one_trace &= ref.trace == jx_merged_tree_get_stream (tree, 0).trace;
      one_name &= g_strcmp0 (t->stream_of[s], t->stream_of[0]) == 0;
    }
  t->common_stream = one_name ? t->stream_of[0] : NULL;
  for (guint s = 0; s < n; s++)
    {
      if (one_trace)
        t->trace_of[s] = NULL;
      if (one_name)
        t->stream_of[s] = NULL;
    }

  t->all_equal = g_new (guint8, MAX (nodes->n_nodes, 1));
  t->shape = g_new (guint64, MAX (nodes->n_nodes, 1));
  for (guint32 i = nodes->n_nodes; i > 0; i--)
    {
      guint32 v = i - 1;
      guint members;
      const JxMergedMember *m = jx_merged_tree_get_members (tree, v, &members);
      guint64 h = ((guint64) nodes->symbol[v] << 8 | nodes->state[v]) * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

      t->all_equal[v] = nodes->state[v] == JX_MERGED_EQUAL;
      for (guint k = 0; k < members && members < n; k++)
        h = (h ^ m[k].stream) * G_GUINT64_CONSTANT (0x100000001b3);
      h = (h ^ members) * G_GUINT64_CONSTANT (0x100000001b3);
      for (guint32 c = v + 1; c < nodes->subtree_end[v]; c = nodes->subtree_end[c])
        {
          t->all_equal[v] &= t->all_equal[c];
          h = (h ^ t->shape[c]) * G_GUINT64_CONSTANT (0x100000001b3);
        }
      t->shape[v] = h ^ (h >> 29);
    }
}

static void
tree_clear (Tree *t)
{
  g_free (t->trace_of);
  g_free (t->process_of);
  g_free (t->stream_of);
  g_free (t->spt);
  g_free (t->all_equal);
  g_free (t->shape);
  g_free (t->what);
}

/* Siblings from node on that fold into one line: the same function,
 * state and streams throughout their subtrees (equal hashes of those), of
 * the same size. */
static guint
run_length (const Tree *t,
            guint32     node)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (t->tree);
  guint32 size = nodes->subtree_end[node] - node, limit;
  guint count = 1;

  limit = nodes->parent[node] == JX_NONE ? nodes->n_nodes : nodes->subtree_end[nodes->parent[node]];
  for (guint32 next = nodes->subtree_end[node]; next < limit; next = nodes->subtree_end[next])
    {
      if (t->shape[next] != t->shape[node] || nodes->symbol[next] != nodes->symbol[node] ||
          nodes->state[next] != nodes->state[node] || nodes->n_members[next] != nodes->n_members[node] ||
          nodes->subtree_end[next] - next != size)
        break;
      count++;
    }
  return count;
}

static int
compare_double (gconstpointer pa,
                gconstpointer pb)
{
  double a = *(const double *) pa, b = *(const double *) pb;

  return a < b ? -1 : (a > b ? 1 : 0);
}

typedef struct
{
  double  min;
  double  median;
  double  max;
  guint32 outlier;            /* stream, JX_NONE */
  double  outlier_seconds;
} Times;

/* Exact statistics over the calls of count sibling nodes from node on. */
static void
run_times (const Tree *t,
           guint32     node,
           guint       count,
           Times      *out)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (t->tree);
  g_autoptr(GArray) d = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) who = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) sorted = NULL;
  guint32 v = node;
  double far = -1.0;

  for (guint r = 0; r < count; r++, v = nodes->subtree_end[v])
    {
      guint n;
      const JxMergedMember *m = jx_merged_tree_get_members (t->tree, v, &n);

      for (guint k = 0; k < n; k++)
        {
          JxStreamRef ref = jx_merged_tree_get_stream (t->tree, m[k].stream);
          const JxStream *st = jx_trace_get_stream (t->traces[ref.trace], ref.stream);
          double x = (double) (st->end[m[k].invocation] - st->start[m[k].invocation]) * t->spt[m[k].stream];

          g_array_append_val (d, x);
          g_array_append_val (who, m[k].stream);
        }
    }
  sorted = g_array_copy (d);
  g_array_sort (sorted, compare_double);
  out->min = g_array_index (sorted, double, 0);
  out->max = g_array_index (sorted, double, sorted->len - 1);
  out->median = sorted->len % 2 == 1 ? g_array_index (sorted, double, sorted->len / 2)
                                     : (g_array_index (sorted, double, sorted->len / 2 - 1) +
                                        g_array_index (sorted, double, sorted->len / 2)) / 2.0;
  out->outlier = JX_NONE;
  if (d->len < 3)
    return;
  for (guint k = 0; k < d->len; k++)
    {
      double x = g_array_index (d, double, k), dev = x > out->median ? x - out->median : out->median - x;

      if (dev > far)
        {
          far = dev;
          out->outlier = g_array_index (who, guint32, k);
          out->outlier_seconds = x;
        }
    }
}

static char *
seconds_text (double seconds)
{
  return jx_time_format ((gint64) (seconds * 1e9 + (seconds >= 0 ? 0.5 : -0.5)), 3);
}

/* --- Text ------------------------------------------------------------------------ */

/* The word of a merged node's state in text output. */
const char *
jx_cli_cluster_state_word (JxMergedState state)
{
  switch (state)
    {
    case JX_MERGED_EQUAL:
      return _("equal");
    case JX_MERGED_GAP:
      return _("gap");
    case JX_MERGED_DIFFERENT:
      return _("different");
    case JX_MERGED_N_STATES:
    default:
      return "";
    }
}

/* Who calls at a gap or different node, in the fewest words. */
static void
append_who (GString    *out,
            const Tree *t,
            guint32     node)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (t->tree);
  guint k = jx_merged_tree_get_n_streams (t->tree);

  if (nodes->state[node] == JX_MERGED_GAP)
    {
      g_autoptr(GArray) in = member_streams (t->tree, node);
      g_autoptr(GArray) out_ = missing_streams (t->tree, node);

      if (in->len <= out_->len)
        {
          g_autofree char *list = list_streams (t, (guint32 *) in->data, in->len);
          g_string_append_printf (out, _("  [only %s]"), list);
        }
      else
        {
          g_autofree char *list = list_streams (t, (guint32 *) out_->data, out_->len);
          g_string_append_printf (out, _("  [not %s]"), list);
        }
    }
  else if (nodes->state[node] == JX_MERGED_DIFFERENT)
    {
      g_autoptr(GArray) functions = jx_merged_tree_get_functions (t->tree, node);
      guint n;
      const JxMergedMember *m = jx_merged_tree_get_members (t->tree, node, &n);

      g_string_append (out, "  [");
      for (guint f = 0; f < functions->len; f++)
        {
          const JxMergedFunction *fn = &g_array_index (functions, JxMergedFunction, f);
          g_autoptr(GArray) who = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_autofree char *list = NULL;

          for (guint j = 0; j < n; j++)
            {
              JxStreamRef ref = jx_merged_tree_get_stream (t->tree, m[j].stream);
              const JxStream *st = jx_trace_get_stream (t->traces[ref.trace], ref.stream);
              const JxRegion *region = jx_trace_get_region (t->traces[ref.trace], st->region[m[j].invocation]);

              if (g_strcmp0 (region->name, jx_merged_tree_get_symbol_name (t->tree, fn->symbol)) == 0)
                g_array_append_val (who, m[j].stream);
            }
          list = list_streams (t, (guint32 *) who->data, who->len);
          g_string_append_printf (out, "%s%s: %s", f > 0 ? "; " : "",
                                  jx_merged_tree_get_symbol_name (t->tree, fn->symbol), list);
        }
      if (n < k)
        g_string_append_printf (out, _("; %u streams have no call here"), k - n);
      g_string_append_c (out, ']');
    }
}

static void
append_row (GString     *out,
            const Tree  *t,
            guint32      node,
            guint        run,
            guint        depth)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (t->tree);
  guint k = jx_merged_tree_get_n_streams (t->tree);
  const char *state = jx_cli_cluster_state_word (nodes->state[node]);
  g_autofree char *streams = g_strdup_printf ("%u/%u", nodes->n_members[node], k);
  g_autofree char *label = jx_merged_tree_dup_node_label (t->tree, node);
  g_autofree char *lo = NULL;
  g_autofree char *mid = NULL;
  g_autofree char *hi = NULL;
  Times times;

  if (run > 1)
    run_times (t, node, run, &times);
  else
    times = (Times) { nodes->min_seconds[node], nodes->median_seconds[node], nodes->max_seconds[node],
                      nodes->outlier[node], 0.0 };
  lo = seconds_text (times.min);
  mid = seconds_text (times.median);
  hi = seconds_text (times.max);

  g_string_append (out, "  ");
  jx_cli_append_padded (out, state, 12, FALSE);
  jx_cli_append_padded (out, streams, 11, TRUE);
  jx_cli_append_padded (out, lo, 11, TRUE);
  jx_cli_append_padded (out, mid, 11, TRUE);
  jx_cli_append_padded (out, hi, 11, TRUE);
  g_string_append (out, "   ");
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
  g_string_append (out, label);
  if (run > 1 && t->all_equal[node])
    g_string_append_printf (out, _(" ×%u (equal throughout)"), run);
  else if (run > 1)
    g_string_append_printf (out, _(" ×%u (alike)"), run);
  append_who (out, t, node);
  if (run == 1 && nodes->n_members[node] == 2 && times.max > times.min)
    {
      /* No outlier among two: say which one took longer. */
      guint n2;
      const JxMergedMember *m = jx_merged_tree_get_members (t->tree, node, &n2);
      double d[2];

      for (guint j = 0; j < 2; j++)
        {
          JxStreamRef ref = jx_merged_tree_get_stream (t->tree, m[j].stream);
          const JxStream *st = jx_trace_get_stream (t->traces[ref.trace], ref.stream);

          d[j] = (double) (st->end[m[j].invocation] - st->start[m[j].invocation]) * t->spt[m[j].stream];
        }
      {
        g_autofree char *name = short_name (t, m[d[1] > d[0]].stream);
        g_string_append_printf (out, _("  (longer: %s)"), name);
      }
    }
  if (times.outlier != JX_NONE && times.max > times.min && nodes->n_members[node] > 1)
    {
      g_autofree char *name = short_name (t, times.outlier);
      double at = times.outlier_seconds;

      if (run == 1)
        {
          guint32 inv = jx_merged_tree_find_member (t->tree, node, times.outlier);
          JxStreamRef ref = jx_merged_tree_get_stream (t->tree, times.outlier);
          const JxStream *st = jx_trace_get_stream (t->traces[ref.trace], ref.stream);

          at = (double) (st->end[inv] - st->start[inv]) * t->spt[times.outlier];
        }
      {
        g_autofree char *when = seconds_text (at);
        g_string_append_printf (out, _("  (outlier %s: %s)"), name, when);
      }
    }
}

static void
print_text (Tree         *t,
            char * const *paths)
{
  JxMergedTree *tree = t->tree;
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);
  g_autoptr(GString) out = g_string_new (NULL);
  guint k = jx_merged_tree_get_n_streams (tree);
  guint lines = t->options->lines < 0 ? DEFAULT_LINES : (guint) t->options->lines, shown = 0;
  guint64 hidden_depth = 0;
  guint32 i = 0;

  for (guint n = 0; n < t->n_traces; n++)
    g_string_append_printf (out, "%s (%s)\n", t->labels[n], paths[n]);
  g_string_append_printf (out, _("Merged call tree of %s\n"), t->what);
  g_string_append (out, _("Hierarchical multiple alignment (Weber 2016 §5.2.2): the streams’ call trees aligned level by\n"
                          "level; each node merges the calls the alignment put together, at most one per stream.\n"
                          "equal = every stream calls the same function there; gap = some streams have no call there;\n"
                          "different = different functions merged. Times: inclusive time of the node’s calls over the\n"
                          "streams calling there; the outlier is the stream farthest from the median. “f ×N” stands for\n"
                          "N calls in a row that are alike (the same functions of the same streams below each), with\n"
                          "their times over all N.\n"));
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%u node: ", "%u nodes: ", nodes->n_nodes), nodes->n_nodes);
  g_string_append_printf (out, _("%" PRIu64 " equal, %" PRIu64 " gap, %" PRIu64
                                 " different; "),
                          stats->by_state[JX_MERGED_EQUAL], stats->by_state[JX_MERGED_GAP],
                          stats->by_state[JX_MERGED_DIFFERENT]);
  if (stats->n_msa == 0)
    g_string_append_printf (out, _("every node’s callees were called in the same order by all its streams (no multiple "
                                   "alignment needed); %.3f s\n"),
                            stats->elapsed);
  else
    g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                              "%u node’s callees needed a multiple alignment (of up to %u distinct call sequences); %.3f s\n",
                                              "%u nodes’ callees needed a multiple alignment (of up to %u distinct call sequences); %.3f s\n",
                                              (gulong) stats->n_msa),
                            (guint) stats->n_msa, (guint) stats->max_msa_sequences, stats->elapsed);
  jx_cli_scores_append_text (out, t->scoring);
  g_string_append_c (out, '\n');

  g_string_append (out, "  ");
  jx_cli_append_padded (out, _("State"), 12, FALSE);
  jx_cli_append_padded (out, _("Streams"), 11, TRUE);
  jx_cli_append_padded (out, _("Min"), 11, TRUE);
  jx_cli_append_padded (out, _("Median"), 11, TRUE);
  jx_cli_append_padded (out, _("Max"), 11, TRUE);
  g_string_append_printf (out, "   %s\n", _("Merged call tree"));

  while (i < nodes->n_nodes)
    {
      guint depth = nodes->depth[i];
      guint run;

      if (t->max_depth > 0 && depth >= t->max_depth)
        {
          hidden_depth += nodes->subtree_end[i] - i;
          i = nodes->subtree_end[i];
          continue;
        }
      if (lines > 0 && shown == lines)
        break;
      run = run_length (t, i);
      append_row (out, t, i, run, depth);
      if (run == 1 && t->max_depth > 0 && depth + 1 == t->max_depth && nodes->subtree_end[i] > i + 1)
        {
          guint64 below = nodes->subtree_end[i] - i - 1, by_state[JX_MERGED_N_STATES] = { 0 };

          for (guint32 j = i + 1; j < nodes->subtree_end[i]; j++)
            by_state[nodes->state[j]]++;
          g_string_append_printf (out, _("  (+%" PRIu64 " below --depth: %" PRIu64 " gap, %"
                                         PRIu64 " different)"),
                                  below, by_state[JX_MERGED_GAP], by_state[JX_MERGED_DIFFERENT]);
        }
      g_string_append_c (out, '\n');
      shown++;
      if (run > 1)
        {
          for (guint r = 0; r < run; r++)
            i = nodes->subtree_end[i];
        }
      else
        i++;
    }
  if (i < nodes->n_nodes)
    g_string_append_printf (out, _("… %u more nodes not shown (--lines 0 shows all, --depth N limits the depth)\n"),
                            nodes->n_nodes - i - (guint) MIN (hidden_depth, nodes->n_nodes - i));
  (void) k;
  fputs (out->str, stdout);
}

/* --- JSON ------------------------------------------------------------------------ */

static void
add_json_node (JsonBuilder *b,
               const Tree  *t,
               guint32      node)
{
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (t->tree);
  guint k = jx_merged_tree_get_n_streams (t->tree);
  g_autofree char *label = jx_merged_tree_dup_node_label (t->tree, node);

  json_builder_begin_object (b);
  jx_cli_json_add_string (b, "function", label);
  jx_cli_json_add_string (b, "state", jx_merged_state_to_string (nodes->state[node]));
  jx_cli_json_add_int (b, "depth", nodes->depth[node] + 1);
  jx_cli_json_add_int (b, "streams", nodes->n_members[node]);
  if (nodes->n_members[node] < k)
    {
      g_autoptr(GArray) in = member_streams (t->tree, node);

      json_builder_set_member_name (b, "contributing");
      json_builder_begin_array (b);
      for (guint j = 0; j < in->len; j++)
        json_builder_add_int_value (b, g_array_index (in, guint32, j));
      json_builder_end_array (b);
    }
  if (nodes->state[node] == JX_MERGED_DIFFERENT)
    {
      g_autoptr(GArray) functions = jx_merged_tree_get_functions (t->tree, node);

      json_builder_set_member_name (b, "functions");
      json_builder_begin_array (b);
      for (guint f = 0; f < functions->len; f++)
        {
          json_builder_begin_object (b);
          jx_cli_json_add_string (b, "name", jx_merged_tree_get_symbol_name (t->tree, g_array_index (functions, JxMergedFunction, f).symbol));
          jx_cli_json_add_int (b, "streams", g_array_index (functions, JxMergedFunction, f).count);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  jx_cli_json_add_double (b, "min_seconds", nodes->min_seconds[node]);
  jx_cli_json_add_double (b, "median_seconds", nodes->median_seconds[node]);
  jx_cli_json_add_double (b, "max_seconds", nodes->max_seconds[node]);
  jx_cli_json_add_double (b, "sum_seconds", nodes->sum_seconds[node]);
  json_builder_set_member_name (b, "outlier");
  if (nodes->outlier[node] != JX_NONE)
    json_builder_add_int_value (b, nodes->outlier[node]);
  else
    json_builder_add_null_value (b);
  if (nodes->subtree_end[node] > node + 1)
    {
      if (t->max_depth > 0 && nodes->depth[node] + 1u >= t->max_depth)
        jx_cli_json_add_int (b, "hidden_below", nodes->subtree_end[node] - node - 1);
      else
        {
          json_builder_set_member_name (b, "children");
          json_builder_begin_array (b);
          for (guint32 c = node + 1; c < nodes->subtree_end[node]; c = nodes->subtree_end[c])
            add_json_node (b, t, c);
          json_builder_end_array (b);
        }
    }
  json_builder_end_object (b);
}

static void
print_json (Tree        *t,
            char * const *paths)
{
  JxMergedTree *tree = t->tree;
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  const JxMergedTreeStats *stats = jx_merged_tree_get_stats (tree);
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "traces");
  json_builder_begin_array (b);
  for (guint i = 0; i < t->n_traces; i++)
    {
      json_builder_begin_object (b);
      jx_cli_json_add_string (b, "path", paths[i]);
      jx_cli_json_add_string (b, "name", t->labels[i]);
      jx_cli_json_add_load_report (b, t->traces[i]);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  jx_cli_json_add_string (b, "merged", t->what);
  json_builder_set_member_name (b, "cluster");
  if (t->options->streams == NULL)
    json_builder_add_int_value (b, MAX (t->options->cluster, 1));
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "patterns");
  json_builder_begin_array (b);
  for (guint i = 0; t->options->streams != NULL && t->options->streams[i] != NULL; i++)
    json_builder_add_string_value (b, t->options->streams[i]);
  json_builder_end_array (b);
  jx_cli_scores_add_json (b, t->scoring);
  json_builder_set_member_name (b, "streams");
  json_builder_begin_array (b);
  for (guint s = 0; s < jx_merged_tree_get_n_streams (tree); s++)
    {
      JxStreamRef ref = jx_merged_tree_get_stream (tree, s);
      g_autofree char *name = g_strdup_printf ("%s / %s", t->labels[ref.trace], jx_merged_tree_get_stream_name (tree, s));

      json_builder_add_string_value (b, name);
    }
  json_builder_end_array (b);
  jx_cli_json_add_int (b, "nodes", nodes->n_nodes);
  jx_cli_json_add_int (b, "equal", (gint64) stats->by_state[JX_MERGED_EQUAL]);
  jx_cli_json_add_int (b, "gap", (gint64) stats->by_state[JX_MERGED_GAP]);
  jx_cli_json_add_int (b, "different", (gint64) stats->by_state[JX_MERGED_DIFFERENT]);
  json_builder_set_member_name (b, "build");
  json_builder_begin_object (b);
  jx_cli_json_add_int (b, "sweeps", (gint64) stats->n_sweeps);
  jx_cli_json_add_int (b, "multiple_alignments", (gint64) stats->n_msa);
  jx_cli_json_add_int (b, "max_sequences", (gint64) stats->max_msa_sequences);
  jx_cli_json_add_int (b, "guide_matrix", (gint64) stats->n_guide[JX_MSA_GUIDE_MATRIX]);
  jx_cli_json_add_int (b, "guide_ranking", (gint64) stats->n_guide[JX_MSA_GUIDE_RANKING]);
  jx_cli_json_add_int (b, "pairwise_alignments", (gint64) stats->align.calls);
  jx_cli_json_add_double (b, "elapsed_seconds", stats->elapsed);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "max_depth");
  if (t->max_depth > 0)
    json_builder_add_int_value (b, t->max_depth);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "tree");
  json_builder_begin_array (b);
  for (guint32 i = 0; i < nodes->n_nodes; i = nodes->subtree_end[i])
    add_json_node (b, t, i);
  json_builder_end_array (b);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  jx_cli_print_json (root);
}

/* --- CSV ------------------------------------------------------------------------- */

static void
print_csv (Tree *t)
{
  JxMergedTree *tree = t->tree;
  const JxMergedNodes *nodes = jx_merged_tree_get_nodes (tree);
  guint k = jx_merged_tree_get_n_streams (tree);
  g_autoptr(GString) out = g_string_new ("path,depth,function,state,streams,total_streams,min_seconds,median_seconds,"
                                         "max_seconds,sum_seconds,outlier,contributing" JX_CLI_SCORES_CSV_HEADER "\n");
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_free);

  for (guint32 i = 0; i < nodes->n_nodes; i++)
    {
      g_autofree char *label = jx_merged_tree_dup_node_label (tree, i);
      g_autofree char *joined = NULL;
      g_autofree char *who = NULL;

      if (t->max_depth > 0 && nodes->depth[i] >= t->max_depth)
        continue;
      g_ptr_array_set_size (path, nodes->depth[i]);
      g_ptr_array_add (path, g_strdelimit (g_strdup (label), ";", ' '));
      g_ptr_array_add (path, NULL);
      joined = g_strjoinv (";", (char **) path->pdata);
      g_ptr_array_set_size (path, path->len - 1);

      if (nodes->n_members[i] == k)
        who = g_strdup ("all");
      else
        {
          g_autoptr(GArray) in = member_streams (tree, i);
          g_autofree const char **traces = g_new (const char *, MAX (in->len, 1));
          g_autofree const char **processes = g_new (const char *, MAX (in->len, 1));
          g_autofree const char **names = g_new (const char *, MAX (in->len, 1));
          g_autoptr(GPtrArray) runs = NULL;

          for (guint j = 0; j < in->len; j++)
            {
              guint32 s = g_array_index (in, guint32, j);

              traces[j] = t->trace_of[s];
              processes[j] = t->process_of[s];
              names[j] = t->stream_of[s];
            }
          runs = jx_cli_name_runs (traces, processes, names, in->len);
          g_ptr_array_add (runs, NULL);
          who = g_strjoinv ("; ", (char **) runs->pdata);
        }

      jx_cli_csv_append_field (out, joined);
      g_string_append_printf (out, ",%u,", nodes->depth[i] + 1);
      jx_cli_csv_append_field (out, label);
      g_string_append_printf (out, ",%s,%u,%u", jx_merged_state_to_string (nodes->state[i]), nodes->n_members[i], k);
      jx_cli_csv_append_number (out, nodes->min_seconds[i]);
      jx_cli_csv_append_number (out, nodes->median_seconds[i]);
      jx_cli_csv_append_number (out, nodes->max_seconds[i]);
      jx_cli_csv_append_number (out, nodes->sum_seconds[i]);
      g_string_append_c (out, ',');
      if (nodes->outlier[i] != JX_NONE)
        {
          g_autofree char *name = short_name (t, nodes->outlier[i]);
          jx_cli_csv_append_field (out, name);
        }
      g_string_append_c (out, ',');
      jx_cli_csv_append_field (out, who);
      jx_cli_scores_csv_field (out, t->scoring);
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);
}

/* --- Run ------------------------------------------------------------------------- */

int
jx_cli_cluster_tree_run (const JxCliClusterTree *options,
                         const char             *subcommand,
                         JxTrace               **traces,
                         char                  **labels,
                         char * const           *paths,
                         guint                   n_traces,
                         JxClustering           *clustering,
                         const JxScoring        *scoring,
                         gboolean                json,
                         gboolean                csv)
{
  g_autoptr(JxMergedTree) tree = NULL;
  Tree t = { 0 };
  int status;

  status = jx_cli_merged_tree_build (options, subcommand, traces, labels, n_traces, clustering, scoring, &tree, &t.what);
  if (status != JX_CLI_EXIT_OK)
    return status;

  t.traces = traces;
  t.labels = labels;
  t.n_traces = n_traces;
  t.tree = tree;
  t.scoring = scoring;
  t.options = options;
  t.max_depth = options->depth > 0 ? (guint) options->depth : 0;
  tree_init (&t);
  {
    /* "cluster 1 (31 streams, cpu-thread): TraceR / MPI Rank 1–31 / Master thread" */
    g_autofree guint32 *everyone = g_new (guint32, jx_merged_tree_get_n_streams (tree));
    g_autofree char *list = NULL;
    char *what;

    for (guint s = 0; s < jx_merged_tree_get_n_streams (tree); s++)
      everyone[s] = s;
    list = list_streams (&t, everyone, jx_merged_tree_get_n_streams (tree));
    what = g_strdup_printf ("%s: %s%s%s", t.what, list, t.common_stream != NULL ? " / " : "",
                            t.common_stream != NULL ? t.common_stream : "");
    g_free (t.what);
    t.what = what;
  }

  if (options->node != NULL)
    status = jx_cli_cluster_node_print (tree, subcommand, options->node, traces, labels, paths, n_traces, t.what,
                                        json, csv);
  else if (json)
    print_json (&t, paths);
  else if (csv)
    print_csv (&t);
  else
    print_text (&t, paths);
  tree_clear (&t);
  return status;
}
