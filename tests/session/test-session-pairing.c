/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-session-pairing.c — pairing streams by hand in a session, without a
 * display: the two streams become partners and their former partners swap,
 * only those pairs are aligned again (every other pair is the very same
 * object, with its bar), the result is what the engine gives with the same
 * overrides, undo and redo pair again as one step each, a saved
 * comparison keeps the hand pairing, "pair automatically again" drops the
 * hand pairings of one or all traces in one step, and another reference
 * drops them with their undo steps. */
#include "config.h"

#include <string.h>

#include "jx-comparison-repair.h"
#include "jx-session-file-apply.h"
#include "jx-session-pairing.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-trace-generator.h"
#include "jx-trace-loader.h"

typedef struct
{
  JxSessionTrace *item;
  JxComparison   *before;
} Wait;

static gboolean
repaired (gpointer data)
{
  Wait *wait = data;

  return jx_session_trace_get_comparison (wait->item) != wait->before &&
         jx_session_trace_get_comparison_state (wait->item) == JX_SESSION_COMPARISON_DONE;
}

static gboolean
compared (gpointer item)
{
  return jx_session_trace_get_comparison_state (item) == JX_SESSION_COMPARISON_DONE;
}

/* Waits for item's comparison to be another than `before`, done. */
static JxComparison *
wait_repaired (JxSessionTrace *item,
               JxComparison   *before)
{
  Wait wait = { item, before };

  g_assert_true (jx_test_wait_until (repaired, &wait, 60));
  return jx_session_trace_get_comparison (item);
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

static void
test_swap_undo_redo (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (3, 6, &a, &b);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(JxComparison) direct = NULL;
  g_autoptr(JxTrace) ta = NULL;
  g_autoptr(JxTrace) tb = NULL;
  JxSessionTrace *item;
  JxComparison *first, *swapped, *undone, *redone;
  const JxComparisonPair *kept;
  const JxComparisonPair *bar;
  const char *const *overrides;
  JxSessionTrace *other;
  gboolean side_b, by_hand;
  guint n_overrides;

  jx_session_add_path (session, a);
  item = jx_session_add_path (session, b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared, item, 60));
  first = jx_session_trace_get_comparison (item);
  g_assert_cmpuint (jx_comparison_get_n_aligned (first), ==, 3);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 0);
  g_assert_false (by_hand);
  kept = pair_of_a (first, 2);
  g_assert_false (jx_session_can_undo (session));

  /* Stream 0 of A with stream 1 of B: their partners swap. */
  g_assert_true (jx_session_pair_streams (session, item, 0, 1, &error));
  g_assert_no_error (error);
  g_assert_true (jx_session_can_undo (session));
  /* The step names itself: not "Time Shift". */
  g_assert_cmpstr (jx_session_get_undo_label (session), ==, "_Undo Pairing");
  swapped = wait_repaired (item, first);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 1);
  g_assert_true (by_hand);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 0);
  g_assert_cmpuint (jx_session_get_partner (session, item, FALSE, 1, NULL), ==, 0);
  g_assert_cmpint (jx_comparison_pair_get_method (pair_of_a (swapped, 0)), ==, JX_PAIRED_BY_USER);
  overrides = jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item));
  g_assert_cmpuint (g_strv_length ((char **) overrides), ==, 4);

  /* Only the two changed pairs were aligned; the third is the same pair,
   * and still the bar of its streams. */
  g_assert_cmpuint (jx_comparison_get_n_aligned (swapped), ==, 2);
  g_assert_cmpuint (jx_trace_comparison_get_n_repaired (jx_session_trace_get_trace_comparison (item)), ==, 2);
  g_assert_true (pair_of_a (swapped, 2) == kept);
  g_assert_true (jx_session_get_diff_bar (session, item, kept->stream_b, &bar, &side_b, &other));
  g_assert_true (bar == kept);
  g_assert_true (jx_session_get_diff_bar (session, item, 1, &bar, &side_b, &other));
  g_assert_true (bar == pair_of_a (swapped, 0));

  /* The engine with the same overrides (the CLI's --pair) gives the same. */
  ta = jx_trace_load (a, NULL, NULL, NULL, NULL, NULL);
  tb = jx_trace_load (b, NULL, NULL, NULL, NULL, NULL);
  {
    JxComparisonOptions options;
    const JxNamePair *names = jx_comparison_get_pair_overrides (swapped, &n_overrides);

    g_assert_cmpuint (n_overrides, ==, 2);
    jx_comparison_options_init (&options);
    options.pair_overrides = names;
    options.n_pair_overrides = n_overrides;
    direct = jx_comparison_run (ta, tb, &options, NULL, &error);
    g_assert_no_error (error);
  }
  g_assert_cmpuint (jx_comparison_get_n_pairs (direct), ==, jx_comparison_get_n_pairs (swapped));
  for (guint i = 0; i < jx_comparison_get_n_pairs (direct); i++)
    {
      const JxComparisonPair *p = jx_comparison_get_pair (direct, i);
      const JxComparisonPair *q = jx_comparison_get_pair (swapped, i);

      g_assert_cmpuint (p->stream_a, ==, q->stream_a);
      g_assert_cmpuint (p->stream_b, ==, q->stream_b);
      g_assert_cmpint (jx_comparison_pair_get_method (p), ==, jx_comparison_pair_get_method (q));
      g_assert_cmpfloat (p->similarity, ==, q->similarity);
    }

  /* Undo: the pairing by name again, in one step; the kept pair stays. */
  jx_session_undo (session);
  undone = wait_repaired (item, swapped);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 0);
  g_assert_false (by_hand);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 1);
  g_assert_true (pair_of_a (undone, 2) == kept);
  g_assert_cmpuint (jx_comparison_get_n_aligned (undone), ==, 2);
  g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item))[0]);
  g_assert_false (jx_session_can_undo (session));
  g_assert_true (jx_session_can_redo (session));
  g_assert_cmpstr (jx_session_get_undo_label (session), ==, "_Undo");
  g_assert_cmpstr (jx_session_get_redo_label (session), ==, "_Redo Pairing");

  /* Redo pairs by hand again. */
  jx_session_redo (session);
  redone = wait_repaired (item, undone);
  g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 1);
  g_assert_true (pair_of_a (redone, 2) == kept);

  /* Undo at once, while the repair runs: it starts from the whole result
   * again, and still aligns only the changed pairs. */
  g_assert_true (jx_session_pair_streams (session, item, 1, 2, &error));
  g_assert_no_error (error);
  jx_session_undo (session);
  {
    JxComparison *quick = wait_repaired (item, redone);

    g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, NULL), ==, 1);
    g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 1, NULL), ==, 0);
    g_assert_true (pair_of_a (quick, 2) == kept);
    g_assert_cmpuint (jx_comparison_get_n_aligned (quick), <=, 2);
    redone = quick;
  }

  /* Partners already: nothing to do, no step. */
  g_assert_true (jx_session_pair_streams (session, item, 0, 1, &error));
  g_assert_true (jx_session_trace_get_comparison (item) == redone);

  /* Back to the automatic pairing, one more step. */
  jx_session_clear_hand_pairing (session, item);
  {
    JxComparison *cleared = wait_repaired (item, redone);

    g_assert_cmpuint (jx_session_get_partner (session, item, TRUE, 0, &by_hand), ==, 0);
    g_assert_false (by_hand);
    g_assert_true (pair_of_a (cleared, 2) == kept);
    g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item))[0]);
    redone = cleared;
  }
  g_assert_cmpstr (jx_session_get_undo_label (session), ==, "_Undo Automatic Pairing");
  /* An offset on top: its own label, and the pairing's again after undo. */
  jx_session_set_offset (session, item, 1000);
  g_assert_cmpstr (jx_session_get_undo_label (session), ==, "_Undo Time Shift");
  jx_session_undo (session);
  g_assert_cmpstr (jx_session_get_undo_label (session), ==, "_Undo Automatic Pairing");
  g_assert_cmpstr (jx_session_get_redo_label (session), ==, "_Redo Time Shift");

  /* A stream that does not exist. */
  g_assert_false (jx_session_pair_streams (session, item, 0, 99, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);

  g_clear_object (&session);
  jx_test_remove_tree (dir);
}

