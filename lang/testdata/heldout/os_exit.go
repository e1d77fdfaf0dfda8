//go:build ignore

// os.Exit in a nested call: the deferred calls do not run and the parked
// goroutines die with the process; the exit status is the program's.
package main

import (
	"fmt"
	"os"
)

func finish(code int) {
	defer fmt.Println("finish's deferred call: not printed")
	os.Exit(code)
}

func main() {
	defer fmt.Println("main's deferred call: not printed")
	c := make(chan int)
	go func() { <-c }()
	fmt.Println("arguments:", len(os.Args)-1)
	finish(3)
}
