package vm

import (
	"strconv"
	"strings"
)

// The disassembler: a Program as text, one instruction a line with its
// source position, for golden tests of the front end and for the curious
// (gmplab's debugger can show the instruction a G stopped at).

var opNames = [...]string{
	OpNop: "Nop",

	OpInt: "Int", OpStr: "Str", OpLoad: "Load", OpStore: "Store",
	OpLoadBox: "LoadBox", OpStoreBox: "StoreBox", OpNewBox: "NewBox",
	OpLoadFree: "LoadFree", OpStoreFree: "StoreFree", OpFreeRef: "FreeRef", OpLocalRef: "LocalRef",
	OpLoadGlob: "LoadGlob", OpStoreGlob: "StoreGlob", OpPop: "Pop", OpDup: "Dup",

	OpAdd: "Add", OpSub: "Sub", OpMul: "Mul", OpDiv: "Div", OpRem: "Rem", OpNeg: "Neg",
	OpAnd: "And", OpOr: "Or", OpXor: "Xor", OpAndNot: "AndNot", OpShl: "Shl", OpShr: "Shr",
	OpNot: "Not", OpEq: "Eq", OpNe: "Ne", OpLt: "Lt", OpLe: "Le", OpGt: "Gt", OpGe: "Ge",

	OpConcat: "Concat", OpSEq: "SEq", OpSNe: "SNe", OpSLt: "SLt", OpSLe: "SLe", OpSGt: "SGt", OpSGe: "SGe",
	OpSLen: "SLen", OpIndex: "Index", OpSlice: "Slice",

	OpFmtInt: "FmtInt", OpFmtBool: "FmtBool", OpFmtDur: "FmtDur", OpFmtQ: "FmtQ", OpFmtPad: "FmtPad",

	OpJump: "Jump", OpJumpIf: "JumpIf", OpJumpIfNot: "JumpIfNot", OpCall: "Call",
	OpCallClosure: "CallClosure", OpClosure: "Closure", OpFuncVal: "FuncVal", OpReturn: "Return",
	OpDefer: "Defer", OpPanic: "Panic", OpRunDefers: "RunDefers", OpDeferRange: "DeferRange",

	OpNewObj: "NewObj", OpField: "Field", OpSetField: "SetField", OpObjCopy: "ObjCopy",
	OpObjAssign: "ObjAssign", OpObjEq: "ObjEq", OpDeref: "Deref", OpStoreDeref: "StoreDeref", OpElemRef: "ElemRef", OpSliceRef: "SliceRef",
	OpZeroObj: "ZeroObj", OpIndexObj: "IndexObj", OpStoreIndexObj: "StoreIndexObj", OpArraySlice: "ArraySlice", OpKeyOf: "KeyOf", OpKeyObj: "KeyObj", OpSliceToArray: "SliceToArray", OpRand: "Rand", OpUnsigned: "Unsigned", OpFloat: "Float", OpAtomic: "Atomic", OpStrings: "Strings", OpHost: "Host",
	OpMakeIface: "MakeIface", OpIfaceCall: "IfaceCall", OpIfaceEq: "IfaceEq", OpAssert: "Assert", OpRecover: "Recover", OpFmtAny: "FmtAny",
	OpMakeSlice: "MakeSlice", OpSliceLen: "SliceLen", OpSliceCap: "SliceCap", OpSliceIndex: "SliceIndex",
	OpSliceStore: "SliceStore", OpAppend: "Append", OpAppendSlice: "AppendSlice", OpCopySlice: "CopySlice", OpReslice: "Reslice",
	OpMakeMap: "MakeMap", OpMapIndex: "MapIndex", OpMapStore: "MapStore", OpMapDelete: "MapDelete",
	OpMapLen: "MapLen", OpMapClear: "MapClear", OpMapKeys: "MapKeys",

	OpGo: "Go", OpMakeChan: "MakeChan", OpSend: "Send", OpRecv: "Recv", OpClose: "Close",
	OpChanLen: "ChanLen", OpChanCap: "ChanCap", OpSelect: "Select", OpNewWG: "NewWG",
	OpWGAdd: "WGAdd", OpWGWait: "WGWait", OpNewMutex: "NewMutex", OpLock: "Lock", OpUnlock: "Unlock",
	OpTryLock: "TryLock", OpSync: "Sync", OpSleep: "Sleep", OpTimer: "Timer", OpNow: "Now", OpGosched: "Gosched",
	OpGOMAXPROCS: "GOMAXPROCS", OpNumGoroutine: "NumGoroutine", OpNumCPU: "NumCPU", OpPrint: "Print", OpWork: "Work",
	OpSyscall: "Syscall", OpDial: "Dial", OpRead: "Read", OpBreakpoint: "Breakpoint", OpExit: "Exit", OpRuntime: "Runtime",
}

