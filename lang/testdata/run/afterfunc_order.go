//go:build ignore

// Timers that fire in one check (runtime/time.go: timers.check): each
// goFunc and each sendTime readies into runnext, so the last one fired
// runs first and the others follow in fire order.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		time.AfterFunc(10*time.Millisecond, func() {
			fmt.Println("func", i)
			wg.Done()
		})
	}
	c1 := time.After(30 * time.Millisecond)
	c2 := time.After(30 * time.Millisecond)
	wg.Wait()
	for i := 1; i <= 3; i++ {
		t := time.NewTimer(50 * time.Millisecond)
		go func() {
			<-t.C
			fmt.Println("timer", i)
		}()
	}
	<-c2
	<-c1
	fmt.Println("after")
	time.Sleep(100 * time.Millisecond)
}
