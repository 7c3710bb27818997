/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-builder.c — the builder's definitions (strings, regions, system
 * tree, processes, streams, markers) and its load report: the defects it
 * counts and the issues it lists, per stream or trace-wide.
 *
 * The other parts (see jx-trace-builder-private.h): per-event appends and
 * their repairs in jx-trace-builder-events.c, the invocation arrays in
 * jx-trace-builder-arrays.c, messages and collectives in
 * jx-trace-builder-messages.c, and finish() in jx-trace-builder-finish.c.
 */
#include "config.h"

#include <stdarg.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "jx-demangle.h"
#include "jx-trace-builder-private.h"

JxTraceBuilder *
jx_trace_builder_new (const char *path,
                      const char *name,
                      guint64     timer_resolution)
{
  JxTraceBuilder *self = g_new0 (JxTraceBuilder, 1);

  self->trace = _jx_trace_new ();
  self->trace->path = g_strdup (path != NULL ? path : "");
  self->trace->name = g_strdup (name != NULL ? name : "");
  self->trace->timer_resolution = timer_resolution > 0 ? timer_resolution : 1;
  self->streams = g_ptr_array_new_with_free_func (_jx_stream_writer_free);
  g_mutex_init (&self->lock);
  self->undefined = g_hash_table_new (NULL, NULL);
  self->undefined_raw = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->issues = g_array_new (FALSE, TRUE, sizeof (JxLoadIssue));
  g_array_set_clear_func (self->issues, _jx_load_issue_clear);

  return self;
}

void
jx_trace_builder_free (JxTraceBuilder *self)
{
  if (self == NULL)
    return;

  g_clear_object (&self->trace);
  g_clear_pointer (&self->streams, g_ptr_array_unref);
  g_clear_pointer (&self->undefined, g_hash_table_unref);
  g_clear_pointer (&self->undefined_raw, g_array_unref);
  g_clear_pointer (&self->issues, g_array_unref);
  g_clear_pointer (&self->partial, g_free);
  g_mutex_clear (&self->lock);
  g_free (self);
}

const char *
_jx_trace_builder_intern (JxTraceBuilder *self,
                          const char     *s)
{
  if (s == NULL)
    s = "";
  return g_string_chunk_insert_const (self->trace->chunk, s);
}

/* Definitions */

void
jx_trace_builder_set_clock (JxTraceBuilder *self,
                            guint64         timer_resolution,
                            guint64         global_offset,
                            guint64         trace_length)
{
  g_return_if_fail (self != NULL);

  self->trace->timer_resolution = timer_resolution > 0 ? timer_resolution : 1;
  self->trace->global_offset = global_offset;
  self->trace->trace_length = trace_length;
}

void
jx_trace_builder_set_creator (JxTraceBuilder *self,
                              const char     *creator)
{
  g_return_if_fail (self != NULL);

  g_free (self->trace->creator);
  self->trace->creator = g_strdup (creator);
}

guint32
jx_trace_builder_add_string (JxTraceBuilder *self,
                             const char     *s)
{
  g_return_val_if_fail (self != NULL, JX_NONE);

  g_ptr_array_add (self->trace->strings, (gpointer) _jx_trace_builder_intern (self, s));
  return self->trace->strings->len - 1;
}

static void
add_trace_issue (JxTraceBuilder *self,
                 JxDefect        defect,
                 guint32         stream,
                 guint64         time,
                 char           *detail)
{
  g_mutex_lock (&self->lock);
  self->defects[defect]++;
  if (self->issues->len < JX_LOAD_REPORT_MAX_ISSUES)
    {
      JxLoadIssue issue = { defect, stream, time, detail };

      g_array_append_val (self->issues, issue);
      detail = NULL;
    }
  g_mutex_unlock (&self->lock);
  g_free (detail);
}

JxRegion *
_jx_trace_builder_append_region (JxTraceBuilder *self,
                                 const char     *name)
{
  JxRegion region = { 0 };

  region.name = _jx_trace_builder_intern (self, name);
  region.canonical_name = region.name;
  region.description = _jx_trace_builder_intern (self, "");
  region.source_file = region.description;
  g_array_append_val (self->trace->regions, region);
  return &g_array_index (self->trace->regions, JxRegion, self->trace->regions->len - 1);
}

