package runtime

import "strings"

// How much of a deep stack a traceback prints (traceback.go: traceback1).
// The runtime prints the innermost tracebackInnerFrames frames, then
// "...N frames elided...", then the outermost tracebackOuterFrames; a stack
// of at most 100 frames is printed whole.
const (
	tracebackInnerFrames = 50 // traceback.go: tracebackInnerFrames
	tracebackOuterFrames = 50 // traceback.go: tracebackOuterFrames
)

// shownFrames counts the frames of G a traceback counts: the ones it shows
// and the ones it elides. Runtime frames are hidden, as showframe hides
// them at GOTRACEBACK=single, and not counted; but a runtime throw
// (gotraceback: level 2 when m.throwing >= throwTypeRuntime) shows them,
// so there they count, runtime.goexit at the bottom of every goroutine
// included, though the model prints only the program's frames: the
// frames elided and the program frames printed around them are Go's.
func (mc *Machine) shownFrames(G *g) int {
	if mc.throwing {
		return G.th.NumFrames() + 1 // runtime.goexit
	}
	return G.th.NumFrames() - G.th.CountFrames(mc.hiddenFrame)
}

// hiddenFrame reports whether a traceback hides the frames of function fi.
func (mc *Machine) hiddenFrame(fi int32) bool {
	return strings.HasPrefix(mc.prog.Funcs[fi].Name, "runtime.")
}

// outerFrames is the index above the outermost tracebackOuterFrames shown
// frames of G: where a traceback that elides the middle of a deep stack
// goes on, without walking the elided frames.
func (mc *Machine) outerFrames(G *g) int {
	k := 0
	if mc.throwing {
		k++ // runtime.goexit
	}
	for i := range G.th.NumFrames() {
		if fi, _ := G.th.Frame(i); mc.throwing || !mc.hiddenFrame(fi) {
			if k++; k == tracebackOuterFrames {
				return i + 1
			}
		}
	}
	return G.th.NumFrames()
}

// elided reports whether the k-th shown frame (1 is the innermost) of a
// traceback of shown frames falls in the elided middle (traceback.go:
// traceback1's two passes of traceback2: skip, then print the outer frames).
func elided(k, shown int) bool {
	return shown > tracebackInnerFrames+tracebackOuterFrames &&
		k > tracebackInnerFrames && k <= shown-tracebackOuterFrames
}

// hex prints v as the runtime's print(hex(v)) does: 0x and lower-case digits.
func hex(v int64) string {
	const digits = "0123456789abcdef"
	var buf [18]byte
	i := len(buf)
	u := uint64(v)
	for {
		i--
		buf[i] = digits[u%16]
		u /= 16
		if u == 0 {
			break
		}
	}
	i -= 2
	buf[i], buf[i+1] = '0', 'x'
	return string(buf[i:])
}

// throwAll ends the program with a runtime throw in goroutine gi (panic.go:
// throw → fatalthrow): msg, then gi's traceback, then every other user
// goroutine's, in creation order, as tracebackothers prints them (a throw of
// the runtime sets "all" in gotraceback). The model hides the runtime's
// "runtime stack:" section and system goroutines, as at GOTRACEBACK=single.
//
// gi is nilIdx when the throw is not in a goroutine (sysmon, or an M between
// goroutines): then only the others are printed.
func (mc *Machine) throwAll(gi int32, msg string) {
	mc.throwing = true
	var b strings.Builder
	b.WriteString(msg + "\n")
	if gi != nilIdx {
		b.WriteString("\n" + mc.goroutineHeader(gi) + mc.traceback(gi))
	}
	for i := range mc.allg {
		G := &mc.allg[i]
		if int32(i) == gi || G.status == _Gdead || G.system != 0 {
			continue
		}
		b.WriteString("\n" + mc.goroutineHeader(int32(i)) + mc.traceback(int32(i)))
	}
	mc.fatal(b.String(), "fatal")
}
