//go:build gmplab_oppairs

package vm

import (
	"cmp"
	"slices"
)

// Counting the pairs of dispatches fastOps runs, for picking the next
// superinstruction (fuse.go) from measurement: built only with the
// gmplab_oppairs tag, so that the fast loop of every other build does not
// test for it.
//
//	go test -tags gmplab_oppairs ./lang -run KernelOpPairs -v
//
// prints the commonest pairs of each kernel (lang/kernels_oppairs_test.go).

const countOpPairs = true

var (
	opPairs [256][256]int64
	lastOp  Op
)

// countOpPair counts the dispatch of op after the one before it. The
// count runs across frames and goroutines: a pair can be the last op of
// one run of fastOps and the first of the next.
func countOpPair(op Op) {
	opPairs[lastOp][op]++
	lastOp = op
}

// OpPair is a pair of dispatches and how often it ran: the names are the
// ops' (a superinstruction's is its parts joined by "+", in brackets).
type OpPair struct {
	First, Then string
	Count       int64
}

// TakeOpPairs returns the pairs counted since the last call, commonest
// first, and starts counting again.
func TakeOpPairs() []OpPair {
	name := func(op Op) string {
		if op >= fusedFirst && op < fusedEnd {
			return "[" + fusedName(op) + "]"
		}
		return op.String()
	}
	var out []OpPair
	for a := range opPairs {
		for b, n := range opPairs[a] {
			if n > 0 {
				out = append(out, OpPair{name(Op(a)), name(Op(b)), n})
			}
		}
	}
	opPairs, lastOp = [256][256]int64{}, 0
	slices.SortStableFunc(out, func(x, y OpPair) int { return cmp.Compare(y.Count, x.Count) })
	return out
}
