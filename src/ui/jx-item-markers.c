/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-item-markers.c — see jx-item-markers.h. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-item-markers.h"

struct _JxItemMarkers
{
  JxSessionMarkers *markers;
  JxSessionTrace   *item;
  GPtrArray        *list;      /* JxSessionMarker*, by start */
  GArray           *marks;     /* JxTimelineMarker, parallel to list */
  GCallback         changed;
  gpointer          data;
};

static gint
by_start (gconstpointer a,
          gconstpointer b)
{
  JxSessionMarker *x = *(JxSessionMarker **) a;
  JxSessionMarker *y = *(JxSessionMarker **) b;
  guint64 tx = jx_session_marker_get_ticks (x), ty = jx_session_marker_get_ticks (y);

  return tx < ty ? -1 : tx > ty;
}

static void
rebuild (JxItemMarkers *self)
{
  GListModel *model = G_LIST_MODEL (self->markers);
  guint n = g_list_model_get_n_items (model);

  g_ptr_array_set_size (self->list, 0);
  g_array_set_size (self->marks, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionMarker) m = g_list_model_get_item (model, i);

      if (jx_session_marker_get_item (m) == self->item)
        g_ptr_array_add (self->list, g_object_ref (m));
    }
  g_ptr_array_sort (self->list, by_start);
  for (guint i = 0; i < self->list->len; i++)
    {
      JxSessionMarker *m = g_ptr_array_index (self->list, i);
      guint64 start = jx_session_marker_get_ticks (m);
      JxTimelineMarker mark = {
        (gint64) start, (gint64) (start + jx_session_marker_get_duration_ticks (m)),
        jx_session_marker_get_severity (m),
        (jx_session_marker_get_highlighted (m) ? JX_MARKER_FLAG_HIGHLIGHTED : 0) |
        (jx_session_marker_get_saved (m) ? 0 : JX_MARKER_FLAG_UNSAVED),
      };

      g_array_append_val (self->marks, mark);
    }
  if (self->changed != NULL)
    ((void (*) (gpointer)) self->changed) (self->data);
}

JxItemMarkers *
jx_item_markers_new (JxSession      *session,
                     JxSessionTrace *item,
                     GCallback       changed,
                     gpointer        data)
{
  JxItemMarkers *self = g_new0 (JxItemMarkers, 1);

  self->markers = g_object_ref (jx_session_get_markers (session));
  self->item = item;
  self->list = g_ptr_array_new_with_free_func (g_object_unref);
  self->marks = g_array_new (FALSE, FALSE, sizeof (JxTimelineMarker));
  g_signal_connect_swapped (self->markers, "items-changed", G_CALLBACK (rebuild), self);
  g_signal_connect_swapped (self->markers, "changed", G_CALLBACK (rebuild), self);
  rebuild (self);
  /* Only later rebuilds are news to the view. */
  self->changed = changed;
  self->data = data;
  return self;
}

void
jx_item_markers_free (JxItemMarkers *self)
{
  if (self == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->markers, self);
  g_object_unref (self->markers);
  g_ptr_array_unref (self->list);
  g_array_unref (self->marks);
  g_free (self);
}

const JxTimelineMarker *
jx_item_markers_get_marks (JxItemMarkers *self,
                           guint         *n)
{
  g_return_val_if_fail (self != NULL, NULL);

  *n = self->marks->len;
  return (const JxTimelineMarker *) (gpointer) self->marks->data;
}

guint
jx_item_markers_get_n (JxItemMarkers *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->list->len;
}

JxSessionMarker *
jx_item_markers_get (JxItemMarkers *self,
                     guint          index)
{
  g_return_val_if_fail (self != NULL && index < self->list->len, NULL);
  return g_ptr_array_index (self->list, index);
}

void
jx_item_markers_strip_flags (JxSession            *session,
                             JxSessionTrace       *item,
                             const JxNavStripView *view,
                             GArray               *flags,
                             GPtrArray            *markers)
{
  GListModel *model;
  guint n;

  g_return_if_fail (JX_IS_SESSION (session) && view != NULL && flags != NULL);

  model = G_LIST_MODEL (jx_session_get_markers (session));
  n = g_list_model_get_n_items (model);
  g_array_set_size (flags, 0);
  if (markers != NULL)
    g_ptr_array_set_size (markers, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionMarker) m = g_list_model_get_item (model, i);
      JxMarkerFlag flag;

      if (jx_session_marker_get_item (m) != item)
        continue;
      flag = (JxMarkerFlag) {
        jx_nav_strip_ns_to_x (view, jx_session_marker_get_comparison_ns (m, FALSE)),
        jx_nav_strip_ns_to_x (view, jx_session_marker_get_comparison_ns (m, TRUE)),
        jx_session_marker_get_severity (m),
        (jx_session_marker_get_highlighted (m) ? JX_MARKER_FLAG_HIGHLIGHTED : 0) |
        (jx_session_marker_get_saved (m) ? 0 : JX_MARKER_FLAG_UNSAVED),
      };
      g_array_append_val (flags, flag);
      if (markers != NULL)
        g_ptr_array_add (markers, g_object_ref (m));
    }
}

char *
jx_marker_dup_tooltip_markup (JxSessionMarker *marker)
{
  g_autofree char *time = NULL;
  g_autofree char *duration = NULL;
  g_autofree char *scope = NULL;
  g_autofree char *head = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (JX_IS_SESSION_MARKER (marker), NULL);

  time = jx_time_format (jx_session_marker_get_time_ns (marker), 6);
  scope = jx_marker_scope_label (jx_session_marker_get_scope (marker), jx_session_marker_get_scope_ref (marker));
  head = g_markup_printf_escaped ("<b>%s</b>\n%s · %s\n", jx_session_marker_get_text (marker),
                                  jx_session_marker_get_group (marker), jx_session_marker_get_category (marker));
  g_string_append (out, head);
  g_string_append_printf (out, "%s %s\n", _("Time in the trace:"), time);
  if (jx_session_marker_get_duration_ns (marker) > 0)
    {
      duration = jx_time_format (jx_session_marker_get_duration_ns (marker), 4);
      g_string_append_printf (out, "%s %s\n", _("Duration:"), duration);
    }
  g_string_append_printf (out, "%s %s · %s %s", _("Severity:"),
                          jx_marker_severity_label (jx_session_marker_get_severity (marker)),
                          _("Scope:"), scope);
  if (!jx_session_marker_get_saved (marker))
    g_string_append_printf (out, "\n<i>%s</i>", _("Not saved in the trace archive"));
  return g_string_free (g_steal_pointer (&out), FALSE);
}
