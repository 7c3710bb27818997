/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-trace-name.h — the short names traces are shown by.
 *
 * A trace's name comes from its anchor file: "run-a.otf2" is "run-a". Tools
 * name every anchor alike (Score-P "traces.otf2", APEX "APEX.otf2" inside a
 * folder "OTF2_archive"), and then the nearest folder that is not such a
 * tool's default names the trace instead: ".../run-7/traces.otf2" is
 * "run-7", ".../2019-01-10/OTF2_archive/APEX.otf2" is "2019-01-10".
 *
 * Several traces of one comparison may still share a name (two runs kept in
 * folders "a/run" and "b/run"): jx_trace_names_disambiguate () then appends
 * the nearest folder in which their paths differ, "run (a)" and "run (b)",
 * or, when no folder tells them apart (the same trace twice), their letters
 * in the comparison, "run (A)" and "run (B)". */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The display name of the trace whose anchor file (or trace folder) is
 * path. Relative paths are taken from the current directory. */
char  *jx_trace_name_from_path     (const char        *path);

/* Names for n traces, in order, that are all different: names[i] where
 * it is unique, else names[i] with the distinguishing part of paths[i] in
 * parentheses. Returns a NULL-terminated array (g_strfreev). */
char **jx_trace_names_disambiguate (const char *const *names,
                                    const char *const *paths,
                                    guint              n);

G_END_DECLS
