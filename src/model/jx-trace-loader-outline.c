/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-outline.c — a trace from its definitions alone: the
 * processes and locations a partial load can choose from, which of them a
 * selection takes, and the memory a load will take.
 *
 * The estimate. A loaded trace keeps, per enter/leave event, 15 bytes of
 * invocation arrays (bench-load measures 15.9 resident bytes per event);
 * OTF2 stores such an event in 12 to 13 bytes of its .evt file (type,
 * timestamp record, compressed region reference). Other events (metrics,
 * parameters, OpenMP) take file bytes but almost no model bytes, messages
 * take more. So the estimate is the selected event files' bytes times a
 * ratio measured on generated and real traces at the peak of the load
 * (VmHWM, bench-partial; docs/partial-loading.md has the table), plus a
 * fixed part per location, a multiple of the global definitions and
 * libotf2's read buffers (from the anchor's chunk sizes). A
 * window scales the event part by its share of the trace's length (the
 * clock properties'), which assumes events spread evenly over time; the
 * loader's guard stops a load that outgrows its budget all the same. */
#include "config.h"

#include <inttypes.h>

#include <string.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-trace-loader-private.h"
#include "jx-trace-selection-private.h"

/* Peak bytes per event file byte: the slope measured on large generated
 * traces (1.28, docs/partial-loading.md) with a margin. */
#define BYTES_PER_FILE_BYTE 1.4
/* Per location: its writer, stream record, label. */
#define BYTES_PER_LOCATION 4096
/* Strings, regions, system tree and their indices, per byte of the
 * global definitions file. */
#define BYTES_PER_DEFINITION_BYTE 6
/* What any load needs besides: the builder, the process's own heap... */
#define BYTES_BASE (6u << 20)
/* ... and libotf2's buffers: the definitions are read through two buffers
 * of the anchor's definition chunk size, which become resident whole;
 * each reader thread (two at most) reads an event file through two
 * buffers of the event chunk size, of which only as much becomes resident
 * as the file fills. */
#define DEF_CHUNK_BUFFERS 2
#define EVT_CHUNK_BUFFERS 4

/* Names shown when a pattern matches nothing. */
#define SAMPLE_NAMES 3

struct _JxTraceOutline
{
  char         *path;
  GStringChunk *chunk;
  GArray       *processes;     /* JxOutlineProcess */
  GArray       *locations;     /* JxOutlineLocation */
  guint64       timer_resolution;
  guint64       global_offset;
  guint64       trace_length;
  guint64       event_bytes;
  guint64       definition_bytes;
  guint64       evt_chunk_bytes;
  guint64       def_chunk_bytes;
};

JxTraceOutline *
_jx_loader_make_outline (Loader *ld)
{
  JxTraceOutline *self = g_new0 (JxTraceOutline, 1);
  g_autofree char *def_file = NULL;
  GStatBuf st;
  guint i;

  self->path = g_strdup (ld->anchor);
  self->chunk = g_string_chunk_new (4096);
  self->processes = g_array_sized_new (FALSE, TRUE, sizeof (JxOutlineProcess), ld->groups->len);
  self->locations = g_array_sized_new (FALSE, TRUE, sizeof (JxOutlineLocation), ld->locations->len);
  self->timer_resolution = ld->timer_resolution;
  self->global_offset = ld->global_offset;
  self->trace_length = ld->trace_length;
  self->evt_chunk_bytes = ld->evt_chunk_size;
  self->def_chunk_bytes = ld->def_chunk_size;

  for (i = 0; i < ld->groups->len; i++)
    {
      const RawLocationGroup *g = &g_array_index (ld->groups, RawLocationGroup, i);
      JxOutlineProcess p = { 0 };

      p.name = g_string_chunk_insert_const (self->chunk, g->synthetic ? _("Unknown process")
                                                                      : _jx_loader_lookup_string (ld, g->name));
      g_array_append_val (self->processes, p);
    }

  /* The loader's locations are in stream order: grouped by process. */
  for (i = 0; i < ld->locations->len; i++)
    {
      const RawLocation *l = &g_array_index (ld->locations, RawLocation, i);
      guint g = GPOINTER_TO_UINT (g_hash_table_lookup (ld->group_order, GUINT_TO_POINTER (l->group))) - 1;
      JxOutlineProcess *p = &g_array_index (self->processes, JxOutlineProcess, g);
      JxOutlineLocation o = { 0 };

      o.name = g_string_chunk_insert_const (self->chunk, _jx_loader_lookup_string (ld, l->name));
      o.ref = l->ref;
      o.process = g;
      o.kind = l->type == OTF2_LOCATION_TYPE_CPU_THREAD ? JX_STREAM_CPU_THREAD
               : l->type == OTF2_LOCATION_TYPE_ACCELERATOR_STREAM ? JX_STREAM_ACCELERATOR
               : l->type == OTF2_LOCATION_TYPE_METRIC ? JX_STREAM_METRIC
               : JX_STREAM_OTHER;
      o.n_events = l->n_events;
      o.file_bytes = l->file_bytes;
      if (p->n_locations == 0)
        p->first_location = i;
      p->n_locations++;
      self->event_bytes += l->file_bytes;
      g_array_append_val (self->locations, o);
    }

  def_file = g_str_has_suffix (ld->anchor, ".otf2")
             ? g_strdup_printf ("%.*s.def", (int) strlen (ld->anchor) - 5, ld->anchor)
             : g_strdup_printf ("%s.def", ld->anchor);
  if (g_stat (def_file, &st) == 0 && st.st_size > 0)
    self->definition_bytes = (guint64) st.st_size;
  return self;
}

