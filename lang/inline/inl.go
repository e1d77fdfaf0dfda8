// Package inline is a model of the Go 1.26.8 compiler's inliner
// (cmd/compile/internal/inline/inl.go and inline/interleaved) and of the
// assembler's choice of NOSPLIT leaf functions (cmd/internal/obj/x86/obj6.go:
// preprocess), on the type-checked syntax tree (go/ast with go/types).
//
// It answers the two questions that decide where a goroutine can be
// preempted cooperatively and where its stack grows: which calls the
// compiler inlines (an inlined call has no prologue, so no stack check:
// no cooperative preemption point, and its frame is merged into the
// caller's), and which functions are left without a prologue check
// because they are small leaves. It needs no toolchain at run time, so the
// command line and the book's WebAssembly stepper decide alike.
//
// The model follows the compiler's two passes. CanInline: every function,
// callees first (ir.VisitFuncsBottomUp), is walked by the hairy visitor,
// which counts the nodes of its body in the compiler's IR (one per node,
// with the same adjustments) and charges a call the cost of the callee's
// body when that call would be inlined, inlineExtraCallCost (57) when not,
// inlineParamCallCost (17) for a call of a parameter; a function is
// inlinable when the cost is within inlineMaxBudget (80; 800 for a
// closure), and never when it contains go, defer or recover or is marked
// //go:noinline. InlineCalls: each function's calls are inlined, and the
// calls of the inlined bodies in turn, where the callee is inlinable and
// cheap enough for the call site (inlineCostOK: 80, 20 in a big function,
// twice for a closure, 800 for a closure called once), except a call back
// into a function already being inlined there (canInlineCallExpr's
// recursion checks): a recursive function is inlined into itself once.
// The result is a Tree per function: its inlined calls, each with the tree
// of the inlined body, per call site.
//
// Functions of the standard library that the model has no body for are
// described by a table measured on the real compiler (extern.go,
// stdcalls.txt): the cost a call to each adds, whether it is inlined or an
// intrinsic, and whether its inlined body calls anything. A library
// function the model is given the body of is judged by it, but a call of
// one whose decision is not the table's is what the table says
// (judgeByTable: the body is an adaptation of Go's, or calls an
// intrinsic).
//
// Simplified (docs/assumptions.md): the IR is reconstructed from the
// syntax tree, so constructs whose IR the compiler rewrites (range over a
// function, select cases with two results, generic code's dictionaries)
// are counted approximately; the profile-guided and new inliner's
// heuristics are off, as in a default build; an interface method call is
// devirtualized only when its receiver is a local variable given one
// concrete value (devirtualize.StaticCall's OCONVIFACE case); a func value
// is followed through an inlined call only to a literal its callee
// returns; package-level initialisers are not analyzed; dead code after a
// constant condition is counted. There is no escape analysis: leaf.go
// takes every allocation that may escape for a call, and estimates a
// leaf's frame from its locals that cannot live in registers. The
// agreement with the real compiler over gmplab's corpus is measured by
// lang's TestInlineAgainstCompiler, its known disagreements listed in
// lang/testdata/inline/known.txt.
package inline

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The budget parameters of inl.go, by the compiler's names.
const (
	inlineMaxBudget             = 80
	inlineExtraCallCost         = 57
	inlineParamCallCost         = 17
	inlineExtraPanicCost        = 1
	inlineBigFunctionNodes      = 5000
	inlineBigFunctionMaxCost    = 20
	inlineClosureCalledOnceCost = 10 * inlineMaxBudget
	closureExprCost             = 15 // hairyVisitor: OCLOSURE
)

