/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window-german.c — the window in German: started with LANGUAGE=de (see
 * tests/app/meson.build), the application binds its text domain to the build
 * tree's catalogs (jx_application_init_i18n) and the main menu, its button's
 * tooltip and a plural message come out in German, and Help shows the German
 * pages the build made. Fails without a display. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "jx-application.h"
#include "jx-test-util.h"
#include "jx-window-private.h"
#include "jx-test-widget.h"

static JxApplication *app;

static GtkMenuButton *
find_primary_menu_button (GtkWidget *widget)
{
  GtkWidget *child;

  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget)))
    return GTK_MENU_BUTTON (widget);

  for (child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkMenuButton *found = find_primary_menu_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The label of the first item of a menu, descending into its first section. */
static char *
first_label (GMenuModel *model)
{
  g_autoptr(GMenuModel) section = NULL;
  char *label = NULL;

  g_assert_cmpint (g_menu_model_get_n_items (model), >, 0);
  if (g_menu_model_get_item_attribute (model, 0, G_MENU_ATTRIBUTE_LABEL, "s", &label))
    return label;
  section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
  g_assert_nonnull (section);
  return first_label (section);
}

static void
test_german_menu (void)
{
  GtkWindow *window;
  GtkMenuButton *button;
  g_autofree char *label = NULL;
  g_autofree char *one = NULL;
  g_autofree char *two = NULL;

  /* The catalog is the build tree's (LANGUAGE=de from meson). */
  g_assert_cmpstr (_("Main Menu"), ==, "Hauptmenü");

  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (JX_IS_WINDOW (window));
  g_assert_true (jx_test_wait_until ((JxTestCondition) gtk_widget_get_mapped, window, 10));
  jx_test_spin (200);

  button = find_primary_menu_button (GTK_WIDGET (window));
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, "Hauptmenü");
  label = first_label (gtk_menu_button_get_menu_model (button));
  g_assert_cmpstr (label, ==, "Traces ö_ffnen…");

  /* Plural forms: German has two, one for n == 1. */
  one = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trace", "%u traces", 1), 1u);
  two = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trace", "%u traces", 2), 2u);
  g_assert_cmpstr (one, ==, "1 Trace");
  g_assert_cmpstr (two, ==, "2 Traces");

  gtk_window_destroy (window);
  jx_test_spin (50);
}

/* Run from the build tree, F1 opens the German user guide there, whose
 * pages are German and whose figures resolve. */
static void
test_german_help (void)
{
  g_autofree char *uri = jx_application_dup_help_uri ();
  g_autofree char *index = NULL;
  g_autofree char *figure = NULL;
  g_autofree char *text = NULL;

  g_assert_true (g_str_has_prefix (uri, "ghelp:/"));
  g_assert_true (g_str_has_suffix (uri, "/help/de"));
  index = g_build_filename (uri + strlen ("ghelp:"), "index.page", NULL);
  figure = g_build_filename (uri + strlen ("ghelp:"), "figures", "comparison.png", NULL);
  g_assert_true (g_file_get_contents (index, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "xml:lang=\"de\""));
  g_assert_true (g_file_test (figure, G_FILE_TEST_IS_REGULAR));
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("test-window-german needs a display: run the tests under `xvfb-run -a` "
                  "(build-aux/juxtrace-test.sh does).\n");
      return 1;
    }
  if (g_getenv ("GDK_DEBUG") == NULL)
    g_setenv ("GDK_DEBUG", "gl-glx", TRUE);

  /* What src/main.c does first. */
  jx_application_init_i18n ();
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();
  jx_test_no_cursor_blink ();

  app = jx_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_application_hold (G_APPLICATION (app));

  g_test_add_func ("/app/window/german-menu", test_german_menu);
  g_test_add_func ("/app/window/german-help", test_german_help);
  ret = g_test_run ();

  g_application_release (G_APPLICATION (app));
  g_clear_object (&app);
  return ret;
}
