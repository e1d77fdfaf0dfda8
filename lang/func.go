package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gmplab/gmplab/vm"
)

// fnState builds one function.
type fnState struct {
	c      *compiler
	parent *fnState
	idx    int32
	name   string
	decl   token.Pos

	code []vm.Instr
	pos  []vm.Pos
	cur  vm.Pos

	nparams, nresults int
	slots             []int // bytes of each local slot
	locals            map[*types.Var]int32
	free              map[*types.Var]int32 // captured boxes of a closure
	subst             map[ast.Expr]int32   // a wrapper's operands: expression → parameter slot

	depth, maxDepth int
	ret             vm.Func // NResults for emit's check of OpReturn (vm.StackEffect)
	outArgs         int     // the largest outgoing argument area
	hasCall         bool    // calls anything (runtime included): not a leaf
	reachable       bool

	targets      []*target
	pendingLabel string            // a label on the statement being compiled
	gotos        map[string]*label // goto's targets by label (goto.go)
	sig          *types.Signature
	namedResults []*types.Var
	hasDefer     bool
	recoverPC    int32 // 1 + the recovery point's pc (recover.go), 0: none

	nclosures, ndeferwrap, ngowrap int

	rf  *rfBody   // a range-over-func loop's body function: its loop (rangefunc.go)
	rfs *rfShared // what the bodies of this function's loops share

	// For the model of the compiler's inliner (inlining.go): the body
	// compiled (a declaration's, a literal's or a range-over-func loop's),
	// and the call instructions emitted for its call sites.
	bodyNode *ast.BlockStmt
	sites    []callSite
}

// callSite is a call instruction and the site it compiles (a call, or a
// range over a function's call of the iterator).
type callSite struct {
	pc   int32
	site ast.Node
}

// markSite records that the next instruction emitted is the call of site.
func (fs *fnState) markSite(site ast.Node) {
	if fs.reachable {
		fs.sites = append(fs.sites, callSite{int32(len(fs.code)), site})
	}
}

// label is a jump target.
type label struct {
	pc       int
	bound    bool
	depth    int
	hasDepth bool
	refs     []int
}

// target is what break and continue jump to.
type target struct {
	name string // the Go label, or ""
	brk  *label
	cont *label // nil for switch and select
}

func (c *compiler) newFnState(parent *fnState, name string, idx int32) *fnState {
	if idx < 0 {
		idx = c.newFunc(name)
	}
	return &fnState{c: c, parent: parent, idx: idx, name: name, locals: map[*types.Var]int32{}, reachable: true}
}

// finish stores the function in the program and returns its index.
func (fs *fnState) finish() int32 {
	frame := 16 + fs.outArgs
	for _, s := range fs.slots {
		frame += s
	}
	f := &fs.c.prog.Funcs[fs.idx]
	*f = vm.Func{
		Name:      fs.name,
		NParams:   fs.nparams,
		NResults:  fs.nresults,
		NLocals:   len(fs.slots),
		MaxStack:  fs.maxDepth,
		Code:      fs.code,
		Pos:       fs.pos,
		Decl:      fs.c.pos(fs.decl),
		FrameSize: frame,
		Recover:   fs.recoverPC,
		NoSplit:   !fs.hasCall && frame < 128,
	}
	if fs.bodyNode != nil {
		fs.c.inlFuncs = append(fs.c.inlFuncs, inlFunc{idx: fs.idx, body: fs.bodyNode, sites: fs.sites})
	}
	return fs.idx
}

func (fs *fnState) setPos(p token.Pos) {
	if p.IsValid() {
		fs.cur = fs.c.pos(p)
	}
}

// internal reports a bug in the compiler (an inconsistent operand stack).
func (fs *fnState) internal(what string) {
	panic(fs.name + ": " + what + " at " + strconv.Itoa(int(fs.cur.Line)) + ":" + strconv.Itoa(int(fs.cur.Col)))
}

