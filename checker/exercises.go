package checker

import (
	"fmt"

	newstackref "github.com/gmplab/gmplab/exercises/01-newstack/solution"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	runqputref "github.com/gmplab/gmplab/exercises/02-runqput/solution"
	runqgrabref "github.com/gmplab/gmplab/exercises/03-runqgrab/solution"
	retakeref "github.com/gmplab/gmplab/exercises/04-retake/solution"
	preemptref "github.com/gmplab/gmplab/exercises/05-preempt/solution"
	injectref "github.com/gmplab/gmplab/exercises/06-injectglist/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of the learner's functions.
type (
	NewstackFunc    = func(gp *rt.G, framesize int64) (newsize, copied int64)
	RunqputFunc     = func(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool)
	RunqgetFunc     = func(pp *rt.P) (gp rt.Guintptr, inheritTime bool)
	FindRunnable    = func(pp *rt.P, sched *rt.Schedt) (gp rt.Guintptr, inheritTime bool)
	RunqgrabFunc    = func(pp *rt.P, batch *[256]rt.Guintptr, batchHead uint32, stealRunNext bool) uint32
	RetakeFunc      = func(pp *rt.P, pd *rt.Sysmontick, sched *rt.Schedt, now int64, sysretake bool) bool
	HandoffpFunc    = func(pp *rt.P, sched *rt.Schedt) (startM, spinning bool)
	GopreemptFunc   = func(gp rt.Guintptr, pp *rt.P, sched *rt.Schedt)
	WantAsyncFunc   = func(gp *rt.G, pp *rt.P) bool
	AsyncSafeFunc   = func(gp *rt.G) bool
	InjectglistFunc = func(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int)
)

// Newstack is exercise 01-newstack.
func Newstack(f NewstackFunc) *Exercise {
	ex := &Exercise{Name: "01-newstack", Funcs: []string{"newstack"}}
	cases := []struct {
		name            string
		size, used, fra int64
	}{
		{"doubles when the frame fits", 2048, 1000, 100},
		{"doubles again for a big frame", 2048, 1500, 5000},
		{"leaves StackGuard below the frame", 2048, 1000, 2800},
		{"grows from 8 KB", 8192, 7900, 200},
		{"copies the used bytes", 4096, 3500, 64},
		{"the frame fits exactly with StackGuard to spare: no more doubling", 2048, 1000, 4096 - 1000 - rt.StackGuard},
		{"one byte more than fits: doubles again", 2048, 1000, 4096 - 1000 - rt.StackGuard + 1},
	}
	var props []test
	for _, c := range cases {
		c := c
		in := fmt.Sprintf("stack %d B, %d used, frame %d B", c.size, c.used, c.fra)
		props = append(props, prop(c.name, in, func() (string, string) {
			desc := func(n, cp int64) string { return fmt.Sprintf("newsize %d, copied %d", n, cp) }
			g := rt.G{Goid: 7, Status: rt.Grunning, StackSize: c.size, StackUsed: c.used}
			g2 := g
			return desc(f(&g, c.fra)), desc(newstackref.Newstack(&g2, c.fra))
		}))
	}
	props = append(props, exhaustiveNewstack(f))
	hooks := &runtime.Hooks{Newstack: f}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 1, []string{"deep.go"}, []int{1, 2, 8}, hooks)...)
	return ex
}

