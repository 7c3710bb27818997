/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-fuzz-common.h — what the fuzz targets share: libFuzzer's entry points,
 * setting up once per process, and running juxtrace-cli in-process with its
 * output thrown away. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <glib.h>

G_BEGIN_DECLS

/* Implemented by each target; the plain driver (fuzz-driver.c) or libFuzzer
 * calls them. */
int  LLVMFuzzerInitialize   (int *argc, char ***argv);
int  LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Once per process: GLib warnings and criticals abort (they are findings),
 * sanitizer reports keep going to the real stderr while the code under test
 * writes to /dev/null. */
void jx_fuzz_setup          (void);

/* Runs jx_cli_main () with stdout and stderr sent to /dev/null; returns its
 * exit code. */
int  jx_fuzz_run_cli_quiet  (int argc, char **argv);

G_END_DECLS
