package inline

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Leaf functions (cmd/internal/obj/x86/obj6.go: preprocess): on amd64 a
// function whose code has no CALL after inlining (the runtime's zero-
// argument panics for bounds and division aside: isZeroArgRuntimeCall)
// and whose frame is under StackSmall (128 bytes, with the saved BP) is
// marked NOSPLIT: it has no prologue, so it is no cooperative preemption
// point and never grows the stack.

// stackSmall is abi.StackSmall.
const stackSmall = 128

// Leaf reports whether f, compiled with its inlining tree, calls nothing:
// no call is left (every site of every body inlined, or an intrinsic or
// an inlined library function that calls nothing), and no operation of
// the bodies compiles to a call of the runtime (allocation, maps,
// channels, string concatenation, interface conversions, …; the bounds
// and division panics do not count).
//
// Simplified: whether an allocation escapes (and so calls the runtime) is
// the compiler's escape analysis; the model takes every allocation that
// may escape for a call.
func (p *Package) Leaf(f *Func) bool {
	leaf := true
	p.Tree(f).Each(func(t *Tree, _ int) {
		if !leaf {
			return
		}
		for _, site := range p.sites(t.Func.Body) {
			if _, ok := t.Calls[site]; ok {
				continue
			}
			if call, ok := site.(*ast.CallExpr); ok {
				if x, ok := t.Extern[call]; ok && !x.Calls {
					continue
				}
			}
			leaf = false
			return
		}
		if t.Func.Range != nil || p.opCalls(t.Func) {
			leaf = false // a range body checks its state: runtime.panicrangestate
		}
	})
	return leaf
}

// Frame is the model's estimate of f's frame on amd64 (the locals the
// register allocator cannot keep in registers: arrays of more than one
// element, structs of more than four fields, variables whose address is
// taken), its inlined bodies' included.
func (p *Package) Frame(f *Func) int64 {
	var n int64
	p.Tree(f).Each(func(t *Tree, _ int) {
		n += p.memLocals(t.Func.Body)
	})
	return n
}

// NoSplit reports whether f gets no prologue check: //go:nosplit, or a
// leaf whose frame (with the saved BP, when there is a frame) is under
// StackSmall (obj6.go: preprocess).
func (p *Package) NoSplit(f *Func) bool {
	if f.nosplit {
		return true
	}
	if !p.Leaf(f) {
		return false
	}
	fr := p.Frame(f)
	return fr == 0 || fr+8 < stackSmall
}

