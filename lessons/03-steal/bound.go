//go:build ignore

// bound: at GOMAXPROCS=2, M1 is on its way to P1 as a spinning M when M0
// runs out of work. With one spinner for two busy Ps, M0 does not spin as
// well (2*nmspinning < GOMAXPROCS-npidle is false): it drops its P.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(50 * time.Microsecond)
	}()
	wg.Wait()
	fmt.Println("done")
}
