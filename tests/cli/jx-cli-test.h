/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-test.h — running the built juxtrace-cli ($JX_CLI) in tests: exit
 * status and output, failing the test on any sanitizer report. */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef struct
{
  int   status;   /* exit code, or -1 when it did not exit normally */
  char *out;
  char *err;
} JxCliRun;

void jx_cli_run_clear (JxCliRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (JxCliRun, jx_cli_run_clear)

/* Runs juxtrace-cli with the NULL-terminated arguments; run's old output
 * is freed first. */
void jx_cli_run       (JxCliRun *run,
                       ...) G_GNUC_NULL_TERMINATED;

/* The same with the arguments in a NULL-terminated array. */
void jx_cli_run_argv  (JxCliRun           *run,
                       const char * const *argv);

/* The JSON object text holds (parsed into parser); fails the test when it
 * is not JSON. */
JsonObject *jx_cli_parse_object (JsonParser *parser,
                                 const char *text);

/* The JSON text holds (a new node; free with json_node_unref); fails the
 * test when it is not JSON. */
JsonNode   *jx_cli_parse_node   (const char *text);
/* `juxtrace-cli info --json path`, parsed; fails the test when it fails. */
JsonNode   *jx_cli_run_info_json (const char *path);
/* A member of object that must be there (the test fails without it). */
gint64      jx_cli_member_int    (JsonObject *object,
                                  const char *name);
JsonObject *jx_cli_member_object (JsonObject *object,
                                  const char *name);
JsonArray  *jx_cli_member_array  (JsonObject *object,
                                  const char *name);

/* Writes a generated trace "dir/name" with the generator's options that
 * follow (NULL-terminated) and sets *path to it (free with g_free); fails
 * the test when the generator fails. */
void jx_cli_generate  (const char *dir,
                       const char *name,
                       char      **path,
                       ...) G_GNUC_NULL_TERMINATED;

G_END_DECLS
