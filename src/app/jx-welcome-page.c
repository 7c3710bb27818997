/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-welcome-page.c — the welcome page and the recent comparisons. */
#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "jx-welcome-page.h"

struct _JxWelcomePage
{
  GtkWidget   parent_instance;

  GSettings  *settings;

  GtkWidget  *status_page;
  GtkWidget  *recent_box;
  GtkListBox *recent_list;
};

enum {
  OPEN_RECENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (JxWelcomePage, jx_welcome_page, GTK_TYPE_WIDGET)

void
jx_welcome_page_remember (JxWelcomePage      *self,
                          const char * const *paths)
{
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *child;
  guint n_paths, max;
  guint n = 1;

  g_return_if_fail (JX_IS_WELCOME_PAGE (self));
  g_return_if_fail (paths != NULL);

  n_paths = g_strv_length ((char **) paths);
  if (self->settings == NULL || n_paths == 0)
    return;
  max = g_settings_get_uint (self->settings, "max-recent-comparisons");
  if (max == 0)
    return;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
  g_variant_builder_add_value (&builder, g_variant_new_strv (paths, n_paths));

  old = g_settings_get_value (self->settings, "recent-comparisons");
  g_variant_iter_init (&iter, old);
  while ((child = g_variant_iter_next_value (&iter)) != NULL)
    {
      g_autofree const char **strv = g_variant_get_strv (child, NULL);

      if (!g_strv_equal ((const char * const *) strv, paths) && n < max)
        {
          g_variant_builder_add_value (&builder, child);
          n++;
        }
      g_variant_unref (child);
    }

  g_settings_set_value (self->settings, "recent-comparisons", g_variant_builder_end (&builder));
}

static void
on_recent_activated (AdwActionRow  *row,
                     JxWelcomePage *self)
{
  const char * const *paths = g_object_get_data (G_OBJECT (row), "paths");

  if (paths != NULL)
    g_signal_emit (self, signals[OPEN_RECENT], 0, paths);
}

static void
on_recent_forget (GtkButton     *button,
                  JxWelcomePage *self)
{
  guint position = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "position"));
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder;
  gsize n;

  if (self->settings == NULL)
    return;

  old = g_settings_get_value (self->settings, "recent-comparisons");
  n = g_variant_n_children (old);
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aas"));
  for (gsize i = 0; i < n; i++)
    if (i != position)
      g_variant_builder_add_value (&builder, g_variant_get_child_value (old, i));
  g_settings_set_value (self->settings, "recent-comparisons", g_variant_builder_end (&builder));
}

/* Folder holding a trace: the parent of its folder, or of its anchor's folder. */
static char *
trace_parent (const char *path)
{
  g_autofree char *folder = NULL;

  if (g_str_has_suffix (path, ".otf2"))
    folder = g_path_get_dirname (path);
  else
    folder = g_strdup (path);

  return g_path_get_dirname (folder);
}

static gboolean
is_inside (const char *path,
           const char *folder)
{
  gsize n = strlen (folder);

  return g_str_has_prefix (path, folder) &&
         (path[n] == '\0' || path[n] == G_DIR_SEPARATOR || g_str_equal (folder, "/"));
}

/* The deepest folder holding all traces of a comparison. */
static char *
common_folder (const char * const *paths)
{
  char *common;

  if (paths[0] == NULL)
    return NULL;

  common = trace_parent (paths[0]);
  for (guint i = 1; paths[i] != NULL; i++)
    {
      g_autofree char *parent = trace_parent (paths[i]);

      while (!is_inside (parent, common) && strlen (common) > 1)
        {
          char *up = g_path_get_dirname (common);

          g_free (common);
          common = up;
        }
    }

  return common;
}