JxTraceOutline *
jx_trace_outline_read (const char  *path,
                       GError     **error)
{
  return jx_trace_outline_read_full (path, NULL, NULL, error);
}

JxTraceOutline *
jx_trace_outline_read_full (const char         *path,
                            JxOutlineProgress   progress,
                            gpointer            progress_data,
                            GError            **error)
{
  Loader *ld;
  OTF2_Reader *reader = NULL;
  JxTraceOutline *self;

  g_return_val_if_fail (path != NULL, NULL);

  ld = _jx_loader_open_full (path, progress, progress_data, &reader, error);
  if (ld == NULL)
    return NULL;
  OTF2_Reader_Close (reader);
  self = _jx_loader_make_outline (ld);
  _jx_loader_free (ld);
  return self;
}

void
jx_trace_outline_free (JxTraceOutline *self)
{
  if (self == NULL)
    return;
  g_free (self->path);
  g_string_chunk_free (self->chunk);
  g_array_unref (self->processes);
  g_array_unref (self->locations);
  g_free (self);
}

const char *
jx_trace_outline_get_path (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->path;
}

guint
jx_trace_outline_get_n_processes (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->processes->len;
}

const JxOutlineProcess *
jx_trace_outline_get_process (JxTraceOutline *self,
                              guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->processes->len, NULL);
  return &g_array_index (self->processes, JxOutlineProcess, index);
}

guint
jx_trace_outline_get_n_locations (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->locations->len;
}

const JxOutlineLocation *
jx_trace_outline_get_location (JxTraceOutline *self,
                               guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->locations->len, NULL);
  return &g_array_index (self->locations, JxOutlineLocation, index);
}

guint64
jx_trace_outline_get_timer_resolution (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 1);
  return self->timer_resolution;
}

guint64
jx_trace_outline_get_global_offset (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->global_offset;
}

guint64
jx_trace_outline_get_trace_length (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->trace_length;
}

guint64
jx_trace_outline_get_event_bytes (JxTraceOutline *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->event_bytes;
}

/* Selecting */

static const char *
process_name (JxTraceOutline *self,
              guint           p)
{
  return g_array_index (self->processes, JxOutlineProcess, p).name;
}

