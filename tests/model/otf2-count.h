/* SPDX-License-Identifier: GPL-3.0-or-later */
/* otf2-count.h — an independent reading of an OTF2 archive for tests:
 * libotf2's global event reader with callbacks that count, and a flat
 * profile computed straight from enter/leave events. Shares no code with
 * the loader. */
#pragma once

#include <glib.h>

#include "jx-trace.h"

typedef struct
{
  guint64  ref;
  guint64  n_events;
  guint64  kinds[JX_N_EVENT_KINDS];
  guint64  last_time;
  gboolean increasing;          /* strictly increasing timestamps */
  gboolean non_decreasing;
  GArray  *stack;               /* open frames while reading */
} CountLocation;

typedef struct
{
  guint64 count;
  guint64 inclusive;
  guint64 exclusive;
} CountProfile;

typedef struct
{
  guint          n_locations;
  guint          n_location_groups;
  CountLocation *locations;     /* in definition order */
  guint64        n_events;
  guint64        kinds[JX_N_EVENT_KINDS];
  guint          n_regions;
  char         **region_names;  /* definition order */
  CountProfile  *profile;       /* per region, definition order */
  guint64        send_bytes;    /* MpiSend + MpiIsend lengths */
  guint64        n_sends;
  guint64        window_begin;  /* only events in [begin, end) are counted */
  guint64        window_end;
  GHashTable    *by_ref;        /* location ref -> index + 1 */
  GHashTable    *region_index;  /* region ref -> index + 1 */
  GHashTable    *strings;
} CountResult;

/* Reads the archive; returns FALSE (with a message in *error) on failure. */
gboolean count_archive      (const char   *anchor,
                             CountResult  *result,
                             char        **error);
/* The same, counting only the events with timestamps in [begin, end)
 * (the profile still covers all of them). */
gboolean count_archive_window (const char   *anchor,
                               guint64       begin,
                               guint64       end,
                               CountResult  *result,
                               char        **error);
void     count_result_clear (CountResult  *result);
