package runtime

// What runtime.main leaves behind when main.main starts (proc.go: main;
// mgc.go: gcenable; mfinal.go: createfing). The model does not run
// runtime.main: it builds the state it leaves, derived from the source and
// checked against the real runtime (goids in tracebacks, the run order of
// spawn bursts at GOMAXPROCS=1; startup_test.go).
//
// What runtime.main does, in order:
//
//  1. The runtime's init: go forcegchelper (goid 2, P0's goid batch 1–16;
//     main is goid 1). main is locked to m0 (lockOSThread) until the inits
//     are done.
//  2. gcenable: go bgsweep (3), go bgscavenge (4), then two receives on a
//     channel each of them sends on once. main blocks; as it is locked to
//     m0, its P is handed off (stoplockedm → handoffp → startm: a new M
//     runs the system goroutines) and when it is readied, startlockedm hands
//     the readier's P to m0, which runs main with execute(inheritTime=false).
//  3. defaultGOMAXPROCSUpdateEnable: go updateMaxProcsGoroutine.
//  4. The packages' inits: os wraps stdin, stdout and stderr with
//     os.NewFile, whose SetFinalizer starts the finalizer goroutine
//     (createfing: go runFinalizers). Only programs that import os (through
//     fmt or sim) have it.
//
// GOMAXPROCS=1: a new M runs forcegchelper and bgsweep from P0's ring (two
// schedticks), bgscavenge from runnext, and main resumes twice (two more):
// P0's schedtick is 4; the updater (5) and the finalizer goroutine (6)
// are still runnable, so the first user goroutine is 7 (6 without os).
//
// GOMAXPROCS>1: go forcegchelper's wakep started a spinning M on the idle
// list's head, P(n-1), which steals forcegchelper and then bgsweep from P0;
// bgsweep's send readies main into P(n-1)'s runnext, so main goes on on
// P(n-1) (schedtick 3: two steals and main's execute) while a second M,
// started by handoffp, runs bgscavenge from P0's runnext and parks (P0's
// schedtick: see startup, fitted at 3 or more Ps). main's
// next goids come from P(n-1)'s own batch (_GoidCacheBatch): the updater is
// 17, the finalizer goroutine 18, and the first user goroutine 19 (18
// without os). The updater's go statement woke an idle M to spin on the
// idle list's head, which stole the updater and the finalizer goroutine,
// ran them (they park at once: one schedtick each) and went idle again.
// On the real runtime this is a race between threads: on a
// 2-core machine 19 is the most common first user goid at GOMAXPROCS 2, 4
// and 8 (about half the runs), and main sometimes goes on on P0 instead
// (then it is 7, as with one P); the model always takes the common path.
//
// The system goroutines are hidden from deadlock detection and
// NumGoroutine, as isSystemGoroutine hides them; when run, they park at once.

// systemGoroutines are the system goroutines main.main finds, in creation
// order, and whether each is still runnable.
func (mc *Machine) systemGoroutines() (parked, runnable []waitReason) {
	parked = []waitReason{waitReasonForceGCIdle, waitReasonGCSweepWait, waitReasonGCScavengeWait}
	runnable = []waitReason{waitReasonUpdateGOMAXPROCS}
	if mc.prog.InitsOS {
		runnable = append(runnable, waitReasonFinalizerWait)
	}
	return parked, runnable
}

// startup builds the state main.main starts in (see above); m0 holds P0
// and main is goid 1.
func (mc *Machine) startup(m0 int32) {
	parked, runnable := mc.systemGoroutines()
	mainG := mc.newproc1(0, int32(mc.prog.Main)+1, nil)
	for _, reason := range parked {
		gi := mc.newproc1(0, 0, nil)
		G := &mc.allg[gi]
		G.system = reason
		G.th.MarkStarted()
		mc.casgstatus(gi, _Grunnable, _Gwaiting)
		G.waitreason = reason
	}
	mainP := int32(0)
	procs := mc.cfg.Layers.Has(LayerProcs)
	n := int32(len(mc.allp))
	if procs && n > 1 && !mc.cfg.bareStart {
		// main moved to P(n-1) (the idle list's head) in gcenable. M2 (the
		// spinner that stole from P0) and M3 (handoffp's, which ran
		// bgscavenge on P0) are idle; P0 is idle again.
		mainP = n - 1
		mc.allp[0].m = nilIdx
		mc.setpstatus(0, _Pidle, "startup")
		mc.sched.pidle, mc.sched.npidle = nilIdx, 0
		for i := int32(0); i < n; i++ {
			mc.allp[i].idle = false
			if i != mainP {
				mc.pidlepush(i)
			}
		}
		mc.setpstatus(mainP, _Prunning, "startup")
		mc.allp[mainP].m = m0
		mc.allm[m0].p = mainP
		mc.allp[mainP].schedtick = 3
		// P0's schedtick decides when main, moved onto P0 by a
		// runtime.GOMAXPROCS(1), first looks at the global queue
		// (schedtick % 61 in findRunnable). A fitted value, not derived:
		// at 3 or more Ps a probe on the real runtime found P0's schedtick
		// at 1 to 7 there (24 of 24 runs, never 0), most likely because
		// the updater and finalizer goroutines were still queued on main's
		// P, moved to the global queue by procresize and run on P0 first
		// (the model ran them on P(n-2) during start-up); 2 is in that
		// range. At 2 Ps the real runs' most common phase is 0's
		// (gomaxprocs258.go under taskset -c 0,1: 12 of 30 runs, 2 to 4
		// each for the phases on either side), so it stays 0 there.
		if n > 2 {
			mc.allp[0].schedtick = 2
		}
		for i := 0; i < 2; i++ {
			mi := mc.newmQuiet()
			mc.allm[mi].schedlink = mc.sched.midle
			mc.sched.midle = mi
			mc.sched.nmidle++
		}
	} else {
		mc.allp[0].schedtick = 4
	}
	// The updater and the finalizer goroutine: with one P they are still
	// runnable in P0's ring; with more, the spinner woken by the updater's
	// go statement stole them onto the idle list's head and ran them (one
	// schedtick each), and they parked.
	spinP := int32(nilIdx)
	if mainP != 0 {
		spinP = mc.sched.pidle
	}
	for _, reason := range runnable {
		gi := mc.newproc1(mainP, 0, nil)
		G := &mc.allg[gi]
		G.system = reason
		G.th.MarkStarted()
		switch {
		case spinP != nilIdx:
			mc.casgstatus(gi, _Grunnable, _Gwaiting)
			G.waitreason = reason
			mc.allp[spinP].schedtick++
		case procs:
			P := &mc.allp[mainP]
			P.runq[P.runqtail%runqSize] = gi
			P.runqtail++
		default:
			mc.gqPushBack(&mc.sched.runq, gi)
		}
	}
	mc.stats.Goroutines = 1
	if procs {
		mc.allp[mainP].runnext = mainG
	} else {
		mc.gqPushFront(&mc.sched.runq, mainG)
	}
	mc.mainStarted = true
	mc.acc = 0 // what runtime.main did took no time of the run
	mc.allm[m0].state = mSchedule
	mc.setWhen(m0, 0)
}