/* "“MPI Rank 0”, “MPI Rank 1”, “MPI Rank 2” … “MPI Rank 31”" */
static char *
sample_names (JxTraceOutline *self)
{
  g_autoptr(GString) out = g_string_new (NULL);
  guint n = self->processes->len;
  guint i;

  for (i = 0; i < n && i < SAMPLE_NAMES; i++)
    g_string_append_printf (out, i > 0 ? ", “%s”" : "“%s”", process_name (self, i));
  if (n > SAMPLE_NAMES)
    g_string_append_printf (out, n > SAMPLE_NAMES + 1 ? " … “%s”" : ", “%s”", process_name (self, n - 1));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
location_label (JxTraceOutline *self,
                guint           l)
{
  const JxOutlineLocation *o = &g_array_index (self->locations, JxOutlineLocation, l);

  return g_strdup_printf ("%s / %s", process_name (self, o->process), o->name);
}

/* Marks what the patterns match: whole processes, or single locations
 * for a pattern with " / ". FALSE (error set) for a pattern that matches
 * nothing. */
static gboolean
match_patterns (JxTraceOutline         *self,
                const JxTraceSelection *selection,
                guint8                 *process_match,
                guint8                 *location_match,
                GError                **error)
{
  guint k, i;

  for (k = 0; k < selection->patterns->len; k++)
    {
      const char *pattern = g_ptr_array_index (selection->patterns, k);
      g_autoptr(GPatternSpec) spec = g_pattern_spec_new (pattern);
      gboolean per_location = strstr (pattern, " / ") != NULL;
      gboolean any = FALSE;

      if (!per_location)
        for (i = 0; i < self->processes->len; i++)
          {
            if (g_pattern_spec_match_string (spec, process_name (self, i)))
              {
                process_match[i] = TRUE;
                any = TRUE;
              }
          }
      else
        for (i = 0; i < self->locations->len; i++)
          {
            g_autofree char *label = location_label (self, i);

            if (g_pattern_spec_match_string (spec, label))
              {
                location_match[i] = TRUE;
                any = TRUE;
              }
          }

      if (!any && !per_location)
        {
          g_autofree char *names = sample_names (self);

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "“%s”: the pattern “%s” matches none of its %u process (%s)",
                                    "“%s”: the pattern “%s” matches none of its %u processes (%s)",
                                    self->processes->len),
                       self->path, pattern, self->processes->len, names);
          return FALSE;
        }
      if (!any)
        {
          g_autofree char *example = self->locations->len > 0 ? location_label (self, 0) : g_strdup ("");

          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                       g_dngettext (GETTEXT_PACKAGE,
                                    "“%s”: the pattern “%s” matches none of its %u location, named “process / location” such as “%s”",
                                    "“%s”: the pattern “%s” matches none of its %u locations, named “process / location” such as “%s”",
                                    self->locations->len),
                       self->path, pattern, self->locations->len, example);
          return FALSE;
        }
    }
  return TRUE;
}

/* Positions and references that do not exist are errors. */
static gboolean
check_ids (JxTraceOutline         *self,
           const JxTraceSelection *selection,
           GHashTable             *location_index,
           GError                **error)
{
  guint k;

  for (k = 0; k < selection->processes->len; k++)
    {
      guint p = g_array_index (selection->processes, guint, k);

      if (p >= self->processes->len)
        {
          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                       _("“%s” has no process %u: its %u processes are numbered 0 to %u"),
                       self->path, p, self->processes->len, self->processes->len - 1);
          return FALSE;
        }
    }
  for (k = 0; k < selection->locations->len; k++)
    {
      guint64 ref = g_array_index (selection->locations, guint64, k);

      if (!g_hash_table_contains (location_index, &ref))
        {
          g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                       _("“%s” defines no location %" PRIu64), self->path, ref);
          return FALSE;
        }
    }
  return TRUE;
}

/* An empty or reversed window, or one after the trace's end. */
static gboolean
check_window (JxTraceOutline         *self,
              const JxTraceSelection *selection,
              GError                **error)
{
  gint64 begin = MAX (selection->window_begin_ns, 0);
  gint64 end = selection->window_end_ns;
  gint64 length = jx_time_ticks_to_ns ((gint64) MIN (self->trace_length, (guint64) G_MAXINT64),
                                       self->timer_resolution);

  if (!selection->has_window)
    return TRUE;
  if (end <= begin)
    {
      g_autofree char *b = jx_time_format (selection->window_begin_ns, 6);
      g_autofree char *e = jx_time_format (end, 6);

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                   _("“%s”: the window %s – %s holds no time: its end must come after its beginning"),
                   self->path, b, e);
      return FALSE;
    }
  if (self->trace_length > 0 && begin >= length)
    {
      g_autofree char *b = jx_time_format (begin, 6);
      g_autofree char *l = jx_time_format (length, 6);

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                   _("“%s”: the window begins at %s, after the trace ends (it lasts %s by its clock properties)"),
                   self->path, b, l);
      return FALSE;
    }
  return TRUE;
}

