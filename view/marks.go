package view

// TimelineMarks says what each of Timeline's mark characters means, in
// the legend's order: the text timeline's legend (Short), and the book's
// drawings of a timeline, the lessons' SVG and the stepper's (Class names
// the mark's colour in the book's stylesheet; Name is its title and
// legend).
var TimelineMarks = []TimelineMarkInfo{
	{'S', "S", "steal", "steal", false},
	{'!', "P", "preemption", "preemption", false},
	{'R', "R", "retake", "retake by sysmon", false},
	{'H', "H", "handoffp", "handoffp", false},
	{'N', "N", "netpoll", "netpoll", false},
	{'O', "O", "overflow", "run queue overflow to the global queue", false},
	{'z', "Z", "deep sleep", "sysmon sleeps deeply", false},
	{'a', "A", "mark assist", "a mark assist (gcAssistAlloc)", true},
	{'K', "K", "run queue kicked to global by a mark worker", "a mark worker kicks its P's run queue to the global queue (runqdrain)", true},
}

// TimelineMarkInfo is one row of TimelineMarks.
type TimelineMarkInfo struct {
	Mark  byte
	Class string
	Short string
	Name  string
	// GC: a mark of the collector's (layer gc): the text legend lists
	// these on a line of their own, only when the run has a collector.
	GC bool
}

// MarkInfo finds a mark character's row (the zero row for none).
func MarkInfo(c byte) TimelineMarkInfo {
	for _, m := range TimelineMarks {
		if m.Mark == c {
			return m
		}
	}
	return TimelineMarkInfo{}
}
