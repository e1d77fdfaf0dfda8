package runtime_test

import (
	"os"
	goruntime "runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
	_ "unsafe" // for go:linkname

	"github.com/gmplab/gmplab/runtime"
)

// The measurements behind runtime/cost.go: each benchmark times an
// operation on the real runtime and reports it (real-ns/op) beside what
// the table charges for it (table-ns/op). Run them one at a time on a quiet
// machine:
//
//	go test ./runtime -run XXX -bench Cost -benchtime 200ms
//
// Nothing asserts a timing: a loaded machine measures more.

func report[T int | int64 | float64](b *testing.B, real time.Duration, ops int, table T) {
	b.ReportMetric(float64(real.Nanoseconds())/float64(ops), "real-ns/op")
	b.ReportMetric(float64(table), "table-ns/op")
}

// elapsed reports b's own time per op beside table.
func elapsed[T int | int64 | float64](b *testing.B, table T) {
	report(b, b.Elapsed(), b.N, table)
}

// oneP runs the rest of b at GOMAXPROCS=1 and gives the test binary its
// GOMAXPROCS back when b ends. (It was b.Cleanup(func() {
// GOMAXPROCS(GOMAXPROCS(1)) }): defer's idiom in a closure, whose argument
// is evaluated only at the cleanup, so the benchmark ran at all the Ps.)
func oneP(b *testing.B) {
	prev := goruntime.GOMAXPROCS(1)
	b.Cleanup(func() { goruntime.GOMAXPROCS(prev) })
}

var sink int64

// CostNewproc, CostGoexit, CostSchedule, CostExecute: a go statement whose
// G (from the free list) runs and exits, on one P, in batches of 100.
func BenchmarkCostGoExit(b *testing.B) {
	oneP(b)
	var wg sync.WaitGroup
	for i := 0; i < b.N; i += 100 {
		wg.Add(100)
		for j := 0; j < 100; j++ {
			go wg.Done()
		}
		wg.Wait()
	}
	elapsed(b, runtime.CostNewproc+runtime.CostGoexit+runtime.CostSchedule+runtime.CostExecute)
}

// spawnBlocked starts n goroutines that block until release, and waits
// for them to end; it returns how long the go statements took.
func spawnBlocked(n int) time.Duration {
	release := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(n)
	start := time.Now()
	for i := 0; i < n; i++ {
		go func() { <-release; wg.Done() }()
	}
	d := time.Since(start)
	close(release)
	wg.Wait()
	return d
}

// CostMalg: a go statement with empty free lists (malg: a new g and its
// stack) minus one that reuses a dead G (with the GC off).
func BenchmarkCostMalg(b *testing.B) {
	oneP(b)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	fresh := spawnBlocked(b.N)  // the Gs are new: nothing is free yet
	reused := spawnBlocked(b.N) // the same Gs, from the free lists
	report(b, fresh-reused, b.N, runtime.CostMalg)
}

// CostStackalloc, CostStackfree: a 2 KB stack from the stack cache and
// back, as gfget and gfput do for a G whose stack had grown.
func BenchmarkCostStackalloc(b *testing.B) {
	oneP(b)
	done := make(chan bool)
	start := time.Now()
	for i := 0; i < b.N; i++ {
		// The G grows its stack to 4 KB, so gfput frees it and the next
		// go statement allocates a new one.
		go func() { grow(40); done <- true }()
		<-done
	}
	grown := time.Since(start)
	start = time.Now()
	for i := 0; i < b.N; i++ {
		go func() { grow(1); done <- true }()
		<-done
	}
	kept := time.Since(start)
	// The difference also holds the grow (newstack, copystack) itself.
	report(b, grown-kept, b.N, runtime.CostStackalloc+runtime.CostStackfree+runtime.CostNewstack)
}

//go:noinline
func grow(n int) int {
	var pad [8]int
	pad[n%8] = n
	if n == 0 {
		return 0
	}
	return grow(n-1) + pad[(n+1)%8]
}

// CostSchedule, CostExecute, CostGlobrunq: runtime.Gosched between two Gs
// on one P (each goes to the global queue and the other runs). CostPreempt
// is the same requeue and switch (gopreempt_m is goschedImpl) plus saving
// the registers in asyncPreempt.
func BenchmarkCostGosched(b *testing.B) {
	oneP(b)
	var stop atomic.Bool
	go func() {
		for !stop.Load() {
			goruntime.Gosched()
		}
	}()
	for i := 0; i < b.N; i++ {
		goruntime.Gosched()
	}
	stop.Store(true)
	elapsed(b, runtime.CostGlobrunq+runtime.CostSchedule+runtime.CostExecute)
}

