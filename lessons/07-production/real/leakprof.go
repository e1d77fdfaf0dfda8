//go:build ignore

// leakprof: leak.go's pattern a hundred times, then the two profiles that
// find it. The goroutine profile groups live goroutines by stack, so the
// hundred leaked workers are one record of count 100. The goroutineleak
// profile exists only in a binary built with
// GOEXPERIMENT=goroutineleakprofile (runtime/pprof/pprof.go); writing it
// runs a garbage collection that marks as leaked (_Gleaked) the goroutines
// blocked on something no runnable goroutine can reach
// (runtime/mgc.go: findGoroutineLeaks). Lesson 07, "Is it the scheduler?":
//
//	go build -o leakprof lessons/07-production/real/leakprof.go
//	./leakprof
//	GOEXPERIMENT=goroutineleakprofile go build -o leakprof lessons/07-production/real/leakprof.go
//	./leakprof
package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"time"
)

func fetch(id int) (int, bool) {
	result := make(chan int) // unbuffered: the send waits for a receiver
	go func() {
		time.Sleep(2 * time.Millisecond) // the slow backend
		result <- id * 10                // blocks for ever once fetch has given up
	}()
	select {
	case v := <-result:
		return v, true
	case <-time.After(time.Millisecond):
		return 0, false
	}
}

func main() {
	timedOut := 0
	for id := 1; id <= 100; id++ {
		if _, ok := fetch(id); !ok {
			timedOut++ // its worker is left behind
		}
	}
	time.Sleep(10 * time.Millisecond) // let the last workers reach their send
	s := []metrics.Sample{{Name: "/sched/goroutines:goroutines"}, {Name: "/sched/goroutines/waiting:goroutines"}}
	metrics.Read(s)
	fmt.Printf("%d of 100 requests timed out\n", timedOut)
	fmt.Printf("NumGoroutine %d; /sched/goroutines:goroutines %d, /sched/goroutines/waiting:goroutines %d\n",
		runtime.NumGoroutine(), s[0].Value.Uint64(), s[1].Value.Uint64())
	fmt.Println("--- the goroutine profile (debug=1):")
	pprof.Lookup("goroutine").WriteTo(os.Stdout, 1)
	if p := pprof.Lookup("goroutineleak"); p != nil {
		fmt.Println("--- the goroutineleak profile (debug=1):")
		p.WriteTo(os.Stdout, 1)
	} else {
		fmt.Println("--- no goroutineleak profile: build with GOEXPERIMENT=goroutineleakprofile")
	}
}
