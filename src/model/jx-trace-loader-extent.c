/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-loader-extent.c — how many events a location's .evt file holds,
 * so that the reader never asks libotf2 for more.
 *
 * libotf2 3.0.2 reads an event file a chunk at a time, alternating between
 * two buffers of the anchor's chunk size, and its POSIX substrate counts a
 * short read at the end of the file as success. In a file cut short, the
 * bytes after the cut are whatever the buffer held before: an earlier chunk
 * of the same file, or memory an earlier load freed, that is, another
 * trace's events. At the next end-of-chunk record, reading the next chunk
 * reads nothing, the other buffer still holds a whole chunk with a valid
 * header, and the stale chunks are delivered again and again until memory
 * runs out.
 *
 * Every chunk before the last one in the file is whole, so its events are
 * real; how many there are is the first event number in the last chunk's
 * header, minus one (capped by what the bytes before that chunk can hold).
 * The last chunk is scanned up to the end of the file: only records that
 * end inside the file count, and the file is complete when OTF2's
 * end-of-file record is reached. libotf2 stops there by itself, so a
 * complete file is only held to what its size allows, and no header is
 * trusted for it. Scanning needs only OTF2's record framing:
 * a type byte, then an 8-byte timestamp, or a length (one byte, or 0xff and
 * eight bytes) and that many bytes, or, for the ten events OTF2 1.1 defined
 * with a single value, one compressed value.
 */
#include "config.h"

#include <inttypes.h>

#include <stdio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-trace-loader-private.h"

/* Record types of OTF2's buffer layer and the events without a length
 * (libotf2 3.0.2, OTF2_Buffer.h and otf2_events_int.h). */
enum
{
  END_OF_CHUNK = 0,
  END_OF_FILE = 2,
  CHUNK_HEADER = 3,
  TIMESTAMP = 5,
  ATTRIBUTE_LIST = 6,

  EVENT_ENTER = 12,
  EVENT_LEAVE = 13,
  EVENT_MPI_ISEND_COMPLETE = 16,
  EVENT_MPI_IRECV_REQUEST = 17,
  EVENT_MPI_REQUEST_TEST = 20,
  EVENT_MPI_REQUEST_CANCELLED = 21,
  EVENT_OMP_FORK = 24,
  EVENT_OMP_TASK_CREATE = 28,
  EVENT_OMP_TASK_SWITCH = 29,
  EVENT_OMP_TASK_COMPLETE = 30,
};

/* Type, endianness, first and last event number. */
#define CHUNK_HEADER_SIZE 18
#define BIG_ENDIAN_MARK 0x23
#define LITTLE_ENDIAN_MARK 0x42

/* The smallest event record, a type byte and a one-byte value. */
#define MIN_EVENT_BYTES 2

#define SCAN_BUFFER (64 * 1024)

typedef struct
{
  FILE    *file;
  guint64  end;                 /* scan limit (file offset) */
  guint64  pos;                 /* offset of the next byte */
  guint64  buf_pos;             /* offset of buf[0] */
  gsize    buf_len;
  gboolean big_endian;
  guint8   buf[SCAN_BUFFER];
} Scan;

/* The n (<= 10) bytes at pos, or NULL when the file ends before them. */
static const guint8 *
scan_peek (Scan *s,
           gsize n)
{
  if (s->pos > s->end || s->end - s->pos < n)
    return NULL;
  if (s->pos < s->buf_pos || s->pos - s->buf_pos + n > s->buf_len)
    {
      if (fseeko (s->file, (off_t) s->pos, SEEK_SET) != 0)
        return NULL;
      s->buf_pos = s->pos;
      s->buf_len = fread (s->buf, 1, (gsize) MIN (SCAN_BUFFER, s->end - s->pos), s->file);
      if (s->buf_len < n)
        return NULL;
    }
  return s->buf + (s->pos - s->buf_pos);
}

static gboolean
scan_skip (Scan    *s,
           guint64  n)
{
  if (s->end - s->pos < n)
    return FALSE;
  s->pos += n;
  return TRUE;
}

static guint64
read_u64 (const guint8 *p,
          gboolean      big_endian)
{
  guint64 v = 0;
  int i;

  for (i = 0; i < 8; i++)
    v |= (guint64) p[big_endian ? 7 - i : i] << (8 * i);
  return v;
}

/* A record with a length: type, length, data. */
static gboolean
skip_record (Scan *s)
{
  const guint8 *p = scan_peek (s, 2);

  if (p == NULL)
    return FALSE;
  if (p[1] != 0xff)
    return scan_skip (s, 2 + (guint64) p[1]);
  p = scan_peek (s, 10);
  if (p == NULL)
    return FALSE;
  return scan_skip (s, 10) && scan_skip (s, read_u64 (p + 2, s->big_endian));
}

typedef enum
{
  RECORD_OK,
  RECORD_CUT,
  RECORD_INVALID,
} RecordStatus;

/* An event with one compressed value: a byte count (0 and 0xff stand
 * alone) and at most eight bytes. */
static RecordStatus
skip_compressed (Scan *s)
{
  const guint8 *p = scan_peek (s, 2);

  if (p == NULL)
    return RECORD_CUT;
  if (p[1] == 0 || p[1] == 0xff)
    return scan_skip (s, 2) ? RECORD_OK : RECORD_CUT;
  if (p[1] > 8)
    return RECORD_INVALID;
  return scan_skip (s, 2 + (guint64) p[1]) ? RECORD_OK : RECORD_CUT;
}

