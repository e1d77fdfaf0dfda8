package runtime_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// internal/sync/mutex.go: (*Mutex).unlockSlow calls fatal("sync: unlock
// of unlocked mutex"): a user throw, printed with the goroutine's
// traceback (only its own: gotraceback's "all" is for runtime throws).
func TestUnlockOfUnlockedMutexIsFatal(t *testing.T) {
	p := compileSrc(t, "unlock.go", `package main

import "sync"

var mu sync.Mutex

func worker(wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Unlock()
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go worker(&wg)
	wg.Wait()
}
`)
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1})
	re := `^fatal error: sync: unlock of unlocked mutex\n\ngoroutine \d+ \[running\]:\nmain\.worker\(\.\.\.\)\n\tunlock\.go:\d+\ncreated by main\.main in goroutine 1\n\tunlock\.go:15\n$`
	if ex.Code != 2 || ex.Reason != "fatal" || !regexp.MustCompile(re).MatchString(ex.Msg) {
		t.Fatalf("exit = %d %s %q", ex.Code, ex.Reason, ex.Msg)
	}
}

// sync/waitgroup.go: (*WaitGroup).Add panics "sync: negative WaitGroup
// counter" when the counter drops below zero.
func TestNegativeWaitGroupCounterPanics(t *testing.T) {
	p := compileSrc(t, "wg.go", `package main

import "sync"

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Done()
	wg.Done()
}
`)
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1})
	// Done's frame as Go's traceback shows it (Add, which panics in Go,
	// is the scheduler's operation in Done).
	re := `^panic: sync: negative WaitGroup counter\n\ngoroutine 1 \[running\]:\nsync\.\(\*WaitGroup\)\.Done\(\.\.\.\)\n\t\$GOROOT/src/sync/waitgroup\.go:\d+\nmain\.main\(\.\.\.\)\n\twg\.go:\d+\n$`
	if ex.Code != 2 || ex.Reason != "panic" || !regexp.MustCompile(re).MatchString(ex.Msg) {
		t.Fatalf("exit = %d %s %q", ex.Code, ex.Reason, ex.Msg)
	}
}

// chan.go: makechan allows any capacity whose buffer fits in maxAlloc
// (1<<48 on amd64) less the header, and panics "makechan: size out of
// range" past it or below zero; zero-size elements allow any capacity.
func TestMakechanSizeLimit(t *testing.T) {
	for _, c := range []struct {
		make string
		ok   bool
	}{
		{"make(chan int, n)", true},
		{"make(chan int, n<<3)", true},         // 2^43 ints: 2^46 bytes
		{"make(chan int, n<<5)", false},        // 2^45 ints: 2^48 bytes
		{"make(chan int8, n<<5)", true},        // 2^45 bytes
		{"make(chan struct{}, n<<20)", true},   // no bytes at all
		{"make(chan string, (n<<4)-7)", true},  // 2^48-112 bytes: fits under 2^48-hchanSize
		{"make(chan string, (n<<4)-6)", false}, // 2^48-96 bytes: past it
		{"make(chan int, -n)", false},
	} {
		p := compileSrc(t, "mk.go", `package main

func main() {
	n := 1 << 40
	c := `+c.make+`
	println(cap(c) > 0)
}
`)
		ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1})
		got := ex.Code == 0
		if got != c.ok || (!got && !strings.HasPrefix(ex.Msg, "panic: makechan: size out of range\n\ngoroutine 1 [running]:\nmain.main(...)\n\tmk.go:5\n")) {
			t.Errorf("%s: exit %d %q", c.make, ex.Code, ex.Msg)
		}
	}
}

// throw (panic.go: fatalthrow) for a runtime error prints every user
// goroutine after the thrower's (traceback.go: tracebackothers).
func TestStackOverflowPrintsOtherGoroutines(t *testing.T) {
	p := compileSrc(t, "deep.go", `package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	go func() { select {} }()
	go func() {}()
	println(f(0))
}
`)
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1, MaxStackSize: 1 << 16})
	// Neither goroutine has run yet: each is shown at its function's line.
	re := `\tdeep\.go:10\n\ngoroutine \d+ \[runnable\]:\nmain\.main\.func1\(\.\.\.\)\n\tdeep\.go:8\ncreated by main\.main in goroutine 1\n\tdeep\.go:8\n\ngoroutine \d+ \[runnable\]:\nmain\.main\.func2\(\.\.\.\)\n\tdeep\.go:9\ncreated by main\.main in goroutine 1\n\tdeep\.go:9\n$`
	if ex.Reason != "fatal" || !regexp.MustCompile(re).MatchString(ex.Msg) {
		t.Fatalf("exit = %+v", ex)
	}
}

// proc.go: checkmcount throws "thread exhaustion" past 10,000 threads; a
// runtime throw prints every user goroutine (tracebackothers), here from
// an M with no goroutine of its own.
func TestThreadExhaustionPrintsGoroutines(t *testing.T) {
	p := compileSrc(t, "threads.go", `package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 10010; i++ {
		wg.Add(1)
		go func() {
			sim.Syscall(time.Second)
			wg.Done()
		}()
	}
	wg.Wait()
}
`)
	ex := runCfg(t, p, runtime.Config{})
	if ex.Reason != "fatal" || !strings.HasPrefix(ex.Msg, "runtime: program exceeds 10000-thread limit\nfatal error: thread exhaustion\n\ngoroutine 1 [sync.WaitGroup.Wait]:\nmain.main(...)\n") {
		t.Fatalf("exit = %d %s %.300q", ex.Code, ex.Reason, ex.Msg)
	}
	if n := strings.Count(ex.Msg, "\ngoroutine "); n < 10000 {
		t.Errorf("%d goroutines printed", n)
	}
}

// sync/waitgroup.go: Wait panics "sync: WaitGroup is reused before previous
// Wait has returned" when it wakes to a non-zero state: here main's Add
// runs before the readied waiter does (GOMAXPROCS=1: the waiter is in
// runnext, main goes on). A waiter that ran before the Add returns normally.
func TestWaitGroupReusedBeforeWaitReturned(t *testing.T) {
	src := `package main

import (
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Wait()
		println("waited")
	}()
	time.Sleep(time.Millisecond)
	wg.Done()
	YIELD
	wg.Add(1)
	time.Sleep(time.Millisecond)
	println("main done")
}
`
	ex := runCfg(t, compileSrc(t, "reuse.go", strings.Replace(src, "YIELD", "", 1)), runtime.Config{GOMAXPROCS: 1})
	re := `^panic: sync: WaitGroup is reused before previous Wait has returned\n\ngoroutine \d+ \[running\]:\nmain\.main\.func1\(\.\.\.\)\n\treuse\.go:\d+\ncreated by main\.main in goroutine 1\n\treuse\.go:11\n$`
	if ex.Code != 2 || !regexp.MustCompile(re).MatchString(ex.Msg) {
		t.Fatalf("exit = %d %q", ex.Code, ex.Msg)
	}
	ex = runCfg(t, compileSrc(t, "reuse.go", strings.Replace(src, "YIELD", "time.Sleep(time.Millisecond)", 1)), runtime.Config{GOMAXPROCS: 1})
	if ex.Code != 0 {
		t.Fatalf("the waiter ran before the Add: exit = %d %q", ex.Code, ex.Msg)
	}
}