// Runqput is exercise 02-runqput.
func Runqput(f RunqputFunc) *Exercise {
	ex := &Exercise{Name: "02-runqput", Funcs: []string{"runqput", "runqputslow"}}
	type in struct {
		name, desc string
		pp         *rt.P
		g          rt.Guintptr
		next       bool
	}
	cases := []in{
		{"puts at the ring's tail", "empty runnext, ring [G1 G2], put G3", mkP(0, 0, 1, 2), 3, false},
		{"next goes into runnext", "empty runnext and ring, put G3 with next", mkP(0, 0), 3, true},
		{"the kicked runnext goes to the tail", "runnext G9, ring [G1 G2], put G3 with next", mkP(9, 0, 1, 2), 3, true},
		{"the ring wraps around", "ring of 3 starting at index 254, put G4", mkP(0, 254, 1, 2, 3), 4, false},
		{"a full ring sends 128+1 to the global queue", "ring of 256 (G1-G256), put G300", mkP(0, 0, gs(1, 256)...), 300, false},
		{"a full ring with next: the kicked G is the 129th", "runnext G400, ring of 256 from index 100, put G300 with next", mkP(400, 100, gs(1, 256)...), 300, true},
	}
	var props []test
	for _, c := range cases {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			p1, s1 := cloneP(c.pp), mkSched(0, 0, 1, 500)
			p2, s2 := cloneP(c.pp), mkSched(0, 0, 1, 500)
			f(p1, s1, c.g, c.next)
			runqputref.Runqput(p2, s2, c.g, c.next)
			return descP(p1) + "; " + descSched(s1), descP(p2) + "; " + descSched(s2)
		}))
	}
	props = append(props, prop("no G lost or duplicated over 1,000 puts and gets", "puts with and without next, a get after every third", func() (string, string) {
		run := func(put RunqputFunc) string {
			pp, s := mkP(0, 0), mkSched(0, 0, 1)
			var got []rt.Guintptr
			for i := 1; i <= 1000; i++ {
				put(pp, s, rt.Guintptr(i), i%5 == 0)
				if i%3 == 0 {
					g, _ := runqgetref.Runqget(pp)
					got = append(got, g)
				}
			}
			return fmt.Sprintf("got %s; then %s; %s", short(got), descP(pp), descSched(s))
		}
		return run(f), run(runqputref.Runqput)
	}))
	props = append(props, exhaustiveRunqput(f))
	hooks := &runtime.Hooks{Runqput: f}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 2, []string{"spawn.go", "yield.go"}, []int{1, 2, 4, 16, 64}, hooks)...)
	return ex
}

// Runqget is exercise 02-runqget: runqget and findRunnable's order of
// the local and global queues.
func Runqget(get RunqgetFunc, find FindRunnable) *Exercise {
	ex := &Exercise{Name: "02-runqget", Funcs: []string{"runqget", "findRunnable", "globrunqgetbatch"}}
	var props []test
	gets := []struct {
		name, desc string
		pp         *rt.P
	}{
		{"runnext first, inheriting the time slice", "runnext G9, ring [G1 G2]", mkP(9, 0, 1, 2)},
		{"then the ring's head", "empty runnext, ring [G1 G2 G3]", mkP(0, 0, 1, 2, 3)},
		{"nothing from an empty queue", "empty runnext and ring", mkP(0, 7)},
		{"the ring wraps around", "ring of 3 from index 255", mkP(0, 255, 1, 2, 3)},
	}
	for _, c := range gets {
		c := c
		props = append(props, prop("runqget: "+c.name, c.desc, func() (string, string) {
			p1, p2 := cloneP(c.pp), cloneP(c.pp)
			g1, i1 := get(p1)
			if msg := brokenRing("runqget", c.pp, p1); msg != "" {
				return msg, ""
			}
			g2, i2 := runqgetref.Runqget(p2)
			return fmt.Sprintf("%s inheritTime=%v; %s", gp(g1), i1, descP(p1)), fmt.Sprintf("%s inheritTime=%v; %s", gp(g2), i2, descP(p2))
		}))
	}
	finds := []struct {
		name, desc string
		pp         *rt.P
		s          *rt.Schedt
	}{
		{"local before global", "schedtick 5, ring [G1], global [G50 G51]", mkP(0, 0, 1), mkSched(0, 0, 2, 50, 51)},
		{"every 61st tick one global G first", "schedtick 122, runnext G9, global [G50 G51]", mkP(9, 0, 1), mkSched(0, 0, 2, 50, 51)},
		{"the 61st tick with an empty global queue", "schedtick 61, runnext G9", mkP(9, 0), mkSched(0, 0, 2)},
		{"a batch of size/GOMAXPROCS+1", "empty local queue, 10 global, GOMAXPROCS 4", mkP(0, 0), mkSched(0, 0, 4, gs(50, 59)...)},
		{"a batch of at most 128", "empty local queue, 400 global, GOMAXPROCS 1", mkP(0, 0), mkSched(0, 0, 1, gs(1000, 1399)...)},
		{"a batch of at most the queue", "empty local queue, 1 global, GOMAXPROCS 1", mkP(0, 0), mkSched(0, 0, 1, 50)},
		{"nothing anywhere", "empty local and global queues", mkP(0, 3), mkSched(0, 0, 1)},
	}
	ticks := []uint32{5, 122, 61, 5, 5, 5, 5}
	for i, c := range finds {
		c, tick := c, ticks[i]
		props = append(props, prop("findRunnable: "+c.name, c.desc, func() (string, string) {
			p1, s1, p2, s2 := cloneP(c.pp), cloneSched(c.s), cloneP(c.pp), cloneSched(c.s)
			p1.Schedtick, p2.Schedtick = tick, tick
			g1, i1 := find(p1, s1)
			g2, i2 := runqgetref.FindRunnable(p2, s2)
			return fmt.Sprintf("%s inheritTime=%v; %s; %s", gp(g1), i1, descP(p1), descSched(s1)),
				fmt.Sprintf("%s inheritTime=%v; %s; %s", gp(g2), i2, descP(p2), descSched(s2))
		}))
	}
	props = append(props, exhaustiveRunqget(get))
	hooks := &runtime.Hooks{Runqget: get, FindRunnableQueues: find}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 2, []string{"spawn.go", "yield.go"}, []int{1, 2, 4, 16, 64}, hooks)...)
	return ex
}

