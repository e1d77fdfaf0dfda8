package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/lang/inline"
	"github.com/gmplab/gmplab/vm"
)

// The code generator's frame: the program being built, and per function a
// fnState that emits instructions, tracks the operand stack's depth (for
// MaxStack and as a consistency check) and resolves variables to their
// storage.
//
// Variables. A local lives in a slot of its frame, unless a closure
// captures it: then the slot holds the id of a box (a heap cell, OpNewBox)
// and the closure carries the box (OpClosure). Package-level variables are
// globals. A sync.WaitGroup or sync.Mutex variable holds the object's id,
// so &wg is the variable's value.
//
// Layout of Program.Funcs: the package's functions in source order, then
// main.init (globals and init funcs, if any) and runtime.main, then closures
// and synthetic wrappers in the order they are met.

// Short lists for "not supported" errors.
const (
	supStmts = "gmplab supports: func, methods, closures, go, defer, if, for, range over an int, a string, a slice, a map, a channel or a function, switch, type switch, select, break, continue, goto, return, panic, recover"
	supTypes = "gmplab supports: every integer type, float32, float64, bool, string, time.Duration, time.Time, chan, func, structs, arrays, pointers, slices, maps, interfaces (any, error, your own), named types of these, *sync.WaitGroup, *sync.Mutex, *sim.Conn"
	supExprs = "gmplab supports: arithmetic, comparisons, &&, ||, strings (+, len, s[i], s[i:j]), calls, closures, conversions between integers and floats, <-ch"
)

type compiler struct {
	fset *token.FileSet
	file *ast.File
	info *types.Info

	inlFuncs []inlFunc       // the compiled functions with a body (inlining.go)
	inl      *inline.Package // the inliner's model of the program (inlining.go)
	pkg      *types.Package
	libs     *libs
	errs     *errList
	prog     *vm.Program
	tfile    *token.File

	strIdx      map[string]int32
	funcIdx     map[*types.Func]int32 // package-level functions
	globals     map[*types.Var]int32
	captured    map[*types.Var]bool           // locals that live in boxes
	freeVars    map[*ast.FuncLit][]*types.Var // what each closure captures, in order
	wgGoFn      int32                         // sync.(*WaitGroup).Go.func1, or -1
	reported    map[token.Pos]bool            // positions with a "not supported" error
	reportedWhy map[string]bool               // unsupported types already reported
	skipped     map[*types.Func]bool          // functions not compiled (already reported)
	layoutTypes []types.Type                  // Program.Layouts[i] describes layoutTypes[i] (a struct or an array)
	methodWrap  map[int32]int32               // method value wrappers (T.M-fm), by the method's function
	embedPath   map[ast.Expr][]int            // receivers of library methods promoted from embedded fields
	ifaceTypes  []types.Type                  // Program.Types[i] describes ifaceTypes[i]
	errString   int32                         // the type id of *errors.errorString, or -1

	boxedGlobals map[*types.Var]bool // globals whose address is taken (pointer.go)

	gen genericState // generic functions and their instantiations (generic.go)

	kindVisiting []*types.Named // the named types kindOf is classifying, outermost first

	lenient     bool                            // the type checker found errors (report.go)
	tainted     []span                          // what it could not type
	runtimeErrs bool                            // the runtime's error types are declared (recover.go)
	synthTypes  map[string]int32                // library error types (lib_errors.go)
	promoted    map[string]int32                // wrappers of promoted methods (iface.go)
	errorsJoin  int32                           // 1 + errors.Join's function, 0: not yet
	srcQueue    []*ast.FuncDecl                 // library source functions to compile (srcpkg.go)
	fileIdx     map[*token.File]int32           // Program.Files index of each library file
	srcReached  map[*types.Package]bool         // source packages the program uses (srcpkg.go)
	srcPkgs     []*types.Package                // the same, in the order reached
	rangeLits   map[*ast.RangeStmt]*ast.FuncLit // the bodies of range-over-func loops, as closures (rangefunc.go)
}

