//go:build ignore

// deadlock: the same leak, but main now waits for its workers with a
// WaitGroup before it exits. The workers are blocked on their sends and
// main on the WaitGroup: every goroutine is asleep, and the runtime says
// so. (See the lesson: the real runtime only notices in some builds.)
//gmplab:want deadlock

package main

import (
	"fmt"
	"sync"
	"time"
)

var wg sync.WaitGroup

func fetch(id int) (int, bool) {
	result := make(chan int)
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(2 * time.Millisecond) // the slow backend
		result <- id * 10                // blocks for ever: nobody receives
	}()
	select {
	case v := <-result:
		return v, true
	case <-time.After(time.Millisecond):
		return 0, false
	}
}

func main() {
	for id := 1; id <= 3; id++ {
		if _, ok := fetch(id); !ok {
			fmt.Println("request", id, "timed out")
		}
	}
	wg.Wait() // wait for the workers: they never finish
	fmt.Println("all workers done")
}
