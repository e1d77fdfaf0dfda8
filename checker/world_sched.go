package checker

import (
	"fmt"
	"slices"

	"github.com/gmplab/gmplab/exercises/rt"
)

// world's rt.Sched: queries answer from the state; the calls that act
// change it and are recorded (world.do).

var _ rt.Sched = (*world)(nil)

func (w *world) M() rt.Muintptr { w.ask(); return 1 }
func (w *world) P() rt.Puintptr { w.ask(); return rt.Puintptr(w.self().p + 1) }
func (w *world) Spinning() bool { w.ask(); return w.self().spinning }
func (w *world) SetSpinning(on bool) {
	w.do("mp.spinning = "+fmt.Sprint(on), 0, 0, "")
	w.self().spinning = on
}
func (w *world) Oldp() rt.Puintptr { w.ask(); return rt.Puintptr(w.self().oldp + 1) }
func (w *world) SetOldp(pp rt.Puintptr) {
	i := int32(-1)
	if pp != 0 {
		i = w.p(pp)
	}
	w.do("mp.oldp = "+pn(i), 0, 0, "")
	w.self().oldp = i
}
func (w *world) Curg(mp rt.Muintptr) rt.Guintptr { w.ask(); return w.ms[w.mi(mp)].curg }
func (w *world) Lockedg() bool                   { w.ask(); return w.self().lockedg }

func (w *world) Gomaxprocs() int32 { w.ask(); return int32(len(w.ps)) }
func (w *world) Allp(i int32) rt.Puintptr {
	w.ask()
	if i < 0 || int(i) >= len(w.ps) {
		panic(worldRefusal(fmt.Sprintf("allp[%d]: index out of range (GOMAXPROCS %d)", i, len(w.ps))))
	}
	return rt.Puintptr(i + 1)
}
func (w *world) Npidle() int32     { w.ask(); return int32(len(w.idle)) }
func (w *world) Nmspinning() int32 { w.ask(); return w.nmspinning }
func (w *world) AddNmspinning(d int32) int32 {
	w.nmspinning += d
	w.do(fmt.Sprintf("nmspinning += %d (now %d)", d, w.nmspinning), 0, 0, "")
	return w.nmspinning
}

// CasNmspinning is recorded when it swaps: a failed CAS changes nothing,
// like the Load that proc.go checks before it.
func (w *world) CasNmspinning(old, new int32) bool {
	if w.nmspinning != old {
		w.ask()
		return false
	}
	w.nmspinning = new
	w.do(fmt.Sprintf("nmspinning CAS %d→%d (now %d)", old, new, new), 0, 0, "")
	return true
}
func (w *world) Needspinning() bool { w.ask(); return w.needspinning }
func (w *world) SetNeedspinning(on bool) {
	w.do("needspinning = "+fmt.Sprint(on), 0, 0, "")
	w.needspinning = on
}
func (w *world) GlobrunqEmpty() bool     { w.ask(); return len(w.global) == 0 }
func (w *world) NetpollInited() bool     { w.ask(); return w.netInited }
func (w *world) NetpollAnyWaiters() bool { w.ask(); return len(w.waiters) > 0 }
func (w *world) Lastpoll() int64 {
	w.ask()
	if w.polling {
		return 0
	}
	return 1
}
func (w *world) PollerPollUntil() int64 { w.ask(); return w.pollUntil }
func (w *world) SysmonWait() bool       { w.ask(); return w.sysmonWait }
func (w *world) AsyncPreemptOff() bool  { w.ask(); return w.asyncOff }
func (w *world) Cheaprand() uint32 {
	r := w.rand[w.ri%len(w.rand)]
	w.ri++
	w.do("cheaprand", 0, 0, fmt.Sprint(r))
	return r
}

func (w *world) Status(pp rt.Puintptr) uint32      { w.ask(); return w.ps[w.p(pp)].status }
func (w *world) Schedtick(pp rt.Puintptr) uint32   { w.ask(); return w.ps[w.p(pp)].schedtick }
func (w *world) Syscalltick(pp rt.Puintptr) uint32 { w.ask(); return w.ps[w.p(pp)].syscalltick }
func (w *world) IncSyscalltick(pp rt.Puintptr) {
	i := w.p(pp)
	w.ps[i].syscalltick++
	w.do(pn(i)+".syscalltick++", 0, 0, "")
}
func (w *world) Sysmontick(pp rt.Puintptr) *rt.Sysmontick { w.ask(); return &w.ps[w.p(pp)].sysmon }
func (w *world) PM(pp rt.Puintptr) rt.Muintptr            { w.ask(); return rt.Muintptr(w.ps[w.p(pp)].m + 1) }
func (w *world) SetPPreempt(pp rt.Puintptr, on bool) {
	i := w.p(pp)
	w.ps[i].preempt = on
	w.do(fmt.Sprintf("%s.preempt = %v", pn(i), on), 0, 0, "")
}
func (w *world) Runqempty(pp rt.Puintptr) bool {
	w.ask()
	p := &w.ps[w.p(pp)]
	return p.runnext == 0 && len(p.ring) == 0
}
func (w *world) IdlepMask(pp rt.Puintptr) bool  { w.ask(); return slices.Contains(w.idle, w.p(pp)) }
func (w *world) TimerpMask(pp rt.Puintptr) bool { w.ask(); return len(w.ps[w.p(pp)].timers) > 0 }
func (w *world) WakeTime(pp rt.Puintptr) int64 {
	w.ask()
	if t := w.ps[w.p(pp)].timers; len(t) > 0 {
		return t[0].when
	}
	return 0
}

