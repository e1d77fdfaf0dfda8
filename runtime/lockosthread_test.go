package runtime_test

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// runOut runs src and returns its events, stdout and exit.
func runOut(t *testing.T, name, src string, cfg runtime.Config, args ...string) ([]runtime.Event, string, *runtime.Exit) {
	t.Helper()
	cfg.Check, cfg.Why = true, true
	mc, err := runtime.New(compileSrc(t, name, src), cfg)
	if err != nil {
		t.Fatal(err)
	}
	mc.SetArgs(args)
	var evs []runtime.Event
	var out strings.Builder
	ex := mc.Run(func(ev *runtime.Event) {
		evs = append(evs, *ev)
		if ev.Kind == runtime.EvPrint && ev.Arg1 == 0 {
			out.WriteString(ev.Text)
		}
	})
	if ex == nil {
		t.Fatal("no exit")
	}
	return evs, out.String(), ex
}

func kindsOf(evs []runtime.Event, g int64) []string {
	var ks []string
	for _, ev := range evs {
		if ev.G == g {
			ks = append(ks, ev.Kind.String())
		}
	}
	return ks
}

// panic.go: Goexit runs every deferred call of the G, the most recent
// first and whatever its frame, then goexit1 → goexit0: the G is dead and
// its caller's code after the call never runs.
func TestGoexitRunsDeferredCallsThenGoexit0(t *testing.T) {
	evs, out, ex := runOut(t, "goexit.go", `package main

import (
	"fmt"
	"runtime"
	"sync"
)

func inner() {
	defer fmt.Println("inner deferred")
	runtime.Goexit()
	fmt.Println("not reached")
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("outer deferred")
		inner()
		fmt.Println("not reached either")
	}()
	wg.Wait()
	fmt.Println("main done", runtime.NumGoroutine())
}
`, runtime.Config{GOMAXPROCS: 1})
	if ex.Code != 0 || out != "inner deferred\nouter deferred\nmain done 1\n" {
		t.Fatalf("exit %+v, output %q", ex, out)
	}
	ks := strings.Join(kindsOf(evs, 7), " ")
	if !strings.Contains(ks, "Goexit print print") || !strings.HasSuffix(ks, "goexit0") {
		t.Errorf("G7's events: %s", ks)
	}
}

// proc.go: checkdead: when main.main called Goexit and every other
// goroutine has ended, no goroutine is left at all: "no goroutines (main
// called runtime.Goexit) - deadlock!", after main's deferred calls ran.
func TestGoexitFromMainIsFatalOnceTheOthersEnd(t *testing.T) {
	_, out, ex := runOut(t, "goexitmain.go", `package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	go func() {
		time.Sleep(time.Millisecond)
		fmt.Println("other goroutine done")
	}()
	defer fmt.Println("main's deferred call")
	runtime.Goexit()
	fmt.Println("not reached")
}
`, runtime.Config{GOMAXPROCS: 2})
	if out != "main's deferred call\nother goroutine done\n" || ex.Code != 2 ||
		ex.Msg != "fatal error: no goroutines (main called runtime.Goexit) - deadlock!" {
		t.Fatalf("output %q, exit %+v", out, ex)
	}
}

// panic.go: a panic in a deferred call that Goexit runs is an ordinary
// panic: it ends the program.
func TestPanicDuringGoexitTakesOver(t *testing.T) {
	_, out, ex := runOut(t, "goexitpanic.go", `package main

import (
	"fmt"
	"runtime"
)

func main() {
	defer fmt.Println("first deferred")
	defer panic("boom")
	runtime.Goexit()
}
`, runtime.Config{GOMAXPROCS: 1})
	if out != "first deferred\n" || ex.Code != 2 || !strings.HasPrefix(ex.Msg, "panic: boom\n\ngoroutine 1 [running]:\n") {
		t.Fatalf("output %q, exit %+v", out, ex)
	}
}

const lockedSrc = `package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		runtime.LockOSThread()
		for i := 0; i < 3; i++ {
			fmt.Println("locked", i)
			runtime.Gosched()
		}
		runtime.UnlockOSThread()
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			fmt.Println("free", i)
			runtime.Gosched()
		}
	}()
	wg.Wait()
	runtime.GC()
	runtime.KeepAlive(&wg)
}
`

