//go:build ignore

// leakprof: leak.go's pattern a hundred times, then the two profiles that
// find it. The goroutine profile groups live goroutines by stack, so the
// hundred leaked workers are one record of count 100. The goroutineleak
// profile is in Go 1.26 only in a binary built with
// GOEXPERIMENT=goroutineleakprofile, and in Go 1.27 in every binary, the
// experiment gone (runtime/pprof/pprof.go: lockProfiles); writing it runs
// a garbage collection that marks as leaked (_Gleaked) the goroutines
// blocked on something no runnable goroutine can reach
// (runtime/mgc.go: findGoroutineLeaks). It prints the release that built
// it first. Lesson 07, "Is it the scheduler?":
//
//	go build -o leakprof lessons/07-production/real/leakprof.go
//	./leakprof
//	GOEXPERIMENT=goroutineleakprofile go build -o leakprof lessons/07-production/real/leakprof.go  # Go 1.26
//	./leakprof
package main

import (
	"fmt"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
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
	fmt.Println("built by", runtime.Version())
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
	var prof, leak strings.Builder
	pprof.Lookup("goroutine").WriteTo(&prof, 1)
	fmt.Printf("the goroutine profile: %d goroutines at main.fetch.func1\n", atWorker(prof.String()))
	p := pprof.Lookup("goroutineleak")
	if p != nil {
		p.WriteTo(&leak, 1)
		fmt.Printf("the goroutineleak profile: %d goroutines at main.fetch.func1\n", atWorker(leak.String()))
	} else {
		fmt.Println("no goroutineleak profile: on Go 1.26, build with GOEXPERIMENT=goroutineleakprofile")
	}
	fmt.Print("--- the goroutine profile (debug=1):\n", prof.String())
	if p != nil {
		fmt.Print("--- the goroutineleak profile (debug=1):\n", leak.String())
	}
}

// atWorker adds the counts of a debug=1 text profile's records whose stack
// holds main.fetch.func1, the worker: a record is a line "COUNT @ PCs",
// then a line "#\tPC\tFUNCTION+OFFSET\tFILE:LINE" a frame.
func atWorker(text string) int {
	n, count := 0, 0
	for _, l := range strings.Split(text, "\n") {
		if c, _, ok := strings.Cut(l, " @ "); ok {
			count, _ = strconv.Atoi(c)
		} else if f := strings.Fields(l); len(f) >= 3 && f[0] == "#" && strings.HasPrefix(f[2], "main.fetch.func1+") {
			n += count
			count = 0 // count each record once
		}
	}
	return n
}
