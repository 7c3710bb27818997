/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-demangle.c — C++ symbol demangling through libiberty, the demangler
 * GNU binutils (c++filt) and GDB use. */
#include "config.h"

#include "jx-demangle.h"

#include <stdlib.h>
#include <string.h>
#include <libiberty/demangle.h>

char *
jx_demangle_symbol (const char *name)
{
  char *raw;
  char *result = NULL;

  /* Only Itanium-mangled names: plain C names such as "main" or "MPI_Send"
   * must never be touched, and other schemes are out of scope. */
  if (name == NULL || name[0] != '_' || name[1] != 'Z')
    return NULL;

  /* libiberty bounds its recursion and returns NULL on malformed input
   * instead of aborting, so names from untrusted files are safe here. */
  raw = cplus_demangle (name, DMGL_PARAMS | DMGL_ANSI);
  if (raw == NULL)
    return NULL;
  if (raw[0] != '\0' && strcmp (raw, name) != 0 && g_utf8_validate (raw, -1, NULL))
    result = g_strdup (raw);
  free (raw);
  return result;
}