// proc.go: LockOSThread wires the G to its M. When the G yields, its M
// does not schedule: stoplockedm hands its P off (handoffp) and sleeps;
// the M that then finds the G in a run queue hands its own P to the
// G's M (startlockedm) and stops, so the G only ever runs on its M.
func TestLockOSThreadStoplockedmStartlockedm(t *testing.T) {
	evs, out, ex := runOut(t, "locked.go", lockedSrc, runtime.Config{GOMAXPROCS: 1})
	if ex.Code != 0 || out != "free 0\nlocked 0\nfree 1\nlocked 1\nfree 2\nlocked 2\n" {
		t.Fatalf("exit %+v, output %q", ex, out)
	}
	lockedM := int32(-1)
	var stops, starts int
	for i, ev := range evs {
		switch ev.Kind {
		case runtime.EvLockOSThread:
			lockedM = ev.M
		case runtime.EvUnlockOSThread:
			lockedM = -1
		case runtime.EvExecute:
			if ev.G == 7 && lockedM >= 0 && ev.M != lockedM {
				t.Errorf("event %d: locked G7 runs on M%d, not its M%d", ev.Seq, ev.M, lockedM)
			}
			if ev.G != 7 && lockedM >= 0 && ev.M == lockedM {
				t.Errorf("event %d: M%d, locked to G7, runs G%d", ev.Seq, ev.M, ev.G)
			}
		case runtime.EvStoplockedm:
			stops++
			if ev.M != lockedM || evs[i+1].Kind != runtime.EvHandoffp {
				t.Errorf("event %d: stoplockedm on M%d (locked M%d), then %s", ev.Seq, ev.M, lockedM, evs[i+1].Kind)
			}
		case runtime.EvStartlockedm:
			starts++
			if int32(ev.Arg1) != lockedM || ev.M == lockedM || evs[i+1].Kind != runtime.EvStopm {
				t.Errorf("event %d: startlockedm by M%d to M%d (locked M%d), then %s", ev.Seq, ev.M, ev.Arg1, lockedM, evs[i+1].Kind)
			}
		}
	}
	// Each of its three Goscheds: its M stops, and the other M hands it
	// the P back.
	if stops != 3 || starts != 3 {
		t.Errorf("%d stoplockedm, %d startlockedm; want 3 and 3", stops, starts)
	}
}

// proc.go: goexit0/gdestroy: a G that ends while locked kills its M, which
// hands its P off and exits (mexit); mcount drops, and the M never acts
// again. A locked G blocked for good is a deadlock like any other
// (checkdead counts Ms in stoplockedm as nmidlelocked).
func TestLockedGoroutineExitKillsItsM(t *testing.T) {
	evs, out, ex := runOut(t, "mexit.go", `package main

import (
	"fmt"
	"runtime"
)

func main() {
	done := make(chan int)
	go func() {
		runtime.LockOSThread()
		done <- 1
	}()
	<-done
	runtime.Gosched()
	fmt.Println("main goes on")
	block := make(chan int)
	go func() {
		runtime.LockOSThread()
		<-block
	}()
	<-block
}
`, runtime.Config{GOMAXPROCS: 2})
	if out != "main goes on\n" || ex.Code != 2 || !strings.HasPrefix(ex.Msg, "fatal error: all goroutines are asleep - deadlock!") {
		t.Fatalf("output %q, exit %+v", out, ex)
	}
	exited := int32(-1)
	for i, ev := range evs {
		if ev.Kind == runtime.EvMexit {
			exited = ev.M
			if evs[i-1].Kind != runtime.EvGoexit0 || evs[i-1].M != ev.M || evs[i+1].Kind != runtime.EvHandoffp {
				t.Errorf("mexit at event %d: after %s on M%d, before %s", ev.Seq, evs[i-1].Kind, evs[i-1].M, evs[i+1].Kind)
			}
			continue
		}
		if exited >= 0 && ev.M == exited && ev.Kind != runtime.EvHandoffp && ev.Kind != runtime.EvStartm && ev.Kind != runtime.EvNewm && ev.Kind != runtime.EvWakep {
			t.Errorf("event %d (%s): M%d acts after its thread exited", ev.Seq, ev.Kind, ev.M)
		}
	}
	if exited < 0 {
		t.Fatal("no mexit")
	}
	// traceback.go: goroutineheader says ", locked to thread".
	if !strings.Contains(ex.Msg, "goroutine 1 [chan receive]:") || !strings.Contains(ex.Msg, "[chan receive, locked to thread]:\nmain.main.func2(...)") {
		t.Errorf("deadlock dump:\n%s", ex.Msg)
	}
}

// os.Exit ends the process at once with its code: deferred calls do not
// run and the other goroutines die with it (os/proc.go: Exit).
func TestOSExitSkipsDeferredCalls(t *testing.T) {
	_, out, ex := runOut(t, "exit.go", `package main

import (
	"fmt"
	"os"
)

func main() {
	defer fmt.Println("deferred: not printed")
	go func() { select {} }()
	fmt.Println("exiting")
	os.Exit(3)
}
`, runtime.Config{GOMAXPROCS: 1})
	if out != "exiting\n" || ex.Code != 3 || ex.Reason != "exit" || ex.Msg != "" {
		t.Fatalf("output %q, exit %+v", out, ex)
	}
}

