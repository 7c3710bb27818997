/* jx-session.c — the one object that owns what every view of a comparison shows.
 *
 * Pure logic: no widget is touched here, so the tests drive it without a display.
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-gdk-rgba.h"
#include "jx-palette.h"
#include "jx-session.h"
#include "jx-trace-loader.h"

/* The view never gets narrower than this: below 1 µs there is nothing left to see
 * at the clock resolutions Score-P writes, and it keeps zoom arithmetic exact. */
#define MIN_VIEW_WIDTH_NS G_GINT64_CONSTANT (1000)

/* Width of the view before anything is loaded (1 s), so the ruler has a scale. */
#define DEFAULT_VIEW_WIDTH_NS JX_NS_PER_SECOND

typedef struct _TraceEntry TraceEntry;

struct _TraceEntry
{
  /* Weak back pointer: cleared when the entry leaves the session (removal or
   * dispose), so a load that completes afterwards is simply dropped. */
  JxSession           *session;
  char                *path;
  char                *name;
  JxSessionTraceState  state;
  double               fraction;
  GError              *error;
  JxTrace             *trace;
  GCancellable        *cancellable;
  GdkRGBA              color;
  /* The colour the user picked (opaque): the accent; color is its tint. */
  GdkRGBA              custom;
  gboolean             color_set;
  gint64               offset;
  /* Offset when the running drag began; valid while dragging is TRUE. */
  gint64               drag_origin;
  gboolean             dragging;
  /* Cached clock of a loaded trace. */
  guint64              start_ticks;
  guint64              resolution;
  gint64               duration_ns;
  guint                color_slot;
};

typedef struct
{
  TraceEntry *entry;
  gint64      old_offset;
  gint64      new_offset;
} OffsetStep;

struct _JxSession
{
  GObject     parent_instance;

  GPtrArray  *traces;            /* TraceEntry*, display order, owns a reference */
  GArray     *undo_stack;        /* OffsetStep */
  GArray     *redo_stack;        /* OffsetStep */

  gint64      view_start;
  gint64      view_end;
  /* The view shows everything and should follow when more traces load. */
  gboolean    view_follows_extent;

  gint64      selection_start;
  gint64      selection_end;
  guint       selected_trace;
  guint32     selected_stream;
  guint32     selected_invocation;

  char       *search;
  guint       reference;

  gboolean    shift_mode;
  gboolean    show_messages;
  gboolean    dark;
};

G_DEFINE_FINAL_TYPE (JxSession, jx_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_N_TRACES,
  PROP_VIEW_START,
  PROP_VIEW_END,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_SEARCH,
  PROP_REFERENCE,
  PROP_N_LOADING,
  PROP_SHIFT_MODE,
  PROP_SHOW_MESSAGES,
  PROP_DARK,
  N_PROPS
};

enum {
  TRACE_ADDED,
  TRACE_REMOVED,
  TRACE_CHANGED,
  OFFSET_CHANGED,
  VIEW_CHANGED,
  SELECTION_CHANGED,
  SEARCH_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The palette holds the colour maths; the session keeps GdkRGBA for its widgets. */
static void
tint_from_color (const GdkRGBA *picked,
                 gboolean       dark,
                 GdkRGBA       *tint)
{
  JxRgba in = jx_rgba_from_gdk (picked);
  JxRgba out;

  jx_palette_tint_from_color (&in, dark, &out);
  *tint = jx_rgba_to_gdk (&out);
}

static void
palette_color (guint     slot,
               gboolean  dark,
               GdkRGBA  *color)
{
  JxRgba rgba;

  jx_palette_trace_background (slot, dark, &rgba);
  *color = jx_rgba_to_gdk (&rgba);
}

static TraceEntry *
trace_entry_new (JxSession  *session,
                 const char *path)
{
  TraceEntry *entry = g_rc_box_new0 (TraceEntry);

  entry->session = session;
  entry->path = g_strdup (path);
  entry->name = g_path_get_basename (path);
  entry->state = JX_SESSION_TRACE_LOADING;
  return entry;
}

static void
trace_entry_clear (gpointer data)
{
  TraceEntry *entry = data;

  g_clear_pointer (&entry->path, g_free);
  g_clear_pointer (&entry->name, g_free);
  g_clear_error (&entry->error);
  g_clear_object (&entry->trace);
  g_clear_object (&entry->cancellable);
}

static TraceEntry *
trace_entry_ref (TraceEntry *entry)
{
  return g_rc_box_acquire (entry);
}

static void
trace_entry_unref (gpointer data)
{
  g_rc_box_release_full (data, trace_entry_clear);
}

static TraceEntry *
get_entry (JxSession *self,
           guint      index)
{
  if (index >= self->traces->len)
    return NULL;
  return g_ptr_array_index (self->traces, index);
}

static gboolean
find_entry (JxSession  *self,
            TraceEntry *entry,
            guint      *index)
{
  return g_ptr_array_find (self->traces, entry, index);
}

static guint
count_loading (JxSession *self)
{
  guint n = 0;

  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *entry = g_ptr_array_index (self->traces, i);

      if (entry->state == JX_SESSION_TRACE_LOADING)
        n++;
    }
  return n;
}

