//go:build ignore

// Run-time errors that the runtime and the library raise with panic unwind
// through deferred calls and can be recovered, as panics the program
// raises itself do; the recovered value has the type Go gives it.
package main

import (
	"fmt"
	"sync"
	"time"
)

func try(name string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %T: %v\n", name, r, r)
		if e, ok := r.(error); ok {
			fmt.Println("  is an error:", e.Error())
		}
	}()
	defer fmt.Println("  deferred call of", name, "runs")
	f()
	fmt.Println("not reached")
}

func main() {
	try("send on closed", func() {
		ch := make(chan int, 1)
		close(ch)
		ch <- 1
	})
	try("close of closed", func() {
		ch := make(chan int)
		close(ch)
		close(ch)
	})
	try("close of nil", func() {
		var ch chan int
		close(ch)
	})
	try("negative WaitGroup", func() {
		var wg sync.WaitGroup
		wg.Done()
	})
	try("nil WaitGroup", func() {
		var wg *sync.WaitGroup
		wg.Add(1)
	})
	n := -1
	try("makechan", func() {
		_ = make(chan int, n)
	})
	try("NewTicker", func() {
		time.NewTicker(time.Duration(n + 1))
	})
	try("uninitialized Timer", func() {
		var t time.Timer
		t.Stop()
	})
	try("select send on closed", func() {
		ch := make(chan int)
		close(ch)
		select {
		case ch <- 1:
		}
	})
	// A sender blocked on a channel that another goroutine closes.
	try("sender woken by close", func() {
		ch := make(chan int)
		go func() {
			time.Sleep(time.Millisecond)
			close(ch)
		}()
		ch <- 1
	})
	fmt.Println("main goes on")
}
