/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-demangle.h — readable names for C++ (and CUDA) symbols that compiler
 * instrumentation recorded in their mangled form. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Returns the demangled form (g_free it) of an Itanium C++ ABI symbol such
 * as "_Z13jacobi_kernelPKfPfiiS1_" → "jacobi_kernel(float const*, float*,
 * int, int, float*)", with parameter lists and qualifiers. Returns NULL when
 * name is NULL, does not start with "_Z" or is not a valid mangled name. */
char *jx_demangle_symbol (const char *name);

G_END_DECLS
