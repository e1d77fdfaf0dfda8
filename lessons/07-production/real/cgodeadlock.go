//go:build ignore

// cgodeadlock: does checkdead catch a deadlock in a program built with
// cgo? It runs itself as a child (CHILD=1) whose main blocks for ever on a
// channel nobody sends to, the last goroutine asleep, and waits up to two
// seconds for the child to end. Built with CGO_ENABLED=0 the child dies at
// once with "all goroutines are asleep - deadlock!" and exit status 2; built
// with CGO_ENABLED=1, the import of net links runtime/cgo (iscgo), the
// runtime makes an extra M for calls from C threads (mstartm0 →
// newextram), mcount counts it and it is never idle, so checkdead
// (runtime/proc.go) returns before it looks at the goroutines, and the
// child hangs until it is killed. Lesson 07, "A leak":
//
//	CGO_ENABLED=1 go build -o cgodeadlock lessons/07-production/real/cgodeadlock.go
//	./cgodeadlock
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"time"

	_ "net" // with cgo enabled, net's resolver links runtime/cgo
)

func main() {
	if os.Getenv("CHILD") == "1" {
		ch := make(chan int)
		<-ch // nobody sends: every goroutine is asleep
		return
	}
	cgo := "?"
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "CGO_ENABLED" {
				cgo = s.Value
			}
		}
	}
	fmt.Printf("built with CGO_ENABLED=%s\n", cgo)
	var out bytes.Buffer
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CHILD=1")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		fmt.Println("cannot start the child:", err)
		os.Exit(1)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		fmt.Printf("the child ended (%v) and printed:\n%s", err, out.String())
	case <-time.After(2 * time.Second):
		cmd.Process.Kill()
		<-done
		fmt.Println("the child was still blocked after 2 s: killed")
	}
}
