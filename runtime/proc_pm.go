package runtime

import "github.com/gmplab/gmplab/vm"

// Ps and Ms: binding them, the idle lists, waking and parking Ms
// (proc.go: acquirep, releasep, pidleput, pidleget, pidlegetSpinning,
// becomeSpinning, wakep, startm, newm, mget, stopm, mstart). The
// scheduler loop that uses them is in proc.go.

// ---- Ps and Ms ------------------------------------------------------------------

// acquirep binds P pp to M mi (proc.go: acquirep, wirep).
func (mc *Machine) acquirep(mi, pp int32) {
	P := &mc.allp[pp]
	if P.m != nilIdx || P.status != _Pidle {
		panic("acquirep: invalid p state: P" + vm.Itoa(int64(pp)) + " is " + P.status.String())
	}
	P.m = mi
	P.oldm = mi
	mc.setpstatus(pp, _Prunning, "acquirep")
	mc.allm[mi].p = pp
	if ev := mc.emit(EvAcquirep, mi, pp, -1, 0, 0); mc.cfg.Why && mc.gm() {
		ev.Why = "M" + vm.Itoa(int64(mi)) + " may run Go code: it takes one of the GOMAXPROCS=" + vm.Itoa(int64(len(mc.allp))) + " slots of Ms that may run Go code at once (Go 1.0's mcpumax)"
	}
}

// releasep unbinds the M's P; the P is _Pidle but not yet on the idle list
// (proc.go: releasep).
func (mc *Machine) releasep(mi int32) int32 {
	M := &mc.allm[mi]
	pp := M.p
	P := &mc.allp[pp]
	if P.m != mi {
		panic("releasep: invalid arg")
	}
	P.m = nilIdx
	mc.setpstatus(pp, _Pidle, "releasep")
	M.p = nilIdx
	return pp
}

// pidleput puts pp on the idle P list's head (LIFO) (proc.go: pidleput).
func (mc *Machine) pidleput(pp int32) {
	if !mc.runqempty(pp) {
		panic("pidleput: P has non-empty run queue")
	}
	mc.pidlepush(pp)
	if ev := mc.emit(EvReleasep, mc.curM(), pp, -1, 0, 0); mc.cfg.Why {
		ev.Why = mc.why().s("P").i(int64(pp)).s(" goes to the head of the idle P list (LIFO); ").i(int64(mc.sched.npidle)).s(" idle").str()
		if mc.gm() {
			ev.Why = "the M stops running Go code; " + vm.Itoa(int64(len(mc.allp)-int(mc.sched.npidle))) + " of GOMAXPROCS=" + vm.Itoa(int64(len(mc.allp))) + " Ms still do"
		}
	}
}

// pidlepush puts pp, _Pidle, on the idle list's head and sets its
// idlepMask bit.
func (mc *Machine) pidlepush(pp int32) {
	mc.accountCPU()
	P := &mc.allp[pp]
	if P.status != _Pidle {
		panic("pidleput: P" + vm.Itoa(int64(pp)) + " is " + P.status.String() + ", not idle")
	}
	P.link = mc.sched.pidle
	P.idle = true
	mc.sched.pidle = pp
	mc.sched.npidle++
}

// pidleget takes the idle P list's head (proc.go: pidleget).
func (mc *Machine) pidleget() int32 {
	pp := mc.sched.pidle
	if pp == nilIdx {
		return nilIdx
	}
	mc.accountCPU()
	mc.sched.pidle = mc.allp[pp].link
	mc.allp[pp].link = nilIdx
	mc.allp[pp].idle = false
	mc.sched.npidle--
	return pp
}

// pidlegetSpinning is pidleget for an M about to spin: if no P is idle it
// sets sched.needspinning so that a P about to go idle spins instead
// (proc.go: pidlegetSpinning).
func (mc *Machine) pidlegetSpinning() int32 {
	if pp, hooked := mc.hookPidlegetSpinning(); hooked {
		return pp
	}
	pp := mc.pidleget()
	if pp == nilIdx {
		mc.sched.needspinning = true
	}
	return pp
}

// becomeSpinning marks the M as looking for work (proc.go: becomeSpinning).
func (mc *Machine) becomeSpinning(mi int32) {
	if !mc.hookBecomeSpinning(mi) {
		mc.allm[mi].spinning = true
		mc.sched.nmspinning++
		mc.sched.needspinning = false
	}
	if ev := mc.emit(EvSpinning, mi, mc.allm[mi].p, -1, int64(mc.sched.nmspinning), 0); mc.cfg.Why {
		ev.Why = mc.why().s("M").i(int64(mi)).s(" is out of local work and starts looking for some (spinning Ms: ").i(int64(mc.sched.nmspinning)).s(")").str()
	}
}

// wakep starts a spinning M on an idle P if there is an idle P and no
// spinning M (proc.go: wakep). Without the steal layer there are no spinning
// Ms: an idle P is woken only when the global queue has work for it.
func (mc *Machine) wakep() {
	if !mc.mainStarted || mc.hookWakep() {
		return
	}
	if !mc.cfg.Layers.Has(LayerSteal) {
		if mc.sched.runq.size > 0 && mc.sched.npidle > 0 && mc.sched.nmspinning == 0 {
			pp := mc.pidleget()
			if ev := mc.emit(EvWakep, mc.curM(), pp, -1, 0, 0); mc.cfg.Why {
				ev.Why = "the global queue has work and fewer than GOMAXPROCS=" + vm.Itoa(int64(len(mc.allp))) + " Ms run Go code: start an M for it"
			}
			mc.startm(pp, false)
		}
		return
	}
	if mc.sched.nmspinning != 0 {
		return
	}
	mc.sched.nmspinning++ // the CAS 0→1: this M will be spinning
	pp := mc.pidlegetSpinning()
	if pp == nilIdx {
		mc.sched.nmspinning--
		return
	}
	if ev := mc.emit(EvWakep, mc.curM(), pp, -1, 0, 0); mc.cfg.Why {
		ev.Why = mc.why().s("P").i(int64(pp)).s(" is idle and no M is spinning: start a spinning M to look for work").str()
	}
	mc.startm(pp, true)
}

