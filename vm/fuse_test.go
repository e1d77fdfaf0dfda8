package vm_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// fuseBails runs each superinstruction where a part must leave the fast
// loop (a nil object, an index out of range: a panic, recovered) and in
// loops long enough to cross the scheduler's 1,024-instruction slices at
// every offset.
const fuseBails = `package main

type vec struct{ x, y int }

type body struct{ pos, vel vec }

func pos(b *body) (v *vec, err any) {
	defer func() { err = recover() }()
	v = &b.pos
	return v, nil
}

func cp(b *body) (v vec, err any) {
	defer func() { err = recover() }()
	p := b
	v = p.vel
	return v, nil
}

func at(s []int, i int) (v int, err any) {
	defer func() { err = recover() }()
	v = s[i]
	return v, nil
}

func set(s []bool, i int) (err any) {
	defer func() { err = recover() }()
	s[i] = true
	return nil
}

func fsum(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		x := a[i]
		y := b[i]
		s += x * y
	}
	return s
}

func at2(m [][]int, i, j int) (v int, err any) {
	defer func() { err = recover() }()
	v = m[i][j]
	return v, nil
}

func upto(n int) int {
	t := 0
	for i := 0; i <= n; i++ {
		t += i
	}
	for i := 0; i < n; i++ {
		t ^= i
	}
	for i := n; i >= 0; i -= 3 {
		t -= i
	}
	return t
}

func strided(n, step int) int {
	marks := make([]bool, n+1)
	for j := step; j <= n; j += step {
		marks[j] = true
	}
	return len(marks)
}

func primes(n int) int {
	composite := make([]bool, n+1)
	count := 0
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		count++
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return count
}

func stepped(n, step int) int {
	t := 0
	for j := 0; j < n; j += step {
		t += j
	}
	return t
}

func captured(n int) int {
	t := 0
	f := func() {
		for j := 0; j < n; j++ {
			t += j
		}
	}
	f()
	return t
}

func one(x int) int { return x }

func show(err any) {
	if e, ok := err.(error); ok {
		println(e.Error())
	}
}

func main() {
	b := &body{vec{1, 2}, vec{3, 4}}
	for i := 0; i < 700; i++ {
		v, _ := pos(b)
		v.x += i
		w, _ := cp(b)
		b.vel.y += w.x
	}
	println(b.pos.x, b.vel.y)
	_, err := pos(nil)
	show(err)
	_, err = cp(nil)
	show(err)
	s := []int{1, 2, 3}
	t := 0
	for i := 0; i < 2000; i++ {
		v, _ := at(s, i%3)
		t += v
	}
	println(t)
	_, err = at(s, 5)
	show(err)
	sieve := make([]bool, 3000)
	for i := 2; i < len(sieve); i++ {
		for j := 2 * i; j < len(sieve); j += i {
			sieve[j] = true
		}
	}
	show(set(sieve[:3], 7))
	n := 0
	for i := 0; i < 5000; i++ {
		if i%7 == 0 {
			n += 2
			continue
		}
		n += i
	}
	a, c := make([]float64, 900), make([]float64, 900)
	for i := range a {
		a[i], c[i] = float64(i)/3, float64(i%5)
	}
	println(n, fsum(a, c))
	m := [][]int{{1, 2}, {3, 4, 5}, nil}
	t = 0
	for k := 0; k < 900; k++ {
		v, _ := at2(m, k%2, k%2)
		t += v + one(k) + upto(k%9) + strided(k%50, k%4+1) + captured(k%7) + primes(k%60) + stepped(k%30, k%3+1)
	}
	println(t)
	_, err = at2(m, 1, 3)
	show(err)
	_, err = at2(m, 2, 0)
	show(err)
	_, err = at2(m, 3, 0)
	show(err)
}
`

