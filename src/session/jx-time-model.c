/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-model.c — see jx-time-model.h. */
#include "config.h"

#include "jx-time-model.h"

struct _JxTimeModel
{
  GObject     parent_instance;

  JxTimeSpan  visible;
  JxTimeSpan  selected;
  JxTimeSpan  extent;
  gboolean    has_extent;
  /* The window shows everything and should follow when more traces load. */
  gboolean    follows_extent;
};

enum {
  PROP_0,
  PROP_VISIBLE_TIME,
  PROP_SELECTED_TIME,
  PROP_EXTENT,
  PROP_HAS_EXTENT,
  PROP_FOLLOWS_EXTENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (JxTimeModel, jx_time_model, G_TYPE_OBJECT)

static void
set_follows (JxTimeModel *self,
             gboolean     follows)
{
  if (self->follows_extent == follows)
    return;
  self->follows_extent = follows;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLLOWS_EXTENT]);
}

/* Clamps [start, end) to the minimum width and, when anything is loaded, into
 * the extent; keeps the requested width where it fits. */
static void
clamp_view (JxTimeModel *self,
            gint64      *start,
            gint64      *end)
{
  JxTimeSpan extent = self->extent;
  gint64 width;

  if (*end < *start)
    {
      gint64 tmp = *start;
      *start = *end;
      *end = tmp;
    }

  width = *end - *start;
  if (width < JX_TIME_MODEL_MIN_WIDTH_NS)
    {
      gint64 center = *start + width / 2;

      *start = center - JX_TIME_MODEL_MIN_WIDTH_NS / 2;
      *end = *start + JX_TIME_MODEL_MIN_WIDTH_NS;
      width = JX_TIME_MODEL_MIN_WIDTH_NS;
    }

  if (!self->has_extent)
    return;

  if (extent.end_ns - extent.begin_ns < JX_TIME_MODEL_MIN_WIDTH_NS)
    extent.end_ns = extent.begin_ns + JX_TIME_MODEL_MIN_WIDTH_NS;

  if (width >= extent.end_ns - extent.begin_ns)
    {
      *start = extent.begin_ns;
      *end = extent.end_ns;
      return;
    }

  if (*start < extent.begin_ns)
    {
      *start = extent.begin_ns;
      *end = extent.begin_ns + width;
    }
  else if (*end > extent.end_ns)
    {
      *end = extent.end_ns;
      *start = extent.end_ns - width;
    }
}

/* Sets the window, clamped; it follows the extent from then on when it
 * shows all of it. */
static void
set_view (JxTimeModel *self,
          gint64       start,
          gint64       end)
{
  clamp_view (self, &start, &end);
  if (self->has_extent)
    set_follows (self, start <= self->extent.begin_ns && end >= self->extent.end_ns);
  if (start == self->visible.begin_ns && end == self->visible.end_ns)
    return;
  self->visible.begin_ns = start;
  self->visible.end_ns = end;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_TIME]);
}

const JxTimeSpan *
jx_time_model_get_visible_time (JxTimeModel *self)
{
  g_return_val_if_fail (JX_IS_TIME_MODEL (self), NULL);
  return &self->visible;
}

void
jx_time_model_set_visible_time (JxTimeModel      *self,
                                const JxTimeSpan *span)
{
  g_return_if_fail (JX_IS_TIME_MODEL (self));
  g_return_if_fail (span != NULL);

  set_view (self, span->begin_ns, span->end_ns);
}

void
jx_time_model_zoom_all (JxTimeModel *self)
{
  g_return_if_fail (JX_IS_TIME_MODEL (self));

  if (self->has_extent)
    set_view (self, self->extent.begin_ns, self->extent.end_ns);
  set_follows (self, TRUE);
}

void
jx_time_model_zoom (JxTimeModel *self,
                    double       factor,
                    gint64       around_ns)
{
  double width, new_width, left;
  gint64 start;

  g_return_if_fail (JX_IS_TIME_MODEL (self));
  g_return_if_fail (factor > 0.0);

  width = (double) (self->visible.end_ns - self->visible.begin_ns);
  new_width = MAX (width / factor, (double) JX_TIME_MODEL_MIN_WIDTH_NS);
  /* The point under the pointer stays where it is on screen. */
  left = (double) (around_ns - self->visible.begin_ns) / MAX (width, 1.0);
  left = CLAMP (left, 0.0, 1.0);

  start = around_ns - (gint64) (left * new_width + 0.5);
  set_view (self, start, start + (gint64) (new_width + 0.5));
}

void
jx_time_model_pan (JxTimeModel *self,
                   gint64       delta_ns)
{
  g_return_if_fail (JX_IS_TIME_MODEL (self));

  set_view (self, self->visible.begin_ns + delta_ns, self->visible.end_ns + delta_ns);
}

void
jx_time_model_centre_on (JxTimeModel *self,
                         gint64       ns)
{
  gint64 width;

  g_return_if_fail (JX_IS_TIME_MODEL (self));

  width = jx_time_span_get_duration (&self->visible);
  if (!self->has_extent || width >= jx_time_span_get_duration (&self->extent))
    return;
  set_view (self, ns - width / 2, ns - width / 2 + width);
}

/* The share of the window a span wider than it fills once shown. */
#define SHOW_SPAN_FILL 0.8

