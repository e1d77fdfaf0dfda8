package debugger

import (
	"fmt"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// The looking commands' text: when, why, goroutines, goroutine, procs,
// threads, stack, list, board.

// When says where the session stands.
func (s *Session) When() string {
	if s.pos == 0 {
		return "event 0 (the start) at " + view.FormatTime(0)
	}
	end := ""
	if s.Exited() {
		end = " (the end of the run)"
	}
	return fmt.Sprintf("event %d at %s%s", s.pos, view.FormatTime(s.last.T), end)
}

// Why explains the current event: the event, then the rule that decided
// it, one step of the decision path a line (the engine writes the steps it
// tried separated by "; ", in order).
func (s *Session) Why() string {
	if s.pos == 0 {
		if s.Text().NoPs {
			return "event 0 is the start: runtime.main has made G1 (main) and put it in the global queue; nothing was decided yet"
		}
		return "event 0 is the start: runtime.main has made G1 (main) and put it in P0's runnext; nothing was decided yet"
	}
	ev := s.last
	var b strings.Builder
	fmt.Fprintf(&b, "event %d: %s", ev.Seq, ev.Kind)
	if ev.M >= 0 || ev.P >= 0 || ev.G >= 0 {
		var who []string
		if ev.M >= 0 {
			who = append(who, "M"+strconv.Itoa(int(ev.M)))
		}
		if ev.P >= 0 && !s.Text().NoPs {
			who = append(who, "P"+strconv.Itoa(int(ev.P)))
		}
		if ev.G >= 0 {
			who = append(who, "G"+strconv.FormatInt(ev.G, 10))
		}
		b.WriteString(" on " + strings.Join(who, "/"))
	}
	if d := s.Text().Details(ev); d != "" {
		b.WriteString(": " + d)
	}
	b.WriteString("\n")
	if ev.Why == "" {
		b.WriteString("  the engine gave no reason for this event\n")
		return b.String()
	}
	steps := whySteps(strings.TrimSuffix(ev.Why, "."))
	if len(steps) == 1 {
		b.WriteString("  " + steps[0] + "\n")
		return b.String()
	}
	for i, st := range steps {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, st)
	}
	return b.String()
}

// whySteps splits an event's reason into its steps: at each "; " outside
// parentheses. A "; " inside them belongs to one step's aside (a
// gcAssistAlloc's "(at 0.75 bytes of scan work per byte allocated, the
// assist ratio; at least 64 KB, ...)"), not to the path between steps.
func whySteps(why string) []string {
	var steps []string
	depth, start := 0, 0
	for i := 0; i < len(why); i++ {
		switch why[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ';':
			if depth == 0 && strings.HasPrefix(why[i:], "; ") {
				steps = append(steps, why[start:i])
				start = i + 2
				i++
			}
		}
	}
	return append(steps, why[start:])
}

// Goroutines lists the live goroutines, grouped by "" (none), "status" or
// "p" (the P they run on or wait in the run queue of). The selected one is
// marked with *.
func (s *Session) Goroutines(group string) (string, error) {
	return GoroutinesText(s.State(), s.selG, group)
}

