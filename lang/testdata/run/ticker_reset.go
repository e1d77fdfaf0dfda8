//go:build ignore

// Tickers (time/tick.go over runtime/time.go): a slow receiver gets the
// tick that was due first and the next one comes at the next period
// boundary (unlockAndRun: when + period*(1+delay/period)); Reset changes
// the period; Stop ends the ticks; time.Tick and range over it.
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()
	tk := time.NewTicker(100 * time.Millisecond)
	time.Sleep(250 * time.Millisecond)
	t1 := <-tk.C
	t2 := <-tk.C
	fmt.Println("late ticks:", t1.Sub(start).Round(50*time.Millisecond), t2.Sub(start).Round(50*time.Millisecond))
	tk.Reset(200 * time.Millisecond)
	t3 := <-tk.C
	fmt.Println("after Reset:", t3.Sub(t2).Round(50*time.Millisecond))
	tk.Stop()
	select {
	case <-tk.C:
		fmt.Println("tick after Stop")
	case <-time.After(300 * time.Millisecond):
		fmt.Println("no tick after Stop")
	}

	n := 0
	begin := time.Now()
	for t := range time.Tick(50 * time.Millisecond) {
		n++
		fmt.Println("tick", n, t.Sub(begin).Round(50*time.Millisecond))
		if n == 3 {
			break
		}
	}
	fmt.Println(time.Tick(0) == nil, time.Tick(-time.Second) == nil)
}
