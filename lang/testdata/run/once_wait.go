//go:build ignore

// sync.Once.Do blocks a second caller until the first call's f returns;
// a panic in f counts as done, so later calls return without calling f;
// and f calling Do on its own Once deadlocks.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var once sync.Once
	var wg sync.WaitGroup
	start := time.Now()
	for i := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() {
				time.Sleep(10 * time.Millisecond)
				fmt.Println("initialised by one caller")
			})
			fmt.Println("caller", i, "returned after the init:", time.Since(start) >= 10*time.Millisecond)
		}()
	}
	wg.Wait()

	var p sync.Once
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		p.Do(func() { panic("init failed") })
	}()
	p.Do(func() { fmt.Println("not called again") })
	fmt.Println("second Do returned")

	var self sync.Once
	self.Do(func() {
		fmt.Println("calling Do from f")
		self.Do(func() {})
	})
}