// os.Args: the program's name (the file's, without .go), then the
// arguments Machine.SetArgs gave.
func TestOSArgs(t *testing.T) {
	_, out, _ := runOut(t, "dir/args.go", `package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Println(len(os.Args), os.Args)
}
`, runtime.Config{GOMAXPROCS: 1}, "a", "b c")
	if out != "3 [args a b c]\n" {
		t.Fatalf("output %q", out)
	}
}

// panic.go: Goexit called by a deferred call of a panicking G abandons the
// panic: the remaining deferred calls run, the G ends, the program goes
// on and the panic is never printed.
func TestGoexitInDeferredCallAbandonsPanic(t *testing.T) {
	_, out, ex := runOut(t, "goexitabort.go", `package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	go func() {
		defer fmt.Println("outer deferred")
		defer runtime.Goexit()
		panic("boom")
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("main goes on")
}
`, runtime.Config{GOMAXPROCS: 1})
	if out != "outer deferred\nmain goes on\n" || ex.Code != 0 || ex.Msg != "" {
		t.Fatalf("output %q, exit %+v", out, ex)
	}
}

// proc.go: stopTheWorldWithSema while a G locked to its M runs (or its M
// is being handed a P by startlockedm): the G goes to its P's runnext as
// any running G, and the M sleeps as in stoplockedm rather than on the
// idle M list (gcstoplockedm), so the G still only runs on its M after
// procresize. Before gcstoplockedm, the G ended up in two places.
func TestStopTheWorldStopsALockedM(t *testing.T) {
	for _, procs := range []int{2, 3, 4} {
		evs, out, ex := runOut(t, "lockstw.go", `package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		runtime.LockOSThread()
		for i := 0; i < 200; i++ {
			sim.Work(time.Duration(7000 + i*13))
			runtime.Gosched()
		}
		fmt.Println("locked done")
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			sim.Work(5000)
			runtime.Gosched()
		}
		fmt.Println("other done")
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 400; i++ {
			runtime.GOMAXPROCS(2 + i%2)
			sim.Work(3001)
		}
		fmt.Println("resizer done")
	}()
	wg.Wait()
}
`, runtime.Config{GOMAXPROCS: procs})
		if ex.Code != 0 || out != "resizer done\nother done\nlocked done\n" {
			t.Fatalf("GOMAXPROCS=%d: exit %+v, output %q", procs, ex, out)
		}
		lockedM, stws := int32(-1), 0
		for _, ev := range evs {
			switch {
			case ev.Kind == runtime.EvLockOSThread:
				lockedM = ev.M
			case ev.Kind == runtime.EvStopTheWorld:
				stws++
			case ev.Kind == runtime.EvExecute && lockedM >= 0 && (ev.G == 19) != (ev.M == lockedM):
				t.Errorf("GOMAXPROCS=%d, event %d: G%d executes on M%d; G19 is locked to M%d", procs, ev.Seq, ev.G, ev.M, lockedM)
			}
		}
		if stws < 300 {
			t.Errorf("GOMAXPROCS=%d: %d stops of the world", procs, stws)
		}
	}
}

// proc.go: exitsyscall0: a locked G whose P was retaken during its system
// call, with no idle P, goes to the global queue and its M waits in
// stoplockedm until an M finds the G and hands it a P (startlockedm).
func TestLockedGReturnsFromSyscallWithoutP(t *testing.T) {
	evs, out, ex := runOut(t, "locksys.go", locksysSrc, runtime.Config{GOMAXPROCS: 1})
	if ex.Code != 0 || out != "worker done\nlocked back from its syscall\n" {
		t.Fatalf("exit %+v, output %q", ex, out)
	}
	var ks []string
	for _, ev := range evs {
		switch ev.Kind {
		case runtime.EvRetake, runtime.EvExitsyscall, runtime.EvStoplockedm, runtime.EvStartlockedm:
			ks = append(ks, ev.Kind.String())
		}
	}
	if got := strings.Join(ks, " "); got != "retake exitsyscall stoplockedm startlockedm" {
		t.Errorf("events: %s", got)
	}
}

// locksysSrc: a locked G's system call outlasts sysmon's patience while
// another G computes, on one P.
const locksysSrc = `package main

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		sim.Work(3_000_000)
		fmt.Println("worker done")
	}()
	go func() {
		defer wg.Done()
		runtime.LockOSThread()
		sim.Syscall(1_000_000)
		fmt.Println("locked back from its syscall")
	}()
	wg.Wait()
}
`