// CostChan, CostPark, CostReady: an unbuffered send to a parked receiver,
// which runs next, on one P.
func BenchmarkCostChan(b *testing.B) {
	oneP(b)
	c := make(chan int)
	go func() {
		for range c {
		}
	}()
	for i := 0; i < b.N; i++ {
		c <- i
	}
	close(c)
	elapsed(b, 2*runtime.CostChan+runtime.CostPark+runtime.CostReady+runtime.CostSchedule+runtime.CostExecute)
}

// CostStealTry: what stealWork does per victim: load its head and tail and
// CAS the head.
func BenchmarkCostStealTry(b *testing.B) {
	var head, tail atomic.Uint32
	tail.Store(8)
	for i := 0; i < b.N; i++ {
		h := head.Load()
		t := tail.Load()
		if t-h > 0 && head.CompareAndSwap(h, h) {
			sink++
		}
	}
	elapsed(b, runtime.CostStealTry)
}

// CostRunnextBackoff: runqgrab's usleep(3).
func BenchmarkCostRunnextBackoff(b *testing.B) {
	ts := syscall.Timespec{Nsec: 3000}
	for i := 0; i < b.N; i++ {
		syscall.Nanosleep(&ts, nil)
	}
	elapsed(b, runtime.CostRunnextBackoff)
}

// CostWakeM: a G made runnable while the other P is idle, until it runs
// on another thread (wakep, futex wake, the kernel schedules the thread).
func BenchmarkCostWakeM(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(2))
	var total time.Duration
	for i := 0; i < b.N; i++ {
		time.Sleep(100 * time.Microsecond) // the other M parks
		ch := make(chan time.Duration, 1)
		start := time.Now()
		go func() { ch <- time.Since(start) }()
		for t := time.Now(); time.Since(t) < 300*time.Microsecond; {
			// main keeps its P busy: only another M can run the G.
		}
		total += <-ch
	}
	report(b, total, b.N, runtime.CostWakeM)
}

// CostNewM: a goroutine that exits while locked to its thread takes the
// thread with it; main, which ran on that thread, then needs a new one.
func BenchmarkCostNewM(b *testing.B) {
	oneP(b)
	done := make(chan bool)
	for i := 0; i < b.N; i++ {
		go func() { goruntime.LockOSThread(); done <- true }()
		<-done
	}
	elapsed(b, runtime.CostNewM)
}

// CostSyscall, CostPrint: fmt's write(2) of a line (to /dev/null).
func BenchmarkCostWrite(b *testing.B) {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Skip(err)
	}
	defer f.Close()
	line := []byte("worker 3 finished job 5\n")
	for i := 0; i < b.N; i++ {
		f.Write(line)
	}
	elapsed(b, runtime.CostSyscall+runtime.CostPrint)
}

// StackCopyBytesPerNs: memmove of a 64 KB stack.
func BenchmarkCostMemmove(b *testing.B) {
	src, dst := make([]byte, 64<<10), make([]byte, 64<<10)
	for i := 0; i < b.N; i++ {
		copy(dst, src)
	}
	report(b, b.Elapsed(), b.N*len(src), 1.0/runtime.StackCopyBytesPerNs) // ns per byte
}

// CostAdjustFrame, CostNewstack: a 20,000-frame recursion in a new G (its
// stack grows by doubling to 4 MB: copystack adjusts about 40,000 frames in
// all) minus the same recursion in a G whose stack is already grown.
func BenchmarkCostCopystack(b *testing.B) {
	const depth = 20000
	done := make(chan bool)
	var fresh time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		go func() { grow(depth); done <- true }()
		<-done
		fresh += time.Since(start)
	}
	next := make(chan bool)
	go func() {
		grow(depth)
		for range next {
			grow(depth)
			done <- true
		}
	}()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		next <- true
		<-done
	}
	grown := time.Since(start)
	close(next)
	// The model: about 2×depth frames adjusted, the used bytes copied at
	// each doubling (about twice the final size), and one newstack per
	// doubling.
	frame := int64(96)
	table := 2*depth*runtime.CostAdjustFrame + 2*depth*frame/runtime.StackCopyBytesPerNs + 11*runtime.CostNewstack
	report(b, fresh-grown, b.N, table)
	b.ReportMetric(float64((fresh-grown).Nanoseconds())/float64(b.N)/(2*depth), "real-ns/frame")
}

//go:linkname runtime_doSpin sync.runtime_doSpin
func runtime_doSpin()

