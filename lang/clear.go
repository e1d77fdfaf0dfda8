package lang

import (
	"go/ast"

	"github.com/gmplab/gmplab/vm"
)

// clearSlice compiles clear(s) of a slice: every element of s[:len(s)]
// set to its zero value, as Go's clear does (the library's source uses it:
// slices.DeleteFunc and CompactFunc zero the tail they drop).
func (fs *fnState) clearSlice(call *ast.CallExpr) {
	c := fs.c
	et := sliceElem(c.info.TypeOf(call.Args[0]))
	hs, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.expr(call.Args[0])
	fs.setPos(call.Lparen)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hs, 0, 1, 0)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, call.Lparen, nil, func(post, end *label) {
		fs.zeroValue(et)
		if c.isStructKind(et) {
			// The element is an object: the zero value is copied into it.
			fs.loadElem(hs, hi)
			fs.emit(vm.OpObjAssign, c.layout(et), 1, 2, 0)
			return
		}
		fs.emit(vm.OpLoad, hs, 0, 0, 1)
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.emit(vm.OpSliceStore, 0, 1, 3, 0)
	})
}
