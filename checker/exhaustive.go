package checker

import (
	"fmt"
	"math"
	"slices"

	newstackref "github.com/gmplab/gmplab/exercises/01-newstack/solution"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	runqputref "github.com/gmplab/gmplab/exercises/02-runqput/solution"
	runqgrabref "github.com/gmplab/gmplab/exercises/03-runqgrab/solution"
	retakeref "github.com/gmplab/gmplab/exercises/04-retake/solution"
	sysmonref "github.com/gmplab/gmplab/exercises/04-sysmon/solution"
	preemptref "github.com/gmplab/gmplab/exercises/05-preempt/solution"
	injectref "github.com/gmplab/gmplab/exercises/06-injectglist/solution"
	"github.com/gmplab/gmplab/exercises/rt"
)

// Exhaustive checks: the learner's function and the reference on every
// state of a small space, compared whole, reporting the first state on
// which they differ. The ring is the runtime's (256 slots: runqput,
// runqget and runqgrab index it modulo len(pp.runq)), so its space is
// every head position with the lengths at which the rules change (empty,
// one, half, full), and every length at the positions where the indexes
// wrap: slot 255 to 0, and the uint32 head and tail past 2^32.

// ringStates calls f with every P of the space: next is runnext (0 or
// G900), the ring holds G1..Gn from head.
func ringStates(f func(desc string, pp *rt.P) bool) {
	lengths := []uint32{0, 1, 2, 3, 127, 128, 129, 254, 255, 256}
	for _, next := range []rt.Guintptr{0, 900} {
		for head := uint32(0); head < 256; head++ {
			for _, n := range lengths {
				if !f(ringDesc(next, head, n), mkP(next, head, gs(1, int(n))...)) {
					return
				}
			}
		}
		for _, head := range []uint32{255, 1<<32 - 1, 1<<32 - 128, 1<<32 - 256} {
			for n := uint32(0); n <= 256; n++ {
				if !f(ringDesc(next, head, n), mkP(next, head, gs(1, int(n))...)) {
					return
				}
			}
		}
	}
}

func ringDesc(next rt.Guintptr, head, n uint32) string {
	return fmt.Sprintf("runnext %s, ring of %d from head=%d (tail=%d)", gp(next), n, head, head+n)
}

// exhaustive is a property over a space: each(check) calls check on
// every state until it returns false; check returns the learner's and
// the reference's outcomes.
func exhaustive(name string, each func(check func(desc, yours, want string) bool)) test {
	return prop(name, "every state of the space", func() (string, string) {
		var y, w string
		each(func(desc, yours, want string) bool {
			if yours != want {
				y, w = yours+"\n  on: "+desc, want
				return false
			}
			return true
		})
		return y, w
	})
}

func exhaustiveRunqput(f RunqputFunc) test {
	return exhaustive("every ring: runqput with and without next", func(check func(string, string, string) bool) {
		ringStates(func(desc string, pp *rt.P) bool {
			for _, next := range []bool{false, true} {
				p1, s1, p2, s2 := cloneP(pp), mkSched(0, 0, 4, 500), cloneP(pp), mkSched(0, 0, 4, 500)
				f(p1, s1, 777, next)
				if msg := brokenRing("runqput", pp, p1); msg != "" {
					return check(fmt.Sprintf("%s; put G777 next=%v", desc, next), msg, "")
				}
				runqputref.Runqput(p2, s2, 777, next)
				if *p1 == *p2 && slices.Equal(s1.Runq.Slice(), s2.Runq.Slice()) {
					continue // the same: their descriptions are too
				}
				if !check(fmt.Sprintf("%s; put G777 next=%v", desc, next), descP(p1)+"; "+descSched(s1), descP(p2)+"; "+descSched(s2)) {
					return false
				}
			}
			return true
		})
	})
}

func exhaustiveRunqget(f RunqgetFunc) test {
	return exhaustive("every ring: runqget", func(check func(string, string, string) bool) {
		ringStates(func(desc string, pp *rt.P) bool {
			p1, p2 := cloneP(pp), cloneP(pp)
			g1, i1 := f(p1)
			if msg := brokenRing("runqget", pp, p1); msg != "" {
				return check(desc, msg, "")
			}
			g2, i2 := runqgetref.Runqget(p2)
			if g1 == g2 && i1 == i2 && *p1 == *p2 {
				return true // the same: their descriptions are too
			}
			return check(desc, fmt.Sprintf("%s inheritTime=%v; %s", gp(g1), i1, descP(p1)), fmt.Sprintf("%s inheritTime=%v; %s", gp(g2), i2, descP(p2)))
		})
	})
}