static void
emit_trace_changed (JxSession  *self,
                    TraceEntry *entry)
{
  guint index;

  if (find_entry (self, entry, &index))
    g_signal_emit (self, signals[TRACE_CHANGED], 0, index);
}

static void
notify_undo_redo (JxSession *self,
                  gboolean   could_undo,
                  gboolean   could_redo)
{
  if (could_undo != jx_session_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (could_redo != jx_session_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

/* Stores the view and tells everybody, but only when it really moved. */
static void
apply_view (JxSession *self,
            gint64     start,
            gint64     end)
{
  gboolean start_changed = start != self->view_start;
  gboolean end_changed = end != self->view_end;

  if (!start_changed && !end_changed)
    return;

  self->view_start = start;
  self->view_end = end;

  g_object_freeze_notify (G_OBJECT (self));
  if (start_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_START]);
  if (end_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW_END]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

/* Clamps [start, end) to the minimum width and, when anything is loaded, into
 * the comparison extent; keeps the requested width where it fits. */
static void
clamp_view (JxSession *self,
            gint64    *start,
            gint64    *end)
{
  gint64 ext_start;
  gint64 ext_end;
  gint64 width;

  if (*end < *start)
    {
      gint64 tmp = *start;
      *start = *end;
      *end = tmp;
    }

  width = *end - *start;
  if (width < MIN_VIEW_WIDTH_NS)
    {
      gint64 center = *start + width / 2;

      *start = center - MIN_VIEW_WIDTH_NS / 2;
      *end = *start + MIN_VIEW_WIDTH_NS;
      width = MIN_VIEW_WIDTH_NS;
    }

  if (!jx_session_get_extent (self, &ext_start, &ext_end))
    return;

  if (ext_end - ext_start < MIN_VIEW_WIDTH_NS)
    ext_end = ext_start + MIN_VIEW_WIDTH_NS;

  if (width >= ext_end - ext_start)
    {
      *start = ext_start;
      *end = ext_end;
      return;
    }

  if (*start < ext_start)
    {
      *start = ext_start;
      *end = ext_start + width;
    }
  else if (*end > ext_end)
    {
      *end = ext_end;
      *start = ext_end - width;
    }
}

static void
set_view_internal (JxSession *self,
                   gint64     start,
                   gint64     end)
{
  gint64 ext_start;
  gint64 ext_end;

  clamp_view (self, &start, &end);

  if (jx_session_get_extent (self, &ext_start, &ext_end))
    self->view_follows_extent = start <= ext_start && end >= ext_end;

  apply_view (self, start, end);
}

/* Applies an offset without touching the undo history. */
static void
apply_offset (JxSession  *self,
              TraceEntry *entry,
              gint64      offset)
{
  guint index;

  if (entry->offset == offset)
    return;

  entry->offset = offset;
  if (find_entry (self, entry, &index))
    g_signal_emit (self, signals[OFFSET_CHANGED], 0, index);
}

static void
push_step (JxSession  *self,
           TraceEntry *entry,
           gint64      old_offset,
           gint64      new_offset)
{
  gboolean could_undo = jx_session_can_undo (self);
  gboolean could_redo = jx_session_can_redo (self);
  OffsetStep step = { entry, old_offset, new_offset };

  if (old_offset == new_offset)
    return;

  g_array_append_val (self->undo_stack, step);
  g_array_set_size (self->redo_stack, 0);
  notify_undo_redo (self, could_undo, could_redo);
}

static void
drop_steps_of (GArray     *stack,
               TraceEntry *entry)
{
  for (guint i = stack->len; i > 0; i--)
    {
      OffsetStep *step = &g_array_index (stack, OffsetStep, i - 1);

      if (step->entry == entry)
        g_array_remove_index (stack, i - 1);
    }
}

static void
on_load_progress (double   fraction,
                  gpointer user_data)
{
  TraceEntry *entry = user_data;
  JxSession *self = entry->session;

  if (self == NULL || entry->state != JX_SESSION_TRACE_LOADING)
    return;

  fraction = CLAMP (fraction, 0.0, 1.0);
  /* Progress only ever moves forward; redrawing for sub-percent steps is waste. */
  if (fraction < entry->fraction + 0.005 && fraction < 1.0)
    return;

  entry->fraction = fraction;
  emit_trace_changed (self, entry);
}

static void
store_loaded (JxSession  *self,
              TraceEntry *entry,
              JxTrace    *trace)
{
  guint64 start = jx_trace_get_start_time (trace);
  guint64 end = jx_trace_get_end_time (trace);
  const char *name = jx_trace_get_name (trace);

  entry->trace = trace;
  entry->state = JX_SESSION_TRACE_LOADED;
  entry->fraction = 1.0;
  entry->start_ticks = start;
  entry->resolution = jx_trace_get_timer_resolution (trace);
  entry->duration_ns = end > start ? jx_time_ticks_to_ns ((gint64) (end - start), entry->resolution) : 0;

  if (name != NULL && name[0] != '\0')
    {
      g_free (entry->name);
      entry->name = g_strdup (name);
    }
}

static void
after_loaded (JxSession  *self,
              TraceEntry *entry)
{
  guint n_loaded = 0;

  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *other = g_ptr_array_index (self->traces, i);

      if (other->state == JX_SESSION_TRACE_LOADED)
        n_loaded++;
    }

  /* The first trace, or a view that showed everything, shows everything again. */
  if (n_loaded == 1 || self->view_follows_extent)
    jx_session_zoom_all (self);
}

static void
on_load_ready (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  TraceEntry *entry = user_data;
  JxSession *self = entry->session;
  g_autoptr(GError) error = NULL;
  g_autoptr(JxTrace) trace = NULL;

  trace = jx_trace_load_finish (result, &error);

  if (self == NULL)
    {
      trace_entry_unref (entry);
      return;
    }

  g_clear_object (&entry->cancellable);

  if (trace != NULL)
    {
      store_loaded (self, entry, g_steal_pointer (&trace));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_LOADING]);
      emit_trace_changed (self, entry);
      after_loaded (self, entry);
    }
  else
    {
      entry->state = JX_SESSION_TRACE_FAILED;
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_error (&error);
          g_set_error (&error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                       _("Loading “%s” was cancelled"), entry->path);
        }
      else if (error == NULL)
        g_set_error (&error, JX_TRACE_ERROR, JX_TRACE_ERROR_CORRUPT,
                     _("Could not load “%s”"), entry->path);
      entry->error = g_steal_pointer (&error);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_LOADING]);
      emit_trace_changed (self, entry);
    }

  trace_entry_unref (entry);
}

