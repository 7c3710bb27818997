/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-writer.h — adding and removing markers in an OTF2 archive's
 * marker file ("<archive>.marker" beside the anchor) through libotf2's
 * marker writer.
 *
 * An update reads the marker file as it is on disk (definitions and
 * markers), keeps everything it does not remove, adds the new markers
 * (reusing the definition with the same group and category, else a new
 * one), and writes the whole set under a temporary name in the archive's
 * folder, which is then renamed over the marker file: a reader never sees
 * half a file, and a failure leaves the old one as it was. The anchor,
 * definition and event files are never written. Blocking file I/O: call
 * it from a worker thread in the application. */
#pragma once

#include "jx-trace.h"

G_BEGIN_DECLS

/* One marker as written: times in ticks of the trace's clock. */
typedef struct
{
  guint64     time;
  guint64     duration;
  const char *group;
  const char *category;
  guint8      severity;     /* OTF2_MarkerSeverity, for a new definition */
  guint8      scope;        /* OTF2_MarkerScope */
  guint64     scope_ref;
  const char *text;
} JxMarkerRecord;

/* Fills a record from a marker of the loaded trace. */
void      jx_marker_record_from_trace (JxMarkerRecord        *record,
                                       JxTrace               *trace,
                                       guint                  index);

/* Removes the first marker equal to each of `remove` (time, duration,
 * group, category, scope and text; a record that matches nothing is
 * ignored), adds `add`, and writes the file. FALSE with a G_IO_ERROR
 * naming the folder or file when it cannot be read or written;
 * G_IO_ERROR_READ_ONLY when the archive's folder (or its marker file) is
 * read-only, and then nothing was touched. */
gboolean  jx_marker_file_update       (const char            *anchor_path,
                                       const JxMarkerRecord  *add,
                                       guint                  n_add,
                                       const JxMarkerRecord  *remove,
                                       guint                  n_remove,
                                       GError               **error);

G_END_DECLS
