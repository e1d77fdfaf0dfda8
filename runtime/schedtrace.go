package runtime

import (
	"github.com/gmplab/gmplab/vm"
	"strings"
)

// Schedtrace returns the GODEBUG=schedtrace line for now, in Go 1.26's
// exact format (proc.go: schedtrace, non-detailed). Time is virtual ms since
// the start; the ring lengths do not count runnext, as in the runtime. The
// GM model has no Ps (and Go 1.0 had no schedtrace): its line keeps what
// that scheduler had (gomaxprocs, threads, idle threads, the global queue)
// and drops idleprocs, spinning and the per-P lists.
func (mc *Machine) Schedtrace() string {
	runqs := make([]int, len(mc.allp))
	ticks := make([]uint32, len(mc.allp))
	for i := range mc.allp {
		runqs[i] = int(mc.runqlen(int32(i)))
		ticks[i] = mc.allp[i].schedtick
	}
	return schedtraceLine(mc.gm(), mc.now, mc.sched.npidle, mc.mcount(), mc.sched.nmspinning, mc.sched.needspinning,
		mc.sched.nmidle, mc.sched.runq.size, runqs, ticks)
}

// Schedtrace is the GODEBUG=schedtrace line of the state (the debugger's,
// at an event inside a step).
func (s *State) Schedtrace() string {
	runqs := make([]int, len(s.Ps))
	ticks := make([]uint32, len(s.Ps))
	for i := range s.Ps {
		runqs[i] = len(s.Ps[i].Runq)
		ticks[i] = s.Ps[i].Schedtick
	}
	return schedtraceLine(!strings.Contains(s.Layers, "procs"), s.Clock, s.Sched.NPIdle, s.Sched.MCount, s.Sched.NMSpinning, s.Sched.NeedSpinning,
		s.Sched.NMIdle, len(s.Global), runqs, ticks)
}

func schedtraceLine[N int | int32](gm bool, now int64, npidle, threads, spinning int32, needspinning bool, nmidle int32, runqueue N, runqs []int, ticks []uint32) string {
	var b strings.Builder
	b.WriteString("SCHED ")
	b.WriteString(vm.Itoa(now / 1e6))
	b.WriteString("ms: gomaxprocs=")
	b.WriteString(vm.Itoa(int64(len(runqs))))
	if gm {
		b.WriteString(" threads=")
		b.WriteString(vm.Itoa(int64(threads)))
		b.WriteString(" idlethreads=")
		b.WriteString(vm.Itoa(int64(nmidle)))
		b.WriteString(" runqueue=")
		b.WriteString(vm.Itoa(int64(runqueue)))
		return b.String()
	}
	b.WriteString(" idleprocs=")
	b.WriteString(vm.Itoa(int64(npidle)))
	b.WriteString(" threads=")
	b.WriteString(vm.Itoa(int64(threads)))
	b.WriteString(" spinningthreads=")
	b.WriteString(vm.Itoa(int64(spinning)))
	b.WriteString(" needspinning=")
	b.WriteString(vm.Itoa(boolInt(needspinning)))
	b.WriteString(" idlethreads=")
	b.WriteString(vm.Itoa(int64(nmidle)))
	b.WriteString(" runqueue=")
	b.WriteString(vm.Itoa(int64(runqueue)))
	for i, n := range runqs {
		if i == 0 {
			b.WriteString(" [ ")
		}
		b.WriteString(vm.Itoa(int64(n)))
		b.WriteString(" ")
		if i == len(runqs)-1 {
			b.WriteString("]")
		}
	}
	b.WriteString(" schedticks=[ ")
	for _, t := range ticks {
		b.WriteString(vm.Itoa(int64(t)))
		b.WriteString(" ")
	}
	b.WriteString("]")
	return b.String()
}