// Runqgrab is exercise 03-runqgrab.
func Runqgrab(f RunqgrabFunc) *Exercise {
	ex := &Exercise{Name: "03-runqgrab", Funcs: []string{"runqgrab"}}
	cases := []struct {
		name, desc string
		pp         *rt.P
		head       uint32
		next       bool
	}{
		{"ceil(half) from the head", "victim ring [G1-G5], batchHead 0", mkP(0, 0, gs(1, 5)...), 0, false},
		{"one of one", "victim ring [G1], runnext G9", mkP(9, 0, 1), 0, true},
		{"half of a full ring", "victim ring of 256", mkP(0, 40, gs(1, 256)...), 10, false},
		{"runnext only when asked", "victim ring empty, runnext G9, stealRunNext false", mkP(9, 0), 0, false},
		{"runnext when asked and the ring is empty", "victim ring empty, runnext G9, stealRunNext true", mkP(9, 0), 3, true},
		{"the batch wraps at batchHead", "victim ring [G1-G6], batchHead 254", mkP(0, 0, gs(1, 6)...), 254, false},
	}
	var props []test
	for _, c := range cases {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(g RunqgrabFunc) string {
				pp := cloneP(c.pp)
				var batch [256]rt.Guintptr
				n := g(pp, &batch, c.head, c.next)
				var got []rt.Guintptr
				for i := uint32(0); i < n && i < 256; i++ {
					got = append(got, batch[(c.head+i)%256])
				}
				return fmt.Sprintf("n=%d batch[batchHead:] %s; victim %s", n, short(got), descP(pp))
			}
			return run(f), run(runqgrabref.Runqgrab)
		}))
	}
	props = append(props, exhaustiveRunqgrab(f))
	hooks := &runtime.Hooks{Runqgrab: f}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 3, []string{"spawn.go"}, []int{2, 3, 4, 16, 64}, hooks)...)
	return ex
}

