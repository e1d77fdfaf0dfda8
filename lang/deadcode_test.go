package lang

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// deadCases are loop bodies with a computation whose result nothing
// reads (dead), each beside the same loop without it (kept: what is left
// when the compiler removes the dead values), and whether the compiler
// removes it (cmd/compile/internal/ssa/deadcode.go: liveValues keeps
// control values, calls, side effects and nil checks, and their
// arguments).
var deadCases = []struct {
	name       string
	dead, kept string // the body of func f(n int, p *int) int
	removed    bool   // the compiler's code for dead is kept's
}{
	{
		name:    "the seed article's unused sum",
		dead:    "sum := 0\n\tfor j := 0; j < n; j++ {\n\t\tsum += j\n\t}\n\t_ = sum\n\treturn n",
		kept:    "for j := 0; j < n; j++ {\n\t}\n\treturn n",
		removed: true,
	},
	{
		name:    "a product and a comparison",
		dead:    "x := n*7 + 3\n\t_ = x > 10\n\treturn n",
		kept:    "return n",
		removed: true,
	},
	{
		name:    "a conversion and a shift by a constant",
		dead:    "y := float64(n) * 1.5\n\t_ = uint(n) >> 3\n\t_ = y\n\treturn n",
		kept:    "return n",
		removed: true,
	},
	{
		// The compiler keeps the divide check (panicdivide) and drops
		// the division; the VM's division is both: kept whole.
		name: "a division by a variable",
		dead: "_ = 100 / n\n\treturn n",
		kept: "return n",
	},
	{
		// The compiler keeps the nil check and drops the load; the
		// VM's load is both: kept whole.
		name: "a load through a pointer",
		dead: "_ = *p + 1\n\treturn n",
		kept: "return n",
	},
}

// deadSrc is a program whose f has body; main calls f(n, p) and prints
// the result.
func deadSrc(body string) string {
	return fmt.Sprintf(`package main

import "fmt"

var n = 1000

//go:noinline
func f(n int, p *int) int {
	%s
}

func main() {
	fmt.Println(f(n, &n))
}
`, body)
}

// funcCode is function name's code in p, without its positions.
func funcCode(t *testing.T, p *vm.Program, name string) []vm.Instr {
	t.Helper()
	for i := range p.Funcs {
		if p.Funcs[i].Name == name {
			return p.Funcs[i].Code
		}
	}
	t.Fatalf("no function %s in:\n%s", name, strings.TrimSpace(p.Disasm()))
	return nil
}

// The dead-value pass (lang/ssagen/deadcode.go) removes what
// cmd/compile/internal/ssa's deadcode pass (liveValues) removes: a pure
// value that nothing live reads, cycles of φs included (the seed
// article's unused sum). The model's code for each dead case is the kept
// case's exactly when the compiler removes it; a division by a variable
// and a load stay (their checks can panic).
func TestDeadValuesLiveValues(t *testing.T) {
	for _, c := range deadCases {
		t.Run(c.name, func(t *testing.T) {
			dp, err := Compile("m.go", []byte(deadSrc(c.dead)))
			if err != nil {
				t.Fatal(err)
			}
			kp, err := Compile("m.go", []byte(deadSrc(c.kept)))
			if err != nil {
				t.Fatal(err)
			}
			same := slices.Equal(funcCode(t, dp, "main.f"), funcCode(t, kp, "main.f"))
			if same != c.removed {
				t.Errorf("the model's code for f is the same with the dead value: %v, want %v (the compiler removes it: %v)\nwith:\n%s\nwithout:\n%s",
					same, c.removed, c.removed, dp.DisasmFunc(funcIndex(dp, "main.f")), kp.DisasmFunc(funcIndex(kp, "main.f")))
			}
		})
	}
}

func funcIndex(p *vm.Program, name string) int {
	for i := range p.Funcs {
		if p.Funcs[i].Name == name {
			return i
		}
	}
	return -1
}

// The same cases on the real compiler: go build -gcflags=-S, the size of
// f's code with the dead value against without it. The compiler removes
// a dead value when the sizes are equal; where it keeps a check (a
// division's, a load's nil check) f is larger.
func TestDeadValuesAgainstCompiler(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the go command (-short)")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not installed")
	}
	dir := t.TempDir()
	size := regexp.MustCompile(`(?m)^main\.f STEXT .*size=(\d+)`)
	textSize := func(name, src string) string {
		file := filepath.Join(dir, name+".go")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("go", "build", "-gcflags=-S", "-o", filepath.Join(dir, name), file).CombinedOutput()
		if err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
		m := size.FindSubmatch(out)
		if m == nil {
			t.Fatalf("no main.f in the compiler's -S output:\n%s", out)
		}
		return string(m[1])
	}
	for i, c := range deadCases {
		t.Run(c.name, func(t *testing.T) {
			d, k := textSize(fmt.Sprint("dead", i), deadSrc(c.dead)), textSize(fmt.Sprint("kept", i), deadSrc(c.kept))
			if (d == k) != c.removed {
				t.Errorf("the compiler's f is %s bytes with the dead value, %s without: removed %v, the model's case says %v", d, k, d == k, c.removed)
			}
		})
	}
}
