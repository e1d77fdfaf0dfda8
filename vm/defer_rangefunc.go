package vm

// Deferred calls of range-over-func loop bodies. A defer statement in the
// body of `for x := range seq` runs when the function that holds the loop
// returns, not when the body function (a closure the iterator calls)
// does. The Go compiler asks runtime.deferrangefunc, before the loop, for
// a token that stands for the function's frame, and the body registers
// its deferred calls with runtime.deferprocat(fn, token)
// (cmd/compile/internal/rangefunc/rewrite.go, runtime/panic.go).
//
// Here the token is the frame's depth (OpDeferRange), and OpDefer with A=1
// registers the call as if that frame had deferred it last: the record
// goes into gp.defers just above the most recent one registered by that
// frame or a frame below it, under those of the frames above it (the
// iterator's own deferred calls, still to run when it returns). The
// frame's records run LIFO when it returns, or as a panic unwinds it, as
// the runtime runs the rangefunc list of the frame's token record.
//
// Simplified: the runtime's list is shared by goroutines (an iterator may
// call the body on another goroutine); here the token is a depth on the
// G's own stack, and a body's defer on a goroutine whose stack does not
// hold the loop's frame panics with a message that says so.

// deferAt registers fv[0](fv[1:]...) for the frame at depth tok; it
// returns a panic message when no such frame is below the current one.
func (gp *g) deferAt(tok int32, fv []Value) string {
	if tok <= 0 || tok >= gp.depth() {
		return "gmplab: a range-over-func loop body deferred a call on a goroutine other than its loop's (not supported)"
	}
	i := len(gp.defers)
	for i > 0 && gp.defers[i-1].frame > tok {
		i--
	}
	gp.defers = append(gp.defers, deferRec{})
	copy(gp.defers[i+1:], gp.defers[i:])
	gp.defers[i] = deferRec{depth: tok, frame: tok, clo: int32(fv[0].I & refMask), args: append([]Value(nil), fv[1:]...)}
	return ""
}