// Func is a function the model has the body of: a declared function or
// method, or a function literal.
type Func struct {
	Name   string         // as -m prints it: "f", "T.M", "(*T).M", "main.func1"
	Pos    token.Pos      // where -m places it: the name, a method's receiver, a literal's func
	Obj    *types.Func    // nil for a literal
	Lit    *ast.FuncLit   // a literal
	Range  *ast.RangeStmt // the body of a range over a function, which the compiler makes a closure (rangefunc/rewrite.go)
	Type   *ast.FuncType  // its signature's syntax (nil for a range body)
	Body   *ast.BlockStmt
	Parent *Func // the function a literal or a range body is in

	// The CanInline pass.
	Cost      int32  // the hairy visitor's count of the whole body (as -m=2 reports it)
	Inlinable bool   // CanInline saved its body
	Reason    string // why not inlinable, in the compiler's words ("" if inlinable)
	Big       bool   // IsBigFunc: more than 5000 nodes

	tabled   bool // a call of it is what the table says (judgeByTable)
	noinline bool // //go:noinline
	nosplit  bool // //go:nosplit
	checked  bool // CanInline done
	order    int  // in the bottom-up order
}

// IsClosure reports whether f is a closure: a function literal or the
// body of a range over a function.
func (f *Func) IsClosure() bool { return f.Lit != nil || f.Range != nil }

// Config is what Analyze needs.
type Config struct {
	// Info is the type-checked program: the functions' bodies and the
	// library source a program reaches, checked into one types.Info.
	Info *types.Info
	// Extern describes a library function as the real compiler compiles
	// a call of it from another package, by its types.Func (nil: the
	// standard library table, Std): the functions the model has no body
	// for, and those whose body it judges otherwise (judgeByTable).
	Extern func(*types.Func) (Extern, bool)
}

// Package is the model's view of a program: its functions and their
// inlining decisions.
type Package struct {
	cfg     Config
	funcs   []*Func
	byBody  map[*ast.BlockStmt]*Func
	byObj   map[*types.Func]*Func
	byLit   map[*ast.FuncLit]*Func
	byRange map[*ast.RangeStmt]*Func

	defs       map[*types.Var]ast.Expr // a local variable's initial value
	reassigned map[*types.Var]bool     // a local variable assigned after its declaration, or whose address is taken
	params     map[*types.Var]bool     // the functions' parameters
	captured   map[*types.Var]bool     // variables a closure uses from outside it
	useCounts  map[*Func]int           // resolved call sites per callee (interleaved: calleeUseCounts)
	trees      map[*Func]*Tree
}

// Analyze runs the model over the function declarations decls (with the
// literals inside them): CanInline for each, callees first.
func Analyze(cfg Config, decls []*ast.FuncDecl) *Package {
	if cfg.Extern == nil {
		cfg.Extern = Std
	}
	p := &Package{cfg: cfg, byBody: map[*ast.BlockStmt]*Func{}, byObj: map[*types.Func]*Func{}, byLit: map[*ast.FuncLit]*Func{}, byRange: map[*ast.RangeStmt]*Func{},
		defs: map[*types.Var]ast.Expr{}, reassigned: map[*types.Var]bool{}, params: map[*types.Var]bool{}, captured: map[*types.Var]bool{},
		useCounts: map[*Func]int{}, trees: map[*Func]*Tree{}}
	for _, d := range decls {
		if d.Body == nil {
			continue
		}
		obj, _ := cfg.Info.Defs[d.Name].(*types.Func)
		if obj == nil {
			continue
		}
		f := &Func{Name: declName(d, obj), Pos: d.Name.Pos(), Obj: obj, Type: d.Type, Body: d.Body}
		if d.Recv != nil {
			f.Pos = d.Recv.Opening
		}
		f.noinline, f.nosplit = pragmas(d.Doc)
		p.add(f)
		p.findLits(f, d.Body)
	}
	for _, f := range p.funcs {
		p.scanVars(f)
	}
	for _, f := range p.bottomUp() {
		p.canInline(f)
		p.judgeByTable(f)
	}
	p.countUses()
	return p
}