/* The lowest palette slot no loading or loaded trace holds: a trace that
 * failed to load (or was removed) gives its colour back. */
static guint
free_color_slot (JxSession *self)
{
  for (guint slot = 0;; slot++)
    {
      gboolean taken = FALSE;

      for (guint i = 0; i < self->traces->len && !taken; i++)
        {
          TraceEntry *other = g_ptr_array_index (self->traces, i);

          taken = other->state != JX_SESSION_TRACE_FAILED && other->color_slot == slot;
        }
      if (!taken)
        return slot;
    }
}

static guint
append_entry (JxSession  *self,
              TraceEntry *entry)
{
  guint index = self->traces->len;

  entry->color_slot = free_color_slot (self);
  palette_color (entry->color_slot, self->dark, &entry->color);
  g_ptr_array_add (self->traces, entry);
  return index;
}

static void
announce_added (JxSession *self,
                guint      index)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TRACES]);
  g_signal_emit (self, signals[TRACE_ADDED], 0, index);
}

static void
jx_session_dispose (GObject *object)
{
  JxSession *self = (JxSession *)object;

  if (self->traces != NULL)
    {
      for (guint i = 0; i < self->traces->len; i++)
        {
          TraceEntry *entry = g_ptr_array_index (self->traces, i);

          entry->session = NULL;
          if (entry->cancellable != NULL)
            g_cancellable_cancel (entry->cancellable);
        }
      g_clear_pointer (&self->traces, g_ptr_array_unref);
    }

  G_OBJECT_CLASS (jx_session_parent_class)->dispose (object);
}