// emit appends an instruction that pops pop and pushes push operands.
// Unreachable code is not emitted. Where the op table knows the effect
// (vm.StackEffect), pop and push must be it: a mismatch is a bug in the
// compiler. (Once an error is reported the program will not run, and an
// operand left short by it, as callSlots leaves one, is not checked.)
func (fs *fnState) emit(op vm.Op, a, b int32, pop, push int) {
	if !fs.reachable {
		return
	}
	in := vm.Instr{Op: op, A: a, B: b}
	fs.ret.NResults = fs.nresults
	if tp, tq := vm.StackEffect(in, nil, &fs.ret); (tp >= 0 && tp != pop || tq >= 0 && tq != push) && fs.c.errs.len() == 0 {
		fs.internal("emit " + op.String() + " " + strconv.Itoa(int(a)) + " " + strconv.Itoa(int(b)) + " pops " + strconv.Itoa(pop) + " and pushes " + strconv.Itoa(push) +
			", but the op table says " + strconv.Itoa(tp) + " and " + strconv.Itoa(tq))
	}
	fs.code = append(fs.code, in)
	fs.pos = append(fs.pos, fs.cur)
	fs.depth -= pop
	if fs.depth < 0 {
		fs.internal("operand stack underflow (" + op.String() + ")")
	}
	fs.depth += push
	fs.maxDepth = max(fs.maxDepth, fs.depth)
	if op.Ends() {
		fs.reachable = false
	}
}

// emitOp emits an op that calls into the runtime (all scheduler ops,
// concatenation, formatting, allocation): the function is not a leaf.
func (fs *fnState) emitOp(op vm.Op, a, b int32, pop, push int) {
	if !fs.reachable {
		return
	}
	fs.noteCall(8 * max(pop, 1))
	fs.emit(op, a, b, pop, push)
}

func (fs *fnState) noteCall(argBytes int) {
	fs.hasCall = true
	fs.outArgs = max(fs.outArgs, argBytes)
}

func (fs *fnState) newLabel() *label { return &label{} }

func (fs *fnState) jump(op vm.Op, l *label) {
	if !fs.reachable {
		return
	}
	pop := 1
	if op == vm.OpJump {
		pop = 0
	}
	at := len(fs.code)
	fs.emit(op, 0, 0, pop, 0)
	if l.hasDepth && l.depth != fs.depth {
		fs.internal("inconsistent operand stack at a jump")
	}
	l.depth, l.hasDepth = fs.depth, true
	if l.bound {
		fs.code[at].A = int32(l.pc)
	} else {
		l.refs = append(l.refs, at)
	}
}

func (fs *fnState) bind(l *label) {
	l.bound = true
	l.pc = len(fs.code)
	for _, r := range l.refs {
		fs.code[r].A = int32(l.pc)
	}
	if fs.reachable {
		if l.hasDepth && l.depth != fs.depth {
			fs.internal("inconsistent operand stack at a label")
		}
		l.depth, l.hasDepth = fs.depth, true
		return
	}
	if len(l.refs) > 0 {
		fs.reachable = true
		fs.depth = l.depth
	}
}

// countLoop emits for i := 0; i < n; i++ { body } with n popped from the
// operand stack into slot hn and i in slot hi: the loop of range over an
// int, a slice or a map's keys, and of fmt's [a b c] and map[k:v]. before
// (if not nil) runs between the set-up and the first test; body gets the
// labels that continue (post) and break (end) jump to. pos, if valid, is
// where the test and the increment are (the range statement's for).
func (fs *fnState) countLoop(hn, hi int32, pos token.Pos, before func(), body func(post, end *label)) {
	fs.emit(vm.OpStore, hn, 0, 1, 0)
	fs.pushInt(0)
	fs.emit(vm.OpStore, hi, 0, 1, 0)
	if before != nil {
		before()
	}
	head, post, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.bind(head)
	if pos.IsValid() {
		fs.setPos(pos)
	}
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.emit(vm.OpLoad, hn, 0, 0, 1)
	fs.emit(vm.OpLt, 0, 0, 2, 1)
	fs.jump(vm.OpJumpIfNot, end)
	body(post, end)
	fs.bind(post)
	if pos.IsValid() {
		fs.setPos(pos)
	}
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.pushInt(1)
	fs.emit(vm.OpAdd, 0, 0, 2, 1)
	fs.emit(vm.OpStore, hi, 0, 1, 0)
	fs.jump(vm.OpJump, head)
	fs.bind(end)
}

func (fs *fnState) popN(n int) {
	for range n {
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	}
}

func (fs *fnState) pushInt(v int64) {
	fs.emit(vm.OpInt, int32(v>>32), int32(uint32(v)), 0, 1)
}