func exhaustiveRunqgrab(f RunqgrabFunc) test {
	return exhaustive("every ring: runqgrab at every batchHead wrap, with and without runnext", func(check func(string, string, string) bool) {
		ringStates(func(desc string, pp *rt.P) bool {
			for _, head := range []uint32{0, 255, 1<<32 - 1} {
				for _, srn := range []bool{false, true} {
					var yb, wb [256]rt.Guintptr
					yp, wp := cloneP(pp), cloneP(pp)
					yn := f(yp, &yb, head, srn)
					d := func() string { return fmt.Sprintf("%s; batchHead %d, stealRunNext %v", desc, head, srn) }
					if msg := brokenRing("runqgrab", pp, yp); msg != "" {
						return check(d(), msg, "")
					}
					wn := runqgrabref.Runqgrab(wp, &wb, head, srn)
					if yn == wn && yb == wb && *yp == *wp {
						continue // the same: their descriptions are too
					}
					if !check(d(), grabDesc(yn, &yb, head, yp), grabDesc(wn, &wb, head, wp)) {
						return false
					}
				}
			}
			return true
		})
	})
}

// grabDesc describes runqgrab's outcome: n, the batch from batchHead,
// and the victim.
func grabDesc(n uint32, batch *[256]rt.Guintptr, head uint32, victim *rt.P) string {
	var got []rt.Guintptr
	for i := uint32(0); i < n && i < 256; i++ {
		got = append(got, batch[(head+i)%256])
	}
	return fmt.Sprintf("n=%d batch[batchHead:] %s; victim %s", n, short(got), descP(victim))
}

// exhaustiveNewstack: every stack size from 2 KB to 1 MB, with the used
// bytes and the frame on a grid that reaches both sides of every doubling
// (the boundary where the frame fits exactly with StackGuard to spare).
func exhaustiveNewstack(f NewstackFunc) test {
	return exhaustive("every stack size, use and frame on a grid, both sides of each doubling", func(check func(string, string, string) bool) {
		for size := int64(2048); size <= 1<<20; size *= 2 {
			for _, used := range []int64{0, 1, 100, size / 2, size - 1000, size - rt.StackGuard} {
				for k := int64(1); k <= 64; k *= 2 {
					for _, d := range []int64{-1, 0, 1} {
						frame := k*size - used - rt.StackGuard + d
						if frame <= 0 || used < 0 {
							continue
						}
						g := rt.G{Goid: 7, Status: rt.Grunning, StackSize: size, StackUsed: used}
						g2 := g
						n1, c1 := f(&g, frame)
						n2, c2 := newstackref.Newstack(&g2, frame)
						if !check(fmt.Sprintf("stack %d B, %d used, frame %d B", size, used, frame),
							fmt.Sprintf("newsize %d, copied %d", n1, c1), fmt.Sprintf("newsize %d, copied %d", n2, c2)) {
							return
						}
					}
				}
			}
		}
	})
}

// exhaustiveRetake: every combination of what retake's syscall check
// reads (the syscalltick seen or not, local work, idle Ps, spinning Ms,
// time in the syscall against forcePreemptNS, sysretake).
func exhaustiveRetake(f RetakeFunc) test {
	const ms = 1_000_000
	return exhaustive("every combination of retake's inputs", func(check func(string, string, string) bool) {
		for _, seen := range []bool{false, true} {
			for _, work := range []bool{false, true} {
				for _, npidle := range []int32{0, 1, 3} {
					for _, spin := range []int32{0, 1} {
						for _, in := range []int64{1 * ms, 10 * ms, 10*ms + 1, 30 * ms} {
							for _, sr := range []bool{false, true} {
								pp := &rt.P{Syscalltick: 3}
								if work {
									pp = mkP(0, 0, 1)
									pp.Syscalltick = 3
								}
								pd := rt.Sysmontick{Syscalltick: 2, Syscallwhen: 4 * ms}
								if seen {
									pd.Syscalltick = 3
								}
								now := 4*ms + in
								run := func(g RetakeFunc) string {
									d := pd
									take := g(cloneP(pp), &d, mkSched(npidle, spin, 4), now, sr)
									return fmt.Sprintf("take=%v, sysmontick syscalltick=%d syscallwhen=%d", take, d.Syscalltick, d.Syscallwhen)
								}
								desc := fmt.Sprintf("syscalltick seen=%v, local work=%v, npidle %d, nmspinning %d, %d ns in the syscall, sysretake=%v", seen, work, npidle, spin, in, sr)
								if !check(desc, run(f), run(retakeref.Retake)) {
									return
								}
							}
						}
					}
				}
			}
		}
	})
}

