/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-pairing.c — "Compare With…" in the window: a stream's row menu
 * offers it, its dialog lists the partner trace's streams (searchable,
 * with their structural similarity, the current partner marked), and
 * choosing one pairs the two by hand through trace.pair-streams: the pair's
 * result changes, the other pair is the very same object and its bars get
 * no change signal, no row is laid out again; Ctrl+Z restores the pairing, Ctrl+Shift+Z redoes it,
 * and the Undo and Redo items (and their buttons' tooltips) name the pairing step.
 * The reference's rows offer it too, listing the compared trace's streams. */
#include "config.h"

#include <adwaita.h>

#include "jx-compare-with-dialog.h"
#include "jx-comparison-repair.h"
#include "jx-master-timeline.h"
#include "jx-session-pairing.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-timeline-private.h"
#include "jx-window-private.h"

static gboolean have_display;

typedef struct
{
  JxSessionTrace *item;
  JxComparison   *before;
} Wait;

static gboolean
is_done (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

static gboolean
repaired (gpointer data)
{
  Wait *wait = data;

  return jx_session_trace_get_comparison (wait->item) != wait->before && is_done (wait->item);
}

static JxComparison *
wait_repaired (JxSessionTrace *item,
               JxComparison   *before)
{
  Wait wait = { item, before };

  g_assert_true (jx_test_wait_until (repaired, &wait, 60));
  return jx_session_trace_get_comparison (item);
}

static gboolean
has_similarity (gpointer dialog)
{
  return jx_compare_with_dialog_has_similarity (dialog);
}

static const JxComparisonPair *
pair_of_a (JxComparison *cmp,
           guint32       stream_a)
{
  for (guint i = 0; i < jx_comparison_get_n_pairs (cmp); i++)
    if (jx_comparison_get_pair (cmp, i)->stream_a == stream_a)
      return jx_comparison_get_pair (cmp, i);
  g_assert_not_reached ();
}

/* Bar changes per trace and stream, "item:stream". */
static void
on_bar_changed (JxDiffBarModel *model,
                JxSessionTrace *item,
                guint           stream,
                GHashTable     *changes)
{
  char *key = g_strdup_printf ("%p:%u", (void *) item, stream);

  g_hash_table_insert (changes, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (changes, key)) + 1));
}

static void
on_rows_changed (JxDiffBarModel *model,
                 JxSessionTrace *item,
                 guint          *count)
{
  (*count)++;
}

static guint
n_changes (GHashTable     *changes,
           JxSessionTrace *item,
           guint           stream)
{
  g_autofree char *key = g_strdup_printf ("%p:%u", (void *) item, stream);

  return GPOINTER_TO_UINT (g_hash_table_lookup (changes, key));
}

/* The menu of `item`'s lane opened over the row of `stream`; returns the
 * lane. */
static JxTraceTimeline *
open_menu (JxWindow       *window,
           JxSessionTrace *item,
           guint32         stream)
{
  JxTraceTimeline *lane = jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), item);
  int y = 0, h = 0;

  g_assert_true (jx_timeline_canvas_get_stream_span (lane->canvas, stream, &y, &h));
  _jx_trace_timeline_popup_menu (lane, 40, y + h / 2.0);
  g_assert_cmpuint (lane->menu_stream, ==, stream);
  return lane;
}

/* The Compare With dialog on screen, NULL when there is none. */
static GtkWidget *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window) && g_object_get_data (G_OBJECT (window), "jx-picker") != NULL &&
          gtk_widget_get_visible (window))
        return window;
    }
  return NULL;
}

/* A window comparing two generated traces (in *dir, to remove), presented,
 * both loaded and compared: *ref the reference, *item the other. */
static JxWindow *
open_window (char           **dir,
             JxSessionTrace **ref,
             JxSessionTrace **item)
{
  g_autofree char *a = NULL, *b = NULL;
  JxWindow *window = jx_window_new (NULL);
  JxSession *session = jx_window_get_session (window);
  const char *paths[3] = { NULL, NULL, NULL };

  *dir = jx_test_generate_remove_pair (3, 6, &a, &b);
  paths[0] = a;
  paths[1] = b;
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  jx_window_open_paths (window, paths, FALSE);
  jx_test_wait_for_loads (session);
  *ref = jx_test_item_at (session, 0);
  *item = jx_test_item_at (session, 1);
  g_assert_true (jx_test_wait_until (is_done, *item, 60));
  jx_test_wait_allocated (GTK_WIDGET (window));
  jx_test_spin (200);
  return window;
}

