package runtime

// Timers (time.go, time.Sleep, time.After). Each P keeps a min-heap of its
// timers ordered by when (ties by creation order). Timers run in
// findRunnable (this P's, at its start), in stealWork's last pass (other
// Ps'), and when an M blocked in netpoll wakes for them. A timer that readies
// a G puts it in the runnext of the P running the timer, so when several
// expire in one check the last one fired runs first.

type timerKind uint8

const (
	timerSleep timerKind = iota // time.Sleep: goready the G
	timerAfter                  // time.After: send the time on a channel
)

type timer struct {
	when  int64
	seq   int64 // creation order: breaks ties between timers due at once
	kind  timerKind
	g     int32 // sleeper; the next free timer while on the free list
	c     int32 // time.After's channel
	pp    int32 // P whose heap holds it, nilIdx when not pending
	heapI int32
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
	mc.netpollInited = true // timers sleep in netpoll (netpollGenericInit)
	ti := mc.newTimer(timer{when: when, kind: kind, g: gi, c: c, pp: pp})
	P := &mc.allp[pp]
	P.timers = heapPush(timerOrder{mc}, P.timers, ti)
	mc.acc += CostTimer
	if P.timers[0] == ti {
		mc.wakeNetPoller(when)
	}
	return ti
}

// popTimer removes pp's earliest timer.
func (mc *Machine) popTimer(pp int32) int32 {
	P := &mc.allp[pp]
	ti := P.timers[0]
	P.timers = heapRemove(timerOrder{mc}, P.timers, 0)
	mc.timers[ti].pp = nilIdx
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
// target's runnext. It reports whether any ran and the next when.
func (mc *Machine) runTimers(owner, target int32, mi int32) (ran bool, next int64) {
	for len(mc.allp[owner].timers) > 0 {
		ti := mc.allp[owner].timers[0]
		t := mc.timers[ti]
		if t.when > mc.now {
			return ran, t.when
		}
		mc.popTimer(owner)
		mc.freeTimerSlot(ti)
		ran = true
		mc.acc += CostTimer
		switch t.kind {
		case timerSleep:
			G := &mc.allg[t.g]
			G.timer = nilIdx
			if ev := mc.emit(EvTimer, mi, target, G.goid, int64(owner), t.when); mc.cfg.Why {
				ev.Why = "P" + itoa(int64(owner)) + "'s timer for G" + itoa(G.goid) + " expired (due " + fmtNs(t.when) + ")"
				if mc.gm() {
					ev.Why = "the timer for G" + itoa(G.goid) + " expired (due " + fmtNs(t.when) + ")"
				} else if owner != target {
					ev.Why += "; run by P" + itoa(int64(target)) + " while stealing"
				}
			}
			mc.ready(t.g, target, "time.Sleep is over")
		case timerAfter:
			if ev := mc.emit(EvTimer, mi, target, -1, int64(owner), t.when); mc.cfg.Why {
				ev.Why = "P" + itoa(int64(owner)) + "'s time.After timer expired: the time is sent on chan " + itoa(int64(t.c))
				if mc.gm() {
					ev.Why = "a time.After timer expired: the time is sent on chan " + itoa(int64(t.c))
				}
			}
			mc.timerSend(t.c, target)
		}
	}
	return ran, 0
}

// checkTimersNoP returns the earliest timer of any P, or pollUntil if
// earlier (proc.go: checkTimersNoP).
func (mc *Machine) checkTimersNoP(pollUntil int64) int64 {
	for i := range mc.allp {
		if h := mc.allp[i].timers; len(h) > 0 {
			w := mc.timers[h[0]].when
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
func (mc *Machine) timeSleep(mi int32, d int64, pos Pos) {
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

// timeAfter returns a channel that receives the time after d
// (time.After: a buffered channel of capacity 1 fed by a timer).
func (mc *Machine) timeAfter(mi int32, d int64) int64 {
	c := mc.makechan(1)
	mc.addtimer(mc.allm[mi].p, timerAfter, mc.now+mc.acc+max(d, 0), nilIdx, c)
	return int64(c)
}
