/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-generate.c — `juxtrace-cli generate`: writes synthetic OTF2 traces,
 * or the bundled example comparison with --examples. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli.h"
#include "jx-cli-common.h"
#include "jx-time.h"
#include "jx-trace-generator.h"
#include "jx-trace.h"

/* Parses "RANKS:FACTOR", RANKS a comma list of ranks or ranges ("2,5" or
 * "2-3"), FACTOR the extra work as a fraction ("0.4") or percentage ("40%"). */
static gboolean
parse_imbalance (const char  *spec,
                 guint       *mask,
                 double      *factor,
                 GError     **error)
{
  g_auto(GStrv) parts = NULL;
  g_auto(GStrv) items = NULL;
  char *end = NULL;
  guint i;

  parts = g_strsplit (spec, ":", 2);
  if (g_strv_length (parts) != 2 || parts[0][0] == '\0' || parts[1][0] == '\0')
    goto bad;

  *factor = g_ascii_strtod (parts[1], &end);
  if (end == parts[1])
    goto bad;
  if (*end == '%')
    {
      *factor /= 100.0;
      end++;
    }
  if (*end != '\0' || !(*factor > 0.0 && *factor <= 100.0))
    goto bad;

  *mask = 0;
  items = g_strsplit (parts[0], ",", -1);
  for (i = 0; items[i] != NULL; i++)
    {
      guint64 first, last;
      const char *dash = strchr (items[i], '-');

      if (dash != NULL)
        {
          g_autofree char *head = g_strndup (items[i], dash - items[i]);

          if (!g_ascii_string_to_unsigned (head, 10, 0, 31, &first, NULL)
              || !g_ascii_string_to_unsigned (dash + 1, 10, 0, 31, &last, NULL)
              || last < first)
            goto bad;
        }
      else
        {
          if (!g_ascii_string_to_unsigned (items[i], 10, 0, 31, &first, NULL))
            goto bad;
          last = first;
        }
      for (; first <= last; first++)
        *mask |= 1u << first;
    }
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Invalid --imbalance “%s”: expected RANKS:FACTOR, e.g. 2,5:0.4 or 2-3:40%% (ranks 0-31)"),
               spec);
  return FALSE;
}

/* "NAME:COEF:EXPONENT[:LOG-EXPONENT]" — a user function with
 * round (iterations · COEF · x^EXPONENT · log2(x)^LOG-EXPONENT) calls. */
static gboolean
parse_law (const char  *spec,
           JxGenLaw    *law,
           GError     **error)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);
  guint n = g_strv_length (parts);
  char *end = NULL;
  guint64 j = 0;

  if (n < 3 || n > 4 || parts[0][0] == '\0')
    goto bad;
  law->name = g_intern_string (parts[0]);
  law->kind = JX_GEN_LAW_CALLS;
  law->communication = FALSE;
  law->call_ns = 2000.0;
  law->coefficient = g_ascii_strtod (parts[1], &end);
  if (end == parts[1] || *end != '\0' || !(law->coefficient >= 0.0 && law->coefficient <= 1e9))
    goto bad;
  law->exponent = g_ascii_strtod (parts[2], &end);
  if (end == parts[2] || *end != '\0' || !(law->exponent >= 0.0 && law->exponent <= 4.0))
    goto bad;
  if (n == 4 && !g_ascii_string_to_unsigned (parts[3], 10, 0, 3, &j, NULL))
    goto bad;
  law->log_exponent = (guint) j;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Invalid --law “%s”: expected NAME:COEF:EXPONENT[:LOG-EXPONENT], e.g. solve:40:1 or "
                 "reduce:60:0:1 (COEF 0–1e9, EXPONENT 0–4, LOG-EXPONENT 0–3)"),
               spec);
  return FALSE;
}

/* Integer options no command line gives. */
#define NOT_GIVEN G_MININT

typedef gboolean (*FlagParser) (const char *name, guint *flag);

static gboolean
parse_flags (char       **values,
             FlagParser   parse,
             const char  *option,
             guint       *flags,
             GError     **error)
{
  guint i, j;

  for (i = 0; values != NULL && values[i] != NULL; i++)
    {
      g_auto(GStrv) names = g_strsplit (values[i], ",", -1);

      for (j = 0; names[j] != NULL; j++)
        {
          guint flag = 0;

          if (!parse (g_strstrip (names[j]), &flag))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("Unknown %s “%s”"), option, names[j]);
              return FALSE;
            }
          *flags |= flag;
        }
    }
  return TRUE;
}