// CostSpin: one sync.Mutex spin, procyield(30).
func BenchmarkCostSpin(b *testing.B) {
	for i := 0; i < b.N; i++ {
		runtime_doSpin()
	}
	elapsed(b, runtime.CostSpin)
}

// CostNetpoll: epoll_wait with a zero timeout and nothing ready.
func BenchmarkCostNetpoll(b *testing.B) {
	fd, err := syscall.EpollCreate1(0)
	if err != nil {
		b.Skip(err)
	}
	defer syscall.Close(fd)
	events := make([]syscall.EpollEvent, 128)
	for i := 0; i < b.N; i++ {
		syscall.EpollWait(fd, events, 0)
	}
	elapsed(b, runtime.CostNetpoll)
}

// CostSysmonLoop: sysmon's pass over the Ps' counters (four Ps).
func BenchmarkCostSysmonLoop(b *testing.B) {
	var ticks [4]struct{ sched, syscall atomic.Uint32 }
	var seen [4]struct{ sched, syscall uint32 }
	for i := 0; i < b.N; i++ {
		for p := range ticks {
			if t := ticks[p].sched.Load(); t != seen[p].sched {
				seen[p].sched = t
			}
			if t := ticks[p].syscall.Load(); t != seen[p].syscall {
				seen[p].syscall = t
			}
		}
		// usleep is not timed here: TimerSlack is.
	}
	elapsed(b, runtime.CostSysmonLoop)
}

// TimerSlack: nanosleep(20 µs), minus the 20 µs asked for.
func BenchmarkCostTimerSlack(b *testing.B) {
	ts := syscall.Timespec{Nsec: 20000}
	for i := 0; i < b.N; i++ {
		syscall.Nanosleep(&ts, nil)
	}
	report(b, b.Elapsed()-time.Duration(b.N)*20*time.Microsecond, b.N, runtime.TimerSlack)
}

// CostTimer: a timer added to the P's heap and deleted.
func BenchmarkCostTimer(b *testing.B) {
	for i := 0; i < b.N; i++ {
		t := time.NewTimer(time.Hour)
		t.Stop()
	}
	report(b, b.Elapsed(), 2*b.N, runtime.CostTimer)
}

// CostLock: an uncontended lock around a queue push and pop.
func BenchmarkCostLock(b *testing.B) {
	var mu sync.Mutex
	q := make([]int, 0, 8)
	for i := 0; i < b.N; i++ {
		mu.Lock()
		q = append(q, i)
		q = q[:0]
		mu.Unlock()
	}
	elapsed(b, runtime.CostLock)
}

// CostSignal: SIGURG sent to the process until its handler has run (the
// runtime's handler ignores it, as a preemption request with nothing to
// preempt).
func BenchmarkCostSignal(b *testing.B) {
	pid := os.Getpid()
	for i := 0; i < b.N; i++ {
		syscall.Kill(pid, syscall.SIGURG)
	}
	elapsed(b, runtime.CostSignal)
}

// CostSTW: runtime.GOMAXPROCS(1) then GOMAXPROCS(2), each a
// stop-the-world and a procresize.
func BenchmarkCostSTW(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(2))
	for i := 0; i < b.N; i++ {
		goruntime.GOMAXPROCS(1)
		goruntime.GOMAXPROCS(2)
	}
	report(b, b.Elapsed(), 2*b.N, runtime.CostSTW)
}

// CostReadMemStats: runtime.ReadMemStats at GOMAXPROCS=1: its stop of the
// world with nothing to wait for, readmemstats_m (flushing the mcaches,
// the heap's statistics, the GC's pauses) and the start.
// BenchmarkCostReadMemStatsProcs: the same at GOMAXPROCS=2 (the other P
// idle), for comparison: what the model does not charge (docs/assumptions.md).
func BenchmarkCostReadMemStats(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(1))
	var m goruntime.MemStats
	for i := 0; i < b.N; i++ {
		goruntime.ReadMemStats(&m)
	}
	elapsed(b, runtime.CostReadMemStats)
}

func BenchmarkCostReadMemStatsProcs(b *testing.B) {
	defer goruntime.GOMAXPROCS(goruntime.GOMAXPROCS(2))
	var m goruntime.MemStats
	for i := 0; i < b.N; i++ {
		goruntime.ReadMemStats(&m)
	}
	elapsed(b, runtime.CostReadMemStats)
}

// metricNames are samples runtime/metrics.Read gives in the model
// (readmemstats.go): heap, GC and scheduler figures.
var metricNames = []string{"/gc/heap/allocs:bytes", "/gc/heap/allocs:objects", "/gc/cycles/total:gc-cycles",
	"/gc/heap/goal:bytes", "/sched/goroutines:goroutines", "/sched/gomaxprocs:threads", "/gc/heap/frees:bytes",
	"/memory/classes/heap/objects:bytes"}

