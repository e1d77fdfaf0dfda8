//go:build ignore

// resize: main changes GOMAXPROCS twice while eight goroutines work, sleep
// and make system calls.
//
// What to look for (gmplab run examples/resize.go --gomaxprocs 4):
//   - runtime.GOMAXPROCS(2) stops the world: every running G is preempted
//     into its own P's runnext and its M sleeps; Ps in syscalls are taken
//     (stopTheWorldWithSema);
//   - procresize destroys P2 and P3: their rings (tail first) and runnexts
//     go to the head of the global queue, their timers to main's P; main,
//     which ran on P3, goes on on P0;
//   - startTheWorld hands each P with work back to the M it had (oldm);
//   - GOMAXPROCS(3) creates P2 again, with the counters it had.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			sim.Work(2 * time.Millisecond)
			time.Sleep(time.Millisecond)
			sim.Syscall(time.Millisecond)
			fmt.Println("done", n)
		}(i)
	}
	time.Sleep(500 * time.Microsecond)
	fmt.Println("GOMAXPROCS was", runtime.GOMAXPROCS(2))
	time.Sleep(3 * time.Millisecond)
	fmt.Println("GOMAXPROCS was", runtime.GOMAXPROCS(3))
	wg.Wait()
	fmt.Println("GOMAXPROCS is", runtime.GOMAXPROCS(0))
}
