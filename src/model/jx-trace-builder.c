/* jx-trace-builder.c — turns enter/leave events into invocation arrays.
 *
 * Repair strategies (each repair is counted in the load report):
 *
 *  - Backwards timestamp: an event whose time is smaller than the previous
 *    event's on the same stream gets the previous time, so every stream stays
 *    monotonic and invocations never have negative durations.
 *  - Leave whose region is not the innermost open one ("mismatched"): if the
 *    region is open further out, the regions inside it were never left, so
 *    they are closed at the leave's time together with the named region
 *    (each of them also counts as an unclosed region); nesting stays
 *    intact. If the region is not open at all, the leave closes the
 *    innermost open region: the usual cause is a wrong region id on the
 *    right leave, and keeping that region open would nest all its later
 *    siblings inside it.
 *  - Leave with nothing open ("unmatched"): ignored.
 *  - Regions still open when the stream ends ("unclosed"): closed at the
 *    stream's last timestamp, one defect per region.
 *    TraceR stencil4d shows both: "TRACER_WallTime_InLoop" is entered twice
 *    and never left, then "TRACER_Loop" is left while they are open.
 *  - Region id without a definition: mapped to a synthetic region named
 *    "<undefined region N>" (one per distinct id), counted per event.
 *  - Empty stream: kept (its process still shows it) and flagged.
 *  - Missing event file (no events readable): stream flagged missing,
 *    counted once.
 *  - Event file that ends early: the events read are kept, the stream is
 *    flagged truncated, regions still open are closed as above.
 *  - Unreadable local definitions: counted per location by the loader.
 *  - Messages: sends and receives are matched first-in first-out per
 *    (sender, receiver, communicator, tag); leftovers on either side are
 *    counted as unmatched, sends without receive are kept with an unknown
 *    receive time. Leftovers whose counterpart would be on a missing or
 *    truncated stream are counted but not listed one by one: one summary
 *    issue per such stream says how many there are, so they do not push
 *    the cause out of the capped issue list.
 *
 * Memory: per stream the six invocation arrays share one block, sized from
 * the reservation (the loader passes OTF2's per-location event count, capped
 * by the size of the event file, so it is only a hint) or grown
 * geometrically, and shrunk to the exact size in finish(): 30 bytes per
 * invocation (= 15 per enter/leave event). A reservation that cannot be
 * allocated is dropped; growth takes over.
 */
#include "config.h"

/* mremap */
#define _GNU_SOURCE 1

#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <glib/gi18n-lib.h>

#include "jx-demangle.h"
#include "jx-trace-builder.h"
#include "jx-trace-private.h"

typedef struct
{
  guint64 time;
  guint64 size;
  guint32 sender;
  guint32 receiver;
  guint32 communicator;
  guint32 tag;
} PendingMessage;

/* A collective as read; finish() splits it into JxCollective and a shared
 * JxCollectiveInfo. */
typedef struct
{
  guint64 begin_time;
  guint64 end_time;
  guint64 bytes_sent;
  guint64 bytes_received;
  guint32 stream;
  guint32 communicator;
  guint32 root;
  guint8  operation;
} JxCollectiveRecord;

typedef JxStreamWriter StreamBuild;

struct _JxTraceBuilder
{
  JxTrace     *trace;
  GPtrArray   *streams;        /* StreamBuild */
  GMutex       lock;           /* guards the fields below */
  GHashTable  *undefined;      /* raw region id -> synthetic position + 1 */
  GArray      *undefined_raw;  /* guint32 raw ids, creation order */
  guint32      n_defined_regions;
  GArray      *issues;         /* trace-wide JxLoadIssue */
  guint64      defects[JX_N_DEFECTS];
};

static void
clear_issue (gpointer data)
{
  JxLoadIssue *issue = data;

  g_clear_pointer (&issue->detail, g_free);
}

static void
stream_build_free (gpointer data)
{
  StreamBuild *sb = data;

  _jx_arena_free (&sb->arena);
  g_free (sb->stack);
  g_free (sb->label);
  g_clear_pointer (&sb->issues, g_array_unref);
  g_clear_pointer (&sb->sends, g_array_unref);
  g_clear_pointer (&sb->recvs, g_array_unref);
  g_clear_pointer (&sb->collectives, g_array_unref);
  g_free (sb);
}

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
  self->streams = g_ptr_array_new_with_free_func (stream_build_free);
  g_mutex_init (&self->lock);
  self->undefined = g_hash_table_new (NULL, NULL);
  self->undefined_raw = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->issues = g_array_new (FALSE, TRUE, sizeof (JxLoadIssue));
  g_array_set_clear_func (self->issues, clear_issue);

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
  g_mutex_clear (&self->lock);
  g_free (self);
}

