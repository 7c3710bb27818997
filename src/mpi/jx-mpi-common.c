/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-mpi-common.c — juxtrace-mpi's plumbing: start and end, one failure
 * message for all ranks, gathering and broadcasting bytes, packing. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include <mpi.h>

#include "jx-mpi.h"

JxMpi jx_mpi = { 0, 1 };

static void
discard_text (const char *text)
{
  (void) text;
}

void
jx_mpi_init (int    *argc,
             char ***argv)
{
  MPI_Init (argc, argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &jx_mpi.rank);
  MPI_Comm_size (MPI_COMM_WORLD, &jx_mpi.size);
  if (jx_mpi.rank != 0)
    {
      g_set_print_handler (discard_text);
      g_set_printerr_handler (discard_text);
    }
}

void
jx_mpi_meet (void)
{
  MPI_Request request;
  gulong pause = 20;
  int done = 0;

  MPI_Ibarrier (MPI_COMM_WORLD, &request);
  for (;;)
    {
      MPI_Test (&request, &done, MPI_STATUS_IGNORE);
      if (done)
        break;
      g_usleep (pause);
      pause = MIN (pause * 2, 1000);
    }
}

void
jx_mpi_finalize (void)
{
  /* Rank 0 prints while the others wait here. */
  jx_mpi_meet ();
  MPI_Finalize ();
}

gboolean
jx_mpi_all_ok (const char   *command,
               const GError *error)
{
  int mine = error != NULL ? jx_mpi.rank : jx_mpi.size;
  int first = jx_mpi.size;

  jx_mpi_meet ();
  MPI_Allreduce (&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == jx_mpi.size)
    return TRUE;
  if (first == jx_mpi.rank)
    {
      /* Not g_printerr: it is silenced on ranks other than 0. */
      fprintf (stderr, "juxtrace-mpi %s: rank %d: %s\n", command, jx_mpi.rank, error->message);
      fflush (stderr);
    }
  return FALSE;
}

GPtrArray *
jx_mpi_gather (GByteArray *mine)
{
  g_autofree int *sizes = NULL;
  g_autofree int *offsets = NULL;
  g_autofree guint8 *all = NULL;
  GPtrArray *result;
  int size = (int) mine->len;
  gsize total = 0;

  jx_mpi_meet ();
  if (jx_mpi.rank == 0)
    sizes = g_new0 (int, jx_mpi.size);
  MPI_Gather (&size, 1, MPI_INT, sizes, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (jx_mpi.rank == 0)
    {
      offsets = g_new0 (int, jx_mpi.size);
      for (int r = 0; r < jx_mpi.size; r++)
        {
          offsets[r] = (int) total;
          total += (gsize) sizes[r];
        }
      all = g_malloc (MAX (total, 1));
    }
  MPI_Gatherv (mine->data, size, MPI_BYTE, all, sizes, offsets, MPI_BYTE, 0, MPI_COMM_WORLD);
  if (jx_mpi.rank != 0)
    return NULL;

  result = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  for (int r = 0; r < jx_mpi.size; r++)
    g_ptr_array_add (result, g_bytes_new (all + offsets[r], (gsize) sizes[r]));
  return result;
}

void
jx_mpi_broadcast (GByteArray **data)
{
  guint64 size = jx_mpi.rank == 0 ? (*data)->len : 0;

  jx_mpi_meet ();
  MPI_Bcast (&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  if (jx_mpi.rank != 0)
    {
      g_clear_pointer (data, g_byte_array_unref);
      *data = g_byte_array_sized_new ((guint) size);
      g_byte_array_set_size (*data, (guint) size);
    }
  MPI_Bcast ((*data)->data, (int) size, MPI_BYTE, 0, MPI_COMM_WORLD);
}
