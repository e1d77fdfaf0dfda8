package runtime

// The cost model: what each operation costs in virtual nanoseconds, in one
// table. Figures are orders of magnitude for linux/amd64, measured with the
// Go 1.26.8 runtime's own benchmarks on a 2-core machine
// (go test -bench 'CreateGoroutines|PingPongHog|ChanSync|ContendedSemaphore'
// runtime) or taken from the named source. Only their relative sizes shape
// a schedule; none of the scheduler's rules depends on them.
const (
	// CostInstr is one instruction of the stack machine (a handful of
	// machine instructions).
	CostInstr = 1

	// CostNewproc: newproc + newproc1 (gfget, frame set-up, runqput);
	// BenchmarkCreateGoroutines ≈ 200–300 ns for a go statement and exit.
	CostNewproc = 150
	// CostGoexit: goexit0 + gdestroy + gfput.
	CostGoexit = 50
	// CostSchedule: schedule + findRunnable when the local queue has work.
	CostSchedule = 40
	// CostExecute: execute + gogo (restore gobuf: sp, pc, bp, ctxt).
	CostExecute = 20
	// CostGlobrunq: taking sched.lock and touching the global queue.
	CostGlobrunq = 30
	// CostChan: an uncontended channel operation (BenchmarkChanSync ≈ 100 ns
	// for a send/receive pair handed between two Gs).
	CostChan = 30
	// CostPark: gopark + park_m + dropg.
	CostPark = 60
	// CostReady: goready + runqput + wakep check.
	CostReady = 40
	// CostStealTry: looking at one victim's queue in stealWork.
	CostStealTry = 20
	// CostRunnextBackoff: runqgrab's usleep(3) before stealing a victim's runnext.
	CostRunnextBackoff = 3000
	// CostWakeM: notewakeup on a parked M until it runs (futex wake and
	// the kernel scheduling the thread): ≈ 5 µs.
	CostWakeM = 5000
	// CostNewM: newm: clone(2) a thread and start it: ≈ 20 µs.
	CostNewM = 20000
	// CostSyscall: entersyscall + the syscall instruction + exitsyscall
	// fast path, on top of the syscall's own duration.
	CostSyscall = 100
	// CostStackCopyPerByte: copystack is a memmove of the used part
	// (≈ 10 GB/s), in ns per byte, expressed as bytes per ns.
	StackCopyBytesPerNs = 10
	// CostNewstack: morestack + newstack + stackalloc, before the copy.
	CostNewstack = 200
	// CostSignal: preemptM's tgkill until the handler runs on the target
	// thread (signal delivery latency) ≈ 2 µs.
	CostSignal = 2000
	// CostPreempt: asyncPreempt/gopreempt_m: save registers, requeue.
	CostPreempt = 200
	// CostNetpoll: one epoll_wait(0) with nothing ready.
	CostNetpoll = 500
	// CostSysmonLoop: one pass of sysmon's loop (retake over all Ps).
	CostSysmonLoop = 300
	// TimerSlack: Linux lets a sleeping thread wake up to its timer slack
	// late (/proc/self/timerslack_ns = 50000 by default), so sysmon's
	// usleep(20) lasts ≈ 76 µs on linux/amd64 (measured: p10 45 µs,
	// median 76 µs), and a 10 ms sleep ≈ 10.05 ms.
	TimerSlack = 50_000
	// CostPrint: a write(2) of the program's output.
	CostPrint = 1000
	// CostTimer: adding or running one timer.
	CostTimer = 50
	// CostSpin: one sync.Mutex spin, procyield(active_spin_cnt = 30):
	// 30 PAUSE instructions.
	CostSpin = 1000
	// CostLock: holding sched.lock for one queue operation (GM model).
	CostLock = 50
)
