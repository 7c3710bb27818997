/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-window-counter.c — View → Counter Row: "None" and one radio item per
 * metric the loaded traces define, all setting the session's counter model
 * ("metric") through win.counter-metric. */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "jx-window-private.h"

static void
update_items (JxWindow *self)
{
  const char * const *names;
  g_autoptr(GMenuItem) none = NULL;

  /* The session goes first when the window does. */
  if (self->session == NULL || self->counter_section == NULL)
    return;
  names = jx_counter_model_get_metrics (jx_session_get_counter_model (self->session));
  none = g_menu_item_new (_("_None"), NULL);

  g_menu_remove_all (self->counter_section);
  g_menu_item_set_action_and_target (none, "win.counter-metric", "s", "");
  g_menu_append_item (self->counter_section, none);
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autoptr(GMenuItem) item = NULL;
      /* A metric name is no mnemonic: underscores stay as they are. */
      g_autoptr(GString) label = g_string_new (names[i]);

      g_string_replace (label, "_", "__", 0);
      item = g_menu_item_new (label->str, NULL);
      g_menu_item_set_action_and_target (item, "win.counter-metric", "s", names[i]);
      g_menu_append_item (self->counter_section, item);
    }
}

void
_jx_window_counter_init (JxWindow *self)
{
  JxCounterModel *counters = jx_session_get_counter_model (self->session);
  g_autoptr(GPropertyAction) action = g_property_action_new ("counter-metric", counters, "metric");

  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
  g_signal_connect_object (counters, "notify::metrics", G_CALLBACK (update_items), self, G_CONNECT_SWAPPED);
  update_items (self);
}