func (w *world) Readgstatus(gp rt.Guintptr) uint32 { w.ask(); return w.gg(gp).status }
func (w *world) Casgstatus(gp rt.Guintptr, old, new uint32) {
	g := w.gg(gp)
	if g.status != old {
		panic(worldRefusal(fmt.Sprintf("casgstatus(%s, %d, %d) on a G whose status is %d", gn(gp), old, new, g.status)))
	}
	g.status = new
	w.do(fmt.Sprintf("casgstatus(%s, %s, %s)", gn(gp), statusName(old), statusName(new)), 0, 0, "")
}
func (w *world) Preempted(gp rt.Guintptr) bool { w.ask(); return w.gg(gp).preempt }
func (w *world) SetPreempt(gp rt.Guintptr, on bool) {
	w.gg(gp).preempt = on
	w.do(fmt.Sprintf("%s.preempt = %v", gn(gp), on), 0, 0, "")
}
func (w *world) SetStackguard0(gp rt.Guintptr, v uint64) {
	w.gg(gp).stackguard = v
	what := "stackPreempt"
	if v != rt.StackPreempt {
		what = fmt.Sprint(v)
	}
	w.do(fmt.Sprintf("%s.stackguard0 = %s", gn(gp), what), 0, 0, "")
}
func (w *world) Lockedm(gp rt.Guintptr) bool { w.ask(); return w.gg(gp).lockedm }

func (w *world) Runqget(pp rt.Puintptr) (rt.Guintptr, bool) {
	i := w.p(pp)
	p := &w.ps[i]
	var g rt.Guintptr
	inh := false
	switch {
	case p.runnext != 0:
		g, inh, p.runnext = p.runnext, true, 0
	case len(p.ring) > 0:
		g, p.ring = p.ring[0], p.ring[1:]
	}
	r := gn(g)
	if inh {
		r += " inheritTime"
	}
	w.do("runqget("+pn(i)+")", 0, 0, "= "+r)
	return g, inh
}
func (w *world) Globrunqget() rt.Guintptr {
	var g rt.Guintptr
	if len(w.global) > 0 {
		g, w.global = w.global[0], w.global[1:]
	}
	w.do("globrunqget()", 0, 0, "= "+gn(g))
	return g
}
func (w *world) Globrunqgetbatch(pp rt.Puintptr) rt.Guintptr {
	i := w.p(pp)
	size := int32(len(w.global))
	n := min(128, size, size/int32(len(w.ps))+1)
	var g rt.Guintptr
	if n > 0 {
		g = w.global[0]
		w.ps[i].ring = append(w.ps[i].ring, w.global[1:n]...)
		w.global = w.global[n:]
	}
	w.do("globrunqgetbatch("+pn(i)+")", 0, 0, fmt.Sprintf("= %s (%d taken)", gn(g), n))
	return g
}
func (w *world) Globrunqput(gp rt.Guintptr) {
	w.gg(gp)
	w.global = append(w.global, gp)
	w.do("globrunqput("+gn(gp)+")", 0, 0, "")
}
func (w *world) Runqsteal(pp, p2 rt.Puintptr, next bool) rt.Guintptr {
	i, j := w.p(pp), w.p(p2)
	if i == j {
		panic(worldRefusal(pn(i) + " steals from itself"))
	}
	v := &w.ps[j]
	var g rt.Guintptr
	k := 0
	switch n := len(v.ring); {
	case n > 0:
		k = n - n/2
		g = v.ring[k-1]
		w.ps[i].ring = append(w.ps[i].ring, v.ring[:k-1]...)
		v.ring = v.ring[k:]
	case next && v.runnext != 0:
		g, v.runnext, k = v.runnext, 0, 1
	}
	w.do(fmt.Sprintf("runqsteal(%s, %s, stealRunNextG=%v)", pn(i), pn(j), next), 0, 0, fmt.Sprintf("= %s (%d taken)", gn(g), k))
	if f := w.onSteal; f != nil {
		w.onSteal = nil
		f(w)
	}
	return g
}

