package main

import (
	"fmt"
	"runtime"
	"sync"
)

// A panic 10,000 calls deep, recovered at the top; then runtime.Goexit
// from deep inside a goroutine: both unwind frames the VM keeps compact.

func down(n int) int {
	if n == 0 {
		panic(fmt.Sprintf("bottom reached"))
	}
	return down(n-1) + 1
}

func safe(n int) (res int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return down(n), nil
}

func exitDeep(n int) {
	if n == 0 {
		runtime.Goexit()
	}
	exitDeep(n - 1)
}

func main() {
	for _, n := range []int{10, 3000, 10000} {
		res, err := safe(n)
		fmt.Println(n, res, err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("deferred before Goexit ran")
		exitDeep(6000)
		fmt.Println("not reached")
	}()
	wg.Wait()
	fmt.Println(runtime.NumGoroutine())
}
