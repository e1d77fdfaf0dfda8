package runtime

import "github.com/gmplab/gmplab/vm"

// The network poller (netpoll.go, netpoll_epoll.go; proc.go: injectglist).
//
// sim.Dial(d) makes a connection whose data is ready d later; Conn.Read
// takes it. With the netpoll layer, a Read that is not ready parks the G
// (_Gwaiting, "IO wait") and frees its M; readiness is noticed only when an
// M polls: findRunnable's non-blocking netpoll(0), an idle M blocked in
// netpoll, or sysmon after 10 ms without a poll. Without the layer a Read is
// a blocking system call until the data arrives.
//
// Each connection carries one message: a second Read never completes.

type conn struct {
	readyAt int64
	g       int32 // the G parked on it, or nilIdx
	read    bool  // its one message has been read
	heapI   int32
}

func (mc *Machine) dial(d int64) int32 {
	mc.conns = append(mc.conns, conn{readyAt: mc.now + mc.acc + d, g: nilIdx, heapI: nilIdx})
	if mc.cfg.Layers.Has(LayerNetpoll) {
		mc.netpollInited = true
	}
	return int32(len(mc.conns) - 1)
}

// netRead is Conn.Read for the running G of M mi.
func (mc *Machine) netRead(mi int32, c int32, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	if c <= 0 || int(c) >= len(mc.conns) {
		mc.gopanic(mi, "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]")
		return
	}
	C := &mc.conns[c]
	if C.read {
		C.readyAt = math64Max // one message per connection
	}
	if !C.read && C.readyAt <= mc.now+mc.acc {
		C.read = true
		mc.continueG(mi, CostSyscall)
		return
	}
	if !mc.cfg.Layers.Has(LayerNetpoll) {
		// A blocking read(2): the M blocks in the kernel with its P.
		d := C.readyAt - mc.now - mc.acc
		if C.readyAt == math64Max {
			d = math64Max / 2
		}
		C.read = true
		mc.entersyscall(mi, d, pos)
		return
	}
	// netpollblock: park until the poller finds the fd ready.
	C.g = gi
	mc.allg[gi].conn = c
	mc.netpollWaiters++
	mc.connPush(c)
	if ev := mc.emit(EvNetpollBlock, mi, M.p, mc.goidOf(gi), int64(c), C.readyAt); mc.cfg.Why {
		ev.Pos = pos
		ev.Why = "conn " + vm.Itoa(int64(c)) + " has no data yet: G" + vm.Itoa(mc.goidOf(gi)) + " parks in netpollblock; its M is free to run other Gs"
	}
	mc.gopark(mi, waitReasonIOWait, pos)
}

// netpoll returns the Gs whose connections are ready now, in the order the
// real netpoll builds its list: each ready G is pushed at the head, so the
// list is the reverse of the event order (netpoll_epoll.go: netpoll,
// netpollready). The Gs stay _Gwaiting; the caller makes them runnable.
func (mc *Machine) netpoll(mi int32, _ int64) []int32 {
	mc.acc += CostNetpoll
	var ready []int32
	for len(mc.connHeap) > 0 {
		c := mc.connHeap[0]
		if mc.conns[c].readyAt > mc.now {
			break
		}
		mc.connPop()
		C := &mc.conns[c]
		C.read = true
		gi := C.g
		C.g = nilIdx
		mc.allg[gi].conn = nilIdx
		mc.netpollWaiters--
		ready = append(ready, gi)
	}
	for i, j := 0, len(ready)-1; i < j; i, j = i+1, j-1 {
		ready[i], ready[j] = ready[j], ready[i]
	}
	if len(ready) > 0 {
		pp := int32(nilIdx)
		if mi != nilIdx {
			pp = mc.allm[mi].p
		}
		if ev := mc.emit(EvNetpoll, mi, pp, mc.goidOf(ready[0]), int64(len(ready)), 0); mc.cfg.Why {
			ev.Why = vm.Itoa(int64(len(ready))) + " G(s) ready on the network; the list is in reverse event order (netpollready pushes at the head)"
		}
	}
	return ready
}

