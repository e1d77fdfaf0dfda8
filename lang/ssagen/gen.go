package ssagen

import (
	"fmt"
	"go/token"
	"go/types"
	"go/version"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/vm"
)

// The program: what Generate builds around the functions (func.go):
// their indices, the strings, files and positions, the globals, and
// runtime.main, which initialises the packages and calls main.main.

// Error is a program the generator cannot compile: something the front
// end's checks should have refused (a position and what), or a bug in
// the generator (Internal).
type Error struct {
	Pos      token.Position
	Msg      string
	Internal bool
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return e.Pos.String() + ": " + e.Msg
	}
	return e.Msg
}

// Options are what the front end knows about the program beyond its SSA.
type Options struct {
	// Source returns the text of a file by name, for Program.Sources
	// (the debugger's `list`); nil if unknown.
	Source func(filename string) []byte
	// InitsOS: see vm.Program.InitsOS.
	InitsOS bool
	// GoCall, if not nil, is the position of the call of the go
	// statement whose keyword is at pos (the position the runtime's
	// newproc names: the call's).
	GoCall func(pos token.Pos) token.Pos
	// PackagePos is where the package of import path path is declared
	// (the package clause of its first file): the position of the code
	// of its initialiser.
	PackagePos func(path string) token.Pos
	// Inline, if not nil, makes the model of the compiler's inliner for
	// the program (lang/inline) once its code is generated, given every
	// function generated with a body (the program's and the library's it
	// reaches, in order): inline.go gives the model's decisions to the
	// code.
	Inline func(generated []*ssa.Function) *inline.Package
	// Release is the Go release whose names the program's functions get
	// ("go1.27"; "" is Go 1.26's): the release of the toolchain that built
	// gmplab, as its library is (lang/srcpkg.go: srcRelease).
	Release string
}

// gen is one program being generated.
type gen struct {
	ssa  *ssa.Program
	fset *token.FileSet
	main *ssa.Package
	opts Options
	out  *vm.Program

	funcs     map[*ssa.Function]int32
	queue     []*ssa.Function
	names     map[*ssa.Function]string
	strs      map[string]int32
	files     map[*token.File]int32
	globals   map[*ssa.Global]int32
	types     typeTable
	wraps     map[string]int32              // functions the generator makes (thunks of externals, …), by name
	nwraps    map[string]int                // go and defer wrappers made per function and kind
	freeKinds map[*ssa.Function][]bool      // for each closure, which free variables are boxes (makeClosure)
	sites     map[int32]map[token.Pos]int32 // each function's call instructions by position (inline.go)
	generated []*ssa.Function               // the functions with a body, in order
	pureFns   pureState                     // functions that write only their own locals (share.go)
	freshFns  map[*ssa.Function]bool        // functions that return an object made for the result (share.go)

	err *Error
}

// Generate compiles package main of prog, and every function it reaches,
// into a program for the VM. A panic in the generator is returned as an
// internal Error.
func Generate(prog *ssa.Program, main *ssa.Package, opts Options) (out *vm.Program, err error) {
	g := &gen{
		ssa: prog, fset: prog.Fset, main: main, opts: opts,
		out:       &vm.Program{Init: -1, InitsOS: opts.InitsOS},
		funcs:     map[*ssa.Function]int32{},
		names:     map[*ssa.Function]string{},
		strs:      map[string]int32{},
		files:     map[*token.File]int32{},
		globals:   map[*ssa.Global]int32{},
		wraps:     map[string]int32{},
		nwraps:    map[string]int{},
		freeKinds: map[*ssa.Function][]bool{},
		sites:     map[int32]map[token.Pos]int32{},
	}
	g.types.init(g)
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Error); ok {
				out, err = nil, e
				return
			}
			out, err = nil, &Error{Msg: fmt.Sprintf("%v\n%s", r, debug.Stack()), Internal: true}
		}
	}()
	mainFn := main.Func("main")
	if mainFn == nil {
		return nil, &Error{Msg: "function main is undeclared in the main package"}
	}
	finishMain := g.runtimeMain(mainFn)
	for len(g.queue) > 0 {
		fn := g.queue[0]
		g.queue = g.queue[1:]
		g.function(fn)
	}
	finishMain()
	g.out.Globals = len(g.globals)
	if opts.Inline != nil {
		g.applyInlining(opts.Inline(g.generated))
		g.splice()
	}
	return g.out, nil
}

