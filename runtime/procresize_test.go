package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"slices"
	"testing"
)

// proc.go: procresize, (*p).destroy: shrinking GOMAXPROCS moves each
// destroyed P's ring (tail first) and then its runnext to the global
// queue's head, P after P, so the last destroyed P's runnext runs first;
// timers go to the caller's P, free Gs to the global list; the caller keeps
// P0; the remaining P goes back on the idle list, and wakep starts a
// spinner for it.
func TestProcresizeShrinkMovesWorkToGlobalHead(t *testing.T) {
	mc := newTestMachine(t, 4)
	caller, x := mkG(mc), mkG(mc)
	a, b, c, r := mkG(mc), mkG(mc), mkG(mc), mkG(mc)
	sleeper := parkedG(mc, waitReasonSleep)
	dead := mkG(mc)
	running(mc, caller)
	mc.gqPushBack(&mc.sched.runq, x)
	mc.allp[2].runq[0], mc.allp[2].runqtail = c, 1
	mc.allp[3].runq[0], mc.allp[3].runq[1], mc.allp[3].runqtail = a, b, 2
	mc.allp[3].runnext = r
	ti := mc.addtimer(3, timerSleep, 5e9, sleeper, nilIdx)
	setgstatus(mc, dead, _Grunnable, _Gdead)
	mc.gfput(3, dead)
	mc.gomaxprocs(0, 2, vm.Pos{})
	if got, want := global(mc), []int32{r, a, b, c, x}; !slices.Equal(got, want) {
		t.Errorf("global queue %v, want %v (P3's runnext, P3's ring, P2's ring, what was there)", got, want)
	}
	if len(mc.allp) != 2 || mc.allm[0].p != 0 || mc.allp[0].m != 0 {
		t.Errorf("GOMAXPROCS %d, caller on P%d", len(mc.allp), mc.allm[0].p)
	}
	if mc.timers[ti].pp != 0 || len(mc.allp[0].timers) != 1 {
		t.Errorf("P3's timer is on P%d, want the caller's P0", mc.timers[ti].pp)
	}
	if mc.sched.gFree.size != 1 || mc.sched.gFree.head != dead {
		t.Errorf("P3's free G did not go to the global free list")
	}
	// P1 had no work: it went back to the idle list, and startTheWorld's
	// wakep handed it to a spinning M, as the global queue has work.
	if M := mc.allm[len(mc.allm)-1]; M.nextp != 1 || !M.spinning || mc.sched.npidle != 0 {
		t.Errorf("P1: npidle %d, the new M has nextp %d spinning %v; want it handed to a spinner", mc.sched.npidle, M.nextp, M.spinning)
	}
	var kinds []EvKind
	for _, ev := range mc.pending {
		kinds = append(kinds, ev.Kind)
	}
	if !slices.Contains(kinds, EvStopTheWorld) || !slices.Contains(kinds, EvProcresize) {
		t.Errorf("events %v: want stopTheWorld and procresize", kinds)
	}
}

// proc.go: procresize: a P destroyed by a shrink comes back, when
// GOMAXPROCS grows again, with its counters and goid cache (allp's capacity
// keeps it; p.init does not reset them).
func TestProcresizeGrowBringsBackDestroyedP(t *testing.T) {
	mc := newTestMachine(t, 4)
	caller := mkG(mc)
	running(mc, caller)
	mc.newproc1(3, 1, nil) // P3 takes a goid batch
	cache, tick := mc.allp[3].goidcache, mc.allp[3].schedtick+7
	mc.allp[3].schedtick = tick
	mc.gomaxprocs(0, 1, vm.Pos{})
	mc.allm[0].state = mRunning
	mc.gomaxprocs(0, 4, vm.Pos{})
	if P := &mc.allp[3]; P.goidcache != cache || P.schedtick != tick || P.status != _Pidle {
		t.Errorf("P3 back with goidcache %d schedtick %d %v, want %d %d idle", P.goidcache, P.schedtick, P.status, cache, tick)
	}
	if len(mc.deadp) != 0 {
		t.Errorf("%d dead Ps left", len(mc.deadp))
	}
}

// proc.go: stopTheWorldWithSema, goschedImpl: a G preempted for a
// stop-the-world goes to its own P's runnext, keeping the CPU it had
// left, and its M sleeps; procresize hands the P, which has work, back to
// that M (oldm), and startTheWorld wakes it.
func TestStopTheWorldKeepsPreemptedGInRunnext(t *testing.T) {
	mc := newTestMachine(t, 2)
	caller, other := mkG(mc), mkG(mc)
	running(mc, caller)
	m1 := mc.newmQuiet()
	mc.acquirep(m1, mc.pidleget())
	mc.cur = m1
	mc.execute(m1, other, false, "test")
	mc.allm[m1].workEnd = 1000
	mc.setWhen(m1, 1000)
	mc.cur = 0
	mc.now = 400
	mc.gomaxprocs(0, 3, vm.Pos{})
	if mc.allp[1].runnext != other || mc.allg[other].status != _Grunnable || mc.allg[other].workLeft != 600 {
		t.Errorf("P1 runnext G%d, status %v, workLeft %d; want the stopped G with 600 ns left", mc.goidOf(mc.allp[1].runnext), mc.allg[other].status, mc.allg[other].workLeft)
	}
	if M := &mc.allm[m1]; M.state != mWaking || M.nextp != 1 {
		t.Errorf("M%d is %v with nextp %d; want it woken for its P1 (oldm)", m1, M.state, M.nextp)
	}
}
