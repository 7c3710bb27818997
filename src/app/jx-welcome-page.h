/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-welcome-page.h — what the window shows before a comparison: open
 * traces, open the example comparison, or one of the recent comparisons
 * (kept in GSettings "recent-comparisons"; without settings the list stays
 * hidden). Emits "open-recent" (GStrv paths) when one is activated. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define JX_TYPE_WELCOME_PAGE (jx_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (JxWelcomePage, jx_welcome_page, JX, WELCOME_PAGE, GtkWidget)

void jx_welcome_page_set_settings (JxWelcomePage      *self,
                                   GSettings          *settings);
/* Puts a comparison at the top of the recent ones (once, up to
 * "max-recent-comparisons"). */
void jx_welcome_page_remember     (JxWelcomePage      *self,
                                   const char * const *paths);

G_END_DECLS