func newCompiler(fset *token.FileSet, f *ast.File, src []byte, info *types.Info, pkg *types.Package, l *libs, errs *errList) *compiler {
	c := &compiler{
		fset: fset, file: f, info: info, pkg: pkg, libs: l, errs: errs,
		prog:        &vm.Program{Files: []string{fset.File(f.Pos()).Name()}, Sources: [][]byte{src}, Init: -1},
		tfile:       fset.File(f.Pos()),
		strIdx:      map[string]int32{},
		funcIdx:     map[*types.Func]int32{},
		globals:     map[*types.Var]int32{},
		captured:    map[*types.Var]bool{},
		freeVars:    map[*ast.FuncLit][]*types.Var{},
		wgGoFn:      -1,
		reported:    map[token.Pos]bool{},
		reportedWhy: map[string]bool{},
		skipped:     map[*types.Func]bool{},
		methodWrap:  map[int32]int32{},
		embedPath:   map[ast.Expr][]int{},
		errString:   -1,
		fileIdx:     map[*token.File]int32{},
		synthTypes:  map[string]int32{},
		promoted:    map[string]int32{},
	}
	c.boxedGlobals = map[*types.Var]bool{}
	for _, imp := range f.Imports {
		// os, and fmt and sim (through net) which import it: os's init wraps
		// stdin, stdout and stderr with os.NewFile: its SetFinalizer
		// starts the runtime's finalizer goroutine (mfinal.go: createfing).
		if path, err := strconv.Unquote(imp.Path.Value); err == nil && (path == "fmt" || path == simPath || path == "os") {
			c.prog.InitsOS = true
		}
	}
	return c
}

// unsupported reports a construct outside the subset, once per position.
func (c *compiler) unsupported(pos token.Pos, what, list string) {
	if c.reported[pos] || c.isTainted(pos, what) {
		return
	}
	c.reported[pos] = true
	c.errs.add(pos, "%s", notSupported(what, list))
}

func (c *compiler) errorf(pos token.Pos, format string, args ...any) {
	if c.reported[pos] || c.isTainted(pos, format) {
		return
	}
	c.reported[pos] = true
	c.errs.add(pos, format, args...)
}

func (c *compiler) pos(p token.Pos) vm.Pos {
	if !p.IsValid() {
		return vm.Pos{}
	}
	ps := c.fset.Position(p)
	return vm.Pos{File: c.fileIndex(p), Line: int32(ps.Line), Col: int32(ps.Column)}
}

func (c *compiler) str(s string) int32 {
	if i, ok := c.strIdx[s]; ok {
		return i
	}
	i := int32(len(c.prog.Strings))
	c.prog.Strings = append(c.prog.Strings, s)
	c.strIdx[s] = i
	return i
}

// newFunc reserves a function index.
func (c *compiler) newFunc(name string) int32 {
	c.prog.Funcs = append(c.prog.Funcs, vm.Func{Name: name})
	return int32(len(c.prog.Funcs) - 1)
}