// GoroutinesText is Goroutines for any state (gmplab real builds one from
// the real runtime's memory); sel is the selected goroutine.
func GoroutinesText(st *runtime.State, sel int64, group string) (string, error) {
	var b strings.Builder
	line := func(g *runtime.GState) {
		mark := " "
		if g.Goid == sel {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s G%-4d %-9s %-30s %s\n", mark, g.Goid, g.Status, g.Where, where(g))
	}
	switch group {
	case "":
		for i := range st.Gs {
			line(&st.Gs[i])
		}
		fmt.Fprintf(&b, "[%d goroutines]\n", len(st.Gs))
	case "status":
		order := []string{"running", "runnable", "syscall", "waiting"}
		byStatus := map[string][]*runtime.GState{}
		for i := range st.Gs {
			g := &st.Gs[i]
			if _, ok := byStatus[g.Status]; !ok && !contains(order, g.Status) {
				order = append(order, g.Status)
			}
			byStatus[g.Status] = append(byStatus[g.Status], g)
		}
		for _, k := range order {
			gs := byStatus[k]
			if len(gs) == 0 {
				continue
			}
			fmt.Fprintf(&b, "%s: %d\n", k, len(gs))
			for _, g := range gs {
				line(g)
			}
		}
	case "p":
		done := map[int64]bool{}
		for _, p := range st.Ps {
			fmt.Fprintf(&b, "P%d (%s):\n", p.ID, p.Status)
			ids := []int64{}
			if p.G >= 0 {
				ids = append(ids, p.G)
			}
			if p.Runnext >= 0 {
				ids = append(ids, p.Runnext)
			}
			ids = append(ids, p.Runq...)
			for _, id := range ids {
				if g := gByID(st, id); g != nil {
					line(g)
					done[id] = true
				}
			}
		}
		var rest []*runtime.GState
		for i := range st.Gs {
			if !done[st.Gs[i].Goid] {
				rest = append(rest, &st.Gs[i])
			}
		}
		if len(rest) > 0 {
			fmt.Fprintf(&b, "no P:\n")
			for _, g := range rest {
				line(g)
			}
		}
	default:
		return "", fmt.Errorf("goroutines -group %s: group by status or p", group)
	}
	return b.String(), nil
}

// where is a G's function and position.
func where(g *runtime.GState) string {
	if len(g.Frames) == 0 {
		return g.Func
	}
	f := g.Frames[0]
	return f.Func + " " + shortPos(f.Pos)
}

func shortPos(p string) string {
	dir, file := path.Split(p)
	_ = dir
	return file
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func gByID(st *runtime.State, id int64) *runtime.GState {
	for i := range st.Gs {
		if st.Gs[i].Goid == id {
			return &st.Gs[i]
		}
	}
	return nil
}

// Goroutine describes goroutine g: its state, where it is, its stack and
// frames.
func (s *Session) Goroutine(g int64) (string, error) {
	gs := s.findG(g)
	if gs == nil {
		return "", s.noSuchG(g)
	}
	var b strings.Builder
	status := gs.Status
	if gs.WaitReason != "" {
		status += " (" + gs.WaitReason + ")"
	}
	fmt.Fprintf(&b, "G%d %s, %s\n", gs.Goid, status, gs.Where)
	if gs.CreatedBy > 0 {
		fmt.Fprintf(&b, "  created by G%d\n", gs.CreatedBy)
	}
	if gs.WaitSince > 0 {
		fmt.Fprintf(&b, "  waiting since %s\n", view.FormatTime(gs.WaitSince))
	}
	if gs.Preempt {
		b.WriteString("  preemption requested (stackguard0 = stackPreempt)\n")
	}
	if gs.WorkLeft > 0 {
		fmt.Fprintf(&b, "  CPU work left: %s\n", view.FormatTime(gs.WorkLeft))
	}
	fmt.Fprintf(&b, "  stack: %d bytes, %d used\n", gs.StackSize, gs.StackUsed)
	b.WriteString(s.frames(gs))
	return b.String(), nil
}

// maxFrames is the most frames listed in full; a deeper stack shows its
// innermost and outermost frames (a recursion is the same frame many times).
const maxFrames = 12

func (s *Session) frames(gs *runtime.GState) string {
	if len(gs.Frames) == 0 {
		return "  (" + gs.Func + ": no Go frames)\n"
	}
	var b strings.Builder
	n := len(gs.Frames)
	for i, f := range gs.Frames {
		if n > maxFrames && i == maxFrames-3 {
			fmt.Fprintf(&b, "  …  (%d frames not shown)\n", n-maxFrames+1)
		}
		if n > maxFrames && i >= maxFrames-3 && i < n-2 {
			continue
		}
		fmt.Fprintf(&b, "  %-3d %-24s %-22s frame %d B\n", i, f.Func, shortPos(f.Pos), f.Size)
	}
	return b.String()
}

// Stack lists the selected goroutine's frames, innermost first.
func (s *Session) Stack() (string, error) {
	g, err := s.currentG()
	if err != nil {
		return "", err
	}
	gs := s.findG(g)
	return fmt.Sprintf("G%d, stack %d bytes (%d used):\n%s", g, gs.StackSize, gs.StackUsed, s.frames(gs)), nil
}

// Procs lists the Ps.
func (s *Session) Procs() string { return ProcsText(s.State()) }

// ProcsText is Procs for any state: a table with a header, 68 columns
// wide (wider numbers widen it), so that it fits an 80-column terminal.
func ProcsText(st *runtime.State) string {
	var b strings.Builder
	const row = "%-4s %-8s %-5s %-6s %-7s %4s %9s %11s %6s\n"
	fmt.Fprintf(&b, row, "P", "status", "M", "runs", "runnext", "runq", "schedtick", "syscalltick", "timers")
	for _, p := range st.Ps {
		fmt.Fprintf(&b, row, "P"+strconv.Itoa(int(p.ID)), p.Status, idOr("M", int64(p.M)), idOr("G", p.G), idOr("G", p.Runnext),
			strconv.Itoa(len(p.Runq)), strconv.FormatUint(uint64(p.Schedtick), 10), strconv.FormatUint(uint64(p.Syscalltick), 10), strconv.Itoa(p.Timers))
	}
	return b.String()
}

// Threads lists the Ms (without Ps in the GM model, which has none).
func (s *Session) Threads() string { return ThreadsText(s.State()) }

// ThreadsText is Threads for any state.
func ThreadsText(st *runtime.State) string {
	ps := view.HasPs(st)
	var b strings.Builder
	for _, m := range st.Ms {
		state := m.State
		if m.Sysmon {
			state = "sysmon"
		}
		extra := ""
		if m.Spinning {
			extra += " spinning"
		}
		if m.NextP >= 0 && ps {
			extra += " nextp P" + strconv.Itoa(int(m.NextP))
		}
		if m.OldP >= 0 && ps {
			extra += " oldp P" + strconv.Itoa(int(m.OldP))
		}
		if m.Until > 0 {
			extra += " until " + view.FormatTime(m.Until)
		}
		if !ps {
			fmt.Fprintf(&b, "M%-3d %-9s %-6s%s\n", m.ID, state, idOr("G", m.CurG), extra)
			continue
		}
		fmt.Fprintf(&b, "M%-3d %-9s %-5s %-6s%s\n", m.ID, state, idOr("P", int64(m.P)), idOr("G", m.CurG), extra)
	}
	return b.String()
}

func idOr(prefix string, n int64) string {
	if n < 0 {
		return "-"
	}
	return prefix + strconv.FormatInt(n, 10)
}

// List shows the source around loc: "" (the selected goroutine's line),
// "N" (a line of the program's first file), "FILE:N" or a function name.
func (s *Session) List(loc string) (string, error) {
	prog := s.opts.Program
	file, line, mark := -1, 0, 0
	loc = strings.TrimSpace(loc)
	switch {
	case loc == "":
		g, err := s.currentG()
		if err != nil {
			return "", err
		}
		gs := s.findG(g)
		if len(gs.Frames) == 0 {
			return "", fmt.Errorf("G%d runs no Go code of the program (%s); try list main.main", g, gs.Func)
		}
		f := gs.Frames[0]
		file, line, mark = fileIndex(prog, f.File), int(f.Line), int(f.Line)
	case isDigits(loc):
		file, _ = 0, 0
		line, _ = strconv.Atoi(loc)
		file = 0
	case strings.Contains(loc, ":"):
		i := strings.LastIndexByte(loc, ':')
		n, err := strconv.Atoi(loc[i+1:])
		if err != nil {
			return "", fmt.Errorf("list %s: want FILE:LINE", loc)
		}
		file, line = fileIndex(prog, loc[:i]), n
		if file < 0 {
			return "", fmt.Errorf("list %s: no file %s in the program (it has %s)", loc, loc[:i], strings.Join(prog.Files, ", "))
		}
	default:
		for _, fn := range prog.Funcs {
			if fn.Name == loc || strings.TrimPrefix(fn.Name, "main.") == loc {
				file, line = int(fn.Decl.File), int(fn.Decl.Line)
			}
		}
		if file < 0 {
			var names []string
			for _, fn := range prog.Funcs {
				names = append(names, fn.Name)
			}
			sort.Strings(names)
			return "", fmt.Errorf("list %s: no function %s (functions: %s)", loc, loc, strings.Join(names, ", "))
		}
	}
	if file < 0 || file >= len(prog.Sources) {
		return "", fmt.Errorf("list: no source for that file")
	}
	lines := strings.Split(string(prog.Sources[file]), "\n")
	if line < 1 || line > len(lines) {
		return "", fmt.Errorf("list: %s has %d lines", prog.Files[file], len(lines))
	}
	from, to := max(line-5, 1), min(line+5, len(lines))
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%d\n", prog.Files[file], line)
	for i := from; i <= to; i++ {
		m := "   "
		if i == mark {
			m = "=> "
		}
		fmt.Fprintf(&b, "%s%4d:\t%s\n", m, i, strings.ReplaceAll(lines[i-1], "\t", "    "))
	}
	return b.String(), nil
}

func fileIndex(prog *vm.Program, name string) int {
	for i, f := range prog.Files {
		if f == name {
			return i
		}
	}
	for i, f := range prog.Files {
		if path.Base(f) == path.Base(name) {
			return i
		}
	}
	return -1
}

// Board draws the state as a text diagram (view.Board) for a terminal of
// the given width.
func (s *Session) Board(width int) string {
	return view.Board(s.State(), width)
}