static const char *
intern (JxTraceBuilder *self,
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

  g_ptr_array_add (self->trace->strings, (gpointer) intern (self, s));
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

guint32
jx_trace_builder_add_region (JxTraceBuilder *self,
                             const char     *name,
                             guint8          paradigm,
                             guint8          role)
{
  JxRegion region = { 0 };
  guint32 index;
  g_autofree char *demangled = NULL;

  g_return_val_if_fail (self != NULL, JX_NONE);

  index = self->trace->regions->len;
  region.name = intern (self, name);
  region.canonical_name = region.name;
  region.description = intern (self, "");
  region.source_file = region.description;
  region.paradigm = paradigm;
  region.role = role;
  /* From the recorded name, so categories do not depend on the demangler. */
  region.category = _jx_region_derive_category (region.name, paradigm, role);

  /* C++ and CUDA symbols are shown demangled, as Vampir does; the recorded
   * symbol stays in canonical_name. Every trace goes through here, so
   * matching regions by name across traces stays consistent. */
  demangled = jx_demangle_symbol (region.name);
  if (demangled != NULL)
    region.name = intern (self, demangled);

  if (role > _JX_OTF2_MAX_ROLE)
    {
      region.flags |= JX_REGION_FLAG_UNKNOWN_ROLE;
      add_trace_issue (self, JX_DEFECT_UNKNOWN_ROLE, JX_NONE, 0,
                       g_strdup_printf (_("Region “%s” has role %u, unknown to libotf2 3.0.2"),
                                        region.name, role));
    }
  if (paradigm > _JX_OTF2_MAX_PARADIGM)
    {
      region.flags |= JX_REGION_FLAG_UNKNOWN_PARADIGM;
      add_trace_issue (self, JX_DEFECT_UNKNOWN_PARADIGM, JX_NONE, 0,
                       g_strdup_printf (_("Region “%s” has paradigm %u, unknown to libotf2 3.0.2"),
                                        region.name, paradigm));
    }

  g_array_append_val (self->trace->regions, region);
  self->n_defined_regions = self->trace->regions->len;
  return index;
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
    r->canonical_name = intern (self, canonical_name);
  if (description != NULL)
    r->description = intern (self, description);
  if (source_file != NULL)
    r->source_file = intern (self, source_file);
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

  node.name = intern (self, name);
  node.class_name = intern (self, class_name);
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

  process.name = intern (self, name);
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
  StreamBuild *sb;

  g_return_val_if_fail (self != NULL, JX_NONE);
  g_return_val_if_fail (process < self->trace->processes->len, JX_NONE);

  sb = g_new0 (StreamBuild, 1);
  sb->s.name = intern (self, name);
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

  ((StreamBuild *) g_ptr_array_index (self->streams, stream))->s.otf2_id = otf2_id;
}

/* Lists an issue on the stream without counting a defect. */
static void
stream_list_issue (StreamBuild *sb,
                   JxDefect     defect,
                   guint64      time,
                   const char  *format,
                   va_list      args)
{
  if (sb->issues == NULL)
    {
      sb->issues = g_array_new (FALSE, TRUE, sizeof (JxLoadIssue));
      g_array_set_clear_func (sb->issues, clear_issue);
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

/* Per stream issue list: only touched by the thread filling the stream. */
static void G_GNUC_PRINTF (5, 6)
stream_issue (JxTraceBuilder *self,
              StreamBuild    *sb,
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

static void G_GNUC_PRINTF (4, 5)
stream_note (StreamBuild *sb,
             JxDefect     defect,
             guint64      time,
             const char  *format,
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
      stream_issue (self, g_ptr_array_index (self->streams, stream), defect, time, "%s", detail);
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
  StreamBuild *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (sb->s.flags & JX_STREAM_FLAG_MISSING)
    return;
  sb->s.flags |= JX_STREAM_FLAG_MISSING;
  stream_issue (self, sb, JX_DEFECT_MISSING_EVENTS, 0,
                _("Events of stream “%s” could not be read: %s"),
                sb->label, reason != NULL ? reason : _("file missing"));
}

void
jx_trace_builder_mark_truncated (JxTraceBuilder *self,
                                 guint32         stream,
                                 const char     *reason)
{
  StreamBuild *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (sb->s.flags & (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED))
    return;
  sb->s.flags |= JX_STREAM_FLAG_TRUNCATED;
  stream_issue (self, sb, JX_DEFECT_TRUNCATED_EVENTS, sb->s.last_time,
                _("Event file of stream “%s” ended early after %llu events (%s); the events read are kept"),
                sb->label, (unsigned long long) sb->s.n_events,
                reason != NULL ? reason : _("read error"));
}

/* The six invocation arrays of a stream live in one block, carved in this
 * order; every array starts aligned because each element size divides the
 * ones before it. */
#define BYTES_PER_INVOCATION (2 * sizeof (guint64) + 3 * sizeof (guint32) + sizeof (guint16))

/* Blocks from this size on are mapped directly with transparent huge pages
 * advised: loading writes every byte once, and one fault per 2 MiB instead
 * of one per 4 KiB removes most of the kernel time a load spends (measured
 * for 270 MB: 0.03 s instead of 0.11 s). On a virtual machine whose balloon
 * hands free memory back to the host, fresh huge pages can be "cold" (the
 * host faults each one in, 4.5 ms instead of 0.2 ms); recently freed ones
 * are not. */
#define ARENA_MAP_MIN  ((gsize) 4 << 20)
#define HUGE_PAGE      ((gsize) 2 << 20)
#define SMALL_PAGE     ((gsize) 4096)
#define ROUND_UP(x, a) (((x) + (a) - 1) & ~((a) - 1))

/* Returns how many bytes from base may hold huge pages. */
static gsize
advise_huge_pages (guint8 *base,
                   gsize   size)
{
#ifdef MADV_HUGEPAGE
  if (madvise (base, size, MADV_HUGEPAGE) == 0)
    return size;
#endif
  return 0;
}

/* With try_only, returns FALSE instead of aborting when memory is short. */
static gboolean
arena_alloc (JxArena  *arena,
             gsize     bytes,
             gboolean  try_only)
{
  memset (arena, 0, sizeof *arena);
  if (bytes >= ARENA_MAP_MIN)
    {
      gsize size = ROUND_UP (bytes, SMALL_PAGE);
      gsize span = size + HUGE_PAGE;
      guint8 *raw = mmap (NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

      if (raw != MAP_FAILED)
        {
          guint8 *base = (guint8 *) ROUND_UP ((guintptr) raw, HUGE_PAGE);

          if (base > raw)
            munmap (raw, base - raw);
          if (raw + span > base + size)
            munmap (base + size, raw + span - (base + size));
          arena->base = base;
          arena->size = size;
          arena->mapped = TRUE;
          arena->huge = advise_huge_pages (base, size);
          return TRUE;
        }
    }
  arena->base = try_only ? g_try_malloc (bytes) : g_malloc (bytes);
  if (arena->base == NULL)
    return FALSE;
  arena->size = bytes;
  return TRUE;
}

static void
carve (StreamBuild *sb,
       guint8      *base,
       guint32      capacity)
{
  gsize c = capacity;

  /* NULL + 0 is undefined behaviour in C (UBSan with clang reports it). */
  if (base == NULL)
    {
      sb->s.start = sb->s.end = NULL;
      sb->s.region = sb->s.parent = sb->s.subtree_end = NULL;
      sb->s.depth = NULL;
      sb->capacity = 0;
      return;
    }

  sb->s.start = (guint64 *) (gpointer) base;
  sb->s.end = (guint64 *) (gpointer) (base + 8 * c);
  sb->s.region = (guint32 *) (gpointer) (base + 16 * c);
  sb->s.parent = (guint32 *) (gpointer) (base + 20 * c);
  sb->s.subtree_end = (guint32 *) (gpointer) (base + 24 * c);
  sb->s.depth = (guint16 *) (gpointer) (base + 28 * c);
  sb->capacity = capacity;
}

/* Moves the arrays into a new block of the given capacity (>= count). With
 * try_only, a block that cannot be allocated leaves the arrays as they were
 * and returns FALSE. */
static gboolean
resize_arrays (StreamBuild *sb,
               guint32      capacity,
               gboolean     try_only)
{
  JxArena old = sb->arena;
  JxStream was = sb->s;
  gsize n = sb->s.n_invocations;

  if (!arena_alloc (&sb->arena, (gsize) capacity * BYTES_PER_INVOCATION, try_only))
    {
      sb->arena = old;
      return FALSE;
    }
  carve (sb, sb->arena.base, capacity);
  if (n > 0)
    {
      memcpy (sb->s.start, was.start, n * sizeof (guint64));
      memcpy (sb->s.end, was.end, n * sizeof (guint64));
      memcpy (sb->s.region, was.region, n * sizeof (guint32));
      memcpy (sb->s.parent, was.parent, n * sizeof (guint32));
      memcpy (sb->s.subtree_end, was.subtree_end, n * sizeof (guint32));
      memcpy (sb->s.depth, was.depth, n * sizeof (guint16));
    }
  _jx_arena_free (&old);
  return TRUE;
}

/* Exact size at the end: the arrays move down to close the gaps a too large
 * reservation left (a few milliseconds for 20 million events), then the
 * block shrinks. A huge page that the shrunken block only partly covers
 * would stay allocated whole, so that last piece is moved onto ordinary
 * pages first. */
static void
shrink_arrays (StreamBuild *sb)
{
  guint32 n = sb->s.n_invocations;
  gsize used = (gsize) n * BYTES_PER_INVOCATION;
  guint8 *base = sb->arena.base;
  JxStream was = sb->s;

  if (n < sb->capacity && n > 0)
    {
      carve (sb, base, n);
      memmove (sb->s.end, was.end, (gsize) n * sizeof (guint64));
      memmove (sb->s.region, was.region, (gsize) n * sizeof (guint32));
      memmove (sb->s.parent, was.parent, (gsize) n * sizeof (guint32));
      memmove (sb->s.subtree_end, was.subtree_end, (gsize) n * sizeof (guint32));
      memmove (sb->s.depth, was.depth, (gsize) n * sizeof (guint16));
    }

  if (n == 0)
    {
      _jx_arena_free (&sb->arena);
      carve (sb, NULL, 0);
      return;
    }

  if (!sb->arena.mapped)
    {
      if (used < sb->arena.size)
        {
          sb->arena.base = g_realloc (base, used);
          sb->arena.size = used;
          carve (sb, sb->arena.base, n);
        }
      return;
    }

  {
    gsize keep = ROUND_UP (used, SMALL_PAGE);
    gsize huge_end = used & ~(HUGE_PAGE - 1);

    if (huge_end < used && huge_end + HUGE_PAGE <= sb->arena.huge)
      {
        gsize len = keep - huge_end;
        guint8 *tail = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

        if (tail != MAP_FAILED)
          {
            memcpy (tail, base + huge_end, used - huge_end);
            /* Replaces the range in place, so no other thread can map
             * something into a gap meanwhile. */
            if (mremap (tail, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, base + huge_end) == MAP_FAILED)
              munmap (tail, len);
          }
      }
    if (keep < sb->arena.size)
      {
        munmap (base + keep, sb->arena.size - keep);
        sb->arena.size = keep;
      }
  }
}

void
jx_trace_builder_reserve (JxTraceBuilder *self,
                          guint32         stream,
                          guint32         n_invocations)
{
  StreamBuild *sb;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  if (n_invocations <= sb->capacity)
    return;

  /* Only a hint: when it cannot be had, the arrays grow as events come. */
  resize_arrays (sb, n_invocations, TRUE);
}

/* Events */

static inline StreamBuild *
get_stream (JxTraceBuilder *self,
            guint32         stream)
{
  g_assert (stream < self->streams->len);
  return g_ptr_array_index (self->streams, stream);
}

static inline guint64
check_time (JxTraceBuilder *self,
            StreamBuild    *sb,
            guint64         time)
{
  if (G_UNLIKELY (sb->s.n_events == 0))
    sb->s.first_time = time;
  else if (G_UNLIKELY (time < sb->s.last_time))
    {
      stream_issue (self, sb, JX_DEFECT_BACKWARDS_TIME, time,
                    _("Timestamp %llu on stream “%s” is before the previous one (%llu); raised to it"),
                    (unsigned long long) time, sb->label, (unsigned long long) sb->s.last_time);
      time = sb->s.last_time;
    }
  sb->s.last_time = time;
  sb->s.n_events++;
  return time;
}

static const char *
region_name (JxTraceBuilder *self,
             guint32         region)
{
  if (region < self->n_defined_regions)
    return g_array_index (self->trace->regions, JxRegion, region).name;
  return "<undefined region>";
}

static guint32
map_undefined_region (JxTraceBuilder *self,
                      StreamBuild    *sb,
                      guint64         time,
                      guint32         raw)
{
  gpointer value;
  guint32 index;

  g_mutex_lock (&self->lock);
  value = g_hash_table_lookup (self->undefined, GUINT_TO_POINTER (raw));
  if (value == NULL)
    {
      g_array_append_val (self->undefined_raw, raw);
      value = GUINT_TO_POINTER (self->undefined_raw->len);
      g_hash_table_insert (self->undefined, GUINT_TO_POINTER (raw), value);
    }
  index = self->n_defined_regions + GPOINTER_TO_UINT (value) - 1;
  g_mutex_unlock (&self->lock);

  stream_issue (self, sb, JX_DEFECT_UNDEFINED_REGION, time,
                _("Event on stream “%s” names undefined region %u"), sb->label, raw);
  return index;
}

static void
grow (StreamBuild *sb)
{
  guint32 capacity = sb->capacity < 256 ? 256 : sb->capacity * 2;

  if (capacity < sb->capacity)
    capacity = G_MAXUINT32 - 1;
  resize_arrays (sb, capacity, FALSE);
}

static inline void
enter_mapped (StreamBuild *sb,
              guint64      time,
              guint32      region)
{
  guint32 i;

  if (G_UNLIKELY (sb->s.n_invocations == sb->capacity))
    grow (sb);
  if (G_UNLIKELY (sb->stack_len == sb->stack_capacity))
    {
      sb->stack_capacity = sb->stack_capacity < 32 ? 32 : sb->stack_capacity * 2;
      sb->stack = g_renew (guint32, sb->stack, sb->stack_capacity);
    }

  i = sb->s.n_invocations++;
  sb->s.start[i] = time;
  sb->s.end[i] = time;
  sb->s.region[i] = region;
  sb->s.parent[i] = sb->stack_len > 0 ? sb->stack[sb->stack_len - 1] : JX_NONE;
  sb->s.subtree_end[i] = i + 1;
  sb->s.depth[i] = (guint16) MIN (sb->stack_len, G_MAXUINT16);
  sb->stack[sb->stack_len++] = i;
  if (sb->stack_len > sb->s.max_depth)
    sb->s.max_depth = (guint16) MIN (sb->stack_len, G_MAXUINT16);
}

void
jx_trace_builder_enter (JxTraceBuilder *self,
                        guint32         stream,
                        guint64         time,
                        guint32         region)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_ENTER]++;

  if (G_UNLIKELY (region >= self->n_defined_regions))
    region = map_undefined_region (self, sb, time, region);
  enter_mapped (sb, time, region);
}

void
jx_trace_builder_enter_undefined (JxTraceBuilder *self,
                                  guint32         stream,
                                  guint64         time,
                                  guint32         raw)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_ENTER]++;
  enter_mapped (sb, time, map_undefined_region (self, sb, time, raw));
}

static inline void
close_top (StreamBuild *sb,
           guint64      time)
{
  guint32 top = sb->stack[--sb->stack_len];

  sb->s.end[top] = time;
  sb->s.subtree_end[top] = sb->s.n_invocations;
}

static void
leave_mapped (JxTraceBuilder *self,
              StreamBuild    *sb,
              guint64         time,
              guint32         region)
{
  guint32 top;
  guint32 k;

  if (G_UNLIKELY (sb->stack_len == 0))
    {
      stream_issue (self, sb, JX_DEFECT_UNMATCHED_LEAVE, time,
                    _("Leave of “%s” on stream “%s” with no region open; ignored"),
                    region_name (self, region), sb->label);
      return;
    }

  top = sb->stack[sb->stack_len - 1];
  if (G_LIKELY (sb->s.region[top] == region))
    {
      close_top (sb, time);
      return;
    }

  for (k = sb->stack_len - 1; k > 0; k--)
    if (sb->s.region[sb->stack[k - 1]] == region)
      break;

  if (k == 0)
    {
      stream_issue (self, sb, JX_DEFECT_MISMATCHED_LEAVE, time,
                    _("Leave of “%s” on stream “%s” while “%s” is innermost and the former is not open; closed “%s”"),
                    region_name (self, region), sb->label,
                    region_name (self, sb->s.region[top]),
                    region_name (self, sb->s.region[top]));
      close_top (sb, time);
      return;
    }

  stream_issue (self, sb, JX_DEFECT_MISMATCHED_LEAVE, time,
                _("Leave of “%s” on stream “%s” while “%s” is innermost; %u inner region(s) closed with it"),
                region_name (self, region), sb->label,
                region_name (self, sb->s.region[top]), sb->stack_len - k);
  while (sb->stack_len > k)
    {
      stream_issue (self, sb, JX_DEFECT_UNCLOSED_REGION, time,
                    _("Region “%s” on stream “%s” was never left; closed with its enclosing “%s”"),
                    region_name (self, sb->s.region[sb->stack[sb->stack_len - 1]]), sb->label,
                    region_name (self, region));
      close_top (sb, time);
    }
  close_top (sb, time);
}

void
jx_trace_builder_leave (JxTraceBuilder *self,
                        guint32         stream,
                        guint64         time,
                        guint32         region)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_LEAVE]++;

  if (G_UNLIKELY (region >= self->n_defined_regions))
    region = map_undefined_region (self, sb, time, region);
  leave_mapped (self, sb, time, region);
}

