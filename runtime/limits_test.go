package runtime_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

func compileSrc(t testing.TB, name, src string) *vm.Program {
	t.Helper()
	p, err := lang.Compile(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func runCfg(t testing.TB, p *vm.Program, cfg runtime.Config) *runtime.Exit {
	t.Helper()
	mc, err := runtime.New(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return mc.Run(nil)
}

// The default limits never stop the programs the README and lessons
// advertise (issue 7 §5): each finishes with default flags.
func TestDefaultLimitsFinishLegitimatePrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 25 million events")
	}
	progs := map[string]string{
		"spawn1m": `package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 1000000; i++ {
		wg.Add(1)
		go func() { wg.Done() }()
	}
	wg.Wait()
}
`,
		"gosched400k": `package main

import "runtime"

func main() {
	for i := 0; i < 400000; i++ {
		runtime.Gosched()
	}
}
`,
		"pingpong1m": `package main

func main() {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v
		}
	}()
	for i := 0; i < 1000000; i++ {
		ping <- i
		<-pong
	}
}
`,
		"print10m": `package main

import "fmt"

func main() {
	for i := 0; i < 10000000; i++ {
		fmt.Println(i)
	}
}
`,
	}
	for _, name := range []string{"spawn1m", "gosched400k", "pingpong1m", "print10m"} {
		ex := runCfg(t, compileSrc(t, name+".go", progs[name]), runtime.Config{Seed: 1})
		if ex.Code != 0 || ex.Reason != "exit" {
			t.Errorf("%s: %+v", name, ex)
		}
	}
}

// A loop with no calls, with the preempt layer off, makes no events: the
// instruction limit ends it, and the message names the hog, its P, where it
// is, and the layer that would have stopped it.
func TestMaxInstrsNamesTheHog(t *testing.T) {
	p := compileSrc(t, "loop.go", `package main

func main() {
	go func() { println("never") }()
	for {
	}
}
`)
	ls, _ := runtime.LayersUpTo("sysmon")
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1, Layers: ls, MaxInstrs: 200_000, Check: true})
	if ex.Reason != "max-instrs" || ex.Code != 1 {
		t.Fatalf("exit = %+v", ex)
	}
	for _, want := range []string{
		"instructions of Go code (--max-instrs 200000)",
		"Raise --max-instrs to run longer.",
		"Running: G1 on P0 in main.main at loop.go:5:2, ",
		"of virtual CPU since it last called into the scheduler",
		"G1 on P0 never blocked or yielded",
		"Turn on --layers preempt.",
	} {
		if !strings.Contains(ex.Msg, want) {
			t.Errorf("message lacks %q:\n%s", want, ex.Msg)
		}
	}
	// With the preempt layer on, the same loop is preempted, the other
	// goroutine runs, and the message does not blame the layer.
	ex = runCfg(t, p, runtime.Config{GOMAXPROCS: 1, MaxInstrs: 30_000_000})
	if ex.Reason != "max-instrs" || strings.Contains(ex.Msg, "--layers preempt") {
		t.Fatalf("exit = %+v", ex)
	}
}

// An infinite ping-pong makes events forever: the event limit ends it, and
// says who ran and who waited where.
func TestMaxEventsSaysWhatRan(t *testing.T) {
	p := compileSrc(t, "inf.go", `package main

func main() {
	ping, pong := make(chan int), make(chan int)
	go func() {
		for v := range ping {
			pong <- v
		}
	}()
	for i := 0; ; i++ {
		ping <- i
		<-pong
	}
}
`)
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1, MaxEvents: 10_001, Check: true})
	if ex.Reason != "max-events" {
		t.Fatalf("exit = %+v", ex)
	}
	m := regexp.MustCompile(`^gmplab: stopped after (\d+) scheduler events \(--max-events 10001\) at virtual time \S+; the program had not finished. Raise --max-events to run longer.(\nThe engine action that made event 10001 made \d+ more, not shown: the engine stops between its actions, so the state and the stats at the stop include them.)?\nRunning: G\d+ on P0 in main\.main(\.func1)? at inf\.go:\d+:\d+\.\nWaiting: G\d+ \(chan (send|receive)\) in main\.main(\.func1)? at inf\.go:\d+:\d+\.(\n\d+ runnable goroutine\(s\) in run queues\.)?$`).FindStringSubmatch(ex.Msg)
	if m == nil {
		t.Fatalf("message:\n%s", ex.Msg)
	}
	if n, _ := strconv.Atoi(m[1]); n != 10_001 {
		t.Errorf("stopped after %d events, want 10001", n)
	}
}

