package debugger

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// Breakpoint stops forward and backward motions at the events it matches:
// all of its terms must match, then its condition (if any) must be true.
type Breakpoint struct {
	ID   int
	Spec string // as given: "handoffp", "g7", "line handoff.go:14", "steal p2"
	Cond string // the condition as given, "" for none
	Hits int    // forward stops made at it

	terms []bpTerm
	cond  expr
}

type termKind int

const (
	termKinds termKind = iota
	termG
	termP
	termM
	termLine
	termTrace // events that a trace event of Go's records
)

type bpTerm struct {
	kind  termKind
	kinds []runtime.EvKind
	trace []string // termTrace: the trace events' names
	n     int64
	file  string // base name, "" for any file
	line  int32
}

// AddBreakpoint parses spec ("handoffp", "steal p2", "g7", "line x.go:14",
// optionally followed by "if <condition>") and adds the breakpoint.
func (s *Session) AddBreakpoint(spec string) (*Breakpoint, error) {
	spec = strings.TrimSpace(spec)
	cond := ""
	if i := indexWord(spec, "if"); i >= 0 {
		spec, cond = strings.TrimSpace(spec[:i]), strings.TrimSpace(spec[i+2:])
		if cond == "" {
			return nil, fmt.Errorf("break %s if: the condition is missing", spec)
		}
	}
	if spec == "" {
		return nil, fmt.Errorf("break: say where: an event (handoffp, steal, preempt, …), a goroutine (g7), a P (p2), an M (m3), or line FILE:N")
	}
	bp := &Breakpoint{Spec: spec}
	fields := joinIDs(strings.Fields(spec))
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if f == "line" {
			if i+1 >= len(fields) {
				return nil, fmt.Errorf("break line: want FILE:LINE or LINE (break line handoff.go:14)")
			}
			i++
			f = fields[i]
			t, err := s.lineTerm(f)
			if err != nil {
				return nil, err
			}
			bp.terms = append(bp.terms, t)
			continue
		}
		t, err := parseTerm(f, s.cfg.GOMAXPROCS, s.lineTerm)
		if err != nil {
			return nil, err
		}
		bp.terms = append(bp.terms, t)
	}
	if cond != "" {
		e, err := parseExpr(cond)
		if err != nil {
			return nil, fmt.Errorf("condition %q: %v", cond, err)
		}
		bp.Cond, bp.cond = cond, e
	}
	bp.ID = s.nextBP
	s.nextBP++
	s.bps = append(s.bps, bp)
	return bp, nil
}

// joinIDs joins a goroutine, P or M written as two words ("g 123", as
// issue 22 and Delve's "goroutine 123" habit write it) into the one word
// parseTerm reads ("g123").
func joinIDs(fields []string) []string {
	out := make([]string, 0, len(fields))
	for i := 0; i < len(fields); i++ {
		f := strings.ToLower(fields[i])
		if (f == "g" || f == "p" || f == "m") && i+1 < len(fields) && isDigits(fields[i+1]) {
			out = append(out, f+fields[i+1])
			i++
			continue
		}
		out = append(out, fields[i])
	}
	return out
}

// parseTerm parses one word of a breakpoint spec for a run with
// gomaxprocs Ps; lineTerm parses FILE:N (nil: lines are not supported).
func parseTerm(f string, gomaxprocs int, lineTerm func(string) (bpTerm, error)) (bpTerm, error) {
	lf := strings.ToLower(f)
	if ks := runtime.GroupKinds(lf); ks != nil {
		return bpTerm{kind: termKinds, kinds: ks}, nil
	}
	for _, k := range runtime.EvKinds() {
		if strings.EqualFold(k.String(), f) {
			return bpTerm{kind: termKinds, kinds: []runtime.EvKind{k}}, nil
		}
	}
	// An event of Go's execution trace format (break GoBlock), or several
	// by a prefix (break GoSyscall*): the events the specs say it records.
	if names := traceNames(lf); names != nil {
		return bpTerm{kind: termTrace, trace: names}, nil
	}
	if len(lf) > 1 && isDigits(lf[1:]) {
		n, err := strconv.ParseInt(lf[1:], 10, 64)
		if err == nil {
			switch lf[0] {
			case 'g':
				return bpTerm{kind: termG, n: n}, nil
			case 'p':
				if n >= int64(gomaxprocs) {
					return bpTerm{}, fmt.Errorf("break %s: there are %d Ps (P0 to P%d)", f, gomaxprocs, gomaxprocs-1)
				}
				return bpTerm{kind: termP, n: n}, nil
			case 'm':
				return bpTerm{kind: termM, n: n}, nil
			}
		}
	}
	if (strings.Contains(f, ":") || strings.HasSuffix(f, ".go")) && lineTerm != nil {
		return lineTerm(f)
	}
	msg := fmt.Sprintf("break %s: not an event (gopark, or the trace's GoBlock), a goroutine (g7), a P (p2), an M (m3) or line FILE:N", f)
	if near := nearest(lf, breakWords()); near != "" {
		msg += fmt.Sprintf("; did you mean %s?", near)
	}
	return bpTerm{}, fmt.Errorf("%s", msg)
}

