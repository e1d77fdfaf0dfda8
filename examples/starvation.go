//go:build ignore

// starvation: main holds a sync.Mutex and keeps unlocking and relocking it,
// sleeping while it holds it; goroutine B wants it once.
//
// What to look for (gmplab run examples/starvation.go --gomaxprocs 1):
//   - B's Lock finds the mutex held and sleeps on its semaphore
//     (semacquire, "sync.Mutex.Lock");
//   - main's first Unlock wakes B (semrelease) into runnext, but main goes
//     on running and locks again before B runs: B loses (normal mode lets a
//     running G barge in) and sleeps again, at the head of the queue;
//   - B has waited over 1 ms (starvationThresholdNs), so it switches the
//     mutex to starvation mode: main's next Unlock hands the mutex to B
//     (semrelease with handoff) and yields its P (goyield), and B gets it.
//
// The same file runs on the real runtime: GOMAXPROCS=1 go run examples/starvation.go
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	done := make(chan bool)
	mu.Lock()
	go func() {
		mu.Lock()
		fmt.Println("B got the lock")
		mu.Unlock()
		done <- true
	}()
	time.Sleep(2 * time.Millisecond)
	for i := 0; i < 5; i++ {
		mu.Unlock()
		fmt.Println("A unlocked", i)
		mu.Lock()
		fmt.Println("A locked", i)
		time.Sleep(300 * time.Microsecond)
	}
	mu.Unlock()
	<-done
}