static void
jx_session_finalize (GObject *object)
{
  JxSession *self = (JxSession *)object;

  g_clear_pointer (&self->undo_stack, g_array_unref);
  g_clear_pointer (&self->redo_stack, g_array_unref);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (jx_session_parent_class)->finalize (object);
}

static void
jx_session_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  JxSession *self = JX_SESSION (object);

  switch (prop_id)
    {
    case PROP_N_TRACES:
      g_value_set_uint (value, jx_session_get_n_traces (self));
      break;

    case PROP_VIEW_START:
      g_value_set_int64 (value, self->view_start);
      break;

    case PROP_VIEW_END:
      g_value_set_int64 (value, self->view_end);
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, jx_session_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, jx_session_can_redo (self));
      break;

    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;

    case PROP_REFERENCE:
      g_value_set_uint (value, self->reference);
      break;

    case PROP_N_LOADING:
      g_value_set_uint (value, jx_session_get_n_loading (self));
      break;

    case PROP_SHIFT_MODE:
      g_value_set_boolean (value, self->shift_mode);
      break;

    case PROP_SHOW_MESSAGES:
      g_value_set_boolean (value, self->show_messages);
      break;

    case PROP_DARK:
      g_value_set_boolean (value, self->dark);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  JxSession *self = JX_SESSION (object);

  switch (prop_id)
    {
    case PROP_VIEW_START:
      jx_session_set_view (self, g_value_get_int64 (value), self->view_end);
      break;

    case PROP_VIEW_END:
      jx_session_set_view (self, self->view_start, g_value_get_int64 (value));
      break;

    case PROP_SEARCH:
      jx_session_set_search (self, g_value_get_string (value));
      break;

    case PROP_REFERENCE:
      jx_session_set_reference (self, g_value_get_uint (value));
      break;

    case PROP_SHIFT_MODE:
      jx_session_set_shift_mode (self, g_value_get_boolean (value));
      break;

    case PROP_SHOW_MESSAGES:
      jx_session_set_show_messages (self, g_value_get_boolean (value));
      break;

    case PROP_DARK:
      jx_session_set_dark (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_session_class_init (JxSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = jx_session_dispose;
  object_class->finalize = jx_session_finalize;
  object_class->get_property = jx_session_get_property;
  object_class->set_property = jx_session_set_property;

  properties[PROP_N_TRACES] =
    g_param_spec_uint ("n-traces", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_VIEW_START] =
    g_param_spec_int64 ("view-start", NULL, NULL,
                        G_MININT64, G_MAXINT64, 0,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_VIEW_END] =
    g_param_spec_int64 ("view-end", NULL, NULL,
                        G_MININT64, G_MAXINT64, DEFAULT_VIEW_WIDTH_NS,
                        (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SEARCH] =
    g_param_spec_string ("search", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_REFERENCE] =
    g_param_spec_uint ("reference", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_LOADING] =
    g_param_spec_uint ("n-loading", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SHIFT_MODE] =
    g_param_spec_boolean ("shift-mode", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_SHOW_MESSAGES] =
    g_param_spec_boolean ("show-messages", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  properties[PROP_DARK] =
    g_param_spec_boolean ("dark", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[TRACE_ADDED] =
    g_signal_new ("trace-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[TRACE_REMOVED] =
    g_signal_new ("trace-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[TRACE_CHANGED] =
    g_signal_new ("trace-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[OFFSET_CHANGED] =
    g_signal_new ("offset-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[VIEW_CHANGED] =
    g_signal_new ("view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SEARCH_CHANGED] =
    g_signal_new ("search-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
jx_session_init (JxSession *self)
{
  self->traces = g_ptr_array_new_with_free_func (trace_entry_unref);
  self->undo_stack = g_array_new (FALSE, FALSE, sizeof (OffsetStep));
  self->redo_stack = g_array_new (FALSE, FALSE, sizeof (OffsetStep));
  self->view_start = 0;
  self->view_end = DEFAULT_VIEW_WIDTH_NS;
  self->view_follows_extent = TRUE;
  self->selected_trace = G_MAXUINT;
}

JxSession *
jx_session_new (void)
{
  return g_object_new (JX_TYPE_SESSION, NULL);
}

guint
jx_session_get_n_traces (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return self->traces->len;
}

guint
jx_session_get_n_loading (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return count_loading (self);
}

guint
jx_session_add_path (JxSession  *self,
                     const char *path)
{
  TraceEntry *entry;
  guint index;

  g_return_val_if_fail (JX_IS_SESSION (self), G_MAXUINT);
  g_return_val_if_fail (path != NULL, G_MAXUINT);

  entry = trace_entry_new (self, path);
  entry->cancellable = g_cancellable_new ();
  index = append_entry (self, entry);

  announce_added (self, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_LOADING]);

  jx_trace_load_async (path, NULL,
                       on_load_progress, trace_entry_ref (entry), trace_entry_unref,
                       entry->cancellable,
                       on_load_ready, trace_entry_ref (entry));

  return index;
}

guint
jx_session_add_trace (JxSession *self,
                      JxTrace   *trace)
{
  TraceEntry *entry;
  guint index;
  const char *path;

  g_return_val_if_fail (JX_IS_SESSION (self), G_MAXUINT);
  g_return_val_if_fail (JX_IS_TRACE (trace), G_MAXUINT);

  path = jx_trace_get_path (trace);
  entry = trace_entry_new (self, path != NULL ? path : "");
  store_loaded (self, entry, g_object_ref (trace));
  index = append_entry (self, entry);

  announce_added (self, index);
  after_loaded (self, entry);

  return index;
}

void
jx_session_remove_trace (JxSession *self,
                         guint      index)
{
  g_autoptr(GArray) unused = NULL;
  TraceEntry *entry;
  gboolean could_undo;
  gboolean could_redo;
  gboolean was_loading;
  guint old_reference;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (index < self->traces->len);

  entry = g_ptr_array_index (self->traces, index);
  was_loading = entry->state == JX_SESSION_TRACE_LOADING;
  entry->session = NULL;
  if (entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);

  could_undo = jx_session_can_undo (self);
  could_redo = jx_session_can_redo (self);
  drop_steps_of (self->undo_stack, entry);
  drop_steps_of (self->redo_stack, entry);

  g_ptr_array_remove_index (self->traces, index);

  old_reference = self->reference;
  if (self->reference > index || self->reference >= MAX (self->traces->len, 1))
    self->reference = self->reference > 0 ? self->reference - 1 : 0;

  if (self->selected_trace != G_MAXUINT)
    {
      if (self->selected_trace == index)
        {
          self->selected_trace = G_MAXUINT;
          g_signal_emit (self, signals[SELECTION_CHANGED], 0);
        }
      else if (self->selected_trace > index)
        self->selected_trace--;
    }

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_TRACES]);
  if (was_loading)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_LOADING]);
  if (old_reference != self->reference)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFERENCE]);
  notify_undo_redo (self, could_undo, could_redo);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[TRACE_REMOVED], 0, index);

  if (self->view_follows_extent)
    jx_session_zoom_all (self);
  else
    jx_session_set_view (self, self->view_start, self->view_end);
}

void
jx_session_cancel_load (JxSession *self,
                        guint      index)
{
  TraceEntry *entry;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (index < self->traces->len);

  entry = g_ptr_array_index (self->traces, index);
  if (entry->state == JX_SESSION_TRACE_LOADING && entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);
}

JxSessionTraceState
jx_session_get_trace_state (JxSession *self,
                            guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), JX_SESSION_TRACE_FAILED);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, JX_SESSION_TRACE_FAILED);

  return entry->state;
}

JxTrace *
jx_session_get_trace (JxSession *self,
                      guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, NULL);

  return entry->state == JX_SESSION_TRACE_LOADED ? entry->trace : NULL;
}