// checkLimits and holdBack: a run stopped by --max-events N hands out
// exactly events 1..N and then the exit event N+1, whatever N, although
// the engine stops only between its actions (schedule, a G's batch of
// instructions, sysmon's tick), each of which makes one or more events.
// The events held back are said in the message; the states recorded after
// every event stay in step with the events handed out.
func TestMaxEventsStopsExactly(t *testing.T) {
	p := compileSrc(t, "pp.go", `package main

func main() {
	ping, pong := make(chan int), make(chan int)
	for i := 0; i < 3; i++ {
		go func() {
			for v := range ping {
				pong <- v
			}
		}()
	}
	for i := 0; ; i++ {
		ping <- i
		<-pong
	}
}
`)
	held := 0
	for n := int64(1); n <= 200; n++ {
		mc, err := runtime.New(p, runtime.Config{GOMAXPROCS: 2, MaxEvents: n, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		mc.RecordStates(true)
		var seqs []int64
		ex := mc.Run(func(ev *runtime.Event) {
			seqs = append(seqs, ev.Seq)
			if mc.StateAt(ev.Seq) == nil {
				t.Fatalf("--max-events %d: no state recorded after event %d", n, ev.Seq)
			}
		})
		if ex.Reason != "max-events" {
			t.Fatalf("--max-events %d: exit = %+v", n, ex)
		}
		if int64(len(seqs)) != n+1 {
			t.Fatalf("--max-events %d: %d events handed out, want %d and the exit", n, len(seqs), n)
		}
		for i, s := range seqs {
			if s != int64(i)+1 {
				t.Fatalf("--max-events %d: event %d has seq %d", n, i+1, s)
			}
		}
		if !strings.HasPrefix(ex.Msg, "gmplab: stopped after "+strconv.FormatInt(n, 10)+" scheduler events (--max-events "+strconv.FormatInt(n, 10)+")") {
			t.Fatalf("--max-events %d: message:\n%s", n, ex.Msg)
		}
		if strings.Contains(ex.Msg, "The engine action that made event "+strconv.FormatInt(n, 10)+" made ") {
			held++
		}
	}
	// Most actions make more than one event, so most limits fall inside one:
	// the test covers both cases.
	if held == 0 || held == 200 {
		t.Errorf("%d of 200 limits fell inside an action: the test does not cover both cases", held)
	}
}

// The engine-action limit is a safety net; it too names itself.
func TestMaxStepsNamesItself(t *testing.T) {
	p := compileSrc(t, "sleep.go", `package main

import "time"

func main() {
	for {
		time.Sleep(time.Millisecond)
	}
}
`)
	ex := runCfg(t, p, runtime.Config{MaxSteps: 20})
	if ex.Reason != "max-steps" || !strings.HasPrefix(ex.Msg, "gmplab: stopped after 21 engine actions (one action of one M) (--max-steps 20)") {
		t.Fatalf("exit = %+v", ex)
	}
}

// stack.go: newstack's "goroutine stack exceeds" check, with the traceback
// traceback.go: traceback1 prints: the innermost 50 frames (the first being
// the callee whose prologue failed, at its declaration line), then
// "...N frames elided...", then the outermost 50, which in a runtime throw
// (gotraceback: level 2) count runtime.main and runtime.goexit: 48 program
// frames, as go run prints them.
func TestStackOverflowTracebackElides(t *testing.T) {
	p := compileSrc(t, "deep.go", `package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	println(f(0))
}
`)
	ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1, MaxStackSize: 1 << 20})
	head := "runtime: goroutine stack exceeds 1048576-byte limit\nruntime: sp=0x"
	if ex.Code != 2 || ex.Reason != "fatal" || !strings.HasPrefix(ex.Msg, head) {
		t.Fatalf("exit = %d %q", ex.Code, ex.Msg[:min(len(ex.Msg), 300)])
	}
	m := regexp.MustCompile(`^runtime: goroutine stack exceeds 1048576-byte limit\nruntime: sp=0x[0-9a-f]+ stack=\[0x0, 0x100000\]\nfatal error: stack overflow\n\ngoroutine 1 \[running\]:\nmain\.f\(\.\.\.\)\n\tdeep\.go:3\n((?:main\.f\(\.\.\.\)\n\tdeep\.go:4\n){49})\.\.\.(\d+) frames elided\.\.\.\n((?:main\.f\(\.\.\.\)\n\tdeep\.go:4\n){47})main\.main\(\.\.\.\)\n\tdeep\.go:8\n$`).FindStringSubmatch(ex.Msg)
	if m == nil {
		t.Fatalf("traceback:\n%s", ex.Msg)
	}
	// The compiler inlines f into itself once (lang/inline), so every
	// other frame of f is a body inlined into the one below it, which
	// counts it in its size: 1 MB of those frame pairs fit before the next
	// doubling passes the limit. Every frame is counted once, printed or
	// elided.
	var size int
	for _, f := range p.Funcs {
		if f.Name == "main.f" {
			size = f.FrameSize
		}
	}
	elided, _ := strconv.Atoi(m[2])
	want := 2 * (1 << 20) / size
	if total := 100 + elided; total < want-100 || total > want {
		t.Errorf("%d frames in all, want about %d (two per %d-byte frame)", total, want, size)
	}
}

