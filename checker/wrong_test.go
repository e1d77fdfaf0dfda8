package checker

import (
	"github.com/gmplab/gmplab/exercises/rt"

	newstackref "github.com/gmplab/gmplab/exercises/01-newstack/solution"
	gfreeref "github.com/gmplab/gmplab/exercises/02-gfree/solution"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	runqputref "github.com/gmplab/gmplab/exercises/02-runqput/solution"
	runqgrabref "github.com/gmplab/gmplab/exercises/03-runqgrab/solution"
	retakeref "github.com/gmplab/gmplab/exercises/04-retake/solution"
	sysmonref "github.com/gmplab/gmplab/exercises/04-sysmon/solution"
	preemptref "github.com/gmplab/gmplab/exercises/05-preempt/solution"
	injectref "github.com/gmplab/gmplab/exercises/06-injectglist/solution"
	startcycleref "github.com/gmplab/gmplab/exercises/09-startcycle/solution"
)

// Typical wrong solutions, each with the test that must fail first.
type wrongSolution struct {
	name      string    // the golden file: testdata/wrong/NAME.golden
	ex        *Exercise // the exercise with the wrong function in place
	firstFail string    // the first test that must fail
}

// runqgetNoEmptyCheck is runqget without "if t == h { return nil,
// false }": on an empty ring it takes a stale slot and moves the head past
// the tail (the audit's natural bug that made the engine loop 2^32 times).
func runqgetNoEmptyCheck(pp *rt.P) (rt.Guintptr, bool) {
	if next := pp.Runnext; next != 0 {
		pp.Runnext = 0
		return next, true
	}
	g := pp.Runq[pp.Runqhead%256]
	pp.Runqhead++
	return g, false
}

func wrongSolutions() []wrongSolution {
	return append(wrongFunctions(), wrongMechanisms()...)
}

