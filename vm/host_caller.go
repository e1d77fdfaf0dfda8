package vm

// runtime.Caller (runtime/extern.go): the file and line of a frame of the
// calling G's stack, as its traceback would show it (Machine.FramePos:
// the top frame at the call of Caller, a frame below at its call). Inlined
// bodies count as frames, as runtime.Caller expands them.
//
// Simplified: the program's file is named as gmplab was given it (Go gives
// the absolute path the compiler saw), a library file as
// $GOROOT/src/<path>; the frames of the runtime below a G's entry function
// (runtime.main, runtime.goexit) are not there, so a skip past the entry
// function reports ok == false; the pc is a number only Caller gives out
// (no runtime.FuncForPC reads it).

// callerPC is the pc runtime.Caller reports for frame i: the function and
// the instruction after the call, never 0.
func callerPC(fn, pc int32) int64 { return int64(fn+1)<<24 | int64(pc+1) }

func init() {
	// skip → pc, file, line, ok.
	// It costs psCaller, and psCallerFrame for each frame of its skip.
	RegisterHost(HostFunc{Name: "runtime.Caller", Pop: 1, Push: 4, Cost: psCaller, Scale: func(_ *Machine, _ int32, a []Value) int64 {
		return max(a[0].I, 0) * psCallerFrame
	}, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t := mc.curG
		if t == nil {
			return "" // not from OpHost's G: no frames (ok is false)
		}
		i := t.NumFrames() - 1 - int(a[0].I)
		if a[0].I < 0 || i < 0 {
			return ""
		}
		fn, pc := t.Frame(i)
		pos := mc.FramePos(t, i)
		r[0].I = callerPC(fn, pc)
		r[1].S = mc.prog.FileName(pos)
		r[2].I = int64(pos.Line)
		r[3].I = 1
		return ""
	}})
}
