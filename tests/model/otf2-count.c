/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>
#include <otf2/otf2.h>

#include "otf2-count.h"

typedef struct
{
  guint32 region;
  guint64 start;
  guint64 children;
} Frame;

static CountLocation *
location (CountResult *r,
          guint64      ref)
{
  gpointer v = g_hash_table_lookup (r->by_ref, &ref);

  g_assert_nonnull (v);
  return &r->locations[GPOINTER_TO_UINT (v) - 1];
}

static void
tick (CountResult    *r,
      CountLocation  *l,
      guint64         time,
      JxEventKind     kind)
{
  if (time < r->window_begin || time >= r->window_end)
    return;
  if (l->n_events > 0)
    {
      if (time <= l->last_time)
        l->increasing = FALSE;
      if (time < l->last_time)
        l->non_decreasing = FALSE;
    }
  l->last_time = time;
  l->n_events++;
  l->kinds[kind]++;
  r->n_events++;
  r->kinds[kind]++;
}

static OTF2_CallbackCode
count_one (OTF2_LocationRef  loc,
           OTF2_TimeStamp    time,
           void             *user_data,
           JxEventKind       kind)
{
  CountResult *r = user_data;

  tick (r, location (r, loc), time, kind);
  return OTF2_CALLBACK_SUCCESS;
}

#define X0(Name, KIND) \
  static OTF2_CallbackCode \
  on_##Name (OTF2_LocationRef loc, OTF2_TimeStamp time, void *user_data, \
             OTF2_AttributeList *attributes) \
  { \
    return count_one (loc, time, user_data, KIND); \
  }
#define X(Name, KIND, ...) \
  static OTF2_CallbackCode \
  on_##Name (OTF2_LocationRef loc, OTF2_TimeStamp time, void *user_data, \
             OTF2_AttributeList *attributes, __VA_ARGS__) \
  { \
    return count_one (loc, time, user_data, KIND); \
  }