void
jx_trace_builder_leave_undefined (JxTraceBuilder *self,
                                  guint32         stream,
                                  guint64         time,
                                  guint32         raw)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_LEAVE]++;
  leave_mapped (self, sb, time, map_undefined_region (self, sb, time, raw));
}

void
jx_trace_builder_count_event (JxTraceBuilder *self,
                              guint32         stream,
                              guint64         time,
                              JxEventKind     kind)
{
  StreamBuild *sb = get_stream (self, stream);

  g_assert (kind < JX_N_EVENT_KINDS);

  check_time (self, sb, time);
  sb->s.event_counts[kind]++;
}

static void
add_pending (GArray  **array,
             guint64   time,
             guint64   size,
             guint32   sender,
             guint32   receiver,
             guint32   communicator,
             guint32   tag)
{
  PendingMessage m;

  if (*array == NULL)
    *array = g_array_new (FALSE, FALSE, sizeof (PendingMessage));
  m.time = time;
  m.size = size;
  m.sender = sender;
  m.receiver = receiver;
  m.communicator = communicator;
  m.tag = tag;
  g_array_append_val (*array, m);
}

void
jx_trace_builder_send (JxTraceBuilder *self,
                       guint32         stream,
                       guint64         time,
                       guint32         receiver,
                       guint32         communicator,
                       guint32         tag,
                       guint64         size)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_MPI_SEND]++;

  if (receiver != JX_NONE && receiver >= self->streams->len)
    receiver = JX_NONE;
  if (receiver == JX_NONE)
    stream_issue (self, sb, JX_DEFECT_UNDEFINED_LOCATION, time,
                  _("Message sent on stream “%s” to an undefined location"), sb->label);
  add_pending (&sb->sends, time, size, stream, receiver, communicator, tag);
}

