package ssagen

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Addresses that need not be made. go/ssa reads and writes a field or
// an element through its address (FieldAddr or IndexAddr, then a load or
// a store); the VM has instructions that read and write a field or an
// element of an object given the object and the index (OpField,
// OpSetField, OpSliceIndex, OpSliceStore, OpIndexObj, OpStoreIndexObj),
// with the same nil and bounds checks. An address that is only loaded
// from and stored to, next to where it is taken, is therefore not made:
// each load and store takes the object and the index instead (fused).
// "Next to" means in the same block with nothing in between that could
// be seen to happen before the nil or bounds check the Go compiler makes
// where the address is taken (a call, a channel operation…).
//
// A local struct or array that is written once, as a whole, before
// anything reads it, and never written again nor has its address escape
// (what go/ssa makes of a struct parameter whose fields are read: the
// parameter is stored into a local variable) is that value: it needs no
// object of its own, and its loads need no copy (aliased). A local
// struct or array whose fields are stored and that is then read once as
// a whole, last, gives that read its object without a copy (stolen): a
// composite literal.

// analyze finds the fused addresses, the aliased variables and the stolen
// loads of f's function.
func (f *fnGen) analyze() {
	f.fused = map[ssa.Instruction]bool{}
	f.fusedCmp = map[*ssa.BinOp]bool{}
	f.alias = map[*ssa.Alloc]ssa.Value{}
	f.steal = map[*ssa.UnOp]bool{}
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.BinOp:
				if fusesIf(in) {
					f.fusedCmp[in] = true
				}
			case *ssa.FieldAddr:
				if reprOf(fieldType(in)) == rWord && accessOnly(in) {
					f.fused[in] = true
				}
			case *ssa.IndexAddr:
				if reprOf(elemType(in)) == rWord && accessOnly(in) {
					f.fused[in] = true
				}
			}
		}
	}
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			a, ok := in.(*ssa.Alloc)
			if !ok || a.Heap || reprOf(deref(a.Type())) != rObject {
				continue
			}
			if v := readOnlyInit(a); v != nil {
				f.alias[a] = v
				continue
			}
			if l := f.lastWholeLoad(a); l != nil {
				f.steal[l] = true
			}
		}
	}
	f.sameAddrs()
	f.share = map[*ssa.UnOp]bool{}
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			if l, ok := in.(*ssa.UnOp); ok && f.shareable(l) && !feedsPhi(l) {
				f.share[l] = true
				f.same[l] = l.X // in X's slot: no Mov
			}
		}
	}
}

// accessOnly reports whether address in is only loaded from and stored to
// (not stored itself, nor passed on), by instructions of its block with
// nothing that has an effect in between.
func accessOnly(in ssa.Value) bool {
	refs := *in.Referrers()
	if len(refs) == 0 {
		return false
	}
	b := in.(ssa.Instruction).Block()
	last := -1
	for _, r := range refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if r.Addr != in || r.Val == in {
				return false
			}
		case *ssa.DebugRef:
			continue
		default:
			return false
		}
		if r.Block() != b {
			return false
		}
		last = max(last, indexIn(b, r))
	}
	start := indexIn(b, in.(ssa.Instruction))
	for _, x := range b.Instrs[start+1 : last] {
		if !quiet(x) {
			return false
		}
	}
	return true
}

// quiet reports whether instruction in has no effect a program could see
// happen before a nil or bounds check that precedes it: it does not call,
// communicate, allocate what could run out, or change control flow. (A
// load or a store can panic itself, but with the same panic.)
func quiet(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr, *ssa.Field, *ssa.Index, *ssa.BinOp, *ssa.Store,
		*ssa.Convert, *ssa.ChangeType, *ssa.ChangeInterface, *ssa.MakeInterface, *ssa.Extract,
		*ssa.DebugRef, *ssa.Alloc, *ssa.Slice:
		return true
	case *ssa.UnOp:
		return in.Op != token.ARROW
	}
	return false
}

// indexIn is instruction in's index in block b.
func indexIn(b *ssa.BasicBlock, in ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == in {
			return i
		}
	}
	return -1
}

// readOnlyInit is the value local variable a is initialised with, if a
// is written once, as a whole, before anything else uses it, in its own
// block, and is only read after (nil if not).
func readOnlyInit(a *ssa.Alloc) ssa.Value {
	refs := *a.Referrers()
	var init *ssa.Store
	for _, r := range refs {
		if s, ok := r.(*ssa.Store); ok && s.Addr == a {
			if init != nil || s.Val == a {
				return nil
			}
			init = s
		}
	}
	if init == nil || init.Block() != a.Block() {
		return nil
	}
	at := indexIn(a.Block(), init)
	for _, r := range refs {
		if r == init {
			continue
		}
		if r.Block() == a.Block() && indexIn(a.Block(), r) < at {
			return nil
		}
		if !readsOnly(a, r) {
			return nil
		}
	}
	return init.Val
}

// readsOnly reports whether instruction r, a referrer of address p, only
// reads through it: a load, or a field's or an element's address that is
// only read through in turn.
func readsOnly(p ssa.Value, r ssa.Instruction) bool {
	switch r := r.(type) {
	case *ssa.UnOp:
		return r.Op == token.MUL
	case *ssa.DebugRef:
		return true
	case *ssa.FieldAddr:
		for _, x := range *r.Referrers() {
			if !readsOnly(r, x) {
				return false
			}
		}
		return true
	case *ssa.IndexAddr:
		if r.X != p {
			return false
		}
		for _, x := range *r.Referrers() {
			if !readsOnly(r, x) {
				return false
			}
		}
		return true
	}
	return false
}

// lastWholeLoad is the load of all of local variable a that is its last
// use, in its block, when every other use stores to or loads from a field
// or an element through a fused address (nil if not).
func (f *fnGen) lastWholeLoad(a *ssa.Alloc) *ssa.UnOp {
	var load *ssa.UnOp
	b := a.Block()
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL || load != nil || r.Block() != b {
				return nil
			}
			load = r
		case *ssa.FieldAddr, *ssa.IndexAddr:
			if !f.fused[r] || r.Block() != b {
				return nil
			}
		case *ssa.DebugRef:
		default:
			return nil
		}
	}
	if load == nil {
		return nil
	}
	at := indexIn(b, load)
	for _, r := range *a.Referrers() {
		if r != load && indexIn(b, r) > at {
			return nil
		}
		if fa, ok := r.(ssa.Value); ok && r != load {
			for _, x := range *fa.Referrers() {
				if indexIn(b, x) > at {
					return nil
				}
			}
		}
	}
	return load
}

// fieldType is the type of the field whose address in takes.
func fieldType(in *ssa.FieldAddr) types.Type {
	return deref(in.X.Type()).Underlying().(*types.Struct).Field(in.Field).Type()
}

// elemType is the type of the element whose address in takes.
func elemType(in *ssa.IndexAddr) types.Type {
	switch u := in.X.Type().Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Pointer:
		return u.Elem().Underlying().(*types.Array).Elem()
	}
	return nil
}
