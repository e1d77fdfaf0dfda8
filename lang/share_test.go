package lang

import (
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// TestStructLoadsShared checks lang/ssagen/share.go where it applies and
// where it must not: a small struct (one cmd/compile's CanSSA keeps in
// registers) loaded only to be passed to a function that reads its fields
// is not copied into an object of its own, and a call's struct result
// stored at once is freed at its store (ObjMove where ObjAssign was); a
// load whose source is written while it is used, a bigger struct, or a
// result that is not the callee's own object keeps its copy
// (testdata/run/struct_shared_loads.go also prints what go run prints).
func TestStructLoadsShared(t *testing.T) {
	type want struct {
		fn   string
		line int
		op   vm.Op
		n    int
	}
	for _, c := range []struct {
		file  string
		wants []want
	}{
		{"testdata/kernels/structs.go", []want{
			// b.pos = b.pos.add(b.vel): neither load copied, add's
			// result freed at the store.
			{"main.(*body).step", 24, vm.OpObjCopy, 0},
			{"main.(*body).step", 24, vm.OpObjMove, 1},
			{"main.(*body).step", 24, vm.OpObjAssign, 0},
			// b.mass * b.vel.dot(b.vel)
			{"main.body.energy", 34, vm.OpObjCopy, 0},
			// b.energy(): a body has five words, which compiled Go
			// copies in memory too.
			{"main.main", 46, vm.OpObjCopy, 1}, // go/ssa puts the load at the if
		}},
		{"testdata/run/struct_shared_loads.go", []want{
			{"main.main", 41, vm.OpObjCopy, 0},
			{"main.main", 41, vm.OpObjMove, 1},
			// v := b.pos, then b.pos.x = 50 before v is printed.
			{"main.main", 45, vm.OpObjCopy, 1},
			// sumAfter writes through its pointer.
			{"main.main", 50, vm.OpObjCopy, 2},
			// keep's result is its parameter: assigned, not freed.
			{"main.main", 56, vm.OpObjAssign, 1},
			{"main.main", 56, vm.OpObjMove, 0},
			// twice's result is its own copy of its parameter, not a
			// composite literal of its own.
			{"main.main", 61, vm.OpObjAssign, 1},
			{"main.main", 68, vm.OpObjMove, 1},
			{"main.main", 74, vm.OpObjMove, 1},
			// u := arr[1], then pp.x = 99 before u is used.
			{"main.main", 76, vm.OpObjCopy, 1},
		}},
	} {
		p, err := CompileFile(c.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range c.wants {
			fi := -1
			for i := range p.Funcs {
				if p.Funcs[i].Name == w.fn {
					fi = i
				}
			}
			if fi < 0 {
				t.Fatalf("%s: no function %s", c.file, w.fn)
			}
			f := &p.Funcs[fi]
			n := 0
			for pc, in := range f.Code {
				if in.Op == w.op && int(f.Pos[pc].Line) == w.line {
					n++
				}
			}
			if n != w.n {
				t.Errorf("%s:%d (%s): %d %s, want %d\n%s", c.file, w.line, w.fn, n, w.op, w.n, p.DisasmFunc(fi))
			}
		}
	}
}
