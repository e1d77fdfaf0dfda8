package checker

import (
	"fmt"

	frref "github.com/gmplab/gmplab/exercises/06-findrunnable/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 06-findrunnable's functions.
type (
	FindRunnableFunc   = func(sched rt.Sched) (gp rt.Guintptr, inheritTime bool)
	StealWorkFunc      = func(sched rt.Sched) (gp rt.Guintptr, inheritTime bool, pollUntil int64, newWork bool)
	CheckRunqsNoPFunc  = func(sched rt.Sched) rt.Puintptr
	CheckTimersNoPFunc = func(sched rt.Sched, pollUntil int64) int64
)

// worldProp is a property on a world: yours and Go's run on copies of w,
// and what each did is compared call by call.
func worldProp(name string, w *world, yours, want func(*world) string) test {
	return test{name: name, run: func() string {
		y, g := yours(w.clone()), want(w.clone())
		if y == g {
			return ""
		}
		return "input: " + w.String() + "\n" + callsDiff(y, g)
	}}
}

// frRun runs a findRunnable on w: its calls, then what it returned.
func frRun(f FindRunnableFunc) func(*world) string {
	return func(w *world) string {
		var g rt.Guintptr
		var inh bool
		w.run(func() { g, inh = f(w) })
		ret := "returns " + gn(g)
		if inh {
			ret += " inheritTime"
		}
		return outcome(w.acts, ret)
	}
}

func stealRun(f StealWorkFunc) func(*world) string {
	return func(w *world) string {
		var g rt.Guintptr
		var inh, nw bool
		var until int64
		w.run(func() { g, inh, until, nw = f(w) })
		return outcome(w.acts, fmt.Sprintf("returns %s inheritTime=%v pollUntil=%s newWork=%v", gn(g), inh, fmtWhen(until, w.now), nw))
	}
}

const ms = int64(1_000_000)

// Findrunnable is exercise 06-findrunnable: findRunnable in full.
func Findrunnable(find FindRunnableFunc, steal StealWorkFunc, runqsNoP CheckRunqsNoPFunc, timersNoP CheckTimersNoPFunc) *Exercise {
	ex := &Exercise{Name: "06-findrunnable", Funcs: []string{"findRunnable", "stealWork", "checkRunqsNoP", "checkTimersNoP"}}
	yours, want := frRun(find), frRun(frref.FindRunnable)
	fr := func(name string, w *world) test { return worldProp("findRunnable: "+name, w, yours, want) }
	// Gs: G1-G39 in rings and runnext, G40-G49 readied by timers, G50-G59
	// in the global queue, G60-G69 on the network.
	props := []test{
		fr("every 61st schedtick one global G first", func() *world {
			w := newWorld(2).local(0, 9, 1).globalq(50, 51)
			w.ps[0].schedtick = 122
			return w
		}()),
		fr("the 61st schedtick with an empty global queue: runnext", func() *world {
			w := newWorld(2).local(0, 9)
			w.ps[0].schedtick = 61
			return w
		}()),
		fr("its own timers first: a due one readies a G into runnext", newWorld(2).timer(0, 90*ms, 40).local(0, 0, 1)),
		fr("the local queue: runnext first", newWorld(2).local(0, 9, 1, 2).globalq(50)),
		fr("the local queue: then the ring's head", newWorld(2).local(0, 0, 1, 2).globalq(50)),
		fr("then a batch of the global queue", newWorld(4).globalq(50, 51, 52, 53, 54, 55, 56, 57, 58)),
		fr("netpoll(0): the first ready G runs, the others are injected", newWorld(2).wait(60, true).wait(61, false).wait(62, true).running(1, 30).local(1, 0, 1, 2)),
		fr("no netpoll(0) while an M is blocked in netpoll", func() *world {
			w := newWorld(2).wait(60, true).running(1, 30).local(1, 0, 1, 2)
			w.polling = true
			return w
		}()),
	}
	sy, sw := stealRun(steal), stealRun(frref.StealWork)
	st := func(name string, w *world) test { return worldProp("stealWork: "+name, w, sy, sw) }
	props = append(props,
		st("four passes, each in cheaprand's order: position r%n, stride coprime to n", newWorld(4).running(1, 30).running(2, 31).running(3, 32)),
		st("runnext only on the last pass", newWorld(4).running(1, 30).running(2, 31).running(3, 32).local(3, 9)),
		st("half of the first victim with a ring", newWorld(4).running(1, 30).local(1, 0, 1, 2, 3).running(2, 31).local(2, 0, 4, 5).running(3, 32)),
		st("idle Ps are not stolen from, but their timers run on the last pass", newWorld(3).local(1, 0, 1).timer(1, 50*ms, 40).running(2, 31)),
		st("a timer that readies nothing here: newWork, and stealing goes on", newWorld(3).running(1, 30).local(1, 9).timer(2, 50*ms, 0)),
		st("the earliest timer not yet due is pollUntil", newWorld(3).timer(1, 150*ms, 40).timer(2, 130*ms, 41)),
	)
	props = append(props, []test{
		fr("nothing anywhere: drop the P and stop the M", newWorld(2).running(1, 30)),
		fr("stealing: it becomes a spinner while spinners are under half the busy Ps", newWorld(3).running(1, 30).local(1, 0, 1, 2, 3, 4).running(2, 31)),
		fr("no stealing while spinners cover half the busy Ps", func() *world {
			w := newWorld(2).running(1, 30).local(1, 0, 1, 2)
			w.nmspinning = 1
			return w
		}()),
		fr("stealing: a timer on another P readies a G here", newWorld(3).running(1, 30).timer(2, 50*ms, 40)),
		fr("stealing: a timer that readies nothing here: start again from the top", newWorld(2).timer(1, 50*ms, 0).running(1, 30)),
		fr("before dropping the P: the global queue once more", func() *world {
			// Work a timer's G submits while this M steals (the engine's
			// findRunnable sees it here: a concurrent submission).
			w := newWorld(2).running(1, 30)
			w.onSteal = func(w *world) { w.globalq(55) }
			return w
		}()),
		fr("before dropping the P: needspinning makes it a spinner", func() *world {
			w := newWorld(2).running(1, 30)
			w.nmspinning, w.needspinning = 1, true
			return w
		}()),
		fr("after dropping the P, spinning: the global queue again, with an idle P", func() *world {
			w := newWorld(3).running(1, 30)
			w.self().spinning, w.nmspinning = true, 1
			w.onRelease = func(w *world) { w.globalq(56, 57) }
			return w
		}()),
		fr("after dropping the P, spinning: another P's work: take an idle P and start again", func() *world {
			w := newWorld(3).running(1, 30)
			w.self().spinning, w.nmspinning = true, 1
			w.onRelease = func(w *world) { w.local(1, 0, 7) }
			return w
		}()),
		fr("after dropping the P, spinning: the timers again, then netpoll until the earliest", func() *world {
			w := newWorld(3).running(1, 30)
			w.netInited = true
			w.self().spinning, w.nmspinning = true, 1
			w.onRelease = func(w *world) { w.timer(2, 130*ms, 41) }
			return w
		}()),
		fr("block in netpoll while Gs wait on the network", newWorld(2).wait(60, false)),
		fr("a timer and an M already in netpoll: break its poll if it sleeps past the timer", func() *world {
			w := newWorld(2).timer(0, 120*ms, 40)
			w.netInited, w.polling, w.pollUntil = true, true, 200*ms
			return w
		}()),
	}...)
	ry, rw := noPRun(func(w *world) string {
		pp := runqsNoP(w)
		return fmt.Sprintf("returns %s, needspinning=%v", pn(int32(pp)-1), w.needspinning)
	}), noPRun(func(w *world) string {
		pp := frref.CheckRunqsNoP(w)
		return fmt.Sprintf("returns %s, needspinning=%v", pn(int32(pp)-1), w.needspinning)
	})
	ty, tw := noPRun(func(w *world) string { return "returns " + fmtWhen(timersNoP(w, 125*ms), w.now) }),
		noPRun(func(w *world) string { return "returns " + fmtWhen(frref.CheckTimersNoP(w, 125*ms), w.now) })
	props = append(props,
		worldProp("checkRunqsNoP: a busy P with work and an idle P to take", noP(newWorld(3).running(1, 30).local(1, 0, 1)), ry, rw),
		worldProp("checkRunqsNoP: work but no idle P: needspinning", func() *world {
			w := noP(newWorld(2).running(1, 30).local(1, 0, 1))
			w.idle = nil
			return w
		}(), ry, rw),
		worldProp("checkRunqsNoP: idle Ps' queues do not count", noP(newWorld(3).local(1, 0, 1).running(2, 31)), ry, rw),
		worldProp("checkTimersNoP: the earliest timer of every P and pollUntil (25 ms), none run", noP(newWorld(3).timer(1, 130*ms, 40).timer(2, 120*ms, 41)), ty, tw),
	)
	props = append(props, exhaustive("every small world: the same calls in the same order", func(check func(desc, yours, want string) bool) {
		frWorlds(func(w *world) bool {
			return check(w.String(), yours(w.clone()), want(w.clone()))
		})
	}))
	hooks := &runtime.Hooks{FindRunnable: find}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 6, []string{"spawn.go", "yield.go", "netwait.go", "idlepoll.go"}, []int{1, 2, 3, 4, 16, 64}, hooks)...)
	return ex
}

