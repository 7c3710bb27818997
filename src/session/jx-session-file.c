/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file.c — reading and writing the `.juxtrace` file
 * (docs/session-file.md). */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-session-file-selection.h"
#include "jx-session-file.h"

#define GROUP "Juxtrace Comparison"
#define TRACE_GROUP_PREFIX "Trace "

G_DEFINE_QUARK (jx-session-file-error-quark, jx_session_file_error)

/* Keys this version understands; anything else is kept and reported. */
static const char * const main_keys[] = {
  "Version", "Generator", "Reference", "VisibleTime", "SelectedTime", "SelectedCall",
  "FoldGrouping", "FoldOperation", "FoldCustom", "ShowSOS", "SOSFunction",
  "DiffMode", "NoiseBand", "DifferencesByImpact", "AlignEnds", "Search", "CounterMetric", NULL,
};
static const char * const trace_keys[] = {
  "Path", "AbsolutePath", "Offset", "Color", "FoldedGroups", "PairedByHand", NULL,
};

/* Trace keys of this file and of jx-session-file-selection.c. */
static gboolean
is_trace_key (const char *key)
{
  return g_strv_contains (trace_keys, key) || g_strv_contains (_jx_session_file_selection_keys, key) ||
         g_strv_contains (_jx_session_file_rows_keys, key);
}

static void
trace_free (gpointer data)
{
  JxSessionFileTrace *trace = data;

  g_free (trace->path);
  g_free (trace->stored_path);
  g_clear_pointer (&trace->folded_groups, g_array_unref);
  g_clear_pointer (&trace->selection, jx_trace_selection_free);
  g_clear_pointer (&trace->readable_processes, g_array_unref);
  g_strfreev (trace->paired_by_hand);
  g_free (trace);
}

JxSessionFile *
jx_session_file_new (void)
{
  JxSessionFile *self = g_new0 (JxSessionFile, 1);

  self->version = JX_SESSION_FILE_VERSION;
  self->traces = g_ptr_array_new_with_free_func (trace_free);
  self->reference = -1;
  self->selected_trace = -1;
  self->selected_stream = JX_NONE;
  self->selected_invocation = JX_NONE;
  self->fold_grouping = JX_FOLD_GROUPING_THREADS;
  self->fold_operation = JX_FOLD_MAX;
  self->diff_mode = JX_DIFF_BAR_BOTH;
  self->noise_band = 0.10;
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
jx_session_file_free (JxSessionFile *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->traces);
  g_strfreev (self->fold_custom);
  g_free (self->sos_function);
  g_free (self->search);
  g_free (self->counter_metric);
  g_ptr_array_unref (self->warnings);
  g_clear_pointer (&self->keyfile, g_key_file_unref);
  g_free (self);
}

JxSessionFileTrace *
jx_session_file_add_trace (JxSessionFile *self,
                           const char    *path,
                           gint64         offset_ns,
                           guint32        picked_color)
{
  JxSessionFileTrace *trace;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (path != NULL, NULL);

  trace = g_new0 (JxSessionFileTrace, 1);
  trace->path = g_strdup (path);
  trace->stored_path = g_strdup (path);
  trace->offset_ns = offset_ns;
  trace->picked_color = picked_color;
  g_ptr_array_add (self->traces, trace);
  return trace;
}

/* Paths ------------------------------------------------------------------- */