void
jx_time_model_show_span (JxTimeModel      *self,
                         const JxTimeSpan *span,
                         double            min_fraction)
{
  gint64 width, span_width, centre;

  g_return_if_fail (JX_IS_TIME_MODEL (self));
  g_return_if_fail (span != NULL);

  width = jx_time_span_get_duration (&self->visible);
  span_width = MAX (jx_time_span_get_duration (span), 1);
  centre = span->begin_ns + span_width / 2;
  min_fraction = CLAMP (min_fraction, 0.0, 1.0);
  /* Narrower than asked: zoom in until it is as wide (the minimum window
   * may stop that). Wider than the window: zoom out until it fills
   * SHOW_SPAN_FILL of it, so both its ends show (a 47 ms call selected in
   * a 49 µs window was one flat bar with no start or end to see). */
  if (min_fraction > 0.0 && (double) span_width < min_fraction * (double) width)
    width = MAX ((gint64) ((double) span_width / min_fraction), JX_TIME_MODEL_MIN_WIDTH_NS);
  else if (span_width > width)
    width = (gint64) ((double) span_width / SHOW_SPAN_FILL);
  else if (span->begin_ns >= self->visible.begin_ns && span->end_ns <= self->visible.end_ns)
    return;
  set_view (self, centre - width / 2, centre - width / 2 + width);
}

const JxTimeSpan *
jx_time_model_get_selected_time (JxTimeModel *self)
{
  g_return_val_if_fail (JX_IS_TIME_MODEL (self), NULL);
  return &self->selected;
}

void
jx_time_model_select_time (JxTimeModel      *self,
                           const JxTimeSpan *span)
{
  JxTimeSpan sorted = { 0, 0 };

  g_return_if_fail (JX_IS_TIME_MODEL (self));

  if (span != NULL)
    {
      sorted.begin_ns = MIN (span->begin_ns, span->end_ns);
      sorted.end_ns = MAX (span->begin_ns, span->end_ns);
    }
  if (sorted.begin_ns == self->selected.begin_ns && sorted.end_ns == self->selected.end_ns)
    return;
  self->selected = sorted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_TIME]);
}

gboolean
jx_time_model_get_extent (JxTimeModel *self,
                          JxTimeSpan  *extent)
{
  g_return_val_if_fail (JX_IS_TIME_MODEL (self), FALSE);

  if (extent != NULL)
    *extent = self->extent;
  return self->has_extent;
}

void
jx_time_model_set_extent (JxTimeModel      *self,
                          const JxTimeSpan *extent)
{
  JxTimeSpan now = { 0, 0 };
  gboolean had;

  g_return_if_fail (JX_IS_TIME_MODEL (self));
  g_return_if_fail (extent == NULL || extent->end_ns >= extent->begin_ns);

  had = self->has_extent;
  if (extent != NULL)
    now = *extent;
  if ((extent != NULL) == had && now.begin_ns == self->extent.begin_ns && now.end_ns == self->extent.end_ns)
    return;
  self->extent = now;
  self->has_extent = extent != NULL;
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_EXTENT]);
  if (had != self->has_extent)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_EXTENT]);
  g_object_thaw_notify (G_OBJECT (self));
}

void
jx_time_model_follow_extent (JxTimeModel *self)
{
  g_return_if_fail (JX_IS_TIME_MODEL (self));

  if (self->follows_extent)
    jx_time_model_zoom_all (self);
  else
    set_view (self, self->visible.begin_ns, self->visible.end_ns);
}

gboolean
jx_time_model_get_follows_extent (JxTimeModel *self)
{
  g_return_val_if_fail (JX_IS_TIME_MODEL (self), FALSE);
  return self->follows_extent;
}

/* Object ------------------------------------------------------------------- */

static void
jx_time_model_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  JxTimeModel *self = JX_TIME_MODEL (object);

  switch (prop_id)
    {
    case PROP_VISIBLE_TIME:
      g_value_set_boxed (value, &self->visible);
      break;
    case PROP_SELECTED_TIME:
      g_value_set_boxed (value, &self->selected);
      break;
    case PROP_EXTENT:
      g_value_set_boxed (value, &self->extent);
      break;
    case PROP_HAS_EXTENT:
      g_value_set_boolean (value, self->has_extent);
      break;
    case PROP_FOLLOWS_EXTENT:
      g_value_set_boolean (value, self->follows_extent);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_time_model_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  JxTimeModel *self = JX_TIME_MODEL (object);

  switch (prop_id)
    {
    case PROP_VISIBLE_TIME:
      jx_time_model_set_visible_time (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_TIME:
      jx_time_model_select_time (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_time_model_class_init (JxTimeModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = jx_time_model_get_property;
  object_class->set_property = jx_time_model_set_property;

  properties[PROP_VISIBLE_TIME] = g_param_spec_boxed ("visible-time", NULL, NULL, JX_TYPE_TIME_SPAN, rw);
  properties[PROP_SELECTED_TIME] = g_param_spec_boxed ("selected-time", NULL, NULL, JX_TYPE_TIME_SPAN, rw);
  properties[PROP_EXTENT] = g_param_spec_boxed ("extent", NULL, NULL, JX_TYPE_TIME_SPAN, ro);
  properties[PROP_HAS_EXTENT] = g_param_spec_boolean ("has-extent", NULL, NULL, FALSE, ro);
  properties[PROP_FOLLOWS_EXTENT] = g_param_spec_boolean ("follows-extent", NULL, NULL, TRUE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
jx_time_model_init (JxTimeModel *self)
{
  self->visible.end_ns = JX_TIME_MODEL_DEFAULT_WIDTH_NS;
  self->follows_extent = TRUE;
}

JxTimeModel *
jx_time_model_new (void)
{
  return g_object_new (JX_TYPE_TIME_MODEL, NULL);
}