// noPRun runs f on w, its calls then what it says.
func noPRun(f func(*world) string) func(*world) string {
	return func(w *world) string {
		var ret string
		w.run(func() { ret = f(w) })
		return outcome(w.acts, ret)
	}
}

// noP makes w's M hold no P (findRunnable after releasep).
func noP(w *world) *world {
	i := w.self().p
	w.self().p = -1
	w.ps[i].m, w.ps[i].status = -1, rt.Pidle
	w.idle = append(w.idle, i)
	return w
}

// frWorlds calls f with every world of a small space until it returns
// false: 2 and 4 Ps; the M's P with or without local work on a 61st tick
// or not; a global queue or none; Gs on the network (ready, not ready,
// with an M blocked in netpoll); the M spinning or not, with other
// spinners; needspinning; and the other Ps idle, busy, busy with work in
// their ring or runnext, or with timers.
func frWorlds(f func(*world) bool) {
	type own struct {
		tick uint32
		next rt.Guintptr
		ring []rt.Guintptr
	}
	owns := []own{{5, 0, nil}, {61, 0, nil}, {5, 9, nil}, {122, 0, []rt.Guintptr{1}}}
	victims2 := []func(*world){
		func(w *world) {},
		func(w *world) { w.running(1, 30) },
		func(w *world) { w.running(1, 30).local(1, 0, 2, 3, 4) },
		func(w *world) { w.running(1, 30).local(1, 8) },
		func(w *world) { w.timer(1, 60*ms, 40) },
		func(w *world) { w.running(1, 30).timer(1, 160*ms, 41) },
	}
	victims4 := []func(*world){
		func(w *world) { w.running(1, 30).running(2, 31).running(3, 32) },
		func(w *world) { w.running(2, 31).local(2, 0, 2, 3) },
		func(w *world) { w.running(1, 30).local(1, 8).running(3, 32).local(3, 0, 4) },
		func(w *world) { w.timer(2, 60*ms, 40).running(3, 32).local(3, 7) },
		func(w *world) { w.running(1, 30).timer(1, 160*ms, 41).timer(3, 140*ms, 0) },
		func(w *world) { w.timer(1, 60*ms, 0).running(2, 31).local(2, 0, 5, 6, 7) },
	}
	for _, n := range []int{2, 4} {
		vs := victims2
		if n == 4 {
			vs = victims4
		}
		for _, o := range owns {
			for _, global := range []int{0, 2} {
				for net := 0; net < 4; net++ {
					for spin := 0; spin < 3; spin++ {
						for _, need := range []bool{false, true} {
							for _, v := range vs {
								w := newWorld(n)
								w.ps[0].schedtick = o.tick
								w.local(0, o.next, o.ring...)
								if global > 0 {
									w.globalq(50, 51)
								}
								switch net {
								case 1:
									w.wait(60, true).wait(61, false)
								case 2:
									w.wait(61, false)
								case 3:
									w.wait(60, true)
									w.polling = true
								}
								switch spin {
								case 1:
									if o.next != 0 || len(o.ring) > 0 {
										continue // schedule throws: spinning with local work
									}
									w.self().spinning, w.nmspinning = true, 1
								case 2:
									w.nmspinning = 1
								}
								w.needspinning = need
								v(w)
								if !f(w) {
									return
								}
							}
						}
					}
				}
			}
		}
	}
}
