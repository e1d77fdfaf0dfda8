//go:build ignore

// batch: three goroutines sleep for 100, 200 and 300 µs and nothing else
// runs. The idle thread waits for the first timer in netpoll, but epoll_wait
// counts whole milliseconds: it sleeps 1 ms (plus the kernel's slack), and
// when it wakes all three timers have expired. They fire as one batch, and
// the last fired runs first. Try `break netpoll`.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 100 * time.Microsecond)
			fmt.Println("sleeper", i, "woke")
		}()
	}
	wg.Wait()
}
