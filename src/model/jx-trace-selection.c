/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-selection.c — the selection a partial load takes, and the
 * memory budget a load is held to. Resolving a selection against a trace's
 * definitions and estimating its memory is in jx-trace-loader-outline.c. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "jx-trace-selection-private.h"

JxTraceSelection *
jx_trace_selection_new (void)
{
  JxTraceSelection *self = g_new0 (JxTraceSelection, 1);

  self->patterns = g_ptr_array_new_with_free_func (g_free);
  self->processes = g_array_new (FALSE, FALSE, sizeof (guint));
  self->locations = g_array_new (FALSE, FALSE, sizeof (guint64));
  self->window_end_ns = JX_WINDOW_OPEN_END;
  return self;
}

JxTraceSelection *
jx_trace_selection_copy (const JxTraceSelection *self)
{
  JxTraceSelection *copy;
  guint i;

  g_return_val_if_fail (self != NULL, NULL);

  copy = jx_trace_selection_new ();
  for (i = 0; i < self->patterns->len; i++)
    g_ptr_array_add (copy->patterns, g_strdup (g_ptr_array_index (self->patterns, i)));
  g_array_append_vals (copy->processes, self->processes->data, self->processes->len);
  g_array_append_vals (copy->locations, self->locations->data, self->locations->len);
  copy->every = self->every;
  copy->every_first = self->every_first;
  copy->has_window = self->has_window;
  copy->window_begin_ns = self->window_begin_ns;
  copy->window_end_ns = self->window_end_ns;
  return copy;
}

void
jx_trace_selection_free (JxTraceSelection *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->patterns);
  g_array_unref (self->processes);
  g_array_unref (self->locations);
  g_free (self);
}

void
jx_trace_selection_add_pattern (JxTraceSelection *self,
                                const char       *pattern)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (pattern != NULL);

  g_ptr_array_add (self->patterns, g_strdup (pattern));
}

void
jx_trace_selection_add_process (JxTraceSelection *self,
                                guint             process)
{
  g_return_if_fail (self != NULL);

  g_array_append_val (self->processes, process);
}

void
jx_trace_selection_add_location (JxTraceSelection *self,
                                 guint64           location)
{
  g_return_if_fail (self != NULL);

  g_array_append_val (self->locations, location);
}

void
jx_trace_selection_set_every (JxTraceSelection *self,
                              guint             k,
                              guint             first)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (k == 0 || first < k);

  self->every = k > 1 ? k : 0;
  self->every_first = k > 1 ? first : 0;
}

void
jx_trace_selection_set_window (JxTraceSelection *self,
                               gint64            begin_ns,
                               gint64            end_ns)
{
  g_return_if_fail (self != NULL);

  /* Checked against the trace when it is loaded, so that the message can
   * name it. */
  self->has_window = TRUE;
  self->window_begin_ns = begin_ns;
  self->window_end_ns = end_ns;
}

gboolean
jx_trace_selection_get_window (const JxTraceSelection *self,
                               gint64                 *begin_ns,
                               gint64                 *end_ns)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (begin_ns != NULL)
    *begin_ns = self->has_window ? self->window_begin_ns : 0;
  if (end_ns != NULL)
    *end_ns = self->has_window ? self->window_end_ns : JX_WINDOW_OPEN_END;
  return self->has_window;
}

guint
jx_trace_selection_get_n_patterns (const JxTraceSelection *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->patterns->len;
}

const char *
jx_trace_selection_get_pattern (const JxTraceSelection *self,
                                guint                   index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->patterns->len, NULL);

  return g_ptr_array_index (self->patterns, index);
}

const guint *
jx_trace_selection_get_processes (const JxTraceSelection *self,
                                  guint                  *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n != NULL, NULL);

  *n = self->processes->len;
  return (const guint *) self->processes->data;
}

const guint64 *
jx_trace_selection_get_locations (const JxTraceSelection *self,
                                  guint                  *n)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n != NULL, NULL);

  *n = self->locations->len;
  return (const guint64 *) self->locations->data;
}

guint
jx_trace_selection_get_every (const JxTraceSelection *self,
                              guint                  *first)
{
  g_return_val_if_fail (self != NULL, 0);

  if (first != NULL)
    *first = self->every_first;
  return self->every;
}

gboolean
jx_trace_selection_equal (const JxTraceSelection *a,
                          const JxTraceSelection *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->patterns->len != b->patterns->len || a->processes->len != b->processes->len ||
      a->locations->len != b->locations->len || a->every != b->every || a->every_first != b->every_first ||
      a->has_window != b->has_window)
    return FALSE;
  if (a->has_window && (a->window_begin_ns != b->window_begin_ns || a->window_end_ns != b->window_end_ns))
    return FALSE;
  for (guint i = 0; i < a->patterns->len; i++)
    if (!g_str_equal (g_ptr_array_index (a->patterns, i), g_ptr_array_index (b->patterns, i)))
      return FALSE;
  /* Empty arrays may have no data: memcmp wants pointers. */
  return (a->processes->len == 0 ||
          memcmp (a->processes->data, b->processes->data, a->processes->len * sizeof (guint)) == 0) &&
         (a->locations->len == 0 ||
          memcmp (a->locations->data, b->locations->data, a->locations->len * sizeof (guint64)) == 0);
}

