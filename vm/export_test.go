package vm

// SetSpillFrames sets how many frames a spill moves (stackdeep.go) and
// returns the old value, for the external tests that run whole programs.
func SetSpillFrames(n int) (old int) {
	old, spillFrames = spillFrames, n
	return old
}

// SetFuse turns the superinstructions (fuse.go) on or off for the
// Machines made after it and returns the old setting.
func SetFuse(on bool) (old bool) {
	old, fuseOff = !fuseOff, !on
	return old
}

// FusedOps counts, by name, the superinstructions New makes for p.
func FusedOps(p *Program) map[string]int {
	m := map[string]int{}
	for _, code := range fuseProgram(p) {
		for _, in := range code {
			if in.Op >= fusedFirst {
				m[fusedName(in.Op)]++
			}
		}
	}
	return m
}

// FusedNames are the names of every superinstruction.
func FusedNames() []string {
	var s []string
	for op := Op(fusedFirst); op < fusedEnd; op++ {
		s = append(s, fusedName(op))
	}
	return s
}

// FuseProgram fuses p's code as New did before fusedOf cached it, for
// BenchmarkNewMachine.
func FuseProgram(p *Program) [][]Instr { return fuseProgram(p) }
