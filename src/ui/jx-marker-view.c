/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-marker-view.c — see jx-marker-view.h. The table is a GtkColumnView
 * over filter and sort list models of the session's JxSessionMarkers; cells
 * are plain labels from GtkSignalListItemFactory (GTK 4.8 has no
 * GtkColumnViewCell). */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-gdk-rgba.h"
#include "jx-marker-dialog.h"
#include "jx-marker-view.h"
#include "jx-session-align.h"

/* In the order shown: what a marker says comes right after where it is. */
typedef enum
{
  COLUMN_TRACE,
  COLUMN_TIME,
  COLUMN_TEXT,
  COLUMN_DURATION,
  COLUMN_GROUP,
  COLUMN_CATEGORY,
  COLUMN_SEVERITY,
  COLUMN_SCOPE,
  N_COLUMNS
} Column;

struct _JxMarkerView
{
  GtkWidget           parent_instance;

  JxSession          *session;
  GSignalGroup       *session_signals;
  GSignalGroup       *marker_signals;

  GtkWidget          *box;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *group_dropdown;
  GtkStack           *stack;
  GtkColumnView      *column_view;
  GtkLabel           *hint;
  GtkWidget          *menu;

  GtkStringList      *groups;       /* "All Groups", then each group */
  GtkCustomFilter    *filter;
  GtkFilterListModel *filtered;
  GtkSortListModel   *sorted;
  GtkMultiSelection  *selection;
  GtkColumnViewColumn *columns[N_COLUMNS];

  /* The selected markers in the order they were selected. */
  GPtrArray          *picked;
  gboolean            updating_groups;
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

enum {
  ALIGNED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxMarkerView, jx_marker_view, GTK_TYPE_WIDGET)

static const char *column_titles[N_COLUMNS] = {
  [COLUMN_TRACE] = N_("Trace"),
  /* Comparison time, as every time the window shows (the offset included). */
  [COLUMN_TIME] = N_("Comparison Time"),
  [COLUMN_TEXT] = N_("Text"),
  [COLUMN_DURATION] = N_("Duration"),
  [COLUMN_GROUP] = N_("Group"),
  [COLUMN_CATEGORY] = N_("Category"),
  [COLUMN_SEVERITY] = N_("Severity"),
  [COLUMN_SCOPE] = N_("Scope"),
};

static const char *
column_title (Column column)
{
  return _(column_titles[column]);
}

/* Filter and sort ------------------------------------------------------------- */

static gboolean
contains_casefold (const char *haystack,
                   const char *needle)
{
  g_autofree char *h = g_utf8_casefold (haystack != NULL ? haystack : "", -1);

  return strstr (h, needle) != NULL;
}

static gboolean
filter_marker (gpointer item,
               gpointer user_data)
{
  JxMarkerView *self = user_data;
  JxSessionMarker *m = item;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  guint group = gtk_drop_down_get_selected (self->group_dropdown);

  if (group != GTK_INVALID_LIST_POSITION && group > 0 &&
      g_strcmp0 (gtk_string_list_get_string (self->groups, group), jx_session_marker_get_group (m)) != 0)
    return FALSE;
  if (text[0] != '\0')
    {
      g_autofree char *needle = g_utf8_casefold (text, -1);

      return contains_casefold (jx_session_marker_get_text (m), needle) ||
             contains_casefold (jx_session_marker_get_category (m), needle) ||
             contains_casefold (jx_session_marker_get_group (m), needle) ||
             contains_casefold (jx_session_trace_get_name (jx_session_marker_get_item (m)), needle);
    }
  return TRUE;
}

static int
compare_int (gint64 a,
             gint64 b)
{
  return a < b ? GTK_ORDERING_SMALLER : a > b ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static int
compare_markers (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  JxSessionMarker *x = (JxSessionMarker *) a;
  JxSessionMarker *y = (JxSessionMarker *) b;
  JxMarkerView *self = g_object_get_data (G_OBJECT (user_data), "view");
  Column column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (user_data), "column"));
  guint px = 0, py = 0;
  int order;