func (c *compiler) isGlobal(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// compile compiles the package into c.prog.
func (c *compiler) compile() {
	c.findCaptures(c.file)
	var decls []*ast.FuncDecl
	var inits []*ast.FuncDecl
	for _, d := range c.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv != nil {
				if obj, ok := c.info.Defs[d.Name].(*types.Func); ok && c.declareMethod(d, obj) {
					decls = append(decls, d)
				}
				continue
			}
			if d.Type.TypeParams != nil {
				if obj, ok := c.info.Defs[d.Name].(*types.Func); ok && d.Body != nil {
					c.declareGeneric(d, obj)
				}
				continue
			}
			if d.Body == nil {
				c.errorf(d.Name.Pos(), "missing function body") // the compiler's words
				continue
			}
			obj, _ := c.info.Defs[d.Name].(*types.Func)
			if obj == nil {
				continue
			}
			if d.Name.Name == "init" {
				inits = append(inits, d)
				c.funcIdx[obj] = c.newFunc("main.init." + strconv.Itoa(len(inits)-1))
			} else {
				c.funcIdx[obj] = c.newFunc("main." + d.Name.Name)
			}
			decls = append(decls, d)
		case *ast.GenDecl:
			switch d.Tok {
			case token.TYPE:
				c.typeDecl(d)
			case token.VAR:
				for _, s := range d.Specs {
					vs := s.(*ast.ValueSpec)
					for _, n := range vs.Names {
						if v, ok := c.info.Defs[n].(*types.Var); ok && n.Name != "_" {
							c.checkVarType(n.Pos(), v.Type())
							c.globals[v] = int32(len(c.globals))
						}
					}
				}
			}
		}
	}
	c.prog.Globals = len(c.globals)

	// main.init: sync objects of package-level variables, then the
	// initialisers in dependency order, then the init functions.
	initFs := c.newFnState(nil, "main.init", -1)
	initFs.decl = c.file.Name.Pos()
	hasInit := initFs.boxGlobals()
	for _, d := range c.file.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, s := range g.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					continue
				}
				for _, n := range vs.Names {
					if v, ok := c.info.Defs[n].(*types.Var); ok && n.Name != "_" {
						if _, ok := c.syncNewOp(v.Type()); (ok || c.isStructKind(v.Type())) && !c.boxedGlobals[v] {
							initFs.setPos(n.Pos())
							initFs.zeroValue(v.Type())
							initFs.emit(vm.OpStoreGlob, c.globals[v], 0, 1, 0)
							hasInit = true
						}
					}
				}
			}
		}
	}
	for _, ini := range c.info.InitOrder {
		hasInit = true
		initFs.setPos(ini.Rhs.Pos())
		if len(ini.Lhs) == 1 {
			initFs.expr(ini.Rhs)
		} else if !initFs.multiValue(ini.Rhs, len(ini.Lhs)) {
			continue
		}
		for k := len(ini.Lhs) - 1; k >= 0; k-- {
			v := ini.Lhs[k]
			if g, ok := c.globals[v]; ok && c.boxedGlobals[v] {
				initFs.store(v)
			} else if ok {
				initFs.emit(vm.OpStoreGlob, g, 0, 1, 0)
			} else {
				initFs.emit(vm.OpPop, 0, 0, 1, 0)
			}
		}
	}
	for _, d := range inits {
		hasInit = true
		initFs.setPos(d.Name.Pos())
		initFs.call(c.funcIdx[c.info.Defs[d.Name].(*types.Func)], 0, 0, 0)
	}
	if hasInit {
		initFs.setPos(c.file.Name.Pos())
		initFs.emit(vm.OpReturn, 0, 0, 0, 0)
		c.prog.Init = int(initFs.finish())
	} else if int(initFs.idx) == len(c.prog.Funcs)-1 {
		c.prog.Funcs = c.prog.Funcs[:initFs.idx]
	}

	// runtime.main (compiled last: the library's inits are known then):
	// the library packages' inits, main.init, main.main, exit(0).
	rtIdx := c.newFunc("runtime.main")
	for _, d := range decls {
		obj := c.info.Defs[d.Name].(*types.Func)
		idx := c.funcIdx[obj]
		fs := c.newFnState(nil, c.prog.Funcs[idx].Name, idx)
		fs.body(d.Type, obj.Type().(*types.Signature), d.Body, d.Name.Pos())
	}
	libInits := c.compileSource()
	c.prog.Globals = len(c.globals)
	mainObj, _ := c.pkg.Scope().Lookup("main").(*types.Func)
	rt := c.newFnState(nil, "runtime.main", rtIdx)
	rt.decl = c.file.Name.Pos()
	rt.setPos(c.file.Name.Pos())
	for _, fi := range libInits {
		rt.call(fi, 0, 0, 0)
	}
	if hasInit {
		rt.call(int32(c.prog.Init), 0, 0, 0)
	}
	if mainObj == nil || mainObj.Type().(*types.Signature).Params().Len() != 0 || mainObj.Type().(*types.Signature).Results().Len() != 0 {
		c.errorf(c.file.Name.Pos(), "func main must have no arguments and no return values")
	} else if idx, ok := c.funcIdx[mainObj]; ok {
		rt.call(idx, 0, 0, 0)
	}
	rt.emit(vm.OpExit, 0, 0, 0, 0)
	c.prog.Main = int(rt.finish())
}

// syncNewOp is the op that makes a fresh object for a variable of a sync
// value type.
func (c *compiler) syncNewOp(t types.Type) (vm.Op, bool) {
	switch {
	case types.Identical(t, c.libs.wg):
		return vm.OpNewWG, true
	case types.Identical(t, c.libs.mutex), c.libs.isSema(t):
		return vm.OpNewMutex, true
	}
	return 0, false
}

// findCaptures marks the local variables that closures capture (they live
// in boxes) and lists each closure's free variables in order of first use.
func (c *compiler) findCaptures(root ast.Node) {
	var lits []*ast.FuncLit
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		c.markAddressTaken(n)
		switch n := n.(type) {
		case *ast.FuncLit:
			lits = append(lits, n)
			ast.Inspect(n.Type, visit)
			ast.Inspect(n.Body, visit)
			lits = lits[:len(lits)-1]
			return false
		case *ast.RangeStmt:
			if lit := c.rangeFuncLit(n); lit != nil {
				// The body of a range over a function is a closure (rangefunc.go).
				c.rangeFuncCaptures(root, lits, n)
				ast.Inspect(n.X, visit)
				lits = append(lits, lit)
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						ast.Inspect(e, visit)
					}
				}
				ast.Inspect(n.Body, visit)
				lits = lits[:len(lits)-1]
				return false
			}
		case *ast.Ident:
			v, ok := c.info.Uses[n].(*types.Var)
			if !ok || v.IsField() || c.isGlobal(v) || (v.Pkg() != c.pkg && !c.libs.fromSource(v)) {
				return true
			}
			for _, lit := range lits {
				if v.Pos() < lit.Pos() || v.Pos() >= lit.End() {
					c.captured[v] = true
					if !containsVar(c.freeVars[lit], v) {
						c.freeVars[lit] = append(c.freeVars[lit], v)
					}
				}
			}
		}
		return true
	}
	ast.Inspect(root, visit)
}

