package checker

import (
	"fmt"

	exitref "github.com/gmplab/gmplab/exercises/04-exitsyscall/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 04-exitsyscall's functions.
type (
	ExitsyscallFunc        = func(sched rt.Sched)
	ExitsyscallTryGetPFunc = func(sched rt.Sched, oldp rt.Puintptr) rt.Puintptr
	ExitsyscallNoPFunc     = func(sched rt.Sched, gp rt.Guintptr)
)

// Where the M's old P is when its G returns from a system call.
const (
	oldpKept    = iota // the M still holds it (the fast path)
	oldpIdle           // retaken and idle
	oldpRunning        // retaken, and another M runs a G on it
	oldpSyscall        // retaken, and another M holds it in a system call
)

var oldpNames = [...]string{"still its own", "retaken, now idle", "retaken, another M runs on it", "retaken, another M holds it in a syscall"}

// sysWorld is a world whose M's G7 returns from a system call, with its
// old P0 where old says, idle more idle Ps of the others, sysmon deep
// asleep or not, a preemption asked of G7 or not, G7 locked to the M or
// not.
func sysWorld(n, old, idle int, sysmonWait, preempt, locked bool) *world {
	w := newWorld(n)
	w.ms[0].curg, w.ms[0].oldp = 7, 0
	g := w.g(7, rt.Gsyscall)
	g.preempt, g.lockedm = preempt, locked
	w.ms[0].lockedg = locked
	switch old {
	case oldpKept:
	case oldpIdle:
		noP(w)
	case oldpRunning:
		noP(w).running(0, 30)
	case oldpSyscall:
		noP(w).running(0, 31)
		w.gs[31].status = rt.Gsyscall
	}
	for i := 1; i < n-idle; i++ {
		w.running(i, rt.Guintptr(31+i))
	}
	w.sysmonWait = sysmonWait
	return w
}

func sysDesc(old, idle int, sysmonWait, preempt, locked bool) string {
	s := fmt.Sprintf("P0, the old P: %s; %d other P(s) idle", oldpNames[old], idle)
	if sysmonWait {
		s += "; sysmon in a deep sleep"
	}
	if preempt {
		s += "; a preemption was asked of G7"
	}
	if locked {
		s += "; G7 locked to the M"
	}
	return s
}

// exitRun runs an exitsyscall on w: its calls, then where the M and G7
// are.
func exitRun(f func(*world)) func(*world) string {
	return func(w *world) string {
		w.run(func() { f(w) })
		g := w.gs[7]
		after := fmt.Sprintf("after it: the M holds %s, G7 is %s (stackguard0 %s), global %s, sysmon deep asleep=%v",
			pn(w.self().p), statusName(g.status), sgName(g.stackguard), short(w.global), w.sysmonWait)
		return outcome(w.acts, after)
	}
}

func sgName(v uint64) string {
	if v == rt.StackPreempt {
		return "stackPreempt"
	}
	return fmt.Sprint(v)
}

// Exitsyscall is exercise 04-exitsyscall: exitsyscall's fast and slow
// paths.
func Exitsyscall(exit ExitsyscallFunc, tryGetP ExitsyscallTryGetPFunc, noP ExitsyscallNoPFunc) *Exercise {
	ex := &Exercise{Name: "04-exitsyscall", Funcs: []string{"exitsyscall", "exitsyscallTryGetP", "exitsyscallNoP"}}
	yours, want := exitRun(func(w *world) { exit(w) }), exitRun(func(w *world) { exitref.Exitsyscall(w) })
	p := func(name string, n, old, idle int, sw, pre, locked bool) test {
		w := sysWorld(n, old, idle, sw, pre, locked)
		return worldProp(name, w, yours, want)
	}
	props := []test{
		p("exitsyscall: fast path: the M kept its P: syscalltick, and the G goes on", 2, oldpKept, 1, false, false, false),
		p("exitsyscall: fast path: a preemption asked: stackguard0 = stackPreempt", 2, oldpKept, 0, false, true, false),
		p("exitsyscall: slow path: the old P, held by an M in a syscall, is taken back", 3, oldpSyscall, 1, false, false, false),
		p("exitsyscall: slow path: the old P busy: an idle P", 3, oldpRunning, 1, false, false, false),
		p("exitsyscall: slow path: an idle P wakes sysmon from its deep sleep", 2, oldpIdle, 1, true, false, false),
		p("exitsyscall: slowest path: no P: runnable, the global queue, the M stops", 2, oldpRunning, 0, false, false, false),
		p("exitsyscall: slowest path: a G locked to the M: stoplockedm", 2, oldpRunning, 0, false, false, true),
	}
	ty, tw := exitRun(func(w *world) { tryGetP(w, 1) }), exitRun(func(w *world) { exitref.ExitsyscallTryGetP(w, 1) })
	ny, nw := exitRun(func(w *world) { w.gs[7].status = rt.Grunning; noP(w, 7) }), exitRun(func(w *world) { w.gs[7].status = rt.Grunning; exitref.ExitsyscallNoP(w, 7) })
	props = append(props,
		worldProp("exitsyscallTryGetP: its old P first, if the M holding it is in a syscall", sysWorld(3, oldpSyscall, 1, false, false, false), ty, tw),
		worldProp("exitsyscallTryGetP: else an idle P", sysWorld(3, oldpRunning, 2, false, false, false), ty, tw),
		worldProp("exitsyscallTryGetP: an idle P wakes a deep-sleeping sysmon", sysWorld(2, oldpIdle, 1, true, false, false), ty, tw),
		worldProp("exitsyscallTryGetP: none", sysWorld(2, oldpRunning, 0, false, false, false), ty, tw),
		worldProp("exitsyscallNoP: an idle P appeared: the G runs on it", func() *world {
			w := sysWorld(3, oldpRunning, 1, true, false, false)
			return w
		}(), ny, nw),
		worldProp("exitsyscallNoP: no P: the global queue, and the M stops", sysWorld(2, oldpRunning, 0, false, false, false), ny, nw),
	)
	props = append(props, exhaustive("every syscall exit: the same calls", func(check func(desc, yours, want string) bool) {
		for n := 1; n <= 3; n++ {
			for old := oldpKept; old <= oldpSyscall; old++ {
				for idle := 0; idle < n; idle++ {
					for _, sw := range []bool{false, true} {
						for _, pre := range []bool{false, true} {
							for _, locked := range []bool{false, true} {
								w := sysWorld(n, old, idle, sw, pre, locked)
								if !check(w.String()+"; "+sysDesc(old, idle, sw, pre, locked), yours(w.clone()), want(w.clone())) {
									return
								}
							}
						}
					}
				}
			}
		}
	}))
	hooks := &runtime.Hooks{Exitsyscall: exit}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 4, []string{"syscalls.go"}, []int{1, 2, 3, 4, 16, 64}, hooks)...)
	return ex
}
