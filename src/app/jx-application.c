/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-application.c — the juxtrace GUI application. */
#include "config.h"

#include <locale.h>

#include <glib/gi18n.h>

#include "jx-application.h"
#include "jx-window.h"

struct _JxApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  gboolean        settings_tried;
};

G_DEFINE_FINAL_TYPE (JxApplication, jx_application, ADW_TYPE_APPLICATION)

/* Folder names the example generator writes, in the order they compare best:
 * the baseline first, so it becomes the reference. */
static const char * const example_order[] = {
  "baseline",
  "optimized",
  "other-machine",
  "imbalanced",
};

static GSettings *
create_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);

#ifdef JX_BUILD_SCHEMA_DIR
  /* Uninstalled runs (and the tests) use the schema compiled in the build tree. */
  if (schema == NULL)
    {
      g_autoptr(GSettingsSchemaSource) build_source = NULL;

      build_source = g_settings_schema_source_new_from_directory (JX_BUILD_SCHEMA_DIR,
                                                                  source, FALSE, NULL);
      if (build_source != NULL)
        schema = g_settings_schema_source_lookup (build_source, APP_ID, FALSE);
    }
#endif

  if (schema == NULL)
    {
      g_warning ("The settings schema %s is not installed; window state will not be kept", APP_ID);
      return NULL;
    }

  return g_settings_new_full (schema, NULL, NULL);
}

static gboolean
is_running_from_build_tree (void)
{
#ifdef JX_BUILD_ROOT
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);

  return exe != NULL && g_str_has_prefix (exe, JX_BUILD_ROOT "/");
#else
  return FALSE;
#endif
}

char *
jx_application_dup_locale_dir (void)
{
  const char *env = g_getenv ("JUXTRACE_LOCALEDIR");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);

#ifdef JX_BUILD_LOCALE_DIR
  if (is_running_from_build_tree () && g_file_test (JX_BUILD_LOCALE_DIR, G_FILE_TEST_IS_DIR))
    return g_strdup (JX_BUILD_LOCALE_DIR);
#endif

  return g_strdup (LOCALEDIR);
}

void
jx_application_init_i18n (void)
{
  g_autofree char *dir = jx_application_dup_locale_dir ();

  setlocale (LC_ALL, "");
  /* Numbers are written with a decimal point in every language: CSV exports
   * and the user's inputs must not depend on the locale (a German locale's
   * decimal comma split CSV fields). */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

char *
jx_application_dup_examples_dir (void)
{
  const char *env = g_getenv ("JUXTRACE_EXAMPLES_DIR");

  if (env != NULL && env[0] != '\0')
    return g_strdup (env);

  if (is_running_from_build_tree () ||
      !g_file_test (JX_EXAMPLES_DIR, G_FILE_TEST_IS_DIR))
    {
      if (g_file_test (JX_BUILD_EXAMPLES_DIR, G_FILE_TEST_IS_DIR))
        return g_strdup (JX_BUILD_EXAMPLES_DIR);
    }

  return g_strdup (JX_EXAMPLES_DIR);
}

static gboolean
holds_trace (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return FALSE;

  dir = g_dir_open (path, 0, NULL);
  if (dir == NULL)
    return FALSE;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (g_str_has_suffix (name, ".otf2"))
        return TRUE;
    }

  return FALSE;
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

char **
jx_application_list_examples (const char  *directory,
                              GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) others = NULL;
  g_autoptr(GStrvBuilder) builder = NULL;
  g_auto(GStrv) result = NULL;
  const char *name;

  g_return_val_if_fail (directory != NULL, NULL);

  dir = g_dir_open (directory, 0, error);
  if (dir == NULL)
    {
      g_prefix_error (error, _("The example comparison is missing (build it with “ninja”): "));
      return NULL;
    }

  builder = g_strv_builder_new ();
  for (guint i = 0; i < G_N_ELEMENTS (example_order); i++)
    {
      g_autofree char *path = g_build_filename (directory, example_order[i], NULL);

      if (holds_trace (path))
        g_strv_builder_add (builder, path);
    }

  others = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (directory, name, NULL);

      if (g_strv_contains (example_order, name) || !holds_trace (path))
        continue;
      g_ptr_array_add (others, g_steal_pointer (&path));
    }
  g_ptr_array_sort (others, compare_paths);
  for (guint i = 0; i < others->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (others, i));

  result = g_strv_builder_end (builder);
  if (result[0] == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No example traces in “%s”"), directory);
      return NULL;
    }

  return g_steal_pointer (&result);
}