  switch (column)
    {
    case COLUMN_TRACE:
      if (self->session != NULL)
        {
          jx_session_find_item (self->session, jx_session_marker_get_item (x), &px);
          jx_session_find_item (self->session, jx_session_marker_get_item (y), &py);
        }
      order = compare_int (px, py);
      break;
    case COLUMN_DURATION:
      order = compare_int (jx_session_marker_get_duration_ns (x), jx_session_marker_get_duration_ns (y));
      break;
    case COLUMN_GROUP:
      order = g_utf8_collate (jx_session_marker_get_group (x), jx_session_marker_get_group (y));
      break;
    case COLUMN_CATEGORY:
      order = g_utf8_collate (jx_session_marker_get_category (x), jx_session_marker_get_category (y));
      break;
    case COLUMN_SEVERITY:
      order = compare_int (jx_session_marker_get_severity (x), jx_session_marker_get_severity (y));
      break;
    case COLUMN_TEXT:
      order = g_utf8_collate (jx_session_marker_get_text (x), jx_session_marker_get_text (y));
      break;
    case COLUMN_SCOPE:
      order = compare_int (jx_session_marker_get_scope (x), jx_session_marker_get_scope (y));
      if (order == GTK_ORDERING_EQUAL)
        order = compare_int ((gint64) jx_session_marker_get_scope_ref (x), (gint64) jx_session_marker_get_scope_ref (y));
      break;
    case COLUMN_TIME:
    case N_COLUMNS:
    default:
      order = GTK_ORDERING_EQUAL;
      break;
    }
  /* Ties (and the Time column) go by comparison time. */
  if (order == GTK_ORDERING_EQUAL)
    order = compare_int (jx_session_marker_get_comparison_ns (x, FALSE), jx_session_marker_get_comparison_ns (y, FALSE));
  return order < 0 ? GTK_ORDERING_SMALLER : order > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

/* Cells ----------------------------------------------------------------------- */

static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  JxMarkerView *self = data;
  JxSessionTrace *item = g_object_get_data (G_OBJECT (area), "item");
  GdkRGBA accent;

  if (item == NULL || self->session == NULL)
    return;
  jx_trace_colors (item, jx_session_get_dark (self->session), NULL, &accent);
  jx_cairo_swatch (cr, width, height, &accent);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            JxMarkerView             *self)
{
  Column column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), column == COLUMN_TIME || column == COLUMN_DURATION ? 1.0 : 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (column == COLUMN_TIME || column == COLUMN_DURATION)
    gtk_widget_add_css_class (label, "numeric");
  if (column == COLUMN_TRACE)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *swatch = gtk_drawing_area_new ();

      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 10);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 10);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      gtk_box_append (GTK_BOX (box), swatch);
      gtk_box_append (GTK_BOX (box), label);
      label = box;
    }
  /* The row under a Ctrl+click is found through its cells (see on_pressed). */
  g_object_set_data (G_OBJECT (label), "list-item", list_item);
  gtk_list_item_set_child (list_item, label);
}

static void
fill_text_cell (GtkLabel        *label,
                JxSessionMarker *m)
{
  g_autofree char *markup = NULL;

  /* An unsaved marker lives in this session only: say so where it is read. */
  if (jx_session_marker_get_saved (m))
    markup = g_markup_escape_text (jx_session_marker_get_text (m), -1);
  else
    markup = g_markup_printf_escaped ("<i>%s</i> · %s", _("unsaved"), jx_session_marker_get_text (m));
  gtk_label_set_markup (label, markup);
}

static void
on_marker_saved (JxSessionMarker *m,
                 GParamSpec      *pspec,
                 GtkLabel        *label)
{
  fill_text_cell (label, m);
}

/* Comparison time first; the trace's own time (from its start, no offset)
 * in the tooltip. Follows the trace's offset. */
static void
fill_time_cell (GtkLabel        *label,
                JxSessionMarker *m)
{
  g_autofree char *text = jx_time_format (jx_session_marker_get_comparison_ns (m, FALSE), 6);
  g_autofree char *own = jx_time_format (jx_session_marker_get_time_ns (m), 6);
  g_autofree char *tooltip = g_strdup_printf (_("Comparison time %s (the trace’s offset included) · %s in the trace, from its start"),
                                              text, own);

  gtk_label_set_text (label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), tooltip);
}