static void
test_compare_with (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GHashTable) changes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *label = NULL;
  JxWindow *window;
  JxSession *session;
  JxSessionTrace *ref, *item;
  JxTraceTimeline *lane;
  JxComparison *first, *swapped, *undone, *redone;
  const JxComparisonPair *kept, *changed;
  GtkWidget *dialog;
  gboolean by_hand;
  guint rows_changed = 0;

  if (!have_display)
    {
      g_test_skip ("needs a display");
      return;
    }
  window = open_window (&dir, &ref, &item);
  session = jx_window_get_session (window);
  first = jx_session_trace_get_comparison (item);
  kept = pair_of_a (first, 2);
  changed = pair_of_a (first, 0);
  g_signal_connect (jx_session_get_diff_bars (session), "bar-changed", G_CALLBACK (on_bar_changed), changes);
  g_signal_connect (jx_session_get_diff_bars (session), "rows-changed", G_CALLBACK (on_rows_changed), &rows_changed);

  /* A compared trace's row: the menu offers it, the dialog lists the
   * reference's three streams, the current partner marked. */
  lane = open_menu (window, item, 1);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "compare-with"));
  gtk_popover_popdown (GTK_POPOVER (lane->context_menu));
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.compare-with", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (jx_compare_with_dialog_get_n_shown (dialog), ==, 3);
  g_assert_true (jx_test_wait_until (has_similarity, dialog, 60));
  /* Searching narrows the list to the one stream named. */
  label = jx_session_stream_label (jx_session_trace_get_trace (ref), 0);
  jx_compare_with_dialog_search (dialog, label);
  g_assert_cmpuint (jx_compare_with_dialog_get_n_shown (dialog), ==, 1);
  g_assert_false (jx_compare_with_dialog_choose (dialog, 2));
  g_assert_true (jx_compare_with_dialog_choose (dialog, 0));
  jx_test_spin (50);
  g_assert_null (find_dialog ());

  /* Stream 0 of the reference and stream 1 of the trace are partners now,
   * their former partners too; the result of the pair changed. */
  swapped = wait_repaired (item, first);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 1);
  g_assert_true (by_hand);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 0);
  g_assert_true (pair_of_a (swapped, 0) != changed);
  g_assert_cmpuint (pair_of_a (swapped, 0)->stream_b, ==, 1);
  /* The third pair was not computed again, its bars not touched. */
  g_assert_true (pair_of_a (swapped, 2) == kept);
  g_assert_cmpuint (jx_comparison_get_n_aligned (swapped), ==, 2);
  g_assert_cmpuint (n_changes (changes, item, kept->stream_b), ==, 0);
  g_assert_cmpuint (n_changes (changes, ref, kept->stream_a), ==, 0);
  g_assert_cmpuint (n_changes (changes, item, 1), >, 0);
  g_assert_cmpuint (n_changes (changes, ref, 0), >, 0);
  /* A swap keeps every row: nothing is laid out again. */
  g_assert_cmpuint (rows_changed, ==, 0);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (window)));
  g_assert_true (jx_session_can_undo (session));

  /* Ctrl+Z: paired as before, in one step; Ctrl+Shift+Z again by hand. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  undone = wait_repaired (item, swapped);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 0);
  g_assert_false (by_hand);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 1);
  g_assert_true (pair_of_a (undone, 2) == kept);
  g_assert_false (jx_session_can_undo (session));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  redone = wait_repaired (item, undone);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 1);
  g_assert_true (pair_of_a (redone, 2) == kept);
  g_assert_cmpuint (n_changes (changes, item, kept->stream_b), ==, 0);

  /* The reference's row lists the compared trace's streams. */
  lane = open_menu (window, ref, 2);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "compare-with"));
  gtk_popover_popdown (GTK_POPOVER (lane->context_menu));
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.compare-with", NULL);
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpuint (jx_compare_with_dialog_get_n_shown (dialog), ==, 3);
  gtk_window_close (GTK_WINDOW (dialog));
  jx_test_spin (50);

  /* The action itself, on the reference's timeline: its stream 2 with
   * stream 0 of the trace at position 1; their partners swap. */
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.pair-streams", "(iuu)", 1, 2, 0);
  swapped = wait_repaired (item, redone);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 2, &by_hand), ==, 0);
  g_assert_true (by_hand);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 2);
  g_assert_cmpuint (jx_comparison_get_n_aligned (swapped), ==, 2);
  /* Undo goes back one step: to the pairing the redo made. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  wait_repaired (item, swapped);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 1);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 2, NULL), ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (100);
  jx_test_remove_tree (dir);
}

/* "Pair Streams Automatically Again" in a row's menu and "Pair All Streams
 * Automatically Again" in the window's menu: shown only while a stream is
 * paired by hand; each is one undo step that aligns only the changed pairs
 * again (the third pair is the very same object, its bars untouched).
 * Making the other trace the reference drops the hand pairing and its undo
 * steps: Ctrl+Z then pairs nothing. */
/* The label of the main menu's item of action, as the menu shows it. */
static char *
menu_label (JxWindow   *window,
            const char *action)
{
  GMenuModel *section = G_MENU_MODEL (window->history_section);

  for (int i = 0; i < g_menu_model_get_n_items (section); i++)
    {
      g_autofree char *name = NULL;
      char *label = NULL;

      if (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action)
          && g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        return label;
    }
  return NULL;
}

