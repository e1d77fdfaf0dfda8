package runtime

import "github.com/gmplab/gmplab/vm"

// The VM (package vm) runs the Gs' Go code; the scheduler asks it to run a
// G's Thread for a budget and acts on why it stopped (machine.go: run). The
// program form's types and opcodes keep their names here, so that the
// scheduler's code and the packages above it (lang excepted, which builds
// programs with package vm) read as before.
//
// Why runtime imports vm rather than defining an interface vm implements:
// the scheduler ops' operands (a channel value, a select's case table, the
// function table a traceback walks) are the program form's own data, so an
// interface would re-declare Program, Value and Pos here and copy them at
// every op. vm imports nothing of gmplab, so dependencies still point one
// way: vm ← runtime ← view, debugger, cli.

type (
	Program    = vm.Program
	Func       = vm.Func
	Pos        = vm.Pos
	Value      = vm.Value
	Instr      = vm.Instr
	Op         = vm.Op
	SelectInfo = vm.SelectInfo
	SelectCase = vm.SelectCase
	execStop   = vm.Stop
)

const (
	stopBudget    = vm.StopBudget
	stopSched     = vm.StopSched
	stopExit      = vm.StopExit
	stopMorestack = vm.StopMorestack
	stopPanic     = vm.StopPanic
)

func itoa(v int64) string { return vm.Itoa(v) }

// funcIndex is the closure a func value names (0 for nil).
func funcIndex(v Value) int32 { return vm.FuncIndex(v) }

// The opcodes.
const (
	OpNop          = vm.OpNop
	OpInt          = vm.OpInt
	OpStr          = vm.OpStr
	OpLoad         = vm.OpLoad
	OpStore        = vm.OpStore
	OpLoadBox      = vm.OpLoadBox
	OpStoreBox     = vm.OpStoreBox
	OpNewBox       = vm.OpNewBox
	OpLoadFree     = vm.OpLoadFree
	OpStoreFree    = vm.OpStoreFree
	OpFreeRef      = vm.OpFreeRef
	OpLocalRef     = vm.OpLocalRef
	OpLoadGlob     = vm.OpLoadGlob
	OpStoreGlob    = vm.OpStoreGlob
	OpPop          = vm.OpPop
	OpDup          = vm.OpDup
	OpAdd          = vm.OpAdd
	OpSub          = vm.OpSub
	OpMul          = vm.OpMul
	OpDiv          = vm.OpDiv
	OpRem          = vm.OpRem
	OpNeg          = vm.OpNeg
	OpAnd          = vm.OpAnd
	OpOr           = vm.OpOr
	OpXor          = vm.OpXor
	OpAndNot       = vm.OpAndNot
	OpShl          = vm.OpShl
	OpShr          = vm.OpShr
	OpNot          = vm.OpNot
	OpEq           = vm.OpEq
	OpNe           = vm.OpNe
	OpLt           = vm.OpLt
	OpLe           = vm.OpLe
	OpGt           = vm.OpGt
	OpGe           = vm.OpGe
	OpConcat       = vm.OpConcat
	OpSEq          = vm.OpSEq
	OpSNe          = vm.OpSNe
	OpSLt          = vm.OpSLt
	OpSLe          = vm.OpSLe
	OpSGt          = vm.OpSGt
	OpSGe          = vm.OpSGe
	OpSLen         = vm.OpSLen
	OpIndex        = vm.OpIndex
	OpSlice        = vm.OpSlice
	OpFmtInt       = vm.OpFmtInt
	OpFmtBool      = vm.OpFmtBool
	OpFmtDur       = vm.OpFmtDur
	OpFmtQ         = vm.OpFmtQ
	OpFmtPad       = vm.OpFmtPad
	OpJump         = vm.OpJump
	OpJumpIf       = vm.OpJumpIf
	OpJumpIfNot    = vm.OpJumpIfNot
	OpCall         = vm.OpCall
	OpCallClosure  = vm.OpCallClosure
	OpClosure      = vm.OpClosure
	OpFuncVal      = vm.OpFuncVal
	OpReturn       = vm.OpReturn
	OpDefer        = vm.OpDefer
	OpPanic        = vm.OpPanic
	OpRunDefers    = vm.OpRunDefers
	OpGo           = vm.OpGo
	OpMakeChan     = vm.OpMakeChan
	OpSend         = vm.OpSend
	OpRecv         = vm.OpRecv
	OpClose        = vm.OpClose
	OpChanLen      = vm.OpChanLen
	OpChanCap      = vm.OpChanCap
	OpSelect       = vm.OpSelect
	OpNewWG        = vm.OpNewWG
	OpWGAdd        = vm.OpWGAdd
	OpWGWait       = vm.OpWGWait
	OpNewMutex     = vm.OpNewMutex
	OpLock         = vm.OpLock
	OpUnlock       = vm.OpUnlock
	OpTryLock      = vm.OpTryLock
	OpSync         = vm.OpSync
	OpSleep        = vm.OpSleep
	OpTimer        = vm.OpTimer
	OpNow          = vm.OpNow
	OpGosched      = vm.OpGosched
	OpGOMAXPROCS   = vm.OpGOMAXPROCS
	OpNumGoroutine = vm.OpNumGoroutine
	OpNumCPU       = vm.OpNumCPU
	OpPrint        = vm.OpPrint
	OpWork         = vm.OpWork
	OpSyscall      = vm.OpSyscall
	OpDial         = vm.OpDial
	OpRead         = vm.OpRead
	OpBreakpoint   = vm.OpBreakpoint
	OpExit         = vm.OpExit
	OpRuntime      = vm.OpRuntime
)

// monoTime is the time.Time the program sees for virtual time ns (Now's
// result, a timer's value): package vm holds the Time encoding.
func monoTime(ns int64) Value { return vm.MonoTime(ns) }
