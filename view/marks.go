package view

// TimelineMarks says what each of Timeline's mark characters means, in
// the legend's order: the text timeline's legend (Short), and the book's
// drawings of a timeline, the lessons' SVG and the stepper's (Class names
// the mark's colour in the book's stylesheet; Name is its title and
// legend).
var TimelineMarks = []TimelineMarkInfo{
	{'S', "S", "steal", "steal"},
	{'!', "P", "preemption", "preemption"},
	{'R', "R", "retake", "retake by sysmon"},
	{'H', "H", "handoffp", "handoffp"},
	{'N', "N", "netpoll", "netpoll"},
	{'O', "O", "overflow", "run queue overflow to the global queue"},
	{'z', "Z", "deep sleep", "sysmon sleeps deeply"},
}

// TimelineMarkInfo is one row of TimelineMarks.
type TimelineMarkInfo struct {
	Mark  byte
	Class string
	Short string
	Name  string
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
