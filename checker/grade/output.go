package grade

import (
	"fmt"
	"strings"
)

// output keeps what a grading process writes to stdout or stderr within
// bounds: its first and last keep bytes and how much there was. A
// learner's println in a function the engine calls thousands of times can
// write gigabytes, and the grader must not hold them in memory; the
// runtime's own last words (a panic, a fatal error) are at the end.
type output struct {
	keep  int
	n     int64
	head  []byte
	tail  []byte // the last keep bytes, a ring from pos
	pos   int
	wraps bool
}

func newOutput(keep int) *output { return &output{keep: keep} }

func (o *output) Write(p []byte) (int, error) {
	o.n += int64(len(p))
	if o.keep == 0 {
		return len(p), nil
	}
	q := p
	if room := o.keep - len(o.head); room > 0 {
		k := min(room, len(q))
		o.head = append(o.head, q[:k]...)
		q = q[k:]
	}
	for len(q) > 0 {
		if len(o.tail) < o.keep {
			k := min(o.keep-len(o.tail), len(q))
			o.tail = append(o.tail, q[:k]...)
			q = q[k:]
			continue
		}
		k := copy(o.tail[o.pos:], q)
		o.pos, q = (o.pos+k)%o.keep, q[k:]
		o.wraps = true
	}
	return len(p), nil
}

// floodBytes is how much output, standard output and error together, is
// named as the reason a process did not finish: far more than a learner's
// debugging prints in a test, far less than a print in a loop makes in a
// second of CPU time.
const floodBytes = 1 << 20

// flooded says whether a process wrote more than floodBytes.
func flooded(stdout, stderr *output) bool { return stdout.n+stderr.n > floodBytes }

// floodMessage says that a process that did not finish printed more than
// floodBytes, and where. A learner's println in a function the engine
// calls thousands of times spends the process's CPU time on writing, and
// the checker would report the slow function as one that does not return.
func floodMessage(stdout, stderr *output) string {
	// How much it printed before the checker or the CPU limit stopped it
	// depends on the machine: the message names only where it went.
	var where []string
	if stdout.n > 0 {
		where = append(where, "standard output")
	}
	if stderr.n > 0 {
		where = append(where, "standard error, where print and println write")
	}
	return fmt.Sprintf("your code printed more than %s (to %s) and did not finish: printing in a function the engine calls thousands of times "+
		"takes the CPU time the tests need; remove the prints (the exercise's functions should print nothing), and if it still does not finish, look for an endless loop", size(floodBytes), strings.Join(where, " and "))
}

// String is what was kept, with a line saying how much was left out.
func (o *output) String() string {
	tail := append(append([]byte(nil), o.tail[o.pos:]...), o.tail[:o.pos]...)
	if o.n <= int64(len(o.head)+len(tail)) {
		return string(o.head) + string(tail)
	}
	return string(o.head) + fmt.Sprintf("\n[... %s left out ...]\n", size(o.n-int64(len(o.head)+len(tail)))) + string(tail)
}

// size says n bytes in KB or MB.
func size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// deathLines returns the runtime's report of why a process died (the
// last paragraph starting "panic: ", "fatal error: " or "runtime: "),
// without the goroutines' stacks, or "".
func deathLines(stderr string) string {
	isDeath := func(l string) bool {
		return strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "runtime: ")
	}
	lines := strings.Split(stderr, "\n")
	start := -1
	for i := len(lines) - 1; i >= 0; i-- {
		if isDeath(lines[i]) {
			start = i
			if i == 0 || !isDeath(lines[i-1]) {
				break
			}
		} else if start >= 0 {
			break
		}
	}
	if start < 0 {
		return ""
	}
	var out []string
	for _, l := range lines[start:] {
		if l == "" || strings.HasPrefix(l, "goroutine ") || strings.HasPrefix(l, "[signal ") {
			break
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// lastLine is s's last line that is not blank.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	return s[strings.LastIndex(s, "\n")+1:]
}