// exhaustiveHandoffp: every combination of what handoffp's decision
// reads, at GOMAXPROCS 4.
func exhaustiveHandoffp(f HandoffpFunc) test {
	return exhaustive("every combination of handoffp's inputs", func(check func(string, string, string) bool) {
		for _, local := range []bool{false, true} {
			for _, global := range []bool{false, true} {
				for _, npidle := range []int32{0, 1, 2, 3} {
					for _, spin := range []int32{0, 1} {
						for _, polling := range []bool{false, true} {
							pp := mkP(0, 0)
							if local {
								pp = mkP(0, 0, 1)
							}
							s := mkSched(npidle, spin, 4)
							if global {
								s.Runq.PushBack(5)
							}
							s.Polling = polling
							run := func(g HandoffpFunc) string {
								st, sp := g(cloneP(pp), cloneSched(s))
								return fmt.Sprintf("startM=%v spinning=%v", st, sp)
							}
							desc := fmt.Sprintf("local work=%v, global work=%v, npidle %d, nmspinning %d, polling=%v", local, global, npidle, spin, polling)
							if !check(desc, run(f), run(retakeref.Handoffp)) {
								return
							}
						}
					}
				}
			}
		}
	})
}

// exhaustiveInjectglist: every list of up to 6 Gs, with no P (sysmon, an
// M blocked in netpoll) or a P whose ring is empty, holds one, or is a
// few slots from full (at head positions where the indexes wrap), 0 to 7
// idle Ps, and the global queue empty or not: the same count of Ps to
// start and the same queues, compared whole.
func exhaustiveInjectglist(f InjectglistFunc) test {
	return exhaustive("every list, idle count and ring: the same queues", func(check func(string, string, string) bool) {
		type ring struct{ head, n uint32 }
		rings := []*ring{nil}
		for _, head := range []uint32{0, 255, 1<<32 - 3} {
			for _, n := range []uint32{0, 1, 251, 253, 255, 256} {
				rings = append(rings, &ring{head, n})
			}
		}
		for _, r := range rings {
			for npidle := int32(0); npidle <= 7; npidle++ {
				for _, global := range [][]rt.Guintptr{nil, {500}} {
					for k := 0; k <= 6; k++ {
						mk := func() (*rt.P, *rt.Schedt) {
							s := mkSched(npidle, 0, 8)
							for _, g := range global {
								s.Runq.PushBack(g)
							}
							if r == nil {
								return nil, s
							}
							return mkP(0, r.head, gs(100, 99+int(r.n))...), s
						}
						p1, s1 := mk()
						p2, s2 := mk()
						n1 := f(gs(1, k), p1, s1)
						n2 := injectref.Injectglist(gs(1, k), p2, s2)
						if n1 == n2 && (p1 == nil) == (p2 == nil) && (p1 == nil || *p1 == *p2) && slices.Equal(s1.Runq.Slice(), s2.Runq.Slice()) {
							continue // the same: their descriptions are too
						}
						desc := fmt.Sprintf("no P, %d Gs, npidle %d, global %v", k, npidle, global)
						if r != nil {
							desc = fmt.Sprintf("%s, %d Gs, npidle %d, global %v", ringDesc(0, r.head, r.n), k, npidle, global)
						}
						show := func(n int, pp *rt.P, s *rt.Schedt) string {
							if pp == nil {
								return fmt.Sprintf("start %d idle Ps; %s", n, descSched(s))
							}
							return fmt.Sprintf("start %d idle Ps; %s; %s", n, descP(pp), descSched(s))
						}
						if !check(desc, show(n1, p1, s1), show(n2, p2, s2)) {
							return
						}
					}
				}
			}
		}
	})
}