static JxWindow *
get_window (JxApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (JX_IS_WINDOW (window))
    return JX_WINDOW (window);

  return jx_window_new (self);
}

static void
jx_application_activate (GApplication *app)
{
  gtk_window_present (GTK_WINDOW (get_window (JX_APPLICATION (app))));
}

static void
jx_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  JxWindow *window = get_window (JX_APPLICATION (app));

  jx_window_open_files (window, files, (guint) n_files, FALSE);
  gtk_window_present (GTK_WINDOW (window));
}

static int
jx_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("juxtrace %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_contains (options, "examples"))
    {
      if (!g_application_register (app, NULL, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_action_group_activate_action (G_ACTION_GROUP (app), "open-examples", NULL);
      /* A running instance opened them; this one is done. The first instance
       * goes on into its main loop with the window already open. */
      if (g_application_get_is_remote (app))
        return 0;
    }

  return G_APPLICATION_CLASS (jx_application_parent_class)->handle_local_options (app, options);
}

static void
open_examples_action (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  JxWindow *window = get_window (JX_APPLICATION (user_data));

  jx_window_open_examples (window);
  gtk_window_present (GTK_WINDOW (window));
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (jx_window_new (JX_APPLICATION (user_data))));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (user_data));

  /* Closing (not destroying) lets every window store its state. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_close (windows->data);
      windows = next;
    }
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  static const char *developers[] = { "The Juxtrace authors", NULL };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", parent,
                        "application-icon", APP_ID,
                        "application-name", _("Juxtrace"),
                        "developer-name", _("The Juxtrace authors"),
                        "version", PACKAGE_VERSION,
                        "comments", _("Put several OTF2 performance traces side by side with one shared zoom, shift them in time and see where and why they differ."),
                        "website", "https://github.com/juxtrace/juxtrace",
                        "issue-url", "https://github.com/juxtrace/juxtrace/issues",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "developers", developers,
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

char *
jx_application_dup_help_uri (void)
{
#ifdef JX_SOURCE_HELP_DIR
  /* Uninstalled, the user guide is not in the help search path: show the
   * pages of the source tree (yelp reads "ghelp:/absolute/folder"). */
  if (is_running_from_build_tree ())
    {
      const char * const *languages = g_get_language_names ();

      /* The translated pages are built (help/LANG in the build tree); the
       * first of the user's languages that has them wins. */
      for (guint i = 0; languages[i] != NULL && g_strcmp0 (languages[i], "C") != 0; i++)
        {
          g_autofree char *dir = g_build_filename (JX_BUILD_HELP_DIR, languages[i], NULL);
          g_autofree char *index = g_build_filename (dir, "index.page", NULL);

          if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
            return g_strconcat ("ghelp:", dir, NULL);
        }
      return g_strdup ("ghelp:" JX_SOURCE_HELP_DIR);
    }
#endif
  return g_strdup ("help:juxtrace");
}

static void
help_shown (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;

  message = g_strdup_printf (_("The user guide could not be opened (%s): it needs a help viewer such as Yelp"),
                             error->message);
  escaped = g_markup_escape_text (message, -1);
  jx_window_show_toast (JX_WINDOW (source), escaped);
}

static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  JxWindow *window = get_window (JX_APPLICATION (user_data));
  g_autofree char *uri = jx_application_dup_help_uri ();

  gtk_window_present (GTK_WINDOW (window));
  gtk_show_uri_full (GTK_WINDOW (window), uri, GDK_CURRENT_TIME, NULL, help_shown, NULL);
}

