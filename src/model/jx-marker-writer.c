/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-writer.c — read, change and rewrite an archive's marker file
 * (see jx-marker-writer.h). */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <otf2/otf2.h>

#include "jx-marker-file-private.h"
#include "jx-marker-writer.h"
#include "jx-trace-loader.h"

typedef struct
{
  guint64     ref;
  const char *group;
  const char *category;
  guint8      severity;
} MarkerDef;

typedef struct
{
  guint64     time;
  guint64     duration;
  guint64     def;          /* ref of its MarkerDef */
  guint8      scope;
  guint64     scope_ref;
  const char *text;
  gboolean    removed;
} Marker;

/* The content of a marker file. */
typedef struct
{
  GStringChunk *strings;
  GArray       *defs;       /* MarkerDef */
  GArray       *markers;    /* Marker */
} MarkerSet;

static void
marker_set_clear (MarkerSet *set)
{
  g_clear_pointer (&set->strings, g_string_chunk_free);
  g_clear_pointer (&set->defs, g_array_unref);
  g_clear_pointer (&set->markers, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MarkerSet, marker_set_clear)

static const char *
keep (MarkerSet  *set,
      const char *text)
{
  return g_string_chunk_insert_const (set->strings, text != NULL ? text : "");
}

void
jx_marker_record_from_trace (JxMarkerRecord *record,
                             JxTrace        *trace,
                             guint           index)
{
  const JxMarker *m;
  const JxMarkerDef *def;

  g_return_if_fail (record != NULL && JX_IS_TRACE (trace));
  g_return_if_fail (index < jx_trace_get_n_markers (trace));

  m = jx_trace_get_marker (trace, index);
  def = jx_trace_get_marker_def (trace, m->def);
  *record = (JxMarkerRecord) { m->time, m->duration, def->group, def->category, def->severity,
                               m->scope, m->scope_ref, m->text };
}

/* Reading ------------------------------------------------------------------- */

static OTF2_CallbackCode
on_def (void                *user_data,
        OTF2_MarkerRef       self,
        const char          *group,
        const char          *category,
        OTF2_MarkerSeverity  severity)
{
  MarkerSet *set = user_data;
  MarkerDef def = { self, keep (set, group), keep (set, category), severity };

  g_array_append_val (set->defs, def);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_marker (void             *user_data,
           OTF2_TimeStamp    time,
           OTF2_TimeStamp    duration,
           OTF2_MarkerRef    marker,
           OTF2_MarkerScope  scope,
           uint64_t          scope_ref,
           const char       *text)
{
  MarkerSet *set = user_data;
  Marker m = { time, duration, marker, scope, scope_ref, keep (set, text), FALSE };

  g_array_append_val (set->markers, m);
  return OTF2_CALLBACK_SUCCESS;
}

OTF2_ErrorCode
_jx_marker_file_read (OTF2_Reader                         *reader,
                      OTF2_MarkerReaderCallback_DefMarker  def,
                      OTF2_MarkerReaderCallback_Marker     marker,
                      gpointer                             data)
{
  OTF2_MarkerReader *marker_reader = OTF2_Reader_GetMarkerReader (reader);
  OTF2_MarkerReaderCallbacks *cbs;
  OTF2_ErrorCode rc;
  uint64_t n = 0;

  if (marker_reader == NULL)
    return OTF2_ERROR_FILE_INTERACTION;
  cbs = OTF2_MarkerReaderCallbacks_New ();
  OTF2_MarkerReaderCallbacks_SetDefMarkerCallback (cbs, def);
  OTF2_MarkerReaderCallbacks_SetMarkerCallback (cbs, marker);
  OTF2_Reader_RegisterMarkerCallbacks (reader, marker_reader, cbs, data);
  OTF2_MarkerReaderCallbacks_Delete (cbs);
  rc = OTF2_Reader_ReadAllMarkers (reader, marker_reader, &n);
  OTF2_Reader_CloseMarkerReader (reader, marker_reader);
  return rc;
}

static OTF2_Reader *
open_reader (const char  *anchor,
             GError     **error)
{
  OTF2_Reader *reader = OTF2_Reader_Open (anchor);

  if (reader == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot open the trace archive “%s”"), anchor);
      return NULL;
    }
  if (OTF2_Reader_SetSerialCollectiveCallbacks (reader) != OTF2_SUCCESS)
    {
      OTF2_Reader_Close (reader);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot open the trace archive “%s”"), anchor);
      return NULL;
    }
  return reader;
}

/* The markers on disk; an archive without a marker file has none, one
 * whose marker file cannot be read is an error (it is never overwritten). */
static gboolean
read_set (const char  *anchor,
          const char  *marker_file,
          MarkerSet   *set,
          GError     **error)
{
  OTF2_Reader *reader;
  OTF2_ErrorCode rc;

  set->strings = g_string_chunk_new (1024);
  set->defs = g_array_new (FALSE, FALSE, sizeof (MarkerDef));
  set->markers = g_array_new (FALSE, FALSE, sizeof (Marker));
  if (!g_file_test (marker_file, G_FILE_TEST_EXISTS))
    return TRUE;

  if ((reader = open_reader (anchor, error)) == NULL)
    return FALSE;
  rc = _jx_marker_file_read (reader, on_def, on_marker, set);
  OTF2_Reader_Close (reader);
  if (rc != OTF2_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Cannot read the marker file “%s” (%s); it was left as it is"), marker_file,
                   OTF2_Error_GetDescription (rc));
      return FALSE;
    }
  return TRUE;
}

/* Changing ------------------------------------------------------------------ */

static const MarkerDef *
find_def_by_ref (MarkerSet *set,
                 guint64    ref)
{
  for (guint i = 0; i < set->defs->len; i++)
    if (g_array_index (set->defs, MarkerDef, i).ref == ref)
      return &g_array_index (set->defs, MarkerDef, i);
  return NULL;
}

static guint64
def_for (MarkerSet  *set,
         const char *group,
         const char *category,
         guint8      severity)
{
  MarkerDef def;
  guint64 next = 0;

  for (guint i = 0; i < set->defs->len; i++)
    {
      const MarkerDef *d = &g_array_index (set->defs, MarkerDef, i);

      if (g_strcmp0 (d->group, group) == 0 && g_strcmp0 (d->category, category) == 0)
        return d->ref;
      next = MAX (next, d->ref + 1);
    }
  def = (MarkerDef) { next, keep (set, group), keep (set, category), severity };
  g_array_append_val (set->defs, def);
  return def.ref;
}

static void
remove_one (MarkerSet            *set,
            const JxMarkerRecord *r)
{
  for (guint i = 0; i < set->markers->len; i++)
    {
      Marker *m = &g_array_index (set->markers, Marker, i);
      const MarkerDef *def = find_def_by_ref (set, m->def);

      if (!m->removed && m->time == r->time && m->duration == r->duration && m->scope == r->scope &&
          m->scope_ref == r->scope_ref && g_strcmp0 (m->text, r->text != NULL ? r->text : "") == 0 &&
          def != NULL && g_strcmp0 (def->group, r->group != NULL ? r->group : "") == 0 &&
          g_strcmp0 (def->category, r->category != NULL ? r->category : "") == 0)
        {
          m->removed = TRUE;
          return;
        }
    }
}

/* Writing ------------------------------------------------------------------- */

/* Without any write permission bit, as `ls` shows it: root, whom access ()
 * lets write anywhere, must not write into archives marked read-only either
 * (shared trace collections are). */
static gboolean
has_no_write_bits (const char *path)
{
  GStatBuf st;

  return g_stat (path, &st) == 0 && (st.st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) == 0;
}

static gboolean
is_read_only (const char *dir,
              const char *marker_file)
{
  struct statvfs fs;

  if (statvfs (dir, &fs) == 0 && (fs.f_flag & ST_RDONLY) != 0)
    return TRUE;
  if (access (dir, W_OK) != 0 || has_no_write_bits (dir))
    return TRUE;
  return g_file_test (marker_file, G_FILE_TEST_EXISTS) &&
         (access (marker_file, W_OK) != 0 || has_no_write_bits (marker_file));
}

static gboolean
write_set (MarkerSet   *set,
           const char  *anchor,
           GError     **error)
{
  OTF2_MarkerWriter *writer;
  OTF2_Reader *reader;
  OTF2_ErrorCode rc = OTF2_SUCCESS;

  if ((reader = open_reader (anchor, error)) == NULL)
    return FALSE;
  writer = OTF2_Reader_GetMarkerWriter (reader);
  if (writer == NULL)
    {
      OTF2_Reader_Close (reader);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Cannot write markers beside “%s”"), anchor);
      return FALSE;
    }
  for (guint i = 0; i < set->defs->len && rc == OTF2_SUCCESS; i++)
    {
      const MarkerDef *d = &g_array_index (set->defs, MarkerDef, i);

      rc = OTF2_MarkerWriter_WriteDefMarker (writer, d->ref, d->group, d->category, d->severity);
    }
  for (guint i = 0; i < set->markers->len && rc == OTF2_SUCCESS; i++)
    {
      const Marker *m = &g_array_index (set->markers, Marker, i);

      if (!m->removed)
        rc = OTF2_MarkerWriter_WriteMarker (writer, m->time, m->duration, m->def, m->scope, m->scope_ref, m->text);
    }
  if (OTF2_Reader_CloseMarkerWriter (reader, writer) != OTF2_SUCCESS && rc == OTF2_SUCCESS)
    rc = OTF2_ERROR_FILE_INTERACTION;
  OTF2_Reader_Close (reader);
  if (rc != OTF2_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Writing the markers beside “%s” failed: %s"),
                   anchor, OTF2_Error_GetDescription (rc));
      return FALSE;
    }
  return TRUE;
}

