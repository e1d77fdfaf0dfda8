package runtime

import "github.com/gmplab/gmplab/vm"

// gcCollect frees the func values and captured variables the program can no
// longer reach (vm/mgc.go), given the roots only the scheduler holds: every
// G's code (its frames, operands, deferred calls, and the arguments of a G
// not started yet), channel buffers, and the values blocked senders carry
// in their sudogs (mgcmark.go: markroot scans the Gs' stacks and the
// globals; channel buffers and sudogs are heap objects found from them).
// It costs no virtual time and emits no event.
//
// Without the gc layer it runs between two Runs whenever the interpreter
// has allocated enough slots, invisible to the schedule and the output.
// With it, gcStart also runs it when a cycle's mark begins: what it finds
// live is what that cycle must scan (the live heap's pointers, the stacks,
// the globals) and retains.
func (mc *Machine) gcCollect() vm.HeapLive {
	return mc.vm.Collect(func(r vm.Roots) {
		for i := range mc.allg {
			r.Thread(&mc.allg[i].th)
		}
		for i := range mc.chans {
			r.Values(mc.chans[i].buf)
		}
		for i := range mc.sudogs {
			r.Value(mc.sudogs[i].elem)
		}
	})
}

// stackScan is the stack bytes a mark scans: what each live G uses.
func (mc *Machine) stackScan() int64 {
	var n int64
	for i := range mc.allg {
		if G := &mc.allg[i]; G.status != _Gdead {
			n += G.stackUsed
		}
	}
	return n
}

// ---- mark assists ----------------------------------------------------------------

// gcAssistAlloc: the running G of M mi allocated past its credit while
// the mark is on, so it marks in proportion before it goes on
// (mgcmark.go: gcAssistAlloc, gcAssistAlloc1, gcDrainN): the scan work its
// debt is worth at the assist ratio, at least gcOverAssistWork; background
// credit is stolen first. With no work left to do and the debt unpaid it
// parks on the assist queue until a worker's credit or the end of the
// mark wakes it.
func (mc *Machine) gcAssistAlloc(mi int32) {
	G := &mc.allg[mc.allm[mi].curg]
	G.rtRet = G.rt
	G.rt = rtState{kind: rtAssist}
	mc.gcAssistStep(mi)
}

// gcAssistOwed is gcAssistAlloc's reckoning for M mi's G: the scan work
// its debt is worth (at least gcOverAssistWork), less the background
// credit it steals. It returns the work left to do.
func (mc *Machine) gcAssistOwed(mi int32) int64 {
	G := &mc.allg[mc.allm[mi].curg]
	C := &mc.gc.ctl
	C.revise(mc.memSnapshot())
	debt := -G.gcAssistBytes
	G.rt.debt = debt
	scanWork := int64(float64(C.assistWorkPerByte * float64(debt)))
	debtBytes := debt
	if scanWork < gcOverAssistWork {
		scanWork = gcOverAssistWork
		debtBytes = int64(float64(C.assistBytesPerWork * float64(scanWork)))
	}
	if C.bgScanCredit > 0 {
		stolen := scanWork
		if C.bgScanCredit < scanWork {
			stolen = C.bgScanCredit
			G.gcAssistBytes += 1 + int64(float64(C.assistBytesPerWork*float64(stolen)))
		} else {
			G.gcAssistBytes += debtBytes
		}
		C.bgScanCredit -= stolen
		scanWork -= stolen
	}
	return scanWork
}

// gcAssistStep goes on with M mi's G's assist: mark a burst, then pay
// the debt with it, park, or go on.
func (mc *Machine) gcAssistStep(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	R := &G.rt
	C := &mc.gc.ctl
	switch R.step {
	case 0: // gcAssistAlloc (retry:): reckon, steal credit, then drain
		if !mc.gc.blackenEnabled || G.gcAssistBytes >= 0 {
			if !mc.gc.blackenEnabled {
				G.gcAssistBytes = 0 // the cycle ended: the debt is forgiven
			}
			mc.rtReturn(mi)
			return
		}
		R.owed = mc.gcAssistOwed(mi)
		if R.owed == 0 {
			mc.rtReturn(mi) // the workers' credit paid it all
			return
		}
		if mc.gc.markWork > 0 {
			c := min(R.owed, mc.gc.markWork)
			if ev := mc.emit(EvGCAssistAlloc, mi, M.p, G.goid, c, R.debt); mc.cfg.Why {
				ev.Pos = mc.gpos(gi)
				w := mc.why().s("G").i(G.goid).s(" allocated ").s(fmtBytes(R.debt)).s(" past its assist credit while the mark is on: it marks ").
					s(fmtBytes(c)).s(" of scan work (").s(fmtNs(mc.markWorkNs(c))).s(") before it may go on (at ").
					s(fmtRatio(C.assistWorkPerByte)).s(" bytes of scan work per byte allocated, the assist ratio; at least 64 KB, less what the workers' credit paid)")
				ev.Why = w.str()
			}
			R.debt = 0
			mc.gcAssistDrain(mi)
			return
		}
		R.step = 2
		mc.gcAssistStep(mi)
		return
	case 1: // the burst ended (or the G was asked to stop)
		done := R.claimed
		if mc.now < R.end {
			done = min(R.claimed, mc.markWorkDone(mc.now-R.start))
			mc.gc.markWork += R.claimed - done
		}
		duration := mc.now - R.start
		R.claimed = 0
		R.owed -= done
		C.heapScanWork += done
		G.gcAssistBytes += 1 + int64(float64(C.assistBytesPerWork*float64(done)))
		C.assistTime += duration
		mc.gc.stats.assist(duration)
		mc.gc.busy-- // gcEndWork
		G.waitreason = 0
		M.workEnd = mc.now
		R.step = 2
		if R.owed > 0 && mc.gc.markWork > 0 && !G.preempt && mc.gc.blackenEnabled {
			mc.gcAssistDrain(mi) // gcDrainN goes on with the next objects
			return
		}
		if mc.gc.busy == 0 && !mc.gcMarkWorkAvailable() {
			mc.gcMarkDone(mi)
			return
		}
		fallthrough
	case 2:
		if G.gcAssistBytes >= 0 || !mc.gc.blackenEnabled {
			if !mc.gc.blackenEnabled {
				G.gcAssistBytes = 0
			}
			mc.rtReturn(mi)
			return
		}
		if G.preempt {
			// Preempted: reschedule and try some more.
			R.step = 0
			mc.goschedImpl(mi, true, mc.gpos(gi))
			return
		}
		if mc.gcMarkWorkAvailable() {
			R.step = 0
			mc.gcAssistStep(mi)
			return
		}
		// gcParkAssist: queue and park until background credit pays the
		// debt or the mark ends.
		R.step = 3
		mc.gc.assistQ = append(mc.gc.assistQ, gi)
		mc.gopark(mi, waitReasonGCAssistWait, mc.gpos(gi))
		return
	case 3: // woken from the assist queue
		mc.rtReturn(mi)
	}
}