// opCalls reports whether an operation of f's body (not of its literals
// or range bodies) compiles to a call.
func (p *Package) opCalls(f *Func) bool {
	info := p.cfg.Info
	var results *types.Tuple
	if f.Obj != nil {
		results = f.Obj.Type().(*types.Signature).Results()
	} else if f.Lit != nil {
		if sig, ok := info.TypeOf(f.Lit).(*types.Signature); ok {
			results = sig.Results()
		}
	}
	found := false
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure value: its context is allocated when it captures
			// variables, unless it is only ever called where it is
			// inlined.
			if f := p.byLit[n]; f != nil && p.captures(f) && !(p.useCounts[f] == 1 && p.inlinedAnywhere(f)) {
				found = true
			}
			return false
		case *ast.RangeStmt:
			if p.byRange[n] != nil {
				// The rewrite checks the loop's state after the call
				// and panics through runtime.panicrangestate.
				found = true
				return false
			}
			switch info.TypeOf(n.X).Underlying().(type) {
			case *types.Map, *types.Chan: // mapiterinit, chanrecv
				found = true
			case *types.Basic: // an int: none
				if isString(info.TypeOf(n.X)) {
					// A string: decoderune advances over a rune of two
					// bytes or more, whether the loop names the rune, its
					// index or neither (walk/range.go: walkRange).
					found = true
				}
			case *types.Slice: // for i := range s { s[i] = 0 } is a memclr
				if n.Value == nil && len(n.Body.List) == 1 {
					if a, ok := n.Body.List[0].(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Rhs) == 1 {
						if tv := info.Types[a.Rhs[0]]; tv.IsNil() || tv.Value != nil && isZero(tv.Value) {
							found = true
						}
					}
				}
			}
		case *ast.GoStmt, *ast.DeferStmt, *ast.SelectStmt, *ast.SendStmt:
			found = true
		case *ast.UnaryExpr:
			switch n.Op {
			case token.ARROW:
				found = true
			case token.AND:
				switch x := unparen(n.X).(type) {
				case *ast.CompositeLit:
					found = true // may escape: newobject
				case *ast.Ident:
					if v, ok := info.Uses[x].(*types.Var); ok && v.Parent() != v.Pkg().Scope() {
						found = true // a local that may escape: moved to the heap
					}
				}
			}
		case *ast.CompositeLit:
			switch info.TypeOf(n).Underlying().(type) {
			case *types.Map:
				found = true
			case *types.Slice:
				found = true // may escape: newobject
			}
		case *ast.IndexExpr:
			if _, ok := info.TypeOf(n.X).Underlying().(*types.Map); ok {
				found = true
			}
		case *ast.BinaryExpr:
			tx := info.Types[n.X]
			if isString(tx.Type) && info.Types[n].Value == nil && (n.Op == token.ADD || n.Op == token.EQL || n.Op == token.NEQ || n.Op == token.LSS || n.Op == token.GTR || n.Op == token.LEQ || n.Op == token.GEQ) {
				found = true // concatstrings, memequal, cmpstring
			}
			if ty := info.Types[n.Y]; (n.Op == token.EQL || n.Op == token.NEQ) && (isInterface(tx.Type) || isInterface(ty.Type)) && !tx.IsNil() && !ty.IsNil() {
				found = true // efaceeq, ifaceeq; against nil, a test of the type word
			}
		case *ast.TypeAssertExpr:
			found = true // assertE2I, or panicdottype on failure
		case *ast.CallExpr:
			switch k := p.classify(n); k.kind {
			case callBuiltin:
				switch k.builtin {
				case "append", "make", "new", "copy", "delete", "clear", "close", "panic", "print", "println", "recover":
					found = true
				}
			case callConv:
				if len(n.Args) == 1 && p.convCalls(info.Types[n.Args[0]], info.TypeOf(n.Fun)) {
					found = true
				}
			}
		case *ast.ReturnStmt:
			if results != nil && len(n.Results) == results.Len() {
				for i, r := range n.Results {
					if p.convCalls(info.Types[r], results.At(i).Type()) {
						found = true // convT to an interface result
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok == token.ADD_ASSIGN && isString(info.TypeOf(n.Lhs[0])) {
				found = true // concatstrings
			}
			for i, l := range n.Lhs {
				if len(n.Rhs) == len(n.Lhs) && p.convCalls(info.Types[n.Rhs[i]], info.TypeOf(l)) {
					found = true
				}
				if n.Tok != token.DEFINE && p.writeBarrier(l) && !(len(n.Rhs) == len(n.Lhs) && p.sliceOfItself(l, n.Rhs[i])) {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// convCalls reports whether converting tv to t calls the runtime: to an
// interface from a value that is not pointer-shaped, constant, of size
// zero or a single byte (convT*; walk/convert.go: dataWord), between
// strings and byte or rune slices, from a rune to a string.
func (p *Package) convCalls(tv types.TypeAndValue, t types.Type) bool {
	if t == nil || tv.Type == nil || tv.Value != nil || tv.IsNil() {
		return false
	}
	if isInterface(t) {
		if isInterface(tv.Type) {
			// The same type, or to any: no code; to another non-empty
			// interface: the itab's lookup (assertE2I / getitab).
			return !types.Identical(tv.Type, t) && !isEmptyIface(t)
		}
		switch tv.Type.Underlying().(type) {
		case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
			return false // pointer-shaped: no allocation
		}
		return !staticDataWord(tv.Type)
	}
	_, toSlice := t.Underlying().(*types.Slice)
	_, fromSlice := tv.Type.Underlying().(*types.Slice)
	return isString(t) && (fromSlice || !isString(tv.Type)) || toSlice && isString(tv.Type)
}

// memLocals sums the sizes of body's local variables that live in
// memory.
func (p *Package) memLocals(body *ast.BlockStmt) int64 {
	info := p.cfg.Info
	addr := map[*types.Var]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.AND {
			if id, ok := unparen(u.X).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok {
					addr[v] = true
				}
			}
		}
		return true
	})
	var n int64
	ast.Inspect(body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			v, ok := info.Defs[x].(*types.Var)
			if !ok || v == nil {
				return true
			}
			if addr[v] || !ssaable(v.Type()) {
				n += amd64.Sizeof(v.Type())
			}
		}
		return true
	})
	return n
}

// ssaable reports whether a value of type t can live in registers
// (ssagen's canSSAType: arrays of at most one element, structs of at
// most four fields, each SSA-able).
func ssaable(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Array:
		return u.Len() <= 1 && ssaable(u.Elem())
	case *types.Struct:
		if u.NumFields() > 4 {
			return false
		}
		for i := range u.NumFields() {
			if !ssaable(u.Field(i).Type()) {
				return false
			}
		}
	}
	return true
}