/* libotf2 writes "<name>.marker" beside the anchor it opened: it opens a
 * copy of the anchor in a fresh folder inside the archive's (so the rename
 * stays on one file system), and the new marker file replaces the old one
 * in one rename. */
static gboolean
write_and_replace (MarkerSet   *set,
                   const char  *dir,
                   const char  *anchor,
                   const char  *marker_file,
                   GError     **error)
{
  g_autofree char *tmp = g_build_filename (dir, ".juxtrace-markers-XXXXXX", NULL);
  g_autofree char *base = g_path_get_basename (anchor);
  g_autofree char *marker_base = g_path_get_basename (marker_file);
  g_autofree char *tmp_anchor = NULL;
  g_autofree char *tmp_marker = NULL;
  g_autofree char *contents = NULL;
  gsize length = 0;
  gboolean ok;

  if (g_mkdtemp (tmp) == NULL)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, saved == EROFS || saved == EACCES || saved == EPERM
                                      ? G_IO_ERROR_READ_ONLY : g_io_error_from_errno (saved),
                   _("Cannot write into the trace folder “%s”: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  tmp_anchor = g_build_filename (tmp, base, NULL);
  tmp_marker = g_build_filename (tmp, marker_base, NULL);

  ok = g_file_get_contents (anchor, &contents, &length, error) &&
       g_file_set_contents (tmp_anchor, contents, (gssize) length, error) &&
       write_set (set, tmp_anchor, error);
  if (ok && g_rename (tmp_marker, marker_file) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   _("Cannot replace the marker file “%s”: %s"), marker_file, g_strerror (saved));
      ok = FALSE;
    }
  g_unlink (tmp_marker);
  g_unlink (tmp_anchor);
  g_rmdir (tmp);
  return ok;
}

