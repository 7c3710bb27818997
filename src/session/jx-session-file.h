/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-file.h — a saved comparison: the `.juxtrace` file
 * (docs/session-file.md), read and written without a display.
 *
 * A JxSessionFile is plain data: the traces (where they are, their offsets
 * and picked colours), the reference, the visible window and the selection,
 * and the session's modes (fold, SOS time, diff bars). It is read from and
 * written to a GKeyFile with a version number; unknown groups and keys
 * (written by a newer Juxtrace) are kept and written back on the next save,
 * and listed in `warnings`. Writing is atomic (g_file_set_contents: a
 * temporary file renamed over the old one). Trace paths are stored relative
 * to the file where they share a folder with it, and absolute as well.
 *
 * jx_session_file_capture() takes all of it from a session, and
 * jx_session_file_apply() (jx-session-file-apply.c) opens it in one. */
#pragma once

#include <gio/gio.h>

#include "jx-session-types.h"
#include "jx-trace-selection.h"

G_BEGIN_DECLS

/* The version this code writes; files of a higher version are read as far
 * as they are understood, with a warning. */
#define JX_SESSION_FILE_VERSION 2
/* The file name extension, with its dot, and the MIME type. */
#define JX_SESSION_FILE_SUFFIX ".juxtrace"
#define JX_SESSION_FILE_MIME_TYPE "application/x-juxtrace-comparison"

#define JX_SESSION_FILE_ERROR (jx_session_file_error_quark ())
GQuark jx_session_file_error_quark (void);

typedef enum
{
  JX_SESSION_FILE_ERROR_CORRUPT,     /* not a key file, or not one of ours */
  JX_SESSION_FILE_ERROR_INVALID,     /* a value that makes no sense */
} JxSessionFileError;

typedef struct
{
  char    *path;          /* where the trace is (absolute once read) */
  char    *stored_path;   /* as the file says, relative or absolute */
  gint64   offset_ns;
  guint32  picked_color;  /* opaque 0xffRRGGBB, 0 when none */
  GArray  *folded_groups; /* guint32 indexes of the stream groups (of the
                           * fold grouping) shown folded; NULL when none.
                           * The window fills and applies them. */
  JxTraceSelection *selection; /* the part of the trace loaded; NULL: all
                                * (jx-session-file-selection.c) */
  gboolean has_rows;      /* the lane's readable rows were saved: */
  gboolean full_rows;     /* "Readable Rows" on */
  GArray  *readable_processes; /* guint32 process positions shown readable
                                * (expanded); NULL when none. The window
                                * fills and applies them. */
  char   **paired_by_hand; /* the streams this trace pairs by hand with the
                            * reference's: flat "process / stream" names,
                            * reference's, this trace's, …; NULL when none
                            * (jx-session-pairing.h; version 2) */
} JxSessionFileTrace;

typedef struct
{
  guint           version;         /* of the file read; JX_SESSION_FILE_VERSION when new */
  GPtrArray      *traces;          /* JxSessionFileTrace*, in display order */
  int             reference;       /* index in traces, -1 for none */
  gboolean        has_visible;
  JxTimeSpan      visible;         /* comparison ns */
  gboolean        has_selected;
  JxTimeSpan      selected;        /* comparison ns */
  int             selected_trace;  /* the selected call: index in traces, -1 for none */
  guint32         selected_stream;
  guint32         selected_invocation;
  JxFoldGrouping  fold_grouping;
  JxFoldOp        fold_operation;
  char          **fold_custom;     /* NULL for none */
  gboolean        show_sos;
  char           *sos_function;    /* NULL: each trace's dominant function */
  JxDiffBarMode   diff_mode;
  double          noise_band;
  gboolean        differences_by_impact;
  gboolean        align_ends;
  char           *search;          /* NULL for none */
  char           *counter_metric;  /* the counter rows' metric; "" none; NULL not saved
                                      (the window's default) */
  GPtrArray      *warnings;        /* char*: what was read but not understood */
  GKeyFile       *keyfile;         /* what was read: unknown fields survive a save */
} JxSessionFile;

/* A file with no traces and the session's defaults. */
JxSessionFile *jx_session_file_new          (void);
void           jx_session_file_free         (JxSessionFile  *self);
JxSessionFileTrace *jx_session_file_add_trace (JxSessionFile *self,
                                               const char    *path,
                                               gint64         offset_ns,
                                               guint32        picked_color);

/* Reads `filename`. Paths are made absolute against its folder; a trace
 * that is not there keeps its path (jx_session_file_find_missing says
 * which). The error names the file and what is wrong with it. */
JxSessionFile *jx_session_file_load         (const char     *filename,
                                             GError        **error);
/* The same from text, with the folder relative paths are taken from. */
JxSessionFile *jx_session_file_load_data    (const char     *data,
                                             gsize           length,
                                             const char     *filename,
                                             GError        **error);
/* Writes the file atomically; relative paths against its folder. */
gboolean       jx_session_file_save         (JxSessionFile  *self,
                                             const char     *filename,
                                             GError        **error);
/* The text that save writes. */
char          *jx_session_file_to_data      (JxSessionFile  *self,
                                             const char     *filename,
                                             gsize          *length);
/* Indexes of the traces whose path does not exist (GArray of guint). */
GArray        *jx_session_file_find_missing (JxSessionFile  *self);

/* `path` as seen from the folder `base`: relative when both are absolute
 * and share more than the root ("../run/a"), else `path` itself. */
char          *jx_session_file_relative_path (const char    *base,
                                              const char    *path);

/* A file name for saving or exporting a comparison of traces with these
 * names (as their lanes show them): "run01-vs-run09" + suffix for two,
 * "base-vs-opt-and-2-more" + suffix for more, "comparison" + suffix for
 * none; characters that file systems refuse become "_", and each trace's
 * name is cut to 60 characters. */
char          *jx_session_file_suggest_name  (const char * const *trace_names,
                                              guint               n_traces,
                                              const char         *suffix);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (JxSessionFile, jx_session_file_free)

G_END_DECLS
