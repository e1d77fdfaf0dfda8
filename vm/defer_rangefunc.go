package vm

// Deferred calls of range-over-func loop bodies. A defer statement in the
// body of `for x := range seq` runs when the function that holds the loop
// returns, not when the body function (a closure the iterator calls)
// does. The Go compiler asks runtime.deferrangefunc, before the loop, for
// a token that stands for the function's frame, and the body registers
// its deferred calls with runtime.deferprocat(fn, token)
// (cmd/compile/internal/rangefunc/rewrite.go, runtime/panic.go).
//
// Here the token is the frame's depth and function (OpDeferRange,
// rangeToken), and OpDefer with A=1
// registers the call as if that frame had deferred it last: the record
// goes into gp.defers just above the most recent one registered by that
// frame or a frame below it, under those of the frames above it (the
// iterator's own deferred calls, still to run when it returns). The
// frame's records run LIFO when it returns, or as a panic unwinds it, as
// the runtime runs the rangefunc list of the frame's token record. Both
// ops cost one instruction, as OpDefer does (no cost-table entry).
//
// Simplified: the runtime's list is shared by goroutines (an iterator may
// call the body on another goroutine); here the token is a place on the
// G's own stack, and a body's defer on a goroutine whose stack does not
// hold the loop's frame (no frame of the loop's function at its depth)
// panics with a message that says so.

// rangeToken is the token of the frame at depth running function fn.
func rangeToken(depth int32, fn int32) int64 { return int64(depth) | int64(fn)<<32 }

// deferAt registers fv[0](fv[1:]...) for the frame of token tk; it
// returns a panic message when no such frame is below the current one.
func (gp *g) deferAt(tk int64, fv []Value) string {
	tok := int32(tk & (1<<32 - 1))
	if tok <= 0 || tok >= gp.depth() || gp.frameAt(int(tok)-1).fn != int32(tk>>32) {
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