const char *
jx_session_get_trace_path (JxSession *self,
                           guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, NULL);

  return entry->path;
}

const char *
jx_session_get_trace_name (JxSession *self,
                           guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, NULL);

  return entry->name;
}

double
jx_session_get_load_fraction (JxSession *self,
                              guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), 0.0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0.0);

  return entry->fraction;
}

const GError *
jx_session_get_load_error (JxSession *self,
                           guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, NULL);

  return entry->error;
}

void
jx_session_get_trace_color (JxSession *self,
                            guint      index,
                            GdkRGBA   *color)
{
  TraceEntry *entry;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (color != NULL);

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  *color = entry->color;
}

void
jx_session_set_trace_color (JxSession     *self,
                            guint          index,
                            const GdkRGBA *color)
{
  TraceEntry *entry;
  GdkRGBA opaque;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (color != NULL);

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  opaque = *color;
  opaque.alpha = 1.0f;
  if (entry->color_set && gdk_rgba_equal (&entry->custom, &opaque))
    return;

  entry->custom = opaque;
  entry->color_set = TRUE;
  tint_from_color (&entry->custom, self->dark, &entry->color);
  g_signal_emit (self, signals[TRACE_CHANGED], 0, index);
}

guint
jx_session_get_reference (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return self->reference;
}