func (w *world) Acquirep(pp rt.Puintptr) {
	i := w.p(pp)
	switch {
	case w.self().p >= 0:
		panic(worldRefusal(fmt.Sprintf("acquirep(%s) while the M holds %s", pn(i), pn(w.self().p))))
	case slices.Contains(w.idle, i):
		panic(worldRefusal(fmt.Sprintf("acquirep(%s) with the P still on the idle list", pn(i))))
	case w.ps[i].m >= 0:
		panic(worldRefusal(fmt.Sprintf("acquirep(%s), which another M holds", pn(i))))
	}
	w.self().p = i
	w.ps[i].m, w.ps[i].status = 0, rt.Prunning
	w.do("acquirep("+pn(i)+")", 0, 0, "")
}
func (w *world) Releasep() rt.Puintptr {
	i := w.self().p
	if i < 0 {
		panic(worldRefusal("releasep without a P"))
	}
	w.self().p = -1
	w.ps[i].m, w.ps[i].status = -1, rt.Pidle
	w.do("releasep()", 0, 0, "= "+pn(i))
	if f := w.onRelease; f != nil {
		w.onRelease = nil
		f(w)
	}
	return rt.Puintptr(i + 1)
}
func (w *world) Pidleput(pp rt.Puintptr) {
	i := w.p(pp)
	switch {
	case slices.Contains(w.idle, i):
		panic(worldRefusal("pidleput(" + pn(i) + ") twice"))
	case w.ps[i].m >= 0:
		panic(worldRefusal("pidleput(" + pn(i) + ") while an M holds it"))
	case w.ps[i].runnext != 0 || len(w.ps[i].ring) > 0:
		panic(worldRefusal("pidleput(" + pn(i) + ") with Gs in its local queue"))
	}
	w.idle = append(w.idle, i)
	w.do("pidleput("+pn(i)+")", 0, 0, "")
}
func (w *world) pidleget() int32 {
	if len(w.idle) == 0 {
		return -1
	}
	i := w.idle[len(w.idle)-1]
	w.idle = w.idle[:len(w.idle)-1]
	return i
}

// Pidleget is recorded when it takes a P: with none idle it changes
// nothing, like the check of sched.pidle that proc.go makes before it.
func (w *world) Pidleget() rt.Puintptr {
	i := w.pidleget()
	if i < 0 {
		w.ask()
		return 0
	}
	w.do("pidleget()", 0, 0, "= "+pn(i))
	return rt.Puintptr(i + 1)
}
func (w *world) PidlegetSpinning() rt.Puintptr {
	if f := w.fns.pidlegetSpinning; f != nil {
		w.ask()
		return f(w)
	}
	i := w.pidleget()
	if i < 0 {
		w.needspinning = true
	}
	w.do("pidlegetSpinning()", 0, 0, "= "+pn(i))
	return rt.Puintptr(i + 1)
}
func (w *world) Startm(pp rt.Puintptr, spinning bool) {
	i := int32(-1)
	if pp != 0 {
		i = w.p(pp)
	}
	w.do(fmt.Sprintf("startm(%s, spinning=%v)", pn(i), spinning), 0, 0, "")
}
func (w *world) Stopm() {
	switch {
	case w.self().p >= 0:
		panic(worldRefusal("stopm holding " + pn(w.self().p)))
	case w.self().spinning:
		panic(worldRefusal("stopm spinning"))
	}
	w.do("stopm()", 0, 0, "")
	w.parked = true
}
func (w *world) Wakep() {
	if f := w.fns.wakep; f != nil {
		w.ask()
		f(w)
		return
	}
	w.do("wakep()", 0, 0, "")
}
func (w *world) BecomeSpinning() {
	if f := w.fns.becomeSpinning; f != nil {
		w.ask()
		f(w)
		return
	}
	w.do("becomeSpinning()", 0, 0, "")
	w.self().spinning = true
	w.nmspinning++
	w.needspinning = false
}
func (w *world) Handoffp(pp rt.Puintptr) { w.do("handoffp("+pn(w.p(pp))+")", 0, 0, "") }
func (w *world) Execute(gp rt.Guintptr, inh bool) {
	g := w.gg(gp)
	if g.status != rt.Grunnable {
		panic(worldRefusal(fmt.Sprintf("execute(%s) on a G whose status is %s", gn(gp), statusName(g.status))))
	}
	if w.self().p < 0 {
		panic(worldRefusal("execute without a P"))
	}
	g.status = rt.Grunning
	w.self().curg = gp
	w.do(fmt.Sprintf("execute(%s, inheritTime=%v)", gn(gp), inh), 0, 0, "")
	w.parked = true
}
func (w *world) Dropg() { w.self().curg = 0; w.do("dropg()", 0, 0, "") }
func (w *world) Stoplockedm() {
	w.do("stoplockedm()", 0, 0, "")
	w.parked = true
}
func (w *world) Startlockedm(gp rt.Guintptr) {
	w.do("startlockedm("+gn(gp)+")", 0, 0, "")
	w.parked = true
}

