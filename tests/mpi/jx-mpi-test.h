/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-test.h — what the MPI tests share: juxtrace-mpi ($JX_MPI) under
 * mpirun ($JX_MPIRUN), and their outputs without timing fields. */
#pragma once

#include <glib.h>

#include "jx-cli-test.h"

G_BEGIN_DECLS

/* In main: whether juxtrace-mpi was built; else prints the skip line
 * (the test then returns 77). */
gboolean jx_mpi_test_available          (void);
/* Whether juxtrace-mpi was built; else the test is skipped, saying why. */
gboolean jx_mpi_test_built               (void);
/* mpirun -n ranks juxtrace-mpi ARGS… (NULL-terminated), as root too and
 * oversubscribed; a sanitizer report on stderr fails the test. */
void     jx_mpi_test_run                 (JxCliRun   *run,
                                          guint       ranks,
                                          ...) G_GNUC_NULL_TERMINATED;
void     jx_mpi_test_run_argv            (JxCliRun           *run,
                                          guint               ranks,
                                          const char * const *argv);
/* juxtrace-cli ARGV and mpirun -n ranks juxtrace-mpi ARGV exit alike and
 * print the same: stdout byte for byte (JSON: without timing fields;
 * diff's text: without its seconds), stderr too (the caveat lines). */
void     jx_mpi_test_assert_same         (guint               ranks,
                                          const char * const *argv,
                                          gboolean            json);
/* The JSON text again, without its timing fields ("elapsed_seconds"),
 * members in their order. */
char    *jx_mpi_test_json_without_timing (const char *text);
/* diff's text report without the seconds the computation took (end of
 * the "Hierarchical alignment, …; 0.012 s" line). */
char    *jx_mpi_test_diff_text_without_timing (const char *text);
/* Occurrences of what in text. */
guint    jx_mpi_test_count               (const char *text,
                                          const char *what);

/* The numbers of ranks every comparison runs with. */
#define JX_MPI_TEST_N_RANKS 2
extern const guint jx_mpi_test_ranks[JX_MPI_TEST_N_RANKS];
/* jx_mpi_test_assert_same for each of jx_mpi_test_ranks; json, then the
 * arguments, NULL-terminated. */
void     jx_mpi_test_assert_same_each    (gboolean json,
                                          ...) G_GNUC_NULL_TERMINATED;
/* --strict: juxtrace-cli ARGV and, with each of jx_mpi_test_ranks,
 * juxtrace-mpi ARGV stop with exit status 1 (which mpirun reports after the
 * messages), print the same on stdout, and juxtrace-mpi's stderr starts
 * with juxtrace-cli's, which names --strict. */
void     jx_mpi_test_assert_strict_stops (const char * const *argv);
/* The folder of a trace of ../shared/traces, or NULL when it is not there. */
char    *jx_mpi_test_shared_trace        (const char *name);

G_END_DECLS