guint8 *
jx_trace_outline_select (JxTraceOutline         *self,
                         const JxTraceSelection *selection,
                         GError                **error)
{
  g_autofree guint8 *process_match = NULL;
  g_autofree guint8 *location_match = NULL;
  g_autofree guint8 *taken = NULL;
  g_autofree guint8 *listed = NULL;
  g_autoptr(GHashTable) location_index = NULL;
  guint8 *selected;
  guint n_p, n_l, i, k, n_candidates = 0, n_selected = 0;

  g_return_val_if_fail (self != NULL, NULL);

  n_p = self->processes->len;
  n_l = self->locations->len;
  selected = g_new (guint8, MAX (n_l, 1));
  memset (selected, 1, MAX (n_l, 1));
  if (selection == NULL || jx_trace_selection_is_all (selection))
    return selected;

  location_index = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (i = 0; i < n_l; i++)
    g_hash_table_insert (location_index, &g_array_index (self->locations, JxOutlineLocation, i).ref,
                         GUINT_TO_POINTER (i + 1));

  process_match = g_new0 (guint8, MAX (n_p, 1));
  location_match = g_new0 (guint8, MAX (n_l, 1));
  if (!check_ids (self, selection, location_index, error) ||
      !match_patterns (self, selection, process_match, location_match, error) ||
      !check_window (self, selection, error))
    {
      g_free (selected);
      return NULL;
    }

  /* Candidate processes: listed, matched (as a whole or by a location). */
  listed = g_new0 (guint8, MAX (n_p, 1));
  for (k = 0; k < selection->processes->len; k++)
    listed[g_array_index (selection->processes, guint, k)] = TRUE;
  for (i = 0; i < n_l; i++)
    if (location_match[i])
      process_match[g_array_index (self->locations, JxOutlineLocation, i).process] |= 2;

  taken = g_new0 (guint8, MAX (n_p, 1));
  for (i = 0; i < n_p; i++)
    {
      gboolean candidate = (selection->processes->len == 0 || listed[i])
                           && (selection->patterns->len == 0 || process_match[i] != 0);

      if (!candidate)
        continue;
      if (selection->every == 0 || n_candidates % selection->every == selection->every_first)
        taken[i] = TRUE;
      n_candidates++;
    }

  /* Locations of the processes taken: all of a process matched as a
   * whole, else those matched by location; then the listed references. */
  for (i = 0; i < n_l; i++)
    {
      const JxOutlineLocation *o = &g_array_index (self->locations, JxOutlineLocation, i);
      gboolean take = taken[o->process]
                      && (selection->patterns->len == 0 || (process_match[o->process] & 1) || location_match[i]);

      if (take && selection->locations->len > 0)
        {
          take = FALSE;
          for (k = 0; k < selection->locations->len && !take; k++)
            take = g_array_index (selection->locations, guint64, k) == o->ref;
        }
      selected[i] = take;
      n_selected += take ? 1 : 0;
    }

  if (n_selected == 0)
    {
      g_autofree char *rules = _jx_trace_selection_describe (selection, FALSE);

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_SELECTION,
                   g_dngettext (GETTEXT_PACKAGE,
                                "“%s”: the selection (%s) takes none of its %u location",
                                "“%s”: the selection (%s) takes none of its %u locations", n_l),
                   self->path, rules, n_l);
      g_free (selected);
      return NULL;
    }
  return selected;
}

/* The window's share of the trace's length; 1 when either is unknown. */
static double
window_share (JxTraceOutline         *self,
              const JxTraceSelection *selection)
{
  gint64 length, begin, end;

  if (selection == NULL || !selection->has_window || self->trace_length == 0)
    return 1.0;
  length = jx_time_ticks_to_ns ((gint64) MIN (self->trace_length, (guint64) G_MAXINT64), self->timer_resolution);
  begin = MAX (selection->window_begin_ns, 0);
  end = MIN (selection->window_end_ns, length);
  if (length <= 0 || end <= begin)
    return end <= begin ? 0.0 : 1.0;
  return CLAMP ((double) (end - begin) / (double) length, 0.0, 1.0);
}