#define ALL_OTHER_EVENTS \
  X0 (Unknown, JX_EVENT_OTHER) \
  X (BufferFlush, JX_EVENT_MEASUREMENT, OTF2_TimeStamp stopTime) \
  X (MeasurementOnOff, JX_EVENT_MEASUREMENT, OTF2_MeasurementMode measurementMode) \
  X (MpiIsend, JX_EVENT_MPI_SEND, uint32_t receiver, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID) \
  X (MpiIsendComplete, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiIrecvRequest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRecv, JX_EVENT_MPI_RECV, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength) \
  X (MpiIrecv, JX_EVENT_MPI_RECV, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID) \
  X (MpiRequestTest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRequestCancelled, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X0 (MpiCollectiveBegin, JX_EVENT_MPI_COLLECTIVE) \
  X (MpiCollectiveEnd, JX_EVENT_MPI_COLLECTIVE, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived) \
  X (OmpFork, JX_EVENT_OMP, uint32_t numberOfRequestedThreads) \
  X0 (OmpJoin, JX_EVENT_OMP) \
  X (OmpAcquireLock, JX_EVENT_OMP, uint32_t lockID, uint32_t acquisitionOrder) \
  X (OmpReleaseLock, JX_EVENT_OMP, uint32_t lockID, uint32_t acquisitionOrder) \
  X (OmpTaskCreate, JX_EVENT_OMP, uint64_t taskID) \
  X (OmpTaskSwitch, JX_EVENT_OMP, uint64_t taskID) \
  X (OmpTaskComplete, JX_EVENT_OMP, uint64_t taskID) \
  X (Metric, JX_EVENT_METRIC, OTF2_MetricRef metric, uint8_t numberOfMetrics, const OTF2_Type* typeIDs, const OTF2_MetricValue* metricValues) \
  X (ParameterString, JX_EVENT_OTHER, OTF2_ParameterRef parameter, OTF2_StringRef string) \
  X (ParameterInt, JX_EVENT_OTHER, OTF2_ParameterRef parameter, int64_t value) \
  X (ParameterUnsignedInt, JX_EVENT_OTHER, OTF2_ParameterRef parameter, uint64_t value) \
  X (RmaWinCreate, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X (RmaWinDestroy, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X0 (RmaCollectiveBegin, JX_EVENT_RMA) \
  X (RmaCollectiveEnd, JX_EVENT_RMA, OTF2_CollectiveOp collectiveOp, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, uint32_t root, uint64_t bytesSent, uint64_t bytesReceived) \
  X (RmaGroupSync, JX_EVENT_RMA, OTF2_RmaSyncLevel syncLevel, OTF2_RmaWinRef win, OTF2_GroupRef group) \
  X (RmaRequestLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaAcquireLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaTryLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId, OTF2_LockType lockType) \
  X (RmaReleaseLock, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t lockId) \
  X (RmaSync, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaSyncType syncType) \
  X (RmaWaitChange, JX_EVENT_RMA, OTF2_RmaWinRef win) \
  X (RmaPut, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId) \
  X (RmaGet, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, uint64_t bytes, uint64_t matchingId) \
  X (RmaAtomic, JX_EVENT_RMA, OTF2_RmaWinRef win, uint32_t remote, OTF2_RmaAtomicType type, uint64_t bytesSent, uint64_t bytesReceived, uint64_t matchingId) \
  X (RmaOpCompleteBlocking, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpCompleteNonBlocking, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpTest, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (RmaOpCompleteRemote, JX_EVENT_RMA, OTF2_RmaWinRef win, uint64_t matchingId) \
  X (ThreadFork, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t numberOfRequestedThreads) \
  X (ThreadJoin, JX_EVENT_THREAD, OTF2_Paradigm model) \
  X (ThreadTeamBegin, JX_EVENT_THREAD, OTF2_CommRef threadTeam) \
  X (ThreadTeamEnd, JX_EVENT_THREAD, OTF2_CommRef threadTeam) \
  X (ThreadAcquireLock, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder) \
  X (ThreadReleaseLock, JX_EVENT_THREAD, OTF2_Paradigm model, uint32_t lockID, uint32_t acquisitionOrder) \
  X (ThreadTaskCreate, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadTaskSwitch, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadTaskComplete, JX_EVENT_THREAD, OTF2_CommRef threadTeam, uint32_t creatingThread, uint32_t generationNumber) \
  X (ThreadCreate, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadBegin, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadWait, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (ThreadEnd, JX_EVENT_THREAD, OTF2_CommRef threadContingent, uint64_t sequenceCount) \
  X (CallingContextEnter, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext, uint32_t unwindDistance) \
  X (CallingContextLeave, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext) \
  X (CallingContextSample, JX_EVENT_OTHER, OTF2_CallingContextRef callingContext, uint32_t unwindDistance, OTF2_InterruptGeneratorRef interruptGenerator) \
  X (IoCreateHandle, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoAccessMode mode, OTF2_IoCreationFlag creationFlags, OTF2_IoStatusFlag statusFlags) \
  X (IoDestroyHandle, JX_EVENT_OTHER, OTF2_IoHandleRef handle) \
  X (IoDuplicateHandle, JX_EVENT_OTHER, OTF2_IoHandleRef oldHandle, OTF2_IoHandleRef newHandle, OTF2_IoStatusFlag statusFlags) \
  X (IoSeek, JX_EVENT_OTHER, OTF2_IoHandleRef handle, int64_t offsetRequest, OTF2_IoSeekOption whence, uint64_t offsetResult) \
  X (IoChangeStatusFlags, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoStatusFlag statusFlags) \
  X (IoDeleteFile, JX_EVENT_OTHER, OTF2_IoParadigmRef ioParadigm, OTF2_IoFileRef file) \
  X (IoOperationBegin, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_IoOperationMode mode, OTF2_IoOperationFlag operationFlags, uint64_t bytesRequest, uint64_t matchingId) \
  X (IoOperationTest, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoOperationIssued, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoOperationComplete, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t bytesResult, uint64_t matchingId) \
  X (IoOperationCancelled, JX_EVENT_OTHER, OTF2_IoHandleRef handle, uint64_t matchingId) \
  X (IoAcquireLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (IoReleaseLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (IoTryLock, JX_EVENT_OTHER, OTF2_IoHandleRef handle, OTF2_LockType lockType) \
  X (ProgramBegin, JX_EVENT_PROGRAM, OTF2_StringRef programName, uint32_t numberOfArguments, const OTF2_StringRef* programArguments) \
  X (ProgramEnd, JX_EVENT_PROGRAM, int64_t exitStatus) \
  X (NonBlockingCollectiveRequest, JX_EVENT_OTHER, uint64_t requestID) \
  X (NonBlockingCollectiveComplete, JX_EVENT_OTHER, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived, uint64_t requestID) \
  X (CommCreate, JX_EVENT_OTHER, OTF2_CommRef communicator) \
  X (CommDestroy, JX_EVENT_OTHER, OTF2_CommRef communicator)
ALL_OTHER_EVENTS
#undef X0
#undef X

static guint
region_of (CountResult    *r,
           OTF2_RegionRef  region)
{
  gpointer v = g_hash_table_lookup (r->region_index, GUINT_TO_POINTER (region));

  return v != NULL ? GPOINTER_TO_UINT (v) - 1 : G_MAXUINT;
}

static void
pop_frame (CountResult   *r,
           CountLocation *l,
           guint64        time)
{
  Frame f = g_array_index (l->stack, Frame, l->stack->len - 1);
  guint64 dur = time - f.start;

  g_array_set_size (l->stack, l->stack->len - 1);
  if (f.region != G_MAXUINT)
    {
      r->profile[f.region].count++;
      r->profile[f.region].inclusive += dur;
      r->profile[f.region].exclusive += dur - f.children;
    }
  if (l->stack->len > 0)
    g_array_index (l->stack, Frame, l->stack->len - 1).children += dur;
}

static OTF2_CallbackCode
on_Enter (OTF2_LocationRef    loc,
          OTF2_TimeStamp      time,
          void               *user_data,
          OTF2_AttributeList *attributes,
          OTF2_RegionRef      region)
{
  CountResult *r = user_data;
  CountLocation *l = location (r, loc);
  Frame f = { region_of (r, region), time, 0 };

  tick (r, l, time, JX_EVENT_ENTER);
  g_array_append_val (l->stack, f);
  return OTF2_CALLBACK_SUCCESS;
}

/* Same repair as documented for the loader: a leave closes everything up to
 * the innermost open frame of its region; a leave of a region that is not
 * open is dropped. */
static OTF2_CallbackCode
on_Leave (OTF2_LocationRef    loc,
          OTF2_TimeStamp      time,
          void               *user_data,
          OTF2_AttributeList *attributes,
          OTF2_RegionRef      region)
{
  CountResult *r = user_data;
  CountLocation *l = location (r, loc);
  guint idx = region_of (r, region);
  gint k;

  tick (r, l, time, JX_EVENT_LEAVE);
  for (k = (gint) l->stack->len - 1; k >= 0; k--)
    if (g_array_index (l->stack, Frame, k).region == idx)
      break;
  if (k < 0)
    return OTF2_CALLBACK_SUCCESS;
  while ((gint) l->stack->len > k)
    pop_frame (r, l, time);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
on_MpiSend (OTF2_LocationRef    loc,
            OTF2_TimeStamp      time,
            void               *user_data,
            OTF2_AttributeList *attributes,
            uint32_t            receiver,
            OTF2_CommRef        communicator,
            uint32_t            tag,
            uint64_t            length)
{
  CountResult *r = user_data;

  r->send_bytes += length;
  r->n_sends++;
  return count_one (loc, time, user_data, JX_EVENT_MPI_SEND);
}

static OTF2_CallbackCode
def_location (void                  *user_data,
              OTF2_LocationRef       self,
              OTF2_StringRef         name,
              OTF2_LocationType      type,
              uint64_t               n_events,
              OTF2_LocationGroupRef  group)
{
  CountResult *r = user_data;
  CountLocation l = { 0 };

  l.ref = self;
  l.increasing = TRUE;
  l.non_decreasing = TRUE;
  l.stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  r->locations = g_renew (CountLocation, r->locations, r->n_locations + 1);
  r->locations[r->n_locations++] = l;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_location_group (void                   *user_data,
                    OTF2_LocationGroupRef   self,
                    OTF2_StringRef          name,
                    OTF2_LocationGroupType  type,
                    OTF2_SystemTreeNodeRef  parent,
                    OTF2_LocationGroupRef   creating)
{
  CountResult *r = user_data;

  r->n_location_groups++;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_string (void           *user_data,
            OTF2_StringRef  self,
            const char     *string)
{
  CountResult *r = user_data;

  g_hash_table_replace (r->strings, GUINT_TO_POINTER (self), g_strdup (string));
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode
def_region (void            *user_data,
            OTF2_RegionRef   self,
            OTF2_StringRef   name,
            OTF2_StringRef   canonical_name,
            OTF2_StringRef   description,
            OTF2_RegionRole  role,
            OTF2_Paradigm    paradigm,
            OTF2_RegionFlag  flags,
            OTF2_StringRef   source_file,
            uint32_t         begin_line,
            uint32_t         end_line)
{
  CountResult *r = user_data;
  const char *s = g_hash_table_lookup (r->strings, GUINT_TO_POINTER (name));

  r->region_names = g_renew (char *, r->region_names, r->n_regions + 2);
  r->region_names[r->n_regions] = g_strdup (s != NULL ? s : "");
  r->region_names[r->n_regions + 1] = NULL;
  g_hash_table_replace (r->region_index, GUINT_TO_POINTER (self), GUINT_TO_POINTER (r->n_regions + 1));
  r->n_regions++;
  return OTF2_CALLBACK_SUCCESS;
}

gboolean
count_archive (const char   *anchor,
               CountResult  *r,
               char        **error)
{
  return count_archive_window (anchor, 0, G_MAXUINT64, r, error);
}

gboolean
count_archive_window (const char   *anchor,
                      guint64       begin,
                      guint64       end,
                      CountResult  *r,
                      char        **error)
{
  OTF2_Reader *reader;
  OTF2_GlobalDefReader *gdr;
  OTF2_GlobalDefReaderCallbacks *dcbs;
  OTF2_GlobalEvtReader *ger;
  OTF2_GlobalEvtReaderCallbacks *ecbs;
  uint64_t n = 0;
  guint i;

  memset (r, 0, sizeof *r);
  r->window_begin = begin;
  r->window_end = end;
  r->by_ref = g_hash_table_new (g_int64_hash, g_int64_equal);
  r->region_index = g_hash_table_new (NULL, NULL);
  r->strings = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  reader = OTF2_Reader_Open (anchor);
  if (reader == NULL)
    {
      *error = g_strdup_printf ("OTF2_Reader_Open failed for %s", anchor);
      return FALSE;
    }
  OTF2_Reader_SetSerialCollectiveCallbacks (reader);

  gdr = OTF2_Reader_GetGlobalDefReader (reader);
  dcbs = OTF2_GlobalDefReaderCallbacks_New ();
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback (dcbs, def_location);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback (dcbs, def_location_group);
  OTF2_GlobalDefReaderCallbacks_SetStringCallback (dcbs, def_string);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback (dcbs, def_region);
  OTF2_Reader_RegisterGlobalDefCallbacks (reader, gdr, dcbs, r);
  OTF2_GlobalDefReaderCallbacks_Delete (dcbs);
  if (OTF2_Reader_ReadAllGlobalDefinitions (reader, gdr, &n) != OTF2_SUCCESS)
    {
      *error = g_strdup_printf ("global definitions of %s unreadable", anchor);
      OTF2_Reader_Close (reader);
      return FALSE;
    }
  OTF2_Reader_CloseGlobalDefReader (reader, gdr);

  r->profile = g_new0 (CountProfile, MAX (r->n_regions, 1));
  for (i = 0; i < r->n_locations; i++)
    {
      g_hash_table_insert (r->by_ref, &r->locations[i].ref, GUINT_TO_POINTER (i + 1));
      OTF2_Reader_SelectLocation (reader, r->locations[i].ref);
    }

  if (OTF2_Reader_OpenDefFiles (reader) == OTF2_SUCCESS)
    {
      for (i = 0; i < r->n_locations; i++)
        {
          OTF2_DefReader *dr = OTF2_Reader_GetDefReader (reader, r->locations[i].ref);

          if (dr != NULL)
            {
              OTF2_Reader_ReadAllLocalDefinitions (reader, dr, &n);
              OTF2_Reader_CloseDefReader (reader, dr);
            }
        }
      OTF2_Reader_CloseDefFiles (reader);
    }
  OTF2_Reader_OpenEvtFiles (reader);
  for (i = 0; i < r->n_locations; i++)
    OTF2_Reader_GetEvtReader (reader, r->locations[i].ref);

  ger = OTF2_Reader_GetGlobalEvtReader (reader);
  ecbs = OTF2_GlobalEvtReaderCallbacks_New ();
#define X0(Name, KIND) OTF2_GlobalEvtReaderCallbacks_Set##Name##Callback (ecbs, on_##Name);
#define X(Name, KIND, ...) OTF2_GlobalEvtReaderCallbacks_Set##Name##Callback (ecbs, on_##Name);
  ALL_OTHER_EVENTS
#undef X0
#undef X
  OTF2_GlobalEvtReaderCallbacks_SetEnterCallback (ecbs, on_Enter);
  OTF2_GlobalEvtReaderCallbacks_SetLeaveCallback (ecbs, on_Leave);
  OTF2_GlobalEvtReaderCallbacks_SetMpiSendCallback (ecbs, on_MpiSend);
  OTF2_Reader_RegisterGlobalEvtCallbacks (reader, ger, ecbs, r);
  OTF2_GlobalEvtReaderCallbacks_Delete (ecbs);
  if (OTF2_Reader_ReadAllGlobalEvents (reader, ger, &n) != OTF2_SUCCESS)
    {
      *error = g_strdup_printf ("events of %s unreadable", anchor);
      OTF2_Reader_CloseGlobalEvtReader (reader, ger);
      OTF2_Reader_Close (reader);
      return FALSE;
    }
  OTF2_Reader_CloseGlobalEvtReader (reader, ger);
  OTF2_Reader_CloseEvtFiles (reader);
  OTF2_Reader_Close (reader);

  /* Frames still open end at their location's last timestamp. */
  for (i = 0; i < r->n_locations; i++)
    while (r->locations[i].stack->len > 0)
      pop_frame (r, &r->locations[i], r->locations[i].last_time);

  return TRUE;
}

void
count_result_clear (CountResult *r)
{
  guint i;

  for (i = 0; i < r->n_locations; i++)
    g_array_unref (r->locations[i].stack);
  g_free (r->locations);
  g_strfreev (r->region_names);
  g_free (r->profile);
  g_clear_pointer (&r->by_ref, g_hash_table_unref);
  g_clear_pointer (&r->region_index, g_hash_table_unref);
  g_clear_pointer (&r->strings, g_hash_table_unref);
  memset (r, 0, sizeof *r);
}