char *
jx_session_file_relative_path (const char *base,
                               const char *path)
{
  g_auto(GStrv) from = NULL;
  g_auto(GStrv) to = NULL;
  g_autofree char *clean_base = NULL;
  g_autofree char *clean_path = NULL;
  g_autoptr(GString) out = NULL;
  guint common = 0;

  g_return_val_if_fail (path != NULL, NULL);

  if (base == NULL || !g_path_is_absolute (base) || !g_path_is_absolute (path))
    return g_strdup (path);

  clean_base = g_canonicalize_filename (base, NULL);
  clean_path = g_canonicalize_filename (path, NULL);
  from = g_strsplit (clean_base + 1, G_DIR_SEPARATOR_S, -1);
  to = g_strsplit (clean_path + 1, G_DIR_SEPARATOR_S, -1);
  while (from[common] != NULL && to[common] != NULL && from[common][0] != '\0' &&
         g_str_equal (from[common], to[common]))
    common++;
  /* Nothing in common but the root: a relative path would only break when
   * the file moves. */
  if (common == 0)
    return g_strdup (path);

  out = g_string_new (NULL);
  for (guint i = common; from[i] != NULL; i++)
    if (from[i][0] != '\0')
      g_string_append (out, ".." G_DIR_SEPARATOR_S);
  for (guint i = common; to[i] != NULL; i++)
    {
      g_string_append (out, to[i]);
      if (to[i + 1] != NULL)
        g_string_append_c (out, G_DIR_SEPARATOR);
    }
  if (out->len == 0)
    g_string_append_c (out, '.');
  else if (out->str[out->len - 1] == G_DIR_SEPARATOR)
    g_string_truncate (out, out->len - 1);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
dup_folder (const char *filename)
{
  g_autofree char *absolute = NULL;

  if (filename == NULL)
    return NULL;
  absolute = g_canonicalize_filename (filename, NULL);
  return g_path_get_dirname (absolute);
}

/* Writing ----------------------------------------------------------------- */

static const char *
enum_nick (GType type,
           int   value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (type);
  GEnumValue *v = g_enum_get_value (klass, value);

  return v != NULL ? v->value_nick : NULL;
}

static void
set_span (GKeyFile         *keyfile,
          const char       *key,
          const JxTimeSpan *span)
{
  gint64 values[2] = { span->begin_ns, span->end_ns };
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT ";%" G_GINT64_FORMAT ";", values[0], values[1]);

  g_key_file_set_value (keyfile, GROUP, key, text);
}

/* The key file to write into: a copy of what was read (so fields this
 * version does not know survive), without the fields it writes itself. */
static GKeyFile *
writable_copy (JxSessionFile *self)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_auto(GStrv) groups = NULL;

  if (self->keyfile == NULL)
    return g_steal_pointer (&keyfile);

  groups = g_key_file_get_groups (self->keyfile, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_auto(GStrv) keys = NULL;
      gboolean main_group = g_str_equal (groups[i], GROUP);
      gboolean trace_group = g_str_has_prefix (groups[i], TRACE_GROUP_PREFIX);

      keys = g_key_file_get_keys (self->keyfile, groups[i], NULL, NULL);
      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        {
          g_autofree char *value = NULL;

          if ((main_group && g_strv_contains (main_keys, keys[k])) ||
              (trace_group && is_trace_key (keys[k])))
            continue;
          /* Unknown keys of a trace group go with that group's trace only
           * while the traces keep their numbers: drop them otherwise. */
          if (trace_group)
            {
              guint64 index = g_ascii_strtoull (groups[i] + strlen (TRACE_GROUP_PREFIX), NULL, 10);

              if (index >= self->traces->len)
                continue;
            }
          value = g_key_file_get_value (self->keyfile, groups[i], keys[k], NULL);
          if (value != NULL)
            g_key_file_set_value (keyfile, groups[i], keys[k], value);
        }
    }
  return g_steal_pointer (&keyfile);
}