// injectglist makes the Gs of list runnable (proc.go: injectglist). With no
// P they all go to the global queue and up to len(list) idle Ps are started.
// With a P, the first min(npidle, n) go to the global queue with as many idle
// Ps started, and the rest to the local ring (overflow to global); then wakep.
func (mc *Machine) injectglist(mi int32, list []int32) {
	if len(list) == 0 {
		return
	}
	for _, gi := range list {
		mc.casgstatus(gi, _Gwaiting, _Grunnable)
		mc.allg[gi].waitreason = 0
	}
	pp := int32(nilIdx)
	if mi != nilIdx && mc.allm[mi].state != mSysmon {
		pp = mc.allm[mi].p
	}
	report := func() {
		if ev := mc.emit(EvInjectglist, mi, pp, mc.goidOf(list[0]), int64(len(list)), 0); mc.cfg.Why {
			if pp == nilIdx {
				ev.Why = "no P: all " + vm.Itoa(int64(len(list))) + " go to the global queue and up to that many idle Ps are started"
			} else {
				ev.Why = "with P" + vm.Itoa(int64(pp)) + ": the first min(npidle=" + vm.Itoa(int64(mc.sched.npidle)) + ", n) go to the global queue (starting that many idle Ps), the rest to the local ring"
			}
		}
	}
	startIdle := func(n int) {
		for i := 0; i < n; i++ {
			p := mc.pidlegetSpinning()
			if p == nilIdx {
				break
			}
			mc.startm(p, false)
		}
	}
	if n, hooked := mc.hookInjectglist(list, pp); hooked {
		report()
		startIdle(n)
		if pp != nilIdx {
			mc.wakep()
		}
		return
	}
	if pp == nilIdx {
		for _, gi := range list {
			mc.globrunqput(gi)
		}
		report()
		startIdle(len(list))
		return
	}
	npidle := int(mc.sched.npidle)
	n := 0
	for ; n < npidle && n < len(list); n++ {
		mc.globrunqput(list[n])
	}
	P := &mc.allp[pp]
	for _, gi := range list[n:] {
		if P.runqtail-P.runqhead < runqSize {
			P.runq[P.runqtail%runqSize] = gi
			P.runqtail++
		} else {
			mc.globrunqput(gi)
		}
	}
	report()
	if n > 0 {
		startIdle(n)
	}
	mc.wakep()
}

// netpollBlock: M mi, without a P, blocks in netpoll until pollUntil (a
// timer) or the first connection readiness (findRunnable step 15).
func (mc *Machine) netpollBlock(mi int32, pollUntil int64, wasSpinning bool) {
	M := &mc.allm[mi]
	mc.sched.polling = true
	mc.sched.pollUntil = pollUntil
	M.state = mNetpoll
	M.wasSpinning = wasSpinning
	when := int64(math64Max)
	if pollUntil != 0 {
		start := mc.now + mc.acc
		when = start + netpollSleep(netpollWaitms(pollUntil-start))
	}
	if len(mc.connHeap) > 0 && mc.conns[mc.connHeap[0]].readyAt < when {
		when = mc.conns[mc.connHeap[0]].readyAt
	}
	if when < mc.now {
		when = mc.now
	}
	if when != math64Max {
		// The kernel wakes the thread and schedules it (the same latency
		// as a futex wake-up).
		when += CostWakeM
	}
	mc.setWhen(mi, when)
}

// netpollWaitms is how long netpoll(delay) asks epoll_wait to block, in
// whole milliseconds (netpoll_epoll.go: netpoll): -1 blocks, 0 polls, a
// delay under 1 ms waits 1 ms, a longer one is truncated to whole ms, and
// the cap is 1e9 ms. A truncated wait wakes the M before its timer; it
// finds nothing, and polls again for what is left.
func netpollWaitms(delay int64) int64 {
	switch {
	case delay < 0:
		return -1
	case delay == 0:
		return 0
	case delay < 1e6:
		return 1
	case delay < 1e15:
		return delay / 1e6
	}
	return 1e9
}

// netpollSleep is how long an epoll_wait of waitms > 0 sleeps: Linux lets
// it return up to its slack late (fs/select.c: select_estimate_accuracy:
// 0.1% of the timeout, at least the thread's timer slack, 50 µs), and an
// idle machine wakes it at the end of that window. Timers due within the
// window fire together in one timers.check, and the last one fired runs
// first, from runnext.
func netpollSleep(waitms int64) int64 {
	if waitms <= 0 {
		return 0
	}
	d := waitms * 1e6
	return d + min(max(d/1000, TimerSlack), 100e6)
}

// netpollBreak interrupts the M blocked in netpoll (netpoll_epoll.go: netpollBreak).
func (mc *Machine) netpollBreak() {
	for i := range mc.allm {
		if mc.allm[i].state == mNetpoll {
			if t := mc.now + mc.acc + CostWakeM; mc.allm[i].when > t {
				mc.setWhen(int32(i), t)
			}
			return
		}
	}
}

// netpollWake: the M blocked in netpoll wakes (a timer, readiness or
// netpollBreak); it takes an idle P if there is one (findRunnable step 15).
func (mc *Machine) netpollWake(mi int32) {
	M := &mc.allm[mi]
	list := mc.netpoll(mi, -1)
	mc.sched.polling = false
	mc.sched.lastpoll = mc.now
	mc.sched.pollUntil = 0
	pp := mc.pidleget()
	if pp == nilIdx {
		mc.injectglist(mi, list)
		mc.stopm(mi)
		return
	}
	M.state = mSchedule
	mc.acquirep(mi, pp)
	if len(list) > 0 {
		gi := list[0]
		mc.injectglist(mi, list[1:])
		mc.casgstatus(gi, _Gwaiting, _Grunnable)
		mc.execute(mi, gi, false, "ready on the network (blocking netpoll)")
		return
	}
	if mc.allm[mi].wasSpinning {
		mc.becomeSpinning(mi)
	}
	mc.schedule(mi)
}

// The heap of connections with a waiter, by (readyAt, id).
func (mc *Machine) connPush(c int32) { mc.connHeap = heapPush(connOrder{mc}, mc.connHeap, c) }

func (mc *Machine) connPop() int32 {
	c := mc.connHeap[0]
	mc.connHeap = heapRemove(connOrder{mc}, mc.connHeap, 0)
	return c
}