/* The Undo and Redo items and their buttons' tooltips name the step. */
static void
assert_history_labels (JxWindow   *window,
                       const char *undo,
                       const char *redo)
{
  g_autofree char *undo_item = menu_label (window, "win.undo");
  g_autofree char *redo_item = menu_label (window, "win.redo");
  g_autofree char *undo_tip = g_strdup_printf ("%s (Ctrl+Z)", undo);
  g_autofree char *redo_tip = g_strdup_printf ("%s (Ctrl+Shift+Z)", redo);
  g_autofree char *undo_mnemonic = g_strconcat ("_", undo, NULL);
  g_autofree char *redo_mnemonic = g_strconcat ("_", redo, NULL);

  g_assert_cmpstr (undo_item, ==, undo_mnemonic);
  g_assert_cmpstr (redo_item, ==, redo_mnemonic);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->undo_button), ==, undo_tip);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->redo_button), ==, redo_tip);
}

static void
test_pair_again (void)
{
  g_autofree char *dir = NULL;
  g_autoptr(GHashTable) changes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  JxWindow *window;
  JxSession *session;
  JxSessionTrace *ref, *item;
  JxTraceTimeline *lane, *ref_lane;
  JxComparison *first, *paired, *again;
  const JxComparisonPair *kept;
  GtkWidget *probe;
  gboolean by_hand;

  if (!have_display)
    {
      g_test_skip ("needs a display");
      return;
    }
  window = open_window (&dir, &ref, &item);
  session = jx_window_get_session (window);
  first = jx_session_trace_get_comparison (item);
  kept = pair_of_a (first, 2);
  /* A button of win.pair-again is sensitive as long as the action is
   * enabled. */
  probe = gtk_button_new ();
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), "win.pair-again");
  gtk_box_append (GTK_BOX (window->history_box), probe);

  assert_history_labels (window, "Undo", "Redo");

  /* Nothing paired by hand: neither is offered. */
  lane = open_menu (window, item, 1);
  gtk_popover_popdown (GTK_POPOVER (lane->context_menu));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "pair-again"));
  g_assert_false (gtk_widget_get_sensitive (probe));

  /* Paired by hand: both are, on the reference's rows too. */
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.pair-streams", "(iuu)", 0, 1, 0);
  paired = wait_repaired (item, first);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 1);
  g_assert_true (by_hand);
  assert_history_labels (window, "Undo Pairing", "Redo");
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "pair-again"));
  ref_lane = jx_master_timeline_get_trace_timeline (jx_window_get_master_timeline (window), ref);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (ref_lane->actions), "pair-again"));
  g_assert_true (gtk_widget_get_sensitive (probe));
  g_signal_connect (jx_session_get_diff_bars (session), "bar-changed", G_CALLBACK (on_bar_changed), changes);

  /* The row's item: by name again, one step; only the two swapped pairs
   * were aligned. */
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.pair-again", NULL);
  again = wait_repaired (item, paired);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 0);
  g_assert_false (by_hand);
  g_assert_cmpuint (jx_trace_comparison_get_n_repaired (jx_session_trace_get_trace_comparison (item)), ==, 2);
  g_assert_true (pair_of_a (again, 2) == kept);
  g_assert_cmpuint (n_changes (changes, item, kept->stream_b), ==, 0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (lane->actions), "pair-again"));
  g_assert_false (gtk_widget_get_sensitive (probe));
  assert_history_labels (window, "Undo Automatic Pairing", "Redo");

  /* Ctrl+Z: by hand again; then the window's menu item. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  paired = wait_repaired (item, again);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 1);
  assert_history_labels (window, "Undo Pairing", "Redo Automatic Pairing");
  g_assert_true (gtk_widget_get_sensitive (probe));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.pair-again", NULL);
  again = wait_repaired (item, paired);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 0);
  g_assert_true (pair_of_a (again, 2) == kept);
  g_assert_false (gtk_widget_get_sensitive (probe));

  /* Paired by hand once more, then B becomes the reference: the pairing
   * and its undo steps go; Ctrl+Z has nothing left to undo. */
  g_assert_true (jx_session_pair_streams (session, item, 0, 1, &error));
  g_assert_no_error (error);
  wait_repaired (item, again);
  g_assert_true (jx_session_can_undo (session));
  gtk_widget_activate_action (GTK_WIDGET (lane), "trace.make-reference", NULL);
  g_assert_true (jx_session_get_reference (session) == item);
  g_assert_false (jx_session_has_hand_pairing (session, NULL));
  g_assert_false (jx_session_can_undo (session));
  g_assert_false (gtk_widget_get_sensitive (probe));
  g_assert_true (jx_test_wait_until (is_done, ref, 60));
  g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (ref))[0]);

  gtk_window_destroy (GTK_WINDOW (window));
  jx_test_spin (100);
  jx_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  have_display = jx_test_widget_init (&argc, &argv);

  g_test_add_func ("/app/pairing/compare-with", test_compare_with);
  g_test_add_func ("/app/pairing/pair-again", test_pair_again);
  return g_test_run ();
}