/* A saved comparison keeps the hand pairing; opening it pairs the same
 * streams by hand from the start. A file of version 1 (without them)
 * opens with the automatic pairing. */
static void
test_saved (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (3, 4, &a, &b);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(JxSession) opened = jx_session_new ();
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(JxSessionFile) back = NULL;
  g_autoptr(JxSessionFile) old = NULL;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *old_text = NULL;
  JxSessionTrace *item;
  char *line;
  gsize length;

  jx_session_add_path (session, a);
  item = jx_session_add_path (session, b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared, item, 60));
  g_assert_true (jx_session_pair_streams (session, item, 2, 0, &error));
  wait_repaired (item, NULL);
  g_assert_true (jx_test_wait_until (compared, item, 60));

  file = jx_session_file_capture (session);
  g_assert_null (((JxSessionFileTrace *) file->traces->pdata[0])->paired_by_hand);
  g_assert_nonnull (((JxSessionFileTrace *) file->traces->pdata[1])->paired_by_hand);
  text = jx_session_file_to_data (file, "/tmp/pairing.juxtrace", &length);
  g_assert_nonnull (strstr (text, "PairedByHand="));
  back = jx_session_file_load_data (text, length, "/tmp/pairing.juxtrace", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->warnings->len, ==, 0);

  missing = jx_session_file_apply (back, opened);
  g_assert_cmpuint (missing->len, ==, 0);
  jx_test_wait_for_loads (opened);
  item = jx_session_peek_item (opened, 1);
  g_assert_true (jx_test_wait_until (compared, item, 60));
  g_assert_cmpuint (jx_session_get_partner (opened, item, TRUE, 2, NULL), ==, 0);
  g_assert_cmpuint (jx_session_get_partner (opened, item, FALSE, 2, NULL), ==, 0);
  g_assert_true (g_strv_equal (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item)),
                               jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (
                                 jx_session_peek_item (session, 1)))));
  /* Opening is not an undoable step. */
  g_assert_false (jx_session_can_undo (opened));

  /* The same file as version 1 wrote it: no hand pairing. */
  old_text = g_strdup (text);
  line = strstr (old_text, "PairedByHand=");
  g_assert_nonnull (line);
  *line = '\0';
  old = jx_session_file_load_data (old_text, strlen (old_text), "/tmp/pairing.juxtrace", &error);
  g_assert_no_error (error);
  g_assert_null (((JxSessionFileTrace *) old->traces->pdata[1])->paired_by_hand);

  g_clear_object (&session);
  g_clear_object (&opened);
  jx_test_remove_tree (dir);
}