static void
on_marker_offset (JxSessionTrace *item,
                  GParamSpec     *pspec,
                  GtkLabel       *label)
{
  JxSessionMarker *m = g_object_get_data (G_OBJECT (label), "marker");

  if (m != NULL)
    fill_time_cell (label, m);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           JxMarkerView             *self)
{
  Column column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  JxSessionMarker *m = gtk_list_item_get_item (list_item);
  GtkWidget *child = gtk_list_item_get_child (list_item);
  GtkLabel *label = GTK_IS_LABEL (child) ? GTK_LABEL (child) : GTK_LABEL (gtk_widget_get_last_child (child));
  g_autofree char *text = NULL;

  switch (column)
    {
    case COLUMN_TRACE:
      g_object_set_data (G_OBJECT (gtk_widget_get_first_child (child)), "item", jx_session_marker_get_item (m));
      gtk_widget_queue_draw (gtk_widget_get_first_child (child));
      text = g_strdup (jx_session_trace_get_name (jx_session_marker_get_item (m)));
      break;
    case COLUMN_TIME:
      g_object_set_data (G_OBJECT (label), "marker", m);
      fill_time_cell (label, m);
      g_signal_connect_object (jx_session_marker_get_item (m), "notify::offset", G_CALLBACK (on_marker_offset), label, 0);
      return;
    case COLUMN_DURATION:
      text = jx_session_marker_get_duration_ns (m) > 0 ? jx_time_format (jx_session_marker_get_duration_ns (m), 4)
                                                       : g_strdup ("");
      break;
    case COLUMN_GROUP:
      text = g_strdup (jx_session_marker_get_group (m));
      break;
    case COLUMN_CATEGORY:
      text = g_strdup (jx_session_marker_get_category (m));
      break;
    case COLUMN_SEVERITY:
      text = g_strdup (jx_marker_severity_label (jx_session_marker_get_severity (m)));
      break;
    case COLUMN_SCOPE:
      text = jx_marker_scope_label (jx_session_marker_get_scope (m), jx_session_marker_get_scope_ref (m));
      break;
    case COLUMN_TEXT:
    case N_COLUMNS:
    default:
      fill_text_cell (label, m);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), jx_session_marker_get_text (m));
      g_signal_connect_object (m, "notify::saved", G_CALLBACK (on_marker_saved), label, 0);
      return;
    }
  gtk_label_set_text (label, text);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             JxMarkerView             *self)
{
  Column column = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "column"));
  JxSessionMarker *m = gtk_list_item_get_item (list_item);

  if (column == COLUMN_TEXT && m != NULL)
    g_signal_handlers_disconnect_by_func (m, on_marker_saved, gtk_list_item_get_child (list_item));
  if (column == COLUMN_TIME && m != NULL)
    {
      g_signal_handlers_disconnect_by_func (jx_session_marker_get_item (m), on_marker_offset,
                                            gtk_list_item_get_child (list_item));
      g_object_set_data (G_OBJECT (gtk_list_item_get_child (list_item)), "marker", NULL);
    }
}

static void
add_columns (JxMarkerView *self)
{
  for (guint c = 0; c < N_COLUMNS; c++)
    {
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      GtkCustomSorter *sorter = gtk_custom_sorter_new (NULL, NULL, NULL);
      GtkColumnViewColumn *column;

      g_object_set_data (G_OBJECT (factory), "column", GUINT_TO_POINTER (c));
      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), self);
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), self);
      g_signal_connect (factory, "unbind", G_CALLBACK (unbind_cell), self);
      /* The compare function finds its column and view on the sorter. */
      g_object_set_data (G_OBJECT (sorter), "column", GUINT_TO_POINTER (c));
      g_object_set_data (G_OBJECT (sorter), "view", self);
      gtk_custom_sorter_set_sort_func (sorter, compare_markers, sorter, NULL);

      column = gtk_column_view_column_new (column_title (c), factory);
      gtk_column_view_column_set_sorter (column, GTK_SORTER (sorter));
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_expand (column, c == COLUMN_TEXT);
      if (c == COLUMN_TEXT)
        gtk_column_view_column_set_fixed_width (column, 150);
      else if (c == COLUMN_TIME || c == COLUMN_DURATION)
        gtk_column_view_column_set_fixed_width (column, 92);
      gtk_column_view_append_column (self->column_view, column);
      self->columns[c] = column;
      g_object_unref (sorter);
      g_object_unref (column);
    }
  gtk_column_view_sort_by_column (self->column_view, self->columns[COLUMN_TIME], GTK_SORT_ASCENDING);
}

