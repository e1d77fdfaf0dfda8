package view

import (
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// FormatStats formats a run's counters as one line of name=value pairs, in
// the order of runtime.Stats (`gmplab run --stats`). The lock counters of
// the GM model appear only when the run used it.
func FormatStats(s runtime.Stats) string {
	kv := []struct {
		k string
		v int64
	}{
		{"events", s.Events},
		{"steps", s.Steps},
		{"instrs", s.Instrs},
		{"cpu_ns", s.CPU},
		{"goroutines", s.Goroutines},
		{"threads", int64(s.Threads)},
		{"switches", s.Switches},
		{"steals", s.Steals},
		{"preemptions", s.Preemptions},
		{"handoffs", s.Handoffs},
		{"stack_grows", s.StackGrows},
	}
	var b strings.Builder
	for i, p := range kv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.k + "=" + strconv.FormatInt(p.v, 10))
	}
	if s.LockAcq != 0 || s.LockWait != 0 {
		b.WriteString(" lock_acquisitions=" + strconv.FormatInt(s.LockAcq, 10))
		b.WriteString(" lock_contended=" + strconv.FormatInt(s.LockWait, 10))
	}
	return b.String()
}
