package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Maps (vm/hashmap.go): make, literals, index (comma-ok too), assignment,
// delete, len, clear, range (from a random bucket drawn from --seed) and
// printing (sorted by key, as fmt does).

func mapTypes(t types.Type) (key, elem types.Type) {
	if m, ok := t.Underlying().(*types.Map); ok {
		return m.Key(), m.Elem()
	}
	return nil, nil
}

// mapKind classifies a map type.
func (c *compiler) mapKind(t *types.Map) (vkind, string) {
	switch kk, why := c.kindOf(t.Key()); kk {
	case kBad:
		return kBad, why
	case kInt, kBool, kString, kObjPtr, kPtr, kChan, kRefPtr, kArray, kStruct, kFloat, kIface, kEmpty:
	default:
		return kBad, "a map with keys of type " + types.TypeString(t.Key(), c.qualifier)
	}
	switch ek, why := c.kindOf(t.Elem()); ek {
	case kBad:
		return kBad, why
	case kSync:
		return kBad, "a map of " + types.TypeString(t.Elem(), c.qualifier) + " (values)"
	}
	return kMap, ""
}

// mapLit pushes a new map for the literal e.
func (fs *fnState) mapLit(e *ast.CompositeLit, t types.Type) {
	c := fs.c
	kt, et := mapTypes(t)
	fs.setPos(e.Lbrace)
	fs.pushInt(int64(len(e.Elts)))
	fs.emit(vm.OpMakeMap, 0, 0, 1, 1)
	for _, el := range e.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		for _, x := range []struct {
			e ast.Expr
			t types.Type
		}{{kv.Key, kt}, {kv.Value, et}} {
			if lit, ok := x.e.(*ast.CompositeLit); ok && lit.Type == nil {
				c.info.Types[lit] = types.TypeAndValue{Type: x.t}
			}
		}
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.mapStoreKey(kv.Key, kt)
		fs.exprTo(kv.Value, et)
		fs.emit(vm.OpMapStore, 0, 0, 3, 0)
	}
}

// mapIndex pushes m[k] (and ok if commaOk).
func (fs *fnState) mapIndex(e *ast.IndexExpr, commaOk bool) {
	c := fs.c
	kt, et := mapTypes(c.info.TypeOf(e.X))
	fs.expr(e.X)
	fs.mapKey(e.Index, kt)
	fs.setPos(e.Lbrack)
	var a int32
	push := 1
	if commaOk {
		a, push = 1, 2
	}
	fs.emit(vm.OpMapIndex, a, c.elemLayout(et), 2, push)
}

// isMapIndex reports whether e is m[k] on a map.
func (c *compiler) isMapIndex(e ast.Expr) (*ast.IndexExpr, bool) {
	ix, ok := unparen(e).(*ast.IndexExpr)
	if !ok {
		return nil, false
	}
	k, _ := c.kindOf(c.info.TypeOf(ix.X))
	return ix, k == kMap
}

// storeMap pops the top of the stack into m[k] (false if e is not m[k]).
func (fs *fnState) storeMap(e ast.Expr) bool {
	ix, ok := fs.c.isMapIndex(e)
	if !ok {
		return false
	}
	fs.expr(ix.X)
	kt, _ := mapTypes(fs.c.info.TypeOf(ix.X))
	fs.mapStoreKey(ix.Index, kt)
	fs.setPos(ix.Lbrack)
	fs.emit(vm.OpMapStore, 0, 1, 3, 0)
	return true
}

// rangeMap compiles for k, v := range m.
func (fs *fnState) rangeMap(s *ast.RangeStmt, name string) {
	c := fs.c
	define := s.Tok == token.DEFINE
	kt, et := mapTypes(c.info.TypeOf(s.X))
	hm, hk, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.expr(s.X)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hm, 0, 1, 0)
	fs.setPos(s.For)
	fs.emit(vm.OpMapKeys, 0, 0, 1, 1)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hk, 0, 1, 0)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, s.For, nil, func(post, end *label) {
		// The key, if still present, and its current value.
		gone := fs.newLabel()
		fs.emit(vm.OpLoad, hm, 0, 0, 1)
		fs.loadElem(hk, hi)
		fs.emit(vm.OpMapIndex, 3, -1, 2, 2) // with ok, an iteration's step
		fs.jump(vm.OpJumpIfNot, gone)
		if c.isStructKind(et) {
			fs.emit(vm.OpObjCopy, c.layout(et), 0, 1, 1)
		}
		if s.Key != nil {
			fs.loadElem(hk, hi)
			fs.keyObj(kt)
			fs.assignTop(s.Key, define)
		}
		if s.Value != nil {
			fs.assignTop(s.Value, define)
		} else {
			fs.emit(vm.OpPop, 0, 0, 1, 0)
		}
		fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
		fs.stmt(s.Body)
		fs.targets = fs.targets[:len(fs.targets)-1]
		fs.jump(vm.OpJump, post)
		fs.bind(gone)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	})
}

// fmtMap replaces the map on top of the stack by its text with %v:
// map[k:v k:v], sorted by key.
func (fs *fnState) fmtMap(t types.Type, plus bool) {
	kt, et := mapTypes(t)
	hm, hk, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hm, 0, 1, 0)
	fs.emit(vm.OpMapKeys, fs.c.sortedKeysMode(kt), 0, 1, 1)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hk, 0, 1, 0)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, token.NoPos, func() { fs.pushStr("map[") }, func(_, _ *label) {
		fs.fmtSep(hi)
		fs.loadElem(hk, hi)
		fs.keyObj(kt)
		fs.fmtValue(kt, plus, true)
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
		fs.pushStr(":")
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
		fs.emit(vm.OpLoad, hm, 0, 0, 1)
		fs.loadElem(hk, hi)
		fs.emit(vm.OpMapIndex, 2, fs.c.elemLayout(et), 2, 1) // an iteration's step
		fs.fmtValue(et, plus, true)
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	})
	fs.pushStr("]")
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
}