// maxmcount is sched.maxmcount: the thread limit (proc.go: schedinit).
const maxmcount = 10000

// startm hands P pp to an idle M (LIFO) or a new one (proc.go: startm,
// mget, newm). With pp nil it takes an idle P or does nothing. The M runs
// after the wake-up latency.
func (mc *Machine) startm(pp int32, spinning bool) {
	if pp == nilIdx {
		pp = mc.pidleget()
		if pp == nilIdx {
			if spinning {
				mc.sched.nmspinning--
			}
			return
		}
	}
	mi := mc.mget()
	delay := int64(CostWakeM)
	if mi == nilIdx {
		mi = mc.newm()
		if mi == nilIdx {
			return
		}
		delay = CostNewM
	}
	M := &mc.allm[mi]
	if M.p != nilIdx || M.nextp != nilIdx {
		panic("startm: m has p")
	}
	M.spinning = spinning
	M.nextp = pp
	M.state = mWaking
	mc.setWhen(mi, mc.now+mc.acc+delay)
	if ev := mc.emit(EvStartm, mc.curM(), pp, -1, int64(mi), boolInt(spinning)); mc.cfg.Why {
		w := mc.why().s("M").i(int64(mi))
		if mc.gm() {
			w.s(" is woken to run Go code")
		} else {
			w.s(" is handed P").i(int64(pp))
		}
		if spinning {
			w.s(" to spin")
		}
		ev.Why = w.str()
	}
}

// newm creates an M (proc.go: newm, allocm, checkmcount).
func (mc *Machine) newm() int32 {
	if mc.mcount()-mc.nmsys() >= maxmcount {
		gi := int32(nilIdx)
		if mc.cur != nilIdx {
			gi = mc.allm[mc.cur].curg
		}
		mc.throwAll(gi, "runtime: program exceeds 10000-thread limit\nfatal error: thread exhaustion")
		return nilIdx
	}
	mi := int32(len(mc.allm))
	mc.allm = append(mc.allm, m{id: mi, p: nilIdx, nextp: nilIdx, oldp: nilIdx, curg: nilIdx, schedlink: nilIdx, heapIdx: nilIdx})
	mc.sched.mnext++
	mc.stats.Threads++
	if ev := mc.emit(EvNewm, mc.curM(), -1, -1, int64(mi), 0); mc.cfg.Why {
		ev.Why = "no idle M: create thread M" + vm.Itoa(int64(mi)) + " (" + vm.Itoa(int64(mc.sched.mnext)) + " threads)"
	}
	return mi
}

// mcount is the number of threads: those created less those that exited
// (proc.go: mcount).
func (mc *Machine) mcount() int32 { return mc.sched.mnext - mc.sched.nmfreed }

func (mc *Machine) nmsys() int32 {
	if mc.sysmonM != nilIdx {
		return 1
	}
	return 0
}

// mget takes an M from the idle list's head (LIFO) (proc.go: mget).
func (mc *Machine) mget() int32 {
	mi := mc.sched.midle
	if mi == nilIdx {
		return nilIdx
	}
	mc.sched.midle = mc.allm[mi].schedlink
	mc.allm[mi].schedlink = nilIdx
	mc.sched.nmidle--
	return mi
}

// stopm parks the M on the idle list until startm hands it a P
// (proc.go: stopm, mput), then checks for deadlock (checkdead).
func (mc *Machine) stopm(mi int32) {
	M := &mc.allm[mi]
	if M.p != nilIdx {
		panic("stopm holding p")
	}
	if M.spinning {
		panic("stopm spinning")
	}
	M.state = mParked
	M.schedlink = mc.sched.midle
	mc.sched.midle = mi
	mc.sched.nmidle++
	mc.unsetWhen(mi)
	mc.acc = 0
	if ev := mc.emit(EvStopm, mi, -1, -1, 0, 0); mc.cfg.Why {
		ev.Why = "M" + vm.Itoa(int64(mi)) + " has no P and nothing to do: it sleeps on the idle M list (" + vm.Itoa(int64(mc.sched.nmidle)) + " idle)"
		if mc.gm() {
			ev.Why = "M" + vm.Itoa(int64(mi)) + " has nothing to do: it sleeps on the idle M list (" + vm.Itoa(int64(mc.sched.nmidle)) + " idle)"
		}
	}
	mc.checkdead()
}

// mstart runs a woken M: it takes the P startm gave it and schedules
// (proc.go: stopm's wake-up, mstart1, mspinning).
func (mc *Machine) mstart(mi int32) {
	M := &mc.allm[mi]
	if M.lockedg != 0 {
		mc.runLocked(mi) // woken by startlockedm (lockosthread.go)
		return
	}
	pp := M.nextp
	M.nextp = nilIdx
	mc.acquirep(mi, pp)
	if M.spinning {
		// The spinning flag was set by startm and counted by wakep.
		if ev := mc.emit(EvSpinning, mi, pp, -1, int64(mc.sched.nmspinning), 0); mc.cfg.Why {
			ev.Why = "M" + vm.Itoa(int64(mi)) + " wakes up spinning on P" + vm.Itoa(int64(pp)) + " and looks for work"
		}
	}
	mc.schedule(mi)
}