/* Groups ---------------------------------------------------------------------- */

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return g_utf8_collate (*(const char * const *) a, *(const char * const *) b);
}

static void
update_groups (JxMarkerView *self)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *current = NULL;
  guint selected = gtk_drop_down_get_selected (self->group_dropdown);
  guint n = self->session != NULL ? g_list_model_get_n_items (G_LIST_MODEL (jx_session_get_markers (self->session))) : 0;
  guint keep = 0;

  if (selected != GTK_INVALID_LIST_POSITION && selected > 0)
    current = g_strdup (gtk_string_list_get_string (self->groups, selected));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(JxSessionMarker) m = g_list_model_get_item (G_LIST_MODEL (jx_session_get_markers (self->session)), i);
      const char *group = jx_session_marker_get_group (m);
      gboolean seen = FALSE;

      for (guint k = 0; k < names->len && !seen; k++)
        seen = g_str_equal (g_ptr_array_index (names, k), group);
      if (!seen)
        g_ptr_array_add (names, g_strdup (group));
    }
  g_ptr_array_sort (names, compare_names);

  self->updating_groups = TRUE;
  gtk_string_list_splice (self->groups, 1, g_list_model_get_n_items (G_LIST_MODEL (self->groups)) - 1, NULL);
  for (guint k = 0; k < names->len; k++)
    {
      gtk_string_list_append (self->groups, g_ptr_array_index (names, k));
      if (g_strcmp0 (current, g_ptr_array_index (names, k)) == 0)
        keep = k + 1;
    }
  gtk_drop_down_set_selected (self->group_dropdown, keep);
  self->updating_groups = FALSE;
}

static void
update_state (JxMarkerView *self)
{
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->filtered));
  guint all = self->session != NULL ? g_list_model_get_n_items (G_LIST_MODEL (jx_session_get_markers (self->session))) : 0;
  g_autofree char *hint = NULL;

  gtk_stack_set_visible_child_name (self->stack, all > 0 ? "list" : "empty");
  gtk_widget_set_visible (GTK_WIDGET (self->hint), all > 0);
  if (shown < all)
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u marker shown", "%u of %u markers shown", all),
                            shown, all);
  else
    hint = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u marker", "%u markers", all), all);
  {
    g_autofree char *full = g_strconcat (hint, " · ", _("Ctrl+click: two of one trace zoom, of different traces align"),
                                         NULL);

    gtk_label_set_text (self->hint, full);
  }
}

static void
on_markers_changed (JxMarkerView *self)
{
  update_groups (self);
}

static void
on_filter_changed (JxMarkerView *self)
{
  if (self->updating_groups)
    return;
  gtk_filter_changed (GTK_FILTER (self->filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_state (self);
}

/* Selection ------------------------------------------------------------------- */

static void
update_actions (JxMarkerView *self)
{
  gboolean same_trace = self->picked->len == 2 &&
                        jx_session_marker_get_item (g_ptr_array_index (self->picked, 0)) ==
                        jx_session_marker_get_item (g_ptr_array_index (self->picked, 1));

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "markers.zoom", same_trace);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "markers.align", self->picked->len >= 2 && !same_trace);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "markers.remove", self->picked->len > 0);
}

