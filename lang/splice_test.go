package lang

import (
	"os"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// The calls the model of cmd/compile's inliner inlines are spliced into
// their callers (ssagen/splice.go, cmd/compile/internal/inline:
// mkinlcall): the structs kernel's step has no call of vec.add left, main
// no call of step, and their inline trees name the bodies spliced, the
// innermost (add) under step's entry, as the compiler's InlTree has them.
func TestSpliceInlinedBodies(t *testing.T) {
	src, err := os.ReadFile("testdata/kernels/structs.go")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile("structs.go", src)
	if err != nil {
		t.Fatal(err)
	}
	name := func(fi int32) string { return p.Funcs[fi].Name }
	for _, fn := range []string{"main.(*body).step", "main.main"} {
		for _, in := range funcCode(t, p, fn) {
			if in.Op == vm.OpCall && (name(in.A) == "main.vec.add" || name(in.A) == "main.(*body).step") {
				t.Errorf("%s still calls %s", fn, name(in.A))
			}
		}
	}
	var main *vm.Func
	for i := range p.Funcs {
		if p.Funcs[i].Name == "main.main" {
			main = &p.Funcs[i]
		}
	}
	var step, add int32 = -1, -1
	for i, e := range main.InlTree {
		switch name(e.Fn) {
		case "main.(*body).step":
			step = int32(i)
		case "main.vec.add":
			add = int32(i)
		}
	}
	if step < 0 || add < 0 || main.InlTree[add].Parent != step || main.InlTree[step].Parent != -1 {
		t.Fatalf("main.main's inline tree %+v: want add under step under main", main.InlTree)
	}
}