func (fs *fnState) pushStr(s string) {
	fs.emit(vm.OpStr, fs.c.str(s), 0, 0, 1)
}

// call emits a direct call of function fi.
func (fs *fnState) call(fi int32, nargs, nres int, argBytes int) {
	if !fs.reachable {
		return
	}
	fs.noteCall(argBytes)
	fs.emit(vm.OpCall, fi, int32(nargs), nargs, nres)
}

// callSlots is the B of a call through a func or an interface value
// (vm.CallSlots), or an error at pos if it has too many slots for it.
func (fs *fnState) callSlots(pos token.Pos, nargs, nres int) int32 {
	if nargs >= vm.MaxCallSlots || nres >= vm.MaxCallSlots {
		fs.c.errorf(pos, "gmplab: a call through a func or interface value with %d argument and %d result slots is beyond the model's limit of %d each (vm.MaxCallSlots)", nargs, nres, vm.MaxCallSlots-1)
		return 0
	}
	return vm.CallSlots(nargs, nres)
}

// ---- variables -----------------------------------------------------------------

func (fs *fnState) newSlot(size int) int32 {
	fs.slots = append(fs.slots, size)
	return int32(len(fs.slots) - 1)
}

// declare gives local v a slot.
func (fs *fnState) declare(v *types.Var) int32 {
	s := fs.newSlot(fs.c.slotSize(v.Type()))
	fs.locals[v] = s
	return s
}

// define declares v (nil or blank: discard) and initialises it with the
// value on top of the stack: a new box if a closure captures it.
func (fs *fnState) define(v *types.Var) {
	if v == nil || v.Name() == "_" {
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		return
	}
	s := fs.declare(v)
	if fs.c.captured[v] {
		fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
	} else {
		fs.emit(vm.OpStore, s, 0, 1, 0)
	}
}

// load pushes the value of variable v.
func (fs *fnState) load(v *types.Var) {
	if g, ok := fs.c.globalOf(v); ok {
		fs.emit(vm.OpLoadGlob, g, 0, 0, 1)
		if fs.c.boxedGlobals[v] {
			fs.emit(vm.OpDeref, 0, 0, 1, 1)
		}
		return
	}
	if k, ok := fs.free[v]; ok {
		fs.emit(vm.OpLoadFree, k, 0, 0, 1)
		return
	}
	if s, ok := fs.locals[v]; ok {
		if fs.c.captured[v] {
			fs.emit(vm.OpLoadBox, s, 0, 0, 1)
		} else {
			fs.emit(vm.OpLoad, s, 0, 0, 1)
		}
		return
	}
	fs.noStorage(v)
	fs.pushInt(0)
}

// store pops the top of the stack into variable v.
func (fs *fnState) store(v *types.Var) {
	if v == nil {
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		return
	}
	if fs.c.isStructKind(v.Type()) && v.Name() != "_" {
		fs.storeStruct(v)
		return
	}
	if g, ok := fs.c.globalOf(v); ok {
		if fs.c.boxedGlobals[v] {
			fs.emit(vm.OpLoadGlob, g, 0, 0, 1)
			fs.emit(vm.OpStoreDeref, 0, 1, 2, 0)
			return
		}
		fs.emit(vm.OpStoreGlob, g, 0, 1, 0)
		return
	}
	if k, ok := fs.free[v]; ok {
		fs.emit(vm.OpStoreFree, k, 0, 1, 0)
		return
	}
	if s, ok := fs.locals[v]; ok {
		if fs.c.captured[v] {
			fs.emit(vm.OpStoreBox, s, 0, 1, 0)
		} else {
			fs.emit(vm.OpStore, s, 0, 1, 0)
		}
		return
	}
	if v.Name() != "_" {
		fs.noStorage(v)
	}
	fs.emit(vm.OpPop, 0, 0, 1, 0)
}

func (fs *fnState) noStorage(v *types.Var) {
	if fs.c.errs.len() == 0 {
		fs.c.errorf(v.Pos(), internalPrefix+"no storage for %s", v.Name())
	}
}

