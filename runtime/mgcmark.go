package runtime

import "github.com/gmplab/gmplab/vm"

// gcCollect frees the func values and captured variables the program can no
// longer reach (vm/mgc.go), given the roots only the scheduler holds: every
// G's code (its frames, operands, deferred calls, and the arguments of a G
// not started yet), channel buffers, and the values blocked senders carry
// in their sudogs (mgcmark.go: markroot scans the Gs' stacks and the
// globals; channel buffers and sudogs are heap objects found from them).
// It runs between two Runs, costs no virtual time and emits no event, so
// the schedule and the output are the same with or without it.
//
// The model simplifies: the real collector runs concurrently with the
// program, in phases with their own goroutines, assists and write
// barriers, and costs CPU time; this one is invisible to the schedule.
func (mc *Machine) gcCollect() {
	mc.vm.Collect(func(r vm.Roots) {
		for i := range mc.allg {
			r.Thread(&mc.allg[i].th)
		}
		for i := range mc.chans {
			r.Values(mc.chans[i].buf)
		}
		for i := range mc.sudogs {
			r.Value(mc.sudogs[i].elem)
		}
	})
}
