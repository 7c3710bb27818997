/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trend-extrap.c — a study as Extra-P's JSON Lines input (Extra-P's
 * docs/file-formats.md, "JSON Lines format"): one object per line with
 * "params" (parameter name → value), "callpath", "metric" and "value", a
 * list of the repetitions' values. Extra-P splits call paths at "->", as
 * our path names are written. */
#include "config.h"

#include <math.h>

#include <json-glib/json-glib.h>

#include "jx-trend-study-private.h"

static gboolean
write_line (GOutputStream  *out,
            JsonBuilder    *builder,
            GCancellable   *cancellable,
            GError        **error)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = json_builder_get_root (builder);
  g_autofree char *text = NULL;
  gsize length = 0;

  json_generator_set_root (generator, root);
  json_generator_set_pretty (generator, FALSE);
  text = json_generator_to_data (generator, &length);
  return g_output_stream_write_all (out, text, length, NULL, cancellable, error)
         && g_output_stream_write_all (out, "\n", 1, NULL, cancellable, error);
}

gboolean
jx_trend_study_write_extrap (JxTrendStudy   *self,
                             guint           kinds,
                             GOutputStream  *out,
                             GCancellable   *cancellable,
                             GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (G_IS_OUTPUT_STREAM (out), FALSE);
  g_return_val_if_fail (self->parameter != NULL, FALSE);

  for (guint i = 0; i < self->series->len; i++)
    {
      const JxTrendSeries *s = &g_array_index (self->series, JxTrendSeries, i);

      if (!(kinds & (1u << s->kind)))
        continue;
      for (guint k = 0; k < self->n_x; k++)
        {
          g_autoptr(JsonBuilder) builder = NULL;

          if (s->n_values[k] == 0)
            continue;
          builder = json_builder_new ();
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "params");
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, self->parameter);
          if (self->x[k] == floor (self->x[k]) && fabs (self->x[k]) < 9e15)
            json_builder_add_int_value (builder, (gint64) self->x[k]);
          else
            json_builder_add_double_value (builder, self->x[k]);
          json_builder_end_object (builder);
          json_builder_set_member_name (builder, "callpath");
          json_builder_add_string_value (builder, s->name);
          json_builder_set_member_name (builder, "metric");
          json_builder_add_string_value (builder, jx_trend_measure_to_string (s->measure));
          json_builder_set_member_name (builder, "value");
          json_builder_begin_array (builder);
          for (guint r = 0; r < self->runs->len; r++)
            if (self->run_xi[r] == k && !isnan (s->values[r]))
              json_builder_add_double_value (builder, s->values[r]);
          json_builder_end_array (builder);
          json_builder_end_object (builder);
          if (!write_line (out, builder, cancellable, error))
            return FALSE;
        }
    }
  return TRUE;
}
