// Package sim is what gmplab scenario programs import for the things plain Go
// cannot express deterministically: CPU work, a blocking system call, a
// network read that becomes ready at a chosen time, and a place for the
// debugger to stop.
//
// The same scenario file runs two ways:
//
//   - under gmplab (gmplab run file.go), the front end compiles each call to
//     an intrinsic of the simulated runtime, which charges virtual time and
//     makes the scheduling decisions the real runtime would;
//   - with the real toolchain (go run file.go, gmplab real file.go), this
//     package does the real thing: a busy loop, a real system call, a
//     loopback socket, a function Delve can stop in.
package sim

import (
	"io"
	"sync/atomic"
	"time"
)

// Work burns CPU for d without making any function call while it does.
//
// Under gmplab it is the intrinsic OpWork: the goroutine stays running for d
// virtual nanoseconds, and because a loop with no calls has no prologue
// check, only asynchronous preemption (sysmon's retake → preemptone →
// SIGURG) can stop it before it is done; a cooperative request
// (stackguard0 = stackPreempt) waits.
//
// On the real runtime the hot loop is a plain for loop of pure arithmetic
// whose iteration count comes from a calibration made when the program
// starts (the package's init, before main), so that, like the model,
// nothing but the preemption signal can take the P away: were the first
// call to calibrate, its calls (time.Now) would be cooperative preemption
// points, and the time it takes would be charged to the scenario.
//
// It is never inlined, on either side: the model (lang/inline's table,
// stdcalls.txt) takes a sim.Work call for a call, so the function calling
// it is not a leaf and has its prologue's preemption check, and the real
// compiler must compile the scenario the same way. Its body alone (cost
// 52, a leaf) would be inlined since the calibration moved to init, which
// made real runs of the lessons differ from the model in which functions
// are leaves (docs/assumptions.md, lang/inline).
//
//go:noinline
func Work(d time.Duration) {
	if d <= 0 {
		return
	}
	n := uint64(float64(d) * itersPerNs)
	x := seed.Load()
	for i := uint64(0); i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	seed.Store(x) // keep the result alive so the loop is not optimised away
}

var (
	itersPerNs float64
	seed       atomic.Uint64
)

// The calibration runs when the package is initialised, before main.main,
// so that the first Work call of a scenario takes d like the others rather
// than d plus five timing runs (the audit measured 24.9 ms for a first
// 200 µs call): real comparisons (gmplab compare, lesson cells) then time
// the scenario, not the calibration. Under gmplab, sim is the engine's own
// intrinsics and this file is not compiled.
func init() { calibrate() }

// calibrate measures how many iterations of Work's loop run in a nanosecond,
// taking the fastest of a few short runs (the slower ones were interrupted).
func calibrate() {
	const n = 1 << 20
	best := time.Duration(1<<63 - 1)
	x := seed.Load() | 1
	for try := 0; try < 5; try++ {
		start := time.Now()
		for i := uint64(0); i < n; i++ {
			x = x*6364136223846793005 + 1442695040888963407
		}
		if el := time.Since(start); el > 0 && el < best {
			best = el
		}
	}
	seed.Store(x)
	if best == time.Duration(1<<63-1) {
		best = n // a clock too coarse to measure: assume 1 iteration/ns
	}
	itersPerNs = float64(n) / float64(best)
}

// Syscall makes a blocking system call that lasts d.
//
// Under gmplab it is the intrinsic OpSyscall: entersyscall keeps the P
// attached (Go 1.26) until sysmon's retake hands it off to another M if the
// call lasts long enough and other work waits; exitsyscall then looks for a
// P for the returning goroutine.
//
// On the real runtime it is nanosleep(2) on Linux (a real system call that
// goes through entersyscall/exitsyscall), time.Sleep elsewhere.
func Syscall(d time.Duration) {
	if d <= 0 {
		return
	}
	syscallSleep(d)
}

// Conn is one end of a network connection whose peer sends one byte at a
// chosen time (see Dial).
type Conn struct {
	r io.ReadCloser
	n int // the bytes the peer sends
}

// Dial opens a connection whose peer writes d after the call, so that a
// Read on it is ready d after Dial.
//
// Under gmplab it is the intrinsic OpDial: a simulated connection (dialling
// costs a short system call); with the netpoll layer a Read that is not yet
// ready parks the goroutine ("IO wait") and frees its thread, without it the
// Read is a blocking system call.
//
// On the real runtime the peer must not be Go code of the same process: a
// goroutine (or a timer's function) writing the data would need a P, and a
// program that hogs its Ps would then delay the data itself, so a real run
// would measure the fake network rather than the scheduler. On Linux the
// "connection" is therefore a timerfd(2) that the kernel makes readable d
// after Dial, read through the netpoller like a socket: no goroutine, no
// thread, no peer process, two short system calls to open it. Elsewhere it
// is a TCP connection over the loopback interface whose peer is a
// time.AfterFunc in this process, with the distortion just described.
//
// Like Work, it is never inlined, so that the real compiler makes the same
// decisions about its callers as the model's table does.
//
//go:noinline
func Dial(d time.Duration) *Conn {
	return dial(d)
}

// Read blocks until the peer's data arrives, then closes the connection.
//
// Under gmplab it is the intrinsic OpRead (see Dial). On the real runtime
// it is a read(2) through the netpoller: the goroutine parks in
// netpollblock until epoll reports the descriptor readable.
func (c *Conn) Read() {
	b := make([]byte, c.n)
	_, err := io.ReadFull(c.r, b)
	c.r.Close()
	if err != nil {
		panic("sim.Conn.Read: " + err.Error())
	}
}

// Breakpoint is where the debugger stops.
//
// Under gmplab it is the intrinsic OpBreakpoint: the run emits a breakpoint
// event (gmplab step and --state-at breakpoint stop there) and costs
// nothing. On the real runtime it is an empty function that is never
// inlined, so that Delve (gmplab real) can set a breakpoint on
// github.com/gmplab/gmplab/sim.Breakpoint.
//
//go:noinline
func Breakpoint() {}
