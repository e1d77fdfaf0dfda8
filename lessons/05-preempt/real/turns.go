//go:build ignore

// turns measures the time slices sysmon gives two goroutines that compute
// on one P (runtime/proc.go: retake, forcePreemptNS). Lesson 05 runs it in
// a runs cell; from the repository's root:
//
//	go build -o turns lessons/05-preempt/real/turns.go
//	GOMAXPROCS=1 ./turns
//
// Two goroutines spin, each reading the clock in its loop, until 15 turns
// are recorded and half a second has passed (or ten seconds: a host too
// busy to give the program 15 turns in that time, or GOMAXPROCS above 1,
// makes the figures say so rather than hang). At one P only one runs at a time, so a goroutine that finds
// the other one's id in state has just been given the P back: the time
// since state last changed hands is the turn that just ended. The first
// turn is left out (it began before the second goroutine existed), and so
// is a turn whose end was read more than 100 µs before it was recorded
// (the goroutine was stopped in between). It prints every turn, then how
// many, the shortest and the median, in milliseconds.
//
// A turn is at least forcePreemptNS (10 ms): retake starts the slice's
// clock only when it sees the new schedtick, which is after the turn
// began, and preempts 10 ms later. With sysmon backed off to its 10 ms
// sleep, it sees the new tick up to one sleep late, so turns are 10 to
// 20 ms, most near 20, and longer on a host whose load delays sysmon's
// wake-ups. The loop calls time.Since, which has a prologue check, so
// the turns are the same with GODEBUG=asyncpreemptoff=1: sysmon's
// preemptone is honoured by whichever comes first.
package main

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// state is when the P last changed hands, in ns since start, times 4,
// plus the id (1 or 2) of the goroutine that took it.
var state atomic.Int64

// recorded counts the turns recorded by both goroutines.
var recorded atomic.Int32

func spin(id int64, start time.Time, d time.Duration, turns *[]time.Duration) {
	first := true
	for {
		now := time.Since(start)
		if now >= d && recorded.Load() >= 15 || now >= 10*time.Second {
			return
		}
		s := state.Load()
		if s&3 == id || !state.CompareAndSwap(s, int64(now)<<2|id) {
			continue
		}
		if s != 0 && !first && time.Since(start)-now < 100*time.Microsecond {
			*turns = append(*turns, now-time.Duration(s>>2))
			recorded.Add(1)
		}
		first = false
	}
}

func main() {
	start := time.Now()
	var turns []time.Duration // written by whichever goroutine runs: one P
	var mu sync.Mutex
	var wg sync.WaitGroup
	for id := int64(1); id <= 2; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			spin(id, start, 500*time.Millisecond, &mine)
			mu.Lock()
			turns = append(turns, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(turns) == 0 {
		// The figures still print, so that a check, not a missing
		// figure, says what went wrong.
		fmt.Println("no turns in 10 s: one goroutine kept the P (is GOMAXPROCS 1?)")
		fmt.Println("0 turns: shortest 0 ms, median 0 ms")
		return
	}
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d)/1e6) }
	for _, t := range turns {
		fmt.Print(ms(t), " ")
	}
	fmt.Println()
	slices.Sort(turns)
	fmt.Printf("%d turns: shortest %s ms, median %s ms\n", len(turns), ms(turns[0]), ms(turns[len(turns)/2]))
}
