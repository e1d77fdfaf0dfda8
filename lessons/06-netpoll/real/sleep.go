//go:build ignore

// sleep: how long a 100 µs time.Sleep lasts on the real runtime when
// nothing else runs. Every thread is then parked, the one waiting for the
// timer in netpoll, and on Linux epoll_wait takes its timeout in whole
// milliseconds (runtime/netpoll_epoll.go: netpoll rounds a delay under
// 1 ms up to 1 ms), so the sleep lasts about a millisecond plus the
// kernel's timer slack. Lesson 06, "Timers on an idle P":
//
//	go build -o sleep lessons/06-netpoll/real/sleep.go
//	./sleep
package main

import (
	"fmt"
	"slices"
	"time"
)

func main() {
	var d []time.Duration
	for range 21 {
		start := time.Now()
		time.Sleep(100 * time.Microsecond)
		d = append(d, time.Since(start))
	}
	slices.Sort(d)
	us := func(d time.Duration) int64 { return d.Microseconds() }
	fmt.Printf("a 100 µs sleep lasted %d µs in the median of 21 (shortest %d µs, longest %d µs)\n",
		us(d[len(d)/2]), us(d[0]), us(d[len(d)-1]))
}
