package runtime

// TEMPORARY: a minimal exec so that the scheduler compiles and its tests run
// scheduler compiles before interp.go lands. Delete it when interp.go
// implements exec.

func (mc *Machine) exec(gp *g, budget int) (int, execStop) {
	if !gp.started {
		gp.started = true
		fn := mc.closures[gp.entryClo].fn
		gp.frames = append(gp.frames, frame{fn: fn})
	}
	if len(gp.frames) == 0 {
		return 0, stopExit
	}
	fr := &gp.frames[len(gp.frames)-1]
	in := mc.prog.Funcs[fr.fn].Code[fr.pc]
	if in.Op.IsSched() {
		return 0, stopSched
	}
	gp.frames = gp.frames[:0]
	return 1, stopExit
}