char *
jx_session_file_to_data (JxSessionFile *self,
                         const char    *filename,
                         gsize         *length)
{
  g_autoptr(GKeyFile) keyfile = NULL;
  g_autofree char *folder = dup_folder (filename);
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (self != NULL, NULL);

  keyfile = writable_copy (self);
  g_key_file_set_integer (keyfile, GROUP, "Version", JX_SESSION_FILE_VERSION);
  g_key_file_set_string (keyfile, GROUP, "Generator", "Juxtrace " PACKAGE_VERSION);
  if (self->reference >= 0 && (guint) self->reference < self->traces->len)
    g_key_file_set_integer (keyfile, GROUP, "Reference", self->reference);
  if (self->has_visible)
    set_span (keyfile, "VisibleTime", &self->visible);
  if (self->has_selected)
    set_span (keyfile, "SelectedTime", &self->selected);
  if (self->selected_trace >= 0 && (guint) self->selected_trace < self->traces->len)
    {
      g_autofree char *text = g_strdup_printf ("%d;%u;%u;", self->selected_trace,
                                               self->selected_stream, self->selected_invocation);

      g_key_file_set_value (keyfile, GROUP, "SelectedCall", text);
    }
  g_key_file_set_string (keyfile, GROUP, "FoldGrouping", enum_nick (JX_TYPE_FOLD_GROUPING, self->fold_grouping));
  g_key_file_set_string (keyfile, GROUP, "FoldOperation", enum_nick (JX_TYPE_FOLD_OP, self->fold_operation));
  if (self->fold_custom != NULL && self->fold_custom[0] != NULL)
    g_key_file_set_string_list (keyfile, GROUP, "FoldCustom", (const char * const *) self->fold_custom,
                                g_strv_length (self->fold_custom));
  g_key_file_set_boolean (keyfile, GROUP, "ShowSOS", self->show_sos);
  if (self->sos_function != NULL && self->sos_function[0] != '\0')
    g_key_file_set_string (keyfile, GROUP, "SOSFunction", self->sos_function);
  g_key_file_set_string (keyfile, GROUP, "DiffMode", enum_nick (JX_TYPE_DIFF_BAR_MODE, self->diff_mode));
  g_key_file_set_value (keyfile, GROUP, "NoiseBand", g_ascii_dtostr (number, sizeof number, self->noise_band));
  g_key_file_set_boolean (keyfile, GROUP, "DifferencesByImpact", self->differences_by_impact);
  g_key_file_set_boolean (keyfile, GROUP, "AlignEnds", self->align_ends);
  if (self->search != NULL && self->search[0] != '\0')
    g_key_file_set_string (keyfile, GROUP, "Search", self->search);
  if (self->counter_metric != NULL)
    g_key_file_set_string (keyfile, GROUP, "CounterMetric", self->counter_metric);

  for (guint i = 0; i < self->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (self->traces, i);
      g_autofree char *group = g_strdup_printf (TRACE_GROUP_PREFIX "%u", i);
      g_autofree char *absolute = g_canonicalize_filename (trace->path, folder);
      g_autofree char *relative = jx_session_file_relative_path (folder, absolute);

      g_key_file_set_string (keyfile, group, "Path", relative);
      g_key_file_set_string (keyfile, group, "AbsolutePath", absolute);
      g_key_file_set_int64 (keyfile, group, "Offset", trace->offset_ns);
      if (trace->picked_color != 0)
        {
          g_autofree char *colour = g_strdup_printf ("#%06x", trace->picked_color & 0xffffff);

          g_key_file_set_string (keyfile, group, "Color", colour);
        }
      if (trace->folded_groups != NULL && trace->folded_groups->len == 0)
        g_key_file_set_value (keyfile, group, "FoldedGroups", "");
      else if (trace->folded_groups != NULL)
        {
          g_autofree int *list = g_new (int, trace->folded_groups->len);

          for (guint k = 0; k < trace->folded_groups->len; k++)
            list[k] = (int) MIN (g_array_index (trace->folded_groups, guint32, k), (guint32) G_MAXINT);
          g_key_file_set_integer_list (keyfile, group, "FoldedGroups", list, trace->folded_groups->len);
        }
      _jx_session_file_write_selection (keyfile, group, trace->selection);
      if (trace->has_rows)
        _jx_session_file_write_rows (keyfile, group, trace->full_rows, trace->readable_processes);
      if (trace->paired_by_hand != NULL && trace->paired_by_hand[0] != NULL)
        g_key_file_set_string_list (keyfile, group, "PairedByHand", (const char *const *) trace->paired_by_hand,
                                    g_strv_length (trace->paired_by_hand));
    }

  return g_key_file_to_data (keyfile, length, NULL);
}

