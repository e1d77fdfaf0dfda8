package sim

import (
	"runtime"
	"sync"
	"testing"
	"time"
)

func TestWorkBurnsAboutD(t *testing.T) {
	Work(time.Millisecond) // calibrate
	for _, d := range []time.Duration{5 * time.Millisecond, 20 * time.Millisecond} {
		// Generous bounds: CI machines are noisy and may deschedule us. A
		// calibration made while other processes held the CPUs counts too
		// few iterations a nanosecond, so Work runs short once they are
		// gone: calibrate again and retry before calling it a failure.
		var el time.Duration
		for try := 0; try < 5; try++ {
			start := time.Now()
			Work(d)
			el = time.Since(start)
			if el >= d/3 && el <= 20*d {
				break
			}
			calibrate()
		}
		if el < d/3 || el > 20*d {
			t.Errorf("Work(%v) took %v (5 tries, calibrating again after each)", d, el)
		}
	}
	Work(0)
	Work(-time.Second)
}

func TestSyscallBlocksForD(t *testing.T) {
	const d = 10 * time.Millisecond
	start := time.Now()
	Syscall(d)
	if el := time.Since(start); el < d {
		t.Errorf("Syscall(%v) returned after %v", d, el)
	}
	Syscall(0)
}

func TestDialReadIsReadyAfterD(t *testing.T) {
	const d = 15 * time.Millisecond
	start := time.Now()
	c := Dial(d)
	c.Read()
	if el := time.Since(start); el < d {
		t.Errorf("Read returned %v after Dial, want ≥ %v", el, d)
	}
}

func TestManyConcurrentDials(t *testing.T) {
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			start := time.Now()
			d := time.Duration(1+i%5) * time.Millisecond
			c := Dial(d)
			c.Read()
			if el := time.Since(start); el < d {
				t.Errorf("read %d ready after %v, want ≥ %v", i, el, d)
			}
		}(i)
	}
	wg.Wait()
}

func TestBreakpointIsANoOp(t *testing.T) {
	Breakpoint()
}

// On Linux the peer is the kernel (a timerfd), not Go code of this
// process: Dial starts no goroutine, so a program that hogs its Ps cannot
// delay the data it waits for, and a real run measures the scheduler.
func TestDialStartsNoGoroutine(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the peer is a goroutine (time.AfterFunc) off Linux")
	}
	before := runtime.NumGoroutine()
	conns := make([]*Conn, 10)
	for i := range conns {
		conns[i] = Dial(time.Duration(i+1) * time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after != before {
		t.Errorf("10 Dials changed the goroutine count from %d to %d, want no change", before, after)
	}
	for _, c := range conns {
		c.Read()
	}
}

// The calibration runs at package initialisation, before main.main (and
// here before any test): a scenario's first Work call does not pay for it.
func TestCalibratedAtInit(t *testing.T) {
	if calibratedBeforeTests <= 0 {
		t.Fatalf("itersPerNs = %v before the first Work call: the calibration did not run at init", calibratedBeforeTests)
	}
}

// calibratedBeforeTests is itersPerNs as this file's init finds it: after
// sim.go's init (files initialise in name order), before any test.
var calibratedBeforeTests float64

func init() { calibratedBeforeTests = itersPerNs }
