package stepper

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// What a board shows of the queues: the first ShownRunq Gs of each P's
// ring and the first ShownGlobal of the global queue, with how many there
// are. A run of 100,000 goroutines has as many in the global queue, and
// shipping them all with every event would make the trace hundreds of
// megabytes; the widget shows a queue's head and its length.
const (
	ShownRunq   = 16
	ShownGlobal = 24
)

// Board is the scheduler after an event: the Ps with their queues, the
// global queue, the Ms, and the source line of each G the board shows.
type Board struct {
	T         int64
	Ps        []P
	Global    []int64
	GlobalLen int
	Ms        []M
	Lines     map[int64]int32 // by goid: the line of the program's file the G is at (0: not in it)
}

// Delta is a board as what changed since the one before (the first
// holds everything): the Ps that changed by index, the global queue and
// the Ms when they changed, and the lines of the shown Gs that are new
// on the board or moved. It keeps a trace small: most events change one
// P.
type Delta struct {
	T         int64           `json:"t"`
	Ps        map[string]P    `json:"p,omitempty"`
	Global    []int64         `json:"g,omitempty"`
	GlobalLen int             `json:"gn,omitempty"` // with Global: the queue's length
	Ms        []M             `json:"m,omitempty"`
	Empty     bool            `json:"e,omitempty"` // the global queue became empty
	Lines     map[int64]int32 `json:"l,omitempty"`
}

// P is one P on the board.
type P struct {
	Status  string  `json:"s"`
	M       int32   `json:"m"`
	G       int64   `json:"g"`
	Runnext int64   `json:"n"`
	Runq    []int64 `json:"q"`            // its head (ShownRunq Gs at most)
	RunqLen int     `json:"ql,omitempty"` // the ring's length, where Runq is cut
}

// M is one M on the board.
type M struct {
	ID       int32  `json:"i"`
	State    string `json:"s"`
	P        int32  `json:"p"`
	G        int64  `json:"g"`
	Spinning bool   `json:"sp,omitempty"`
	Sysmon   bool   `json:"sm,omitempty"`
}

// diff is b as a Delta from prev (nil: everything).
func diff(prev *Board, b *Board) Delta {
	d := Delta{T: b.T}
	for i, p := range b.Ps {
		if prev == nil || i >= len(prev.Ps) || !sameP(prev.Ps[i], p) {
			if d.Ps == nil {
				d.Ps = map[string]P{}
			}
			d.Ps[strconv.Itoa(i)] = p
		}
	}
	if prev == nil || !slices.Equal(prev.Global, b.Global) || prev.GlobalLen != b.GlobalLen {
		d.Global = b.Global
		d.Empty = b.GlobalLen == 0
		if b.GlobalLen > len(b.Global) {
			d.GlobalLen = b.GlobalLen
		}
	}
	if prev == nil || !slices.Equal(prev.Ms, b.Ms) {
		d.Ms = b.Ms
	}
	for g, l := range b.Lines {
		if prev == nil {
			if l != 0 {
				put(&d.Lines, g, l)
			}
			continue
		}
		if was, ok := prev.Lines[g]; (ok && was != l) || (!ok && l != 0) {
			put(&d.Lines, g, l)
		}
	}
	return d
}

func put(m *map[int64]int32, k int64, v int32) {
	if *m == nil {
		*m = map[int64]int32{}
	}
	(*m)[k] = v
}

func sameP(a, b P) bool {
	return a.Status == b.Status && a.M == b.M && a.G == b.G && a.Runnext == b.Runnext &&
		a.RunqLen == b.RunqLen && slices.Equal(a.Runq, b.Runq)
}

// board keeps what the widget draws of a state; file is the program's
// file, whose lines the Gs are shown at.
func board(st *runtime.State, file string) *Board {
	b := &Board{T: st.Clock, Global: head(st.Global, ShownGlobal), GlobalLen: len(st.Global), Lines: map[int64]int32{}}
	show := func(g int64) {
		if g >= 0 {
			b.Lines[g] = lineOf(st, g, file)
		}
	}
	for _, p := range st.Ps {
		q := P{Status: p.Status, M: p.M, G: p.G, Runnext: p.Runnext, Runq: head(p.Runq, ShownRunq)}
		if len(p.Runq) > len(q.Runq) {
			q.RunqLen = len(p.Runq)
		}
		b.Ps = append(b.Ps, q)
		show(p.G)
		show(p.Runnext)
		for _, g := range q.Runq {
			show(g)
		}
	}
	for _, g := range b.Global {
		show(g)
	}
	for _, m := range st.Ms {
		b.Ms = append(b.Ms, M{ID: m.ID, State: m.State, P: m.P, G: m.CurG, Spinning: m.Spinning, Sysmon: m.Sysmon})
		show(m.CurG)
	}
	return b
}

// lineOf is the line of file that G goid is at: its innermost frame in
// that file (a G inside a library function shows the line that called
// it), or 0.
func lineOf(st *runtime.State, goid int64, file string) int32 {
	i, ok := slices.BinarySearchFunc(st.Gs, goid, func(g runtime.GState, id int64) int { return cmp.Compare(g.Goid, id) })
	if !ok {
		return 0
	}
	g := &st.Gs[i]
	for _, f := range g.Frames {
		if f.File == file && f.Line > 0 {
			return f.Line
		}
	}
	// A G that has not run yet has no frame: it is at its function's
	// declaration.
	if len(g.Frames) == 0 && strings.HasPrefix(g.Pos, file+":") {
		return g.Line
	}
	return 0
}

// head is the first n of s, never nil (the page reads [] as empty).
func head(s []int64, n int) []int64 {
	if len(s) > n {
		s = s[:n]
	}
	return slices.Clip(append([]int64{}, s...))
}