void
jx_session_set_reference (JxSession *self,
                          guint      index)
{
  guint old;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (index < self->traces->len);

  if (self->reference == index)
    return;

  old = self->reference;
  self->reference = index;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REFERENCE]);
  if (old < self->traces->len)
    g_signal_emit (self, signals[TRACE_CHANGED], 0, old);
  g_signal_emit (self, signals[TRACE_CHANGED], 0, index);
}

gint64
jx_session_get_offset (JxSession *self,
                       guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0);

  return entry->offset;
}

void
jx_session_set_offset (JxSession *self,
                       guint      index,
                       gint64     offset_ns)
{
  TraceEntry *entry;
  gint64 old;

  g_return_if_fail (JX_IS_SESSION (self));

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  old = entry->offset;
  if (old == offset_ns)
    return;

  apply_offset (self, entry, offset_ns);

  /* During a drag the whole gesture becomes one step at end_offset_drag. */
  if (!entry->dragging)
    push_step (self, entry, old, offset_ns);
}

void
jx_session_begin_offset_drag (JxSession *self,
                              guint      index)
{
  TraceEntry *entry;

  g_return_if_fail (JX_IS_SESSION (self));

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  if (entry->dragging)
    return;

  entry->dragging = TRUE;
  entry->drag_origin = entry->offset;
}

void
jx_session_end_offset_drag (JxSession *self,
                            guint      index)
{
  TraceEntry *entry;

  g_return_if_fail (JX_IS_SESSION (self));

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  if (!entry->dragging)
    return;

  entry->dragging = FALSE;
  push_step (self, entry, entry->drag_origin, entry->offset);
}

gboolean
jx_session_can_undo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return self->undo_stack->len > 0;
}

gboolean
jx_session_can_redo (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return self->redo_stack->len > 0;
}

/* Moves the newest step of `from` onto `to` and applies its old (undo) or
 * new (redo) offset. */
static void
move_step (JxSession *self,
           GArray    *from,
           GArray    *to,
           gboolean   undo)
{
  OffsetStep step;
  gboolean could_undo;
  gboolean could_redo;

  if (from->len == 0)
    return;

  could_undo = jx_session_can_undo (self);
  could_redo = jx_session_can_redo (self);

  step = g_array_index (from, OffsetStep, from->len - 1);
  g_array_set_size (from, from->len - 1);
  g_array_append_val (to, step);

  step.entry->dragging = FALSE;
  apply_offset (self, step.entry, undo ? step.old_offset : step.new_offset);
  notify_undo_redo (self, could_undo, could_redo);
}

void
jx_session_undo (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  move_step (self, self->undo_stack, self->redo_stack, TRUE);
}

void
jx_session_redo (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  move_step (self, self->redo_stack, self->undo_stack, FALSE);
}

gint64
jx_session_trace_to_comparison (JxSession *self,
                                guint      index,
                                guint64    ticks)
{
  TraceEntry *entry;
  gint64 rel;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0);
  g_return_val_if_fail (entry->state == JX_SESSION_TRACE_LOADED, 0);

  rel = ticks >= entry->start_ticks
        ? (gint64) (ticks - entry->start_ticks)
        : -(gint64) (entry->start_ticks - ticks);
  return jx_time_ticks_to_ns (rel, entry->resolution) + entry->offset;
}

guint64
jx_session_comparison_to_trace (JxSession *self,
                                guint      index,
                                gint64     comparison_ns)
{
  TraceEntry *entry;
  gint64 rel;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0);
  g_return_val_if_fail (entry->state == JX_SESSION_TRACE_LOADED, 0);

  rel = jx_time_ns_to_ticks (comparison_ns - entry->offset, entry->resolution);
  if (rel < 0 && (guint64) -rel > entry->start_ticks)
    return 0;
  return entry->start_ticks + (guint64) rel;
}