guint64
jx_trace_outline_estimate (JxTraceOutline         *self,
                           const guint8           *selected,
                           const JxTraceSelection *selection)
{
  double share;
  double bytes = BYTES_BASE;
  guint64 file_bytes = 0, largest = 0;
  guint i, n = 0;

  g_return_val_if_fail (self != NULL, 0);

  share = window_share (self, selection);
  for (i = 0; i < self->locations->len; i++)
    if (selected == NULL || selected[i])
      {
        file_bytes += g_array_index (self->locations, JxOutlineLocation, i).file_bytes;
        largest = MAX (largest, g_array_index (self->locations, JxOutlineLocation, i).file_bytes);
        n++;
      }
  bytes += (double) file_bytes * BYTES_PER_FILE_BYTE * share;
  bytes += (double) n * BYTES_PER_LOCATION;
  bytes += (double) self->definition_bytes * BYTES_PER_DEFINITION_BYTE;
  bytes += (double) self->def_chunk_bytes * DEF_CHUNK_BUFFERS;
  bytes += (double) MIN (self->evt_chunk_bytes, largest) * EVT_CHUNK_BUFFERS;
  return bytes >= 1.8e19 ? G_MAXUINT64 - 1 : (guint64) bytes;
}

/* What the trace says it holds. The description is the caller's to
 * free. */

JxTracePartial *
_jx_loader_make_partial (Loader                 *ld,
                         JxTraceOutline         *outline,
                         const JxTraceSelection *selection,
                         const guint8           *selected)
{
  JxTracePartial *partial;
  g_autofree guint8 *process_taken = NULL;
  g_autofree char *rules = NULL;
  g_autoptr(GString) description = g_string_new (NULL);
  guint i;

  if (selection == NULL || jx_trace_selection_is_all (selection))
    return NULL;

  /* Rules that take every location and no window load the whole trace. */
  for (i = 0; i < outline->locations->len && selected[i]; i++)
    ;
  if (i == outline->locations->len && !ld->windowed)
    return NULL;

  partial = g_new0 (JxTracePartial, 1);
  partial->n_processes = outline->processes->len;
  partial->n_locations = outline->locations->len;
  process_taken = g_new0 (guint8, MAX (partial->n_processes, 1));
  for (i = 0; i < outline->locations->len; i++)
    if (selected[i])
      {
        partial->n_locations_selected++;
        process_taken[g_array_index (outline->locations, JxOutlineLocation, i).process] = TRUE;
      }
  for (i = 0; i < partial->n_processes; i++)
    partial->n_processes_selected += process_taken[i] ? 1 : 0;

  partial->has_window = ld->windowed;
  partial->window_begin_ns = selection->has_window ? MAX (selection->window_begin_ns, 0) : 0;
  partial->window_end_ns = selection->has_window ? selection->window_end_ns : JX_WINDOW_OPEN_END;
  partial->window_begin = ld->windowed ? ld->window_begin : 0;
  partial->window_end = ld->windowed ? ld->window_end : G_MAXUINT64;

  rules = _jx_trace_selection_describe (selection, FALSE);
  if (partial->n_locations_selected < partial->n_locations)
    {
      g_string_append_printf (description, g_dngettext (GETTEXT_PACKAGE, "%u of %u process", "%u of %u processes",
                                                        partial->n_processes),
                              partial->n_processes_selected, partial->n_processes);
      if (partial->n_locations != partial->n_processes)
        {
          g_string_append (description, ", ");
          g_string_append_printf (description,
                                  g_dngettext (GETTEXT_PACKAGE, "%u of %u location", "%u of %u locations",
                                               partial->n_locations),
                                  partial->n_locations_selected, partial->n_locations);
        }
      if (*rules != '\0')
        g_string_append_printf (description, " (%s)", rules);
    }
  if (partial->has_window)
    {
      g_autofree char *span = _jx_window_describe (partial->window_begin_ns, partial->window_end_ns);

      if (description->len > 0)
        g_string_append (description, ", ");
      g_string_append_printf (description, _("window %s"), span);
    }
  partial->description = g_string_free (g_steal_pointer (&description), FALSE);
  return partial;
}
