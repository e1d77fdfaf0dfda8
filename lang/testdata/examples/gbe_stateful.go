//go:build ignore

// Go by Example: Stateful Goroutines (own version; fixed counts instead of
// a wall-clock second, so the output is deterministic).
package main

import (
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
)

type readOp struct {
	key  int
	resp chan int
}

type writeOp struct {
	key  int
	val  int
	resp chan bool
}

func main() {
	var readOps, writeOps atomic.Uint64
	reads := make(chan readOp)
	writes := make(chan writeOp)
	go func() {
		state := make(map[int]int)
		for {
			select {
			case read := <-reads:
				read.resp <- state[read.key]
			case write := <-writes:
				state[write.key] = write.val
				write.resp <- true
			}
		}
	}()
	var wg sync.WaitGroup
	for r := 0; r < 10; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				read := readOp{key: rand.Intn(5), resp: make(chan int)}
				reads <- read
				<-read.resp
				readOps.Add(1)
			}
		}()
	}
	for w := 0; w < 5; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				write := writeOp{key: rand.Intn(5), val: rand.Intn(100), resp: make(chan bool)}
				writes <- write
				<-write.resp
				writeOps.Add(1)
			}
		}()
	}
	wg.Wait()
	fmt.Println("readOps:", readOps.Load())
	fmt.Println("writeOps:", writeOps.Load())
}
