/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-fuzz-memory.c — the loader's memory stays bounded by its input.
 *
 * Loads every archive of the loader corpus (tests/fuzz/corpus/loader) and
 * checks that the peak of the bytes allocated during jx_trace_load () stays
 * below PEAK_PER_BYTE times the archive's total file size plus PEAK_SLACK.
 *
 * How the peak is measured: this test program defines malloc, calloc,
 * realloc, free, the aligned allocators, and mmap / munmap / mremap itself.
 * The dynamic linker binds every call of every library (GLib, libotf2) to
 * the executable's definitions, which forward to glibc (__libc_malloc …, the
 * mmap system call) and count the bytes (malloc_usable_size, anonymous
 * mappings) while a load runs. glibc's own internal mappings (malloc's
 * arenas, thread stacks) bypass the count, which is right: malloc'd blocks
 * are counted where they are handed out. The loader runs with one reader
 * thread. Under AddressSanitizer, which replaces the allocator, the test is
 * skipped; the fuzzer enforces -malloc_limit_mb and -rss_limit_mb there.
 *
 * The bound: the builder needs ~15 bytes per enter/leave event and caps its
 * reservations by the event file's size (3 bytes per event at least), and
 * libotf2 keeps a chunk buffer per open file (256 KiB to 16 MiB as the
 * anchor says, but only one event or local definition file is open at a
 * time) and the global definitions'. */
#include "config.h"

#define _GNU_SOURCE 1

#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <glib/gstdio.h>

#include "jx-fuzz-archive.h"
#include "jx-trace-loader.h"

#if defined(__SANITIZE_ADDRESS__)
#define JX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define JX_ASAN 1
#endif
#endif

#define PEAK_PER_BYTE 16
#define PEAK_SLACK    ((gint64) 8 << 20)
#define CHUNK_MAX     ((guint64) 16 << 20)   /* OTF2_CHUNK_SIZE_MAX */

static gint64 current_bytes;
static gint64 peak_bytes;
static gint   counting;

#ifndef JX_ASAN
extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *p, size_t size);
extern void  __libc_free (void *p);
extern void *__libc_memalign (size_t alignment, size_t size);

