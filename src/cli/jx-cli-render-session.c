/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-cli-render-session.c — see jx-cli-render-session.h. */
#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "jx-cli-render-session.h"
#include "jx-palette.h"
#include "jx-session-file.h"

int
jx_cli_render_session_find (int    argc,
                            char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        return -1;
      if (argv[i][0] != '-' && g_str_has_suffix (argv[i], JX_SESSION_FILE_SUFFIX) &&
          strcmp (argv[i - 1], "-o") != 0 && strcmp (argv[i - 1], "--output") != 0)
        return i;
    }
  return -1;
}

/* Whether the user gave this option (as "--name", "--name=…" or "-c"). */
static gboolean
given (int         argc,
       char      **argv,
       const char *name,
       const char *short_name)
{
  gsize length = strlen (name);

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (strncmp (argv[i], name, length) == 0 && (argv[i][length] == '\0' || argv[i][length] == '='))
        return TRUE;
      if (short_name != NULL && strncmp (argv[i], short_name, strlen (short_name)) == 0)
        return TRUE;
    }
  return FALSE;
}

static void
add (JxCliRenderSession *session,
     char               *text)
{
  g_ptr_array_add (session->strings, text);
}

gboolean
jx_cli_render_session_expand (JxCliRenderSession *session,
                              int                 argc,
                              char              **argv,
                              int                 index,
                              GError            **error)
{
  g_autoptr(JxSessionFile) file = NULL;
  g_autoptr(GArray) missing = NULL;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *filename = argv[index];
  char number[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean own_part;

  memset (session, 0, sizeof *session);
  session->strings = g_ptr_array_new_with_free_func (g_free);

  file = jx_session_file_load (filename, error);
  if (file == NULL)
    return FALSE;
  for (guint i = 0; i < file->warnings->len; i++)
    g_printerr ("juxtrace-cli render: %s: %s\n", filename, (const char *) g_ptr_array_index (file->warnings, i));
  if (file->traces->len == 0)
    {
      g_set_error (error, JX_SESSION_FILE_ERROR, JX_SESSION_FILE_ERROR_INVALID,
                   _("“%s” holds no trace"), filename);
      return FALSE;
    }
  missing = jx_session_file_find_missing (file);
  if (missing->len > 0)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (file->traces, g_array_index (missing, guint, 0));

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("“%s”: its trace “%s” is not there (open the comparison in juxtrace to locate it)"),
                   filename, trace->stored_path);
      return FALSE;
    }

  /* The reference first: render compares every trace with the first. */
  if (file->reference >= 0)
    g_array_append_val (order, file->reference);
  for (guint i = 0; i < file->traces->len; i++)
    if ((int) i != file->reference)
      g_array_append_val (order, i);

  for (int i = 0; i < argc; i++)
    if (i != index)
      add (session, g_strdup (argv[i]));

  if (!given (argc, argv, "--offset", NULL))
    for (guint k = 0; k < order->len; k++)
      {
        JxSessionFileTrace *trace = g_ptr_array_index (file->traces, g_array_index (order, guint, k));

        if (trace->offset_ns != 0)
          add (session, g_strdup_printf ("--offset=%u=%" G_GINT64_FORMAT "ns", k + 1, trace->offset_ns));
      }
  if (!given (argc, argv, "--window", "-w") && file->has_visible)
    add (session, g_strdup_printf ("--window=%" G_GINT64_FORMAT "ns:%" G_GINT64_FORMAT "ns",
                                   file->visible.begin_ns, file->visible.end_ns));
  if (file->show_sos && !given (argc, argv, "--sos", NULL))
    add (session, g_strdup ("--sos"));
  if (given (argc, argv, "--diff", NULL))
    {
      static const char *modes[] = { "structure", "time", "both" };

      if (!given (argc, argv, "--diff-mode", NULL) && (guint) file->diff_mode < G_N_ELEMENTS (modes))
        add (session, g_strdup_printf ("--diff-mode=%s", modes[file->diff_mode]));
      if (!given (argc, argv, "--band", NULL))
        add (session, g_strdup_printf ("--band=%s", g_ascii_dtostr (number, sizeof number, file->noise_band * 100.0)));
    }

  /* Each trace is loaded as the part of it the window loaded, unless the
   * selection options (which apply to every trace alike) say otherwise. */
  own_part = !given (argc, argv, "--processes", NULL) && !given (argc, argv, "--every", NULL) &&
             !given (argc, argv, "--load-window", NULL);
  session->n_colors = order->len;
  session->colors = g_new0 (guint32, order->len);
  session->pairs = g_new0 (char **, order->len);
  session->parts = g_new0 (JxTraceSelection *, order->len);
  for (guint k = 0; k < order->len; k++)
    {
      JxSessionFileTrace *trace = g_ptr_array_index (file->traces, g_array_index (order, guint, k));

      add (session, g_strdup (trace->path));
      session->colors[k] = trace->picked_color;
      if (trace->selection != NULL && own_part)
        session->parts[k] = jx_trace_selection_copy (trace->selection);
      else if (trace->selection != NULL)
        {
          g_autofree char *part = jx_trace_selection_describe (trace->selection);

          g_printerr (_("juxtrace-cli render: %s: “%s” was saved as a part of it (%s); --processes, --every and "
                        "--load-window select another part of every trace\n"),
                      filename, trace->stored_path, part);
        }
      /* Against the reference, the first TRACE: as the window pairs them. */
      if (k > 0 && file->reference >= 0)
        session->pairs[k] = g_strdupv (trace->paired_by_hand);
    }

  session->argc = (int) session->strings->len;
  session->argv = g_new0 (char *, session->strings->len + 1);
  memcpy (session->argv, session->strings->pdata, session->strings->len * sizeof (char *));
  return TRUE;
}

void
jx_cli_render_session_colour (const JxCliRenderSession *session,
                              JxComparisonLane         *lanes,
                              guint                     n_lanes,
                              gboolean                  dark)
{
  for (guint i = 0; i < n_lanes && i < session->n_colors; i++)
    if (session->colors[i] != 0)
      jx_palette_trace_colors (i, session->colors[i], dark, &lanes[i].tint, &lanes[i].accent);
}

void
jx_cli_render_session_clear (JxCliRenderSession *session)
{
  g_clear_pointer (&session->argv, g_free);
  g_clear_pointer (&session->strings, g_ptr_array_unref);
  g_clear_pointer (&session->colors, g_free);
  for (guint k = 0; k < session->n_colors; k++)
    {
      if (session->pairs != NULL)
        g_strfreev (session->pairs[k]);
      if (session->parts != NULL)
        g_clear_pointer (&session->parts[k], jx_trace_selection_free);
    }
  g_clear_pointer (&session->pairs, g_free);
  g_clear_pointer (&session->parts, g_free);
  session->argc = 0;
  session->n_colors = 0;
}