/* The picked markers, each of another trace. */
static gboolean
distinct_traces (JxMarkerView *self)
{
  for (guint i = 0; i < self->picked->len; i++)
    for (guint k = i + 1; k < self->picked->len; k++)
      if (jx_session_marker_get_item (g_ptr_array_index (self->picked, i)) ==
          jx_session_marker_get_item (g_ptr_array_index (self->picked, k)))
        return FALSE;
  return TRUE;
}

static void
align_picked (JxMarkerView *self)
{
  g_autoptr(JxAlignReport) report = jx_session_align_markers (self->session,
                                                              (JxSessionMarker **) self->picked->pdata,
                                                              self->picked->len);

  if (report != NULL)
    g_signal_emit (self, signals[ALIGNED], 0, report);
}

static void
on_selection_changed (JxMarkerView *self)
{
  g_autoptr(GtkBitset) set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  g_autoptr(GPtrArray) now = g_ptr_array_new_with_free_func (g_object_unref);
  GtkBitsetIter iter;
  guint position;

  if (self->session == NULL)
    return;
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    g_ptr_array_add (now, g_list_model_get_item (G_LIST_MODEL (self->selection), position));

  /* Keep the order of selection: those still selected, then the new ones. */
  for (guint i = self->picked->len; i-- > 0;)
    if (!g_ptr_array_find (now, g_ptr_array_index (self->picked, i), NULL))
      g_ptr_array_remove_index (self->picked, i);
  for (guint i = 0; i < now->len; i++)
    if (!g_ptr_array_find (self->picked, g_ptr_array_index (now, i), NULL))
      g_ptr_array_add (self->picked, g_object_ref (g_ptr_array_index (now, i)));
  update_actions (self);

  if (self->picked->len == 0)
    jx_session_markers_set_highlighted (jx_session_get_markers (self->session), NULL, 0);
  else if (self->picked->len == 1)
    jx_session_show_marker (self->session, g_ptr_array_index (self->picked, 0));
  else if (self->picked->len == 2 && !distinct_traces (self))
    jx_session_zoom_to_markers (self->session, g_ptr_array_index (self->picked, 0), g_ptr_array_index (self->picked, 1));
  else if (distinct_traces (self))
    align_picked (self);
  else
    jx_session_markers_set_highlighted (jx_session_get_markers (self->session),
                                        (JxSessionMarker **) self->picked->pdata, self->picked->len);
}

/* Actions --------------------------------------------------------------------- */

static void
zoom_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  JxMarkerView *self = JX_MARKER_VIEW (widget);

  if (self->session != NULL && self->picked->len == 2)
    jx_session_zoom_to_markers (self->session, g_ptr_array_index (self->picked, 0), g_ptr_array_index (self->picked, 1));
}

static void
align_action (GtkWidget  *widget,
              const char *name,
              GVariant   *parameter)
{
  JxMarkerView *self = JX_MARKER_VIEW (widget);

  if (self->session != NULL && self->picked->len >= 2)
    align_picked (self);
}

static void
remove_action (GtkWidget  *widget,
               const char *name,
               GVariant   *parameter)
{
  JxMarkerView *self = JX_MARKER_VIEW (widget);
  g_autoptr(GPtrArray) picked = NULL;
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->session == NULL)
    return;
  picked = g_ptr_array_copy (self->picked, (GCopyFunc) (void (*) (void)) g_object_ref, NULL);
  g_ptr_array_set_free_func (picked, g_object_unref);
  for (guint i = 0; i < picked->len; i++)
    jx_marker_remove_confirmed (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->session,
                                g_ptr_array_index (picked, i));
}

static void
popup_menu (JxMarkerView *self,
            double        x,
            double        y)
{
  GdkRectangle rect = { (int) x, (int) y, 1, 1 };

  if (self->menu == NULL)
    {
      g_autoptr(GMenu) menu = g_menu_new ();

      g_menu_append (menu, _("_Zoom to the Two Markers"), "markers.zoom");
      g_menu_append (menu, _("_Align Traces at the Selected Markers"), "markers.align");
      g_menu_append (menu, _("_Remove Marker"), "markers.remove");
      self->menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->menu), FALSE);
      gtk_widget_set_halign (self->menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->menu, GTK_WIDGET (self));
    }
  gtk_popover_set_pointing_to (GTK_POPOVER (self->menu), &rect);
  gtk_popover_popup (GTK_POPOVER (self->menu));
}