// A limit that stops the run while main is in a system call (entersyscall:
// _Gsyscall, its M in the kernel, the P still attached in Go 1.26) names
// G1 once, as waiting in the system call with its M and P, not also as
// running on that P: the M's curg is not running Go code.
func TestLimitSaysSyscallOnce(t *testing.T) {
	p := compileSrc(t, "sys.go", `package main

import (
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	sim.Syscall(10 * time.Millisecond)
}
`)
	// Without sysmon M0 keeps P0 for the whole call; with it, retake
	// takes the P at its first look (no idle P to spare: proc.go: retake)
	// and handoffp puts it on the idle list.
	for _, c := range []struct{ upTo, holding string }{{"steal", ", holding P0"}, {"sysmon", ""}} {
		ls, err := runtime.LayersUpTo(c.upTo)
		if err != nil {
			t.Fatal(err)
		}
		ex := runCfg(t, p, runtime.Config{GOMAXPROCS: 1, Layers: ls, MaxTime: int64(time.Millisecond), Check: true})
		if ex.Reason != "max-time" {
			t.Fatalf("up to %s: exit = %+v", c.upTo, ex)
		}
		if n := strings.Count(ex.Msg, "G1 "); n != 1 {
			t.Errorf("up to %s: the message names G1 %d times:\n%s", c.upTo, n, ex.Msg)
		}
		if strings.Contains(ex.Msg, "Running:") {
			t.Errorf("up to %s: a G in a system call is said to be running:\n%s", c.upTo, ex.Msg)
		}
		if !regexp.MustCompile(`\nWaiting: G1 \(in a system call on M0` + c.holding + `\) in main\.main at sys\.go:\d+:\d+\.`).MatchString(ex.Msg) {
			t.Errorf("up to %s: G1 is not said to wait in its system call on M0%s:\n%s", c.upTo, c.holding, ex.Msg)
		}
	}
}
