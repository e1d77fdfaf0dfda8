package runtime_test

import (
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// --check visits the whole state after every action while it is small (as
// the tests need), and amortizes the visit for a big one: with 12,000
// parked goroutines it costs about checkBudget (256) object visits per
// action instead of the whole state's 12,000 (it was quadratic: 159 s with
// 100,000).
func TestCheckIsAmortizedOnBigStates(t *testing.T) {
	small := compileSrc(t, "small.go", `package main

import "runtime"

func main() {
	for i := 0; i < 50; i++ {
		runtime.Gosched()
	}
}
`)
	mc, _ := runtime.New(small, runtime.Config{GOMAXPROCS: 2, Check: true})
	mc.Run(nil)
	// Every action but the last (the exit, after which nothing is checked).
	if st := mc.Stats(); mc.FullChecks() != st.Steps-1 {
		t.Errorf("small state: %d full checks in %d actions, want one per action", mc.FullChecks(), st.Steps)
	}

	big := compileSrc(t, "big.go", `package main

import "sync"

func main() {
	var wg sync.WaitGroup
	c := make(chan int)
	for i := 0; i < 12000; i++ {
		wg.Add(1)
		go func() {
			<-c
			wg.Done()
		}()
	}
	close(c)
	wg.Wait()
}
`)
	mc, _ = runtime.New(big, runtime.Config{GOMAXPROCS: 2, Check: true})
	if ex := mc.Run(nil); ex.Code != 0 {
		t.Fatalf("exit %+v", ex)
	}
	st := mc.Stats()
	// The state grows to 12,000+ Gs: a full check every ~50 actions at
	// the end, every action at the start.
	if n := mc.FullChecks(); n < st.Steps/100 || n > st.Steps/10 {
		t.Errorf("big state: %d full checks in %d actions, want between one in 100 and one in 10", n, st.Steps)
	}
}