// boxRef pushes the box id of captured variable v, to capture it again.
func (fs *fnState) boxRef(v *types.Var) {
	if k, ok := fs.free[v]; ok {
		fs.emit(vm.OpFreeRef, k, 0, 0, 1)
		return
	}
	if s, ok := fs.locals[v]; ok {
		fs.emit(vm.OpLocalRef, s, 0, 0, 1)
		return
	}
	fs.noStorage(v)
	fs.pushInt(0)
}

// ---- functions -------------------------------------------------------------------

// body compiles a function's parameters and body, then finishes it.
func (fs *fnState) body(ftype *ast.FuncType, sig *types.Signature, body *ast.BlockStmt, decl token.Pos) int32 {
	c := fs.c
	fs.bodyNode = body
	fs.decl = decl
	fs.sig = sig
	fs.setPos(decl)
	if k, why := c.kindOf(sig); k == kBad {
		c.badType(decl, why)
	}
	var params []*types.Var
	if r := sig.Recv(); r != nil {
		params = append(params, r) // a method's receiver comes first
	}
	for i := 0; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i))
	}
	var boxed []*types.Var
	for _, v := range params {
		s := fs.newSlot(c.slotSize(v.Type()))
		if v.Name() != "" && v.Name() != "_" {
			fs.locals[v] = s
			if c.captured[v] {
				boxed = append(boxed, v)
			}
		}
	}
	fs.nparams = len(params)
	fs.nresults = sig.Results().Len()
	for _, v := range boxed {
		fs.emit(vm.OpLoad, fs.locals[v], 0, 0, 1)
		fs.emitOp(vm.OpNewBox, fs.locals[v], 0, 1, 0)
	}
	res := sig.Results()
	if res.Len() > 0 && res.At(0).Name() != "" {
		for i := 0; i < res.Len(); i++ {
			v := res.At(i)
			fs.namedResults = append(fs.namedResults, v)
			s := fs.declare(v) // blank results too: they are returned
			fs.zeroValue(v.Type())
			if c.captured[v] {
				fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
			} else {
				fs.emit(vm.OpStore, s, 0, 1, 0)
			}
		}
	}
	fs.hasDefer = containsDefer(body)
	fs.stmtList(body.List)
	fs.setPos(body.Rbrace)
	if fs.reachable {
		if fs.nresults == 0 {
			fs.emit(vm.OpReturn, 0, 0, 0, 0)
		} else {
			// Go's terminating-statement rule makes this unreachable;
			// the compiler's own reachability is less precise.
			fs.pushStr("unreachable: missing return")
			fs.emitOp(vm.OpPanic, 0, 0, 1, 0)
		}
	}
	fs.recoveryPoint()
	return fs.finish()
}

// containsDefer reports whether the body has a defer statement of its own
// (not one in a closure).
func containsDefer(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// childName names a closure or wrapper of this function like the Go
// compiler: main.f.func1, main.f.func1.1, main.f.deferwrap1, main.f.gowrap1.
func (fs *fnState) childName(kind string) string {
	if fs.rf != nil {
		return fs.rf.top.childName(kind) // named after the function holding the loop, as Go does
	}
	switch kind {
	case "deferwrap":
		fs.ndeferwrap++
		return fs.name + ".deferwrap" + strconv.Itoa(fs.ndeferwrap)
	case "gowrap":
		fs.ngowrap++
		return fs.name + ".gowrap" + strconv.Itoa(fs.ngowrap)
	}
	fs.nclosures++
	if fs.parent == nil {
		return fs.name + ".func" + strconv.Itoa(fs.nclosures)
	}
	return fs.name + "." + strconv.Itoa(fs.nclosures)
}

// funcLit compiles a closure and pushes its func value.
func (fs *fnState) funcLit(lit *ast.FuncLit) {
	c := fs.c
	sig, _ := c.info.TypeOf(lit).(*types.Signature)
	if sig == nil {
		fs.pushInt(0)
		return
	}
	inner := c.newFnState(fs, fs.childName("func"), -1)
	inner.free = map[*types.Var]int32{}
	free := c.substVars(c.freeVars[lit])
	for k, v := range free {
		inner.free[v] = int32(k)
	}
	idx := inner.body(lit.Type, sig, lit.Body, lit.Pos())
	if len(free) == 0 {
		fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
		return
	}
	for _, v := range free {
		fs.boxRef(v)
	}
	fs.emitOp(vm.OpClosure, idx, int32(len(free)), len(free), 1)
}