gboolean
jx_trace_selection_is_all (const JxTraceSelection *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->patterns->len == 0 && self->processes->len == 0 && self->locations->len == 0
         && self->every == 0 && !self->has_window;
}

char *
_jx_window_describe (gint64 begin_ns,
                     gint64 end_ns)
{
  g_autofree char *begin = jx_time_format (begin_ns, 6);
  g_autofree char *end = NULL;

  if (end_ns == JX_WINDOW_OPEN_END)
    /* Translators: a time window that runs to the end of the trace. */
    return g_strdup_printf (_("%s – end"), begin);
  end = jx_time_format (end_ns, 6);
  return g_strdup_printf ("%s – %s", begin, end);
}

char *
jx_trace_selection_describe (const JxTraceSelection *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return _jx_trace_selection_describe (self, TRUE);
}

char *
_jx_trace_selection_describe (const JxTraceSelection *self,
                              gboolean                window)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  guint i;

  for (i = 0; i < self->patterns->len; i++)
    g_ptr_array_add (parts, g_strdup_printf (_("“%s”"), (const char *) g_ptr_array_index (self->patterns, i)));
  if (self->processes->len > 0)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (i = 0; i < self->processes->len && i < 8; i++)
        g_string_append_printf (list, "%s%u", i > 0 ? ", " : "", g_array_index (self->processes, guint, i));
      if (self->processes->len > 8)
        g_string_append (list, ", …");
      g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "process %s", "processes %s",
                                                            self->processes->len),
                                               list->str));
    }
  if (self->locations->len > 0)
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u location by reference",
                                                          "%u locations by reference", self->locations->len),
                                             self->locations->len));
  if (self->every > 1 && self->every_first == 0)
    /* Translators: every k-th process, e.g. "one process in 8". */
    g_ptr_array_add (parts, g_strdup_printf (_("one process in %u"), self->every));
  else if (self->every > 1)
    g_ptr_array_add (parts, g_strdup_printf (_("one process in %u from position %u"), self->every, self->every_first));
  if (self->has_window && window)
    {
      g_autofree char *span = _jx_window_describe (self->window_begin_ns, self->window_end_ns);

      g_ptr_array_add (parts, g_strdup_printf (_("window %s"), span));
    }
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (", ", (char **) parts->pdata);
}

/* Memory budget */

gboolean
jx_memory_size_parse (const char *text,
                      guint64    *bytes)
{
  g_autofree char *copy = NULL;
  char *end = NULL;
  double value;
  double factor = 1.0;
  char *unit;

  g_return_val_if_fail (bytes != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (text));
  if (g_ascii_strcasecmp (copy, "unlimited") == 0 || g_ascii_strcasecmp (copy, "none") == 0)
    {
      *bytes = JX_MEMORY_UNLIMITED;
      return TRUE;
    }
  if (!g_ascii_isdigit (copy[0]) && copy[0] != '.')
    return FALSE;
  value = g_ascii_strtod (copy, &end);
  if (end == copy || value <= 0.0 || !isfinite (value))
    return FALSE;
  unit = end;
  while (*unit == ' ')
    unit++;
  switch (g_ascii_tolower (*unit))
    {
    case '\0': break;
    case 'k': factor = 1024.0; unit++; break;
    case 'm': factor = 1024.0 * 1024.0; unit++; break;
    case 'g': factor = 1024.0 * 1024.0 * 1024.0; unit++; break;
    case 't': factor = 1024.0 * 1024.0 * 1024.0 * 1024.0; unit++; break;
    case 'b': break;
    default: return FALSE;
    }
  if (factor > 1.0 && g_ascii_tolower (*unit) == 'i')
    unit++;
  if (g_ascii_tolower (*unit) == 'b')
    unit++;
  if (*unit != '\0')
    return FALSE;
  value *= factor;
  if (value < 1.0 || value >= 1.8e19)
    return FALSE;
  *bytes = (guint64) value;
  return TRUE;
}

char *
jx_memory_size_format (guint64 bytes)
{
  if (bytes == JX_MEMORY_UNLIMITED)
    return g_strdup (_("unlimited"));
  return g_format_size_full (bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* MemAvailable from /proc/meminfo, bytes; 0 when unknown. */
static guint64
memory_available (void)
{
  g_autofree char *contents = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/meminfo", &contents, NULL, NULL))
    return 0;
  line = strstr (contents, "MemAvailable:");
  if (line == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10) * 1024;
}

guint64
jx_memory_budget_get_default (char   **source,
                              GError **error)
{
  const char *env = g_getenv (JX_MEMORY_BUDGET_ENV);
  guint64 bytes;

  if (env != NULL && *env != '\0')
    {
      if (!jx_memory_size_parse (env, &bytes))
        {
          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_TOO_LARGE,
                       _("%s=“%s” is no memory size: give one such as 2G, 512M or unlimited"),
                       JX_MEMORY_BUDGET_ENV, env);
          return 0;
        }
      if (source != NULL)
        *source = g_strdup (JX_MEMORY_BUDGET_ENV);
      return bytes;
    }
  bytes = memory_available ();
  if (bytes > 0)
    {
      if (source != NULL)
        *source = g_strdup (_("the memory available now"));
      return bytes;
    }
  if (source != NULL)
    *source = g_strdup (_("no limit known"));
  return JX_MEMORY_UNLIMITED;
}