/* "Pair All Streams Automatically Again": the hand pairings of both
 * compared traces go in one undo step, each aligning again only the pairs
 * that change; undo brings both back, still one step. For one trace, only
 * its own go. */
static void
test_clear_all (void)
{
  g_autofree char *a = NULL, *b = NULL, *a2 = NULL, *c = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (3, 6, &a, &b);
  g_autofree char *dir2 = jx_test_generate_variant_pair (3, 6, JX_VARIANT_FASTER_KERNEL, &a2, &c);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GError) error = NULL;
  JxSessionTrace *ref, *item_b, *item_c;
  JxComparison *first_b, *first_c, *paired_b, *paired_c, *again_b, *again_c;
  const JxComparisonPair *kept_b, *kept_c;

  ref = jx_session_add_path (session, a);
  item_b = jx_session_add_path (session, b);
  item_c = jx_session_add_path (session, c);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared, item_b, 60));
  g_assert_true (jx_test_wait_until (compared, item_c, 60));
  g_assert_false (jx_session_has_hand_pairing (session, NULL));
  /* Nothing paired by hand: no step. */
  jx_session_clear_hand_pairing (session, NULL);
  g_assert_false (jx_session_can_undo (session));

  first_b = jx_session_trace_get_comparison (item_b);
  first_c = jx_session_trace_get_comparison (item_c);
  g_assert_true (jx_session_pair_streams (session, item_b, 0, 1, &error));
  g_assert_no_error (error);
  paired_b = wait_repaired (item_b, first_b);
  g_assert_true (jx_session_pair_streams (session, item_c, 1, 2, &error));
  g_assert_no_error (error);
  paired_c = wait_repaired (item_c, first_c);
  kept_b = pair_of_a (paired_b, 2);
  kept_c = pair_of_a (paired_c, 0);
  g_assert_true (jx_session_has_hand_pairing (session, NULL));
  g_assert_true (jx_session_has_hand_pairing (session, ref));
  g_assert_true (jx_session_has_hand_pairing (session, item_b));
  g_assert_true (jx_session_has_hand_pairing (session, item_c));

  /* The reference's "again" (or NULL) is every compared trace's: one step. */
  jx_session_clear_hand_pairing (session, ref);
  again_b = wait_repaired (item_b, paired_b);
  again_c = wait_repaired (item_c, paired_c);
  g_assert_false (jx_session_has_hand_pairing (session, NULL));
  g_assert_cmpuint (jx_session_get_partner (session, item_b, TRUE, 0, NULL), ==, 0);
  g_assert_cmpuint (jx_session_get_partner (session, item_c, TRUE, 1, NULL), ==, 1);
  /* Only the two swapped pairs of each were aligned again. */
  g_assert_cmpuint (jx_trace_comparison_get_n_repaired (jx_session_trace_get_trace_comparison (item_b)), ==, 2);
  g_assert_cmpuint (jx_trace_comparison_get_n_repaired (jx_session_trace_get_trace_comparison (item_c)), ==, 2);
  g_assert_true (pair_of_a (again_b, 2) == kept_b);
  g_assert_true (pair_of_a (again_c, 0) == kept_c);

  /* One undo brings both hand pairings back. */
  jx_session_undo (session);
  paired_b = wait_repaired (item_b, again_b);
  paired_c = wait_repaired (item_c, again_c);
  g_assert_cmpuint (jx_session_get_partner (session, item_b, TRUE, 0, NULL), ==, 1);
  g_assert_cmpuint (jx_session_get_partner (session, item_c, TRUE, 1, NULL), ==, 2);
  g_assert_true (jx_session_can_undo (session));
  jx_session_undo (session);
  again_c = wait_repaired (item_c, paired_c);
  g_assert_true (jx_session_has_hand_pairing (session, item_b));
  g_assert_false (jx_session_has_hand_pairing (session, item_c));
  jx_session_redo (session);
  wait_repaired (item_c, again_c);

  /* One trace's: the other keeps its own. */
  jx_session_clear_hand_pairing (session, item_b);
  wait_repaired (item_b, paired_b);
  g_assert_false (jx_session_has_hand_pairing (session, item_b));
  g_assert_true (jx_session_has_hand_pairing (session, item_c));
  g_assert_cmpuint (jx_session_get_partner (session, item_c, TRUE, 1, NULL), ==, 2);

  g_clear_object (&session);
  jx_test_remove_tree (dir);
  jx_test_remove_tree (dir2);
}

