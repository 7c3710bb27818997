/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-session-file.c — fuzz target for the saved comparison's reader
 * (jx-session-file.h): any bytes are read as a `.juxtrace` file. Reading
 * either fails with an error naming the file or gives a file whose text, as
 * written again, reads back with the same traces, offsets, colours,
 * reference and window (what the writer writes, the reader reads). Nothing
 * is opened: trace paths are only strings here. */
#include "config.h"

#include <string.h>

#include "jx-fuzz-common.h"
#include "jx-session-file.h"

#define FILENAME "/fuzz/input.juxtrace"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  jx_fuzz_setup ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(JxSessionFile) again = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  jx_fuzz_setup ();
  file = jx_session_file_load_data ((const char *) data, size, FILENAME, &error);
  if (file == NULL)
    {
      if (error == NULL || strstr (error->message, "input.juxtrace") == NULL)
        g_error ("a failed read must say which file: %s", error != NULL ? error->message : "(no error)");
      return 0;
    }

  text = jx_session_file_to_data (file, FILENAME, &length);
  again = jx_session_file_load_data (text, length, FILENAME, &error);
  if (again == NULL)
    g_error ("what was written does not read back: %s\n%s", error->message, text);
  if (again->traces->len != file->traces->len || again->reference != file->reference ||
      again->has_visible != file->has_visible ||
      (file->has_visible && (again->visible.begin_ns != file->visible.begin_ns ||
                             again->visible.end_ns != file->visible.end_ns)))
    g_error ("the written file differs from the one read:\n%s", text);
  for (guint i = 0; i < file->traces->len; i++)
    {
      const JxSessionFileTrace *a = g_ptr_array_index (file->traces, i);
      const JxSessionFileTrace *b = g_ptr_array_index (again->traces, i);

      if (a->offset_ns != b->offset_ns || a->picked_color != b->picked_color)
        g_error ("trace %u differs after writing:\n%s", i, text);
    }
  return 0;
}
