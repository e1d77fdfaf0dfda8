package runtime

import "github.com/gmplab/gmplab/vm"

// Package time's timers (time/sleep.go, time/tick.go) over the runtime's
// (runtime/time.go), with Go 1.23's synchronous timer channels
// (asynctimerchan=0):
//
//   - A channel timer (NewTimer, After, NewTicker, Tick) has a channel of
//     capacity 1 that len and cap report as 0. It is in a P's heap only
//     while some goroutine is blocked on its channel (blockTimerChan adds
//     it, to the blocking G's P; unblockTimerChan marks it a zombie when
//     the last one leaves). Otherwise a receive, a select or a len finds an
//     expired timer and runs it right there (maybeRunChan), so a timer
//     nobody waits on costs no wake-ups.
//   - Stop and Reset drain the channel (timerchandrain), so no stale value
//     is received after they return; Stop reports whether the timer was
//     pending or a value was drained.
//   - An AfterFunc timer is always in a heap while pending; when it fires,
//     goFunc starts its func in a new goroutine from the M running timers
//     (go f() on the system stack: the G goes to that P's runnext and its
//     creator is time.goFunc, in no goroutine).
//
// Simplified: a timer modified while in a heap is re-keyed at once (the
// runtime marks it timerModified and re-keys it in adjust, so an M may
// wake for the old when and find nothing); a zombie leaves the heap as the
// runtime's does (at the top, in cleanHead, or all at once when zombies
// are over a quarter of the local heap). The single-threaded model has no
// race between a firing and a Stop or Reset, so t.seq, isSending and
// sendLock are not modelled. Package time's timers are never freed (as
// channels are not).

// goFuncFile is where time.goFunc's go statement is, as a traceback shows
// it (GOROOT as the playground's).
const goFuncFile = "/usr/local/go/src/time/sleep.go:215"

// timerCallNames are the functions OpTimer's operations call.
var timerCallNames = [...]string{"time.NewTimer", "time.NewTicker", "time.Tick", "time.After", "time.AfterFunc",
	"time.(*Timer).Stop", "time.(*Timer).Reset", "time.(*Ticker).Stop", "time.(*Ticker).Reset"}

// timerOp performs OpTimer's operation (in.A) for the running G of M mi;
// the pc has been advanced. It reports whether the G panicked.
func (mc *Machine) timerOp(mi int32, in vm.Instr) (panicked bool) {
	G := &mc.allg[mc.allm[mi].curg]
	a := in.A
	ops := mc.operands(G, in)
	switch a {
	case vm.TimerNewTimer, vm.TimerNewTicker, vm.TimerTick, vm.TimerAfter:
		d := ops[0].I // d
		if a == vm.TimerNewTicker && d <= 0 {
			mc.gopanicString(mi, "non-positive interval for NewTicker")
			return true
		}
		if a == vm.TimerTick && d <= 0 {
			G.th.Push(vm.Value{})
			return false
		}
		period := int64(0)
		if a == vm.TimerNewTicker || a == vm.TimerTick {
			period = d
		}
		c := mc.makechan(1)
		mc.acc += CostChan
		ti := mc.newTimeTimer(mi, mc.when(d), period, timerChan, c, 0)
		G.th.Push(vm.Value{I: int64(c)})
		if a == vm.TimerNewTimer || a == vm.TimerNewTicker {
			G.th.Push(vm.Value{I: int64(ti) + 1})
		}
	case vm.TimerAfterFunc:
		d, f := ops[0].I, ops[1].I // d f
		ti := mc.newTimeTimer(mi, mc.when(d), 0, timerFunc, 0, f)
		G.th.Push(vm.Value{I: int64(ti) + 1})
	case vm.TimerStop, vm.TickerStop:
		id := ops[0].I // id
		if id == 0 {
			if a == vm.TickerStop {
				return false // Ticker.Stop of an uninitialised Ticker does nothing
			}
			mc.gopanicString(mi, "time: Stop called on uninitialized Timer")
			return true
		}
		stopped := mc.stopTimer(int32(id - 1))
		if a == vm.TimerStop {
			G.th.Push(vm.Value{I: boolInt(stopped)})
		}
	case vm.TimerReset, vm.TickerReset:
		id, d := ops[0].I, ops[1].I // id d
		if a == vm.TickerReset && d <= 0 {
			mc.gopanicString(mi, "non-positive interval for Ticker.Reset")
			return true
		}
		if id == 0 {
			what := "Timer"
			if a == vm.TickerReset {
				what = "Ticker"
			}
			mc.gopanicString(mi, "time: Reset called on uninitialized "+what)
			return true
		}
		period := int64(0)
		if a == vm.TickerReset {
			period = d
		}
		active := mc.modifyTimer(mi, int32(id-1), mc.when(d), period)
		if a == vm.TimerReset {
			G.th.Push(vm.Value{I: boolInt(active)})
		}
	default:
		panic("timerOp: unknown operation " + vm.Itoa(int64(a)))
	}
	return false
}