// gcAssistDrain claims the next part of M mi's G's assist (R.owed) from
// the pool and marks it: at most drainCheckThreshold at a time, as a
// worker claims (gcDrainChunk), so that the workers and other assists
// mark beside it. The real gcDrainN takes grey objects one by one from
// the shared queues, never the whole of what is left.
func (mc *Machine) gcAssistDrain(mi int32) {
	M := &mc.allm[mi]
	G := &mc.allg[M.curg]
	R := &G.rt
	c := min(R.owed, mc.gc.markWork, drainCheckThreshold)
	mc.gc.markWork -= c
	mc.gc.busy++ // gcBeginWork
	R.step = 1
	R.claimed = c
	R.start = mc.now + mc.acc
	R.end = R.start + mc.markWorkNs(c)
	G.waitreason = waitReasonGCAssistMarking
	M.workEnd = R.end
	mc.acc = 0
	mc.setWhen(mi, R.end)
}

// gcFlushBgCredit gives a worker's scanWork to the parked assists first,
// then to the background credit (mgcmark.go: gcFlushBgCredit). A satisfied
// assist is readied, not into runnext (so that it cannot ride the worker's
// priority).
func (mc *Machine) gcFlushBgCredit(scanWork int64) {
	C := &mc.gc.ctl
	if len(mc.gc.assistQ) == 0 {
		C.bgScanCredit += scanWork
		return
	}
	scanBytes := int64(float64(float64(scanWork) * C.assistBytesPerWork))
	for len(mc.gc.assistQ) > 0 && scanBytes > 0 {
		gi := mc.gc.assistQ[0]
		G := &mc.allg[gi]
		if scanBytes+G.gcAssistBytes >= 0 {
			scanBytes += G.gcAssistBytes
			G.gcAssistBytes = 0
			mc.gc.assistQ = mc.gc.assistQ[1:]
			mc.readyAssist(gi)
		} else {
			G.gcAssistBytes += scanBytes
			scanBytes = 0
			mc.gc.assistQ = append(mc.gc.assistQ[1:], gi)
			break
		}
	}
	if scanBytes > 0 {
		C.bgScanCredit += int64(float64(float64(scanBytes) * C.assistWorkPerByte))
	}
}

// readyAssist makes a parked assist runnable on the current P's ring tail
// (ready(gp, 0, false)).
func (mc *Machine) readyAssist(gi int32) {
	mc.casgstatus(gi, _Gwaiting, _Grunnable)
	mc.allg[gi].waitreason = 0
	mi := mc.curM()
	pp := mc.allm[mi].p
	mc.acc += CostReady
	mc.runqput(pp, gi, false)
	if ev := mc.emit(EvGoready, mi, pp, mc.goidOf(gi), 0, 0); mc.cfg.Why {
		ev.Why = mc.why().s("gcFlushBgCredit: a mark worker's credit pays G").i(mc.goidOf(gi)).s("'s assist debt: it goes to P").i(int64(pp)).
			s("'s ring tail, not runnext, so that it cannot ride the worker's priority").str()
	}
	mc.wakep()
}

// gcWakeAllAssists readies every parked assist when the mark ends
// (mgcmark.go: gcWakeAllAssists: injectglist).
func (mc *Machine) gcWakeAllAssists(mi int32) {
	if len(mc.gc.assistQ) == 0 {
		return
	}
	list := mc.gc.assistQ
	mc.gc.assistQ = nil
	mc.injectglist(mi, list)
}

// fmtBytes formats a byte count as the whys say it: 512 B, 64.0 KB, 3.2 MB.
func fmtBytes(b int64) string {
	switch {
	case b < 1024:
		return vm.Itoa(b) + " B"
	case b < 1<<20:
		t := (b*10 + 512) / 1024
		return vm.Itoa(t/10) + "." + vm.Itoa(t%10) + " KB"
	}
	return fmtMB(uint64(b))
}

// fmtRatio formats a ratio with two decimals.
func fmtRatio(f float64) string {
	t := int64(f*100 + 0.5)
	frac := t % 100
	s := vm.Itoa(frac)
	if frac < 10 {
		s = "0" + s
	}
	return vm.Itoa(t/100) + "." + s
}
