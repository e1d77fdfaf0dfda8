package startcycle

import "github.com/gmplab/gmplab/checker"

// Exercise is this folder's exercise with your function in place: the
// test below, gmplab check and gmplab step --with use it. You do not need
// to edit this file.
func Exercise() *checker.Exercise { return checker.StartCycle(startCycle) }
