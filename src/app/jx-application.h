/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-application.h — the juxtrace GUI application. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define JX_TYPE_APPLICATION (jx_application_get_type ())
G_DECLARE_FINAL_TYPE (JxApplication, jx_application, JX, APPLICATION, AdwApplication)

JxApplication *jx_application_new              (GApplicationFlags  flags);

/* Directory of the message catalogs: $JUXTRACE_LOCALEDIR if set, else the
 * build tree's po folder when this program runs from the build tree, else the
 * installed locale directory. */
char          *jx_application_dup_locale_dir   (void);

/* setlocale() from the environment (but LC_NUMERIC stays "C": numbers keep
 * their decimal point in every language), then binds the "juxtrace" text domain to
 * jx_application_dup_locale_dir() in UTF-8 and makes it the default domain.
 * Call once at start, before any window exists. */
void           jx_application_init_i18n        (void);

/* The application's settings; NULL when the schema is neither installed nor
 * compiled in the build tree (then nothing persists). */
GSettings     *jx_application_get_settings     (JxApplication     *self);

/* Directory holding the bundled example comparison: $JUXTRACE_EXAMPLES_DIR if set,
 * else the build tree's data/examples when this program runs from the build tree
 * (or the installed directory is missing), else the installed directory. */
char          *jx_application_dup_examples_dir (void);

/* The example traces in display order (baseline, optimized, other-machine,
 * imbalanced, then any other folder by name); NULL with error when none. */
char         **jx_application_list_examples    (const char        *directory,
                                                GError           **error);

/* Where the user guide is: "help:juxtrace" when installed, the source tree's
 * help/C folder as a "ghelp:" URI when this program runs from the build tree. */
char          *jx_application_dup_help_uri     (void);

G_END_DECLS