func containsVar(list []*types.Var, v *types.Var) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// ---- types -------------------------------------------------------------------

type vkind uint8

const (
	kBad    vkind = iota
	kInt          // integers, time.Duration
	kBool         // bool
	kString       // string
	kChan         // chan T
	kFunc         // func values
	kPtr          // *sync.WaitGroup, *sync.Mutex, *sim.Conn
	kSync         // sync.WaitGroup, sync.Mutex: the variable holds the id
	kTime         // time.Time
	kEmpty        // struct{}
	kNil          // untyped nil
	kTuple        // multiple results
	kStruct       // a struct with fields: the id of its object (struct.go)
	kObjPtr       // a pointer to a struct: the id of its object, 0 for nil
	kSlice        // a slice: the id of its header object, 0 for nil (slice.go)
	kMap          // a map: the id of its table object, 0 for nil (maps.go)
	kIface        // an interface: the id of an interface object, 0 for nil (iface.go)
	kRefPtr       // a pointer to a non-struct: a box or element id, 0 for nil (pointer.go)
	kArray        // an array: the id of its object (array.go)
	kFloat        // float32, float64: the float64 bits (float.go)
)

// kindOf classifies t; why says what is not supported about it.
func (c *compiler) kindOf(t types.Type) (k vkind, why string) {
	t = c.subst(t)
	switch t := t.(type) {
	case nil:
		return kBad, "this expression"
	case *types.Tuple:
		return kTuple, ""
	case *types.Basic:
		switch t.Kind() {
		case types.Int, types.Int64, types.Int32, types.Int16, types.Int8,
			types.Uint8, types.Uint16, types.Uint32, types.UntypedInt, types.UntypedRune,
			types.Uint64, types.Uint, types.Uintptr:
			return kInt, ""
		case types.Float32, types.Float64, types.UntypedFloat:
			return kFloat, ""
		case types.Bool, types.UntypedBool:
			return kBool, ""
		case types.String, types.UntypedString:
			return kString, ""
		case types.UntypedNil:
			return kNil, ""
		}
		return kBad, "type " + t.String()
	case *types.Named:
		if isError(t) || types.IsInterface(t) {
			return kIface, ""
		}
		switch {
		case t == c.libs.duration, c.libs.isTimeType(t, "Month", "Weekday"):
			return kInt, ""
		case t == c.libs.timeT:
			return kTime, ""
		case t == c.libs.wg, t == c.libs.mutex, c.libs.isSema(t):
			return kSync, ""
		case t == c.libs.randSource:
			return kPtr, ""
		case c.libs.isAtomic(t), isBuilder(t), c.libs.isTimeType(t, "Timer", "Ticker"):
			return kStruct, ""
		}
		if t.Obj().Pkg() == c.pkg || c.libs.fromSource(t.Obj()) {
			// A type that contains itself (type Tree struct{ Kids []Tree })
			// is being classified further up: its shape is its kind
			// here, and the outer call checks its parts.
			for _, v := range c.kindVisiting {
				if types.Identical(v, t) {
					return shapeKind(t.Underlying()), ""
				}
			}
			c.kindVisiting = append(c.kindVisiting, t)
			k, why := c.kindOf(t.Underlying())
			c.kindVisiting = c.kindVisiting[:len(c.kindVisiting)-1]
			return k, why
		}
		return kBad, "type " + types.TypeString(t, c.qualifier)
	case *types.Pointer:
		if n, ok := t.Elem().(*types.Named); ok && (n == c.libs.wg || n == c.libs.mutex || n == c.libs.conn || c.libs.isTimeType(n, "Location") || c.libs.isSema(n) || isOSFile(n)) {
			return kPtr, ""
		}
		if c.libs.isRandObj(t) {
			return kPtr, ""
		}
		if s, ok := t.Elem().Underlying().(*types.Struct); ok && s.NumFields() > 0 && (!c.libs.isLib(pkgOf(t.Elem())) || c.libs.isAtomic(t.Elem()) || isBuilder(t.Elem()) || c.libs.isTimeType(t.Elem(), "Timer", "Ticker") || c.libs.fromSource(namedObj(t.Elem()))) {
			return kObjPtr, ""
		}
		return c.refKind(t)
	case *types.Chan:
		ek, why := c.kindOf(t.Elem())
		if ek == kBad {
			return kBad, why
		}
		if ek == kSync {
			return kBad, "a channel of " + types.TypeString(t.Elem(), c.qualifier) + " (values)"
		}
		return kChan, ""
	case *types.Signature:
		for i := 0; i < t.Params().Len(); i++ {
			if k, why := c.kindOf(t.Params().At(i).Type()); k == kBad || k == kSync {
				if k == kSync {
					why = "passing " + types.TypeString(t.Params().At(i).Type(), c.qualifier) + " by value"
				}
				return kBad, why
			}
		}
		for i := 0; i < t.Results().Len(); i++ {
			if k, why := c.kindOf(t.Results().At(i).Type()); k == kBad || k == kSync {
				if k == kSync {
					why = "returning " + types.TypeString(t.Results().At(i).Type(), c.qualifier) + " by value"
				}
				return kBad, why
			}
		}
		return kFunc, ""
	case *types.Struct:
		if t.NumFields() == 0 {
			return kEmpty, ""
		}
		return c.structKind(t)
	case *types.Alias:
		return c.kindOf(types.Unalias(t))
	case *types.Slice:
		switch ek, why := c.kindOf(t.Elem()); ek {
		case kBad:
			return kBad, why
		case kSync:
			return kBad, "a slice of " + types.TypeString(t.Elem(), c.qualifier) + " (values)"
		}
		return kSlice, ""
	case *types.Map:
		return c.mapKind(t)
	case *types.Array:
		return c.arrayKind(t)
	case *types.Interface:
		return kIface, ""
	}
	return kBad, "type " + types.TypeString(t, c.qualifier)
}