gboolean
jx_session_file_save (JxSessionFile  *self,
                      const char     *filename,
                      GError        **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  gsize length = 0;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);

  data = jx_session_file_to_data (self, filename, &length);
  if (g_file_set_contents (filename, data, (gssize) length, error))
    return TRUE;
  display = g_filename_display_name (filename);
  g_prefix_error (error, _("Could not save the comparison to “%s”: "), display);
  return FALSE;
}

/* Reading ----------------------------------------------------------------- */

static void
warn (JxSessionFile *self,
      const char    *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
warn (JxSessionFile *self,
      const char    *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (self->warnings, g_strdup_vprintf (format, args));
  va_end (args);
}

static gboolean
get_span (GKeyFile   *keyfile,
          const char *key,
          JxTimeSpan *span,
          gboolean   *ok)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *value = g_key_file_get_value (keyfile, GROUP, key, NULL);
  gint64 v[2];

  *ok = TRUE;
  if (value == NULL)
    return FALSE;
  parts = g_strsplit (value, ";", -1);
  for (guint i = 0; i < 2; i++)
    {
      char *end;

      if (parts[0] == NULL || parts[i] == NULL || parts[i][0] == '\0')
        {
          *ok = FALSE;
          return FALSE;
        }
      errno = 0;
      v[i] = g_ascii_strtoll (parts[i], &end, 10);
      if (*end != '\0' || errno != 0)
        {
          *ok = FALSE;
          return FALSE;
        }
    }
  if (v[1] < v[0])
    {
      *ok = FALSE;
      return FALSE;
    }
  span->begin_ns = v[0];
  span->end_ns = v[1];
  return TRUE;
}

static gboolean
get_enum (JxSessionFile *self,
          GKeyFile      *keyfile,
          const char    *key,
          GType          type,
          int           *value)
{
  g_autofree char *text = g_key_file_get_string (keyfile, GROUP, key, NULL);
  g_autoptr(GEnumClass) klass = NULL;
  GEnumValue *v;

  if (text == NULL)
    return FALSE;
  klass = g_type_class_ref (type);
  v = g_enum_get_value_by_nick (klass, text);
  if (v == NULL)
    {
      warn (self, _("%s “%s” is not known; the default is used"), key, text);
      return FALSE;
    }
  *value = v->value;
  return TRUE;
}

static void
get_boolean (GKeyFile   *keyfile,
             const char *key,
             gboolean   *value)
{
  g_autoptr(GError) error = NULL;
  gboolean v = g_key_file_get_boolean (keyfile, GROUP, key, &error);

  if (error == NULL)
    *value = v;
}

static gboolean
parse_color (const char *text,
             guint32    *pixel)
{
  char *end;
  guint64 v;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;
  v = g_ascii_strtoull (text + 1, &end, 16);
  if (*end != '\0')
    return FALSE;
  *pixel = 0xff000000u | (guint32) v;
  return TRUE;
}

static void
report_unknown (JxSessionFile *self,
                GKeyFile      *keyfile)
{
  g_auto(GStrv) groups = g_key_file_get_groups (keyfile, NULL);

  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_auto(GStrv) keys = NULL;
      gboolean main_group = g_str_equal (groups[i], GROUP);
      gboolean trace_group = g_str_has_prefix (groups[i], TRACE_GROUP_PREFIX);

      if (!main_group && !trace_group)
        {
          warn (self, _("The section [%s] is not known to this version; it is kept when saving"), groups[i]);
          continue;
        }
      if (trace_group)
        {
          char *end;
          guint64 index = g_ascii_strtoull (groups[i] + strlen (TRACE_GROUP_PREFIX), &end, 10);

          if (*end != '\0' || end == groups[i] + strlen (TRACE_GROUP_PREFIX) || index >= self->traces->len)
            {
              warn (self, _("The section [%s] is left out: traces are numbered from 0 without gaps"), groups[i]);
              continue;
            }
        }
      keys = g_key_file_get_keys (keyfile, groups[i], NULL, NULL);
      for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
        if (main_group ? !g_strv_contains (main_keys, keys[k]) : !is_trace_key (keys[k]))
          warn (self, _("The setting %s in [%s] is not known to this version; it is kept when saving"),
                keys[k], groups[i]);
    }
}

