//go:build ignore

// time.AfterFunc (time/sleep.go: goFunc): the func runs in a goroutine of
// its own once the timer fires; Stop before then keeps it from running,
// Reset arms it again.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	t := time.AfterFunc(50*time.Millisecond, func() {
		fmt.Println("fired")
		wg.Done()
	})
	fmt.Println("C is nil:", t.C == nil)
	wg.Wait()
	fmt.Println("Stop after it fired:", t.Stop())

	never := time.AfterFunc(100*time.Millisecond, func() { fmt.Println("never printed") })
	fmt.Println("Stop before it fires:", never.Stop())

	done := make(chan int)
	count := 0
	var r *time.Timer
	r = time.AfterFunc(30*time.Millisecond, func() {
		count++
		if count < 3 {
			r.Reset(30 * time.Millisecond)
			return
		}
		done <- count
	})
	fmt.Println("ran", <-done, "times")
	time.Sleep(200 * time.Millisecond)
	fmt.Println("done")
}