// fail stops the generation with an error at pos.
func (g *gen) fail(pos token.Pos, format string, args ...any) {
	panic(&Error{Pos: g.fset.Position(pos), Msg: fmt.Sprintf(format, args...)})
}

// str is the Program.Strings index of s.
func (g *gen) str(s string) int32 {
	if i, ok := g.strs[s]; ok {
		return i
	}
	i := int32(len(g.out.Strings))
	g.out.Strings = append(g.out.Strings, s)
	g.strs[s] = i
	return i
}

// pos is p as a VM position.
func (g *gen) pos(p token.Pos) vm.Pos {
	if !p.IsValid() {
		return vm.Pos{}
	}
	tf := g.fset.File(p)
	if tf == nil {
		return vm.Pos{}
	}
	fi, ok := g.files[tf]
	if !ok {
		fi = int32(len(g.out.Files))
		g.files[tf] = fi
		g.out.Files = append(g.out.Files, tf.Name())
		var src []byte
		if g.opts.Source != nil {
			src = g.opts.Source(tf.Name())
		}
		g.out.Sources = append(g.out.Sources, src)
	}
	ps := tf.Position(p)
	return vm.Pos{File: fi, Line: int32(ps.Line), Col: int32(ps.Column)}
}

// newFunc reserves a function index.
func (g *gen) newFunc(name string) int32 {
	g.out.Funcs = append(g.out.Funcs, vm.Func{Name: name})
	return int32(len(g.out.Funcs) - 1)
}

// funcIndex is the index of fn's VM function, queued for generation the
// first time.
func (g *gen) funcIndex(fn *ssa.Function) int32 {
	if i, ok := g.funcs[fn]; ok {
		return i
	}
	i := g.newFunc(g.funcName(fn))
	g.funcs[fn] = i
	g.queue = append(g.queue, fn)
	return i
}

// global is the slot of package-level variable v.
func (g *gen) global(v *ssa.Global) int32 {
	if i, ok := g.globals[v]; ok {
		return i
	}
	i := int32(len(g.globals))
	g.globals[v] = i
	return i
}

// runtimeMain makes runtime.main: the package-level variables of struct
// and sync types get their zero objects, unicode's range tables that the
// program refers to are built, the packages are initialised in
// dependency order (main.init calls its imports' inits, as go/ssa builds
// it), main.main runs, and the program exits (proc.go: main). The tables
// are known once every function is generated: the returned function
// ends runtime.main then.
func (g *gen) runtimeMain(mainFn *ssa.Function) (finish func()) {
	idx := g.newFunc("runtime.main")
	g.out.Main = int(idx)
	f := g.newFnGen(nil, idx, "runtime.main")
	f.decl = g.packagePos(g.main) // the program's package clause
	if f.decl == token.NoPos {
		f.decl = mainFn.Pos()
	}
	f.setPos(f.decl)
	f.zeroGlobals()
	initIdx := int32(-1)
	if init := g.main.Func("init"); init != nil {
		initIdx = g.funcIndex(init)
	}
	mainIdx := g.funcIndex(mainFn)
	return func() {
		f.unicodeTables()
		if initIdx >= 0 {
			f.emitCall(initIdx, 0, 0)
		}
		f.emitCall(mainIdx, 0, 0)
		f.emit(vm.OpExit, 0, 0)
		f.finish()
	}
}

// packagePos is where package p is declared (its package clause).
func (g *gen) packagePos(p *ssa.Package) token.Pos {
	if p == nil || g.opts.PackagePos == nil {
		return token.NoPos
	}
	return g.opts.PackagePos(p.Pkg.Path())
}