static gboolean
read_traces (JxSessionFile  *self,
             GKeyFile       *keyfile,
             const char     *folder,
             GError        **error)
{
  for (guint i = 0;; i++)
    {
      g_autofree char *group = g_strdup_printf (TRACE_GROUP_PREFIX "%u", i);
      g_autofree char *stored = NULL;
      g_autofree char *absolute = NULL;
      g_autofree char *colour = NULL;
      g_autofree char *resolved = NULL;
      g_autoptr(GError) local = NULL;
      JxSessionFileTrace *trace;
      gint64 offset;

      if (!g_key_file_has_group (keyfile, group))
        break;
      stored = g_key_file_get_string (keyfile, group, "Path", NULL);
      absolute = g_key_file_get_string (keyfile, group, "AbsolutePath", NULL);
      if ((stored == NULL || stored[0] == '\0') && (absolute == NULL || absolute[0] == '\0'))
        {
          g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_INVALID,
                       _("[%s] has no Path"), group);
          return FALSE;
        }
      if (stored == NULL || stored[0] == '\0')
        {
          g_free (stored);
          stored = g_strdup (absolute);
        }
      /* The relative path first (the file moved with its traces), then
       * where the traces were when it was saved. */
      resolved = g_canonicalize_filename (stored, folder);
      if (!g_file_test (resolved, G_FILE_TEST_EXISTS) && absolute != NULL && g_path_is_absolute (absolute) &&
          g_file_test (absolute, G_FILE_TEST_EXISTS))
        {
          g_free (resolved);
          resolved = g_strdup (absolute);
        }
      offset = g_key_file_get_int64 (keyfile, group, "Offset", &local);
      if (local != NULL && !g_error_matches (local, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND))
        {
          g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_INVALID,
                       _("[%s] Offset is not a whole number of nanoseconds"), group);
          return FALSE;
        }
      trace = jx_session_file_add_trace (self, resolved, local == NULL ? offset : 0, 0);
      g_free (trace->stored_path);
      trace->stored_path = g_steal_pointer (&stored);
      colour = g_key_file_get_string (keyfile, group, "Color", NULL);
      if (colour != NULL && !parse_color (colour, &trace->picked_color))
        warn (self, _("[%s] Color “%s” is not #rrggbb; the trace keeps its own colour"), group, colour);
      if (g_key_file_has_key (keyfile, group, "FoldedGroups", NULL))
        {
          g_autofree int *list = NULL;
          gsize n = 0;

          g_clear_error (&local);
          list = g_key_file_get_integer_list (keyfile, group, "FoldedGroups", &n, &local);
          if (local != NULL)
            warn (self, _("[%s] FoldedGroups is not a list of group numbers; nothing is folded"), group);
          else
            {
              trace->folded_groups = g_array_sized_new (FALSE, FALSE, sizeof (guint32), (guint) n);
              for (gsize k = 0; k < n; k++)
                if (list[k] >= 0)
                  {
                    guint32 index = (guint32) list[k];

                    g_array_append_val (trace->folded_groups, index);
                  }
            }
        }
      trace->selection = _jx_session_file_read_selection (keyfile, group, self->warnings);
      trace->has_rows = _jx_session_file_read_rows (keyfile, group, &trace->full_rows, &trace->readable_processes,
                                                    self->warnings);
      if (g_key_file_has_key (keyfile, group, "PairedByHand", NULL))
        {
          g_auto(GStrv) names = g_key_file_get_string_list (keyfile, group, "PairedByHand", NULL, NULL);

          /* A, B, A, B, …: an odd list lost a name somewhere. */
          if (names == NULL || g_strv_length (names) % 2 != 0)
            warn (self, _("[%s] PairedByHand is not a list of name pairs; the streams are paired automatically"),
                  group);
          else if (names[0] != NULL)
            trace->paired_by_hand = g_steal_pointer (&names);
        }
    }
  return TRUE;
}