// when is the time d from now for the running G (time/sleep.go: when):
// now for d <= 0, the latest time on overflow.
func (mc *Machine) when(d int64) int64 {
	now := mc.now + mc.acc
	if d <= 0 {
		return now
	}
	t := now + d
	if t < 0 {
		t = maxWhen
	}
	return t
}

// newTimeTimer makes a timer of package time due at when (time.go:
// newTimer): a channel timer feeding c, or an AfterFunc timer of func f.
// Like newTimer it sets it with modify, which adds an AfterFunc timer to
// the running G's P but leaves a channel timer out of every heap until
// someone blocks on c.
func (mc *Machine) newTimeTimer(mi int32, when, period int64, kind timerKind, c int32, f int64) int32 {
	ti := mc.newTimer(timer{kind: kind, g: nilIdx, c: c, f: f, pp: nilIdx})
	if kind == timerChan {
		mc.chans[c].timer = ti + 1
	}
	mc.modifyTimer(mi, ti, when, period)
	return ti
}

// needsAdd reports whether timer ti must be put in a heap: pending, in
// none, and (for a channel timer) waited on (time.go: timer.needsAdd).
func (mc *Machine) needsAdd(ti int32) bool {
	t := &mc.timers[ti]
	return t.pp == nilIdx && t.when > 0 && (t.kind != timerChan || t.blocked > 0)
}

// maybeAdd adds timer ti to the running G's P's heap if it needs to be in
// one, after cleaning that heap's head (time.go: timer.maybeAdd).
func (mc *Machine) maybeAdd(mi, ti int32) {
	pp := mc.allm[mi].p
	mc.cleanHead(pp)
	if mc.needsAdd(ti) {
		mc.addHeap(pp, ti)
	}
}

// cleanHead removes zombies from the end and the top of pp's heap
// (time.go: timers.cleanHead).
func (mc *Machine) cleanHead(pp int32) {
	for {
		h := mc.allp[pp].timers
		switch {
		case len(h) == 0:
			return
		case mc.timers[h[len(h)-1]].zombie:
			mc.removeTimer(pp, len(h)-1)
		case mc.timers[h[0]].zombie:
			mc.popTimer(pp)
		default:
			return
		}
	}
}

// modifyTimer sets timer ti to fire at when, then every period (0: once),
// and reports whether it was pending (time.go: timer.modify, reset). In a
// heap it is re-keyed and no longer a zombie, and wakeNetPoller wakes
// someone for it; out of one, maybeAdd adds it if it needs to be. A
// channel timer's channel is drained: no stale value after Reset.
func (mc *Machine) modifyTimer(mi, ti int32, when, period int64) bool {
	t := &mc.timers[ti]
	t.period = period
	pending := t.when > 0
	t.when = when
	wake := false
	if pp := t.pp; pp != nilIdx {
		if t.zombie {
			t.zombie = false
			mc.allp[pp].zombies--
		}
		t.hwhen = when
		h := mc.allp[pp].timers
		heapUp(timerOrder{mc}, h, int(t.heapI))
		heapDown(timerOrder{mc}, h, int(t.heapI))
		wake = true
	}
	add := mc.needsAdd(ti)
	if t.kind == timerChan && mc.timerchandrain(t.c) {
		pending = true
	}
	if add {
		mc.maybeAdd(mi, ti)
	}
	if wake {
		mc.wakeNetPoller(when)
	}
	return pending
}

