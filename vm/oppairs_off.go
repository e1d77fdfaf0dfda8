//go:build !gmplab_oppairs

package vm

// countOpPairs is false unless gmplab is built with the gmplab_oppairs tag
// (oppairs.go): fastOps then counts nothing, and the compiler drops the
// count from its loop.
const countOpPairs = false

func countOpPair(Op) {}