static gboolean
read_keyfile (JxSessionFile  *self,
              GKeyFile       *keyfile,
              const char     *folder,
              GError        **error)
{
  g_autoptr(GError) local = NULL;
  g_autofree char *band = NULL;
  g_autofree char *call = NULL;
  gboolean ok;
  int version, value;

  if (!g_key_file_has_group (keyfile, GROUP))
    {
      g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_CORRUPT,
                   _("it has no [%s] section"), GROUP);
      return FALSE;
    }
  version = g_key_file_get_integer (keyfile, GROUP, "Version", &local);
  if (local != NULL || version < 1)
    {
      g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_CORRUPT,
                   "%s", _("it has no valid Version"));
      return FALSE;
    }
  self->version = (guint) version;
  if (version > JX_SESSION_FILE_VERSION)
    warn (self, _("It was written by a newer Juxtrace (format version %d; this one reads %d): what this version does not know is left out"),
          version, JX_SESSION_FILE_VERSION);

  if (!read_traces (self, keyfile, folder, error))
    return FALSE;

  if (g_key_file_has_key (keyfile, GROUP, "Reference", NULL))
    {
      g_clear_error (&local);
      value = g_key_file_get_integer (keyfile, GROUP, "Reference", &local);
      if (local == NULL && value >= 0 && (guint) value < self->traces->len)
        self->reference = value;
      else
        warn (self, "%s", _("Reference does not name one of the traces; the first one is the reference"));
    }
  self->has_visible = get_span (keyfile, "VisibleTime", &self->visible, &ok);
  if (!ok)
    warn (self, "%s", _("VisibleTime is not “begin;end” in nanoseconds; everything is shown"));
  self->has_selected = get_span (keyfile, "SelectedTime", &self->selected, &ok);
  if (!ok)
    warn (self, "%s", _("SelectedTime is not “begin;end” in nanoseconds; nothing is selected"));
  call = g_key_file_get_value (keyfile, GROUP, "SelectedCall", NULL);
  if (call != NULL)
    {
      int t;
      guint s, inv;

      if (sscanf (call, "%d;%u;%u", &t, &s, &inv) == 3 && t >= 0 && (guint) t < self->traces->len)
        {
          self->selected_trace = t;
          self->selected_stream = s;
          self->selected_invocation = inv;
        }
      else
        warn (self, "%s", _("SelectedCall is not “trace;stream;call” of one of the traces; nothing is selected"));
    }

  if (get_enum (self, keyfile, "FoldGrouping", JX_TYPE_FOLD_GROUPING, &value))
    self->fold_grouping = value;
  if (get_enum (self, keyfile, "FoldOperation", JX_TYPE_FOLD_OP, &value))
    self->fold_operation = value;
  self->fold_custom = g_key_file_get_string_list (keyfile, GROUP, "FoldCustom", NULL, NULL);
  get_boolean (keyfile, "ShowSOS", &self->show_sos);
  self->sos_function = g_key_file_get_string (keyfile, GROUP, "SOSFunction", NULL);
  if (get_enum (self, keyfile, "DiffMode", JX_TYPE_DIFF_BAR_MODE, &value))
    self->diff_mode = value;
  band = g_key_file_get_value (keyfile, GROUP, "NoiseBand", NULL);
  if (band != NULL)
    {
      char *end;
      double v = g_ascii_strtod (band, &end);

      if (*end == '\0' && isfinite (v) && v >= 0.0 && v <= 0.9)
        self->noise_band = v;
      else
        warn (self, _("NoiseBand “%s” is not a fraction from 0 to 0.9; the default is used"), band);
    }
  get_boolean (keyfile, "DifferencesByImpact", &self->differences_by_impact);
  get_boolean (keyfile, "AlignEnds", &self->align_ends);
  self->search = g_key_file_get_string (keyfile, GROUP, "Search", NULL);
  self->counter_metric = g_key_file_get_string (keyfile, GROUP, "CounterMetric", NULL);

  report_unknown (self, keyfile);
  return TRUE;
}

