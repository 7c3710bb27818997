/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-cli.c — fuzz target for juxtrace-cli's option parsing.
 *
 * The input is split into argv words at every newline or NUL byte and run
 * as `juxtrace-cli WORD…` in-process through jx_cli_main (), with stdout and
 * stderr sent to /dev/null. A word "@A", "@B" or "@D" (alone, or after
 * "OPTION=") stands for one of three tiny archives the target generates at
 * start-up: a trace, a variant of it, and one with every injected defect.
 *
 * Sandbox: the target runs in a private working directory below
 * $JX_FUZZ_TMPDIR (else /dev/shm), emptied after every input; an input with
 * a word that starts with '/' or '~' or contains ".." is skipped, so no path
 * can leave that directory (the archives are reached only through @A…), and
 * JX_CLI_GENERATE_MAX_EVENTS caps what `generate` may write. Words that
 * would make GOptionContext print help and call exit() ("-h", "-?",
 * "--help…", short-option clusters holding h or ?, and `help COMMAND`) are
 * skipped as well: exit() would end the fuzzer. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "jx-fuzz-archive.h"
#include "jx-fuzz-common.h"
#include "jx-trace-generator.h"

#define MAX_WORDS 64

static char *base_dir;     /* holds traces/ and work/ */
static char *work_dir;
static char *archive_a, *archive_b, *archive_d;

static void
remove_base (void)
{
  if (base_dir != NULL)
    jx_fuzz_remove_tree (base_dir);
}

static char *
generate (const char *name,
          guint       variant,
          guint       defects)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (base_dir, "traces", name, NULL);
  JxGeneratorOptions options;

  jx_generator_options_init (&options);
  options.n_ranks = 2;
  options.n_threads = 2;
  options.n_gpu_streams = 1;
  options.n_iterations = 3;
  options.depth = 3;
  options.fanout = 2;
  options.markers = TRUE;
  options.variant = variant;
  options.defects = defects;
  if (jx_generate_trace (path, &options, &error) == 0)
    {
      fprintf (stderr, "fuzz-cli: cannot generate %s: %s\n", path, error->message);
      abort ();
    }
  return path;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *traces = NULL;

  jx_fuzz_setup ();

  base_dir = jx_fuzz_make_temp_dir ("jx-fuzz-cli", &error);
  if (base_dir == NULL)
    {
      fprintf (stderr, "fuzz-cli: %s\n", error->message);
      abort ();
    }
  atexit (remove_base);
  traces = g_build_filename (base_dir, "traces", NULL);
  work_dir = g_build_filename (base_dir, "work", NULL);
  g_mkdir_with_parents (traces, 0700);
  g_mkdir_with_parents (work_dir, 0700);

  archive_a = generate ("a", JX_VARIANT_NONE, JX_DEFECT_INJECT_NONE);
  archive_b = generate ("b", JX_VARIANT_FASTER_KERNEL | JX_VARIANT_REMOVE_FUNCTION, JX_DEFECT_INJECT_NONE);
  archive_d = generate ("d", JX_VARIANT_NONE,
                        JX_DEFECT_INJECT_UNCLOSED | JX_DEFECT_INJECT_MISMATCHED |
                        JX_DEFECT_INJECT_BACKWARDS | JX_DEFECT_INJECT_UNKNOWN_ROLE |
                        JX_DEFECT_INJECT_UNDEFINED_REGION | JX_DEFECT_INJECT_EMPTY_STREAM |
                        JX_DEFECT_INJECT_MISSING_EVT | JX_DEFECT_INJECT_UNMATCHED_LEAVE);

  if (chdir (work_dir) != 0)
    {
      fprintf (stderr, "fuzz-cli: cannot enter %s\n", work_dir);
      abort ();
    }
  g_setenv ("JX_CLI_GENERATE_MAX_EVENTS", "20000", TRUE);
  return 0;
}

/* Whether GOptionContext would print help and exit() on this word. */
static gboolean
asks_for_help (const char *word)
{
  if (g_str_has_prefix (word, "--"))
    return g_str_has_prefix (word, "--help");
  return word[0] == '-' && (strchr (word, 'h') != NULL || strchr (word, '?') != NULL);
}

static gboolean
escapes_sandbox (const char *word)
{
  return word[0] == '/' || word[0] == '~' || strstr (word, "..") != NULL ||
         strstr (word, "=/") != NULL || strstr (word, "=~") != NULL;
}

/* "@A" -> archive a; "--opt=@A" -> "--opt=" + archive a. */
static char *
expand (const char *word)
{
  const char *eq = strchr (word, '=');
  const char *token = eq != NULL ? eq + 1 : word;
  const char *archive = NULL;

  if (g_str_equal (token, "@A"))
    archive = archive_a;
  else if (g_str_equal (token, "@B"))
    archive = archive_b;
  else if (g_str_equal (token, "@D"))
    archive = archive_d;
  if (archive == NULL)
    return g_strdup (word);
  return g_strdup_printf ("%.*s%s", (int) (token - word), word, archive);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  g_autofree char **argv = NULL;
  gsize start = 0, i;
  g_autoptr(GDir) dir = NULL;
  const char *entry;

  for (i = 0; i <= size && words->len < MAX_WORDS; i++)
    if (i == size || data[i] == '\n' || data[i] == '\0')
      {
        g_autofree char *word = NULL;

        /* A separator at the very end ends the last word: no empty word. */
        if (i == size && start == size && size > 0)
          break;
        word = g_strndup ((const char *) data + start, i - start);

        if (asks_for_help (word) || escapes_sandbox (word))
          return 0;
        g_ptr_array_add (words, expand (word));
        start = i + 1;
      }
  if (words->len >= 2 && g_str_equal (g_ptr_array_index (words, 0), "help"))
    return 0;

  argv = g_new0 (char *, words->len + 2);
  argv[0] = (char *) "juxtrace-cli";
  for (i = 0; i < words->len; i++)
    argv[i + 1] = g_ptr_array_index (words, i);

  /* GOptionContext rearranges argv; the words stay owned by the array. */
  jx_fuzz_run_cli_quiet ((int) words->len + 1, argv);

  /* Whatever `generate` wrote goes. */
  dir = g_dir_open (work_dir, 0, NULL);
  while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (work_dir, entry, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        jx_fuzz_remove_tree (path);
      else
        unlink (path);
    }
  return 0;
}