/* Appearance: "follow" the desktop's preference, or force "light" or
 * "dark" (the "color-scheme" setting, applied at start and on change). */
static void
apply_color_scheme (const char *scheme)
{
  AdwColorScheme value = ADW_COLOR_SCHEME_PREFER_LIGHT;

  if (g_strcmp0 (scheme, "light") == 0)
    value = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_strcmp0 (scheme, "dark") == 0)
    value = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), value);
}

static void
on_color_scheme_changed (GSettings  *settings,
                         const char *key,
                         gpointer    user_data)
{
  g_autofree char *scheme = g_settings_get_string (settings, "color-scheme");

  apply_color_scheme (scheme);
}

/* Without settings, the choice lasts as long as the program. */
static void
change_color_scheme (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       user_data)
{
  const char *scheme = g_variant_get_string (value, NULL);

  if (!g_str_equal (scheme, "follow") && !g_str_equal (scheme, "light") && !g_str_equal (scheme, "dark"))
    return;
  g_simple_action_set_state (action, value);
  apply_color_scheme (scheme);
}

static void
add_color_scheme_action (JxApplication *self)
{
  GSettings *settings = jx_application_get_settings (self);

  if (settings != NULL)
    {
      g_autoptr(GAction) action = g_settings_create_action (settings, "color-scheme");

      g_action_map_add_action (G_ACTION_MAP (self), action);
      g_signal_connect_object (settings, "changed::color-scheme", G_CALLBACK (on_color_scheme_changed), self, 0);
      on_color_scheme_changed (settings, "color-scheme", self);
    }
  else
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new_stateful ("color-scheme", G_VARIANT_TYPE_STRING,
                                                                      g_variant_new_string ("follow"));

      g_signal_connect (action, "change-state", G_CALLBACK (change_color_scheme), self);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
}

static const GActionEntry app_actions[] = {
  { "open-examples", open_examples_action, NULL, NULL, NULL, { 0 } },
  { "new-window", new_window_action, NULL, NULL, NULL, { 0 } },
  { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  { "about", about_action, NULL, NULL, NULL, { 0 } },
  { "help", help_action, NULL, NULL, NULL, { 0 } },
};

static void
jx_application_startup (GApplication *app)
{
  JxApplication *self = JX_APPLICATION (app);
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *new_window_accels[] = { "<Control>n", NULL };
  static const char *examples_accels[] = { "<Control>e", NULL };
  static const char *help_accels[] = { "F1", NULL };

  G_APPLICATION_CLASS (jx_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-window", new_window_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.open-examples", examples_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
  add_color_scheme_action (self);
}

static void
jx_application_finalize (GObject *object)
{
  JxApplication *self = (JxApplication *)object;

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (jx_application_parent_class)->finalize (object);
}

static void
jx_application_class_init (JxApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->finalize = jx_application_finalize;

  app_class->activate = jx_application_activate;
  app_class->open = jx_application_open;
  app_class->startup = jx_application_startup;
  app_class->handle_local_options = jx_application_handle_local_options;
}

static const GOptionEntry option_entries[] = {
  { "examples", 'e', 0, G_OPTION_ARG_NONE, NULL,
    N_("Open the bundled example comparison"), NULL },
  { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
    N_("Print the version and exit"), NULL },
  { NULL }
};

static void
jx_application_init (JxApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _("[TRACE…|COMPARISON.juxtrace]"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Compare OTF2 traces side by side. Each TRACE is an anchor file (*.otf2) or a folder holding one; "
                                              "a saved comparison (*.juxtrace) opens with its offsets, reference and view."));
}

JxApplication *
jx_application_new (GApplicationFlags flags)
{
  return g_object_new (JX_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/juxtrace/Juxtrace",
                       NULL);
}

GSettings *
jx_application_get_settings (JxApplication *self)
{
  g_return_val_if_fail (JX_IS_APPLICATION (self), NULL);

  if (!self->settings_tried)
    {
      self->settings_tried = TRUE;
      self->settings = create_settings ();
    }

  return self->settings;
}
