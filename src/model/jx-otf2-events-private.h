/* SPDX-License-Identifier: GPL-3.0-or-later */
/* jx-otf2-events-private.h — every event type libotf2 3.0.2 knows, with
 * the JxEventKind it counts as and its callback's own parameters, as
 * X-macro lists: X0 (Name, KIND) for events without parameters of their
 * own, X (Name, KIND, parameters...) for the others. The loader handles
 * the events of _JX_OTF2_HANDLED_EVENTS and only counts the rest; the
 * loading benchmark counts them all. Nothing outside src/model and its
 * tests should include this. */
#pragma once

#include <otf2/otf2.h>

#include "jx-trace.h"

#define _JX_OTF2_HANDLED_EVENTS \
  X (Enter, JX_EVENT_ENTER, OTF2_RegionRef region) \
  X (Leave, JX_EVENT_LEAVE, OTF2_RegionRef region) \
  X (MpiSend, JX_EVENT_MPI_SEND, uint32_t receiver, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength) \
  X (MpiIsend, JX_EVENT_MPI_SEND, uint32_t receiver, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID) \
  X (MpiRecv, JX_EVENT_MPI_RECV, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength) \
  X (MpiIrecv, JX_EVENT_MPI_RECV, uint32_t sender, OTF2_CommRef communicator, uint32_t msgTag, uint64_t msgLength, uint64_t requestID) \
  X0 (MpiCollectiveBegin, JX_EVENT_MPI_COLLECTIVE) \
  X (MpiCollectiveEnd, JX_EVENT_MPI_COLLECTIVE, OTF2_CollectiveOp collectiveOp, OTF2_CommRef communicator, uint32_t root, uint64_t sizeSent, uint64_t sizeReceived)

#define _JX_OTF2_COUNTED_EVENTS \
  X0 (Unknown, JX_EVENT_OTHER) \
  X (BufferFlush, JX_EVENT_MEASUREMENT, OTF2_TimeStamp stopTime) \
  X (MeasurementOnOff, JX_EVENT_MEASUREMENT, OTF2_MeasurementMode measurementMode) \
  X (MpiIsendComplete, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiIrecvRequest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRequestTest, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
  X (MpiRequestCancelled, JX_EVENT_MPI_REQUEST, uint64_t requestID) \
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
