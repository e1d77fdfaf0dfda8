package ssagen

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Copies nobody can see. A load of a struct or an array (v = *p) copies
// the object p points to (OpObjCopy: a new object id and its slots), so
// that v keeps its value when *p changes later. Where nothing can change
// *p while v is used, the copy cannot be told from the original, and v
// takes p's object (shared: v is p's slot, with no code): v's uses are all in the
// load's block, each reads a field of v (ssa.Field of a word), or passes
// v to a function that only reads its fields (a pure callee, below), and
// every instruction from the load to v's last use writes no memory (no
// store, no call but of pure functions, no channel operation). The
// compiler does the same in its own way: a load of a struct it keeps in
// registers becomes loads of its fields (cmd/compile's generic.rules:
// Load of a CanSSA struct => rewriteStructLoad), and those no one reads
// are dead; nothing is copied in memory.
//
// Only a value the compiler keeps in registers (canSSA, Layout.Regs) is
// shared: its copy costs nothing in the model (objCopyCost: its fields'
// loads are charged where they are read), so the virtual time is the
// same with or without the copy; a bigger one is copied in memory by
// compiled Go too, and charged for it.
//
// The load's own nil check is kept by taking p only where it cannot be
// nil: the address of a field (&x.f: the check is FieldAddr's), of an
// element (&a[i]: IndexAddr's) or of a local variable (Alloc). A shared
// value makes no object, so object ids numbered after it change; no
// program can tell (an id is printed only as a pointer, and the copy's
// address was never taken).

// pureState memoizes gen.pure: 0 not yet judged, 1 being judged or
// impure, 2 pure.
type pureState map[*ssa.Function]int8

// shareable reports whether load in, of an object, can take its address's
// object without a copy.
func (f *fnGen) shareable(in *ssa.UnOp) bool {
	if t := deref(in.X.Type()); in.Op != token.MUL || reprOf(t) != rObject || !canSSA(t.Underlying()) {
		return false // a bigger one is copied in memory, and charged for it (objCopyCost)
	}
	switch a := in.X.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr:
	case *ssa.Alloc:
		if f.alias[a] != nil {
			return false // read as its value already
		}
	default:
		return false // a pointer that may be nil: the copy makes the check
	}
	if f.steal[in] {
		return false
	}
	b := in.Block()
	last := -1
	for _, r := range *in.Referrers() {
		if r.Block() != b {
			return false
		}
		switch r := r.(type) {
		case *ssa.Field:
			if reprOf(r.Type()) != rWord {
				return false // a nested object, which could be kept
			}
		case *ssa.DebugRef:
		case *ssa.Call:
			if !f.g.readsFields(&r.Call, in) {
				return false
			}
		default:
			return false
		}
		last = max(last, indexIn(b, r))
	}
	if last < 0 {
		return false
	}
	for _, x := range b.Instrs[indexIn(b, in)+1 : last+1] {
		if !f.g.writesNothing(x) {
			return false
		}
	}
	return true
}

// readsFields reports whether call c is of a pure function that only
// reads the fields of its parameters where v is passed.
func (g *gen) readsFields(c *ssa.CallCommon, v ssa.Value) bool {
	fn, ok := c.Value.(*ssa.Function)
	if !ok || c.IsInvoke() || !g.pure(fn) {
		return false
	}
	for i, a := range c.Args {
		if a == v && !g.fieldsRead(fn.Params[i]) {
			return false
		}
	}
	return true
}

// fieldsRead reports whether object v (of the function being judged) is
// only read: its word fields read, its nested objects (a Field of an
// object is the nested object itself) only read in turn, v passed to pure
// functions that only read it, or v stored into a local variable that is
// v from then on (aliased: fuse.go's readOnlyInit) whose loads of the
// whole (v itself) are only read in turn. (go/ssa stores a struct
// parameter whose fields the body reads into such a variable.)
func (g *gen) fieldsRead(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.Field:
			if reprOf(r.Type()) != rWord && !g.fieldsRead(r) {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Call:
			if !g.readsFields(&r.Call, v) {
				return false
			}
		case *ssa.Store:
			a, ok := r.Addr.(*ssa.Alloc)
			if !ok || r.Val != v || a.Heap || readOnlyInit(a) != v {
				return false
			}
			for _, x := range *a.Referrers() {
				if l, ok := x.(*ssa.UnOp); ok && l.Op == token.MUL && !g.fieldsRead(l) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// writesNothing reports whether instruction in writes no memory a
// program already had, nor lets anything else run: it computes, reads,
// allocates, or calls a pure function.
func (g *gen) writesNothing(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.BinOp,
		*ssa.Convert, *ssa.ChangeType, *ssa.Extract, *ssa.DebugRef, *ssa.Alloc:
		return true
	case *ssa.UnOp:
		return in.Op != token.ARROW
	case *ssa.Call:
		fn, ok := in.Call.Value.(*ssa.Function)
		return ok && !in.Call.IsInvoke() && g.pure(fn)
	}
	return false
}

// pure reports whether fn, when called, writes no memory but its own
// local variables' (those that do not escape) and runs nothing but pure
// functions: it has a body in Go (not an external the VM computes), no
// free variables, no recover, and its instructions compute, read, branch
// and return. A function being judged (recursion) is taken as impure.
func (g *gen) pure(fn *ssa.Function) bool {
	if g.pureFns == nil {
		g.pureFns = pureState{}
	}
	switch g.pureFns[fn] {
	case 1:
		return false
	case 2:
		return true
	}
	g.pureFns[fn] = 1
	if fn.Blocks == nil || fn.Recover != nil || len(fn.FreeVars) > 0 || g.extern(fn) != nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Phi, *ssa.If, *ssa.Jump, *ssa.Return:
			case *ssa.Store:
				if !ownLocal(fn, in.Addr) {
					return false
				}
			case *ssa.Alloc:
				if in.Heap {
					return false
				}
			default:
				if !g.writesNothing(in) {
					return false
				}
			}
		}
	}
	g.pureFns[fn] = 2
	return true
}

