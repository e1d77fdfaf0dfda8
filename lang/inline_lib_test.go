package lang

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"testing"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// The model judges the library functions of Go's source by their bodies
// (ssa.go: inlineModel). The table of the standard library
// (lang/inline/stdcalls.txt) is the real compiler's decision for every
// exported function of those packages, measured by a call from another
// package: the model's decision for each function it has the body of
// should be the table's (inlinable or not, and an inlinable function's
// cost, which is what a call of it adds to the caller's budget). Where it
// is not (gmplab's source of the function adapted, an intrinsic called),
// a call of the function is what the table says (inline.judgeByTable);
// the test lists them, and checks that no more disagree than did.
func TestInlineLibraryAgainstTable(t *testing.T) {
	lib := loadSSALib()
	lib.checkAll()
	var decls []*ast.FuncDecl
	for _, p := range lib.paths {
		for _, f := range lib.byPkg[p] {
			if !lib.goSource(f.Pos()) {
				continue
			}
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					decls = append(decls, fd)
				}
			}
		}
	}
	model := inline.Analyze(inline.Config{Info: lib.withInfo(nil, decls)}, decls)
	agree, compared := 0, 0
	var diffs []string
	for _, f := range model.Funcs() {
		if f.Obj == nil || !f.Obj.Exported() {
			continue
		}
		if sig := f.Obj.Type().(*types.Signature); sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
			if x, ok := inline.Std(f.Obj); ok && (f.Inlinable != (x.Kind == inline.ExternInline) || f.Cost != x.Cost) {
				t.Logf("generic %s: model %v %d (%s), table %+v", inline.StdKey(f.Obj), f.Inlinable, f.Cost, f.Reason, x)
			}
			continue // the table measures an instance
		}
		x, ok := inline.Std(f.Obj)
		if !ok {
			continue
		}
		want := "call"
		if x.Kind == inline.ExternInline {
			want = "inline " + strconv.Itoa(int(x.Cost))
		} else if x.Kind == inline.ExternIntrinsic {
			continue
		}
		got := "call"
		if f.Inlinable {
			got = "inline " + strconv.Itoa(int(f.Cost))
		}
		compared++
		if got == want {
			agree++
		} else {
			diffs = append(diffs, inline.StdKey(f.Obj)+": model "+got+", compiler "+want+" ("+f.Reason+")")
		}
	}
	slices.Sort(diffs)
	for _, d := range diffs {
		t.Log(d)
	}
	t.Logf("the model agrees with the table on %d of %d library functions", agree, compared)
	// The agreement when the model was first given the library's bodies:
	// a change to the model or the library that loses some fails here
	// (one that gains raises it).
	const floor = 389
	if agree < floor {
		t.Errorf("the model agrees with the table on %d library functions, fewer than the %d it did", agree, floor)
	}
}

// A call the compiler inlines (cmd/compile/internal/inline: mkinlcall
// replaces the call by the callee's body) is no call: the model charges
// it nothing (vm's callCost), where a //go:noinline callee's call costs
// OpCall's figure and its return. The two programs differ in that only.
func TestInlinedCallCostsNothing(t *testing.T) {
	const n = 1000
	src := func(pragma string) []byte {
		return []byte(`package main

import "fmt"

` + pragma + `
func add(a, b int) int { return a + b }

func main() {
	s := 0
	for i := 0; i < ` + strconv.Itoa(n) + `; i++ {
		s = add(s, i)
	}
	fmt.Println(s)
}
`)
	}
	cpu := func(pragma string) int64 {
		prog, err := Compile("add.go", src(pragma))
		if err != nil {
			t.Fatal(err)
		}
		mc, err := runtime.New(prog, runtime.Config{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		if ex := mc.Run(func(*runtime.Event) {}); ex == nil || ex.Code != 0 {
			t.Fatalf("exit %+v", ex)
		}
		return mc.Stats().CPU
	}
	inlined, called := cpu(""), cpu("//go:noinline")
	if want := n * vm.OpCall.Info().Cost / 1000; called-inlined != want {
		t.Errorf("%d calls cost %d ns more with //go:noinline than inlined, want %d (OpCall's figure each)", n, called-inlined, want)
	}
}