void
jx_trace_builder_recv (JxTraceBuilder *self,
                       guint32         stream,
                       guint64         time,
                       guint32         sender,
                       guint32         communicator,
                       guint32         tag,
                       guint64         size)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_MPI_RECV]++;

  if (sender != JX_NONE && sender >= self->streams->len)
    sender = JX_NONE;
  if (sender == JX_NONE)
    {
      stream_issue (self, sb, JX_DEFECT_UNDEFINED_LOCATION, time,
                    _("Message received on stream “%s” from an undefined location"), sb->label);
      return;
    }
  add_pending (&sb->recvs, time, size, sender, stream, communicator, tag);
}

void
jx_trace_builder_collective_begin (JxTraceBuilder *self,
                                   guint32         stream,
                                   guint64         time)
{
  StreamBuild *sb = get_stream (self, stream);

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_MPI_COLLECTIVE]++;
  sb->collective_begin = time;
  sb->collective_open = TRUE;
}

void
jx_trace_builder_collective_end (JxTraceBuilder *self,
                                 guint32         stream,
                                 guint64         time,
                                 guint8          operation,
                                 guint32         communicator,
                                 guint32         root,
                                 guint64         bytes_sent,
                                 guint64         bytes_received)
{
  StreamBuild *sb = get_stream (self, stream);
  JxCollectiveRecord c;

  time = check_time (self, sb, time);
  sb->s.event_counts[JX_EVENT_MPI_COLLECTIVE]++;

  c.begin_time = sb->collective_open ? sb->collective_begin : time;
  c.end_time = time;
  c.bytes_sent = bytes_sent;
  c.bytes_received = bytes_received;
  c.stream = stream;
  c.communicator = communicator;
  c.root = root;
  c.operation = operation;
  sb->collective_open = FALSE;

  if (sb->collectives == NULL)
    sb->collectives = g_array_new (FALSE, FALSE, sizeof (JxCollectiveRecord));
  g_array_append_val (sb->collectives, c);
}

guint32
jx_trace_builder_add_marker_def (JxTraceBuilder *self,
                                 const char     *group,
                                 const char     *category,
                                 guint8          severity)
{
  JxMarkerDef def;

  g_return_val_if_fail (self != NULL, JX_NONE);

  def.group = intern (self, group);
  def.category = intern (self, category);
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
  marker.text = intern (self, text);
  g_array_append_val (self->trace->markers, marker);
}

/* Finish */

static gint
compare_markers (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const JxMarker *x = a;
  const JxMarker *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return 0;
}

static gint
compare_stream_process (gconstpointer a,
                        gconstpointer b,
                        gpointer      user_data)
{
  const StreamBuild *x = *(StreamBuild * const *) a;
  const StreamBuild *y = *(StreamBuild * const *) b;

  if (x->s.process != y->s.process)
    return x->s.process < y->s.process ? -1 : 1;
  return 0;
}

static gint
compare_raw (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *) a;
  guint32 y = *(const guint32 *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

/* Streams of a process must be contiguous; reorders them (stably) when the
 * definitions interleaved processes, and rewrites every stream reference. */
static void
order_streams (JxTraceBuilder *self)
{
  g_autofree guint32 *new_index = NULL;
  gboolean ordered = TRUE;
  guint i;

  for (i = 1; i < self->streams->len; i++)
    {
      StreamBuild *a = g_ptr_array_index (self->streams, i - 1);
      StreamBuild *b = g_ptr_array_index (self->streams, i);

      if (a->s.process > b->s.process)
        ordered = FALSE;
    }
  if (ordered)
    return;

  g_qsort_with_data (self->streams->pdata, self->streams->len, sizeof (gpointer),
                     compare_stream_process, NULL);

  new_index = g_new (guint32, self->streams->len);
  for (i = 0; i < self->streams->len; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);

      new_index[sb->s.index] = i;
    }

  for (i = 0; i < self->streams->len; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);
      guint j;

      sb->s.index = i;
      for (j = 0; sb->sends != NULL && j < sb->sends->len; j++)
        {
          PendingMessage *m = &g_array_index (sb->sends, PendingMessage, j);

          m->sender = i;
          if (m->receiver != JX_NONE)
            m->receiver = new_index[m->receiver];
        }
      for (j = 0; sb->recvs != NULL && j < sb->recvs->len; j++)
        {
          PendingMessage *m = &g_array_index (sb->recvs, PendingMessage, j);

          m->receiver = i;
          m->sender = new_index[m->sender];
        }
      for (j = 0; sb->collectives != NULL && j < sb->collectives->len; j++)
        g_array_index (sb->collectives, JxCollectiveRecord, j).stream = i;
      for (j = 0; sb->issues != NULL && j < sb->issues->len; j++)
        g_array_index (sb->issues, JxLoadIssue, j).stream = i;
    }
}

/* Synthetic regions are appended in order of their raw id so the result does
 * not depend on which loader thread met an id first. */
