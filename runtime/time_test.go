package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"testing"
)

// parkedG makes a G that is _Gwaiting (as if it had called gopark).
func parkedG(mc *Machine, reason waitReason) int32 {
	gi := mkG(mc)
	setgstatus(mc, gi, _Grunnable, _Gwaiting)
	mc.allg[gi].waitreason = reason
	return gi
}

// time.go: timers.check runs expired timers in when order; each goready
// puts its G in runnext, kicking the previous one to the ring, so the last
// fired runs first and the others follow in fire order.
func TestTimersLastFiredRunsFirst(t *testing.T) {
	mc := newTestMachine(t, 1)
	a, b, c := parkedG(mc, waitReasonSleep), parkedG(mc, waitReasonSleep), parkedG(mc, waitReasonSleep)
	mc.cur = 0
	mc.addtimer(0, timerSleep, 300, c, nilIdx)
	mc.addtimer(0, timerSleep, 100, a, nilIdx)
	mc.addtimer(0, timerSleep, 200, b, nilIdx)
	mc.now = 1000
	if next := mc.checkTimers(0, 0); next != 0 {
		t.Errorf("timers left: next %d", next)
	}
	if mc.allp[0].runnext != c {
		t.Errorf("runnext = G%d, want the last fired G%d", mc.allg[mc.allp[0].runnext].goid, mc.allg[c].goid)
	}
	if got := ring(mc, 0); !slices.Equal(got, []int32{a, b}) {
		t.Errorf("ring = %v, want the others in fire order %v", got, []int32{a, b})
	}
}

// time.go: a timer not yet due stays, and checkTimers reports when it is.
func TestTimersNotDueStay(t *testing.T) {
	mc := newTestMachine(t, 1)
	a := parkedG(mc, waitReasonSleep)
	mc.cur = 0
	mc.addtimer(0, timerSleep, 5000, a, nilIdx)
	mc.now = 4999
	if next := mc.checkTimers(0, 0); next != 5000 || mc.allp[0].runnext != nilIdx {
		t.Errorf("next = %d, runnext = %d", next, mc.allp[0].runnext)
	}
}

// chan.go: closechan collects waiters FIFO onto a LIFO gList and readies
// them by popping, so they are readied in reverse wait order: the first
// waiter ends in runnext and runs first, the others from the ring in
// reverse wait order.
func TestCloseWakesInReverseWaitOrder(t *testing.T) {
	mc := newTestMachine(t, 1)
	c := mc.makechan(0)
	var ws []int32
	for i := 0; i < 3; i++ {
		gi := parkedG(mc, waitReasonChanReceive)
		s := mc.acquireSudog()
		mc.sudogs[s] = sudog{g: gi, c: c, kind: sudogRecv, caseIdx: -1, waitlink: nilIdx}
		mc.enqueue(&mc.chans[c].recvq, s)
		ws = append(ws, gi)
	}
	closer := mkG(mc)
	mc.cur = 0
	mc.execute(0, closer, true, "test")
	mc.closechan(0, c)
	if mc.allp[0].runnext != ws[0] {
		t.Errorf("runnext = G%d, want the first waiter", mc.allp[0].runnext)
	}
	if got := ring(mc, 0); !slices.Equal(got, []int32{ws[2], ws[1]}) {
		t.Errorf("ring = %v, want %v", got, []int32{ws[2], ws[1]})
	}
	for _, w := range ws {
		if v := mc.allg[w].th.Slots(); len(v) != 1 || v[0] != (vm.Value{}) {
			t.Errorf("waiter got %v, want the zero value", v)
		}
	}
}

// netpoll_epoll.go: netpoll returns ready Gs in reverse event order.
func TestNetpollReverseEventOrder(t *testing.T) {
	mc := newTestMachine(t, 1)
	var gs []int32
	for i, at := range []int64{30, 10, 20} {
		gi := parkedG(mc, waitReasonIOWait)
		mc.conns = append(mc.conns, conn{readyAt: at, g: gi})
		mc.allg[gi].conn = int32(len(mc.conns) - 1)
		mc.connPush(int32(len(mc.conns) - 1))
		mc.netpollWaiters++
		gs = append(gs, gi)
		_ = i
	}
	mc.now = 100
	got := mc.netpoll(0, 0)
	if want := []int32{gs[0], gs[2], gs[1]}; !slices.Equal(got, want) {
		t.Errorf("netpoll = %v, want reverse of readiness order %v", got, want)
	}
	if mc.netpollWaiters != 0 {
		t.Errorf("netpollWaiters = %d", mc.netpollWaiters)
	}
}