// writeBarrier reports whether storing into l may call the write
// barrier: a value with pointers stored anywhere but in a local variable.
func (p *Package) writeBarrier(l ast.Expr) bool {
	info := p.cfg.Info
	t := info.TypeOf(l)
	if t == nil || !hasPointers(t) {
		return false
	}
	if id, ok := unparen(l).(*ast.Ident); ok {
		v, ok := info.Uses[id].(*types.Var)
		return ok && v.Parent() == v.Pkg().Scope() // a global
	}
	return true
}

// sliceOfItself reports whether storing r into l keeps l's pointer: r
// slices l itself from its start (b.buf = b.buf[:n], s = s[0:k:k]), so
// that only the length and capacity are written, with no write barrier
// (ssagen/ssa.go: the assignment of a slicing operation back to its
// source, ir.SameSafeExpr).
func (p *Package) sliceOfItself(l, r ast.Expr) bool {
	se, ok := unparen(r).(*ast.SliceExpr)
	if !ok || !p.sameSafeExpr(l, se.X) {
		return false
	}
	if se.Low == nil {
		return true
	}
	v := p.cfg.Info.Types[se.Low].Value
	return v != nil && isZero(v)
}

// sameSafeExpr reports whether l and r are the same variable, field,
// indirection or element, with no call in them (ir.SameSafeExpr).
func (p *Package) sameSafeExpr(l, r ast.Expr) bool {
	info := p.cfg.Info
	l, r = unparen(l), unparen(r)
	switch l := l.(type) {
	case *ast.Ident:
		r, ok := r.(*ast.Ident)
		return ok && info.Uses[l] != nil && info.Uses[l] == info.Uses[r]
	case *ast.SelectorExpr:
		r, ok := r.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		ls, rs := info.Selections[l], info.Selections[r]
		return ls != nil && rs != nil && ls.Kind() == types.FieldVal && ls.Obj() == rs.Obj() && p.sameSafeExpr(l.X, r.X)
	case *ast.StarExpr:
		r, ok := r.(*ast.StarExpr)
		return ok && p.sameSafeExpr(l.X, r.X)
	case *ast.IndexExpr:
		r, ok := r.(*ast.IndexExpr)
		if !ok || !p.sameSafeExpr(l.X, r.X) {
			return false
		}
		lv, rv := info.Types[l.Index].Value, info.Types[r.Index].Value
		if lv != nil || rv != nil {
			return lv != nil && rv != nil && constant.Compare(lv, token.EQL, rv)
		}
		return p.sameSafeExpr(l.Index, r.Index)
	}
	return false
}

// hasPointers reports whether a value of type t holds pointers.
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0 || u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	case *types.Struct:
		for i := range u.NumFields() {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	}
	return true
}

// captures reports whether the closure f uses variables of the functions
// around it.
func (p *Package) captures(f *Func) bool {
	info := p.cfg.Info
	found := false
	ast.Inspect(f.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok && !v.IsField() && v.Parent() != v.Pkg().Scope() && !within(v.Pos(), f.Lit) {
				found = true
			}
		}
		return !found
	})
	return found
}

// inlinedAnywhere reports whether the tree of the function f is in
// inlines f.
func (p *Package) inlinedAnywhere(f *Func) bool {
	if f.Parent == nil {
		return false
	}
	root := f.Parent
	for root.Parent != nil {
		root = root.Parent
	}
	found := false
	p.Tree(root).Each(func(t *Tree, d int) {
		found = found || d > 0 && t.Func == f
	})
	return found
}

// isZero reports whether a constant is its type's zero value.
func isZero(v constant.Value) bool {
	switch v.Kind() {
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(v) == 0
	}
	return false
}

// staticDataWord reports whether an interface holding a value of type t
// points at static data, with no allocation (walk/convert.go: dataWord):
// a zero-sized value points at runtime.zerobase, a bool or a one-byte
// integer (or a struct or array whose sole component is one) into
// runtime.staticuint64s.
func staticDataWord(t types.Type) bool {
	if amd64.Sizeof(t) == 0 {
		return true
	}
	for {
		switch u := t.Underlying().(type) {
		case *types.Struct:
			if u.NumFields() != 1 {
				return false
			}
			t = u.Field(0).Type()
			continue
		case *types.Array:
			if u.Len() != 1 {
				return false
			}
			t = u.Elem()
			continue
		case *types.Basic:
			return u.Info()&types.IsBoolean != 0 || u.Info()&types.IsInteger != 0 && amd64.Sizeof(u) == 1
		}
		return false
	}
}
