package runtime

import "github.com/gmplab/gmplab/vm"

// Timers (time.go: time.Sleep here, package time's timers in
// timer_chan.go). Each P keeps a min-heap of its timers ordered by the
// when each had when it was pushed or last run (timerWhen.when; ties by
// push order). Timers run in
// findRunnable (this P's, at its start), in stealWork's last pass (other
// Ps'), and when an M blocked in netpoll wakes for them. A timer that readies
// a G puts it in the runnext of the P running the timer, so when several
// expire in one check the last one fired runs first.

type timerKind uint8

const (
	timerSleep timerKind = iota // time.Sleep: goready the G (goroutineReady)
	timerChan                   // time.NewTimer, After, NewTicker, Tick: send the time on c (sendTime)
	timerFunc                   // time.AfterFunc: go f() (goFunc)
)

type timer struct {
	when   int64 // t.when: when it is due; 0 once stopped or fired (not pending)
	hwhen  int64 // its key in the heap (timerWhen.when), set when it was pushed or run
	period int64 // a ticker's period; 0 for a one-shot timer
	seq    int64 // push order: breaks ties between timers due at once
	f      int64 // AfterFunc's func value
	kind   timerKind
	zombie bool  // timerZombie: stopped or unblocked, removed from the heap lazily
	g      int32 // sleeper; the next free timer while on the free list
	c      int32 // a channel timer's channel
	// blocked counts the channel operations blocked on c (t.blocked): a
	// channel timer is in a heap only while someone waits on c.
	blocked int32
	pp      int32 // P whose heap holds it (timerHeaped), nilIdx when in none
	heapI   int32
}

// A fired timer's slot is reused (Machine.freeTimer, threaded through g):
// the runtime's timers are garbage once run, and a program that sleeps a
// million times should not keep a million timers (in runs and in every
// snapshot). Ties go by seq, not by slot, so reuse changes no order.

// newTimer takes a free timer slot or makes one.
func (mc *Machine) newTimer(t timer) int32 {
	mc.timerSeq++
	t.seq = mc.timerSeq
	if ti := mc.freeTimer; ti != nilIdx {
		mc.freeTimer = mc.timers[ti].g
		mc.timers[ti] = t
		return ti
	}
	mc.timers = append(mc.timers, t)
	return int32(len(mc.timers) - 1)
}

// freeTimerSlot puts fired timer ti on the free list.
func (mc *Machine) freeTimerSlot(ti int32) {
	mc.timers[ti] = timer{g: mc.freeTimer, pp: nilIdx, c: nilIdx}
	mc.freeTimer = ti
}

// addtimer arms a timer on pp's heap (time.go: timer.modify/maybeAdd); if it
// is the P's new earliest, wakeNetPoller makes sure someone wakes for it.
func (mc *Machine) addtimer(pp int32, kind timerKind, when int64, gi, c int32) int32 {
	ti := mc.newTimer(timer{when: when, kind: kind, g: gi, c: c, pp: nilIdx})
	mc.cleanHead(pp) // resetForSleep's modify adds it with maybeAdd
	mc.addHeap(pp, ti)
	return ti
}

// addHeap pushes timer ti on pp's heap, keyed by its when; if it is the
// P's new earliest, wakeNetPoller makes sure someone wakes for it
// (time.go: timers.addHeap, and maybeAdd's wake).
func (mc *Machine) addHeap(pp, ti int32) {
	mc.netpollInited = true // timers sleep in netpoll (netpollGenericInit)
	mc.timerSeq++
	t := &mc.timers[ti]
	t.seq = mc.timerSeq
	t.hwhen = t.when
	t.pp = pp
	P := &mc.allp[pp]
	P.timers = heapPush(timerOrder{mc}, P.timers, ti)
	mc.acc += CostTimer
	if P.timers[0] == ti {
		mc.wakeNetPoller(t.when)
	}
}

// popTimer removes pp's earliest timer.
func (mc *Machine) popTimer(pp int32) int32 {
	return mc.removeTimer(pp, 0)
}

// removeTimer takes the timer at index i out of pp's heap (a zombie leaving
// is no longer one: its count drops).
func (mc *Machine) removeTimer(pp int32, i int) int32 {
	P := &mc.allp[pp]
	ti := P.timers[i]
	P.timers = heapRemove(timerOrder{mc}, P.timers, i)
	t := &mc.timers[ti]
	t.pp = nilIdx
	if t.zombie {
		t.zombie = false
		P.zombies--
	}
	return ti
}

// checkTimers runs pp's expired timers on M mi, readying Gs into pp's
// runnext, and returns when the next one is due (0 if none)
// (time.go: timers.check).
func (mc *Machine) checkTimers(pp int32, mi int32) int64 {
	_, next := mc.runTimers(pp, pp, mi)
	return next
}

// runTimers runs the expired timers of owner's heap; Gs they ready go to
// target's runnext. It reports whether any ran and the next when
// (time.go: timers.check, timers.run). A zombie at the top leaves the heap
// (updateHeap); after the run, the local P's heap is swept of all its
// zombies when they are more than a quarter of it (check's force adjust).
func (mc *Machine) runTimers(owner, target int32, mi int32) (ran bool, next int64) {
	for len(mc.allp[owner].timers) > 0 {
		ti := mc.allp[owner].timers[0]
		t := &mc.timers[ti]
		if t.zombie {
			mc.popTimer(owner)
			continue
		}
		if t.hwhen > mc.now {
			next = t.hwhen
			break
		}
		ran = true
		mc.unlockAndRun(ti, owner, target, mi, mc.now)
	}
	if P := &mc.allp[owner]; owner == target && P.zombies > 0 && int(P.zombies) > len(P.timers)/4 {
		mc.adjustTimers(owner) // the top is no zombie: next stays right
	}
	return ran, next
}