static void
add_synthetic_regions (JxTraceBuilder *self)
{
  g_autofree guint32 *sorted = NULL;
  g_autofree guint32 *remap = NULL;
  guint n = self->undefined_raw->len;
  guint32 base = self->n_defined_regions;
  gboolean identity = TRUE;
  guint i;

  if (n == 0)
    return;

  sorted = g_memdup2 (self->undefined_raw->data, n * sizeof (guint32));
  qsort (sorted, n, sizeof (guint32), compare_raw);

  remap = g_new (guint32, n);
  for (i = 0; i < n; i++)
    {
      guint32 raw = g_array_index (self->undefined_raw, guint32, i);
      guint32 *pos = bsearch (&raw, sorted, n, sizeof (guint32), compare_raw);

      remap[i] = base + (guint32) (pos - sorted);
      if (remap[i] != base + i)
        identity = FALSE;
    }

  for (i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("<undefined region %u>", sorted[i]);
      JxRegion region = { 0 };

      region.name = intern (self, name);
      region.canonical_name = region.name;
      region.description = intern (self, "");
      region.source_file = region.description;
      region.paradigm = 0;
      region.role = 0;
      region.category = JX_CATEGORY_OTHER;
      region.flags = JX_REGION_FLAG_SYNTHETIC;
      g_array_append_val (self->trace->regions, region);
    }

  if (identity)
    return;

  for (i = 0; i < self->streams->len; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);
      guint32 j;

      for (j = 0; j < sb->s.n_invocations; j++)
        if (sb->s.region[j] >= base)
          sb->s.region[j] = remap[sb->s.region[j] - base];
    }
}

static void
close_and_trim (JxTraceBuilder *self,
                StreamBuild    *sb)
{
  while (sb->stack_len > 0)
    {
      guint32 top = sb->stack[sb->stack_len - 1];

      stream_issue (self, sb, JX_DEFECT_UNCLOSED_REGION, sb->s.last_time,
                    _("Region “%s” on stream “%s” was never left; closed at the stream's last timestamp"),
                    g_array_index (self->trace->regions, JxRegion, sb->s.region[top]).name,
                    sb->label);
      close_top (sb, sb->s.last_time);
    }
  g_clear_pointer (&sb->stack, g_free);
  sb->stack_capacity = 0;

  /* Exact size: this is what keeps resident memory at 15 bytes per event. */
  shrink_arrays (sb);
  sb->ended = TRUE;
}

void
jx_trace_builder_end_stream (JxTraceBuilder *self,
                             guint32         stream)
{
  StreamBuild *sb;
  guint32 k;

  g_return_if_fail (self != NULL);
  g_return_if_fail (stream < self->streams->len);

  sb = g_ptr_array_index (self->streams, stream);
  /* Names of synthetic regions exist only in finish(); a stream that leaves
   * one open is closed there. */
  for (k = 0; k < sb->stack_len; k++)
    if (sb->s.region[sb->stack[k]] >= self->n_defined_regions)
      return;
  close_and_trim (self, sb);
}

static void
finish_stream (JxTraceBuilder *self,
               StreamBuild    *sb)
{
  if (!sb->ended)
    close_and_trim (self, sb);

  if (sb->s.n_events == 0 && !(sb->s.flags & JX_STREAM_FLAG_MISSING))
    {
      sb->s.flags |= JX_STREAM_FLAG_EMPTY;
      stream_issue (self, sb, JX_DEFECT_EMPTY_STREAM, 0,
                    _("Stream “%s” holds no events"), sb->label);
      sb->s.flags &= ~JX_STREAM_FLAG_REPAIRED;
    }
}

/* Merges lists that are each sorted by a 64-bit time at time_offset into
 * out; ties go to the lower list so the result is deterministic. The keys
 * are copied out once and merged pairwise, log2(lists) sequential passes,
 * which is several times faster than a heap over the lists. */
typedef struct
{
  guint64 time;
  guint32 index;            /* global: list offset + position */
  guint32 list;
} MergeKey;

static void
merge_sorted (const guint8 * const *bases,   /* per list, elements of elem_size */
              const gsize          *offsets, /* n_lists + 1 running totals */
              guint                 n_lists,
              gsize                 elem_size,
              gsize                 time_offset,
              const guint8        **out,     /* offsets[n_lists] element pointers */
              guint32              *slot)    /* global index -> position, or NULL */
{
  gsize n = offsets[n_lists];
  g_autofree MergeKey *a = g_new (MergeKey, MAX (n, 1));
  g_autofree MergeKey *b = g_new (MergeKey, MAX (n, 1));
  g_autofree gsize *runs = g_memdup2 (offsets, (n_lists + 1) * sizeof (gsize));
  guint n_runs = n_lists;
  guint l;
  gsize i;

  for (l = 0; l < n_lists; l++)
    for (i = offsets[l]; i < offsets[l + 1]; i++)
      {
        const guint8 *e = bases[l] + (i - offsets[l]) * elem_size;

        a[i].time = *(const guint64 *) (gconstpointer) (e + time_offset);
        a[i].index = (guint32) i;
        a[i].list = l;
      }

  while (n_runs > 1)
    {
      guint r, w = 0;

      for (r = 0; r + 1 < n_runs; r += 2)
        {
          gsize x = runs[r], x_end = runs[r + 1];
          gsize y = runs[r + 1], y_end = runs[r + 2];
          gsize o = runs[r];

          while (x < x_end && y < y_end)
            b[o++] = a[y].time < a[x].time ? a[y++] : a[x++];
          while (x < x_end)
            b[o++] = a[x++];
          while (y < y_end)
            b[o++] = a[y++];
          runs[w++] = runs[r];
        }
      if (r < n_runs)
        {
          memcpy (b + runs[r], a + runs[r], (runs[r + 1] - runs[r]) * sizeof (MergeKey));
          runs[w++] = runs[r];
        }
      runs[w] = runs[n_runs];
      n_runs = w;

      {
        MergeKey *t = a;

        a = b;
        b = t;
      }
    }

  for (i = 0; i < n; i++)
    {
      l = a[i].list;
      out[i] = bases[l] + (a[i].index - offsets[l]) * elem_size;
      if (slot != NULL)
        slot[a[i].index] = (guint32) i;
    }
}

/* Stable counting sort of idx by key(idx) in [0, n_keys). */
static void
counting_sort (guint32       *idx,
               guint32       *tmp,
               gsize          n,
               const guint32 *key,
               guint          n_keys)
{
  g_autofree gsize *start = g_new0 (gsize, n_keys + 1);
  gsize i;

  for (i = 0; i < n; i++)
    start[key[idx[i]] + 1]++;
  for (i = 0; i < n_keys; i++)
    start[i + 1] += start[i];
  for (i = 0; i < n; i++)
    tmp[start[key[idx[i]]]++] = idx[i];
  memcpy (idx, tmp, n * sizeof (guint32));
}

static void
fill_message (JxTrace              *trace,
              JxMessage            *m,
              guint32               index,
              const PendingMessage *pm)
{
  JxMessageWide wide;

  m->send_time = pm->time;
  m->recv_time = G_MAXUINT64;
  m->sender = pm->sender;
  m->receiver = pm->receiver;
  m->size = (guint32) MIN (pm->size, JX_MESSAGE_WIDE32);
  m->tag = (guint16) MIN (pm->tag, JX_MESSAGE_WIDE16);
  m->communicator = (guint16) MIN (pm->communicator, JX_MESSAGE_WIDE16);
  if (G_LIKELY (pm->size < JX_MESSAGE_WIDE32 && pm->tag < JX_MESSAGE_WIDE16 &&
                pm->communicator < JX_MESSAGE_WIDE16))
    return;

  memset (&wide, 0, sizeof wide);
  wide.index = index;
  wide.tag = pm->tag;
  wide.size = pm->size;
  wide.communicator = pm->communicator;
  g_array_append_val (trace->message_wide, wide);
}

