package runtime

import "strings"

// Schedtrace returns the GODEBUG=schedtrace line for now, in Go 1.26's
// exact format (proc.go: schedtrace, non-detailed). Time is virtual ms since
// the start; the ring lengths do not count runnext, as in the runtime.
func (mc *Machine) Schedtrace() string {
	var b strings.Builder
	b.WriteString("SCHED ")
	b.WriteString(itoa(mc.now / 1e6))
	b.WriteString("ms: gomaxprocs=")
	b.WriteString(itoa(int64(len(mc.allp))))
	b.WriteString(" idleprocs=")
	b.WriteString(itoa(int64(mc.sched.npidle)))
	b.WriteString(" threads=")
	b.WriteString(itoa(int64(mc.sched.mnext)))
	b.WriteString(" spinningthreads=")
	b.WriteString(itoa(int64(mc.sched.nmspinning)))
	b.WriteString(" needspinning=")
	b.WriteString(itoa(boolInt(mc.sched.needspinning)))
	b.WriteString(" idlethreads=")
	b.WriteString(itoa(int64(mc.sched.nmidle)))
	b.WriteString(" runqueue=")
	b.WriteString(itoa(int64(mc.sched.runq.size)))
	for i := range mc.allp {
		if i == 0 {
			b.WriteString(" [ ")
		}
		b.WriteString(itoa(int64(mc.runqlen(int32(i)))))
		b.WriteString(" ")
		if i == len(mc.allp)-1 {
			b.WriteString("]")
		}
	}
	b.WriteString(" schedticks=[ ")
	for i := range mc.allp {
		b.WriteString(itoa(int64(mc.allp[i].schedtick)))
		b.WriteString(" ")
	}
	b.WriteString("]")
	return b.String()
}
