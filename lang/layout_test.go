package lang

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// The blocks of a function are laid out as cmd/compile's layoutOrder,
// likelyadjust and loopRotate lay them out (lang/ssagen/blockorder.go),
// so that a loop takes the branches compiled Go takes: each taken one
// costs psTakenBranch. For each program, want is the number of branches
// main.f's loop takes per iteration on the path its data takes, counted
// in the compiler's code (go build -gcflags=-S, go1.26.8, linux/amd64;
// the loop's lines are quoted), and the model must take as many: the
// count is the difference between runs of n and 2n iterations, divided
// by n.
func TestLayoutOrderTakenBranches(t *testing.T) {
	for _, c := range []struct {
		name string
		f    string // func f(xs, ys []int), its loop over xs
		data string // an expression for xs's elements, of i
		want int
		s    string // the compiler's loop (-S), for the reader
	}{
		{
			name: "||, neither", want: 1,
			f: `for i, x := range xs {
		if x > 1000 || x < -1000 {
			xs[i] = 0
		}
	}`,
			data: "0",
			s: `INCQ CX; CMPQ BX, CX; JLE exit; MOVQ (AX)(CX*8), DX; ADDQ $1000, DX; CMPQ DX, $2000; JLS loop (taken);
			MOVQ $0, (AX)(CX*8); JMP loop`,
		},
		{
			name: "&&, the first false", want: 1,
			f: `for i, x := range xs {
		if x > 0 && ys[i] > 0 {
			xs[i] = 0
		}
	}`,
			data: "0",
			s: `INCQ CX; CMPQ BX, CX; JLE exit; MOVQ (AX)(CX*8), DX; TESTQ DX, DX; JLE loop (taken); CMPQ SI, CX; JLS panic;
			MOVQ (DI)(CX*8), DX; TESTQ DX, DX; JLE loop; MOVQ $0, (AX)(CX*8); JMP loop`,
		},
		{
			name: "if/else, the if", want: 1,
			f: `for i, x := range xs {
		if x&1 == 0 {
			xs[i] = 2
		} else {
			ys[i] = 3
		}
	}`,
			data: "0",
			s: `INCQ CX; CMPQ BX, CX; JLE exit; MOVQ (AX)(CX*8), DX; BTL $0, DX; JCS else; MOVQ $2, (AX)(CX*8); JMP loop (taken);
			else: CMPQ SI, CX; JLS panic; MOVQ $3, (DI)(CX*8); JMP loop`,
		},
		{
			name: "if/else, the else", want: 2,
			f: `for i, x := range xs {
		if x&1 == 0 {
			xs[i] = 2
		} else {
			ys[i] = 3
		}
	}`,
			data: "1",
			s:    `(as above) JCS else (taken); … JMP loop (taken)`,
		},
		{
			name: "continue", want: 1,
			f: `for i, x := range xs {
		if x == 0 {
			continue
		}
		xs[i] = x * 2
	}`,
			data: "0",
			s:    `INCQ CX; CMPQ BX, CX; JLE exit; MOVQ (AX)(CX*8), DX; TESTQ DX, DX; JEQ loop (taken); ADDQ DX, DX; MOVQ DX, (AX)(CX*8); JMP loop`,
		},
		{
			name: "switch, the first case", want: 1,
			f:    switchLoop,
			data: "1",
			s: `INCQ CX; CMPQ BX, CX; JLE exit; MOVQ (AX)(CX*8), DX; CMPQ DX, $1; JNE c2; MOVQ $5, (AX)(CX*8); JMP loop (taken);
			c2: CMPQ DX, $2; JNE c3; MOVQ $7, …; JMP loop; c3: CMPQ DX, $3; JNE def; MOVQ $9, …; JMP loop; def: MOVQ $0, …; JMP loop`,
		},
		{
			name: "switch, the second case", want: 2,
			f:    switchLoop,
			data: "2",
			s:    `(as above) JNE c2 (taken); … JMP loop (taken)`,
		},
		{
			name: "switch, the default", want: 4,
			f:    switchLoop,
			data: "0",
			s:    `(as above) JNE c2, JNE c3, JNE def (taken); … JMP loop (taken)`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := fmt.Sprintf(`package main

//go:noinline
func f(xs, ys []int) {
	%s
}

func main() {
	n := %%d
	xs, ys := make([]int, n), make([]int, n)
	for i := range xs {
		xs[i] = %s
	}
	f(xs, ys)
}
`, c.f, c.data)
			const n = 50
			a, b := takenBranches(t, fmt.Sprintf(src, n), "main.f"), takenBranches(t, fmt.Sprintf(src, 2*n), "main.f")
			if got := float64(b-a) / n; got != float64(c.want) {
				t.Errorf("the model takes %.2f branches an iteration (%d in %d iterations, %d in %d); the compiler's loop takes %d:\n%s",
					got, a, n, b, 2*n, c.want, c.s)
			}
		})
	}
}

const switchLoop = `for i, x := range xs {
		switch x {
		case 1:
			xs[i] = 5
		case 2:
			xs[i] = 7
		case 3:
			xs[i] = 9
		default:
			xs[i] = 0
		}
	}`

// takenBranches runs src's main on the bare VM one instruction at a time
// and counts the jumps and branches taken in function fn's own frames.
func takenBranches(t *testing.T, src, fn string) int {
	t.Helper()
	p, err := Compile("m.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fi := int32(-1)
	for i := range p.Funcs {
		if p.Funcs[i].Name == fn {
			fi = int32(i)
		}
	}
	if fi < 0 {
		t.Fatalf("no function %s in:\n%s", fn, strings.TrimSpace(p.Disasm()))
	}
	m := vm.New(p)
	var th vm.Thread
	th.Reset(vm.FuncValue(p.Main), nil)
	th.SetStack(1<<20, 0, 928)
	taken := 0
	for steps := 0; steps < 1_000_000; steps++ {
		depth := th.NumFrames()
		var in vm.Instr
		var f, pc int32 = -1, -1
		if depth > 0 {
			f, pc = th.Frame(depth - 1)
			in, _ = m.Instr(&th)
		}
		_, _, stop := m.Run(&th, 1)
		switch stop {
		case vm.StopBudget, vm.StopAlloc:
		case vm.StopExit, vm.StopSched:
			return taken
		default:
			t.Fatalf("stopped with %d", stop)
		}
		if f != fi || th.NumFrames() != depth {
			continue
		}
		if fl := in.Op.Info().Flow; fl == vm.FlowJump || fl == vm.FlowBranch {
			if _, now := th.Frame(depth - 1); now != pc+1 {
				taken++
			}
		}
	}
	t.Fatal("did not finish in a million instructions")
	return 0
}