/* Matching helpers for buckets with several (communicator, tag) keys. */
#define MAX_CURSORS 8

typedef struct
{
  guint32 communicator;
  guint32 tag;
  gsize   k;            /* position in the bucket order */
} KeyedIndex;

static inline int
compare_key (const KeyedIndex *x,
             const KeyedIndex *y)
{
  if (x->communicator != y->communicator)
    return x->communicator < y->communicator ? -1 : 1;
  if (x->tag != y->tag)
    return x->tag < y->tag ? -1 : 1;
  return 0;
}

static int
compare_keyed (const void *a,
               const void *b)
{
  const KeyedIndex *x = a;
  const KeyedIndex *y = b;
  int order = compare_key (x, y);

  if (order != 0)
    return order;
  return x->k < y->k ? -1 : x->k > y->k ? 1 : 0;
}

/* Whether the bucket's sends and receives use at most MAX_CURSORS keys. */
static gboolean
few_keys (const PendingMessage * const *sends,
          const guint32                *s_idx,
          gsize                         a,
          gsize                         b,
          const PendingMessage * const *recvs,
          const guint32                *r_idx,
          gsize                         c,
          gsize                         d)
{
  guint32 communicator[MAX_CURSORS], tag[MAX_CURSORS];
  guint n = 0, q;
  gsize k;

  for (k = a; k < b + (d - c); k++)
    {
      const PendingMessage *m = k < b ? sends[s_idx[k]] : recvs[r_idx[c + (k - b)]];

      for (q = 0; q < n && (communicator[q] != m->communicator || tag[q] != m->tag); q++)
        ;
      if (q == n)
        {
          if (n == MAX_CURSORS)
            return FALSE;
          communicator[n] = m->communicator;
          tag[n] = m->tag;
          n++;
        }
    }
  return TRUE;
}

/* First-in first-out matching per (sender, receiver, communicator, tag)
 * without sorting records: sends and receives are bucketed by (sender,
 * receiver) with two stable counting sorts over stream indices, then each
 * bucket is matched per (communicator, tag) with forward cursors. Matching
 * reads the pending records, which keep the full tag and communicator. */
#define STREAM_LOST (JX_STREAM_FLAG_MISSING | JX_STREAM_FLAG_TRUNCATED)

/* An unmatched message whose counterpart belongs on a stream that was not
 * read completely: counted on its own stream, listed only in the lost
 * stream's summary (hidden[] per lost stream). */
static void
count_hidden (StreamBuild *sb,
              guint64     *hidden,
              guint32      lost)
{
  sb->defects[JX_DEFECT_UNMATCHED_MESSAGE]++;
  sb->s.flags |= JX_STREAM_FLAG_REPAIRED;
  hidden[lost]++;
}

static void
unmatched_receive (JxTraceBuilder       *self,
                   guint64              *hidden,
                   const PendingMessage *r)
{
  StreamBuild *rb = g_ptr_array_index (self->streams, r->receiver);
  StreamBuild *peer = g_ptr_array_index (self->streams, r->sender);

  if (peer->s.flags & STREAM_LOST)
    {
      count_hidden (rb, hidden, r->sender);
      return;
    }
  stream_issue (self, rb, JX_DEFECT_UNMATCHED_MESSAGE, r->time,
                _("Receive on stream “%s” from stream “%s” (tag %u) has no matching send"),
                rb->label, peer->label, r->tag);
}

static void
match_messages (JxTraceBuilder *self)
{
  JxTrace *trace = self->trace;
  guint n_streams = self->streams->len;
  g_autofree gsize *send_offset = g_new0 (gsize, n_streams + 1);
  g_autofree const guint8 **send_base = g_new0 (const guint8 *, n_streams + 1);
  g_autofree const guint8 **order = NULL;
  g_autofree guint32 *slot = NULL;
  g_autofree const PendingMessage **sends = NULL;
  g_autofree const PendingMessage **recvs = NULL;
  g_autofree guint32 *s_idx = NULL, *r_idx = NULL, *tmp = NULL;
  g_autofree guint32 *s_key = NULL, *r_key = NULL;
  g_autofree guint64 *hidden = g_new0 (guint64, n_streams + 1);
  JxMessage *msgs;
  gsize n_sends = 0, n_recvs = 0;
  gsize i, a, c;

  for (i = 0; i < n_streams; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);

      send_offset[i] = n_sends;
      send_base[i] = sb->sends != NULL ? (const guint8 *) sb->sends->data : NULL;
      n_sends += sb->sends != NULL ? sb->sends->len : 0;
      n_recvs += sb->recvs != NULL ? sb->recvs->len : 0;
    }
  send_offset[n_streams] = n_sends;
  if (n_sends == 0 && n_recvs == 0)
    return;

  /* Messages go straight into the trace in send-time order (each stream's
   * sends are in time order already, so this is a merge); slot[] finds a
   * send's message again by its global index (stream offset + position). */
  order = g_new (const guint8 *, MAX (n_sends, 1));
  slot = g_new (guint32, MAX (n_sends, 1));
  merge_sorted (send_base, send_offset, n_streams, sizeof (PendingMessage),
                G_STRUCT_OFFSET (PendingMessage, time), order, slot);
  trace->messages = g_new (JxMessage, n_sends);
  trace->n_messages = n_sends;
  msgs = trace->messages;
  for (i = 0; i < n_sends; i++)
    fill_message (trace, &msgs[i], (guint32) i, (const PendingMessage *) (gconstpointer) order[i]);

  sends = g_new (const PendingMessage *, MAX (n_sends, 1));
  recvs = g_new (const PendingMessage *, MAX (n_recvs, 1));
  n_sends = n_recvs = 0;
  for (i = 0; i < n_streams; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);
      guint k;

      for (k = 0; sb->sends != NULL && k < sb->sends->len; k++)
        sends[n_sends++] = &g_array_index (sb->sends, PendingMessage, k);
      for (k = 0; sb->recvs != NULL && k < sb->recvs->len; k++)
        recvs[n_recvs++] = &g_array_index (sb->recvs, PendingMessage, k);
    }

  /* Order both sides by (sender, receiver), keeping stream order inside. */
  tmp = g_new (guint32, MAX (MAX (n_sends, n_recvs), 1));
  s_idx = g_new (guint32, MAX (n_sends, 1));
  s_key = g_new (guint32, MAX (n_sends, 1));
  for (i = 0; i < n_sends; i++)
    {
      s_idx[i] = i;
      s_key[i] = sends[i]->receiver == JX_NONE ? n_streams : sends[i]->receiver;
    }
  counting_sort (s_idx, tmp, n_sends, s_key, n_streams + 1);
  for (i = 0; i < n_sends; i++)
    s_key[i] = sends[i]->sender;
  counting_sort (s_idx, tmp, n_sends, s_key, n_streams);

  r_idx = g_new (guint32, MAX (n_recvs, 1));
  r_key = g_new (guint32, MAX (n_recvs, 1));
  for (i = 0; i < n_recvs; i++)
    {
      r_idx[i] = i;
      r_key[i] = recvs[i]->sender;
    }
  counting_sort (r_idx, tmp, n_recvs, r_key, n_streams);

