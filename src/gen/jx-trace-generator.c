/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-generator.c — the generator's entry points: default options,
 * the command-line names of variants and defects, writing an archive and
 * counting what one would hold.  The work happens in jx-gen-*.c (see
 * jx-gen-private.h). */
#include "config.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "jx-gen-private.h"
#include "jx-trace.h"

typedef struct
{
  const char *name;
  guint       flag;
} FlagName;

static const FlagName variant_names[] = {
  { "remove", JX_VARIANT_REMOVE_FUNCTION },
  { "add", JX_VARIANT_ADD_FUNCTION },
  { "rename", JX_VARIANT_RENAME_FUNCTION },
  { "faster-kernel", JX_VARIANT_FASTER_KERNEL },
  { "slower-machine", JX_VARIANT_SLOWER_MACHINE },
  { "rotate-threads", JX_VARIANT_ROTATE_THREADS },
  { "more-calls", JX_VARIANT_MORE_CALLS },
};

static const FlagName defect_names[] = {
  { "unclosed", JX_DEFECT_INJECT_UNCLOSED },
  { "mismatched", JX_DEFECT_INJECT_MISMATCHED },
  { "backwards", JX_DEFECT_INJECT_BACKWARDS },
  { "unknown-role", JX_DEFECT_INJECT_UNKNOWN_ROLE },
  { "undefined-region", JX_DEFECT_INJECT_UNDEFINED_REGION },
  { "empty-stream", JX_DEFECT_INJECT_EMPTY_STREAM },
  { "missing-evt", JX_DEFECT_INJECT_MISSING_EVT },
  { "unmatched-leave", JX_DEFECT_INJECT_UNMATCHED_LEAVE },
  { "unknown-metric", JX_DEFECT_INJECT_UNKNOWN_METRIC },
};

static gboolean
flag_from_name (const FlagName *table,
                gsize           n,
                const char     *name,
                guint          *flag)
{
  gsize i;

  for (i = 0; name != NULL && i < n; i++)
    if (g_strcmp0 (name, table[i].name) == 0)
      {
        *flag = table[i].flag;
        return TRUE;
      }
  return FALSE;
}

gboolean
jx_variant_from_string (const char *name,
                        guint      *flag)
{
  g_return_val_if_fail (flag != NULL, FALSE);

  return flag_from_name (variant_names, G_N_ELEMENTS (variant_names), name, flag);
}

gboolean
jx_defect_injection_from_string (const char *name,
                                 guint      *flag)
{
  g_return_val_if_fail (flag != NULL, FALSE);

  return flag_from_name (defect_names, G_N_ELEMENTS (defect_names), name, flag);
}

void
jx_generator_options_init (JxGeneratorOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->seed = 1;
  options->n_ranks = 4;
  options->n_threads = 1;
  options->n_iterations = 100;
  options->depth = 4;
  options->fanout = 3;
  options->timer_resolution = G_GUINT64_CONSTANT (1000000000);
}

/* Creates @directory if needed and makes room for a new archive in it. */
static gboolean
prepare_directory (const char                *directory,
                   const JxGeneratorOptions  *options,
                   GError                   **error)
{
  const char *name = _jx_gen_archive_name (options);

  if (name[0] == '\0' || strchr (name, G_DIR_SEPARATOR) != NULL || g_str_equal (name, ".")
      || g_str_equal (name, ".."))
    {
      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not write the trace: “%s” is not a file name for an archive"), name);
      return FALSE;
    }
  if (g_mkdir_with_parents (directory, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not create the trace directory “%s”: %s"),
                   directory, g_strerror (saved));
      return FALSE;
    }
  if (g_access (directory, W_OK) != 0)
    {
      int saved = errno;

      g_set_error (error, JX_TRACE_ERROR, JX_TRACE_ERROR_WRITE,
                   _("Could not write the trace in “%s”: %s"),
                   directory, g_strerror (saved));
      return FALSE;
    }
  return _jx_gen_remove_old_archive (directory, name, error);
}

/* Runs the program into an archive in @directory, or only counts its events
 * when @directory is NULL. */
static guint64
generate (const char                *directory,
          const JxGeneratorOptions  *options,
          JxGeneratorStats          *stats,
          GError                   **error)
{
  JxGen g;
  gboolean ok;
  guint64 n_events = 0;

  _jx_gen_init (&g, options);
  if (directory == NULL)
    {
      _jx_gen_run (&g);
      ok = TRUE;
    }
  else
    ok = _jx_gen_write_archive (&g, directory, error)
         && _jx_gen_remove_evt_file (&g, directory, error);
  if (ok)
    {
      n_events = g.st.n_events;
      if (stats != NULL)
        *stats = g.st;
    }
  _jx_gen_clear (&g);
  return n_events;
}

guint64
jx_generate_trace_full (const char                *directory,
                        const JxGeneratorOptions  *options,
                        JxGeneratorStats          *stats,
                        GError                   **error)
{
  g_return_val_if_fail (directory != NULL, 0);
  g_return_val_if_fail (options != NULL, 0);
  g_return_val_if_fail (error == NULL || *error == NULL, 0);

  if (!prepare_directory (directory, options, error))
    return 0;
  return generate (directory, options, stats, error);
}

guint64
jx_generate_trace (const char                *directory,
                   const JxGeneratorOptions  *options,
                   GError                   **error)
{
  return jx_generate_trace_full (directory, options, NULL, error);
}

guint64
jx_generator_count_events (const JxGeneratorOptions *options,
                           JxGeneratorStats         *stats)
{
  g_return_val_if_fail (options != NULL, 0);

  return generate (NULL, options, stats, NULL);
}

guint
jx_generator_iterations_for_events (const JxGeneratorOptions *options,
                                    guint64                   n_events)
{
  JxGeneratorOptions o;
  guint64 one, many;
  double per_iteration;

  g_return_val_if_fail (options != NULL, 1);

  /* Periodic phases repeat every 50 iterations, so the slope over 50 is exact
   * on average. */
  o = *options;
  o.n_iterations = 1;
  one = jx_generator_count_events (&o, NULL);
  o.n_iterations = 51;
  many = jx_generator_count_events (&o, NULL);
  per_iteration = (double) (many - one) / 50.0;
  if (n_events <= one || per_iteration <= 0.0)
    return 1;
  return 1 + (guint) MIN ((double) (n_events - one) / per_iteration + 0.5, (double) G_MAXUINT32 - 1);
}
