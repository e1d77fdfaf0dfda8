package inline_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/gmplab/gmplab/lang/inline"
)

// analyze type-checks a program without imports and runs the model.
func analyze(t *testing.T, src string) (*inline.Package, map[string]*inline.Func, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Implicits: map[ast.Node]types.Object{}, Instances: map[*ast.Ident]types.Instance{}}
	if _, err := (&types.Config{}).Check("main", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	var decls []*ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			decls = append(decls, fd)
		}
	}
	p := inline.Analyze(inline.Config{Info: info}, decls)
	byName := map[string]*inline.Func{}
	for _, fn := range p.Funcs() {
		byName[fn.Name] = fn
	}
	return p, byName, fset
}

// inl.go: CanInline's hairy visitor, with the costs go build
// -gcflags=-m=2 reports for these functions (go1.26.8), and the budget.
func TestHairyVisitorCosts(t *testing.T) {
	_, fs, _ := analyze(t, `package main

var sink int

func leaf(i int) int { return i & 7 }
func step(i int) int { return leaf(i) + leaf(i+1) }
func loop(n int) int { s := 0; for i := 0; i < n; i++ { s += i }; return s }

//go:noinline
func never(i int) int { return i }
func callsNever(i int) int { return never(i) }
func param(f func() int) int { return f() }
func spawn() { go leaf(1) }
func big(n int) int {
	s := never(n) + never(n+1)
	return s
}
func main() {}
`)
	for name, want := range map[string]struct {
		cost      int32
		inlinable bool
		reason    string
	}{
		"leaf":       {4, true, ""},
		"step":       {18, true, ""},
		"loop":       {22, true, ""},
		"never":      {2, false, "marked go:noinline"},
		"callsNever": {61, true, ""},
		"param":      {20, true, ""},
		"spawn":      {0, false, "unhandled op GO"},
		"big":        {129, false, "function too complex: cost 129 exceeds budget 80"},
	} {
		f := fs[name]
		if f.Inlinable != want.inlinable || f.Reason != want.reason || want.reason != "unhandled op GO" && f.Cost != want.cost {
			t.Errorf("%s: cost %d inlinable %v %q, want %d %v %q", name, f.Cost, f.Inlinable, f.Reason, want.cost, want.inlinable, want.reason)
		}
	}
}

// interleaved and inl.go: canInlineCallExpr: a recursive function is
// inlined into itself once, then the position check stops it; the call
// sites of an inlined body are inlined in turn.
func TestInlineTreeRecursionAndDepth(t *testing.T) {
	p, fs, _ := analyze(t, `package main

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}
func leaf(i int) int { return i & 7 }
func step(i int) int { return leaf(i) + leaf(i+1) }
func spin() { for i := 0; i < 10; i++ { _ = step(i) } }
func main() { _ = depth(3) }
`)
	if d := fs["depth"]; !d.Inlinable {
		t.Fatalf("depth: not inlinable (cost %d): %s", d.Cost, d.Reason)
	}
	tr := p.Tree(fs["depth"])
	if tr.Size() != 2 {
		t.Errorf("depth's tree has %d bodies, want itself and one inlined copy", tr.Size())
	}
	spin := p.Tree(fs["spin"])
	if n := spin.Size(); n != 4 {
		t.Errorf("spin's tree has %d bodies, want spin, step and leaf twice", n)
	}
	for _, site := range spin.Order { // the same node by position, as go/ssa knows calls
		if spin.At(inline.SitePos(site)) != spin.Calls[site] {
			t.Errorf("At(%v) is not the node of the site there", inline.SitePos(site))
		}
	}
	if !p.Leaf(fs["spin"]) || !p.NoSplit(fs["step"]) || p.NoSplit(fs["main"]) {
		t.Errorf("leaf decisions: spin leaf %v, step nosplit %v, main nosplit %v", p.Leaf(fs["spin"]), p.NoSplit(fs["step"]), p.NoSplit(fs["main"]))
	}
}

