/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-align.h — `juxtrace-cli align` and what `render --at/--marker`
 * shares with it: the offsets that align traces with the first one (the
 * reference, offset 0) at a function by call-invocation profile
 * (jx-call-profile.h) or at a marker, as the window's "Align All Traces
 * Here" and marker view do. */
#pragma once

#include "jx-call-profile.h"
#include "jx-scoring.h"
#include "jx-stream-pairing.h"

G_BEGIN_DECLS

typedef struct
{
  const char *at;             /* "FUNCTION[#N]", or NULL */
  const char *marker;         /* "TEXT[#N]", or NULL */
  const char *process;        /* reference process by name, or NULL */
  const char *stream;         /* reference stream by name, or NULL */
  JxAlignEdge edge;
  JxPairingMode pairing;      /* how the other traces' streams are found (0: auto) */
} JxCliAlignSpec;

typedef enum
{
  JX_CLI_ALIGN_REFERENCE,     /* the first trace: where the others align to */
  JX_CLI_ALIGN_ALIGNED,
  JX_CLI_ALIGN_NO_PROCESS,
  JX_CLI_ALIGN_NO_FUNCTION,
  JX_CLI_ALIGN_NOT_CALLED,
  JX_CLI_ALIGN_NO_MARKER,
} JxCliAlignStatus;

typedef struct
{
  JxCliAlignStatus status;
  guint32  process;           /* JX_NONE when none (and always for markers) */
  guint32  stream;
  guint32  index;             /* invocation or marker index, JX_NONE when none */
  guint32  ordinal;           /* 1-based among the function's invocations on the stream (markers: with the text) */
  guint64  error;             /* profile error (functions only) */
  guint32  n_candidates;
  guint64  ticks;             /* the aligned edge */
  gint64   time_ns;           /* ticks from the trace's start, in ns */
  gint64   offset_ns;         /* 0 for the reference and the traces left where they are */
  gboolean by_structure;      /* the stream was paired with the reference's by structure */
  gboolean crossed;           /* paired by name although by structure another is clearly better: */
  guint32  crossed_stream;    /* that one (JX_NONE: none) */
} JxCliAlignRow;

/* One row per trace. FALSE with an error naming the reference file when
 * the function, marker, process or stream is not in the reference (or is
 * called fewer than N times there); usage errors (a bad "#N") are
 * G_OPTION_ERROR_BAD_VALUE. function (may be NULL) receives the
 * reference's region (JX_NONE for markers). */
gboolean jx_cli_align_compute (const JxCliAlignSpec *spec,
                               JxTrace             **traces,
                               const char * const   *paths,
                               guint                 n_traces,
                               JxCliAlignRow        *rows,
                               guint32              *function,
                               GError              **error);

/* The first stream of trace (of the process named process, named stream;
 * NULL: any) that passes test; JX_NONE with an error naming path when the
 * process or stream does not exist, or "path: none" when none passes. */
typedef gboolean (*JxCliStreamTest) (const JxStream *stream,
                                     gpointer        data);
guint32  jx_cli_align_find_stream (JxTrace           *trace,
                                   const char        *path,
                                   const char        *process,
                                   const char        *stream,
                                   JxCliStreamTest    test,
                                   gpointer           data,
                                   const char        *none,
                                   GError           **error);

/* `align --range START:END` (jx-cli-align-range.c): where the range of the
 * reference stream (of process/stream, NULL: the first with calls in it)
 * fits in each other trace's partner stream; prints text, JSON or CSV and
 * returns the exit code. */
int      jx_cli_align_range   (const char          *subcommand,
                               const char          *range,
                               const char          *process,
                               const char          *stream,
                               JxPairingMode        pairing,
                               const JxScoring     *scoring,
                               JxTrace            **traces,
                               const char * const  *paths,
                               guint                n,
                               gboolean             json,
                               gboolean             csv);

G_END_DECLS