static void
account (gint64 delta)
{
  gint64 now, peak;

  if (!__atomic_load_n (&counting, __ATOMIC_RELAXED) || delta == 0)
    return;
  now = __atomic_add_fetch (&current_bytes, delta, __ATOMIC_RELAXED);
  peak = __atomic_load_n (&peak_bytes, __ATOMIC_RELAXED);
  while (now > peak &&
         !__atomic_compare_exchange_n (&peak_bytes, &peak, now, TRUE, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

void *
malloc (size_t size)
{
  void *p = __libc_malloc (size);

  if (p != NULL)
    account ((gint64) malloc_usable_size (p));
  return p;
}

void *
calloc (size_t n,
        size_t size)
{
  void *p = __libc_calloc (n, size);

  if (p != NULL)
    account ((gint64) malloc_usable_size (p));
  return p;
}

void *
realloc (void   *p,
         size_t  size)
{
  gint64 before = p != NULL ? (gint64) malloc_usable_size (p) : 0;
  void *q = __libc_realloc (p, size);

  if (q != NULL)
    account ((gint64) malloc_usable_size (q) - before);
  else if (size == 0)
    account (-before);
  return q;
}

void
free (void *p)
{
  if (p != NULL)
    account (-(gint64) malloc_usable_size (p));
  __libc_free (p);
}

void *
memalign (size_t alignment,
          size_t size)
{
  void *p = __libc_memalign (alignment, size);

  if (p != NULL)
    account ((gint64) malloc_usable_size (p));
  return p;
}

void *
aligned_alloc (size_t alignment,
               size_t size)
{
  return memalign (alignment, size);
}

int
posix_memalign (void   **out,
                size_t   alignment,
                size_t   size)
{
  void *p = memalign (alignment, size);

  if (p == NULL)
    return ENOMEM;
  *out = p;
  return 0;
}

void *
mmap (void   *addr,
      size_t  length,
      int     prot,
      int     flags,
      int     fd,
      off_t   offset)
{
  void *p = (void *) syscall (SYS_mmap, addr, length, prot, flags, fd, offset);

  if (p != MAP_FAILED && (flags & MAP_ANONYMOUS))
    account ((gint64) length);
  return p;
}

int
munmap (void   *addr,
        size_t  length)
{
  int status = (int) syscall (SYS_munmap, addr, length);

  if (status == 0)
    account (-(gint64) length);
  return status;
}

void *
mremap (void   *old,
        size_t  old_length,
        size_t  new_length,
        int     flags,
        ...)
{
  void *target = NULL;
  void *p;

  if (flags & MREMAP_FIXED)
    {
      va_list args;

      va_start (args, flags);
      target = va_arg (args, void *);
      va_end (args);
    }
  p = (void *) syscall (SYS_mremap, old, old_length, new_length, flags, target);
  if (p != MAP_FAILED)
    /* A fixed target replaces what was mapped there. */
    account ((gint64) new_length - (gint64) old_length - ((flags & MREMAP_FIXED) ? (gint64) new_length : 0));
  return p;
}
#endif

static guint64
tree_size (const char *directory)
{
  g_autoptr(GDir) dir = g_dir_open (directory, 0, NULL);
  const char *entry;
  guint64 total = 0;

  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, entry, NULL);
      GStatBuf st;

      if (g_lstat (path, &st) != 0)
        continue;
      if (S_ISDIR (st.st_mode))
        total += tree_size (path);
      else
        total += (guint64) st.st_size;
    }
  return total;
}

/* The event and definition chunk sizes the anchor declares (libotf2 gives
 * every open reader a buffer of that size), each at most 16 MiB. */
static guint64
anchor_chunk_bytes (const char *directory)
{
  g_autofree char *anchor = g_build_filename (directory, "traces.otf2", NULL);
  g_autofree char *contents = NULL;
  const guint8 *b;
  guint64 total = 0;
  gsize length = 0;
  guint k, field;

  if (!g_file_get_contents (anchor, &contents, &length, NULL) || length < 28)
    return 0;
  b = (const guint8 *) contents;
  for (field = 0; field < 2; field++)
    {
      guint64 v = 0;

      for (k = 0; k < 8; k++)
        v |= (guint64) b[12 + 8 * field + (b[1] == 0x23 ? 7 - k : k)] << (8 * k);
      total += MIN (v, CHUNK_MAX);
    }
  return total;
}

static void
check_archive (const char *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *dir = NULL;
  JxLoadOptions options = { 1 };
  JxTrace *trace;
  gsize length = 0;
  guint64 input;
  guint64 chunks;
  gint64 peak, bound;

  g_assert_true (g_file_get_contents (file, &contents, &length, NULL));
  dir = jx_fuzz_make_temp_dir ("jx-test-memory", &error);
  g_assert_no_error (error);
  jx_fuzz_archive_unpack ((const guint8 *) contents, length, dir);
  input = tree_size (dir);
  chunks = anchor_chunk_bytes (dir);

  __atomic_store_n (&current_bytes, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&peak_bytes, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&counting, 1, __ATOMIC_SEQ_CST);
  trace = jx_trace_load (dir, &options, NULL, NULL, NULL, NULL);
  __atomic_store_n (&counting, 0, __ATOMIC_SEQ_CST);
  peak = __atomic_load_n (&peak_bytes, __ATOMIC_RELAXED);
  g_clear_object (&trace);
  jx_fuzz_remove_tree (dir);

  /* One reader: at most one definition or event buffer open at a time,
   * besides the global definitions'. */
  bound = PEAK_PER_BYTE * (gint64) input + PEAK_SLACK + 2 * (gint64) chunks;
  g_test_message ("%s: %" G_GUINT64_FORMAT " bytes of files, peak %" G_GINT64_FORMAT
                  " bytes allocated (%.1f per byte, bound %" G_GINT64_FORMAT ")",
                  file, input, peak, input > 0 ? (double) peak / (double) input : 0.0, bound);
  if (peak > bound && g_getenv ("JX_FUZZ_MEMORY_KEEP_GOING") != NULL)
    g_printerr ("OVER BOUND: %s: peak %" G_GINT64_FORMAT " for %" G_GUINT64_FORMAT " bytes\n", file, peak, input);
  else if (peak > bound)
    g_error ("%s: loading allocated up to %" G_GINT64_FORMAT " bytes for %" G_GUINT64_FORMAT
             " bytes of files (bound %" G_GINT64_FORMAT ")", file, peak, input, bound);
}

static void
test_corpus_peak (void)
{
  /* JX_FUZZ_MEMORY_CORPUS=DIR checks another directory, e.g. a fuzzing
   * run's working corpus. */
  g_autofree char *corpus = g_getenv ("JX_FUZZ_MEMORY_CORPUS") != NULL
                            ? g_strdup (g_getenv ("JX_FUZZ_MEMORY_CORPUS"))
                            : g_test_build_filename (G_TEST_DIST, "fuzz", "corpus", "loader", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  guint i;

#ifdef JX_ASAN
  g_test_skip ("AddressSanitizer replaces the allocator this test counts with");
  return;
#endif

  dir = g_dir_open (corpus, 0, NULL);
  g_assert_nonnull (dir);
  /* known-libotf2-*: inputs on which libotf2 itself asks for far more
   * than the files hold (README, "Fuzzing"); the loader cannot stop it. */
  while ((entry = g_dir_read_name (dir)) != NULL)
    if (!g_str_has_prefix (entry, "known-libotf2-"))
      g_ptr_array_add (files, g_build_filename (corpus, entry, NULL));
  g_assert_cmpuint (files->len, >, 0);

  for (i = 0; i < files->len; i++)
    check_archive (g_ptr_array_index (files, i));
}

/* The counting itself: a load of a big reservation shows up. */
static void
test_counter_works (void)
{
  gpointer block;

#ifdef JX_ASAN
  g_test_skip ("AddressSanitizer replaces the allocator this test counts with");
  return;
#endif

  __atomic_store_n (&current_bytes, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&peak_bytes, 0, __ATOMIC_RELAXED);
  __atomic_store_n (&counting, 1, __ATOMIC_SEQ_CST);
  block = g_malloc (3 << 20);
  g_free (block);
  block = mmap (NULL, 5 << 20, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  g_assert_true (block != MAP_FAILED);
  munmap (block, 5 << 20);
  __atomic_store_n (&counting, 0, __ATOMIC_SEQ_CST);
  g_assert_cmpint (__atomic_load_n (&peak_bytes, __ATOMIC_RELAXED), >=, 5 << 20);
  g_assert_cmpint (__atomic_load_n (&current_bytes, __ATOMIC_RELAXED), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/fuzz/memory/counter", test_counter_works);
  g_test_add_func ("/fuzz/memory/corpus-peak", test_corpus_peak);

  return g_test_run ();
}
