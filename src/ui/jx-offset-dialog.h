/* jx-offset-dialog.h — set one trace's time offset exactly (value + unit). */
#pragma once

#include <adwaita.h>

#include "jx-session.h"

G_BEGIN_DECLS

typedef enum
{
  JX_TIME_UNIT_NS,
  JX_TIME_UNIT_US,
  JX_TIME_UNIT_MS,
  JX_TIME_UNIT_S,
  JX_N_TIME_UNITS
} JxTimeUnit;

gint64      jx_time_unit_get_ns     (JxTimeUnit unit);           /* ns in one unit */
const char *jx_time_unit_get_symbol (JxTimeUnit unit);           /* "ns", "µs", ... */
JxTimeUnit  jx_time_unit_for_ns     (gint64     ns);             /* largest unit with |ns| >= 1 unit */
gint64      jx_time_unit_to_ns      (double     value,
                                     JxTimeUnit unit);           /* rounded, saturating */
/* Parses "[sign]digits[.digits][ ][unit]" with unit ns, us, µs, ms or s; a
 * typed unit wins over @default_unit. FALSE for anything else (nothing stored). */
gboolean    jx_time_parse           (const char *text,
                                     JxTimeUnit  default_unit,
                                     gint64     *out_ns);

#define JX_TYPE_OFFSET_DIALOG (jx_offset_dialog_get_type ())
G_DECLARE_FINAL_TYPE (JxOffsetDialog, jx_offset_dialog, JX, OFFSET_DIALOG, AdwMessageDialog)

/* The dialog starts with the trace's current offset in a fitting unit. The
 * "apply" response sets the offset in the session (one undo step). */
GtkWidget *jx_offset_dialog_new       (GtkWindow      *parent,
                                       JxSession      *session,
                                       guint           trace_index);
void       jx_offset_dialog_set_value (JxOffsetDialog *self,
                                       double          value,
                                       JxTimeUnit      unit);
void       jx_offset_dialog_set_text  (JxOffsetDialog *self,
                                       const char     *text);
/* FALSE while the text does not parse; "apply" is insensitive then. */
gboolean   jx_offset_dialog_is_valid  (JxOffsetDialog *self);
gint64     jx_offset_dialog_get_ns    (JxOffsetDialog *self);   /* 0 when invalid */

G_END_DECLS