/* Counts the events of the chunk whose records start at s->pos, up to its
 * end-of-chunk or end-of-file record, an invalid record or the end of the
 * file. */
static RecordStatus
scan_records (Scan     *s,
              guint64  *n_events,
              gboolean *complete)
{
  gboolean after_timestamp = FALSE;

  for (;;)
    {
      const guint8 *p = scan_peek (s, 1);
      RecordStatus status = RECORD_OK;

      if (p == NULL)
        return RECORD_CUT;
      /* As libotf2 reads them: at most one timestamp before a record. */
      if (p[0] == TIMESTAMP && !after_timestamp)
        {
          if (!scan_skip (s, 9))
            return RECORD_CUT;
          after_timestamp = TRUE;
          continue;
        }
      after_timestamp = FALSE;
      switch (p[0])
        {
        case END_OF_FILE:
          *complete = TRUE;
          return RECORD_OK;
        case END_OF_CHUNK:
          /* No chunk follows in the file: libotf2 would read stale memory. */
          return RECORD_CUT;
        case ATTRIBUTE_LIST:
          /* Belongs to the event after it. */
          if (!skip_record (s))
            return RECORD_CUT;
          continue;
        case EVENT_ENTER:
        case EVENT_LEAVE:
        case EVENT_MPI_ISEND_COMPLETE:
        case EVENT_MPI_IRECV_REQUEST:
        case EVENT_MPI_REQUEST_TEST:
        case EVENT_MPI_REQUEST_CANCELLED:
        case EVENT_OMP_FORK:
        case EVENT_OMP_TASK_CREATE:
        case EVENT_OMP_TASK_SWITCH:
        case EVENT_OMP_TASK_COMPLETE:
          status = skip_compressed (s);
          break;
        default:
          /* Every other event, known or not, has a length; so has a
           * second timestamp, which libotf2 takes for an unknown event. */
          status = skip_record (s) ? RECORD_OK : RECORD_CUT;
          break;
        }
      if (status != RECORD_OK)
        return status;
      (*n_events)++;
    }
}

/* Scans the last chunk of the open file whose header is whole. */
static void
scan_last_chunk (Scan        *s,
                 guint64      size,
                 guint64      chunk_size,
                 EvtExtent   *extent)
{
  guint64 start = ((size - CHUNK_HEADER_SIZE) / chunk_size) * chunk_size;
  const guint8 *header;
  guint64 first_event;
  RecordStatus status;

  s->pos = start;
  s->end = MIN (size, start + chunk_size);
  header = scan_peek (s, CHUNK_HEADER_SIZE);
  if (header == NULL)
    {
      extent->cut_at = start;
      return;
    }
  if (header[0] != CHUNK_HEADER ||
      (header[1] != BIG_ENDIAN_MARK && header[1] != LITTLE_ENDIAN_MARK))
    {
      /* libotf2 reads this header from the file and rejects it itself;
       * only the chunks before it can count. */
      extent->n_events = start / MIN_EVENT_BYTES;
      extent->invalid_at = start;
      return;
    }
  s->big_endian = header[1] == BIG_ENDIAN_MARK;
  first_event = read_u64 (header + 2, s->big_endian);
  extent->n_events = MIN (first_event > 0 ? first_event - 1 : 0, start / MIN_EVENT_BYTES);

  s->pos = start + CHUNK_HEADER_SIZE;
  status = scan_records (s, &extent->n_events, &extent->complete);
  if (status == RECORD_CUT)
    extent->cut_at = size;
  else if (status == RECORD_INVALID)
    extent->invalid_at = s->pos;
}

gboolean
_jx_loader_evt_extent (const char *path,
                       guint64     chunk_size,
                       EvtExtent  *extent)
{
  g_autofree Scan *s = NULL;
  GStatBuf st;
  FILE *file;

  g_return_val_if_fail (chunk_size > 0, FALSE);

  extent->n_events = 0;
  extent->limit = 0;
  extent->complete = FALSE;
  extent->cut_at = G_MAXUINT64;
  extent->invalid_at = G_MAXUINT64;

  file = g_fopen (path, "rb");
  if (file == NULL)
    return FALSE;
  if (fstat (fileno (file), &st) != 0 || st.st_size < 0)
    {
      fclose (file);
      return FALSE;
    }

  if ((guint64) st.st_size < CHUNK_HEADER_SIZE)
    extent->cut_at = (guint64) st.st_size;
  else
    {
      s = g_new0 (Scan, 1);
      s->file = file;
      setvbuf (file, NULL, _IONBF, 0);
      scan_last_chunk (s, (guint64) st.st_size, chunk_size, extent);
    }
  fclose (file);
  extent->limit = extent->complete ? (guint64) st.st_size / MIN_EVENT_BYTES : extent->n_events;
  return TRUE;
}

char *
_jx_loader_evt_extent_problem (const EvtExtent *extent)
{
  if (extent->complete)
    return NULL;
  if (extent->invalid_at != G_MAXUINT64)
    return g_strdup_printf (_("invalid record at byte %" PRIu64 " of the file"),
                            extent->invalid_at);
  return g_strdup_printf (_("the file ends at byte %" PRIu64 " without OTF2’s end-of-file record"),
                          extent->cut_at);
}
