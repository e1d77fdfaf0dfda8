package checker

import (
	"fmt"

	wakepref "github.com/gmplab/gmplab/exercises/03-wakep/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 03-wakep's functions.
type (
	WakepFunc            = func(sched rt.Sched)
	PidlegetSpinningFunc = func(sched rt.Sched) rt.Puintptr
)

// spinFns are 03-wakep's four functions.
type spinFns struct {
	wakep, resetspinning, becomeSpinning WakepFunc
	pidlegetSpinning                     PidlegetSpinningFunc
}

var spinRef = spinFns{wakepref.Wakep, wakepref.Resetspinning, wakepref.BecomeSpinning, wakepref.PidlegetSpinning}

// spinRun runs one of fns's functions (which) on w, with fns's others in
// the world where the runtime would call them.
func spinRun(fns spinFns, which string) func(*world) string {
	return func(w *world) string {
		w.fns.wakep, w.fns.becomeSpinning, w.fns.pidlegetSpinning = fns.wakep, fns.becomeSpinning, fns.pidlegetSpinning
		ret := ""
		w.run(func() {
			switch which {
			case "wakep":
				fns.wakep(w)
			case "resetspinning":
				fns.resetspinning(w)
			case "becomeSpinning":
				fns.becomeSpinning(w)
			case "pidlegetSpinning":
				ret = "returns " + pn(int32(fns.pidlegetSpinning(w))-1)
			}
		})
		after := fmt.Sprintf("after it: spinning=%v nmspinning=%d needspinning=%v npidle=%d", w.self().spinning, w.nmspinning, w.needspinning, len(w.idle))
		if ret != "" {
			after = ret + "; " + after
		}
		return outcome(w.acts, after)
	}
}

// spinWorld is a world of n Ps with idle of them idle, nmspinning
// spinners and the calling M spinning or not.
func spinWorld(n, idle int, nmspinning int32, spinning, need bool) *world {
	w := newWorld(n)
	for i := 1; i < n-idle; i++ {
		w.running(i, rt.Guintptr(30+i))
	}
	w.nmspinning, w.needspinning = nmspinning, need
	w.self().spinning = spinning
	return w
}

// Wakep is exercise 03-wakep: wakep and the spinning accounting.
func Wakep(wakep, resetspinning, becomeSpinning WakepFunc, pidlegetSpinning PidlegetSpinningFunc) *Exercise {
	ex := &Exercise{Name: "03-wakep", Funcs: []string{"wakep", "resetspinning", "becomeSpinning", "pidlegetSpinning"}}
	mine := spinFns{wakep, resetspinning, becomeSpinning, pidlegetSpinning}
	p := func(fn, name string, w *world) test {
		return worldProp(fn+": "+name, w, spinRun(mine, fn), spinRun(spinRef, fn))
	}
	props := []test{
		p("wakep", "no M spins and a P is idle: start a spinning M on it", spinWorld(3, 2, 0, false, false)),
		p("wakep", "an M spins already: nothing", spinWorld(3, 2, 1, false, false)),
		p("wakep", "two Ms spin: nothing", spinWorld(4, 2, 2, false, false)),
		p("wakep", "no idle P: the count goes back, needspinning is set", spinWorld(2, 0, 0, false, false)),
		p("pidlegetSpinning", "an idle P: the head of the idle list", spinWorld(3, 2, 0, false, true)),
		p("pidlegetSpinning", "no idle P: needspinning", spinWorld(2, 0, 1, false, false)),
		p("becomeSpinning", "the flag, the count, needspinning cleared", spinWorld(2, 1, 1, false, true)),
		p("resetspinning", "the last spinner stops: wakep starts another on an idle P", spinWorld(3, 1, 1, true, false)),
		p("resetspinning", "another M still spins: no new spinner", spinWorld(3, 1, 2, true, false)),
		p("resetspinning", "no idle P: nobody to wake", spinWorld(2, 0, 1, true, false)),
	}
	props = append(props, exhaustive("every spinning state: the same calls", func(check func(desc, yours, want string) bool) {
		for _, fn := range []string{"wakep", "pidlegetSpinning", "becomeSpinning", "resetspinning"} {
			for n := 1; n <= 3; n++ {
				for idle := 0; idle < n; idle++ {
					for nms := int32(0); nms <= 2; nms++ {
						for _, spinning := range []bool{false, true} {
							if fn == "resetspinning" && (!spinning || nms == 0) {
								continue // only a counted spinner resets
							}
							if fn != "resetspinning" && spinning {
								continue
							}
							for _, need := range []bool{false, true} {
								w := spinWorld(n, idle, nms, spinning, need)
								if !check(fn+" on "+w.String(), spinRun(mine, fn)(w.clone()), spinRun(spinRef, fn)(w.clone())) {
									return
								}
							}
						}
					}
				}
			}
		}
	}))
	hooks := &runtime.Hooks{Wakep: wakep, Resetspinning: resetspinning, BecomeSpinning: becomeSpinning, PidlegetSpinning: pidlegetSpinning}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 3, []string{"spawn.go", "yield.go", "netwait.go"}, []int{2, 3, 4, 16, 64}, hooks)...)
	return ex
}
