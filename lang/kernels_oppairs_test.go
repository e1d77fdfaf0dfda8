//go:build gmplab_oppairs

package lang

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

var opPairsTop = flag.Int("oppairs-top", 12, "TestKernelOpPairs: the pairs to print for each kernel")

// TestKernelOpPairs prints, for each kernel at its test size, the pairs of
// dispatches of the fast loop it runs most, with their share: what
// docs/hacking.md says to pick a superinstruction from.
//
//	go test -tags gmplab_oppairs ./lang -run KernelOpPairs -v
func TestKernelOpPairs(t *testing.T) {
	for _, k := range kernels {
		prog, err := CompileFile(filepath.Join("testdata", "kernels", k.name+".go"))
		if err != nil {
			t.Fatal(err)
		}
		mc, err := runtime.New(prog, runtime.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		mc.SetArgs(k.test)
		vm.TakeOpPairs()
		if ex := mc.Run(func(*runtime.Event) {}); ex == nil || ex.Code != 0 {
			t.Fatalf("%s: %+v", k.name, ex)
		}
		pairs := vm.TakeOpPairs()
		var total int64
		for _, p := range pairs {
			total += p.Count
		}
		if total == 0 {
			t.Fatalf("%s: no dispatch counted", k.name)
		}
		t.Logf("%s: %d dispatches", k.name, total)
		for _, p := range pairs[:min(*opPairsTop, len(pairs))] {
			t.Logf("  %5.1f%% %s %s", 100*float64(p.Count)/float64(total), p.First, p.Then)
		}
	}
}