// ownLocal reports whether addr is (a field or an element, at any depth,
// of) a local variable of fn that does not escape.
func ownLocal(fn *ssa.Function, addr ssa.Value) bool {
	for {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return !a.Heap && a.Parent() == fn
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X // a slice's element: X is no address, and the loop says no
		default:
			return false
		}
	}
}

// A call's struct result stored at once (*p = f(...)): the callee made
// the object for its result (a composite literal it returns: fuse.go's
// stolen load), nothing else holds it, and once its slots are copied into
// *p it is garbage. The store frees it at once (OpObjMove), so that a
// loop of such stores reuses one object where it left one a time for the
// collector. The compiler has no object at all there: the result comes
// back in registers and is stored to *p field by field.

// movable reports whether the store of val can free val's object after
// copying it: val is a call's result that only this store uses, its
// callee returns an object it made for it (returnsFresh), and its struct
// nests no struct and holds no handle (so it owns no other object).
func (f *fnGen) movable(val ssa.Value) bool {
	c, ok := val.(*ssa.Call)
	if !ok || len(*c.Referrers()) != 1 || c.Call.IsInvoke() {
		return false
	}
	fn, ok := c.Call.Value.(*ssa.Function)
	if !ok {
		return false
	}
	u, ok := val.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range u.NumFields() {
		if reprOf(u.Field(i).Type()) != rWord {
			return false
		}
	}
	return f.g.returnsFresh(fn)
}

// returnsFresh reports whether every return of fn returns one value, the
// object of a local variable of fn that nothing else holds (a stolen
// load: fuse.go's lastWholeLoad), made by this call.
func (g *gen) returnsFresh(fn *ssa.Function) bool {
	if v, ok := g.freshFns[fn]; ok {
		return v
	}
	if g.freshFns == nil {
		g.freshFns = map[*ssa.Function]bool{}
	}
	g.freshFns[fn] = false
	if fn.Blocks == nil || fn.Recover != nil || g.extern(fn) != nil {
		return false
	}
	t := g.newFnGen(fn, -1, "")
	t.analyze()
	fresh := false
	for _, b := range fn.Blocks {
		r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(r.Results) != 1 {
			return false
		}
		if l, ok := r.Results[0].(*ssa.UnOp); !ok || !t.steal[l] {
			return false
		}
		fresh = true
	}
	g.freshFns[fn] = fresh
	return fresh
}

// The address of a nested struct taken again (&b.pos in each of b.pos =
// ...; if b.pos.x > ...; b.pos.y ...: go/ssa makes a FieldAddr for each)
// is the first one's: a struct field's object is its parent's for the
// parent's lifetime (vm/object.go), and the first address, which
// dominates the others, made the nil check. cmd/compile's CSE pass does
// the same (cmd/compile/internal/ssa/cse.go): one OffPtr for them all.

// sameAddrs finds, in f's function, each FieldAddr of a nested struct
// that a dominating FieldAddr of the same field of the same value
// already computed, and records the dominating one (f.same: the value is
// the other's, its uses read the other's slot, and it has no code). One that
// feeds a φ keeps its own (regalloc.go's φ edges read values directly).
func (f *fnGen) sameAddrs() {
	f.same = map[ssa.Value]ssa.Value{}
	type key struct {
		x     ssa.Value
		field int
	}
	seen := map[key][]*ssa.FieldAddr{}
	for _, b := range f.fn.DomPreorder() {
		for _, in := range b.Instrs {
			fa, ok := in.(*ssa.FieldAddr)
			if !ok || f.fused[fa] || reprOf(fieldType(fa)) != rObject {
				continue
			}
			k := key{fa.X, fa.Field}
			var first *ssa.FieldAddr
			for _, r := range seen[k] {
				if r.Block().Dominates(b) {
					first = r
					break
				}
			}
			if first == nil || feedsPhi(fa) {
				seen[k] = append(seen[k], fa)
				continue
			}
			f.same[fa] = first
		}
	}
}

// feedsPhi reports whether v is an edge of a φ.
func feedsPhi(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if _, ok := r.(*ssa.Phi); ok {
			return true
		}
	}
	return false
}
