package vm

import (
	"slices"
	"testing"
)

// A program compiled once and run many times is fused once (fusedOf):
// every Machine New makes for it shares one fused copy, and a function
// whose code is a different slice than the one fused is fused again.
func TestFusedOncePerProgram(t *testing.T) {
	p := deferProg(i(OpLoad, 0), i(OpReturn))
	a, b := New(p), New(p)
	for fi := range p.Funcs {
		if len(a.fused[fi]) == 0 || &a.fused[fi][0] != &b.fused[fi][0] {
			t.Fatalf("func %d: two Machines of one program fused it twice", fi)
		}
	}
	if a.fused[3][0].Op != fLoadReturn {
		t.Fatalf("main.f's Load+Return is %v, want the fused op", a.fused[3][0].Op)
	}
	// The code replaced: fused again, from the new code.
	p.Funcs[3].Code = []Instr{i(OpInt, 0, 7), i(OpReturn)}
	c := New(p)
	if !slices.Equal(c.fused[3], p.Funcs[3].Code) {
		t.Fatalf("main.f after its code changed: fused %v, want %v", c.fused[3], p.Funcs[3].Code)
	}
	if &c.fused[3][0] == &a.fused[3][0] {
		t.Fatal("main.f's new code got the old fused copy")
	}
	if d := New(p); &d.fused[3][0] != &c.fused[3][0] {
		t.Fatal("the refused program was not cached")
	}
	// Without superinstructions (SetFuse(false)), New runs the code itself.
	old := fuseOff
	fuseOff = true
	defer func() { fuseOff = old }()
	if e := New(p); &e.fused[3][0] != &p.Funcs[3].Code[0] {
		t.Fatal("with fuseOff, New did not run the program's own code")
	}
}