func readMetrics(b *testing.B, k int) time.Duration {
	s := make([]metrics.Sample, k)
	for i := range s {
		s[i].Name = metricNames[i]
	}
	t := time.Now()
	for i := 0; i < b.N; i++ {
		metrics.Read(s)
	}
	return time.Since(t)
}

// CostMetricsRead, CostMetricSample: metrics.Read of one sample (a heap
// figure: metricsLock, and the aggregation of the heap's statistics it
// depends on) is CostMetricsRead + CostMetricSample;
// BenchmarkCostMetricSample: what each of seven samples more adds.
func BenchmarkCostMetricsRead(b *testing.B) {
	report(b, readMetrics(b, 1), b.N, runtime.CostMetricsRead+runtime.CostMetricSample)
}

func BenchmarkCostMetricSample(b *testing.B) {
	one := readMetrics(b, 1)
	report(b, readMetrics(b, len(metricNames))-one, 7*b.N, runtime.CostMetricSample)
}

// oneP's benchmarks run at one P, and the test binary goes on at the
// GOMAXPROCS it had.
func TestOnePRestoresGOMAXPROCS(t *testing.T) {
	before := goruntime.GOMAXPROCS(0)
	if before == 1 {
		goruntime.GOMAXPROCS(2) // a change to see
		defer goruntime.GOMAXPROCS(1)
		before = 2
	}
	during := 0
	testing.Benchmark(func(b *testing.B) {
		oneP(b)
		during = goruntime.GOMAXPROCS(0)
		for range b.N {
		}
	})
	if during != 1 {
		t.Errorf("GOMAXPROCS=%d in a benchmark after oneP, want 1", during)
	}
	if after := goruntime.GOMAXPROCS(0); after != before {
		t.Errorf("GOMAXPROCS=%d after a benchmark that called oneP, want the %d it was", after, before)
	}
}

// The mark's CPU per object (CostGCScanObject) and per byte of scan work
// (GCScanBytesPerUs): runtime.GC at GOMAXPROCS=1 over a list of 100,000
// 64-byte nodes whose pointers are their first 1, 3 or 8 words, less a
// cycle over the empty heap, per node; the table's is CostGCScanObject
// plus the node's pointer bytes at GCScanBytesPerUs (the scan work a
// small object counts: up to its last pointer, vm.mallocObjPtrs). The
// process's CPU time, not wall time. At 100,000 nodes (6.4 MB) more of the
// list is in cache than of a big heap.
type (
	scanNode1 struct {
		next *scanNode1
		pad  [7]int
	}
	scanNode3 struct {
		next, a, b *scanNode3
		pad        [5]int
	}
	scanNode8 struct{ p [8]*scanNode8 }
)

var scanList1 *scanNode1
var scanList3 *scanNode3
var scanList8 *scanNode8

func BenchmarkCostGCScan(b *testing.B) {
	const nodes = 100_000
	shapes := []struct {
		name  string
		ptrs  int
		build func()
		drop  func()
	}{
		{"1ptr", 1, func() {
			for range nodes {
				scanList1 = &scanNode1{next: scanList1}
			}
		}, func() { scanList1 = nil }},
		{"3ptr", 3, func() {
			for range nodes {
				scanList3 = &scanNode3{next: scanList3}
			}
		}, func() { scanList3 = nil }},
		{"8ptr", 8, func() {
			for range nodes {
				x := &scanNode8{}
				x.p[0] = scanList8
				scanList8 = x
			}
		}, func() { scanList8 = nil }},
	}
	for _, s := range shapes {
		b.Run(s.name, func(b *testing.B) {
			oneP(b)
			defer debug.SetGCPercent(debug.SetGCPercent(-1))
			// CPU time, which load does not stretch as it does wall time.
			cycle := func() time.Duration {
				t := cpuTime()
				goruntime.GC()
				return cpuTime() - t
			}
			goruntime.GC()
			var empty time.Duration
			for range 5 {
				empty += cycle()
			}
			empty /= 5
			s.build()
			defer s.drop()
			goruntime.GC()
			b.ResetTimer()
			var marked time.Duration
			for i := 0; i < b.N; i++ {
				marked += cycle() - empty
			}
			table := float64(runtime.CostGCScanObject) + float64(8*s.ptrs)*1000/runtime.GCScanBytesPerUs
			report(b, marked, b.N*nodes, table)
		})
	}
}