func breakWords() []string {
	var ws []string
	for _, g := range runtime.EvGroups {
		ws = append(ws, g.Name)
	}
	for _, k := range runtime.EvKinds() {
		ws = append(ws, k.String())
	}
	return append(ws, runtime.TraceEventNames()...)
}

// traceNames returns the trace events lf names, case aside: one, or those
// it is a prefix of when it ends in * (nil: none).
func traceNames(lf string) []string {
	prefix, star := strings.CutSuffix(lf, "*")
	var names []string
	for _, n := range runtime.TraceEventNames() {
		ln := strings.ToLower(n)
		if ln == lf || star && prefix != "" && strings.HasPrefix(ln, prefix) {
			names = append(names, n)
		}
	}
	return names
}

// lineTerm parses FILE:LINE or LINE (in the program's first file).
func (s *Session) lineTerm(f string) (bpTerm, error) {
	prog := s.opts.Program
	file, lineStr := "", f
	if i := strings.LastIndexByte(f, ':'); i >= 0 {
		file, lineStr = f[:i], f[i+1:]
	}
	n, err := strconv.Atoi(lineStr)
	if err != nil || n < 1 {
		return bpTerm{}, fmt.Errorf("break line %s: want FILE:LINE or LINE, with LINE a number from 1", f)
	}
	fi := -1
	for i, name := range prog.Files {
		if file == "" || name == file || path.Base(name) == path.Base(file) {
			fi = i
			break
		}
	}
	if fi < 0 {
		return bpTerm{}, fmt.Errorf("break line %s: no file %s in the program (it has %s)", f, file, strings.Join(prog.Files, ", "))
	}
	if fi < len(prog.Sources) {
		lines := strings.Count(string(prog.Sources[fi]), "\n") + 1
		if n > lines {
			return bpTerm{}, fmt.Errorf("break line %s: %s has %d lines", f, path.Base(prog.Files[fi]), lines)
		}
	}
	return bpTerm{kind: termLine, file: path.Base(prog.Files[fi]), line: int32(n)}, nil
}

// LineNote says whether a line breakpoint can ever stop: the events that
// carry a source position are scheduler operations (go, channels, sync,
// sleep, syscalls, reads, prints, sim.Breakpoint), preemptions and stack
// growth, so a line with no such operation stops only when a goroutine is
// preempted or grows its stack there.
func (s *Session) LineNote(bp *Breakpoint) string {
	prog := s.opts.Program
	for _, t := range bp.terms {
		if t.kind != termLine {
			continue
		}
		code, sched := false, false
		for _, fn := range prog.Funcs {
			for i, p := range fn.Pos {
				if int(p.File) < len(prog.Files) && path.Base(prog.Files[p.File]) == t.file && p.Line == t.line {
					code = true
					if fn.Code[i].Op.IsSched() || fn.Code[i].Op == vm.OpCall || fn.Code[i].Op == vm.OpCallClosure {
						sched = true
					}
				}
			}
		}
		switch {
		case !code:
			return fmt.Sprintf("note: %s:%d has no code; the breakpoint will never stop", t.file, t.line)
		case !sched:
			return fmt.Sprintf("note: %s:%d does nothing the scheduler sees; the breakpoint stops only if a goroutine is preempted there", t.file, t.line)
		}
	}
	return ""
}

// hit reports whether bp matches ev (and its condition holds).
func (s *Session) hit(bp *Breakpoint, ev *runtime.Event) bool {
	for _, t := range bp.terms {
		if !s.termMatch(t, ev) {
			return false
		}
	}
	if bp.cond == nil {
		return true
	}
	ctx := s.evalContext(ev)
	v, err := bp.cond.eval(ctx)
	if err != nil {
		return false
	}
	b, err := v.truth()
	return err == nil && b
}

