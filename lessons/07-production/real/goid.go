//go:build ignore

// goid: the id of the first goroutine main creates, read from its stack
// trace's header ("goroutine 19 [running]:"). The real start-up is a race
// between its threads, so the id changes from run to run; gmplab's model
// picks one start-up and always gives the same. Lesson 07, "Is it the
// scheduler?":
//
//	go build -o goid lessons/07-production/real/goid.go
//	for i in 1 2 3 4 5; do GOMAXPROCS=2 ./goid; done
package main

import (
	"fmt"
	"runtime"
	"strings"
)

func main() {
	id := make(chan string)
	go func() {
		buf := make([]byte, 64)
		buf = buf[:runtime.Stack(buf, false)]
		id <- strings.Fields(string(buf))[1]
	}()
	fmt.Println("first goroutine:", <-id)
}
