//go:build ignore

// stopping measures how long the collector's stops of the world take to
// stop a goroutine that computes in loops with no calls (runtime/proc.go:
// stopTheWorldWithSema, preemptall), with asynchronous preemption and
// without it. Lesson 09 runs it in a runs cell; from the repository's
// root:
//
//	go build -o stopping lessons/09-gc/real/stopping.go
//	GOMAXPROCS=2 ./stopping
//
// It runs itself twice as a child, with GODEBUG=asyncpreemptoff=0 and
// =1. In the child one goroutine computes in chunks of about 30 ms, each
// a call of spin, whose loop has no call, no allocation and no stack
// check (spin's own prologue has one: a cooperative preemption point
// between chunks), while main allocates garbage until the collector
// has finished ten cycles. The child prints the slowest stop as
// /sched/pauses/stopping/gc:seconds records it: the time from the
// request to stop the world to the moment every P had stopped (the upper
// bound of the histogram's bucket, in microseconds). With asynchronous
// preemption the signal stops the loop at once; without it the stop
// waits for the chunk under way to end.
package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"time"
)

var (
	done atomic.Bool
	sink []byte
	sum  uint64
)

// spin computes n steps in a loop that only a signal can stop. It calls
// mix, so it is not a leaf: the compiler gives it a prologue check, the
// cooperative preemption point between two chunks (a leaf this small
// would be NOSPLIT, lesson 05, and with no signal nothing could stop it).
//
//go:noinline
func spin(n uint64) uint64 {
	x := uint64(1)
	for i := uint64(0); i < n; i++ {
		x = x*6364136223846793005 + i
	}
	return mix(x)
}

//go:noinline
func mix(x uint64) uint64 { return x ^ x>>31 }

// calibrate returns how many steps of spin take about d.
func calibrate(d time.Duration) uint64 {
	n := uint64(1 << 20)
	for {
		t0 := time.Now()
		sum += spin(n)
		if el := time.Since(t0); el >= 5*time.Millisecond {
			return uint64(float64(n) * float64(d) / float64(el))
		}
		n *= 2
	}
}

func child() {
	chunk := calibrate(30 * time.Millisecond)
	go func() {
		for !done.Load() {
			sum += spin(chunk) // the call's prologue: a preemption point every 30 ms
		}
	}()
	s := []metrics.Sample{
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/sched/pauses/stopping/gc:seconds"},
	}
	metrics.Read(s)
	base := s[0].Value.Uint64()
	for i := 0; ; i++ {
		sink = make([]byte, 64<<10) // garbage: the collector runs cycles
		if i%64 == 0 {
			metrics.Read(s)
			if s[0].Value.Uint64() >= base+10 {
				break
			}
		}
	}
	done.Store(true)
	h := s[1].Value.Float64Histogram()
	slowest := 0.0
	for i, c := range h.Counts {
		if c > 0 {
			slowest = h.Buckets[i+1]
		}
	}
	if math.IsInf(slowest, 1) {
		slowest = h.Buckets[len(h.Buckets)-2]
	}
	fmt.Printf("slowest stop %.0f µs\n", slowest*1e6)
}

func main() {
	if os.Getenv("STOPPING_CHILD") != "" {
		child()
		return
	}
	for _, off := range []string{"0", "1"} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "STOPPING_CHILD=1", "GODEBUG=asyncpreemptoff="+off)
		out, err := cmd.CombinedOutput()
		if err != nil {
			fmt.Printf("asyncpreemptoff=%s: %v\n%s", off, err, out)
			os.Exit(1)
		}
		fmt.Printf("asyncpreemptoff=%s: %s", off, strings.TrimSpace(string(out))+"\n")
	}
}
