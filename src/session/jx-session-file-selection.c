/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file-selection.c — the parts of a [Trace N] group of the
 * `.juxtrace` file that say how the trace is shown and loaded beyond its
 * place and colour: the part of a trace too large to load whole
 * (Select*, docs/partial-loading.md) and the lane's readable rows
 * (ReadableRows, ExpandedProcesses). docs/session-file.md has the keys. */
#include "config.h"

#include <errno.h>

#include <glib/gi18n-lib.h>

#include "jx-session-file-selection.h"

const char * const _jx_session_file_selection_keys[] = {
  "SelectProcesses", "SelectPositions", "SelectLocations", "SelectEvery", "SelectWindow", NULL,
};

const char * const _jx_session_file_rows_keys[] = {
  "ReadableRows", "ExpandedProcesses", NULL,
};

/* Selection --------------------------------------------------------------- */

void
_jx_session_file_write_selection (GKeyFile               *keyfile,
                                  const char             *group,
                                  const JxTraceSelection *selection)
{
  const guint *processes;
  const guint64 *locations;
  guint n, every, first;
  gint64 begin_ns, end_ns;

  if (selection == NULL || jx_trace_selection_is_all (selection))
    return;

  n = jx_trace_selection_get_n_patterns (selection);
  if (n > 0)
    {
      g_autofree const char **patterns = g_new0 (const char *, n + 1);

      for (guint i = 0; i < n; i++)
        patterns[i] = jx_trace_selection_get_pattern (selection, i);
      g_key_file_set_string_list (keyfile, group, "SelectProcesses", patterns, n);
    }
  processes = jx_trace_selection_get_processes (selection, &n);
  if (n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, "%u;", processes[i]);
      g_key_file_set_value (keyfile, group, "SelectPositions", text->str);
    }
  locations = jx_trace_selection_get_locations (selection, &n);
  if (n > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < n; i++)
        g_string_append_printf (text, "%" G_GUINT64_FORMAT ";", locations[i]);
      g_key_file_set_value (keyfile, group, "SelectLocations", text->str);
    }
  every = jx_trace_selection_get_every (selection, &first);
  if (every > 1)
    {
      g_autofree char *text = g_strdup_printf ("%u;%u;", every, first);

      g_key_file_set_value (keyfile, group, "SelectEvery", text);
    }
  if (jx_trace_selection_get_window (selection, &begin_ns, &end_ns))
    {
      g_autofree char *text = NULL;

      if (end_ns == JX_WINDOW_OPEN_END)
        text = g_strdup_printf ("%" G_GINT64_FORMAT ";end;", begin_ns);
      else
        text = g_strdup_printf ("%" G_GINT64_FORMAT ";%" G_GINT64_FORMAT ";", begin_ns, end_ns);
      g_key_file_set_value (keyfile, group, "SelectWindow", text);
    }
}

/* "1;2;3;" into numbers no larger than max; FALSE for anything else. */
static gboolean
parse_numbers (const char *value,
               guint64     max,
               GArray     *out)
{
  g_auto(GStrv) parts = g_strsplit (value, ";", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end;
      guint64 v;

      g_strstrip (parts[i]);
      if (parts[i][0] == '\0')
        {
          if (parts[i + 1] == NULL)
            break;
          return FALSE;
        }
      errno = 0;
      v = g_ascii_strtoull (parts[i], &end, 10);
      if (*end != '\0' || errno != 0 || parts[i][0] == '-' || v > max)
        return FALSE;
      g_array_append_val (out, v);
    }
  return TRUE;
}

static gboolean
has_selection (GKeyFile   *keyfile,
               const char *group)
{
  for (guint i = 0; _jx_session_file_selection_keys[i] != NULL; i++)
    if (g_key_file_has_key (keyfile, group, _jx_session_file_selection_keys[i], NULL))
      return TRUE;
  return FALSE;
}