// adjustTimers removes every zombie from pp's heap (time.go:
// timers.adjust with force).
func (mc *Machine) adjustTimers(pp int32) {
	P := &mc.allp[pp]
	for i := len(P.timers) - 1; i >= 0; i-- {
		if i < len(P.timers) && mc.timers[P.timers[i]].zombie {
			mc.removeTimer(pp, i)
		}
	}
}

// unlockAndRun runs timer ti at now (time.go: timer.unlockAndRun). A
// ticker's next when is the first period boundary after now; a one-shot
// timer is no longer pending (and leaves the heap it tops, if any). Then
// its function: goroutineReady for a sleep, sendTime for a channel timer
// (the value is the time it was due: Now().Add(-delay)), goFunc for
// AfterFunc. Gs it readies or starts go to target's runnext.
func (mc *Machine) unlockAndRun(ti, owner, target, mi int32, now int64) {
	t := &mc.timers[ti]
	due := t.when
	delay := now - due
	next := int64(0)
	if t.period > 0 {
		next = due + t.period*(1+delay/t.period)
		if next < 0 {
			next = maxWhen
		}
	}
	t.when = next
	if t.pp != nilIdx {
		if next == 0 {
			mc.popTimer(t.pp)
		} else {
			t.hwhen = next
			heapDown(timerOrder{mc}, mc.allp[t.pp].timers, int(t.heapI))
		}
	}
	mc.acc += CostTimer
	where := owner
	if where == nilIdx {
		where = target
	}
	switch t.kind {
	case timerSleep:
		gi := t.g
		mc.freeTimerSlot(ti)
		G := &mc.allg[gi]
		G.timer = nilIdx
		if ev := mc.emit(EvTimer, mi, target, G.goid, int64(where), due); mc.cfg.Why {
			ev.Why = "P" + vm.Itoa(int64(owner)) + "'s timer for G" + vm.Itoa(G.goid) + " expired (due " + fmtNs(due) + ")"
			if mc.gm() {
				ev.Why = "the timer for G" + vm.Itoa(G.goid) + " expired (due " + fmtNs(due) + ")"
			} else if owner != target {
				ev.Why += "; run by P" + vm.Itoa(int64(target)) + " while stealing"
			}
		}
		mc.ready(gi, target, "time.Sleep is over")
	case timerChan:
		c := t.c
		if ev := mc.emit(EvTimer, mi, target, -1, int64(where), due); mc.cfg.Why {
			ev.Why = mc.timerWhose(owner) + "timer for chan " + vm.Itoa(int64(c)) + " expired (due " + fmtNs(due) + "): sendTime sends the time, unless a value is already buffered"
			if owner == nilIdx {
				ev.Why += "; run by the receive that found it expired (maybeRunChan)"
			}
		}
		mc.timerSend(c, target, due)
	case timerFunc:
		f := t.f
		if ev := mc.emit(EvTimer, mi, target, -1, int64(where), due); mc.cfg.Why {
			ev.Why = mc.timerWhose(owner) + "AfterFunc timer expired (due " + fmtNs(due) + "): goFunc starts its func in a new goroutine"
		}
		mc.goFunc(mi, target, int32(f))
	}
}

// timerWhose begins a timer event's why: "P1's " or, without Ps, "a ".
func (mc *Machine) timerWhose(owner int32) string {
	if mc.gm() || owner == nilIdx {
		return "a "
	}
	return "P" + vm.Itoa(int64(owner)) + "'s "
}

// maxWhen is the latest when (time.go: maxWhen).
const maxWhen = 1<<63 - 1

// checkTimersNoP returns the earliest timer of any P, or pollUntil if
// earlier (proc.go: checkTimersNoP).
func (mc *Machine) checkTimersNoP(pollUntil int64) int64 {
	for i := range mc.allp {
		if h := mc.allp[i].timers; len(h) > 0 {
			w := mc.timers[h[0]].hwhen
			if pollUntil == 0 || w < pollUntil {
				pollUntil = w
			}
		}
	}
	return pollUntil
}

// wakeNetPoller makes sure an M wakes for a timer due at when: if an M is
// blocked in netpoll past when, netpollBreak wakes it; otherwise wakep
// (proc.go: wakeNetPoller).
func (mc *Machine) wakeNetPoller(when int64) {
	if mc.sched.polling {
		if mc.sched.pollUntil == 0 || mc.sched.pollUntil > when {
			mc.netpollBreak()
		}
	} else {
		mc.wakep()
	}
}

// timeSleep parks the running G until now+d (time.go: timeSleep).
func (mc *Machine) timeSleep(mi int32, d int64, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	if d <= 0 {
		mc.continueG(mi, 0)
		return
	}
	pp := M.p
	when := mc.now + mc.acc + d
	// resetForSleep arms the timer after the G is parked.
	mc.gopark(mi, waitReasonSleep, pos)
	mc.allg[gi].timer = mc.addtimer(pp, timerSleep, when, gi, nilIdx)
}