#define SEND(k) (sends[s_idx[k]])
#define SEND_MESSAGE(k) (&msgs[slot[s_idx[k]]])
#define RECV(k) (recvs[r_idx[k]])

  a = c = 0;
  while (a < n_sends || c < n_recvs)
    {
      guint32 sender, receiver;
      gsize b, d, k;
      gboolean single_key = TRUE;

      /* The next (sender, receiver) bucket on either side. */
      if (c >= n_recvs ||
          (a < n_sends && (SEND (a)->sender < RECV (c)->sender ||
                           (SEND (a)->sender == RECV (c)->sender &&
                            SEND (a)->receiver <= RECV (c)->receiver))))
        {
          sender = SEND (a)->sender;
          receiver = SEND (a)->receiver;
        }
      else
        {
          sender = RECV (c)->sender;
          receiver = RECV (c)->receiver;
        }

      for (b = a; b < n_sends && SEND (b)->sender == sender && SEND (b)->receiver == receiver; b++)
        if (SEND (b)->communicator != SEND (a)->communicator || SEND (b)->tag != SEND (a)->tag)
          single_key = FALSE;
      for (d = c; d < n_recvs && RECV (d)->sender == sender && RECV (d)->receiver == receiver; d++)
        if (a < b && (RECV (d)->communicator != SEND (a)->communicator || RECV (d)->tag != SEND (a)->tag))
          single_key = FALSE;

      if (receiver == JX_NONE)
        ;  /* already reported as undefined location */
      else if (single_key)
        {
          for (k = 0; k < MIN (b - a, d - c); k++)
            SEND_MESSAGE (a + k)->recv_time = RECV (c + k)->time;
          for (k = c + MIN (b - a, d - c); k < d; k++)
            unmatched_receive (self, hidden, RECV (k));
        }
      else if (few_keys (sends, s_idx, a, b, recvs, r_idx, c, d))
        {
          /* A few (communicator, tag) keys: one forward cursor per key. */
          g_autoptr(GArray) cursors = g_array_new (FALSE, FALSE, sizeof (gsize) * 3);

          for (k = c; k < d; k++)
            {
              const PendingMessage *r = RECV (k);
              gsize *cur = NULL;
              guint q;

              for (q = 0; q < cursors->len; q++)
                {
                  gsize *e = (gsize *) (gpointer) (cursors->data + q * 3 * sizeof (gsize));

                  if (e[0] == r->communicator && e[1] == r->tag)
                    cur = e;
                }
              if (cur == NULL)
                {
                  gsize e[3] = { r->communicator, r->tag, a };

                  g_array_append_vals (cursors, e, 1);
                  cur = (gsize *) (gpointer) (cursors->data + (cursors->len - 1) * 3 * sizeof (gsize));
                }
              while (cur[2] < b && (SEND (cur[2])->communicator != r->communicator ||
                                    SEND (cur[2])->tag != r->tag))
                cur[2]++;
              if (cur[2] < b)
                {
                  SEND_MESSAGE (cur[2])->recv_time = r->time;
                  cur[2]++;
                }
              else
                unmatched_receive (self, hidden, r);
            }
        }
      else
        {
          /* Many keys (say a tag per message): cursors would rescan the
           * bucket per key, so both sides are sorted by (key, order) and
           * paired in one walk instead. */
          g_autofree KeyedIndex *ks = g_new (KeyedIndex, MAX (b - a, 1));
          g_autofree KeyedIndex *kr = g_new (KeyedIndex, MAX (d - c, 1));
          g_autofree gboolean *matched = g_new0 (gboolean, MAX (d - c, 1));
          gsize x = 0, y = 0;

          for (k = a; k < b; k++)
            {
              ks[k - a].communicator = SEND (k)->communicator;
              ks[k - a].tag = SEND (k)->tag;
              ks[k - a].k = k;
            }
          for (k = c; k < d; k++)
            {
              kr[k - c].communicator = RECV (k)->communicator;
              kr[k - c].tag = RECV (k)->tag;
              kr[k - c].k = k;
            }
          qsort (ks, b - a, sizeof (KeyedIndex), compare_keyed);
          qsort (kr, d - c, sizeof (KeyedIndex), compare_keyed);
          while (x < b - a && y < d - c)
            {
              int cmp = compare_key (&ks[x], &kr[y]);

              if (cmp < 0)
                x++;
              else if (cmp > 0)
                y++;
              else
                {
                  SEND_MESSAGE (ks[x].k)->recv_time = RECV (kr[y].k)->time;
                  matched[kr[y].k - c] = TRUE;
                  x++;
                  y++;
                }
            }
          for (k = c; k < d; k++)
            if (!matched[k - c])
              unmatched_receive (self, hidden, RECV (k));
        }
      a = b;
      c = d;
    }
#undef SEND
#undef SEND_MESSAGE
#undef RECV

  /* In send-time order; order[] has the full tag. */
  for (i = 0; i < n_sends; i++)
    if (msgs[i].recv_time == G_MAXUINT64 && msgs[i].receiver != JX_NONE)
      {
        const PendingMessage *pm = (const PendingMessage *) (gconstpointer) order[i];
        StreamBuild *sb = g_ptr_array_index (self->streams, msgs[i].sender);
        StreamBuild *peer = g_ptr_array_index (self->streams, msgs[i].receiver);

        if (peer->s.flags & STREAM_LOST)
          {
            count_hidden (sb, hidden, msgs[i].receiver);
            continue;
          }
        stream_issue (self, sb, JX_DEFECT_UNMATCHED_MESSAGE, msgs[i].send_time,
                      _("Send on stream “%s” to stream “%s” (tag %u) has no matching receive"),
                      sb->label, peer->label, pm->tag);
      }

  for (i = 0; i < n_streams; i++)
    if (hidden[i] > 0)
      {
        StreamBuild *sb = g_ptr_array_index (self->streams, i);

        stream_note (sb, JX_DEFECT_UNMATCHED_MESSAGE, sb->s.last_time,
                     _("%llu unmatched message(s) with stream “%s” are counted but not listed: "
                       "the stream's events are missing or end early, so their counterparts were never read"),
                     (unsigned long long) hidden[i], sb->label);
      }

  for (i = 0; i < n_streams; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);

      g_clear_pointer (&sb->sends, g_array_unref);
      g_clear_pointer (&sb->recvs, g_array_unref);
    }
}

/* Distinct JxCollectiveInfo values: open addressing over indices + 1. */
typedef struct
{
  guint32 *slots;
  guint32  mask;
  guint32  used;
} InfoTable;

static inline guint32
hash_info (const JxCollectiveRecord *r)
{
  guint64 h = r->bytes_sent * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);

  h ^= r->bytes_received + G_GUINT64_CONSTANT (0x632be59bd9b4e019) + (h << 6) + (h >> 2);
  h ^= ((guint64) r->communicator << 32 | r->root) + (h << 6) + (h >> 2);
  h ^= r->operation + (h << 6) + (h >> 2);
  return (guint32) (h ^ (h >> 29));
}

static inline gboolean
info_equal (const JxCollectiveInfo   *info,
            const JxCollectiveRecord *r)
{
  return info->bytes_sent == r->bytes_sent && info->bytes_received == r->bytes_received &&
         info->communicator == r->communicator && info->root == r->root &&
         info->operation == r->operation;
}

