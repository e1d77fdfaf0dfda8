//go:build ignore

// Go 1.23+ timer channels (runtime/time.go): len and cap are 0, Stop and
// Reset leave no stale value, Stop of an expired timer nobody received
// from reports true, and a timer not waited on still fires for a receive
// that comes late (maybeRunChan).
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	t := time.NewTimer(50 * time.Millisecond)
	fmt.Println("len", len(t.C), "cap", cap(t.C))
	time.Sleep(150 * time.Millisecond)
	fmt.Println("len after expiry", len(t.C))
	// Expired, never received: in Go 1.23 Stop reports that it stopped it.
	fmt.Println("Stop:", t.Stop())
	select {
	case <-t.C:
		fmt.Println("stale value")
	default:
		fmt.Println("no stale value after Stop")
	}
	fmt.Println("Reset:", t.Reset(50*time.Millisecond))
	v := <-t.C
	fmt.Println("fired after", v.Sub(start).Round(50*time.Millisecond))

	// Reset of an expired timer without Stop: no stale value either.
	t2 := time.NewTimer(20 * time.Millisecond)
	time.Sleep(100 * time.Millisecond)
	fmt.Println("Reset expired:", t2.Reset(time.Hour))
	select {
	case <-t2.C:
		fmt.Println("stale value")
	default:
		fmt.Println("no stale value after Reset")
	}
	fmt.Println("Stop pending:", t2.Stop(), "Stop again:", t2.Stop())

	// A late receive still gets the value (the time it was due).
	t3 := time.NewTimer(50 * time.Millisecond)
	mark := time.Now()
	time.Sleep(200 * time.Millisecond)
	got := <-t3.C
	fmt.Println("late receive got the due time:", got.Sub(mark).Round(50*time.Millisecond))

	// time.After in a select, as a timeout.
	c := make(chan string)
	go func() {
		time.Sleep(300 * time.Millisecond)
		c <- "result"
	}()
	select {
	case r := <-c:
		fmt.Println(r)
	case <-time.After(100 * time.Millisecond):
		fmt.Println("timeout 1")
	}
	select {
	case r := <-c:
		fmt.Println(r)
	case <-time.After(time.Second):
		fmt.Println("timeout 2")
	}
}