/* Writes one archive and prints its summary line; returns an exit code. */
static int
generate_one (const char               *directory,
              const JxGeneratorOptions *options)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *anchor_name = g_strconcat (options->archive_name != NULL ? options->archive_name : "traces",
                                             ".otf2", NULL);
  g_autofree char *anchor = g_build_filename (directory, anchor_name, NULL);
  JxGeneratorStats stats;
  gint64 start = g_get_monotonic_time ();
  double seconds;
  guint64 n_events;

  n_events = jx_generate_trace_full (directory, options, &stats, &error);
  if (n_events == 0)
    {
      fprintf (stderr, "juxtrace-cli generate: %s\n", error->message);
      return JX_CLI_EXIT_INPUT;
    }
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  /* Translators: path, then counts */
  printf (_("%s: %llu events, %u locations, %u iterations, %.2f s (%.1f M events/s)\n"),
          anchor, (unsigned long long) n_events, stats.n_locations, stats.n_iterations, seconds,
          seconds > 0.0 ? (double) n_events / seconds / 1e6 : 0.0);
  return JX_CLI_EXIT_OK;
}

/* The bundled example comparison: the same 8-rank program as a baseline, an
 * optimized build, on another machine and with two overloaded ranks. */
static int
generate_examples (const char *directory)
{
  static const struct
  {
    const char *name;
    guint32     seed;
    guint       variant;
    guint       imbalanced_ranks;
    double      imbalance;
  } examples[] = {
    { "baseline", 101, JX_VARIANT_NONE, 0, 0.0 },
    { "optimized", 102, JX_VARIANT_FASTER_KERNEL | JX_VARIANT_REMOVE_FUNCTION, 0, 0.0 },
    { "other-machine", 103, JX_VARIANT_SLOWER_MACHINE, 0, 0.0 },
    { "imbalanced", 104, JX_VARIANT_NONE, (1u << 2) | (1u << 5), 0.4 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autofree char *path = g_build_filename (directory, examples[i].name, NULL);
      JxGeneratorOptions options;
      int status;

      jx_generator_options_init (&options);
      options.seed = examples[i].seed;
      options.n_ranks = 8;
      options.n_threads = 2;
      options.n_gpu_streams = 1;
      options.n_iterations = 120;
      options.depth = 4;
      options.fanout = 3;
      options.markers = TRUE;
      options.variant = examples[i].variant;
      options.imbalanced_ranks = examples[i].imbalanced_ranks;
      options.imbalance = examples[i].imbalance;
      status = generate_one (path, &options);
      if (status != JX_CLI_EXIT_OK)
        return status;
    }
  return JX_CLI_EXIT_OK;
}

/* JX_CLI_GENERATE_MAX_EVENTS=N (set by the option-parsing fuzz target, not
 * meant for users) refuses archives of more than about N events, so a fuzzed
 * command line cannot fill the disk or run for minutes. Cheap checks come
 * first: counting events costs as much as generating them. */
static gboolean
within_fuzzing_limit (const JxGeneratorOptions *options,
                      gint64                    events,
                      gboolean                  examples)
{
  const char *limit = g_getenv ("JX_CLI_GENERATE_MAX_EVENTS");
  JxGeneratorOptions one;
  guint64 max_events, n_locations;

  if (limit == NULL || !g_ascii_string_to_unsigned (limit, 10, 1, G_MAXUINT64, &max_events, NULL))
    return TRUE;
  if (examples)
    return FALSE;

  /* Two events per law call. */
  if (jx_generator_count_law_calls (options) > max_events / 2)
    return FALSE;
  /* The user call tree alone has about fanout^(depth-1) leaves. */
  n_locations = (guint64) options->n_ranks * (options->n_threads + options->n_gpu_streams);
  if (n_locations * 100 > max_events || (guint64) events > max_events ||
      n_locations * pow (options->fanout, options->depth - 1) > (double) max_events)
    return FALSE;
  one = *options;
  one.n_iterations = 1;
  if (jx_generator_count_events (&one, NULL) > max_events)
    return FALSE;
  if (events > 0)
    return TRUE;
  if (options->n_iterations > max_events)
    return FALSE;
  return options->n_iterations <= jx_generator_iterations_for_events (options, max_events);
}

static int
usage_error (const char *message)
{
  fprintf (stderr, "juxtrace-cli generate: %s\n", message);
  fprintf (stderr, _("Run “juxtrace-cli generate --help” to see the options.\n"));
  return JX_CLI_EXIT_USAGE;
}

int
jx_cli_generate (int    argc,
                 char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) variants = NULL;
  g_auto(GStrv) defects = NULL;
  g_autofree char *examples = NULL;
  g_autofree char *imbalance = NULL;
  g_autofree char *start_delay = NULL;
  g_autofree char *process_names = NULL;
  g_autofree char *archive_name = NULL;
  g_autofree char *law_set = NULL;
  g_auto(GStrv) law_specs = NULL;
  g_autoptr(GArray) laws = g_array_new (FALSE, FALSE, sizeof (JxGenLaw));
  double law_size = 0.0, law_jitter = 0.0;
  JxGeneratorOptions options;
  /* NOT_GIVEN until an option sets them, so that --examples can refuse
   * options it would ignore. */
  gint ranks = NOT_GIVEN, threads = NOT_GIVEN, iterations = NOT_GIVEN, depth = NOT_GIVEN, fanout = NOT_GIVEN,
       gpu_streams = NOT_GIVEN;
  gint classes = NOT_GIVEN, outliers = NOT_GIVEN;
  gint64 seed = NOT_GIVEN, events = NOT_GIVEN;
  gboolean markers = FALSE, metrics = FALSE;
  const GOptionEntry entries[] = {
    { "ranks", 0, 0, G_OPTION_ARG_INT, &ranks, N_("Number of MPI ranks (default 4)"), "N" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, N_("CPU threads per rank (default 1)"), "N" },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &iterations, N_("Iterations of the main loop (default 100)"), "N" },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth, N_("Depth of the user call tree, 2-12 (default 4)"), "N" },
    { "fanout", 0, 0, G_OPTION_ARG_INT, &fanout, N_("Callees per user function, 1-16 (default 3)"), "N" },
    { "gpu-streams", 0, 0, G_OPTION_ARG_INT, &gpu_streams, N_("Accelerator streams per rank (default 0)"), "N" },
    { "imbalance", 0, 0, G_OPTION_ARG_STRING, &imbalance, N_("Give ranks extra work, e.g. 2,5:0.4"), "RANKS:FACTOR" },
    { "markers", 0, 0, G_OPTION_ARG_NONE, &markers, N_("Write phase markers"), NULL },
    { "metrics", 0, 0, G_OPTION_ARG_NONE, &metrics,
      N_("Record counters on every CPU thread before each enter and leave: JX_CYCLES (accumulated) and JX_POWER (absolute)"),
      NULL },
    { "start-delay", 0, 0, G_OPTION_ARG_STRING, &start_delay,
      N_("MPI_Init takes TIME longer, so the iterations start that much later (e.g. 250ms, 1.5s; default 0)"),
      "TIME" },
    { "variant", 0, 0, G_OPTION_ARG_STRING_ARRAY, &variants,
      N_("remove, add, rename, faster-kernel, slower-machine, more-calls or rotate-threads (repeatable)"), "NAME" },
    { "classes", 0, 0, G_OPTION_ARG_INT, &classes,
      N_("Give the ranks K behaviours: contiguous blocks of ranks, each class but the first calling its own function every iteration (1-64, default 1)"),
      "K" },
    { "outliers", 0, 0, G_OPTION_ARG_INT, &outliers,
      N_("Make N ranks spread over the run outliers: each calls its own rare functions once (0-63, default 0)"), "N" },
    { "defect", 0, 0, G_OPTION_ARG_STRING_ARRAY, &defects,
      N_("unclosed, mismatched, backwards, unknown-role, undefined-region, empty-stream, missing-evt, unmatched-leave or unknown-metric (repeatable)"), "NAME" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, N_("Random seed (default 1)"), "N" },
    { "events", 0, 0, G_OPTION_ARG_INT64, &events, N_("Choose the iterations to write about N events (instead of --iterations)"), "N" },
    { "process-names", 0, 0, G_OPTION_ARG_STRING, &process_names,
      N_("Name the processes so: {rank} is the rank, {pid} a made-up process ID, e.g. “process {pid}” as APEX writes (default “MPI Rank {rank}”)"),
      "TEMPLATE" },
    { "archive-name", 0, 0, G_OPTION_ARG_STRING, &archive_name,
      N_("Write OUTDIR/NAME.otf2 instead of OUTDIR/traces.otf2, e.g. APEX"), "NAME" },
    { "laws", 0, 0, G_OPTION_ARG_STRING, &law_set,
      N_("Add functions whose calls follow laws of the number of ranks (or --law-size): “scaling” (c·p, c·p^1.5, c·log2 p, constant and an all-to-all) or “paper” (seed 004’s Table 1)"),
      "SET" },
    { "law", 0, 0, G_OPTION_ARG_STRING_ARRAY, &law_specs,
      N_("Add a function with iterations·COEF·x^EXPONENT·log2(x)^LOG calls (repeatable)"), "NAME:COEF:EXPONENT[:LOG]" },
    { "law-size", 0, 0, G_OPTION_ARG_DOUBLE, &law_size,
      N_("x of the laws is this input size instead of the number of ranks"), "N" },
    { "law-jitter", 0, 0, G_OPTION_ARG_DOUBLE, &law_jitter,
      N_("Vary each law’s call count by up to ±this fraction, e.g. 0.05 (default 0)"), "FRACTION" },
    { "examples", 0, 0, G_OPTION_ARG_FILENAME, &examples, N_("Write the bundled example comparison into DIR"), "DIR" },
    { NULL }
  };

  context = jx_cli_option_context_new (_("OUTDIR - write a synthetic OTF2 trace"), NULL, entries);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);

  if (examples != NULL)
    {
      gboolean others = ranks != NOT_GIVEN || threads != NOT_GIVEN || iterations != NOT_GIVEN || depth != NOT_GIVEN
                        || fanout != NOT_GIVEN || gpu_streams != NOT_GIVEN || seed != NOT_GIVEN
                        || events != NOT_GIVEN || markers || metrics || imbalance != NULL || start_delay != NULL
                        || variants != NULL || defects != NULL || process_names != NULL || archive_name != NULL
                        || classes != NOT_GIVEN || outliers != NOT_GIVEN
                        || law_set != NULL || law_specs != NULL || law_size != 0.0 || law_jitter != 0.0;

      if (argc != 1)
        return usage_error (_("--examples takes no OUTDIR"));
      if (others)
        return usage_error (_("--examples writes the fixed example comparison and takes no other option"));
      if (!within_fuzzing_limit (NULL, 0, TRUE))
        return usage_error ("refused: the archive would exceed JX_CLI_GENERATE_MAX_EVENTS");
      return generate_examples (examples);
    }
  if (argc != 2)
    return usage_error (_("expected exactly one OUTDIR"));
  if (events != NOT_GIVEN && iterations != NOT_GIVEN)
    return usage_error (_("--events chooses the iterations; leave out --iterations"));
  ranks = ranks == NOT_GIVEN ? 4 : ranks;
  threads = threads == NOT_GIVEN ? 1 : threads;
  iterations = iterations == NOT_GIVEN ? 100 : iterations;
  depth = depth == NOT_GIVEN ? 4 : depth;
  fanout = fanout == NOT_GIVEN ? 3 : fanout;
  gpu_streams = gpu_streams == NOT_GIVEN ? 0 : gpu_streams;
  seed = seed == NOT_GIVEN ? 1 : seed;
  events = events == NOT_GIVEN ? 0 : events;

  if (ranks < 1 || ranks > 65536)
    return usage_error (_("--ranks must be between 1 and 65536"));
  if (threads < 1 || threads > 256)
    return usage_error (_("--threads must be between 1 and 256"));
  if (iterations < 1)
    return usage_error (_("--iterations must be at least 1"));
  if (depth < 2 || depth > 12)
    return usage_error (_("--depth must be between 2 and 12"));
  if (fanout < 1 || fanout > 16)
    return usage_error (_("--fanout must be between 1 and 16"));
  if (gpu_streams < 0 || gpu_streams > 64)
    return usage_error (_("--gpu-streams must be between 0 and 64"));
  if (seed < 0 || seed > G_MAXUINT32)
    return usage_error (_("--seed must be between 0 and 4294967295"));
  if (events < 0)
    return usage_error (_("--events must not be negative"));
  if (classes != NOT_GIVEN && (classes < 1 || classes > JX_GENERATOR_MAX_CLASSES || classes > ranks))
    return usage_error (_("--classes must be between 1 and 64, and at most --ranks"));
  if (outliers != NOT_GIVEN && (outliers < 0 || outliers > JX_GENERATOR_MAX_OUTLIERS || outliers > ranks))
    return usage_error (_("--outliers must be between 0 and 63, and at most --ranks"));

  jx_generator_options_init (&options);
  options.seed = (guint32) seed;
  options.n_ranks = ranks;
  options.n_threads = threads;
  options.n_iterations = iterations;
  options.depth = depth;
  options.fanout = fanout;
  options.n_gpu_streams = gpu_streams;
  options.markers = markers;
  options.metrics = metrics;
  options.n_classes = classes == NOT_GIVEN ? 0 : (guint) classes;
  options.n_outliers = outliers == NOT_GIVEN ? 0 : (guint) outliers;
  if (start_delay != NULL
      && (!jx_time_parse (start_delay, JX_TIME_UNIT_S, &options.start_delay_ns)
          || options.start_delay_ns < 0 || options.start_delay_ns > JX_GENERATOR_MAX_START_DELAY_NS))
    {
      g_autofree char *message = g_strdup_printf (_("Invalid --start-delay “%s”: expected a time from 0 to "
                                                    "24 hours with a unit, e.g. 250ms or 1.5s"),
                                                  start_delay);

      return usage_error (message);
    }
  if (imbalance != NULL
      && !parse_imbalance (imbalance, &options.imbalanced_ranks, &options.imbalance, &error))
    return usage_error (error->message);
  if (ranks < 32 && (options.imbalanced_ranks >> ranks) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("Invalid --imbalance “%s”: it names a rank beyond the last one, "
                                                    "%d (--ranks %d)"), imbalance, ranks - 1, ranks);

      return usage_error (message);
    }
  options.process_names = process_names;
  options.archive_name = archive_name;
  if (!parse_flags (variants, jx_variant_from_string, "--variant", &options.variant, &error)
      || !parse_flags (defects, jx_defect_injection_from_string, "--defect", &options.defects, &error))
    return usage_error (error->message);
  if (law_set != NULL)
    {
      guint n_preset = 0;
      const JxGenLaw *preset = jx_generator_law_preset (law_set, &n_preset);

      if (preset == NULL)
        {
          g_autofree char *message = g_strdup_printf (_("Unknown --laws “%s”: expected scaling or paper"), law_set);

          return usage_error (message);
        }
      g_array_append_vals (laws, preset, n_preset);
    }
  for (guint i = 0; law_specs != NULL && law_specs[i] != NULL; i++)
    {
      JxGenLaw law;

      if (!parse_law (law_specs[i], &law, &error))
        return usage_error (error->message);
      g_array_append_val (laws, law);
    }
  if (!(law_size >= 0.0 && law_size <= 1e12))
    return usage_error (_("--law-size must be a positive number"));
  if (!(law_jitter >= 0.0 && law_jitter < 1.0))
    return usage_error (_("--law-jitter must be a fraction from 0 to below 1, e.g. 0.05"));
  if ((law_size != 0.0 || law_jitter != 0.0) && laws->len == 0)
    return usage_error (_("--law-size and --law-jitter need --laws or --law"));
  options.laws = (const JxGenLaw *) (gpointer) laws->data;
  options.n_laws = laws->len;
  options.law_x = law_size;
  options.law_jitter = law_jitter;
  if (!within_fuzzing_limit (&options, events, FALSE))
    return usage_error ("refused: the archive would exceed JX_CLI_GENERATE_MAX_EVENTS");
  if (events > 0)
    options.n_iterations = jx_generator_iterations_for_events (&options, (guint64) events);

  return generate_one (argv[1], &options);
}
