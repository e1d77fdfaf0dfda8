package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// The exits from a range-over-func body (rangefunc.go): continue and
// break of its own loop, and the jumps to targets outside it through #next.

// rfLeave ends an iteration of the body being compiled: continue (READY,
// return true) or stop (DONE, return false).
func (fs *fnState) rfLeave(cont bool) {
	if cont {
		fs.rfSetInt(fs.rf.state, rfReady)
		fs.pushInt(1)
	} else {
		fs.rfSetInt(fs.rf.state, rfDone)
		fs.pushInt(0)
	}
	fs.emit(vm.OpReturn, 0, 0, 1, 0)
}

// rfNext is the top function's #next.
func (fs *fnState) rfNext() *types.Var {
	sh := fs.rf.top.rfs
	if sh.next == nil {
		sh.next = fs.c.rfVar(token.NoPos, "#next", types.Typ[types.Int])
	}
	return sh.next
}

// rfExitTo leaves the body for a jump that target (an enclosing body or
// the function holding the loops) performs with action.
func (fs *fnState) rfExitTo(target *fnState, action func()) {
	sh := fs.rf.top.rfs
	sh.code--
	sh.exits = append(sh.exits, rfExit{code: sh.code, target: target, action: action})
	fs.rfSetInt(fs.rfNext(), sh.code)
	fs.rfLeave(false)
}

// rfBranch compiles a break or continue in a body whose target is not in
// the body (branch found none), and reports whether it did.
func (fs *fnState) rfBranch(s *ast.BranchStmt) bool {
	cont := s.Tok == token.CONTINUE
	if s.Label == nil {
		fs.rfLeave(cont)
		return true
	}
	name := s.Label.Name
	for b := fs; b.rf != nil; b = b.rf.outer {
		if b.rf.label == name {
			if b == fs {
				fs.rfLeave(cont)
			} else {
				fs.rfExitTo(b, func() { b.rfLeave(cont) })
			}
			return true
		}
		o := b.rf.outer
		for _, t := range o.targets {
			if t.name == name {
				fs.rfExitTo(o, func() { o.branch(s) })
				return true
			}
		}
	}
	return false
}

// rfGoto compiles a goto in a body to a label outside it, and reports
// whether it did.
func (fs *fnState) rfGoto(s *ast.BranchStmt) bool {
	l, _ := fs.c.info.Uses[s.Label].(*types.Label)
	if l == nil || inBlock(fs.rf.body, l.Pos()) {
		return false
	}
	o := fs.rf.outer
	for o.rf != nil && !inBlock(o.rf.body, l.Pos()) {
		o = o.rf.outer
	}
	fs.rfExitTo(o, func() { o.gotoStmt(s) })
	return true
}

func inBlock(b *ast.BlockStmt, p token.Pos) bool { return b.Pos() <= p && p < b.End() }

// rfReturn compiles a return statement in a body: the results are set,
// #next is -1 and the loops stop; the function holding them returns.
func (fs *fnState) rfReturn(s *ast.ReturnStmt) {
	top := fs.rf.top
	sh := top.rfs
	if len(s.Results) > 0 && top.sig != nil {
		res := top.sig.Results()
		n := 0
		if len(s.Results) == 1 && res.Len() > 1 {
			n = fs.exprN(s.Results[0])
		} else {
			for i, r := range s.Results {
				fs.exprTo(r, res.At(i).Type())
				n++
			}
		}
		dst := top.namedResults
		if len(dst) == 0 {
			for len(sh.rv) < res.Len() {
				sh.rv = append(sh.rv, fs.c.rfVar(token.NoPos, "#rv"+itoa(int64(len(sh.rv)+1)), res.At(len(sh.rv)).Type()))
			}
			dst = sh.rv
		}
		fs.setPos(s.Pos())
		for i := n - 1; i >= 0; i-- {
			if i < len(dst) {
				fs.rfStore(dst[i])
			} else {
				fs.emit(vm.OpPop, 0, 0, 1, 0)
			}
		}
	}
	sh.returns++
	fs.setPos(s.Pos())
	fs.rfSetInt(fs.rfNext(), -1)
	fs.rfLeave(false)
}

// rfReturnHere is the return of the function holding the loops that a
// return in a body asked for: it returns #rv1… (or its named results).
func (fs *fnState) rfReturnHere(pos token.Pos) {
	r := &ast.ReturnStmt{Return: pos}
	if len(fs.namedResults) == 0 {
		for _, v := range fs.rfs.rv {
			id := &ast.Ident{NamePos: pos, Name: v.Name()}
			fs.c.info.Uses[id] = v
			fs.c.info.Types[id] = types.TypeAndValue{Type: v.Type()}
			r.Results = append(r.Results, id)
		}
	}
	fs.returnStmt(r)
}

// deferAt pushes, for a defer in a body, the token of the frame it
// registers its call for, and returns OpDefer's A (1: at the token; 0:
// not in a body or a go statement, nothing pushed).
func (fs *fnState) deferAt(isGo bool) int32 {
	if fs.rf == nil || isGo {
		return 0
	}
	sh := fs.rf.top.rfs
	if sh.defers == nil {
		sh.defers = fs.c.rfVar(token.NoPos, "#defers", types.Typ[types.Int])
	}
	fs.rfLoad(sh.defers)
	return 1
}
