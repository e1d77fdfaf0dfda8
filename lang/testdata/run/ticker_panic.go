//go:build ignore

// time.NewTicker panics for a non-positive interval (time/tick.go).
package main

import (
	"fmt"
	"time"
)

func main() {
	fmt.Println("start")
	time.NewTicker(0)
}
