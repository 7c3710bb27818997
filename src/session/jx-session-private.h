/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-session-private.h — what the session's own files share beyond
 * jx-session.h. */
#pragma once

#include "jx-session.h"

G_BEGIN_DECLS

/* A new item for `path` at the end of the list, with its colour slot, its
 * fold and its name; it neither loads nor is loaded yet. Owned by the
 * session. */
JxSessionTrace *_jx_session_append_item (JxSession  *self,
                                         const char *path);

G_END_DECLS
