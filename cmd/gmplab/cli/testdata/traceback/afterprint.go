// The last statement before the deadlock is a print, then a receive.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	ch := make(chan int)
	go func() {
		runtime.Gosched()
		fmt.Println("child")
		ch <- 1
		ch <- 2
	}()
	fmt.Println(<-ch)
	runtime.Gosched()
	fmt.Println("parent")
	var wait chan bool
	wait <- true
}
