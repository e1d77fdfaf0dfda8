package vm

// The operations of OpSync (A): the runtime functions that library code
// written in Go source calls as intrinsics (the sync package's linknamed
// runtime_Semacquire…, runtime_Semrelease, runtime_notifyList…, fatal). A
// semaphore or a notifyList is the id of a runtime mutex record
// (OpNewMutex), whose counts and queue of waiters are theirs.
const (
	SyncSemacquire     = iota // B: SemaRWMutexR/SemaRWMutex | SemaLIFO.  s → ...
	SyncSemrelease            // B: 1 for handoff.                          s → ...
	SyncFatal                 // msg → (the program ends: runtime.fatal)
	SyncNotifyListAdd         // l → ticket
	SyncNotifyListWait        // l ticket → ...
	SyncNotifyOne             // l → ...
	SyncNotifyAll             // l → ...
)

// OpSync's B for SyncSemacquire: the wait reason, and LIFO queueing.
const (
	SemaRWMutexR = 1 // runtime_SemacquireRWMutexR: waitReasonSyncRWMutexRLock
	SemaRWMutex  = 2 // runtime_SemacquireRWMutex: waitReasonSyncRWMutexLock
	SemaLIFO     = 1 << 8
)
