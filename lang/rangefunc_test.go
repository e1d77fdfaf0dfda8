package lang

import (
	"strings"
	"testing"
)

// A range-over-func body that defers a call while an iterator runs it on
// another goroutine: Go registers the call for the loop's frame
// (runtime.deferprocat on the token of runtime.deferrangefunc, a list any
// goroutine may push to); gmplab's token is a place on the loop's own
// stack (vm/defer_rangefunc.go), so it refuses with a message that says
// why instead of running the call at the wrong time.
func TestRangeFuncDeferOtherGoroutine(t *testing.T) {
	src := `package main

import (
	"fmt"
	"sync"
)

func onGoroutine(yield func(int) bool) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		yield(1)
	}()
	wg.Wait()
}

func main() {
	for v := range onGoroutine {
		defer fmt.Println("deferred", v)
	}
	fmt.Println("end")
}
`
	prog, err := Compile("x.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code := simulateRaw(t, prog, 1)
	want := "panic: gmplab: a range-over-func loop body deferred a call on a goroutine other than its loop's (not supported)"
	if code != 2 || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, stderr:\n%s\nwant it to start with %q", code, stderr, want)
	}
}

// iter.Pull and Pull2 need coroutines (runtime.newcoro, coroswitch), which
// the simulator does not model: the error says so, at the call.
func TestIterPullNotSupported(t *testing.T) {
	src := "package main\n\nimport (\n\t\"iter\"\n\t\"slices\"\n)\n\nfunc main() {\n\tnext, stop := iter.Pull(slices.Values([]int{1}))\n\tdefer stop()\n\t_, _ = next()\n}\n"
	_, err := Compile("x.go", []byte(src))
	want := "x.go:9:21: iter.Pull is not supported (" + pullAdvice + "; see docs/go-subset.md)"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
