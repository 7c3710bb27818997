/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-legend-entries.c — see jx-legend-entries.h. */
#include "config.h"

#include <string.h>

#include "jx-legend-entries.h"
#include "jx-profile.h"

static void
legend_entry_clear (gpointer data)
{
  JxLegendEntry *entry = data;

  g_clear_pointer (&entry->name, g_free);
}

typedef struct
{
  const char *name;
  guint64     exclusive_ns;
} FunctionTotal;

static int
compare_function_totals (gconstpointer a,
                         gconstpointer b)
{
  const FunctionTotal *fa = a;
  const FunctionTotal *fb = b;

  if (fa->exclusive_ns != fb->exclusive_ns)
    return fa->exclusive_ns > fb->exclusive_ns ? -1 : 1;
  return strcmp (fa->name, fb->name);
}

GArray *
jx_legend_entries_compute (JxTrace **traces,
                           guint     n_traces,
                           guint     max_functions)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GArray) functions = g_array_new (FALSE, FALSE, sizeof (FunctionTotal));
  guint64 category_ns[JX_N_CATEGORIES] = { 0 };
  gboolean category_present[JX_N_CATEGORIES] = { FALSE };
  GArray *legend;

  g_return_val_if_fail (traces != NULL || n_traces == 0, NULL);

  legend = g_array_new (FALSE, TRUE, sizeof (JxLegendEntry));
  g_array_set_clear_func (legend, legend_entry_clear);

  for (guint t = 0; t < n_traces; t++)
    {
      JxTrace *trace = traces[t];
      g_autofree JxRegionStats *stats = NULL;
      guint n_regions;

      if (trace == NULL)
        continue;
      n_regions = jx_trace_get_n_regions (trace);
      stats = jx_profile_compute_region_stats (trace, NULL, 0, 0, G_MAXUINT64);
      for (guint r = 0; r < n_regions; r++)
        {
          const JxRegion *region = jx_trace_get_region (trace, r);
          guint64 ns = stats != NULL ? (guint64) jx_trace_ticks_to_ns (trace, (gint64) stats[r].exclusive) : 0;
          gpointer index;

          if (stats != NULL && stats[r].count == 0)
            continue;
          if (region->category != JX_CATEGORY_USER)
            {
              guint c = MIN (region->category, JX_CATEGORY_OTHER);

              category_present[c] = TRUE;
              category_ns[c] += ns;
              continue;
            }
          if (g_hash_table_lookup_extended (by_name, region->name, NULL, &index))
            {
              g_array_index (functions, FunctionTotal, GPOINTER_TO_UINT (index)).exclusive_ns += ns;
            }
          else
            {
              FunctionTotal total = { region->name, ns };

              g_hash_table_insert (by_name, (gpointer) region->name, GUINT_TO_POINTER (functions->len));
              g_array_append_val (functions, total);
            }
        }
    }

  for (guint c = 0; c < JX_N_CATEGORIES; c++)
    {
      JxLegendEntry entry = { 0 };

      if (!category_present[c] || c == JX_CATEGORY_USER)
        continue;
      entry.name = g_strdup (jx_category_label (c));
      entry.category = c;
      entry.is_category = TRUE;
      entry.exclusive_ns = category_ns[c];
      g_array_append_val (legend, entry);
    }

  g_array_sort (functions, compare_function_totals);
  for (guint i = 0; i < functions->len; i++)
    {
      const FunctionTotal *total = &g_array_index (functions, FunctionTotal, i);
      JxLegendEntry entry = { 0 };

      if (max_functions > 0 && i >= max_functions)
        break;
      entry.name = g_strdup (total->name);
      entry.category = JX_CATEGORY_USER;
      entry.exclusive_ns = total->exclusive_ns;
      g_array_append_val (legend, entry);
    }

  return legend;
}