gboolean
jx_marker_file_update (const char            *anchor_path,
                       const JxMarkerRecord  *add,
                       guint                  n_add,
                       const JxMarkerRecord  *remove,
                       guint                  n_remove,
                       GError               **error)
{
  g_auto(MarkerSet) set = { NULL, NULL, NULL };
  g_autofree char *anchor = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *marker_file = NULL;
  char *dot;

  g_return_val_if_fail (anchor_path != NULL, FALSE);
  g_return_val_if_fail (add != NULL || n_add == 0, FALSE);
  g_return_val_if_fail (remove != NULL || n_remove == 0, FALSE);

  anchor = jx_trace_resolve_anchor (anchor_path, error);
  if (anchor == NULL)
    return FALSE;
  dir = g_path_get_dirname (anchor);
  base = g_path_get_basename (anchor);
  if ((dot = strrchr (base, '.')) != NULL)
    *dot = '\0';
  marker_file = g_strconcat (dir, G_DIR_SEPARATOR_S, base, ".marker", NULL);

  if (is_read_only (dir, marker_file))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_READ_ONLY,
                   _("The trace folder “%s” is read-only"), dir);
      return FALSE;
    }
  if (!read_set (anchor, marker_file, &set, error))
    return FALSE;

  for (guint i = 0; i < n_remove; i++)
    remove_one (&set, &remove[i]);
  for (guint i = 0; i < n_add; i++)
    {
      const JxMarkerRecord *r = &add[i];
      Marker m = { r->time, r->duration, def_for (&set, keep (&set, r->group), keep (&set, r->category), r->severity),
                   r->scope, r->scope_ref, keep (&set, r->text), FALSE };

      g_array_append_val (set.markers, m);
    }

  return write_and_replace (&set, dir, anchor, marker_file, error);
}