// zeroGlobals gives every package-level variable of a type held in an
// object or a runtime record its zero value, for every package of the
// program (they are zero before any init runs).
func (f *fnGen) zeroGlobals() {
	g := f.g
	var pkgs []*ssa.Package
	for _, p := range g.ssa.AllPackages() {
		pkgs = append(pkgs, p)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Pkg.Path() < pkgs[j].Pkg.Path() })
	for _, p := range pkgs {
		var names []string
		for name, m := range p.Members {
			if _, ok := m.(*ssa.Global); ok {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for _, name := range names {
			v := p.Members[name].(*ssa.Global)
			t := deref(v.Type())
			if !g.types.needsZero(t) {
				continue
			}
			f.zero(t)
			f.emit(vm.OpStoreGlob, g.global(v), 0)
		}
	}
}

// ---- names -------------------------------------------------------------------

// names127 reports whether functions are named as Go 1.27 names them.
func (g *gen) names127() bool {
	return g.opts.Release != "" && version.Compare(g.opts.Release, "go1.27") >= 0
}

// isRangeBody reports whether fn is the body of a range over a function.
func isRangeBody(fn *ssa.Function) bool { return fn.Synthetic == "range-over-func yield" }

// rangeScope appends to out the functions written in fn (its closures and
// range-over-func bodies) and, through its bodies, those written in them.
func rangeScope(fn *ssa.Function, out []*ssa.Function) []*ssa.Function {
	for _, a := range fn.AnonFuncs {
		out = append(out, a)
		if isRangeBody(a) {
			out = rangeScope(a, out)
		}
	}
	return out
}

// funcName is fn's name as the Go toolchain gives it in tracebacks:
// main.f, main.T.M, main.(*T).M, main.main.func1, main.main.func1.2,
// main.T.M-fm, sort.Search, main.Map[...].
func (g *gen) funcName(fn *ssa.Function) string {
	if n, ok := g.names[fn]; ok {
		return n
	}
	n := g.computeName(fn)
	g.names[fn] = n
	return n
}

func (g *gen) computeName(fn *ssa.Function) string {
	if p := fn.Parent(); p != nil {
		// Go 1.26: the body of a range over a function is not an outer
		// function for names: a closure or body in it is numbered in the
		// function that holds the loop (its RangeParent), as the bodies
		// and closures written there directly are
		// (cmd/compile/internal/ir: closureName): main.main-range1, a body
		// nested in it main.main-range2, a closure in either
		// main.main.func2. Go 1.27 numbers them in the body, like any
		// closure's: main.main-range1-range1, main.main-range1.1.
		outer := p
		for isRangeBody(outer) && !g.names127() {
			outer = outer.Parent()
		}
		scope := outer.AnonFuncs
		if !g.names127() {
			scope = rangeScope(outer, nil)
		}
		n := 0
		for _, a := range scope {
			if isRangeBody(a) == isRangeBody(fn) && a.Pos() <= fn.Pos() {
				n++
			}
		}
		name := g.funcName(outer)
		switch {
		case isRangeBody(fn):
			return name + "-range" + strconv.Itoa(n)
		case outer.Parent() != nil:
			return name + "." + strconv.Itoa(n)
		}
		return name + ".func" + strconv.Itoa(n)
	}
	name := fn.Name()
	if o := fn.Origin(); o != nil && o != fn {
		name = o.Name() + "[...]"
	}
	pkg := ""
	if fn.Pkg != nil {
		pkg = fn.Pkg.Pkg.Path()
	} else if obj := fn.Object(); obj != nil && obj.Pkg() != nil {
		pkg = obj.Pkg().Path()
	}
	switch {
	case strings.HasSuffix(name, "$bound"):
		name = strings.TrimSuffix(name, "$bound") + "-fm"
	case strings.HasSuffix(name, "$thunk"):
		name = strings.TrimSuffix(name, "$thunk")
	}
	if recv := fn.Signature.Recv(); recv != nil || fn.Object() != nil && fn.Object().(*types.Func).Type().(*types.Signature).Recv() != nil {
		var rt types.Type
		if recv != nil {
			rt = recv.Type()
		} else {
			rt = fn.Object().(*types.Func).Type().(*types.Signature).Recv().Type()
		}
		if strings.HasSuffix(fn.Name(), "$thunk") && fn.Signature.Params().Len() > 0 {
			rt = fn.Signature.Params().At(0).Type()
		}
		ptr := false
		if p, ok := rt.(*types.Pointer); ok {
			rt, ptr = p.Elem(), true
		}
		tn := "?"
		if n, ok := types.Unalias(rt).(*types.Named); ok {
			tn = n.Obj().Name()
			if n.Obj().Pkg() != nil {
				pkg = n.Obj().Pkg().Path()
			}
			if n.TypeArgs().Len() > 0 {
				tn += "[...]"
			}
		}
		m := name
		if i := strings.IndexByte(m, '['); i >= 0 {
			m = m[:i]
		}
		if strings.HasSuffix(name, "-fm") && !strings.HasSuffix(m, "-fm") {
			m += "-fm"
		}
		if ptr {
			return pkg + ".(*" + tn + ")." + m
		}
		return pkg + "." + tn + "." + m
	}
	if pkg == "" {
		return name
	}
	return pkg + "." + name
}

// deref is the element type of pointer type t.
func deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