// stopTimer stops timer ti and reports whether it was pending or a value
// was waiting in its channel (time.go: timer.stop). A timer in a heap
// stays there as a zombie.
func (mc *Machine) stopTimer(ti int32) bool {
	t := &mc.timers[ti]
	if t.pp != nilIdx && !t.zombie {
		t.zombie = true
		mc.allp[t.pp].zombies++
	}
	pending := t.when > 0
	t.when = 0
	if t.kind == timerChan && mc.timerchandrain(t.c) {
		pending = true
	}
	return pending
}

// timerchandrain empties c's buffer and reports whether it held a value
// (chan.go: timerchandrain).
func (mc *Machine) timerchandrain(c int32) bool {
	ch := &mc.chans[c]
	if ch.qcount == 0 {
		return false
	}
	for ch.qcount > 0 {
		ch.bufget()
	}
	return true
}

// maybeRunChan runs channel c's timer now if it is in no heap and has
// expired, so that the receive that called it finds the value (time.go:
// timer.maybeRunChan; chanrecv, selectgo and empty call it).
func (mc *Machine) maybeRunChan(mi, c int32) {
	ti := mc.chans[c].timer - 1
	if ti < 0 {
		return
	}
	t := &mc.timers[ti]
	now := mc.now + mc.acc
	if t.pp != nilIdx || t.when == 0 || t.when > now {
		return
	}
	mc.unlockAndRun(ti, nilIdx, mc.allm[mi].p, mi, now)
}

// blockTimerChan is a channel operation blocking on timer channel c: the
// timer goes into the blocking G's P's heap if it needs to, and a zombie
// still pending is revived (time.go: blockTimerChan). The G unblocks when
// it runs again (unblockTimerChans).
func (mc *Machine) blockTimerChan(mi, c int32) {
	ti := mc.chans[c].timer - 1
	t := &mc.timers[ti]
	t.blocked++
	if t.pp != nilIdx && t.zombie && t.when > 0 {
		t.zombie = false
		mc.allp[t.pp].zombies--
	}
	if mc.needsAdd(ti) {
		mc.maybeAdd(mi, ti)
	}
	G := &mc.allg[mc.allm[mi].curg]
	// A fresh slice: Gs are copied by value into snapshots, so the one a
	// snapshot holds is never written again.
	G.timerChans = append(G.timerChans[:len(G.timerChans):len(G.timerChans)], c)
}

// unblockTimerChans undoes the blockTimerChan calls of G gi, which runs
// again after blocking on timer channels: a timer nobody waits on any more
// becomes a zombie, leaving its heap lazily (time.go: unblockTimerChan,
// called by chanrecv and selectgo when gopark returns).
func (mc *Machine) unblockTimerChans(gi int32) {
	G := &mc.allg[gi]
	for _, c := range G.timerChans {
		t := &mc.timers[mc.chans[c].timer-1]
		t.blocked--
		if t.blocked == 0 && t.pp != nilIdx && !t.zombie {
			t.zombie = true
			mc.allp[t.pp].zombies++
		}
	}
	G.timerChans = nil
}

// goFunc starts AfterFunc's func clo in a new goroutine from M mi running
// timers for P pp (time/sleep.go: goFunc's go statement, run on the
// system stack: newproc puts the G in pp's runnext and wakes a P).
func (mc *Machine) goFunc(mi, pp, clo int32) {
	gi := mc.newprocOn(mi, pp, clo, nil, vm.Pos{}, 0, "time.goFunc (an AfterFunc timer fired)")
	mc.allg[gi].goFunc = true
}