// judgeByTable makes a call of f what the table of library functions
// says (Config.Extern) when the table has f and the model's decision for
// f's body is not the table's: the table is the real compiler's decision
// on Go's own body of f, and the body the model is given may be an
// adaptation of it (gmplab's library keeps some of Go's functions
// simpler, sync.Map on a mutex rather than internal/sync's trie), or a
// function whose body calls an intrinsic (math/bits.LeadingZeros64 calls
// Len64, which the compiler turns into machine instructions). f's own
// body is still the model's: the calls inside it and its prologue. A
// generic function is its body's (the table measures one instance).
func (p *Package) judgeByTable(f *Func) {
	if f.Obj == nil || isGeneric(f) {
		return
	}
	x, ok := p.cfg.Extern(f.Obj)
	if !ok {
		return
	}
	switch x.Kind {
	case ExternIntrinsic:
		f.tabled = true
	case ExternInline:
		f.tabled = !f.Inlinable || f.Cost != x.Cost
	case ExternCall:
		f.tabled = f.Inlinable
	}
}

func (p *Package) add(f *Func) {
	p.funcs = append(p.funcs, f)
	p.byBody[f.Body] = f
	if f.Obj != nil {
		p.byObj[f.Obj] = f
	}
	if f.Lit != nil {
		p.byLit[f.Lit] = f
	}
	if f.Range != nil {
		p.byRange[f.Range] = f
	}
}

// findLits adds the function literals in body, numbered as the compiler
// names closures (outer.func1, outer.func2; inside a closure outer.func1.1),
// and the bodies of ranges over functions (outer-range1).
func (p *Package) findLits(outer *Func, body ast.Node) {
	n, r := 0, 0
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			n++
			name := outer.Name + ".func" + itoa(n)
			if outer.Lit != nil {
				name = outer.Name + "." + itoa(n)
			}
			f := &Func{Name: name, Pos: x.Type.Func, Lit: x, Type: x.Type, Body: x.Body, Parent: outer}
			p.add(f)
			p.findLits(f, x.Body)
			return false
		case *ast.RangeStmt:
			if !p.rangeOverFunc(x) {
				return true
			}
			ast.Inspect(x.X, func(y ast.Node) bool { // literals in the iterator expression
				if lit, ok := y.(*ast.FuncLit); ok {
					n++
					f := &Func{Name: outer.Name + ".func" + itoa(n), Pos: lit.Type.Func, Lit: lit, Type: lit.Type, Body: lit.Body, Parent: outer}
					p.add(f)
					p.findLits(f, lit.Body)
					return false
				}
				return true
			})
			r++
			f := &Func{Name: outer.Name + "-range" + itoa(r), Pos: x.For, Range: x, Body: x.Body, Parent: outer}
			p.add(f)
			p.findLits(f, x.Body)
			return false
		}
		return true
	})
}

// rangeOverFunc reports whether s ranges over a function.
func (p *Package) rangeOverFunc(s *ast.RangeStmt) bool {
	t := p.cfg.Info.TypeOf(s.X)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// Funcs is every function, in the order of the source.
func (p *Package) Funcs() []*Func { return p.funcs }

// FuncOf is the function with body b, or nil.
func (p *Package) FuncOf(b *ast.BlockStmt) *Func { return p.byBody[b] }

// declName is a declared function's name as -m prints it.
func declName(d *ast.FuncDecl, obj *types.Func) string {
	sig := obj.Type().(*types.Signature)
	r := sig.Recv()
	if r == nil {
		return d.Name.Name
	}
	t := r.Type()
	ptr := false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	name := "?"
	if n, ok := types.Unalias(t).(*types.Named); ok {
		name = n.Obj().Name()
		if n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
			name += "[...]"
		}
	}
	if ptr {
		return "(*" + name + ")." + d.Name.Name
	}
	return name + "." + d.Name.Name
}

// pragmas reads //go:noinline and //go:nosplit from a declaration's doc.
func pragmas(doc *ast.CommentGroup) (noinline, nosplit bool) {
	if doc == nil {
		return
	}
	for _, c := range doc.List {
		switch c.Text {
		case "//go:noinline":
			noinline = true
		case "//go:nosplit":
			nosplit = true
		}
	}
	return
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
