//go:build ignore

// A busy loop on the only P and a goroutine asleep for 1 ms: does the
// sleeper get the P back before the loop ends? With
// GODEBUG=asyncpreemptoff=1 only a prologue check can stop the loop, and
// whether its call has one is the compiler's decision:
//
//	inlined:  the call of inl is inlined: no call, no check
//	leaf:     leaf is called (//go:noinline) but it is a leaf with a small
//	          frame: NOSPLIT, no check
//	nonleaf:  nonleaf calls leaf, so it has a frame and a prologue check
//
// With one P the sleeper does not even start before main is preempted.
//
// Usage: loop MODE N (N iterations).
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

var sink int

func inl(i int) int { return i & 7 }

//go:noinline
func leaf(i int) int { return i & 7 }

//go:noinline
func nonleaf(i int) int { return leaf(i) + 1 }

func main() {
	mode := os.Args[1]
	n, _ := strconv.Atoi(os.Args[2])
	var woke atomic.Bool
	done := make(chan bool)
	go func() {
		time.Sleep(time.Millisecond)
		woke.Store(true)
		done <- true
	}()
	switch mode {
	case "inlined":
		for i := 0; i < n; i++ {
			sink += inl(i)
		}
	case "leaf":
		for i := 0; i < n; i++ {
			sink += leaf(i)
		}
	case "nonleaf":
		for i := 0; i < n; i++ {
			sink += nonleaf(i)
		}
	}
	fmt.Println(mode, "loop done; the sleeper woke during it:", woke.Load())
	<-done
}
