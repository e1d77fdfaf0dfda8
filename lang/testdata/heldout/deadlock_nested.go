//go:build ignore

// Every goroutine blocks inside a nested call: on a channel receive, a
// mutex, a WaitGroup and a select. The deadlock's traceback lists them all.
package main

import (
	"sync"
	"time"
)

var mu sync.Mutex

func recvDeep(c chan int) int {
	return <-c
}

func lockDeep() {
	mu.Lock()
}

func waitDeep(wg *sync.WaitGroup) {
	wg.Wait()
}

func selectDeep(a, b chan int) {
	select {
	case <-a:
	case b <- 1:
	}
}

func main() {
	c := make(chan int)
	var wg sync.WaitGroup
	wg.Add(1)
	mu.Lock()
	go func() { recvDeep(c) }()
	go func() { lockDeep() }()
	go waitDeep(&wg)
	go selectDeep(make(chan int), make(chan int))
	time.Sleep(time.Millisecond)
	recvDeep(c)
}