// String is the op's name without the Op prefix ("Call", "Send").
func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return "Op(" + itoa(int64(op)) + ")"
}

// Disasm returns the whole program as text: for each function a header
// (index, name, frame layout, where it is declared), then one instruction a
// line: its pc, source line:col, op and operands, scheduler ops marked "*".
func (p *Program) Disasm() string {
	var b strings.Builder
	for fi := range p.Funcs {
		if fi > 0 {
			b.WriteByte('\n')
		}
		p.disasmFunc(&b, fi)
	}
	return b.String()
}

// DisasmFunc returns one function as Disasm shows it.
func (p *Program) DisasmFunc(fi int) string {
	var b strings.Builder
	p.disasmFunc(&b, fi)
	return b.String()
}

func (p *Program) disasmFunc(b *strings.Builder, fi int) {
	f := &p.Funcs[fi]
	b.WriteString("func " + itoa(int64(fi)) + " " + f.Name + " (params " + itoa(int64(f.NParams)) +
		", results " + itoa(int64(f.NResults)) + ", locals " + itoa(int64(f.NLocals)) +
		", maxstack " + itoa(int64(f.MaxStack)) + ", frame " + itoa(int64(f.FrameSize)))
	if f.NoSplit {
		b.WriteString(", nosplit")
	}
	b.WriteString(")")
	if fi == p.Main {
		b.WriteString(" entry")
	}
	if fi == p.Init {
		b.WriteString(" init")
	}
	b.WriteString(" " + p.PosString(f.Decl) + "\n")
	for pc, in := range f.Code {
		pos := ""
		if pc < len(f.Pos) {
			pos = itoa(int64(f.Pos[pc].Line)) + ":" + itoa(int64(f.Pos[pc].Col))
		}
		line := "  " + pad4(pc) + "  " + padRight(pos, 8)
		mark := " "
		if in.Op.IsSched() {
			mark = "*"
		}
		line += mark + " " + padRight(in.Op.String(), 12)
		if arg := p.operands(in); arg != "" {
			line += " " + arg
		}
		if f.Inl != 0 && p.inlined(f.Inl, pc) != 0 {
			line += " (inlined)"
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}

func (p *Program) funcName(fi int32) string {
	if fi >= 0 && int(fi) < len(p.Funcs) {
		return p.Funcs[fi].Name
	}
	return "func?" + itoa(int64(fi))
}

// operands renders an instruction's A and B for people.
func (p *Program) operands(in Instr) string {
	a, bb := int64(in.A), int64(in.B)
	switch in.Op {
	case OpInt:
		return itoa(a<<32 | int64(uint32(in.B)))
	case OpStr:
		if in.A >= 0 && int(in.A) < len(p.Strings) {
			return strconv.Quote(p.Strings[in.A])
		}
		return "str?" + itoa(a)
	case OpLoad, OpStore, OpLoadBox, OpStoreBox, OpNewBox, OpLocalRef:
		return "L" + itoa(a)
	case OpLoadFree, OpStoreFree, OpFreeRef:
		return "F" + itoa(a)
	case OpLoadGlob, OpStoreGlob:
		return "G" + itoa(a)
	case OpJump, OpJumpIf, OpJumpIfNot:
		return "→ " + pad4(int(a))
	case OpCall:
		return p.funcName(in.A) + " args " + itoa(bb)
	case OpCallClosure, OpDefer, OpGo:
		return "args " + itoa(bb)
	case OpClosure:
		return p.funcName(in.A) + " captures " + itoa(bb)
	case OpFuncVal:
		return p.funcName(in.A)
	case OpNewObj:
		return itoa(a) + " slots"
	case OpField, OpSetField:
		return "." + itoa(a)
	case OpObjCopy, OpObjAssign, OpObjEq, OpZeroObj, OpKeyOf, OpKeyObj, OpSliceToArray:
		return "layout " + itoa(a)
	case OpAppend:
		return itoa(a) + " values, " + elemOperand(in.B)
	case OpMakeIface:
		if a >= 0 && int(a) < len(p.Types) {
			return p.Types[a].Name
		}
	case OpIfaceCall:
		if a >= 0 && int(a) < len(p.Strings) {
			return p.Strings[a] + " args " + itoa(bb)
		}
	case OpAppendSlice:
		return elemOperand(in.B)
	case OpCopySlice:
		if in.B < 0 {
			return elemOperand(in.B)
		}
		return ""
	case OpMakeSlice:
		if a >= 0 {
			return "layout " + itoa(a)
		}
		return ""
	case OpUnsigned:
		if a >= 0 && a <= UFmt {
			return [...]string{"div", "rem", "shr", "lt", "le", "gt", "ge", "fmt"}[a]
		}
	case OpFloat:
		return floatOpName(a, bb)
	case OpHost:
		return HostName(int32(a))
	case OpTimer:
		if a >= 0 && a < int64(len(TimerNames)) {
			return TimerNames[a]
		}
	case OpRand:
		if a >= 0 && a < numRand {
			return RandNames[a]
		}
	case OpFmtPad:
		s := "width " + itoa(a)
		if in.B&1 != 0 {
			s += " left"
		}
		if in.B&2 != 0 {
			s += " zero"
		}
		return s
	case OpSlice:
		switch in.B & 3 {
		case 1:
			return "[:j]"
		case 2:
			return "[i:]"
		case 3:
			return "[:]"
		}
		return "[i:j]"
	case OpMakeChan:
		if a == 1 {
			return "cap"
		}
		return "unbuffered"
	case OpRecv:
		if a == 1 {
			return "ok"
		}
	case OpSelect:
		if in.A < 0 || int(in.A) >= len(p.Selects) {
			return "select?" + itoa(a)
		}
		info := &p.Selects[in.A]
		var parts []string
		for _, c := range info.Cases {
			if c.Send {
				parts = append(parts, "send")
			} else {
				parts = append(parts, "recv")
			}
		}
		s := "#" + itoa(a) + " [" + strings.Join(parts, " ") + "]"
		if info.HasDefault {
			s += " default"
		}
		return s
	case OpPrint:
		if a == 1 {
			return "stderr"
		}
		return "stdout"
	case OpExit:
		return itoa(a)
	case OpRuntime:
		return RtName(a)
	}
	if a != 0 || bb != 0 {
		return itoa(a) + " " + itoa(bb)
	}
	return ""
}

func pad4(n int) string {
	s := itoa(int64(n))
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

func padRight(s string, n int) string {
	for len(s) < n {
		s += " "
	}
	return s
}

// elemOperand is OpAppend's B as text: the element's size, or the layout
// of elements held in objects.
func elemOperand(b int32) string {
	if b < 0 {
		return "elem layout " + itoa(int64(^b))
	}
	return "elem " + itoa(int64(b>>1)) + " B"
}
