/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-diff-views.c — issue 15's widgets under a display, on generated
 * pairs whose change is known (generator variant faster-kernel: B's
 * stencil kernel takes half the time): the headline at the top of the
 * Comparison pane, a contributor picking its function, the diff-bar
 * controls, the timing bars' pixels in light and dark, the differential
 * tree table and the flame graph. */
#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "jx-comparison-pane.h"
#include "jx-comparison-status.h"
#include "jx-diff-controls.h"
#include "jx-master-timeline.h"
#include "jx-palette.h"
#include "jx-test-generate.h"
#include "jx-test-session.h"
#include "jx-test-util.h"
#include "jx-test-widget.h"
#include "jx-trace-generator.h"
#include "jx-trace-timeline-private.h"

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY() G_STMT_START { \
  if (!have_display) { g_test_skip ("no display"); return; } \
} G_STMT_END

typedef struct
{
  char      *dir;
  char      *a;
  char      *b;
  JxSession *session;
} Fixture;

static gboolean
compared (gpointer session)
{
  JxSessionTrace *b = jx_session_peek_item (session, 1);

  return b != NULL && jx_session_trace_get_comparison_state (b) == JX_SESSION_COMPARISON_DONE;
}

static void
fixture_open (Fixture *f,
              guint    variant)
{
  f->dir = jx_test_generate_variant_pair (2, 6, variant, &f->a, &f->b);
  f->session = jx_session_new ();
  jx_session_add_path (f->session, f->a);
  jx_session_add_path (f->session, f->b);
  jx_test_wait_for_loads (f->session);
  g_assert_true (jx_test_wait_until (compared, f->session, 60));
}

static void
fixture_close (Fixture *f)
{
  g_clear_object (&f->session);
  jx_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->a);
  g_free (f->b);
}

/* The header's comparison status of `item`'s lane: depth first. */
static const char *
header_text (GtkWidget      *master,
             JxSessionTrace *item)
{
  GtkWidget *status = GTK_WIDGET (jx_master_timeline_get_trace_timeline (JX_MASTER_TIMELINE (master), item));

  while (status != NULL && !JX_IS_COMPARISON_STATUS (status))
    {
      GtkWidget *child = gtk_widget_get_first_child (status);

      while (child == NULL && status != NULL)
        {
          child = gtk_widget_get_next_sibling (status);
          status = gtk_widget_get_parent (status);
        }
      status = child;
    }
  g_assert_nonnull (status);
  return jx_comparison_status_get_text (JX_COMPARISON_STATUS (status));
}

/* The name of the selected call's function. */
static const char *
selected_function (JxSession *session)
{
  JxSessionTrace *item;
  guint32 stream, inv;
  JxTrace *trace;

  if (!jx_session_get_selected_invocation (session, &item, &stream, &inv))
    return NULL;
  trace = jx_session_trace_get_trace (item);
  return jx_trace_get_region (trace, jx_trace_get_stream (trace, stream)->region[inv])->name;
}

/* B's kernel takes half the time: the header and the pane say that B is
 * faster, that the structure is identical, and that the kernel explains
 * the change; the pane's first contributor picks the kernel (search,
 * focus, a selected call) and lets go of it again. */
static void
test_headline (void)
{
  Fixture f;
  GtkWidget *pane, *window, *master, *button, *window2;
  JxHeadlineView *view;
  g_autofree char *text = NULL;
  const JxHeadline *h;
  const char *header;

  SKIP_WITHOUT_DISPLAY ();
  fixture_open (&f, JX_VARIANT_FASTER_KERNEL);
  h = jx_trace_comparison_get_headline (jx_session_trace_get_trace_comparison (jx_session_peek_item (f.session, 1)));
  g_assert_nonnull (h);
  g_assert_cmpfloat (h->runtime_b, <, h->runtime_a);
  g_assert_cmpstr (jx_headline_get_contributor (h, 0)->name, ==, "stencil_kernel");

  /* The compared trace's header: runtime A → B with the ratio, the
   * structure, the top contributor; no bare similarity any more. */
  master = jx_master_timeline_new (f.session);
  window2 = jx_test_present (master, 1200, 500);
  jx_test_wait_allocated (master);
  header = header_text (master, jx_session_peek_item (f.session, 1));
  g_test_message ("header: %s", header);
  g_assert_nonnull (strstr (header, " → "));
  g_assert_nonnull (strstr (header, "faster)"));
  g_assert_nonnull (strstr (header, "identical structure"));
  g_assert_nonnull (strstr (header, "stencil_kernel −"));
  g_assert_nonnull (strstr (header, "of the change"));
  g_assert_null (strstr (header, "similarity"));
  gtk_window_destroy (GTK_WINDOW (window2));

  pane = g_object_new (JX_TYPE_COMPARISON_PANE, NULL);
  jx_comparison_pane_set_session (JX_COMPARISON_PANE (pane), f.session);
  window = jx_test_present (pane, 640, 520);
  jx_test_wait_allocated (pane);
  view = jx_comparison_pane_get_headline (JX_COMPARISON_PANE (pane));
  text = jx_headline_view_dup_text (view);
  g_test_message ("pane headline:\n%s", text);
  g_assert_true (g_str_has_prefix (text, "B is faster: "));
  g_assert_nonnull (strstr (text, " (×0.9"));
  g_assert_nonnull (strstr (text, "identical structure ("));
  g_assert_nonnull (strstr (text, "Largest changes of self time"));
  g_assert_nonnull (strstr (text, "\nstencil_kernel  −"));
  g_assert_nonnull (strstr (text, "% of the change\n"));
  /* Readable: the whole headline is shown, not scrolled away. */
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >=, 100);

  /* Pressing the kernel picks it. */
  button = jx_headline_view_get_contributor (view, 0);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (jx_session_get_focus_function (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (jx_session_get_search (f.session), ==, "stencil_kernel");
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));
  /* F7 walks its calls. */
  g_assert_true (jx_session_select_difference (f.session, TRUE));
  g_assert_cmpstr (selected_function (f.session), ==, "stencil_kernel");
  /* Pressing it again lets go. */
  g_signal_emit_by_name (button, "clicked");
  g_assert_null (jx_session_get_focus_function (f.session));
  g_assert_null (jx_session_get_search (f.session));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)));

  gtk_window_destroy (GTK_WINDOW (window));
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("GTK_A11Y") == NULL)
    g_setenv ("GTK_A11Y", "none", TRUE);
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();

  g_test_add_func ("/ui/diff-views/headline", test_headline);

  return g_test_run ();
}