static gboolean
read_selection (GKeyFile         *keyfile,
                const char       *group,
                JxTraceSelection *selection,
                const char      **bad)
{
  g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autofree char *value = NULL;

  if (g_key_file_has_key (keyfile, group, "SelectProcesses", NULL))
    {
      g_auto(GStrv) patterns = g_key_file_get_string_list (keyfile, group, "SelectProcesses", NULL, NULL);

      *bad = "SelectProcesses";
      if (patterns == NULL || patterns[0] == NULL)
        return FALSE;
      for (guint i = 0; patterns[i] != NULL; i++)
        if (patterns[i][0] != '\0')
          jx_trace_selection_add_pattern (selection, patterns[i]);
    }
  value = g_key_file_get_value (keyfile, group, "SelectPositions", NULL);
  if (value != NULL)
    {
      *bad = "SelectPositions";
      if (!parse_numbers (value, G_MAXUINT, numbers) || numbers->len == 0)
        return FALSE;
      for (guint i = 0; i < numbers->len; i++)
        jx_trace_selection_add_process (selection, (guint) g_array_index (numbers, guint64, i));
      g_array_set_size (numbers, 0);
      g_clear_pointer (&value, g_free);
    }
  value = g_key_file_get_value (keyfile, group, "SelectLocations", NULL);
  if (value != NULL)
    {
      *bad = "SelectLocations";
      if (!parse_numbers (value, G_MAXUINT64, numbers) || numbers->len == 0)
        return FALSE;
      for (guint i = 0; i < numbers->len; i++)
        jx_trace_selection_add_location (selection, g_array_index (numbers, guint64, i));
      g_array_set_size (numbers, 0);
      g_clear_pointer (&value, g_free);
    }
  value = g_key_file_get_value (keyfile, group, "SelectEvery", NULL);
  if (value != NULL)
    {
      guint64 k, first;

      *bad = "SelectEvery";
      if (!parse_numbers (value, G_MAXUINT, numbers) || numbers->len != 2)
        return FALSE;
      k = g_array_index (numbers, guint64, 0);
      first = g_array_index (numbers, guint64, 1);
      if (k < 2 || first >= k)
        return FALSE;
      jx_trace_selection_set_every (selection, (guint) k, (guint) first);
      g_array_set_size (numbers, 0);
      g_clear_pointer (&value, g_free);
    }
  value = g_key_file_get_value (keyfile, group, "SelectWindow", NULL);
  if (value != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (value, ";", -1);
      gint64 begin_ns, end_ns = JX_WINDOW_OPEN_END;
      char *end;

      *bad = "SelectWindow";
      if (parts[0] == NULL || parts[1] == NULL || parts[0][0] == '\0')
        return FALSE;
      errno = 0;
      begin_ns = g_ascii_strtoll (parts[0], &end, 10);
      if (*end != '\0' || errno != 0 || begin_ns < 0)
        return FALSE;
      if (!g_str_equal (parts[1], "end"))
        {
          end_ns = g_ascii_strtoll (parts[1], &end, 10);
          if (parts[1][0] == '\0' || *end != '\0' || errno != 0 || end_ns <= begin_ns)
            return FALSE;
        }
      jx_trace_selection_set_window (selection, begin_ns, end_ns);
    }
  return !jx_trace_selection_is_all (selection);
}

JxTraceSelection *
_jx_session_file_read_selection (GKeyFile   *keyfile,
                                 const char *group,
                                 GPtrArray  *warnings)
{
  g_autoptr(JxTraceSelection) selection = NULL;
  const char *bad = NULL;

  if (!has_selection (keyfile, group))
    return NULL;
  selection = jx_trace_selection_new ();
  if (!read_selection (keyfile, group, selection, &bad))
    {
      /* Loading the whole trace instead may be what the part was chosen
       * to avoid: the load's memory check still refuses it then. */
      g_ptr_array_add (warnings, g_strdup_printf (_("[%s] %s does not say which part of the trace to load; the whole trace is loaded"),
                                                  group, bad != NULL ? bad : "Select"));
      return NULL;
    }
  return g_steal_pointer (&selection);
}

/* Readable rows ----------------------------------------------------------- */

void
_jx_session_file_write_rows (GKeyFile   *keyfile,
                             const char *group,
                             gboolean    full_rows,
                             GArray     *readable_processes)
{
  g_key_file_set_boolean (keyfile, group, "ReadableRows", full_rows);
  if (readable_processes != NULL && readable_processes->len > 0)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      for (guint i = 0; i < readable_processes->len; i++)
        g_string_append_printf (text, "%u;", g_array_index (readable_processes, guint32, i));
      g_key_file_set_value (keyfile, group, "ExpandedProcesses", text->str);
    }
}

gboolean
_jx_session_file_read_rows (GKeyFile   *keyfile,
                            const char *group,
                            gboolean   *full_rows,
                            GArray    **readable_processes,
                            GPtrArray  *warnings)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *value = NULL;
  gboolean full;

  *full_rows = FALSE;
  *readable_processes = NULL;
  if (!g_key_file_has_key (keyfile, group, "ReadableRows", NULL) &&
      !g_key_file_has_key (keyfile, group, "ExpandedProcesses", NULL))
    return FALSE;
  full = g_key_file_get_boolean (keyfile, group, "ReadableRows", &error);
  if (error == NULL)
    *full_rows = full;
  else if (!g_error_matches (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND))
    g_ptr_array_add (warnings, g_strdup_printf (_("[%s] ReadableRows is not true or false; the rows are compact"), group));

  value = g_key_file_get_value (keyfile, group, "ExpandedProcesses", NULL);
  if (value != NULL)
    {
      g_autoptr(GArray) numbers = g_array_new (FALSE, FALSE, sizeof (guint64));

      if (!parse_numbers (value, G_MAXUINT32, numbers))
        {
          g_ptr_array_add (warnings, g_strdup_printf (_("[%s] ExpandedProcesses is not a list of process numbers; none is expanded"), group));
          return TRUE;
        }
      *readable_processes = g_array_sized_new (FALSE, FALSE, sizeof (guint32), numbers->len);
      for (guint i = 0; i < numbers->len; i++)
        {
          guint32 p = (guint32) g_array_index (numbers, guint64, i);

          g_array_append_val (*readable_processes, p);
        }
    }
  return TRUE;
}