static char *
display_name_for_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);

  /* A saved comparison by its name: "study.juxtrace" reads "study". */
  if (g_str_has_suffix (base, ".juxtrace") && strlen (base) > strlen (".juxtrace"))
    {
      base[strlen (base) - strlen (".juxtrace")] = '\0';
      return g_strdup_printf (_("%s (saved comparison)"), base);
    }

  /* "…/baseline/traces.otf2" reads better as "baseline". */
  if (g_str_has_suffix (base, ".otf2"))
    {
      g_autofree char *dir = g_path_get_dirname (path);

      return g_path_get_basename (dir);
    }

  return g_steal_pointer (&base);
}

static GtkWidget *
recent_row (char  **paths,
            guint   position,
            JxWelcomePage *self)
{
  g_autoptr(GString) title = g_string_new (NULL);
  g_autofree char *folder = common_folder ((const char * const *) paths);
  GtkWidget *row;
  GtkWidget *forget;

  for (guint j = 0; paths[j] != NULL; j++)
    {
      g_autofree char *name = display_name_for_path (paths[j]);

      if (j > 0)
        g_string_append (title, " · ");
      g_string_append (title, name);
    }

  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title->str);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  if (folder != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), folder);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "paths", paths, (GDestroyNotify) g_strfreev);
  g_signal_connect (row, "activated", G_CALLBACK (on_recent_activated), self);

  forget = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_valign (forget, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (forget, "flat");
  gtk_widget_add_css_class (forget, "circular");
  gtk_widget_set_tooltip_text (forget, _("Remove from Recent Comparisons"));
  g_object_set_data (G_OBJECT (forget), "position", GUINT_TO_POINTER (position));
  g_signal_connect (forget, "clicked", G_CALLBACK (on_recent_forget), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), forget);

  return row;
}

static void
rebuild (JxWelcomePage *self)
{
  g_autoptr(GVariant) recent = NULL;
  GtkWidget *child;
  gsize n;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);

  if (self->settings == NULL)
    {
      gtk_widget_set_visible (self->recent_box, FALSE);
      return;
    }

  recent = g_settings_get_value (self->settings, "recent-comparisons");
  n = g_variant_n_children (recent);
  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) entry = g_variant_get_child_value (recent, i);
      char **paths = g_variant_dup_strv (entry, NULL);

      if (paths[0] == NULL)
        {
          g_strfreev (paths);
          continue;
        }
      gtk_list_box_append (self->recent_list, recent_row (paths, (guint) i, self));
    }

  gtk_widget_set_visible (self->recent_box, gtk_widget_get_first_child (GTK_WIDGET (self->recent_list)) != NULL);
}

/* Rebuilt when shown (the list may have changed meanwhile) and while shown. */
static void
on_recent_changed (JxWelcomePage *self)
{
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    rebuild (self);
}

void
jx_welcome_page_set_settings (JxWelcomePage *self,
                              GSettings     *settings)
{
  g_return_if_fail (JX_IS_WELCOME_PAGE (self));
  g_return_if_fail (settings == NULL || G_IS_SETTINGS (settings));

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  if (settings != NULL)
    g_signal_connect_swapped (settings, "changed::recent-comparisons", G_CALLBACK (on_recent_changed), self);
  rebuild (self);
}

static void
jx_welcome_page_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (jx_welcome_page_parent_class)->map (widget);
  rebuild (JX_WELCOME_PAGE (widget));
}

static void
jx_welcome_page_dispose (GObject *object)
{
  JxWelcomePage *self = JX_WELCOME_PAGE (object);

  jx_welcome_page_set_settings (self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), JX_TYPE_WELCOME_PAGE);

  G_OBJECT_CLASS (jx_welcome_page_parent_class)->dispose (object);
}

static void
jx_welcome_page_class_init (JxWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = jx_welcome_page_dispose;
  widget_class->map = jx_welcome_page_map;

  signals[OPEN_RECENT] =
    g_signal_new ("open-recent", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRV);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/juxtrace/Juxtrace/jx-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, JxWelcomePage, status_page);
  gtk_widget_class_bind_template_child (widget_class, JxWelcomePage, recent_box);
  gtk_widget_class_bind_template_child (widget_class, JxWelcomePage, recent_list);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
jx_welcome_page_init (JxWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
