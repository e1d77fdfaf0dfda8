package checker

import (
	"fmt"
	"strings"

	preoneref "github.com/gmplab/gmplab/exercises/05-preemptone/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 05-preemptone's functions.
type (
	RetakeAllFunc  = func(sched rt.Sched, now int64) uint32
	PreemptoneFunc = func(sched rt.Sched, pp rt.Puintptr) bool
)

// What a P is doing when sysmon looks at it.
const (
	rpIdle    = iota // on the idle list
	rpRunning        // its M runs a G
	rpSyscall        // its M's G is in a system call
	rpNoG            // running, its M between Gs (in the scheduler)
)

// rP is a P as retake finds it: what it does, whether sysmon has seen its
// schedtick and syscalltick before and how long ago, whether it has local
// work.
type rP struct {
	what             int
	tickSeen         bool
	tickAge          int64 // now - pd.schedwhen
	sysSeen          bool
	sysAge           int64 // now - pd.syscallwhen
	work             bool
	preempt, signals bool // (results)
}

var rpNames = [...]string{"idle", "running", "in a syscall", "between Gs"}

// retakeWorld is a world seen from sysmon (the calling M holds no P) with
// Ps as ps say, and nmspinning spinners.
func retakeWorld(nmspinning int32, ps ...rP) *world {
	w := newWorld(len(ps))
	w.ms[0].p = -1
	w.idle = nil
	w.ps[0].m, w.ps[0].status = -1, rt.Pidle
	for i, p := range ps {
		P := &w.ps[i]
		P.schedtick, P.syscalltick = uint32(10+i), uint32(20+i)
		switch p.what {
		case rpIdle:
			w.idle = append(w.idle, int32(i))
		case rpRunning, rpNoG:
			g := rt.Guintptr(0)
			if p.what == rpRunning {
				g = rt.Guintptr(30 + i)
			}
			w.running(i, g)
		case rpSyscall:
			w.running(i, rt.Guintptr(30+i))
			w.gs[rt.Guintptr(30+i)].status = rt.Gsyscall
		}
		if p.tickSeen {
			P.sysmon.Schedtick, P.sysmon.Schedwhen = P.schedtick, w.now-p.tickAge
		}
		if p.sysSeen {
			P.sysmon.Syscalltick, P.sysmon.Syscallwhen = P.syscalltick, w.now-p.sysAge
		}
		if p.work {
			w.local(i, 0, rt.Guintptr(i+1))
		}
	}
	w.nmspinning = nmspinning
	return w
}

func (p rP) String() string {
	s := rpNames[p.what]
	if p.what == rpIdle {
		return s
	}
	if p.tickSeen {
		s += fmt.Sprintf(", same schedtick for %s", fmtDur(p.tickAge))
	} else {
		s += ", a new schedtick"
	}
	if p.what == rpSyscall {
		if p.sysSeen {
			s += fmt.Sprintf(", same syscalltick for %s", fmtDur(p.sysAge))
		} else {
			s += ", a new syscalltick"
		}
	}
	if p.work {
		s += ", local work"
	}
	return s
}

// retakeRun runs a retake on w: its calls, what it returned, and each
// running P's sysmontick after it.
func retakeRun(f RetakeAllFunc) func(*world) string {
	return func(w *world) string {
		var n uint32
		w.run(func() { n = f(w, w.now) })
		var ticks []string
		for i, p := range w.ps {
			ticks = append(ticks, fmt.Sprintf("P%d {schedtick %d at %s, syscalltick %d at %s}", i, p.sysmon.Schedtick, ago(p.sysmon.Schedwhen, w.now), p.sysmon.Syscalltick, ago(p.sysmon.Syscallwhen, w.now)))
		}
		return outcome(w.acts, fmt.Sprintf("returns %d; sysmon's records: %s", n, strings.Join(ticks, ", ")))
	}
}

func ago(t, now int64) string {
	if t == 0 {
		return "0"
	}
	if t == now {
		return "now"
	}
	return "-" + fmtDur(now-t)
}

// Preemptone is exercise 05-preemptone: retake in full, its time slices
// and preemptone.
func Preemptone(retake RetakeAllFunc, preemptone PreemptoneFunc) *Exercise {
	ex := &Exercise{Name: "05-preemptone", Funcs: []string{"retake", "preemptone"}}
	yours, want := retakeRun(retake), retakeRun(preoneref.Retake)
	r := func(name string, nms int32, ps ...rP) test {
		return worldProp("retake: "+name, retakeWorld(nms, ps...), yours, want)
	}
	props := []test{
		r("a new schedtick: record it, with now", 0, rP{what: rpRunning}, rP{what: rpIdle}),
		r("the same schedtick for 9 ms: nothing yet", 0, rP{what: rpRunning, tickSeen: true, tickAge: 9 * ms}),
		r("the same schedtick for 10 ms: preemptone", 0, rP{what: rpRunning, tickSeen: true, tickAge: 10 * ms}),
		r("only running Ps: an idle P is skipped", 0, rP{what: rpIdle}, rP{what: rpRunning, tickSeen: true, tickAge: 12 * ms}),
		r("every P in one pass", 0, rP{what: rpRunning, tickSeen: true, tickAge: 11 * ms}, rP{what: rpRunning}, rP{what: rpRunning, tickSeen: true, tickAge: 30 * ms}),
		r("a syscall seen for the first time: record its syscalltick", 1, rP{what: rpSyscall, tickSeen: true, tickAge: 1 * ms}, rP{what: rpIdle}),
		r("a syscall seen before, work waiting: take the P and hand it off", 1, rP{what: rpSyscall, tickSeen: true, tickAge: 1 * ms, sysSeen: true, sysAge: 1 * ms, work: true}, rP{what: rpIdle}),
		r("a syscall seen before, no work, help idle: keep waiting", 1, rP{what: rpSyscall, tickSeen: true, tickAge: 1 * ms, sysSeen: true, sysAge: 1 * ms}, rP{what: rpIdle}),
		r("a syscall seen before, no work, nobody idle or spinning: take it", 0, rP{what: rpSyscall, tickSeen: true, tickAge: 1 * ms, sysSeen: true, sysAge: 1 * ms}, rP{what: rpRunning}),
		r("a syscall for over 10 ms: take it anyway", 1, rP{what: rpSyscall, tickSeen: true, tickAge: 1 * ms, sysSeen: true, sysAge: 11 * ms}, rP{what: rpIdle}),
		r("a stale time slice in a syscall: the first look is skipped (sysretake)", 0, rP{what: rpSyscall, tickSeen: true, tickAge: 10 * ms, work: true}, rP{what: rpRunning}),
		r("a P between Gs: no preemption", 0, rP{what: rpNoG, tickSeen: true, tickAge: 15 * ms}),
	}
	py := func(f PreemptoneFunc) func(*world) string {
		return func(w *world) string {
			var ok bool
			w.run(func() { ok = f(w, 2) })
			g := w.gs[31]
			return outcome(w.acts, fmt.Sprintf("returns %v; after it: G31 preempt=%v stackguard0 %s, P1.preempt=%v", ok, g != nil && g.preempt, sgName(stackguard(g)), w.ps[1].preempt))
		}
	}
	pw := func(name string, w *world) test {
		return worldProp("preemptone: "+name, w, py(preemptone), py(preoneref.Preemptone))
	}
	props = append(props,
		pw("the running G: gp.preempt, stackguard0, pp.preempt and the signal", retakeWorld(0, rP{what: rpRunning}, rP{what: rpRunning})),
		pw("async preemption off: no signal, no pp.preempt", func() *world {
			w := retakeWorld(0, rP{what: rpRunning}, rP{what: rpRunning})
			w.asyncOff = true
			return w
		}()),
		pw("a G in a syscall: nothing", retakeWorld(0, rP{what: rpRunning}, rP{what: rpSyscall})),
		pw("an M between Gs: nothing", retakeWorld(0, rP{what: rpRunning}, rP{what: rpNoG})),
		pw("no M: nothing", retakeWorld(0, rP{what: rpRunning}, rP{what: rpIdle})),
	)
	props = append(props, exhaustive("every P as sysmon finds it: the same calls", func(check func(desc, yours, want string) bool) {
		var all []rP
		for what := rpRunning; what <= rpNoG; what++ {
			for _, seen := range []bool{false, true} {
				for _, age := range []int64{9 * ms, 10 * ms} {
					if !seen && age != 9*ms {
						continue
					}
					sys := []struct {
						seen bool
						age  int64
					}{{false, 0}}
					if what == rpSyscall {
						sys = append(sys, struct {
							seen bool
							age  int64
						}{true, ms}, struct {
							seen bool
							age  int64
						}{true, 10 * ms})
					}
					for _, s := range sys {
						for _, work := range []bool{false, true} {
							all = append(all, rP{what: what, tickSeen: seen, tickAge: age, sysSeen: s.seen, sysAge: s.age, work: work})
						}
					}
				}
			}
		}
		for _, p := range all {
			for _, other := range []int{rpIdle, rpRunning} {
				for nms := int32(0); nms <= 1; nms++ {
					w := retakeWorld(nms, p, rP{what: other})
					desc := fmt.Sprintf("P0 %s; P1 %s; nmspinning %d", p, rP{what: other}, nms)
					if !check(desc, yours(w.clone()), want(w.clone())) {
						return
					}
				}
			}
		}
	}))
	hooks := &runtime.Hooks{Retake: retake}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 5, []string{"syscalls.go", "yield.go", "coop.go"}, []int{1, 2, 16}, hooks)...)
	return ex
}

func stackguard(g *wG) uint64 {
	if g == nil {
		return 0
	}
	return g.stackguard
}
