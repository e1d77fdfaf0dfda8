//go:build ignore

// select: the operands of every case are pushed in order; OpSelect
// pushes the chosen case's index, a value and an ok flag.
package main

import (
	"fmt"
	"time"
)

func main() {
	data := make(chan string, 1)
	quit := make(chan bool)
	go func() {
		data <- "hello"
		close(quit)
	}()
	for {
		select {
		case s, ok := <-data:
			fmt.Printf("%-6s %t\n", s, ok)
		case data <- "again":
		case <-quit:
			return
		case <-time.After(time.Second):
			fmt.Println("timeout")
		}
	}
}
