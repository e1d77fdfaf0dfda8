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
	"net"
	"sync"
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
// whose iteration count comes from a one-time calibration, so that, like the
// model, nothing but the preemption signal can take the P away.
func Work(d time.Duration) {
	if d <= 0 {
		return
	}
	calibrateOnce.Do(calibrate)
	n := uint64(float64(d) * itersPerNs)
	x := seed.Load()
	for i := uint64(0); i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	seed.Store(x) // keep the result alive so the loop is not optimised away
}

var (
	calibrateOnce sync.Once
	itersPerNs    float64
	seed          atomic.Uint64
)

// The calibration runs when the package is initialised, before main.main,
// so that the first Work call of a scenario takes d like the others rather
// than d plus five timing runs (the audit measured 24.9 ms for a first
// 200 µs call): real comparisons (gmplab compare, lesson cells) then time
// the scenario, not the calibration. Under gmplab, sim is the engine's own
// intrinsics and this file is not compiled.
func init() { calibrateOnce.Do(calibrate) }

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
	c net.Conn
}

// Dial opens a connection whose peer writes one byte d after the call, so
// that a Read on it is ready d after Dial.
//
// Under gmplab it is the intrinsic OpDial: a simulated connection (dialling
// costs a short system call); with the netpoll layer a Read that is not yet
// ready parks the goroutine ("IO wait") and frees its thread, without it the
// Read is a blocking system call.
//
// On the real runtime it is a TCP connection over the loopback interface
// (127.0.0.1 only): both ends are set up synchronously, and a timer writes
// the byte on the server's end.
func Dial(d time.Duration) *Conn {
	start := time.Now()
	l := listener()
	dialMu.Lock()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		dialMu.Unlock()
		panic("sim.Dial: " + err.Error())
	}
	// The listener is only used under dialMu, so the one pending
	// connection is the one just dialled.
	s, err := l.Accept()
	dialMu.Unlock()
	if err != nil {
		c.Close()
		panic("sim.Dial: " + err.Error())
	}
	time.AfterFunc(d-time.Since(start), func() {
		s.Write([]byte{1})
		s.Close()
	})
	return &Conn{c: c}
}

// Read blocks until the peer's byte arrives, then closes the connection.
//
// Under gmplab it is the intrinsic OpRead (see Dial). On the real runtime
// it is a read(2) on the socket through the netpoller.
func (c *Conn) Read() {
	var b [1]byte
	_, err := io.ReadFull(c.c, b[:])
	c.c.Close()
	if err != nil {
		panic("sim.Conn.Read: " + err.Error())
	}
}

var (
	listenOnce sync.Once
	ln         net.Listener
	lnErr      error
	dialMu     sync.Mutex
)

func listener() net.Listener {
	listenOnce.Do(func() {
		ln, lnErr = net.Listen("tcp", "127.0.0.1:0")
	})
	if lnErr != nil {
		panic("sim.Dial: " + lnErr.Error())
	}
	return ln
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
