package vm

// SetSpillFrames sets how many frames a spill moves (stackdeep.go) and
// returns the old value, for the external tests that run whole programs.
func SetSpillFrames(n int) (old int) {
	old, spillFrames = spillFrames, n
	return old
}
