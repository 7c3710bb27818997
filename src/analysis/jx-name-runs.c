/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-name-runs.c — see jx-name-runs.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-name-runs.h"

/* A process name "prefix<number>": the prefix's length and the number;
 * FALSE without a trailing number. */
static gboolean
split_number (const char *name,
              gsize      *prefix,
              guint64    *number)
{
  gsize n = strlen (name), i = n;

  while (i > 0 && g_ascii_isdigit (name[i - 1]))
    i--;
  if (i == n || n - i > 9)
    return FALSE;
  *prefix = i;
  *number = g_ascii_strtoull (name + i, NULL, 10);
  return TRUE;
}

char *
jx_name_join (const char *trace,
              const char *process,
              const char *stream)
{
  GString *out = g_string_new (NULL);

  if (trace != NULL)
    g_string_append_printf (out, "%s / ", trace);
  g_string_append (out, process);
  if (stream != NULL)
    g_string_append_printf (out, " / %s", stream);
  return g_string_free (out, FALSE);
}

/* The run from m on: names of the same trace and stream whose processes
 * count up by one. Returns its end; *prefix is G_MAXSIZE for a process
 * without a number (a run of one). */
static guint
run_end (const char *const *traces,
         const char *const *processes,
         const char *const *streams,
         guint              n,
         guint              m,
         gsize             *prefix,
         guint64           *first,
         guint64           *last)
{
  const char *trace = traces != NULL ? traces[m] : NULL;
  const char *stream = streams != NULL ? streams[m] : NULL;
  guint end = m + 1;

  if (!split_number (processes[m], prefix, first))
    {
      *prefix = G_MAXSIZE;
      return end;
    }
  *last = *first;
  while (end < n && g_strcmp0 (traces != NULL ? traces[end] : NULL, trace) == 0 &&
         g_strcmp0 (streams != NULL ? streams[end] : NULL, stream) == 0)
    {
      gsize next_prefix;
      guint64 number;

      if (!split_number (processes[end], &next_prefix, &number) || next_prefix != *prefix ||
          strncmp (processes[end], processes[m], *prefix) != 0 || number != *last + 1)
        break;
      *last = number;
      end++;
    }
  return end;
}

GPtrArray *
jx_name_runs (const char *const *traces,
              const char *const *processes,
              const char *const *streams,
              guint              n)
{
  GPtrArray *runs = g_ptr_array_new_with_free_func (g_free);
  guint m = 0;

  g_return_val_if_fail (n == 0 || processes != NULL, runs);

  while (m < n)
    {
      const char *trace = traces != NULL ? traces[m] : NULL;
      const char *stream = streams != NULL ? streams[m] : NULL;
      gsize prefix;
      guint64 first = 0, last = 0;
      guint end = run_end (traces, processes, streams, n, m, &prefix, &first, &last);

      if (end > m + 1)
        {
          g_autofree char *range = g_strdup_printf ("%.*s%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT, (int) prefix,
                                                    processes[m], first, last);

          g_ptr_array_add (runs, jx_name_join (trace, range, stream));
        }
      else
        g_ptr_array_add (runs, jx_name_join (trace, processes[m], stream));
      m = end;
    }
  return runs;
}

char *
jx_name_runs_compact (const char *const *traces,
                      const char *const *processes,
                      const char *const *streams,
                      guint              n,
                      guint              max_runs,
                      guint             *n_more)
{
  GString *out = g_string_new (NULL);
  guint m = 0, shown = 0;

  if (n_more != NULL)
    *n_more = 0;
  g_return_val_if_fail (n == 0 || processes != NULL, g_string_free (out, FALSE));

  while (m < n)
    {
      const char *trace = traces != NULL ? traces[m] : NULL;
      const char *stream = streams != NULL ? streams[m] : NULL;
      const char *last_process = NULL;
      gsize last_prefix = G_MAXSIZE;

      if (max_runs > 0 && shown == max_runs)
        break;
      if (out->len > 0)
        g_string_append (out, "; ");
      if (trace != NULL)
        /* TRANSLATORS: a trace ahead of its streams, e.g. "run-64 · MPI Rank 0–31" */
        g_string_append_printf (out, _("%s · "), trace);
      /* The runs of this trace and stream name, sharing their prefix. */
      while (m < n && g_strcmp0 (traces != NULL ? traces[m] : NULL, trace) == 0 &&
             g_strcmp0 (streams != NULL ? streams[m] : NULL, stream) == 0 && (max_runs == 0 || shown < max_runs))
        {
          gsize prefix;
          guint64 first = 0, last = 0;
          guint end = run_end (traces, processes, streams, n, m, &prefix, &first, &last);
          gboolean same = last_process != NULL && prefix != G_MAXSIZE && prefix == last_prefix &&
                          strncmp (processes[m], last_process, prefix) == 0;

          if (last_process != NULL)
            g_string_append (out, ", ");
          if (!same && prefix != G_MAXSIZE)
            g_string_append_len (out, processes[m], (gssize) prefix);
          if (prefix == G_MAXSIZE)
            g_string_append (out, processes[m]);
          else if (end > m + 1)
            g_string_append_printf (out, "%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT, first, last);
          else
            g_string_append_printf (out, "%" G_GUINT64_FORMAT, first);
          last_process = processes[m];
          last_prefix = prefix;
          shown++;
          m = end;
        }
      if (stream != NULL)
        g_string_append_printf (out, " / %s", stream);
    }
  if (n_more != NULL)
    *n_more = n - m;
  return g_string_free (out, FALSE);
}