gint64
jx_session_get_trace_duration (JxSession *self,
                               guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0);

  return entry->state == JX_SESSION_TRACE_LOADED ? entry->duration_ns : 0;
}

gboolean
jx_session_get_extent (JxSession *self,
                       gint64    *start_ns,
                       gint64    *end_ns)
{
  gboolean found = FALSE;
  gint64 lo = 0;
  gint64 hi = 0;

  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *entry = g_ptr_array_index (self->traces, i);
      gint64 s;
      gint64 e;

      if (entry->state != JX_SESSION_TRACE_LOADED)
        continue;

      s = entry->offset;
      e = entry->offset + entry->duration_ns;
      if (!found || s < lo)
        lo = s;
      if (!found || e > hi)
        hi = e;
      found = TRUE;
    }

  if (start_ns != NULL)
    *start_ns = lo;
  if (end_ns != NULL)
    *end_ns = hi;

  return found;
}

gint64
jx_session_get_view_start (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return self->view_start;
}

gint64
jx_session_get_view_end (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  return self->view_end;
}

void
jx_session_set_view (JxSession *self,
                     gint64     start_ns,
                     gint64     end_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));

  set_view_internal (self, start_ns, end_ns);
}

void
jx_session_zoom_all (JxSession *self)
{
  gint64 start;
  gint64 end;

  g_return_if_fail (JX_IS_SESSION (self));

  if (!jx_session_get_extent (self, &start, &end))
    {
      self->view_follows_extent = TRUE;
      return;
    }

  set_view_internal (self, start, end);
  self->view_follows_extent = TRUE;
}

void
jx_session_zoom (JxSession *self,
                 double     factor,
                 gint64     around_ns)
{
  double width;
  double new_width;
  double left;
  gint64 start;
  gint64 end;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (factor > 0.0);

  width = (double) (self->view_end - self->view_start);
  new_width = MAX (width / factor, (double) MIN_VIEW_WIDTH_NS);
  /* The point under the pointer stays where it is on screen. */
  left = (double) (around_ns - self->view_start) / MAX (width, 1.0);
  left = CLAMP (left, 0.0, 1.0);

  start = around_ns - (gint64) (left * new_width + 0.5);
  end = start + (gint64) (new_width + 0.5);

  set_view_internal (self, start, end);
}

void
jx_session_pan (JxSession *self,
                gint64     delta_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));

  set_view_internal (self, self->view_start + delta_ns, self->view_end + delta_ns);
}

void
jx_session_get_selection_range (JxSession *self,
                                gint64    *start_ns,
                                gint64    *end_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));

  if (start_ns != NULL)
    *start_ns = self->selection_start;
  if (end_ns != NULL)
    *end_ns = self->selection_end;
}

void
jx_session_set_selection_range (JxSession *self,
                                gint64     start_ns,
                                gint64     end_ns)
{
  g_return_if_fail (JX_IS_SESSION (self));

  if (end_ns < start_ns)
    {
      gint64 tmp = start_ns;
      start_ns = end_ns;
      end_ns = tmp;
    }

  if (self->selection_start == start_ns && self->selection_end == end_ns)
    return;

  self->selection_start = start_ns;
  self->selection_end = end_ns;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

gboolean
jx_session_get_selected_invocation (JxSession *self,
                                    guint     *trace,
                                    guint32   *stream,
                                    guint32   *invocation)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  if (trace != NULL)
    *trace = self->selected_trace;
  if (stream != NULL)
    *stream = self->selected_stream;
  if (invocation != NULL)
    *invocation = self->selected_invocation;

  return self->selected_trace != G_MAXUINT;
}