/* Ctrl+click toggles one row. GTK 4.8's column view lets the cell and the
 * row each toggle it, which undoes the click; this takes it first. */
static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            JxMarkerView    *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  GtkWidget *picked;
  GtkListItem *item = NULL;
  guint position;

  if ((state & GDK_CONTROL_MASK) == 0 || (state & GDK_SHIFT_MASK) != 0)
    return;
  picked = gtk_widget_pick (GTK_WIDGET (self->column_view), x, y, GTK_PICK_DEFAULT);
  for (; picked != NULL && item == NULL; picked = gtk_widget_get_parent (picked))
    item = g_object_get_data (G_OBJECT (picked), "list-item");
  if (item == NULL || (position = gtk_list_item_get_position (item)) == GTK_INVALID_LIST_POSITION)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (self->selection), position))
    gtk_selection_model_unselect_item (GTK_SELECTION_MODEL (self->selection), position);
  else
    gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, FALSE);
}

static void
on_secondary_click (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    JxMarkerView    *self)
{
  graphene_point_t p;

  if (gtk_widget_compute_point (GTK_WIDGET (self->column_view), GTK_WIDGET (self), &GRAPHENE_POINT_INIT (x, y), &p))
    popup_menu (self, p.x, p.y);
}

static void
menu_action (GtkWidget  *widget,
             const char *name,
             GVariant   *parameter)
{
  popup_menu (JX_MARKER_VIEW (widget), gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 3.0);
}

/* Object ---------------------------------------------------------------------- */

static void
jx_marker_view_dispose (GObject *object)
{
  JxMarkerView *self = JX_MARKER_VIEW (object);

  jx_marker_view_set_session (self, NULL);
  g_clear_pointer (&self->menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_MARKER_VIEW);
  g_clear_object (&self->session_signals);
  g_clear_object (&self->marker_signals);
  g_clear_object (&self->selection);
  g_clear_object (&self->groups);
  g_clear_pointer (&self->picked, g_ptr_array_unref);

  G_OBJECT_CLASS (jx_marker_view_parent_class)->dispose (object);
}

static void
jx_marker_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, JX_MARKER_VIEW (object)->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_marker_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_SESSION:
      jx_marker_view_set_session (JX_MARKER_VIEW (object), g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
jx_marker_view_class_init (JxMarkerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_marker_view_dispose;
  object_class->get_property = jx_marker_view_get_property;
  object_class->set_property = jx_marker_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, JX_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The report of an alignment at markers, for the window to show. */
  signals[ALIGNED] = g_signal_new ("aligned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 1, JX_TYPE_ALIGN_REPORT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-marker-view.ui");
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, box);
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, group_dropdown);
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, stack);
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, column_view);
  gtk_widget_class_bind_template_child (widget_class, JxMarkerView, hint);

  gtk_widget_class_install_action (widget_class, "markers.zoom", NULL, zoom_action);
  gtk_widget_class_install_action (widget_class, "markers.align", NULL, align_action);
  gtk_widget_class_install_action (widget_class, "markers.remove", NULL, remove_action);
  gtk_widget_class_install_action (widget_class, "markers.menu", NULL, menu_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Delete, 0, "markers.remove", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Delete, 0, "markers.remove", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Menu, 0, "markers.menu", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F10, GDK_SHIFT_MASK, "markers.menu", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "jxmarkerview");
}