// exhaustiveDeepSleep: sysmon's deep sleep at every idle count of 1 to 4
// Ps and every timer around the edges (due, just after now, 5 ms, 60 s
// either side, none).
func exhaustiveDeepSleep(f SysmonDeepFunc) test {
	return exhaustive("deep sleep at every idle count and timer", func(check func(string, string, string) bool) {
		const now = int64(100_000_000)
		half := int64(rt.ForcegcPeriod / 2)
		for procs := int32(1); procs <= 4; procs++ {
			for npidle := int32(0); npidle <= procs; npidle++ {
				for _, d := range []int64{-1, 0, 1, 5_000_000, half - 1, half, half + 1, math.MaxInt64 - now} {
					run := func(g SysmonDeepFunc) string {
						sleep, deep := g(npidle, procs, now+d, now)
						if !deep {
							return "no deep sleep"
						}
						return fmt.Sprintf("deep sleep for %d ns", sleep)
					}
					if !check(fmt.Sprintf("%d of %d Ps idle, the next timer at now%+d ns", npidle, procs, d), run(f), run(sysmonref.SysmonDeepSleep)) {
						return
					}
				}
			}
		}
	})
}

// exhaustiveGopreempt: gopreempt_m on every ring of the space (ringStates:
// runnext empty or not, every head, the lengths where the rules change
// and every length where the indexes wrap) and a global queue empty, of
// one G or of three: the same P, compared whole, and the same global
// queue.
func exhaustiveGopreempt(f GopreemptFunc) test {
	return exhaustive("on every ring and global queue, gopreempt_m: the same queues", func(check func(string, string, string) bool) {
		globals := [][]rt.Guintptr{nil, {500}, {500, 501, 502}}
		ringStates(func(desc string, pp *rt.P) bool {
			for _, global := range globals {
				p1, s1, p2, s2 := cloneP(pp), mkSched(0, 0, 4, global...), cloneP(pp), mkSched(0, 0, 4, global...)
				f(777, p1, s1)
				if msg := brokenRing("gopreempt_m", pp, p1); msg != "" {
					return check(fmt.Sprintf("%s, global %s; G777 preempted", desc, short(global)), msg, "")
				}
				preemptref.GopreemptM(777, p2, s2)
				if *p1 == *p2 && slices.Equal(s1.Runq.Slice(), s2.Runq.Slice()) {
					continue // the same: their descriptions are too
				}
				if !check(fmt.Sprintf("%s, global %s; G777 preempted", desc, short(global)), descP(p1)+"; "+descSched(s1), descP(p2)+"; "+descSched(s2)) {
					return false
				}
			}
			return true
		})
	})
}

// exhaustiveAsyncPreempt: whether the signal stops a G (wantAsyncPreempt
// and isAsyncSafePoint, as the engine asks them, together) for every G
// and P the two read: each status a G can have when its M is signalled
// (idle, runnable, running, in a syscall, waiting), a preemption asked on
// the G or not, stopped at a call into the runtime or not, inside sim.Work
// or not, and no P or a P with a request or without.
func exhaustiveAsyncPreempt(want WantAsyncFunc, safe AsyncSafeFunc) test {
	return exhaustive("the signal on every G and P: the same decision", func(check func(string, string, string) bool) {
		type pcase struct {
			desc string
			pp   *rt.P
		}
		ps := []pcase{{"no P", nil}, {"P.Preempt=false", &rt.P{Status: rt.Prunning}}, {"P.Preempt=true", &rt.P{Status: rt.Prunning, Preempt: true}}}
		for status := uint32(0); status <= rt.Gwaiting; status++ {
			for _, preempt := range []bool{false, true} {
				for _, atCall := range []bool{false, true} {
					for _, inWork := range []bool{false, true} {
						for _, p := range ps {
							g := rt.G{Goid: 7, Status: status, StackSize: 8192, StackUsed: 512, Preempt: preempt, AtRuntimeCall: atCall, InWork: inWork}
							run := func(w WantAsyncFunc, s AsyncSafeFunc) string {
								g1 := g
								return fmt.Sprintf("stop=%v", w(&g1, cloneP(p.pp)) && s(&g1))
							}
							if !check(fmt.Sprintf("%+v, %s", g, p.desc), run(want, safe), run(preemptref.WantAsyncPreempt, preemptref.IsAsyncSafePoint)) {
								return
							}
						}
					}
				}
			}
		}
	})
}