// wrongFunctions are the one-function exercises' wrong solutions.
func wrongFunctions() []wrongSolution {
	return []wrongSolution{
		{"01-newstack-doubles-once", Newstack(func(gp *rt.G, n int64) (int64, int64) {
			return gp.StackSize * 2, gp.StackUsed
		}), "properties/doubles again for a big frame"},
		{"01-newstack-no-guard", Newstack(func(gp *rt.G, n int64) (int64, int64) {
			size := gp.StackSize * 2
			for size-gp.StackUsed < n {
				size *= 2
			}
			return size, gp.StackUsed
		}), "properties/leaves StackGuard below the frame"},
		{"01-newstack-copies-all", Newstack(func(gp *rt.G, n int64) (int64, int64) {
			size, _ := newstackref.Newstack(gp, n)
			return size, gp.StackSize
		}), "properties/doubles when the frame fits"},

		// The audit's held-out mistakes: each passed, or was caught by one
		// property only, before.
		{"01-newstack-le-for-lt", Newstack(func(gp *rt.G, n int64) (int64, int64) {
			size := gp.StackSize * 2
			for size-gp.StackUsed <= n+rt.StackGuard {
				size *= 2
			}
			return size, gp.StackUsed
		}), "properties/the frame fits exactly with StackGuard to spare: no more doubling"},
		{"04-handoffp-local-only", Retake(retakeref.Retake, func(pp *rt.P, s *rt.Schedt) (bool, bool) {
			if !rt.Runqempty(pp) { // the global queue forgotten
				return true, false
			}
			if s.Nmspinning+s.Npidle == 0 {
				return true, true
			}
			return s.Npidle == s.Gomaxprocs-1 && !s.Polling, false
		}), "properties/handoffp: global work: start an M"},
		{"03-runqgrab-middle-order", Runqgrab(func(pp *rt.P, batch *[256]rt.Guintptr, head uint32, srn bool) uint32 {
			n := runqgrabref.Runqgrab(pp, batch, head, srn)
			if n >= 8 { // two Gs in the middle of a big batch swapped
				i, j := (head+n/2)%256, (head+n/2+1)%256
				batch[i], batch[j] = batch[j], batch[i]
			}
			return n
		}), "properties/half of a full ring"},
		{"02-runqput-spill-middle-order", Runqput(func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
			before := s.Runq.Size()
			runqputref.Runqput(pp, s, gp, next)
			if s.Runq.Size()-before == 129 { // the spilled batch, two in its middle swapped
				all := s.Runq.Slice()
				k := int(before) + 64
				all[k], all[k+1] = all[k+1], all[k]
				s.Runq = rt.GQueue{}
				for _, g := range all {
					s.Runq.PushBack(g)
				}
			}
		}), "properties/a full ring sends 128+1 to the global queue"},

		{"02-gfree-keeps-32", Gfree(func(pp *rt.PFree, q *rt.GQueue, g rt.Guintptr) {
			pp.GFree.Push(g)
			pp.NFree++
			if pp.NFree >= 64 {
				for pp.NFree > 32 { // one G too many stays
					q.PushBack(pp.GFree.Pop())
					pp.NFree--
				}
			}
		}, gfreeref.Gfget), "properties/gfput: at 64, 33 go to the global list, 31 stay"},
		{"02-gfree-refills-one", Gfree(gfreeref.Gfput, func(pp *rt.PFree, q *rt.GQueue) rt.Guintptr {
			if pp.GFree.Empty() && !q.Empty() {
				return q.Pop() // no batch: the lock taken for every G
			}
			g := pp.GFree.Pop()
			if g != 0 {
				pp.NFree--
			}
			return g
		}), "properties/gfget: an empty list takes 32 from the global head"},

		{"04-sysmon-doubles-at-50", Sysmon(func(st *rt.SysmonState, r int) {
			if r != 0 {
				st.Idle = 0
			} else {
				st.Idle++
			}
			if st.Idle == 0 {
				st.Delay = 20
			} else if st.Idle >= 50 { // one pass early
				st.Delay *= 2
			}
			st.Delay = min(st.Delay, 10_000)
		}, sysmonref.SysmonDeepSleep), "properties/back-off: 20 µs while idle passes are 50 or fewer"},
		{"04-sysmon-deep-no-cap", Sysmon(sysmonref.SysmonBackoff, func(npidle, procs int32, next, now int64) (int64, bool) {
			if npidle != procs || next <= now {
				return 0, false
			}
			return next - now, true // no timer: math.MaxInt64 - now
		}), "properties/deep sleep: every P idle, no timer: 60 s"},

		{"02-runqput-loses-kicked", Runqput(func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
			if next {
				pp.Runnext = gp
				return
			}
			runqputref.Runqput(pp, s, gp, false)
		}), "properties/the kicked runnext goes to the tail"},
		{"02-runqput-128-without-1", Runqput(func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
			if !next && pp.Runqtail-pp.Runqhead == 256 {
				for i := uint32(0); i < 128; i++ {
					s.Runq.PushBack(pp.Runq[(pp.Runqhead+i)%256])
				}
				pp.Runqhead += 128
				pp.Runq[pp.Runqtail%256] = gp
				pp.Runqtail++
				return
			}
			runqputref.Runqput(pp, s, gp, next)
		}), "properties/a full ring sends 128+1 to the global queue"},
		{"02-runqput-spills-newest", Runqput(func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
			if !next && pp.Runqtail-pp.Runqhead == 256 {
				for i := uint32(128); i < 256; i++ {
					s.Runq.PushBack(pp.Runq[(pp.Runqhead+i)%256])
				}
				pp.Runqtail -= 128
				s.Runq.PushBack(gp)
				return
			}
			runqputref.Runqput(pp, s, gp, next)
		}), "properties/a full ring sends 128+1 to the global queue"},

		{"02-runqget-ring-first", Runqget(func(pp *rt.P) (rt.Guintptr, bool) {
			if pp.Runqhead != pp.Runqtail {
				g := pp.Runq[pp.Runqhead%256]
				pp.Runqhead++
				return g, false
			}
			return runqgetref.Runqget(pp)
		}, runqgetref.FindRunnable), "properties/runqget: runnext first, inheriting the time slice"},
		{"02-runqget-no-empty-check", Runqget(runqgetNoEmptyCheck, func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
			if pp.Schedtick%61 == 0 && !s.Runq.Empty() {
				return s.Runq.Pop(), false
			}
			if g, inh := runqgetNoEmptyCheck(pp); g != 0 {
				return g, inh
			}
			return runqgetref.FindRunnable(pp, s)
		}), "properties/runqget: nothing from an empty queue"},
		{"02-runqget-blocks-when-empty", Runqget(func(pp *rt.P) (rt.Guintptr, bool) {
			if pp.Runnext == 0 && pp.Runqhead == pp.Runqtail {
				<-make(chan rt.Guintptr) // wait for work: nothing sends
			}
			return runqgetref.Runqget(pp)
		}, runqgetref.FindRunnable), "properties/runqget: nothing from an empty queue"},
		{"02-runqget-batch-without-min", Runqget(runqgetref.Runqget, func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
			if pp.Schedtick%61 != 0 && rt.Runqempty(pp) && !s.Runq.Empty() {
				n := s.Runq.Size()/s.Gomaxprocs + 1
				g := s.Runq.Pop()
				for i := int32(1); i < n && !s.Runq.Empty() && pp.Runqtail-pp.Runqhead < 256; i++ {
					pp.Runq[pp.Runqtail%256] = s.Runq.Pop()
					pp.Runqtail++
				}
				return g, false
			}
			return runqgetref.FindRunnable(pp, s)
		}), "properties/findRunnable: a batch of at most 128"},
		{"02-runqget-no-61", Runqget(runqgetref.Runqget, func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
			pp.Schedtick++
			g, inh := runqgetref.FindRunnable(pp, s)
			pp.Schedtick--
			return g, inh
		}), "properties/findRunnable: every 61st tick one global G first"},

		{"03-runqgrab-from-tail", Runqgrab(func(pp *rt.P, batch *[256]rt.Guintptr, head uint32, srn bool) uint32 {
			n := pp.Runqtail - pp.Runqhead
			n -= n / 2
			if n == 0 {
				return 0
			}
			for i := uint32(0); i < n; i++ {
				batch[(head+i)%256] = pp.Runq[(pp.Runqtail-n+i)%256]
			}
			pp.Runqtail -= n
			return n
		}), "properties/ceil(half) from the head"},
		{"03-runqgrab-floor-half", Runqgrab(func(pp *rt.P, batch *[256]rt.Guintptr, head uint32, srn bool) uint32 {
			n := (pp.Runqtail - pp.Runqhead) / 2
			for i := uint32(0); i < n; i++ {
				batch[(head+i)%256] = pp.Runq[(pp.Runqhead+i)%256]
			}
			pp.Runqhead += n
			return n
		}), "properties/ceil(half) from the head"},

		{"04-retake-first-look", Retake(func(pp *rt.P, pd *rt.Sysmontick, s *rt.Schedt, now int64, sr bool) bool {
			pd.Syscalltick, pd.Syscallwhen = pp.Syscalltick, now
			return true
		}, retakeref.Handoffp), "properties/retake: first look: record the syscalltick, keep the P"},
		{"04-retake-no-10ms", Retake(func(pp *rt.P, pd *rt.Sysmontick, s *rt.Schedt, now int64, sr bool) bool {
			if t := pp.Syscalltick; !sr && pd.Syscalltick != t {
				pd.Syscalltick, pd.Syscallwhen = t, now
				return false
			}
			return !(rt.Runqempty(pp) && s.Nmspinning+s.Npidle > 0)
		}, retakeref.Handoffp), "properties/retake: no work, but over 10ms in the syscall: take it"},
		{"04-handoffp-no-spinner", Retake(retakeref.Retake, func(pp *rt.P, s *rt.Schedt) (bool, bool) {
			if !rt.Runqempty(pp) || !s.Runq.Empty() {
				return true, false
			}
			return s.Npidle == s.Gomaxprocs-1 && !s.Polling, false
		}), "properties/handoffp: no work, nobody looking: a spinning M"},

		{"05-preempt-to-runnext", Preempt(func(gp rt.Guintptr, pp *rt.P, s *rt.Schedt) {
			runqputref.Runqput(pp, s, gp, true)
		}, preemptref.WantAsyncPreempt, preemptref.IsAsyncSafePoint), "properties/gopreempt_m: the preempted G's place"},
		{"05-preempt-in-runtime", Preempt(preemptref.GopreemptM, preemptref.WantAsyncPreempt, func(gp *rt.G) bool { return true }),
			"properties/the signal stops a G asked, stopped at a call into the runtime?"},
		// Caught by no property but the exhaustive checks: the preempted
		// G kept on its P when the P has nothing else queued (the
		// property's P has runnext and ring taken; preempt.go and
		// syscalls.go at 16 Ps catch it too), and a signal that stops any
		// G not in a syscall (an idle, runnable or waiting G is not
		// running its code; no scenario signals one).
		{"05-preempt-local-when-empty", Preempt(func(gp rt.Guintptr, pp *rt.P, s *rt.Schedt) {
			if pp.Runnext == 0 && pp.Runqhead == pp.Runqtail {
				runqputref.Runqput(pp, s, gp, false)
				return
			}
			s.Runq.PushBack(gp)
		}, preemptref.WantAsyncPreempt, preemptref.IsAsyncSafePoint), "properties/on every ring and global queue, gopreempt_m: the same queues"},
		{"05-preempt-not-in-syscall", Preempt(preemptref.GopreemptM, func(gp *rt.G, pp *rt.P) bool {
			return (gp.Preempt || pp != nil && pp.Preempt) && gp.Status != rt.Gsyscall
		}, preemptref.IsAsyncSafePoint), "properties/the signal on every G and P: the same decision"},

		// Caught only by the exhaustive check: a full-ring test on int
		// (right until the uint32 indexes wrap past 2^32, where tail -
		// head goes negative and a full ring takes more).
		{"06-injectglist-int-full-check", Injectglist(func(l []rt.Guintptr, pp *rt.P, s *rt.Schedt) int {
			if pp == nil {
				return injectref.Injectglist(l, pp, s)
			}
			n := min(len(l), int(s.Npidle))
			for _, g := range l[:n] {
				s.Runq.PushBack(g)
			}
			for _, g := range l[n:] {
				if int(pp.Runqtail)-int(pp.Runqhead) < len(pp.Runq) {
					pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = g
					pp.Runqtail++
				} else {
					s.Runq.PushBack(g)
				}
			}
			return n
		}), "properties/every list, idle count and ring: the same queues"},
		{"06-injectglist-all-global", Injectglist(func(l []rt.Guintptr, pp *rt.P, s *rt.Schedt) int {
			for _, g := range l {
				s.Runq.PushBack(g)
			}
			if pp == nil {
				return len(l)
			}
			return min(len(l), int(s.Npidle))
		}), "properties/with a P: one per idle P to the global queue, the rest local"},

		// 09-startcycle: rounding alone, with no fractional worker (at
		// GOMAXPROCS 6 two dedicated workers take 33% of the Ps).
		{"09-startcycle-no-fractional", StartCycle(func(procs int32, periodic bool) rt.GCWorkers {
			w := startcycleref.StartCycle(procs, periodic)
			w.DedicatedMarkWorkersNeeded = int64(float64(procs)*rt.GcBackgroundUtilization + 0.5)
			w.FractionalUtilizationGoal = 0
			return w
		}), "properties/fractional: rounding 30% off, one fewer and the rest as a share of each P"},
		// Truncating 25% of GOMAXPROCS instead of rounding it (7 Ps: one
		// dedicated worker, where 1.75 rounds to 2).
		{"09-startcycle-truncates", StartCycle(func(procs int32, periodic bool) rt.GCWorkers {
			w := startcycleref.StartCycle(procs, periodic)
			w.DedicatedMarkWorkersNeeded = int64(float64(procs) * rt.GcBackgroundUtilization)
			return w
		}), "properties/dedicated: rounded to the nearest P when within 30%"},
		// An idle worker allowed on every P, the dedicated ones' too.
		{"09-startcycle-idle-every-p", StartCycle(func(procs int32, periodic bool) rt.GCWorkers {
			w := startcycleref.StartCycle(procs, periodic)
			if !periodic {
				w.MaxIdleMarkWorkers = procs
			}
			return w
		}), "properties/idle: one on every P a dedicated worker does not take"},
		// A periodic cycle treated as any other: caught by the properties
		// only, since no scenario runs two minutes.
		{"09-startcycle-periodic-as-any", StartCycle(func(procs int32, periodic bool) rt.GCWorkers {
			return startcycleref.StartCycle(procs, false)
		}), "properties/periodic: no idle worker beside a dedicated one"},
	}
}