guint32
jx_trace_builder_add_region (JxTraceBuilder *self,
                             const char     *name,
                             guint8          paradigm,
                             guint8          role)
{
  JxRegion *region;
  g_autofree char *demangled = NULL;

  g_return_val_if_fail (self != NULL, JX_NONE);

  region = _jx_trace_builder_append_region (self, name);
  region->paradigm = paradigm;
  region->role = role;
  /* From the recorded name, so categories do not depend on the demangler. */
  region->category = _jx_region_derive_category (region->name, paradigm, role);

  /* C++ and CUDA symbols are shown demangled, as Vampir does; the recorded
   * symbol stays in canonical_name. Every trace goes through here, so
   * matching regions by name across traces stays consistent. */
  demangled = jx_demangle_symbol (region->name);
  if (demangled != NULL)
    region->name = _jx_trace_builder_intern (self, demangled);

  if (role > _JX_OTF2_MAX_ROLE)
    {
      region->flags |= JX_REGION_FLAG_UNKNOWN_ROLE;
      add_trace_issue (self, JX_DEFECT_UNKNOWN_ROLE, JX_NONE, 0,
                       g_strdup_printf (_("Region “%s” has role %u, unknown to libotf2 3.0.2"),
                                        region->name, role));
    }
  if (paradigm > _JX_OTF2_MAX_PARADIGM)
    {
      region->flags |= JX_REGION_FLAG_UNKNOWN_PARADIGM;
      add_trace_issue (self, JX_DEFECT_UNKNOWN_PARADIGM, JX_NONE, 0,
                       g_strdup_printf (_("Region “%s” has paradigm %u, unknown to libotf2 3.0.2"),
                                        region->name, paradigm));
    }

  self->n_defined_regions = self->trace->regions->len;
  return self->n_defined_regions - 1;
}

void
jx_trace_builder_set_region_info (JxTraceBuilder *self,
                                  guint32         region,
                                  const char     *canonical_name,
                                  const char     *description,
                                  const char     *source_file,
                                  guint32         begin_line,
                                  guint32         end_line)
{
  JxRegion *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (region < self->trace->regions->len);

  r = &g_array_index (self->trace->regions, JxRegion, region);
  if (canonical_name != NULL && canonical_name[0] != '\0')
    r->canonical_name = _jx_trace_builder_intern (self, canonical_name);
  if (description != NULL)
    r->description = _jx_trace_builder_intern (self, description);
  if (source_file != NULL)
    r->source_file = _jx_trace_builder_intern (self, source_file);
  r->begin_line = begin_line;
  r->end_line = end_line;
}

guint
jx_trace_builder_get_n_regions (JxTraceBuilder *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_defined_regions;
}

guint
jx_trace_builder_get_n_streams (JxTraceBuilder *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->streams->len;
}

guint32
jx_trace_builder_add_system_node (JxTraceBuilder *self,
                                  const char     *name,
                                  const char     *class_name,
                                  guint32         parent)
{
  JxSystemNode node;

  g_return_val_if_fail (self != NULL, JX_NONE);

  node.name = _jx_trace_builder_intern (self, name);
  node.class_name = _jx_trace_builder_intern (self, class_name);
  node.parent = parent;
  g_array_append_val (self->trace->system_nodes, node);
  return self->trace->system_nodes->len - 1;
}

guint32
jx_trace_builder_add_process (JxTraceBuilder *self,
                              const char     *name,
                              guint32         system_node)
{
  JxProcess process = { 0 };

  g_return_val_if_fail (self != NULL, JX_NONE);

  process.name = _jx_trace_builder_intern (self, name);
  process.system_node = system_node;
  process.rank = self->trace->processes->len;
  g_array_append_val (self->trace->processes, process);
  return self->trace->processes->len - 1;
}

guint32
jx_trace_builder_add_stream (JxTraceBuilder *self,
                             guint32         process,
                             const char     *name,
                             JxStreamKind    kind)
{
  JxStreamWriter *sb;

  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (process < self->trace->processes->len, JX_NONE);

  sb = g_new0 (JxStreamWriter, 1);
  sb->s.name = _jx_trace_builder_intern (self, name);
  sb->s.otf2_id = self->streams->len;
  sb->s.process = process;
  sb->s.index = self->streams->len;
  sb->s.kind = kind;
  sb->label = g_strdup_printf ("%s / %s",
                               g_array_index (self->trace->processes, JxProcess, process).name,
                               sb->s.name);
  g_ptr_array_add (self->streams, sb);
  return self->streams->len - 1;
}

JxStreamWriter *
_jx_trace_builder_get_writer (JxTraceBuilder *self,
                              guint32         stream)
{
  JxStreamWriter *w;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (stream < self->streams->len, NULL);

  w = g_ptr_array_index (self->streams, stream);
  w->n_defined_regions = self->n_defined_regions;
  return w;
}

