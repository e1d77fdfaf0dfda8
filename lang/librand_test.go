package lang

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The top-level functions of math/rand/v2 (and math/rand's) model
// runtime.rand, which Go seeds from the OS: here they draw from the run's
// seed (vm.Machine.SeedRand), so one seed gives one output and another
// seed another, while an explicitly seeded ChaCha8 or PCG does not depend
// on it.
func TestRandTopLevelDrawsFromSeed(t *testing.T) {
	src := `package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	s := []int{1, 2, 3, 4, 5, 6, 7, 8}
	rand.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	fmt.Println(rand.IntN(1000), rand.N(1000), rand.Perm(8), s, rand.Uint64N(1e9), rand.Float64())
	fmt.Println(rand.New(rand.NewChaCha8([32]byte{1})).Uint64(), rand.New(rand.NewPCG(1, 2)).Uint64())
}
`
	prog, err := Compile("seeded.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64) []string {
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 2, Seed: seed, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		if ex := mc.Run(func(ev *runtime.Event) {
			if ev.Kind == runtime.EvPrint {
				out.WriteString(ev.Text)
			}
		}); ex == nil || ex.Code != 0 {
			t.Fatalf("seed %d: exit %v", seed, ex)
		}
		return strings.Split(out.String(), "\n")
	}
	a, b, c := run(1), run(1), run(2)
	if a[0] != b[0] || a[1] != b[1] {
		t.Errorf("seed 1 twice:\n%s\n%s", a, b)
	}
	if a[0] == c[0] {
		t.Errorf("seeds 1 and 2 draw the same: %s", a[0])
	}
	if a[1] != c[1] {
		t.Errorf("the seeded generators depend on --seed:\n%s\n%s", a[1], c[1])
	}
}

// rand.New of a Source the VM's generators do not hold (one in an
// interface, one of the program's types) is reported, not run.
func TestRandNewOfOtherSourceIsReported(t *testing.T) {
	src := `package main

import (
	"fmt"
	"math/rand/v2"
)

type mine struct{ n uint64 }

func (m *mine) Uint64() uint64 { m.n++; return m.n }

func main() {
	var s rand.Source = rand.NewPCG(1, 2)
	fmt.Println(rand.New(s).IntN(3), rand.New(&mine{}).IntN(3))
}
`
	_, err := Compile("x.go", []byte(src))
	const list = " is not supported (gmplab supports: rand.New of a *rand.PCG or a *rand.ChaCha8 (rand.New(rand.NewPCG(1, 2))); see docs/go-subset.md)"
	want := "x.go:14:23: rand.New with an argument of type rand.Source" + list + "\n" +
		"x.go:14:44: rand.New with an argument of type *mine" + list
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want\n%s", err, want)
	}
}
