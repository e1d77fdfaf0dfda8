package runtime

// The cost model of the runtime: what each of its operations costs in
// virtual nanoseconds, in one table. Every figure is measured on the real
// runtime by a benchmark in cost_bench_test.go, which prints the
// measurement beside the table's value (real-ns/op and table-ns/op):
//
//	go test ./runtime -run XXX -bench Cost -benchtime 200ms
//
// The Go code's own CPU time is the other half of the model, in package
// vm (vm/cost.go): each Go operation the interpreter runs costs what it
// costs compiled, in picoseconds, measured the same way on real compiled
// Go. runG charges it as the interpreter reports it, carrying the part
// below a nanosecond in the G (g.psRem), so that a loop of 0.3 ns
// iterations costs 0.3 ns an iteration however the runs are cut.
//
// Figures are linux/amd64 orders of magnitude; a loaded machine measures
// more. Only their relative sizes shape a schedule; none of the scheduler's
// rules depends on them.
const (
	// CostNewproc: newproc + newproc1 with a G from the free list (frame
	// set-up, runqput). BenchmarkCostGoExit: a go statement and the G's
	// exit, with CostGoexit, CostSchedule and CostExecute.
	CostNewproc = 150
	// CostMalg: a new G when the free lists are empty: malg allocates the g
	// and its 2 KB stack, allgadd. BenchmarkCostMalg: fresh Gs minus reused.
	CostMalg = 1000
	// CostStackalloc, CostStackfree: a 2 KB stack from or to the P's stack
	// cache, when gfget/gfput replace a grown stack. BenchmarkCostStackalloc.
	CostStackalloc = 100
	CostStackfree  = 50
	// CostGoexit: goexit0 + gdestroy + gfput.
	CostGoexit = 50
	// CostSchedule: schedule + findRunnable when the local queue has work.
	// BenchmarkCostGosched: a Gosched round trip, with CostGlobrunq and
	// CostExecute.
	CostSchedule = 40
	// CostExecute: execute + gogo (restore gobuf: sp, pc, bp, ctxt).
	CostExecute = 20
	// CostGlobrunq: taking sched.lock and touching the global queue.
	CostGlobrunq = 30
	// CostChan: an uncontended channel operation. BenchmarkCostChan: a
	// send handed to a parked receiver on one P, with CostPark, CostReady,
	// CostSchedule and CostExecute.
	CostChan = 30
	// CostPark: gopark + park_m + dropg.
	CostPark = 60
	// CostReady: goready + runqput + wakep check.
	CostReady = 40
	// CostStealTry: looking at one victim's queue in stealWork (a few
	// atomic loads). BenchmarkCostStealTry: loads and a CAS on a ring.
	CostStealTry = 20
	// CostRunnextBackoff: runqgrab's usleep(3) before stealing a victim's
	// runnext. BenchmarkCostRunnextBackoff: nanosleep(3 µs); on Linux it
	// lasts the timer slack longer (≈ 55 µs), which the model does not add.
	CostRunnextBackoff = 3000
	// CostWakeM: notewakeup on a parked M until it runs (futex wake and
	// the kernel scheduling the thread). BenchmarkCostWakeM: a G handed to
	// an idle P until it runs on another thread.
	CostWakeM = 5000
	// CostNewM: newm: clone(2) a thread and start it. BenchmarkCostNewM: a
	// goroutine that exits locked to its thread takes the thread with it,
	// so main needs a new one each time.
	CostNewM = 20000
	// CostSyscall: entersyscall + the syscall instruction + exitsyscall
	// fast path, on top of the syscall's own duration.
	// BenchmarkCostWrite: write(2) of a line to /dev/null, with CostPrint.
	CostSyscall = 100
	// StackCopyBytesPerNs: copystack's memmove of the used part, in bytes
	// per ns. BenchmarkCostMemmove (reported in ns per byte).
	StackCopyBytesPerNs = 10
	// CostAdjustFrame: copystack's adjustframe on one frame (its pointer
	// maps, adjustpointers). BenchmarkCostCopystack: a 20,000-frame
	// recursion in a new G (its stack grows from 2 KB to 4 MB, adjusting
	// about 40,000 frames) minus the same in a G whose stack has grown.
	CostAdjustFrame = 20
	// CostNewstack: morestack + newstack + stackalloc, before the copy.
	CostNewstack = 200
	// CostSignal: preemptM's tgkill until the handler runs on the target
	// thread (signal delivery latency). BenchmarkCostSignal: SIGURG sent to
	// the process until its handler ran.
	CostSignal = 2000
	// CostPreempt: asyncPreempt/gopreempt_m: save registers, requeue.
	// BenchmarkCostGosched measures the requeue and the switch.
	CostPreempt = 200
	// CostNetpoll: one epoll_wait(0) with nothing ready.
	// BenchmarkCostNetpoll.
	CostNetpoll = 500
	// CostSysmonLoop: one pass of sysmon's loop (retake over all Ps).
	// BenchmarkCostSysmonLoop: a pass over four Ps' counters.
	CostSysmonLoop = 300
	// TimerSlack: Linux lets a sleeping thread wake up to its timer slack
	// late (/proc/self/timerslack_ns = 50000 by default), so sysmon's
	// usleep(20) lasts ≈ 76 µs on linux/amd64 (measured: p10 45 µs,
	// median 76 µs), and a 10 ms sleep ≈ 10.05 ms. BenchmarkCostTimerSlack:
	// nanosleep(20 µs) minus 20 µs.
	TimerSlack = 50_000
	// CostPrint: the write(2) of the program's output.
	CostPrint = 1000
	// CostTimer: adding or running one timer. BenchmarkCostTimer: a timer
	// added and deleted.
	CostTimer = 50
	// CostLock: holding sched.lock for one queue operation (GM model).
	// BenchmarkCostLock: an uncontended lock, a queue push and pop, unlock.
	CostLock = 50
	// CostSpin: one sync.Mutex spin, procyield(active_spin_cnt = 30): 30
	// PAUSE instructions. BenchmarkCostSpin: sync.runtime_doSpin.
	CostSpin = 1000
	// CostSTW: runtime.GOMAXPROCS(n): stopTheWorldWithSema,
	// procresize and startTheWorldWithSema with nothing to wait for.
	// BenchmarkCostSTW: half of a GOMAXPROCS(1), GOMAXPROCS(2) pair.
	CostSTW = 5000
	// CostReadMemStats: runtime.ReadMemStats (mstats.go): stopTheWorld,
	// readmemstats_m and startTheWorld with nothing to wait for (the
	// model charges it to the caller and stops no other P:
	// docs/assumptions.md). BenchmarkCostReadMemStats, at GOMAXPROCS=1.
	CostReadMemStats = 2500
	// CostMetricsRead: runtime/metrics.Read's own work (metricsLock, the
	// aggregation of the statistics its samples read); CostMetricSample:
	// each sample. BenchmarkCostMetricsRead, BenchmarkCostMetricSample.
	CostMetricsRead  = 600
	CostMetricSample = 100

	// The garbage collector (layer gc, mgc.go).
	//
	// GCScanBytesPerUs: how much scan work (bytes of pointer-holding
	// heap, stacks and globals, as the runtime counts it: a small object's
	// up to its last pointer) marking does per µs of CPU, beyond
	// CostGCScanObject for each object that holds pointers (finding it,
	// setting its mark bit, a likely cache miss).
	GCScanBytesPerUs = 3600
	CostGCScanObject = 19
	// CostGCStart: gcStart's bookkeeping before it stops the world
	// (gcResetMarkState, the trigger's re-check); CostSTWSweepTerm and
	// CostSTWMarkTerm: the work each stop of the world does once the
	// world is stopped (finishsweep_m, startCycle, gcPrepareMarkRoots;
	// gcMark, gcSweep, the memstats); CostGCMarkDone: gcMarkDone's
	// ragged barrier. BenchmarkCostGCCycle: runtime.GC's CPU time on an
	// empty heap at GOMAXPROCS=1 (measured: 39 µs) is their sum with the
	// marking of the roots.
	CostGCStart      = 3000
	CostSTWSweepTerm = 8000
	CostSTWMarkTerm  = 15000
	CostGCMarkDone   = 5000
	// CostSweepSpan: sweeping one 8 KB span (sweepone). BenchmarkCostGCCycle's
	// runtime.GC sweeps every span of the heap after the mark.
	CostSweepSpan = 100
	// CostWriteBarrier: what a pointer store costs more while the write
	// barrier is on (gcWriteBarrier's buffer, and its share of
	// wbBufFlush's shading). BenchmarkCostWriteBarrier.
	CostWriteBarrier = 5
)