static guint32
intern_info (InfoTable                *table,
             GArray                   *infos,
             const JxCollectiveRecord *r)
{
  const JxCollectiveInfo *data;
  JxCollectiveInfo info;
  guint32 h, slot;

  if (table->used * 2 >= table->mask)
    {
      guint32 size = table->slots == NULL ? 64 : (table->mask + 1) * 2;
      guint k;

      g_free (table->slots);
      table->slots = g_new0 (guint32, size);
      table->mask = size - 1;
      data = (const JxCollectiveInfo *) (gconstpointer) infos->data;
      for (k = 0; k < infos->len; k++)
        {
          JxCollectiveRecord key = { 0 };

          key.bytes_sent = data[k].bytes_sent;
          key.bytes_received = data[k].bytes_received;
          key.communicator = data[k].communicator;
          key.root = data[k].root;
          key.operation = data[k].operation;
          for (slot = hash_info (&key) & table->mask; table->slots[slot] != 0;
               slot = (slot + 1) & table->mask)
            ;
          table->slots[slot] = k + 1;
        }
    }

  data = (const JxCollectiveInfo *) (gconstpointer) infos->data;
  h = hash_info (r);
  for (slot = h & table->mask; table->slots[slot] != 0; slot = (slot + 1) & table->mask)
    if (info_equal (&data[table->slots[slot] - 1], r))
      return table->slots[slot] - 1;

  /* Zeroed padding: traces compare byte-wise in tests. */
  memset (&info, 0, sizeof info);
  info.bytes_sent = r->bytes_sent;
  info.bytes_received = r->bytes_received;
  info.communicator = r->communicator;
  info.root = r->root;
  info.operation = r->operation;
  g_array_append_val (infos, info);
  table->slots[slot] = infos->len;
  table->used++;
  return infos->len - 1;
}

JxTrace *
jx_trace_builder_finish (JxTraceBuilder *self)
{
  JxTrace *trace;
  gboolean any_events = FALSE;
  guint i, d, k;

  g_return_val_if_fail (self != NULL, NULL);

  trace = self->trace;

  order_streams (self);
  add_synthetic_regions (self);

  for (i = 0; i < trace->regions->len; i++)
    {
      const JxRegion *r = &g_array_index (trace->regions, JxRegion, i);

      if (!g_hash_table_contains (trace->region_by_name, r->name))
        g_hash_table_insert (trace->region_by_name, (gpointer) r->name, GUINT_TO_POINTER (i + 1));
    }
  /* Recorded (e.g. mangled) names find their region too, unless a shown
   * name already claims the string. */
  for (i = 0; i < trace->regions->len; i++)
    {
      const JxRegion *r = &g_array_index (trace->regions, JxRegion, i);

      if (!g_hash_table_contains (trace->region_by_name, r->canonical_name))
        g_hash_table_insert (trace->region_by_name, (gpointer) r->canonical_name, GUINT_TO_POINTER (i + 1));
    }

  for (i = 0; i < self->streams->len; i++)
    finish_stream (self, g_ptr_array_index (self->streams, i));

  match_messages (self);

  {
    guint n = self->streams->len;
    g_autofree gsize *offsets = g_new0 (gsize, n + 1);
    g_autofree const guint8 **bases = g_new0 (const guint8 *, n + 1);
    g_autofree const guint8 **order = NULL;

    for (i = 0; i < n; i++)
      {
        StreamBuild *sb = g_ptr_array_index (self->streams, i);

        bases[i] = sb->collectives != NULL ? (const guint8 *) sb->collectives->data : NULL;
        offsets[i + 1] = offsets[i] + (sb->collectives != NULL ? sb->collectives->len : 0);
      }
    order = g_new (const guint8 *, MAX (offsets[n], 1));
    merge_sorted (bases, offsets, n, sizeof (JxCollectiveRecord),
                  G_STRUCT_OFFSET (JxCollectiveRecord, begin_time), order, NULL);
    trace->collectives = g_new (JxCollective, offsets[n]);
    trace->n_collectives = offsets[n];
    {
      InfoTable table = { 0 };
      JxCollective *out = trace->collectives;

      for (i = 0; i < offsets[n]; i++)
        {
          const JxCollectiveRecord *r = (const JxCollectiveRecord *) (gconstpointer) order[i];

          out[i].begin_time = r->begin_time;
          out[i].end_time = r->end_time;
          out[i].stream = r->stream;
          out[i].info = intern_info (&table, trace->collective_infos, r);
        }
      g_free (table.slots);
    }
    for (i = 0; i < n; i++)
      g_clear_pointer (&((StreamBuild *) g_ptr_array_index (self->streams, i))->collectives,
                       g_array_unref);
  }
  g_qsort_with_data (trace->markers->data, trace->markers->len, sizeof (JxMarker),
                     compare_markers, NULL);

  /* Trace-wide issues first, then per stream in stream order. */
  for (d = 0; d < JX_N_DEFECTS; d++)
    trace->defect_counts[d] = self->defects[d];
  for (k = 0; k < self->issues->len && trace->issues->len < JX_LOAD_REPORT_MAX_ISSUES; k++)
    {
      JxLoadIssue *issue = &g_array_index (self->issues, JxLoadIssue, k);

      g_array_append_val (trace->issues, *issue);
      issue->detail = NULL;
    }

  for (i = 0; i < self->streams->len; i++)
    {
      StreamBuild *sb = g_ptr_array_index (self->streams, i);
      JxProcess *process = &g_array_index (trace->processes, JxProcess, sb->s.process);

      for (d = 0; d < JX_N_DEFECTS; d++)
        trace->defect_counts[d] += sb->defects[d];
      for (k = 0; sb->issues != NULL && k < sb->issues->len &&
                  trace->issues->len < JX_LOAD_REPORT_MAX_ISSUES; k++)
        {
          JxLoadIssue *issue = &g_array_index (sb->issues, JxLoadIssue, k);

          g_array_append_val (trace->issues, *issue);
          issue->detail = NULL;
        }

      for (d = 0; d < JX_N_EVENT_KINDS; d++)
        trace->event_counts[d] += sb->s.event_counts[d];
      trace->n_events += sb->s.n_events;
      trace->n_invocations += sb->s.n_invocations;

      if (sb->s.n_events > 0)
        {
          if (!any_events || sb->s.first_time < trace->start_time)
            trace->start_time = sb->s.first_time;
          if (!any_events || sb->s.last_time > trace->end_time)
            trace->end_time = sb->s.last_time;
          any_events = TRUE;
        }

      if (process->n_streams == 0)
        process->first_stream = i;
      process->n_streams++;

      g_array_append_val (trace->streams, sb->s);
      g_array_append_val (trace->arenas, sb->arena);
      /* The arrays now belong to the trace. */
      memset (&sb->s, 0, sizeof sb->s);
      memset (&sb->arena, 0, sizeof sb->arena);
    }

  /* Processes without streams point where their streams would be. */
  {
    guint32 next = 0;

    for (i = 0; i < trace->processes->len; i++)
      {
        JxProcess *process = &g_array_index (trace->processes, JxProcess, i);

        if (process->n_streams == 0)
          process->first_stream = next;
        next = process->first_stream + process->n_streams;
      }
  }

  trace->chunk_bytes = 0;
  for (i = 0; i < trace->strings->len; i++)
    trace->chunk_bytes += strlen (g_ptr_array_index (trace->strings, i)) + 1;
  for (i = 0; i < trace->regions->len; i++)
    trace->chunk_bytes += strlen (g_array_index (trace->regions, JxRegion, i).name) + 1;

  self->trace = NULL;
  jx_trace_builder_free (self);
  return trace;
}