// shapeKind is the kind of a type that can contain itself (through a
// slice, a map, a func or a channel), from its shape alone.
func shapeKind(u types.Type) vkind {
	switch u := u.(type) {
	case *types.Struct:
		if u.NumFields() == 0 {
			return kEmpty
		}
		return kStruct
	case *types.Slice:
		return kSlice
	case *types.Map:
		return kMap
	case *types.Signature:
		return kFunc
	case *types.Chan:
		return kChan
	case *types.Array:
		return kArray
	}
	return kBad
}

func (c *compiler) qualifier(p *types.Package) string {
	if p == c.pkg {
		return ""
	}
	return p.Name()
}

// checkVarType reports a variable whose type is outside the subset.
func (c *compiler) checkVarType(pos token.Pos, t types.Type) bool {
	k, why := c.kindOf(t)
	if k == kBad {
		c.badType(pos, why)
		return false
	}
	return true
}

// badType reports a type outside the subset, once per kind of problem: the
// uses of a variable of that type would only repeat it.
func (c *compiler) badType(pos token.Pos, why string) {
	if c.reportedWhy[why] {
		return
	}
	c.reportedWhy[why] = true
	list := supTypes
	switch {
	case strings.HasPrefix(why, "passing "), strings.HasPrefix(why, "returning "):
		list = "use a pointer: *sync.WaitGroup, *sync.Mutex"
	case strings.HasPrefix(why, "an array of more than"):
		list = "the simulator's limit: use a slice, make([]T, n)"
	}
	c.unsupported(pos, why, list)
}

// intBits gives the width and signedness of an integer type (64 for int,
// int64, time.Duration and untyped constants).
func intBits(t types.Type) (bits int, signed bool) {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch b.Kind() {
		case types.Int8:
			return 8, true
		case types.Int16:
			return 16, true
		case types.Int32:
			return 32, true
		case types.Uint8:
			return 8, false
		case types.Uint16:
			return 16, false
		case types.Uint32:
			return 32, false
		case types.Uint64, types.Uint, types.Uintptr:
			return 64, false
		}
	}
	return 64, true
}

// slotSize is the bytes a value of type t takes in a frame.
func (c *compiler) slotSize(t types.Type) int {
	if k, _ := c.kindOf(t); k == kString {
		return 16
	}
	return 8
}

func (c *compiler) sigArgBytes(sig *types.Signature) int {
	n := 0
	if r := sig.Recv(); r != nil {
		n += c.slotSize(r.Type())
	}
	for i := 0; i < sig.Params().Len(); i++ {
		n += c.slotSize(sig.Params().At(i).Type())
	}
	return n
}
