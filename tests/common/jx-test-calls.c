/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "jx-test-calls.h"
#include "jx-trace-builder.h"

typedef struct
{
  JxTraceBuilder *builder;
  GHashTable     *regions;   /* name → region + 1 */
  guint32         stream;
  guint64         now;
  const char     *p;
} Parser;

static guint32
region_of (Parser     *parser,
           const char *name)
{
  gpointer found = g_hash_table_lookup (parser->regions, name);
  guint32 region;

  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  region = jx_trace_builder_add_region (parser->builder, name, 1, 1);
  g_hash_table_insert (parser->regions, g_strdup (name), GUINT_TO_POINTER (region + 1));
  return region;
}

static void
skip_space (Parser *parser)
{
  while (*parser->p == ' ')
    parser->p++;
}

/* Calls up to a ')' or the end. */
static void
parse_calls (Parser *parser)
{
  skip_space (parser);
  while (*parser->p != '\0' && *parser->p != ')')
    {
      const char *start = parser->p;
      g_autofree char *name = NULL;
      guint64 times = 1;
      const char *body = NULL;
      guint32 region;

      while (*parser->p != '\0' && strchr ("()* ", *parser->p) == NULL)
        parser->p++;
      g_assert_true (parser->p > start);
      name = g_strndup (start, parser->p - start);
      if (*parser->p == '*')
        {
          char *end;

          times = g_ascii_strtoull (parser->p + 1, &end, 10);
          g_assert_true (end > parser->p + 1 && times > 0);
          parser->p = end;
        }
      region = region_of (parser, name);
      if (*parser->p == '(')
        body = parser->p + 1;
      for (guint64 k = 0; k < times; k++)
        {
          jx_trace_builder_enter (parser->builder, parser->stream, parser->now, region);
          parser->now += 5;
          if (body != NULL)
            {
              parser->p = body;
              parse_calls (parser);
              g_assert_cmpint (*parser->p, ==, ')');
              parser->p++;
            }
          parser->now += 5;
          jx_trace_builder_leave (parser->builder, parser->stream, parser->now, region);
        }
      skip_space (parser);
    }
}

JxTrace *
jx_test_calls_trace (const char         *name,
                     const JxTestStream *streams,
                     guint               n_streams)
{
  g_autofree char *path = g_strdup_printf ("/nonexistent/%s/traces.otf2", name);
  JxTraceBuilder *builder = jx_trace_builder_new (path, name, 1000000000);
  g_autoptr(GHashTable) regions = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree guint32 *ids = g_new (guint32, MAX (n_streams, 1));
  guint32 process = JX_NONE;
  guint i;

  for (i = 0; i < n_streams; i++)
    {
      if (i == 0 || g_strcmp0 (streams[i].process, streams[i - 1].process) != 0)
        process = jx_trace_builder_add_process (builder, streams[i].process, JX_NONE);
      ids[i] = jx_trace_builder_add_stream (builder, process, streams[i].stream, streams[i].kind);
    }
  /* Regions are definitions: all of them before the first event. */
  for (i = 0; i < n_streams; i++)
    {
      Parser parser = { builder, regions, 0, 0, streams[i].calls != NULL ? streams[i].calls : "" };

      while (*parser.p != '\0')
        {
          const char *start = parser.p;

          while (*parser.p != '\0' && strchr ("()* ", *parser.p) == NULL)
            parser.p++;
          if (parser.p > start && (start == streams[i].calls || start[-1] != '*'))
            {
              g_autofree char *token = g_strndup (start, parser.p - start);
              region_of (&parser, token);
            }
          if (*parser.p != '\0')
            parser.p++;
        }
    }
  for (i = 0; i < n_streams; i++)
    {
      Parser parser = { builder, regions, ids[i], 1000, streams[i].calls != NULL ? streams[i].calls : "" };

      parse_calls (&parser);
      g_assert_cmpint (*parser.p, ==, '\0');
    }
  return jx_trace_builder_finish (builder);
}