// The superinstructions (fuse.go) change nothing but the host's speed:
// every kernel and a program that makes each of them bail out print the
// same events, with the same virtual times, with them and without them,
// at 1 and 2 Ps, and between them the programs use every one.
func TestFusedOpsChangeNothing(t *testing.T) {
	type prog struct {
		name string
		p    *vm.Program
		args []string
	}
	var progs []prog
	p, err := lang.Compile("bails.go", []byte(fuseBails))
	if err != nil {
		t.Fatal(err)
	}
	progs = append(progs, prog{"bails", p, nil})
	small := map[string][]string{
		"loop": {"3000"}, "fib": {"15"}, "closures": {"3000"}, "sieve": {"5000"},
		"matmul": {"12"}, "maps": {"500"}, "strs": {"500"}, "sorting": {"300"},
		"structs": {"3000"}, "iface": {"3000"}, "stealing": {"8", "3000"},
	}
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range small {
			if !yield(k) {
				return
			}
		}
	}) {
		file := filepath.Join("..", "lang", "testdata", "kernels", name+".go")
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		p, err := lang.Compile(file, src)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, prog{name, p, small[name]})
	}
	used := map[string]int{}
	for _, pr := range progs {
		for k, n := range vm.FusedOps(pr.p) {
			used[k] += n
		}
		for _, procs := range []int{1, 2} {
			run := func(fuse bool) []string {
				defer vm.SetFuse(vm.SetFuse(fuse))
				mc, err := runtime.New(pr.p, runtime.Config{GOMAXPROCS: procs, Seed: 1})
				if err != nil {
					t.Fatal(err)
				}
				mc.SetArgs(pr.args)
				return finish(mc)
			}
			on, off := run(true), run(false)
			if !slices.Equal(on, off) {
				for i := range min(len(on), len(off)) {
					if on[i] != off[i] {
						t.Fatalf("%s at %d Ps: event %d with superinstructions:\n%s\nwithout:\n%s", pr.name, procs, i, on[i], off[i])
					}
				}
				t.Fatalf("%s at %d Ps: %d events with superinstructions, %d without", pr.name, procs, len(on), len(off))
			}
			if pr.name == "bails" && procs == 1 {
				out := strings.Join(on, "\n")
				for _, want := range []string{"invalid memory address or nil pointer dereference", "index out of range [5] with length 3", "index out of range [7] with length 3",
					"index out of range [3] with length 3", "index out of range [0] with length 0"} {
					if !strings.Contains(out, want) {
						t.Errorf("bails: no %q in its events:\n%s", want, out)
					}
				}
			}
		}
	}
	for _, name := range vm.FusedNames() {
		if used[name] == 0 {
			t.Errorf("no program of the test has %s", name)
		}
	}
}

// On the bare VM, each Run of fuseBails (its prints kept in a global
// instead) returns the same instruction count, cost and stop with the
// superinstructions and without them, at budgets that end the slices
// inside every sequence: a fused op runs only when all its parts fit.
func TestFusedOpsKeepTheBudget(t *testing.T) {
	src := strings.ReplaceAll(fuseBails, "println(", "keep(") + "\nvar kept []any\n\nfunc keep(v ...any) { kept = append(kept, v...) }\n"
	p, err := lang.Compile("bails.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	trace := func(fuse bool, budget int) []string {
		defer vm.SetFuse(vm.SetFuse(fuse))
		m := vm.New(p)
		var th vm.Thread
		th.Reset(vm.FuncValue(p.Main), nil)
		th.SetStack(1<<20, 0, 928)
		var tr []string
		for range 1 << 20 {
			n, ps, stop := m.Run(&th, budget)
			tr = append(tr, fmt.Sprint(n, ps, stop))
			switch stop {
			case vm.StopBudget, vm.StopAlloc:
				continue
			case vm.StopExit, vm.StopSched:
				// The end, or main's exit at a scheduler op: where it
				// stopped is compared too.
				return append(tr, fmt.Sprintf("%+v", m.Pos(&th)))
			default:
				t.Fatalf("budget %d: stopped with %d after %d runs", budget, stop, len(tr))
			}
		}
		t.Fatalf("budget %d: did not finish", budget)
		return nil
	}
	for _, budget := range []int{3, 5, 1024} {
		on, off := trace(true, budget), trace(false, budget)
		if !slices.Equal(on, off) {
			for i := range min(len(on), len(off)) {
				if on[i] != off[i] {
					t.Fatalf("budget %d, run %d: %s with superinstructions, %s without", budget, i, on[i], off[i])
				}
			}
			t.Fatalf("budget %d: %d runs with superinstructions, %d without", budget, len(on), len(off))
		}
	}
}

// BenchmarkNewMachine is vm.New for a program compiled once (a kernel
// that imports fmt, strings and strconv from Go's source), as the checker,
// the grader and the debugger's re-runs call it again and again: New
// fuses a program once (fusedOf) where it fused every function each time
// (fuse-each: what New cost before, the fusing done beside it).
func BenchmarkNewMachine(b *testing.B) {
	file := filepath.Join("..", "lang", "testdata", "kernels", "strs.go")
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	p, err := lang.Compile(file, src)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			vm.New(p)
		}
	})
	b.Run("fuse-each", func(b *testing.B) {
		for b.Loop() {
			vm.FuseProgram(p)
			vm.New(p)
		}
	})
}