func (w *world) CheckTimers(pp rt.Puintptr) (int64, bool) {
	i := w.p(pp)
	own := w.self().p
	if own < 0 {
		panic(worldRefusal("checkTimers(" + pn(i) + ") without a P"))
	}
	ran := false
	p := &w.ps[i]
	for len(p.timers) > 0 && p.timers[0].when <= w.now {
		t := p.timers[0]
		p.timers = p.timers[1:]
		ran = true
		if t.g != 0 {
			w.gg(t.g).status = rt.Grunnable
			o := &w.ps[own]
			if o.runnext != 0 {
				o.ring = append(o.ring, o.runnext)
			}
			o.runnext = t.g
		}
	}
	var next int64
	if len(p.timers) > 0 {
		next = p.timers[0].when
	}
	w.do("checkTimers("+pn(i)+")", 0, 0, fmt.Sprintf("= ran %v, next %s", ran, fmtWhen(next, w.now)))
	return next, ran
}

func fmtWhen(t, now int64) string {
	if t == 0 {
		return "none"
	}
	return "in " + fmtDur(t-now)
}

func (w *world) Netpoll(delay int64) []rt.Guintptr {
	if delay != 0 {
		panic(worldRefusal(fmt.Sprintf("netpoll(%d): only netpoll(0) here", delay)))
	}
	var ready []rt.Guintptr
	var left []wWait
	for _, wt := range w.waiters {
		if wt.ready {
			ready = append([]rt.Guintptr{wt.g}, ready...) // netpollready pushes at the head
		} else {
			left = append(left, wt)
		}
	}
	w.waiters = left
	w.do("netpoll(0)", 0, 0, "= "+short(ready))
	return ready
}
func (w *world) Injectglist(list []rt.Guintptr) {
	for _, g := range list {
		if w.gg(g).status != rt.Gwaiting {
			panic(worldRefusal("injectglist of " + gn(g) + ", which is not waiting"))
		}
		w.gg(g).status = rt.Grunnable
	}
	w.global = append(w.global, list...)
	w.do("injectglist("+short(list)+")", 0, 0, "")
}
func (w *world) NetpollBlock(pollUntil int64, wasSpinning bool) {
	switch {
	case w.self().p >= 0:
		panic(worldRefusal("netpoll blocks with a P"))
	case w.self().spinning:
		panic(worldRefusal("netpoll blocks spinning"))
	case w.polling:
		panic(worldRefusal("netpoll blocks while another M is blocked in it"))
	}
	w.do(fmt.Sprintf("netpoll(until %s), wasSpinning=%v", fmtWhen(pollUntil, w.now), wasSpinning), 0, 0, "")
	w.parked = true
}
func (w *world) NetpollBreak() { w.do("netpollBreak()", 0, 0, "") }

func (w *world) SetBlockOnExitSyscall(pp rt.Puintptr) bool {
	w.ask()
	p := &w.ps[w.p(pp)]
	return p.status == rt.Prunning && p.m >= 0 && w.ms[p.m].curg != 0 && w.gg(w.ms[p.m].curg).status == rt.Gsyscall
}
func (w *world) TakeP(pp rt.Puintptr) {
	i := w.p(pp)
	p := &w.ps[i]
	if p.m < 0 {
		panic(worldRefusal("takeP(" + pn(i) + "), which no M holds"))
	}
	w.ms[p.m].p = -1
	p.m, p.status = -1, rt.Pidle
	p.syscalltick++
	w.do("takeP("+pn(i)+")", 0, 0, "")
}
func (w *world) PreemptM(mp rt.Muintptr) {
	mi := w.mi(mp)
	w.do(fmt.Sprintf("preemptM(M%d)", mi), 0, 0, "")
	w.ms[mi].signal = true
}
func (w *world) SysmonWake() { w.do("notewakeup(&sched.sysmonnote)", 0, 0, ""); w.sysmonWait = false }
func (w *world) Throw(msg string) {
	w.do("throw("+msg+")", 0, 0, "")
	panic(worldRefusal("throw: " + msg))
}

func statusName(s uint32) string {
	switch s {
	case rt.Grunnable:
		return "_Grunnable"
	case rt.Grunning:
		return "_Grunning"
	case rt.Gsyscall:
		return "_Gsyscall"
	case rt.Gwaiting:
		return "_Gwaiting"
	}
	return fmt.Sprint(s)
}