// proc.go: injectglist with a P sends the first min(npidle, n) Gs to the
// global queue (starting that many idle Ps) and the rest to the local ring.
func TestInjectglistWithP(t *testing.T) {
	mc := newTestMachine(t, 3) // P1, P2 idle
	var gs []int32
	for i := 0; i < 5; i++ {
		gs = append(gs, parkedG(mc, waitReasonIOWait))
	}
	mc.cur = 0
	mc.injectglist(0, gs)
	if got := global(mc); !slices.Equal(got, gs[:2]) {
		t.Errorf("global = %v, want the first npidle=2 %v", got, gs[:2])
	}
	if got := ring(mc, 0); !slices.Equal(got, gs[2:]) {
		t.Errorf("ring = %v, want the rest %v", got, gs[2:])
	}
	starts := 0
	for _, ev := range mc.pending {
		if ev.Kind == EvStartm {
			starts++
		}
	}
	if starts != 2 {
		t.Errorf("started %d Ms, want 2 (one per idle P)", starts)
	}
}

// proc.go: injectglist without a P (sysmon) sends everything to the global
// queue and starts up to n idle Ps.
func TestInjectglistWithoutP(t *testing.T) {
	mc := newTestMachine(t, 2)
	gs := []int32{parkedG(mc, waitReasonIOWait), parkedG(mc, waitReasonIOWait), parkedG(mc, waitReasonIOWait)}
	mc.cur = mc.sysmonM
	mc.injectglist(mc.sysmonM, gs)
	if got := global(mc); !slices.Equal(got, gs) {
		t.Errorf("global = %v, want all %v", got, gs)
	}
	if mc.sched.npidle != 0 {
		t.Errorf("npidle = %d, want the idle P started", mc.sched.npidle)
	}
}

// proc.go: exitsyscall takes the fast path when the M still has its P,
// without going through the scheduler (schedtick unchanged).
func TestExitsyscallFastPath(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := inSyscall(t, mc, 1, false)
	tick := mc.allp[0].schedtick
	mc.now = mc.allg[gi].syscallAt
	mc.cur = 0
	mc.exitsyscall(0)
	if mc.allm[0].p != 0 || mc.allg[gi].status != _Grunning || mc.allp[0].schedtick != tick || mc.allp[0].syscalltick != 2 {
		t.Errorf("fast path: p=%d status=%v schedtick %d→%d syscalltick=%d", mc.allm[0].p, mc.allg[gi].status, tick, mc.allp[0].schedtick, mc.allp[0].syscalltick)
	}
}

// proc.go: exitsyscallNoP: the P was retaken and none is idle, so the G
// goes to the global queue and the M parks.
func TestExitsyscallNoP(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := inSyscall(t, mc, 1, false)
	// Retake P0 and give it to another M that runs a G.
	mc.allm[0].p, mc.allp[0].m = nilIdx, nilIdx
	other := mc.newmQuiet()
	mc.allp[0].m, mc.allm[other].p = other, 0
	mc.allm[other].state = mSchedule
	mc.setWhen(other, 1e15)
	mc.now = mc.allg[gi].syscallAt
	mc.cur = 0
	mc.exitsyscall(0)
	if got := global(mc); !slices.Equal(got, []int32{gi}) || mc.allm[0].state != mParked {
		t.Errorf("global = %v, M0 %v; want the G on the global queue and M0 parked", got, mc.allm[0].state)
	}
}

// proc.go: exitsyscallTryGetP takes the old P back from a holder that is
// itself in a syscall.
func TestExitsyscallTakesOldPFromSyscallingHolder(t *testing.T) {
	mc := newTestMachine(t, 1)
	gi := inSyscall(t, mc, 1, false)
	mc.allm[0].p, mc.allp[0].m = nilIdx, nilIdx
	holder := mc.newmQuiet()
	hg := mkG(mc)
	setgstatus(mc, hg, _Grunnable, _Gsyscall)
	mc.allp[0].m, mc.allm[holder].p = holder, 0
	mc.allm[holder].curg, mc.allm[holder].state = hg, mSyscall
	mc.allg[hg].m = holder
	mc.setWhen(holder, 1e15)
	mc.now = mc.allg[gi].syscallAt
	mc.cur = 0
	mc.exitsyscall(0)
	if mc.allm[0].p != 0 || mc.allm[holder].p != nilIdx {
		t.Errorf("M0.p=%d holder.p=%d; want M0 to have taken P0 back", mc.allm[0].p, mc.allm[holder].p)
	}
}
