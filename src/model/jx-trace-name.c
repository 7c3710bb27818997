/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "jx-trace-name.h"

/* Anchor and folder names that tools give every trace (Score-P and APEX):
 * they say nothing about the run. A folder a person named is kept, whatever
 * it is called. */
static const char *const generic_anchors[] = { "traces", "trace", "apex", "archive" };
static const char *const generic_folders[] = { "otf2_archive", "otf2" };

/* How many folders above the anchor may name the trace. */
#define MAX_FOLDER_LEVELS 3

static gboolean
is_generic (const char        *name,
            const char *const *generic,
            guint              n_generic)
{
  if (name[0] == '\0' || g_str_equal (name, ".") || g_str_equal (name, G_DIR_SEPARATOR_S))
    return TRUE;
  for (guint i = 0; i < n_generic; i++)
    if (g_ascii_strcasecmp (name, generic[i]) == 0)
      return TRUE;
  return FALSE;
}

char *
jx_trace_name_from_path (const char *path)
{
  g_autofree char *full = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *dir = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  full = g_canonicalize_filename (path, NULL);
  stem = g_path_get_basename (full);
  if (g_str_has_suffix (stem, ".otf2") && strlen (stem) > strlen (".otf2"))
    {
      stem[strlen (stem) - strlen (".otf2")] = '\0';
      if (!is_generic (stem, generic_anchors, G_N_ELEMENTS (generic_anchors)))
        return g_steal_pointer (&stem);
      dir = g_path_get_dirname (full);
    }
  else
    /* A trace folder: it is the first folder that may name the trace. */
    dir = g_strdup (full);

  for (guint level = 0; level < MAX_FOLDER_LEVELS; level++)
    {
      g_autofree char *folder = g_path_get_basename (dir);
      char *up;

      if (!is_generic (folder, generic_folders, G_N_ELEMENTS (generic_folders)))
        return g_steal_pointer (&folder);
      up = g_path_get_dirname (dir);
      if (g_str_equal (up, dir))
        {
          g_free (up);
          break;
        }
      g_free (dir);
      dir = up;
    }

  /* Nothing better: the anchor's own name, as "APEX". */
  return g_steal_pointer (&stem);
}

/* The folders of a path, outermost first: those of an anchor's folder, or
 * the folder itself when path is not an anchor file. */
static char **
path_folders (const char *path)
{
  g_autofree char *full = g_canonicalize_filename (path, NULL);
  g_autofree char *dir = g_str_has_suffix (full, ".otf2") ? g_path_get_dirname (full) : g_strdup (full);
  g_auto(GStrv) parts = g_strsplit (dir, G_DIR_SEPARATOR_S, -1);
  GPtrArray *folders = g_ptr_array_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_ptr_array_add (folders, g_strdup (parts[i]));
  g_ptr_array_add (folders, NULL);
  return (char **) g_ptr_array_free (folders, FALSE);
}

/* The k-th folder from the end (k = 1: the innermost), "" when too few. */
static const char *
folder_from_end (char **folders,
                 guint  k)
{
  guint n = g_strv_length (folders);

  return k <= n ? folders[n - k] : "";
}

/* Position letters, "A" … "Z", then numbers. */
static char *
position_label (guint index)
{
  if (index < 26)
    return g_strdup_printf ("%c", 'A' + index);
  return g_strdup_printf ("%u", index + 1);
}

char **
jx_trace_names_disambiguate (const char *const *names,
                             const char *const *paths,
                             guint              n)
{
  char **result;

  g_return_val_if_fail (names != NULL || n == 0, NULL);
  g_return_val_if_fail (paths != NULL || n == 0, NULL);

  result = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GArray) group = NULL;
      g_autoptr(GPtrArray) folders = NULL;
      guint depth = 0, k, chosen = 0;

      if (result[i] != NULL)
        continue;
      group = g_array_new (FALSE, FALSE, sizeof (guint));
      for (guint j = i; j < n; j++)
        if (g_strcmp0 (names[j], names[i]) == 0)
          g_array_append_val (group, j);
      if (group->len == 1)
        {
          result[i] = g_strdup (names[i] != NULL ? names[i] : "");
          continue;
        }

      folders = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      for (guint m = 0; m < group->len; m++)
        {
          char **f = path_folders (paths[g_array_index (group, guint, m)]);

          depth = MAX (depth, g_strv_length (f));
          g_ptr_array_add (folders, f);
        }

      /* The innermost folder level at which every member differs. */
      for (k = 1; k <= depth && chosen == 0; k++)
        {
          gboolean distinct = TRUE;

          for (guint m = 0; m < group->len && distinct; m++)
            {
              const char *fm = folder_from_end (g_ptr_array_index (folders, m), k);

              distinct = fm[0] != '\0';
              for (guint o = m + 1; o < group->len && distinct; o++)
                distinct = !g_str_equal (fm, folder_from_end (g_ptr_array_index (folders, o), k));
            }
          if (distinct)
            chosen = k;
        }

      for (guint m = 0; m < group->len; m++)
        {
          guint index = g_array_index (group, guint, m);
          g_autofree char *label = chosen > 0
                                   ? g_strdup (folder_from_end (g_ptr_array_index (folders, m), chosen))
                                   : position_label (index);

          result[index] = g_strdup_printf ("%s (%s)", names[index] != NULL ? names[index] : "", label);
        }
    }
  return result;
}
