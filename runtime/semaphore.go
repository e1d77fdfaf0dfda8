package runtime

import "github.com/gmplab/gmplab/vm"

// The runtime's semaphores as library code written in Go source uses them
// (the sync package's linknamed runtime_SemacquireRWMutexR,
// runtime_SemacquireRWMutex and runtime_Semrelease; runtime/sema.go:
// semacquire1, semrelease1), and runtime.fatal. sync.RWMutex is the real
// src/sync/rwmutex.go over these, compiled with the program
// (lang/srcpkg/sync), so its schedule is Go's.
//
// A semaphore is a mutex record (mutex.go) of which only the count (sema)
// and the queue of waiters are used; the program holds its id, as it holds
// a sync.Mutex's. Simplified as for sync.Mutex: the semaphore's treap of
// addresses is one queue per semaphore, and each atomic step succeeds.

// syncOp performs OpSync for the running G of M mi.
func (mc *Machine) syncOp(mi int32, in vm.Instr, pos vm.Pos) {
	G := &mc.allg[mc.allm[mi].curg]
	switch in.A {
	case vm.SyncSemacquire:
		reason := waitReasonSyncRWMutexLock
		if in.B&0xff == vm.SemaRWMutexR {
			reason = waitReasonSyncRWMutexRLock
		}
		s := mc.vm.PeekOperands(&G.th, in)[0].I // s, popped once it is acquired
		if mc.semacquire(mi, s, in.B&vm.SemaLIFO != 0, reason, pos) {
			mc.vm.DropOperands(&G.th, in)
			G.th.Advance()
			mc.continueG(mi, CostChan)
		}
	case vm.SyncSemrelease:
		s := mc.operands(G, in)[0].I // s
		G.th.Advance()
		if !mc.semrelease(mi, s, in.B == 1, "runtime_Semrelease (sync.RWMutex) wakes a waiter of the semaphore") {
			mc.continueG(mi, CostChan)
		}
	case vm.SyncFatal:
		msg := mc.operands(G, in)[0].S // msg
		G.th.Advance()
		mc.fatalUser(mc.allm[mi].curg, msg)
	case vm.SyncNotifyListAdd:
		l := mc.operands(G, in)[0].I // l
		G.th.Advance()
		mc.push(G, vm.Value{I: int64(mc.notifyListAdd(l))})
		mc.continueG(mi, CostChan)
	case vm.SyncNotifyListWait:
		ops := mc.operands(G, in) // l ticket
		l, t := ops[0].I, uint32(ops[1].I)
		G.th.Advance()
		if !mc.notifyListWait(mi, l, t, pos) {
			mc.continueG(mi, CostChan)
		}
	case vm.SyncNotifyOne, vm.SyncNotifyAll:
		l := mc.operands(G, in)[0].I // l
		G.th.Advance()
		mc.notifyListNotify(mi, l, in.A == vm.SyncNotifyAll)
		mc.continueG(mi, CostChan)
	default:
		panic("runtime: OpSync " + vm.Itoa(int64(in.A)))
	}
}

// semacquire is semacquire1 for the running G of M mi on semaphore s, whose
// pc is still at the op: it takes the count if there is one (cansemacquire)
// and reports true; otherwise it queues the G (at the head if lifo) and
// parks it, and the G comes back to the op when semrelease readies it:
// with the ticket a handoff gave it, or to try the count again and sleep
// again if a newcomer took it.
func (mc *Machine) semacquire(mi int32, s int64, lifo bool, reason waitReason, pos vm.Pos) bool {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	mu := &mc.mus[s]
	if G.lock.woken {
		G.lock.woken = false
		if G.lock.ticket {
			G.lock.ticket = false
			return true
		}
	}
	if mu.sema > 0 {
		mu.sema--
		return true
	}
	mc.semqueue(mu, gi, lifo)
	mc.gopark(mi, reason, pos)
	return false
}

// A notifyList (sync.Cond's; runtime/sema.go) is a mutex record too: its
// state is wait (the next ticket notifyListAdd hands out), its sema is
// notify (the next ticket to be notified), its waiters the Gs parked in
// notifyListWait, in the order they parked, each with its ticket (g.ticket).

// notifyListAdd is notifyListAdd: the caller's ticket.
func (mc *Machine) notifyListAdd(l int64) uint32 {
	nl := &mc.mus[l]
	t := uint32(nl.state)
	nl.state++
	return t
}

// notifyListWait is notifyListWait for the running G of M mi, whose pc has
// moved past the op: it returns at once (false) if ticket t was notified
// already, else it queues the G at the list's tail and parks it.
func (mc *Machine) notifyListWait(mi int32, l int64, t uint32, pos vm.Pos) bool {
	nl := &mc.mus[l]
	if int32(t-nl.sema) < 0 { // less(t, l.notify)
		return false
	}
	gi := mc.allm[mi].curg
	mc.allg[gi].ticket = t
	nl.waiters = append(nl.waiters, gi)
	mc.gopark(mi, waitReasonSyncCondWait, pos)
	return true
}

// notifyListNotify is notifyListNotifyOne (all false: the waiter with the
// next ticket, if it is parked yet) and notifyListNotifyAll (every waiter,
// readied in the order they parked: each goready puts it in runnext, so
// the last one runs first).
func (mc *Machine) notifyListNotify(mi int32, l int64, all bool) {
	nl := &mc.mus[l]
	if uint32(nl.state) == nl.sema {
		return // no new waiters since the last notification
	}
	pp := mc.allm[mi].p
	if all {
		ws := nl.waiters
		nl.waiters = nil
		nl.sema = uint32(nl.state)
		for _, gi := range ws {
			mc.ready(gi, pp, "sync.Cond.Broadcast wakes every waiter (notifyListNotifyAll)")
		}
		return
	}
	t := nl.sema
	nl.sema++
	for i, gi := range nl.waiters {
		if mc.allg[gi].ticket == t {
			nl.waiters = append(nl.waiters[:i:i], nl.waiters[i+1:]...)
			mc.ready(gi, pp, "sync.Cond.Signal wakes the waiter with the next ticket (notifyListNotifyOne)")
			return
		}
	}
}
