package main

import (
	"fmt"
	"sync/atomic"
)

func main() {
	var v atomic.Value
	v.Store(1)
	fmt.Println(v.Load())
	v.Store("one")
	fmt.Println("not reached")
}