void
jx_session_select_invocation (JxSession *self,
                              guint      trace,
                              guint32    stream,
                              guint32    invocation)
{
  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (trace == G_MAXUINT || trace < self->traces->len);

  if (trace == G_MAXUINT)
    {
      stream = JX_NONE;
      invocation = JX_NONE;
    }

  if (self->selected_trace == trace &&
      self->selected_stream == stream &&
      self->selected_invocation == invocation)
    return;

  self->selected_trace = trace;
  self->selected_stream = stream;
  self->selected_invocation = invocation;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

void
jx_session_clear_selection (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  if (self->selected_trace == G_MAXUINT &&
      self->selection_start == 0 && self->selection_end == 0)
    return;

  self->selected_trace = G_MAXUINT;
  self->selected_stream = JX_NONE;
  self->selected_invocation = JX_NONE;
  self->selection_start = 0;
  self->selection_end = 0;
  g_signal_emit (self, signals[SELECTION_CHANGED], 0);
}

const char *
jx_session_get_search (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  return self->search;
}

void
jx_session_set_search (JxSession  *self,
                       const char *text)
{
  g_return_if_fail (JX_IS_SESSION (self));

  /* An empty search highlights nothing, same as none. */
  if (text != NULL && text[0] == '\0')
    text = NULL;

  if (g_strcmp0 (self->search, text) == 0)
    return;

  g_free (self->search);
  self->search = g_strdup (text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
  g_signal_emit (self, signals[SEARCH_CHANGED], 0);
}

gboolean
jx_session_get_shift_mode (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return self->shift_mode;
}

void
jx_session_set_shift_mode (JxSession *self,
                           gboolean   shift_mode)
{
  g_return_if_fail (JX_IS_SESSION (self));

  shift_mode = !!shift_mode;
  if (self->shift_mode == shift_mode)
    return;

  self->shift_mode = shift_mode;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHIFT_MODE]);
}

gboolean
jx_session_get_show_messages (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return self->show_messages;
}

void
jx_session_set_show_messages (JxSession *self,
                              gboolean   show_messages)
{
  g_return_if_fail (JX_IS_SESSION (self));

  show_messages = !!show_messages;
  if (self->show_messages == show_messages)
    return;

  self->show_messages = show_messages;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MESSAGES]);
}

char **
jx_session_dup_paths (JxSession *self)
{
  GStrvBuilder *builder;
  char **paths;

  g_return_val_if_fail (JX_IS_SESSION (self), NULL);

  builder = g_strv_builder_new ();
  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *entry = g_ptr_array_index (self->traces, i);

      if (entry->path != NULL && entry->path[0] != '\0')
        g_strv_builder_add (builder, entry->path);
    }
  paths = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);

  return paths;
}

guint
jx_session_find_path (JxSession  *self,
                      const char *path)
{
  g_return_val_if_fail (JX_IS_SESSION (self), G_MAXUINT);
  g_return_val_if_fail (path != NULL, G_MAXUINT);

  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *entry = g_ptr_array_index (self->traces, i);

      if (g_strcmp0 (entry->path, path) == 0)
        return i;
    }

  return G_MAXUINT;
}

void
jx_session_clear (JxSession *self)
{
  g_return_if_fail (JX_IS_SESSION (self));

  while (self->traces->len > 0)
    jx_session_remove_trace (self, self->traces->len - 1);
  jx_session_clear_selection (self);
  jx_session_set_search (self, NULL);
}

gboolean
jx_session_get_dark (JxSession *self)
{
  g_return_val_if_fail (JX_IS_SESSION (self), FALSE);

  return self->dark;
}

void
jx_session_set_dark (JxSession *self,
                     gboolean   dark)
{
  g_return_if_fail (JX_IS_SESSION (self));

  dark = !!dark;
  if (self->dark == dark)
    return;

  self->dark = dark;

  /* Tints have a light and a dark variant, also those of picked colours;
   * the picked colour itself (the accent) stays. */
  for (guint i = 0; i < self->traces->len; i++)
    {
      TraceEntry *entry = g_ptr_array_index (self->traces, i);

      if (entry->color_set)
        tint_from_color (&entry->custom, dark, &entry->color);
      else
        palette_color (entry->color_slot, dark, &entry->color);
      g_signal_emit (self, signals[TRACE_CHANGED], 0, i);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DARK]);
}

guint
jx_session_get_trace_color_slot (JxSession *self,
                                 guint      index)
{
  TraceEntry *entry;

  g_return_val_if_fail (JX_IS_SESSION (self), 0);

  entry = get_entry (self, index);
  g_return_val_if_fail (entry != NULL, 0);

  return entry->color_slot;
}

void
jx_session_get_trace_accent (JxSession *self,
                             guint      index,
                             GdkRGBA   *color)
{
  TraceEntry *entry;

  g_return_if_fail (JX_IS_SESSION (self));
  g_return_if_fail (color != NULL);

  entry = get_entry (self, index);
  g_return_if_fail (entry != NULL);

  if (entry->color_set)
    {
      *color = entry->custom;
      return;
    }
  {
    JxRgba accent;

    jx_palette_trace_accent (entry->color_slot, self->dark, &accent);
    *color = jx_rgba_to_gdk (&accent);
  }
}