func (s *Session) termMatch(t bpTerm, ev *runtime.Event) bool {
	if t.kind == termLine {
		prog := s.opts.Program
		return ev.Pos.Line == t.line && int(ev.Pos.File) < len(prog.Files) && path.Base(prog.Files[ev.Pos.File]) == t.file
	}
	return t.match(ev)
}

// match reports whether ev matches a term other than a line.
func (t bpTerm) match(ev *runtime.Event) bool {
	switch t.kind {
	case termKinds:
		return slices.Contains(t.kinds, ev.Kind)
	case termTrace:
		te := ev.TraceEvent()
		return te != nil && slices.Contains(t.trace, te.Name)
	case termG:
		return ev.G == t.n
	case termP:
		return int64(ev.P) == t.n
	case termM:
		return int64(ev.M) == t.n
	}
	return false
}

// Breakpoints lists the breakpoints by id.
func (s *Session) Breakpoints() []*Breakpoint { return s.bps }

// SetCondition sets (or, with cond empty, clears) breakpoint id's
// condition.
func (s *Session) SetCondition(id int, cond string) (*Breakpoint, error) {
	bp := s.breakpoint(id)
	if bp == nil {
		return nil, s.noSuchBP(id)
	}
	cond = strings.TrimSpace(cond)
	if cond == "" {
		bp.Cond, bp.cond = "", nil
		return bp, nil
	}
	e, err := parseExpr(cond)
	if err != nil {
		return nil, fmt.Errorf("condition %q: %v", cond, err)
	}
	// Check the names now rather than never stop: evaluate it here.
	if _, err := e.eval(s.evalContext(nil)); err != nil && !isMissing(err) {
		return nil, fmt.Errorf("condition %q: %v", cond, err)
	}
	bp.Cond, bp.cond = cond, e
	return bp, nil
}

// ClearBreakpoint deletes breakpoint id.
func (s *Session) ClearBreakpoint(id int) (*Breakpoint, error) {
	for i, bp := range s.bps {
		if bp.ID == id {
			s.bps = append(s.bps[:i], s.bps[i+1:]...)
			return bp, nil
		}
	}
	return nil, s.noSuchBP(id)
}

// ClearAll deletes every breakpoint and says how many there were.
func (s *Session) ClearAll() int {
	n := len(s.bps)
	s.bps = nil
	return n
}

func (s *Session) breakpoint(id int) *Breakpoint {
	for _, bp := range s.bps {
		if bp.ID == id {
			return bp
		}
	}
	return nil
}

func (s *Session) noSuchBP(id int) error {
	if len(s.bps) == 0 {
		return fmt.Errorf("no breakpoint %d: there are none (break adds one)", id)
	}
	ids := make([]string, len(s.bps))
	for i, bp := range s.bps {
		ids[i] = strconv.Itoa(bp.ID)
	}
	return fmt.Errorf("no breakpoint %d (breakpoints: %s)", id, strings.Join(ids, ", "))
}

// String describes a breakpoint on one line.
func (bp *Breakpoint) String() string {
	s := fmt.Sprintf("Breakpoint %d: %s", bp.ID, bp.Spec)
	if bp.Cond != "" {
		s += " if " + bp.Cond
	}
	return s
}

// indexWord finds word as a whole word in s.
func indexWord(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i:i+len(word)] != word {
			continue
		}
		if (i == 0 || s[i-1] == ' ' || s[i-1] == '\t') && (i+len(word) == len(s) || s[i+len(word)] == ' ' || s[i+len(word)] == '\t') {
			return i
		}
	}
	return -1
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// nearest returns the word of words closest to w (edit distance at most a
// third of its length, at least 1, at most 3), or "".
func nearest(w string, words []string) string {
	best, bestD := "", 0
	limit := min(max(len(w)/3, 1), 3)
	for _, c := range words {
		d := editDistance(w, strings.ToLower(c))
		if strings.HasPrefix(strings.ToLower(c), w) && len(w) >= 2 {
			d = min(d, 1)
		}
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// Nearest is nearest, for the REPL's command suggestions.
func Nearest(w string, words []string) string { return nearest(strings.ToLower(w), words) }

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			c := 1
			if ra[i-1] == rb[j-1] {
				c = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+c)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1) // a transposition is one edit
			}
		}
	}
	return d[len(ra)][len(rb)]
}