void
jx_trace_builder_set_stream_id (JxTraceBuilder *self,
                                guint32         stream,
                                guint64         otf2_id)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  ((JxStreamWriter *) g_ptr_array_index (self->streams, stream))->s.otf2_id = otf2_id;
}

/* Load report */

/* The stream's issue list is only touched by the thread filling it. */
static void
stream_list_issue (JxStreamWriter *sb,
                   JxDefect        defect,
                   guint64         time,
                   const char     *format,
                   va_list         args)
{
  if (sb->issues == NULL)
    {
      sb->issues = g_array_new (FALSE, TRUE, sizeof (JxLoadIssue));
      g_array_set_clear_func (sb->issues, _jx_load_issue_clear);
    }
  if (sb->issues->len < JX_LOAD_REPORT_MAX_ISSUES)
    {
      JxLoadIssue issue;

      issue.defect = defect;
      issue.stream = sb->s.index;
      issue.time = time;
      issue.detail = g_strdup_vprintf (format, args);
      g_array_append_val (sb->issues, issue);
    }
}

void
_jx_stream_writer_issue (JxStreamWriter *sb,
                         JxDefect        defect,
                         guint64         time,
                         const char     *format,
                         ...)
{
  va_list args;

  sb->defects[defect]++;
  sb->s.flags |= JX_STREAM_FLAG_REPAIRED;

  va_start (args, format);
  stream_list_issue (sb, defect, time, format, args);
  va_end (args);
}

void
_jx_stream_writer_note (JxStreamWriter *sb,
                        JxDefect        defect,
                        guint64         time,
                        const char     *format,
                        ...)
{
  va_list args;

  va_start (args, format);
  stream_list_issue (sb, defect, time, format, args);
  va_end (args);
}

void
jx_trace_builder_report (JxTraceBuilder *self,
                         JxDefect        defect,
                         guint32         stream,
                         guint64         time,
                         const char     *format,
                         ...)
{
  va_list args;
  char *detail;

  g_return_if_fail (self != NULL);
  g_return_if_fail (defect < JX_N_DEFECTS);

  va_start (args, format);
  detail = g_strdup_vprintf (format, args);
  va_end (args);

  if (stream != JX_NONE && stream < self->streams->len)
    {
      _jx_stream_writer_issue (g_ptr_array_index (self->streams, stream), defect, time,
                               "%s", detail);
      g_free (detail);
    }
  else
    add_trace_issue (self, defect, JX_NONE, time, detail);
}

void
jx_trace_builder_mark_missing (JxTraceBuilder *self,
                               guint32         stream,
                               const char     *reason)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (sb->s.flags & JX_STREAM_FLAG_MISSING)
    return;
  sb->s.flags |= JX_STREAM_FLAG_MISSING;
  _jx_stream_writer_issue (sb, JX_DEFECT_MISSING_EVENTS, 0,
                           _("Events of stream “%s” could not be read: %s"),
                           sb->label, reason != NULL ? reason : _("file missing"));
}

void
jx_trace_builder_mark_truncated (JxTraceBuilder *self,
                                 guint32         stream,
                                 const char     *reason)
{
  JxStreamWriter *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (sb->s.flags & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED))
    return;
  sb->s.flags |= JX_STREAM_FLAG_TRUNCATED;
  _jx_stream_writer_issue (sb, JX_DEFECT_TRUNCATED_EVENTS, sb->s.last_time,
                           _("Event file of stream “%s” ended early after %llu events (%s); the events read are kept"),
                           sb->label, (unsigned long long) sb->s.n_events,
                           reason != NULL ? reason : _("read error"));
}

/* Markers */

guint32
jx_trace_builder_add_marker_def (JxTraceBuilder *self,
                                 const char     *group,
                                 const char     *category,
                                 guint8          severity)
{
  JxMarkerDef def;

  g_return_val_if_fail (self != NULL, JX_NONE);

  def.group = _jx_trace_builder_intern (self, group);
  def.category = _jx_trace_builder_intern (self, category);
  def.severity = severity;
  g_array_append_val (self->trace->marker_defs, def);
  return self->trace->marker_defs->len - 1;
}

void
jx_trace_builder_add_marker (JxTraceBuilder *self,
                             guint64         time,
                             guint64         duration,
                             guint32         def,
                             guint8          scope,
                             guint64         scope_ref,
                             const char     *text)
{
  JxMarker marker;

  g_return_if_fail (self != NULL);

  marker.time = time;
  marker.duration = duration;
  marker.def = def;
  marker.scope = scope;
  marker.scope_ref = scope_ref;
  marker.text = _jx_trace_builder_intern (self, text);
  g_array_append_val (self->trace->markers, marker);
}

