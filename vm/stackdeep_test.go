package vm_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// The compact form of deep frames (stackdeep.go) is invisible: a program
// run with frames spilled every few calls prints the same events, the same
// output and the same traceback, and shows the same state, as with every
// frame kept plain; a clone taken with chunks in use runs on as the
// original does; the collector finds the func values and boxes that only
// deep frames hold.

// deepPrograms are recursions of every shape, finite (their results check
// every value that went through a chunk) and infinite (their tracebacks
// check every frame).
var deepPrograms = map[string]string{
	"locals": `package main

func f(n, a, b int) int {
	c := a*2 - b
	d := n - 1000000
	if n%1000 == 500 {
		println("at", n, c, d)
	}
	if n == 0 {
		return c + d
	}
	e := f(n-1, b+1, c-3) + c
	return e + d - a + b
}

func main() {
	println(f(3000, 5, -7))
	println(f(0, 1, 2))
}
`,
	"string": `package main

func f(n int, s string, t string) int {
	u := s + "."
	if n == 0 {
		return len(u) + len(t)
	}
	r := f(n-1, t, u) + len(s)
	if u[len(u)-1] != '.' {
		return -1
	}
	return r
}

func main() {
	println(f(2000, "abc", ""))
}
`,
	"mutual": `package main

func even(n int) bool {
	if n == 0 {
		return true
	}
	return odd(n - 1)
}

func odd(n int) bool {
	if n == 0 {
		return false
	}
	return even(n - 1)
}

func main() {
	println(even(4001), odd(4001), even(3000))
}
`,
	"goroutine": `package main

import (
	"runtime"
	"sync"
)

func f(n, id int) int {
	if n%500 == 0 {
		runtime.Gosched()
	}
	if n == 0 {
		return id
	}
	return f(n-1, id) + 1
}

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			println(f(2500+i*100, i))
		}()
	}
	wg.Wait()
}
`,
	"closure": `package main

func main() {
	k := 3
	var g func(n int) int
	g = func(n int) int {
		if n == 0 {
			return k
		}
		if n%700 == 0 {
			println("at", n)
		}
		return g(n-1) + k
	}
	println(g(3000))
}
`,
	"defers": `package main

var log int

func f(n int) int {
	defer func() { log = log*3 + n%7 }()
	if n == 0 {
		return 0
	}
	r := f(n - 1)
	return r + n
}

func main() {
	println(f(2000), log)
}
`,
	"panic": `package main

func f(n int) int {
	defer func() { println("unwind", n) }()
	if n == 0 {
		panic("deep")
	}
	return f(n-1) + 1
}

func main() {
	f(120)
}
`,
	"gc": `package main

func rec(d int) int {
	x := d
	get := func() int { return x }
	if d%400 == 0 {
		println("at", d)
	}
	if d == 0 {
		s := 0
		for i := 0; i < 30000; i++ {
			h := func() int { return i }
			s += h()
		}
		return s
	}
	return rec(d-1) + get()
}

func main() {
	println(rec(2000))
}
`,
	"overflow": `package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	println(f(0))
}
`,
	"overflow-closure": `package main

import "sync"

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	s := "x"
	var g func(n int, t string) int
	g = func(n int, t string) int {
		return g(n+1, t) + len(t)
	}
	go func() {
		defer wg.Done()
		println(g(0, s))
	}()
	wg.Wait()
}
`,
	"overflow-mutual": `package main

func a(n int, s string) int { return b(n+1, s) + 1 }

func b(n int, s string) int { return a(n+2, s+"") + 2 }

func main() {
	println(a(0, "s"))
}
`,
}

// runRecorded runs p and returns its events, one line each, and its exit.
func runRecorded(t *testing.T, p *vm.Program, cfg runtime.Config) []string {
	t.Helper()
	mc, err := runtime.New(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return finish(mc)
}

// finish runs mc to its end, recording as runRecorded does.
func finish(mc *runtime.Machine) []string {
	var out []string
	ex := mc.Run(func(ev *runtime.Event) { out = append(out, fmt.Sprintf("%+v", *ev)) })
	return append(out, fmt.Sprintf("exit %+v", *ex))
}

func deepConfig() runtime.Config {
	return runtime.Config{GOMAXPROCS: 2, Seed: 3, Why: true, MaxStackSize: 1 << 20}
}

func TestDeepFramesInvisible(t *testing.T) {
	for name, src := range deepPrograms {
		t.Run(name, func(t *testing.T) {
			p, err := lang.Compile(name+".go", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			old := vm.SetSpillFrames(1 << 30) // never spill
			plain := runRecorded(t, p, deepConfig())
			vm.SetSpillFrames(3)
			defer vm.SetSpillFrames(old)
			spilled := runRecorded(t, p, deepConfig())
			if d := firstDiff(plain, spilled); d != "" {
				t.Fatalf("spilling changed the run: %s", d)
			}
			last := plain[len(plain)-1]
			t.Logf("%d events, %s", len(plain), last[:min(len(last), 200)])
			if !strings.Contains(name, "overflow") && !strings.Contains(last, "Code:0") && name != "panic" {
				t.Fatalf("run failed: %s", last)
			}
		})
	}
}

// A clone taken while chunks are in use (a debugger snapshot) runs on as
// the original does, and the original, going on after the clone, is not
// disturbed by it; their states (the goroutines' frames) agree on the way.
func TestDeepFramesClone(t *testing.T) {
	old := vm.SetSpillFrames(3)
	defer vm.SetSpillFrames(old)
	for _, name := range []string{"locals", "goroutine", "closure", "gc", "overflow-closure"} {
		t.Run(name, func(t *testing.T) {
			p, err := lang.Compile(name+".go", []byte(deepPrograms[name]))
			if err != nil {
				t.Fatal(err)
			}
			all := runRecorded(t, p, deepConfig())
			deepest := 0 // the most frames in a state at a clone
			for _, at := range []int{len(all) / 3, len(all) / 2, len(all) * 5 / 6} {
				mc, err := runtime.New(p, deepConfig())
				if err != nil {
					t.Fatal(err)
				}
				for range at {
					mc.Step()
				}
				c := mc.Clone()
				a, b := stateJSON(t, mc), stateJSON(t, c)
				if a != b {
					t.Fatalf("clone at %d: state differs", at)
				}
				deepest = max(deepest, strings.Count(a, `"func":`))
				rest := finish(mc)
				if d := firstDiff(all[at:], rest); d != "" {
					t.Fatalf("original after a clone at %d: %s", at, d)
				}
				if d := firstDiff(all[at:], finish(c)); d != "" {
					t.Fatalf("clone at %d: %s", at, d)
				}
			}
			if deepest < 100 {
				t.Errorf("the deepest clone had %d frames: no chunks were cloned", deepest)
			}
		})
	}
}

func stateJSON(t *testing.T, mc *runtime.Machine) string {
	b, err := json.Marshal(mc.State())
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("line %d:\n  %s\n  %s", i, a[i], b[i])
		}
	}
	if len(a) != len(b) {
		return fmt.Sprintf("%d lines, then %d", len(a), len(b))
	}
	return ""
}
