/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-file-private.h — reading an archive's marker file through
 * libotf2, for the loader (markers of a trace) and the marker writer
 * (markers to keep). Nothing outside src/model should include this. */
#pragma once

#include <glib.h>
#include <otf2/otf2.h>

G_BEGIN_DECLS

/* Every marker definition and marker of the archive `reader` opened, handed
 * to the callbacks with `data`. OTF2_ERROR_FILE_INTERACTION when the archive
 * gives no marker reader; otherwise what reading them returned. */
OTF2_ErrorCode _jx_marker_file_read (OTF2_Reader                         *reader,
                                     OTF2_MarkerReaderCallback_DefMarker  def,
                                     OTF2_MarkerReaderCallback_Marker     marker,
                                     gpointer                             data);

G_END_DECLS