JxSessionFile *
jx_session_file_load_data (const char  *data,
                           gsize        length,
                           const char  *filename,
                           GError     **error)
{
  g_autoptr(JxSessionFile) self = jx_session_file_new ();
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *folder = dup_folder (filename);
  g_autofree char *display = g_filename_display_name (filename != NULL ? filename : "-");

  g_return_val_if_fail (data != NULL, NULL);

  if (!g_utf8_validate (data, (gssize) length, NULL) ||
      !g_key_file_load_from_data (keyfile, data, length, G_KEY_FILE_KEEP_COMMENTS, &local))
    {
      g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_CORRUPT,
                   _("“%s” is not a Juxtrace comparison file: %s"), display,
                   local != NULL ? local->message : _("it is not text"));
      return NULL;
    }
  if (!read_keyfile (self, keyfile, folder, &local))
    {
      g_set_error (error, JX_SESSION_FILE_ERROR, local->code,
                   _("“%s” is not a valid Juxtrace comparison file: %s"), display, local->message);
      return NULL;
    }
  self->keyfile = g_steal_pointer (&keyfile);
  return g_steal_pointer (&self);
}

JxSessionFile *
jx_session_file_load (const char  *filename,
                      GError     **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (filename != NULL, NULL);

  if (!g_file_get_contents (filename, &data, &length, error))
    {
      g_autofree char *display = g_filename_display_name (filename);

      g_prefix_error (error, _("Could not read the comparison “%s”: "), display);
      return NULL;
    }
  return jx_session_file_load_data (data, length, filename, error);
}

GArray *
jx_session_file_find_missing (JxSessionFile *self)
{
  GArray *missing = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (self != NULL, missing);

  for (guint i = 0; i < self->traces->len; i++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (self->traces, i);

      if (!g_file_test (trace->path, G_FILE_TEST_EXISTS))
        g_array_append_val (missing, i);
    }
  return missing;
}

/* One trace's part of a suggested name: its name without characters that
 * file systems refuse, cut to a length that keeps the whole name short. */
static void
append_name_part (GString    *out,
                  const char *name)
{
  g_autofree char *part = g_strdup (name != NULL && *name != '\0' ? name : "trace");
  const char *end;

  g_strdelimit (part, "/\\:*?\"<>|", '_');
  g_strstrip (part);
  if (!g_utf8_validate (part, -1, &end))
    *(char *) end = '\0';
  if (g_utf8_strlen (part, -1) > 60)
    *g_utf8_offset_to_pointer (part, 60) = '\0';
  g_string_append (out, *part != '\0' && !g_str_equal (part, ".") && !g_str_equal (part, "..") ? part : "trace");
}

char *
jx_session_file_suggest_name (const char * const *trace_names,
                              guint               n_traces,
                              const char         *suffix)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (n_traces == 0 || trace_names != NULL, NULL);

  if (n_traces == 0)
    g_string_append (out, "comparison");
  else
    {
      append_name_part (out, trace_names[0]);
      if (n_traces > 1)
        {
          g_string_append (out, "-vs-");
          append_name_part (out, trace_names[1]);
        }
      if (n_traces > 2)
        g_string_append_printf (out, "-and-%u-more", n_traces - 2);
    }
  g_string_append (out, suffix != NULL ? suffix : "");
  return g_string_free (out, FALSE);
}
