//go:build ignore

// A Timer not made by NewTimer or AfterFunc panics on Stop (time/sleep.go).
package main

import (
	"fmt"
	"time"
)

func main() {
	var tk time.Ticker
	tk.Stop() // does nothing, as in Go
	fmt.Println("Ticker.Stop of a zero Ticker is a no-op")
	var t time.Timer
	t.Stop()
}