// devirtualize.StaticCall: a method called on an interface variable that
// only ever holds one concrete value is that type's method, inlined.
func TestDevirtualizedCallInlined(t *testing.T) {
	p, fs, _ := analyze(t, `package main

type I interface{ M() int }
type T struct{ x int }

func (t T) M() int { return t.x }
func use() int {
	var i I = T{3}
	return i.M()
}
func main() { _ = use() }
`)
	if n := p.Tree(fs["use"]).Size(); n != 2 {
		t.Errorf("use's tree has %d bodies, want use and T.M", n)
	}
}

// walk/convert.go: dataWord. Converting a zero-sized value, a bool or a
// one-byte integer to an interface points at static data (zerobase,
// staticuint64s) and calls nothing, so a function that only does that is
// a NOSPLIT leaf (go build -gcflags=-S, go1.26.8: context.Background,
// flag's (*boolValue).Get); an int needs convT64, a call.
func TestInterfaceOfStaticDataCallsNothing(t *testing.T) {
	p, fs, _ := analyze(t, `package main

type empty struct{}
type flag bool
type one struct{ b [1]uint8 }

func zero() any       { return empty{} }
func boolean(b bool) any { return flag(b) }
func single(b one) any   { return b }
func word(i int) any     { return i }
func main() {}
`)
	for name, want := range map[string]bool{"zero": true, "boolean": true, "single": true, "word": false} {
		if got := p.NoSplit(fs[name]); got != want {
			t.Errorf("%s: NOSPLIT %v, want %v", name, got, want)
		}
	}
}

// walk/range.go: walkRange. A range over a string calls runtime.decoderune
// for a rune of two bytes or more whether the loop names the rune, its
// index or neither (go build -gcflags=-S, go1.26.8: each of these calls
// decoderune; unicode/utf8.RuneCountInString is the library's case).
func TestRangeOverStringCallsDecoderune(t *testing.T) {
	p, fs, _ := analyze(t, `package main

func none(s string) (n int) { for range s { n++ }; return n }
func key(s string) (n int)  { for i := range s { n += i }; return n }
func val(s string) (n int)  { for _, r := range s { n += int(r) }; return n }
func bytes(b []byte) (n int) { for range b { n++ }; return n }
func main() {}
`)
	for name, want := range map[string]bool{"none": false, "key": false, "val": false, "bytes": true} {
		if got := p.NoSplit(fs[name]); got != want {
			t.Errorf("%s: NOSPLIT %v, want %v", name, got, want)
		}
	}
}

// ssagen/ssa.go: a slicing operation assigned back to its source from its
// start (ir.SameSafeExpr) writes only the length and capacity, with no
// write barrier; from another start it writes the pointer (go build
// -gcflags=-S, go1.26.8: reset, trunc and shrink are NOSPLIT, drop is not;
// bytes.(*Buffer).Reset is the library's case).
func TestSliceOfItselfNoWriteBarrier(t *testing.T) {
	p, fs, _ := analyze(t, `package main

type buf struct {
	b   []byte
	off int
}

func (x *buf) reset()      { x.b = x.b[:0]; x.off = 0 }
func (x *buf) drop()       { x.b = x.b[1:] }
func (x *buf) trunc(n int) { x.b = x.b[0:n:n] }

var g []int

func shrink() { g = g[:len(g)-1] }
func main()   {}
`)
	for name, want := range map[string]bool{"(*buf).reset": true, "(*buf).drop": false, "(*buf).trunc": true, "shrink": true} {
		f := fs[name]
		if f == nil {
			t.Fatalf("no function %s", name)
		}
		if got := p.NoSplit(f); got != want {
			t.Errorf("%s: NOSPLIT %v, want %v", name, got, want)
		}
	}
}

// walk/compare.go: walkCompare. An interface compared with nil tests its
// type word; with another interface it calls efaceeq or ifaceeq (go build
// -gcflags=-S, go1.26.8: isNil is NOSPLIT, same is not; flag's
// (*FlagSet).Output is the library's case).
func TestInterfaceAgainstNilCallsNothing(t *testing.T) {
	p, fs, _ := analyze(t, `package main

func isNil(x any) bool   { return x == nil }
func same(x, y any) bool { return x != y }
func main()              {}
`)
	for name, want := range map[string]bool{"isNil": true, "same": false} {
		if got := p.NoSplit(fs[name]); got != want {
			t.Errorf("%s: NOSPLIT %v, want %v", name, got, want)
		}
	}
}
