// A panic three calls deep in a goroutine, after it slept and yielded.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func c(n int) {
	if n > 2 {
		panic(fmt.Sprint("too deep: ", n))
	}
	c(n + 1)
}

func b() {
	time.Sleep(time.Millisecond)
	runtime.Gosched()
	c(0)
}

func main() {
	go b()
	fmt.Println("main waits")
	select {}
}