// Retake is exercise 04-retake: retake's syscall check and handoffp.
func Retake(retake RetakeFunc, handoff HandoffpFunc) *Exercise {
	ex := &Exercise{Name: "04-retake", Funcs: []string{"retake", "handoffp"}}
	var props []test
	const ms = 1_000_000
	rcases := []struct {
		name, desc string
		pp         *rt.P
		pd         rt.Sysmontick
		s          *rt.Schedt
		now        int64
		sysretake  bool
	}{
		{"first look: record the syscalltick, keep the P", "syscalltick 3, sysmon saw 2", &rt.P{Syscalltick: 3}, rt.Sysmontick{Syscalltick: 2}, mkSched(1, 0, 2), 5 * ms, false},
		{"second look with local work: take it", "syscalltick 3 seen at 4ms, ring [G1], now 5ms", mkP(0, 0, 1), rt.Sysmontick{Syscalltick: 0, Syscallwhen: 4 * ms}, mkSched(1, 0, 2), 5 * ms, false},
		{"second look, no work, an idle P: keep it", "empty queues, npidle 1, seen at 4ms, now 5ms", mkP(0, 0), rt.Sysmontick{Syscallwhen: 4 * ms}, mkSched(1, 0, 2), 5 * ms, false},
		{"no work but no idle P and no spinner: take it", "empty queues, npidle 0, nmspinning 0", mkP(0, 0), rt.Sysmontick{Syscallwhen: 4 * ms}, mkSched(0, 0, 2), 5 * ms, false},
		{"no work, but over 10ms in the syscall: take it", "empty queues, npidle 1, seen at 4ms, now 14ms", mkP(0, 0), rt.Sysmontick{Syscallwhen: 4 * ms}, mkSched(1, 0, 2), 14 * ms, false},
		{"a stale time slice: take it at once", "sysretake, syscalltick 3, sysmon saw 2, work waiting", &rt.P{Syscalltick: 3, Runnext: 4}, rt.Sysmontick{Syscalltick: 2}, mkSched(1, 0, 2), 5 * ms, true},
	}
	for _, c := range rcases {
		c := c
		props = append(props, prop("retake: "+c.name, c.desc, func() (string, string) {
			run := func(f RetakeFunc) string {
				pd := c.pd
				take := f(cloneP(c.pp), &pd, cloneSched(c.s), c.now, c.sysretake)
				return fmt.Sprintf("take=%v, sysmontick syscalltick=%d syscallwhen=%d", take, pd.Syscalltick, pd.Syscallwhen)
			}
			return run(retake), run(retakeref.Retake)
		}))
	}
	hcases := []struct {
		name, desc string
		pp         *rt.P
		s          *rt.Schedt
	}{
		{"local work: start an M", "ring [G1]", mkP(0, 0, 1), mkSched(1, 1, 4)},
		{"global work: start an M", "global [G5]", mkP(0, 0), mkSched(1, 1, 4, 5)},
		{"global work while nobody is idle or spinning: an M, not spinning", "empty ring, global [G5], npidle 0, nmspinning 0", mkP(0, 0), mkSched(0, 0, 4, 5)},
		{"no work, nobody looking: a spinning M", "npidle 0, nmspinning 0", mkP(0, 0), mkSched(0, 0, 4)},
		{"the last running P: an M to poll the network", "GOMAXPROCS 4, npidle 3", mkP(0, 0), mkSched(3, 0, 4)},
		{"the last running P while an M polls: idle", "GOMAXPROCS 4, npidle 3, polling", mkP(0, 0), &rt.Schedt{Npidle: 3, Gomaxprocs: 4, Polling: true}},
		{"no work and help is there: idle", "npidle 1, nmspinning 1", mkP(0, 0), mkSched(1, 1, 4)},
	}
	for _, c := range hcases {
		c := c
		props = append(props, prop("handoffp: "+c.name, c.desc, func() (string, string) {
			run := func(f HandoffpFunc) string {
				st, sp := f(cloneP(c.pp), cloneSched(c.s))
				return fmt.Sprintf("startM=%v spinning=%v", st, sp)
			}
			return run(handoff), run(retakeref.Handoffp)
		}))
	}
	props = append(props, exhaustiveRetake(retake), exhaustiveHandoffp(handoff))
	hooks := &runtime.Hooks{RetakeSyscall: retake, Handoffp: handoff}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 4, []string{"syscalls.go"}, []int{1, 2, 3, 16, 64}, hooks)...)
	return ex
}