/* Another reference: the hand pairings (named against the old one) go,
 * and so do their undo and redo steps, while an offset step stays. */
static void
test_reference_change (void)
{
  g_autofree char *a = NULL, *b = NULL;
  g_autofree char *dir = jx_test_generate_remove_pair (3, 6, &a, &b);
  g_autoptr(JxSession) session = jx_session_new ();
  g_autoptr(GError) error = NULL;
  JxSessionTrace *ref, *item;
  JxComparison *first, *paired;

  ref = jx_session_add_path (session, a);
  item = jx_session_add_path (session, b);
  jx_test_wait_for_loads (session);
  g_assert_true (jx_test_wait_until (compared, item, 60));
  jx_session_set_offset (session, item, 1000);
  first = jx_session_trace_get_comparison (item);
  g_assert_true (jx_session_pair_streams (session, item, 0, 1, &error));
  g_assert_no_error (error);
  paired = wait_repaired (item, first);
  g_assert_true (jx_session_pair_streams (session, item, 1, 2, &error));
  g_assert_no_error (error);
  wait_repaired (item, paired);
  /* One pairing step undone: a redo step of it too. */
  jx_session_undo (session);
  g_assert_true (jx_session_can_redo (session));

  jx_session_set_reference (session, item);
  g_assert_false (jx_session_has_hand_pairing (session, NULL));
  g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item))[0]);
  g_assert_false (jx_session_can_redo (session));
  g_assert_true (jx_session_can_undo (session));
  g_assert_true (jx_test_wait_until (compared, ref, 60));

  /* The one step left is the offset's; undo pairs nothing. */
  jx_session_undo (session);
  g_assert_cmpint (jx_session_trace_get_offset (item), ==, 0);
  g_assert_false (jx_session_can_undo (session));
  g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (ref))[0]);
  g_assert_null (jx_trace_comparison_get_overrides (jx_session_trace_get_trace_comparison (item))[0]);

  g_clear_object (&session);
  jx_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/session/pairing/swap-undo-redo", test_swap_undo_redo);
  g_test_add_func ("/session/pairing/saved", test_saved);
  g_test_add_func ("/session/pairing/clear-all", test_clear_all);
  g_test_add_func ("/session/pairing/reference-change", test_reference_change);
  return g_test_run ();
}
