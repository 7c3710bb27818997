/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-time-model.h — the one time model every view of a session follows:
 * the visible window and the selected time range, in comparison ns
 * (jx-session.h). The session owns one (jx_session_get_time_model), tells
 * it the traces' extent whenever that changes, and shows its
 * "visible-time" and "selected-time" as its own properties.
 *
 * Properties:
 *   "visible-time"    (JxTimeSpan) the window every view shows; at least
 *                     1 µs wide and, once there is an extent, inside it
 *   "selected-time"   (JxTimeSpan) a range being selected; empty (0, 0)
 *                     when none
 *   "extent"          (JxTimeSpan, read-only) what there is to see: the
 *                     loaded traces at their offsets; (0, 0) when nothing
 *                     is loaded ("has-extent" FALSE)
 *   "has-extent"      (boolean, read-only)
 *   "follows-extent"  (boolean, read-only) the window shows the whole
 *                     extent and keeps doing so when the extent changes
 *                     (follow_extent) */
#pragma once

#include <glib-object.h>

#include "jx-session-types.h"

G_BEGIN_DECLS

#define JX_TYPE_TIME_MODEL (jx_time_model_get_type ())
G_DECLARE_FINAL_TYPE (JxTimeModel, jx_time_model, JX, TIME_MODEL, GObject)

/* Width of the window before anything is loaded (1 s), so the ruler has a
 * scale; never narrower than JX_TIME_MODEL_MIN_WIDTH_NS. */
#define JX_TIME_MODEL_DEFAULT_WIDTH_NS JX_NS_PER_SECOND
#define JX_TIME_MODEL_MIN_WIDTH_NS     G_GINT64_CONSTANT (1000)

JxTimeModel      *jx_time_model_new                (void);

const JxTimeSpan *jx_time_model_get_visible_time   (JxTimeModel      *self);
/* Clamped to the minimum width and into the extent, keeping the width
 * where it fits. */
void              jx_time_model_set_visible_time   (JxTimeModel      *self,
                                                    const JxTimeSpan *span);
/* The whole extent, and follow it from now on. */
void              jx_time_model_zoom_all           (JxTimeModel      *self);
/* factor > 1 zooms in; the time `around_ns` keeps its place on screen. */
void              jx_time_model_zoom               (JxTimeModel      *self,
                                                    double            factor,
                                                    gint64            around_ns);
void              jx_time_model_pan                (JxTimeModel      *self,
                                                    gint64            delta_ns);
/* When zoomed in (narrower than the extent), centres the window on `ns`,
 * keeping its width; a window showing everything stays. */
void              jx_time_model_centre_on          (JxTimeModel      *self,
                                                    gint64            ns);

/* Brings `span` into the window: when it is narrower than min_fraction of
 * the window, zooms in around it until it is that wide (as far as the
 * minimum width allows); when it is wider than the window, zooms out
 * until it fills most of it, centred; when it lies (partly) outside,
 * centres on it at the same width; else nothing changes. */
void              jx_time_model_show_span          (JxTimeModel      *self,
                                                    const JxTimeSpan *span,
                                                    double            min_fraction);

const JxTimeSpan *jx_time_model_get_selected_time  (JxTimeModel      *self);
/* NULL selects none; the ends are sorted. */
void              jx_time_model_select_time        (JxTimeModel      *self,
                                                    const JxTimeSpan *span);

/* FALSE (and 0, 0) when nothing is loaded. */
gboolean          jx_time_model_get_extent         (JxTimeModel      *self,
                                                    JxTimeSpan       *extent);
/* The traces' extent changed (NULL: nothing loaded). The window stays as
 * it is until follow_extent() or the next change of it. */
void              jx_time_model_set_extent         (JxTimeModel      *self,
                                                    const JxTimeSpan *extent);
/* After the extent changed: a window that showed everything shows
 * everything again, any other is clamped into the extent. */
void              jx_time_model_follow_extent      (JxTimeModel      *self);
gboolean          jx_time_model_get_follows_extent (JxTimeModel      *self);

G_END_DECLS
