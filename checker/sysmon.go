package checker

import (
	"fmt"
	"math"

	sysmonref "github.com/gmplab/gmplab/exercises/04-sysmon/solution"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// The signatures of 04-sysmon's functions.
type (
	SysmonBackoffFunc = func(st *rt.SysmonState, retaken int)
	SysmonDeepFunc    = func(npidle, gomaxprocs int32, nextTimer, now int64) (sleep int64, deep bool)
)

// Sysmon is exercise 04-sysmon: sysmon's back-off and deep sleep.
func Sysmon(backoff SysmonBackoffFunc, deep SysmonDeepFunc) *Exercise {
	ex := &Exercise{Name: "04-sysmon", Funcs: []string{"sysmonBackoff", "sysmonDeepSleep"}}
	var props []test
	// Passes: a sequence of retake results from sysmon's start.
	seqs := []struct {
		name, desc string
		retaken    []int
	}{
		{"back-off: 20 µs while idle passes are 50 or fewer", "50 passes that take nothing", make([]int, 50)},
		{"back-off: doubling from the 51st idle pass", "56 passes that take nothing", make([]int, 56)},
		{"back-off: at most 10 ms", "70 passes that take nothing", make([]int, 70)},
		{"back-off: a pass that takes a P starts again at 20 µs", "60 idle passes, one that takes 2 Ps, 3 idle", append(append(make([]int, 60), 2), 0, 0, 0)},
	}
	for _, c := range seqs {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(f SysmonBackoffFunc) string {
				st := rt.SysmonState{Delay: 20}
				var delays []string
				for _, r := range c.retaken {
					f(&st, r)
					delays = append(delays, fmt.Sprint(st.Delay))
				}
				return fmt.Sprintf("idle %d; sleeps (µs) %v", st.Idle, delays)
			}
			return run(backoff), run(sysmonref.SysmonBackoff)
		}))
	}
	const ms = int64(1_000_000)
	deeps := []struct {
		name, desc    string
		npidle, procs int32
		next, now     int64
	}{
		{"deep sleep: every P idle, until the next timer", "4 of 4 Ps idle, a timer in 5 ms", 4, 4, 105 * ms, 100 * ms},
		{"deep sleep: every P idle, no timer: 60 s", "4 of 4 Ps idle, no timer", 4, 4, math.MaxInt64, 100 * ms},
		{"deep sleep: a timer later than 60 s: 60 s", "1 of 1 P idle, a timer in 90 s", 1, 1, 90_000 * ms, 0},
		{"deep sleep: not while a P runs", "3 of 4 Ps idle", 3, 4, math.MaxInt64, 100 * ms},
		{"deep sleep: not when a timer is due", "4 of 4 Ps idle, a timer due now", 4, 4, 100 * ms, 100 * ms},
	}
	for _, c := range deeps {
		c := c
		props = append(props, prop(c.name, c.desc, func() (string, string) {
			run := func(f SysmonDeepFunc) string {
				sleep, d := f(c.npidle, c.procs, c.next, c.now)
				if !d {
					return "no deep sleep"
				}
				return fmt.Sprintf("deep sleep for %d ns", sleep)
			}
			return run(deep), run(sysmonref.SysmonDeepSleep)
		}))
	}
	props = append(props, exhaustive("every idle count, sleep and retake", func(check func(string, string, string) bool) {
		for idle := int32(0); idle <= 60; idle++ {
			for delay := int64(20); delay <= 20_000; delay *= 2 {
				for _, r := range []int{0, 1, 3} {
					run := func(f SysmonBackoffFunc) string {
						st := rt.SysmonState{Idle: idle, Delay: delay}
						f(&st, r)
						return fmt.Sprintf("idle %d, sleep %d µs", st.Idle, st.Delay)
					}
					if !check(fmt.Sprintf("idle %d, sleep %d µs, retake took %d", idle, delay, r), run(backoff), run(sysmonref.SysmonBackoff)) {
						return
					}
				}
			}
		}
	}))
	props = append(props, exhaustiveDeepSleep(deep))
	hooks := &runtime.Hooks{SysmonBackoff: backoff, SysmonDeepSleep: deep}
	ex.hooks = hooks
	ex.batteries = append([]battery{{name: "properties", tests: props}}, scenarioBatteries(ex.Name, 4, []string{"syscalls.go", "netwait.go"}, []int{1, 2, 4, 64}, hooks)...)
	return ex
}