// Preempt is exercise 05-preempt: where a preempted G goes, and when the
// signal may stop a G.
func Preempt(put GopreemptFunc, want WantAsyncFunc, safe AsyncSafeFunc) *Exercise {
	ex := &Exercise{Name: "05-preempt", Funcs: []string{"gopreempt_m", "wantAsyncPreempt", "isAsyncSafePoint"}}
	props := []test{prop("gopreempt_m: the preempted G's place", "G7 preempted on a P with runnext G9 and ring [G1], global [G50]", func() (string, string) {
		run := func(f GopreemptFunc) string {
			pp, s := mkP(9, 0, 1), mkSched(0, 0, 2, 50)
			f(7, pp, s)
			return descP(pp) + "; " + descSched(s)
		}
		return run(put), run(preemptref.GopreemptM)
	})}
	gcases := []struct {
		name string
		g    rt.G
		pp   *rt.P
	}{
		{"asked, running its own code", rt.G{Status: rt.Grunning, Preempt: true}, &rt.P{}},
		{"asked through the P", rt.G{Status: rt.Grunning}, &rt.P{Preempt: true}},
		{"not asked", rt.G{Status: rt.Grunning}, &rt.P{}},
		{"asked, but in a syscall", rt.G{Status: rt.Gsyscall, Preempt: true}, &rt.P{}},
		{"asked, stopped at a call into the runtime", rt.G{Status: rt.Grunning, Preempt: true, AtRuntimeCall: true}, &rt.P{}},
		{"asked, inside sim.Work", rt.G{Status: rt.Grunning, Preempt: true, AtRuntimeCall: true, InWork: true}, &rt.P{}},
	}
	for _, c := range gcases {
		c := c
		desc := fmt.Sprintf("%+v, P.Preempt=%v", c.g, c.pp.Preempt)
		props = append(props, prop("the signal stops a G "+c.name+"?", desc, func() (string, string) {
			g1, g2 := c.g, c.g
			return fmt.Sprintf("stop=%v", want(&g1, cloneP(c.pp)) && safe(&g1)),
				fmt.Sprintf("stop=%v", preemptref.WantAsyncPreempt(&g2, cloneP(c.pp)) && preemptref.IsAsyncSafePoint(&g2))
		}))
	}
	props = append(props, exhaustiveGopreempt(put), exhaustiveAsyncPreempt(want, safe))
	hooks := &runtime.Hooks{GopreemptM: put, AsyncPreempt: func(gp *rt.G, pp *rt.P) bool { return want(gp, pp) && safe(gp) }}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 5, []string{"syscalls.go", "yield.go", "coop.go"}, []int{1, 2, 16}, hooks)...)
	return ex
}

// Injectglist is exercise 06-injectglist.
func Injectglist(f InjectglistFunc) *Exercise {
	ex := &Exercise{Name: "06-injectglist", Funcs: []string{"injectglist"}}
	cases := []struct {
		name, desc string
		pp         *rt.P
		s          *rt.Schedt
		list       []rt.Guintptr
	}{
		{"without a P: all to the global queue", "no P, 3 Gs, npidle 2", nil, mkSched(2, 0, 4), gs(1, 3)},
		{"with a P: one per idle P to the global queue, the rest local", "P with ring [G9], 5 Gs, npidle 2", mkP(0, 0, 9), mkSched(2, 0, 4), gs(1, 5)},
		{"with a P and no idle P: all local", "P with empty ring, 3 Gs, npidle 0", mkP(0, 0), mkSched(0, 0, 4), gs(1, 3)},
		{"a full ring overflows to the global queue", "P with 255 in its ring, 3 Gs, npidle 0", mkP(0, 0, gs(100, 354)...), mkSched(0, 0, 4), gs(1, 3)},
	}
	var props []test
	for _, c := range cases {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(g InjectglistFunc) string {
				pp, s := cloneP(c.pp), cloneSched(c.s)
				n := g(append([]rt.Guintptr(nil), c.list...), pp, s)
				return fmt.Sprintf("start %d idle Ps; %s; %s", n, descP(pp), descSched(s))
			}
			return run(f), run(injectref.Injectglist)
		}))
	}
	props = append(props, exhaustiveInjectglist(f))
	hooks := &runtime.Hooks{Injectglist: f}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 6, []string{"netwait.go"}, []int{1, 2, 4, 16, 64}, hooks)...)
	return ex
}