static void
jx_marker_view_init (JxMarkerView *self)
{
  GtkGesture *gesture;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->picked = g_ptr_array_new_with_free_func (g_object_unref);

  self->groups = gtk_string_list_new (NULL);
  gtk_string_list_append (self->groups, _("All Groups"));
  gtk_drop_down_set_model (self->group_dropdown, G_LIST_MODEL (self->groups));

  self->filter = gtk_custom_filter_new (filter_marker, self, NULL);
  self->filtered = gtk_filter_list_model_new (NULL, GTK_FILTER (self->filter));
  add_columns (self);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (self->filtered),
                                          g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect_swapped (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self);
  /* After the filter took in a change of the markers, the counts are right. */
  g_signal_connect_swapped (self->filtered, "items-changed", G_CALLBACK (update_state), self);

  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (on_filter_changed), self);
  g_signal_connect_swapped (self->group_dropdown, "notify::selected", G_CALLBACK (on_filter_changed), self);

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_secondary_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self->column_view), GTK_EVENT_CONTROLLER (gesture));

  self->session_signals = g_signal_group_new (JX_TYPE_SESSION);
  g_signal_group_connect_swapped (self->session_signals, "notify::dark", G_CALLBACK (gtk_widget_queue_draw), self);
  self->marker_signals = g_signal_group_new (JX_TYPE_SESSION_MARKERS);
  g_signal_group_connect_swapped (self->marker_signals, "items-changed", G_CALLBACK (on_markers_changed), self);

  update_actions (self);
  update_state (self);
}

GtkWidget *
jx_marker_view_new (JxSession *session)
{
  return g_object_new (JX_TYPE_MARKER_VIEW, "session", session, NULL);
}

JxSession *
jx_marker_view_get_session (JxMarkerView *self)
{
  g_return_val_if_fail (JX_IS_MARKER_VIEW (self), NULL);
  return self->session;
}

void
jx_marker_view_set_session (JxMarkerView *self,
                            JxSession    *session)
{
  JxSessionMarkers *markers;

  g_return_if_fail (JX_IS_MARKER_VIEW (self));
  g_return_if_fail (session == NULL || JX_IS_SESSION (session));

  if (self->session == session)
    return;
  g_set_object (&self->session, session);
  markers = session != NULL ? jx_session_get_markers (session) : NULL;
  if (self->session_signals != NULL)
    g_signal_group_set_target (self->session_signals, session);
  if (self->marker_signals != NULL)
    g_signal_group_set_target (self->marker_signals, markers);
  if (self->filtered != NULL)
    gtk_filter_list_model_set_model (self->filtered, G_LIST_MODEL (markers));
  if (self->picked != NULL)
    g_ptr_array_set_size (self->picked, 0);
  if (self->groups != NULL)
    {
      on_markers_changed (self);
      update_state (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* For tests ------------------------------------------------------------------- */

guint
jx_marker_view_get_n_rows (JxMarkerView *self)
{
  g_return_val_if_fail (JX_IS_MARKER_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->selection));
}

JxSessionMarker *
jx_marker_view_get_row (JxMarkerView *self,
                        guint         position)
{
  JxSessionMarker *m;

  g_return_val_if_fail (JX_IS_MARKER_VIEW (self), NULL);

  /* The session's list holds it; the row gives a borrowed pointer. */
  m = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (m != NULL)
    g_object_unref (m);
  return m;
}

void
jx_marker_view_select_row (JxMarkerView *self,
                           guint         position,
                           gboolean      extend)
{
  g_return_if_fail (JX_IS_MARKER_VIEW (self));

  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, !extend);
}

void
jx_marker_view_set_filter (JxMarkerView *self,
                           const char   *text,
                           const char   *group)
{
  guint n;

  g_return_if_fail (JX_IS_MARKER_VIEW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  n = g_list_model_get_n_items (G_LIST_MODEL (self->groups));
  gtk_drop_down_set_selected (self->group_dropdown, 0);
  for (guint i = 1; group != NULL && i < n; i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->groups, i), group) == 0)
      gtk_drop_down_set_selected (self->group_dropdown, i);
  /* The entry's search-changed comes after a delay; tests want it now. */
  on_filter_changed (self);
}

void
jx_marker_view_sort_by (JxMarkerView *self,
                        const char   *column,
                        GtkSortType   order)
{
  g_return_if_fail (JX_IS_MARKER_VIEW (self));

  for (guint c = 0; c < N_COLUMNS; c++)
    if (g_strcmp0 (column_title (c), column) == 0)
      gtk_column_view_sort_by_column (self->column_view, self->columns[c], order);
}
