package vm

import (
	"strconv"
	"strings"
)

// Operand is what an instruction's A or B means (the op table's A and B
// columns): how the disassembler shows it and what Verify checks it
// against.
//
// The disassembler shows an instruction's operands as follows. When
// both A and B are raw kinds (OperandNone, OperandNum, OperandSwap), it
// prints "A B" if either is non-zero, else nothing; otherwise it prints
// the non-raw ones, each in its own way (a local as L3, a jump target as
// → 0012, a function by its name…), and leaves the raw one out.
type Operand uint8

const (
	// OperandNone: unused, always 0.
	OperandNone Operand = iota
	// OperandNum: a number whose meaning the row's Stack gives.
	OperandNum
	// OperandSwap: 1 if the operands are on the stack in the other
	// order the row's Stack gives, else 0.
	OperandSwap
	// OperandIntHi: OpInt's A, the high 32 bits of the constant (B the
	// low ones), shown as the whole constant.
	OperandIntHi
	// OperandString: an index into Program.Strings, shown quoted.
	OperandString
	// OperandMethod: an index into Program.Strings naming a method.
	OperandMethod
	// OperandLocal: a local slot of the function, L3.
	OperandLocal
	// OperandFree: a captured box of the running closure, F1.
	OperandFree
	// OperandGlobal: a package-level variable's slot, G2.
	OperandGlobal
	// OperandPC: a jump target in the function, → 0012.
	OperandPC
	// OperandFunc: an index into Program.Funcs, shown by its name.
	OperandFunc
	// OperandArgs: the argument slots a call pops.
	OperandArgs
	// OperandCallSlots: CallSlots(args, results) of a call through a func
	// or an interface value (shown as its argument slots).
	OperandCallSlots
	// OperandCaptures: the boxes a closure captures.
	OperandCaptures
	// OperandSlots: an object's number of slots.
	OperandSlots
	// OperandSlot: a slot of an object, .2.
	OperandSlot
	// OperandLayout: an index into Program.Layouts.
	OperandLayout
	// OperandElemLayout: an index into Program.Layouts, or -1 for plain
	// elements (shown only when it is a layout).
	OperandElemLayout
	// OperandElem: a slice's element: its size<<1 | 1 if it holds no
	// pointers, or ^layout for elements held in objects (slice.go:
	// elemSpec).
	OperandElem
	// OperandElemIfLayout: ^layout for elements held in objects, else 0
	// (shown only when it is a layout).
	OperandElemIfLayout
	// OperandType: an index into Program.Types, shown by the type's name.
	OperandType
	// OperandUnsignedOp: an OpUnsigned operation, UDiv…
	OperandUnsignedOp
	// OperandFloatOp: an OpFloat operation, FAdd…
	OperandFloatOp
	// OperandF32: 1 to round OpFloat's result to float32, else 0.
	OperandF32
	// OperandRandFn: an OpRand function, RandNewSource…
	OperandRandFn
	// OperandHostFn: a host function's index (host.go: Host).
	OperandHostFn
	// OperandSliceForm: OpSlice's omitted indexes (1 i, 2 j).
	OperandSliceForm
	// OperandChanCap: 1 if a channel's capacity is on the stack, else 0.
	OperandChanCap
	// OperandOK: 1 to push ok too, else 0.
	OperandOK
	// OperandSelect: an index into Program.Selects.
	OperandSelect
	// OperandStream: 0 stdout, 1 stderr.
	OperandStream
	// OperandCode: an exit code.
	OperandCode
	// OperandRuntimeFn: an OpRuntime function, RtGoexit…
	OperandRuntimeFn
	// OperandTimerOp: an OpTimer operation, TimerNewTimer…
	OperandTimerOp
	// OperandHeapElem: OpMakeSlice's: the element's size<<1 | 1 if it
	// holds no pointers, when the array is a heap allocation
	// (runtime.makeslice, malloc.go); 0 when it is not counted (a slice
	// literal).
	OperandHeapElem
	// OperandBytes: a size in bytes (OpNewobject's object).
	OperandBytes
	// OperandPtrBytes: the bytes of the object up to and including its
	// last pointer (the type's PtrBytes); 0 if it holds none (the
	// allocator's noscan).
	OperandPtrBytes
	// OperandImm: an immediate int32 of the register form, #-3.
	OperandImm
	// OperandIntLo: OpMovI's C, the low 32 bits of the constant (B the
	// high ones), shown with B as the whole constant.
	OperandIntLo
	// OperandTrunc: OpTruncR's width: n > 0 keeps the low n bits
	// (an unsigned type), n < 0 sign-extends from -n bits.
	OperandTrunc
	numOperands
)

// operandKind is one Operand's disassembly and check.
type operandKind struct {
	// raw: shown as a number, and only when both operands are raw (see
	// Operand).
	raw bool
	// show renders v, the operand of in (nil: not shown).
	show func(p *Program, in Instr, v int32) string
	// check reports what is wrong with v in function f of p ("" if
	// nothing).
	check func(p *Program, f *Func, v int32) string
}

var operandKinds = [numOperands]operandKind{
	OperandNone: {raw: true, check: func(_ *Program, _ *Func, v int32) string { return nonZero(v) }},
	OperandNum:  {raw: true},
	OperandSwap: {raw: true, check: flag},
	OperandIntHi: {show: func(_ *Program, in Instr, _ int32) string {
		return itoa(int64(in.A)<<32 | int64(uint32(in.B)))
	}},
	OperandString: {show: func(p *Program, _ Instr, v int32) string {
		if v >= 0 && int(v) < len(p.Strings) {
			return strconv.Quote(p.Strings[v])
		}
		return "str?" + itoa(int64(v))
	}, check: inStrings},
	OperandMethod: {show: func(p *Program, _ Instr, v int32) string {
		if v >= 0 && int(v) < len(p.Strings) {
			return p.Strings[v]
		}
		return "method?" + itoa(int64(v))
	}, check: inStrings},
	OperandLocal: {show: prefixed("L"), check: func(_ *Program, f *Func, v int32) string {
		return inRange(v, f.NLocals, "local")
	}},
	OperandFree:   {show: prefixed("F"), check: nonNegative},
	OperandGlobal: {show: prefixed("G"), check: func(p *Program, _ *Func, v int32) string { return inRange(v, p.Globals, "global") }},
	OperandPC: {show: func(_ *Program, _ Instr, v int32) string { return "→ " + pad4(int(v)) },
		check: func(_ *Program, f *Func, v int32) string { return inRange(v, len(f.Code), "jump target") }},
	OperandFunc: {show: func(p *Program, _ Instr, v int32) string { return p.funcName(v) },
		check: func(p *Program, _ *Func, v int32) string { return inRange(v, len(p.Funcs), "function") }},
	OperandArgs: {show: prefixed("args "), check: nonNegative},
	OperandCallSlots: {show: func(_ *Program, _ Instr, v int32) string {
		args, _ := CallSlotsOf(v)
		return "args " + itoa(int64(args))
	}, check: nonNegative},
	OperandCaptures: {show: prefixed("captures "), check: nonNegative},
	OperandSlots:    {show: func(_ *Program, _ Instr, v int32) string { return itoa(int64(v)) + " slots" }, check: nonNegative},
	OperandSlot:     {show: prefixed("."), check: nonNegative},
	OperandLayout:   {show: prefixed("layout "), check: inLayouts},
	OperandElemLayout: {show: func(_ *Program, _ Instr, v int32) string {
		if v >= 0 {
			return "layout " + itoa(int64(v))
		}
		return ""
	}, check: func(p *Program, f *Func, v int32) string {
		if v == -1 {
			return ""
		}
		return inLayouts(p, f, v)
	}},
	OperandElem: {show: func(_ *Program, _ Instr, v int32) string { return elemOperand(v) }, check: func(p *Program, f *Func, v int32) string {
		if v < 0 {
			return inLayouts(p, f, ^v)
		}
		return ""
	}},
	OperandElemIfLayout: {show: func(_ *Program, _ Instr, v int32) string {
		if v < 0 {
			return elemOperand(v)
		}
		return ""
	}, check: func(p *Program, f *Func, v int32) string {
		if v < 0 {
			return inLayouts(p, f, ^v)
		}
		return nonZero(v)
	}},
	OperandType: {show: func(p *Program, _ Instr, v int32) string {
		if v >= 0 && int(v) < len(p.Types) {
			return p.Types[v].Name
		}
		return "type?" + itoa(int64(v))
	}, check: inTypes},
	OperandUnsignedOp: {show: func(_ *Program, _ Instr, v int32) string { return named(unsignedNames[:], v) },
		check: func(_ *Program, _ *Func, v int32) string {
			return inRange(v, len(unsignedNames), "OpUnsigned operation")
		}},
	OperandFloatOp: {show: func(_ *Program, _ Instr, v int32) string { return named(floatOpNames[:], v) },
		check: func(_ *Program, _ *Func, v int32) string { return inRange(v, numFloatOps, "OpFloat operation") }},
	OperandF32: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 1 {
			return "f32"
		}
		return ""
	}, check: flag},
	OperandRandFn: {show: func(_ *Program, _ Instr, v int32) string { return named(RandNames[:], v) },
		check: func(_ *Program, _ *Func, v int32) string { return inRange(v, numRand, "OpRand function") }},
	OperandHostFn: {show: func(_ *Program, _ Instr, v int32) string { return HostName(v) },
		check: func(_ *Program, _ *Func, v int32) string {
			sealHost()
			return inRange(v, len(hostTable), "host function")
		}},
	OperandSliceForm: {show: func(_ *Program, _ Instr, v int32) string {
		return [...]string{"[i:j]", "[:j]", "[i:]", "[:]"}[v&3]
	}, check: func(_ *Program, _ *Func, v int32) string { return inRange(v, 4, "slice form") }},
	OperandChanCap: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 1 {
			return "cap"
		}
		return "unbuffered"
	}, check: flag},
	OperandOK: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 1 {
			return "ok"
		}
		return ""
	}, check: flag},
	OperandSelect: {show: func(p *Program, _ Instr, v int32) string { return p.selectOperand(v) },
		check: func(p *Program, _ *Func, v int32) string { return inRange(v, len(p.Selects), "select") }},
	OperandStream: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 1 {
			return "stderr"
		}
		return "stdout"
	}, check: flag},
	OperandCode: {show: func(_ *Program, _ Instr, v int32) string { return itoa(int64(v)) }},
	OperandRuntimeFn: {show: func(_ *Program, _ Instr, v int32) string { return RtName(int64(v)) },
		check: func(_ *Program, _ *Func, v int32) string { return inRange(v, numRt, "OpRuntime function") }},
	OperandTimerOp: {show: func(_ *Program, _ Instr, v int32) string { return named(TimerNames[:], v) },
		check: func(_ *Program, _ *Func, v int32) string { return inRange(v, len(TimerNames), "OpTimer operation") }},
	OperandHeapElem: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 0 {
			return ""
		}
		return "heap " + elemOperand(v)
	}, check: nonNegative},
	OperandBytes: {show: func(_ *Program, _ Instr, v int32) string { return itoa(int64(v)) + " B" }, check: nonNegative},
	OperandPtrBytes: {show: func(_ *Program, _ Instr, v int32) string {
		if v == 0 {
			return "noscan"
		}
		return "pointers in " + itoa(int64(v)) + " B"
	}, check: nonNegative},
	OperandImm: {show: prefixed("#")},
	OperandIntLo: {show: func(_ *Program, in Instr, _ int32) string {
		return "#" + itoa(int64(in.B)<<32|int64(uint32(in.C)))
	}},
	OperandTrunc: {show: func(_ *Program, _ Instr, v int32) string {
		if v < 0 {
			return "int" + itoa(int64(-v))
		}
		return "uint" + itoa(int64(v))
	}, check: func(_ *Program, _ *Func, v int32) string {
		if v != 8 && v != 16 && v != 32 && v != -8 && v != -16 && v != -32 {
			return "a truncation to " + itoa(int64(v)) + " bits"
		}
		return ""
	}},
}

var unsignedNames = [...]string{UDiv: "div", URem: "rem", UShr: "shr", ULt: "lt", ULe: "le", UGt: "gt", UGe: "ge", UFmt: "fmt"}

// operands renders an instruction's A and B for people (see Operand).
func (p *Program) operands(in Instr) string {
	if in.Op >= numOps {
		return itoa(int64(in.A)) + " " + itoa(int64(in.B))
	}
	r := &opTable[in.Op]
	ka, kb, kc := &operandKinds[r.A], &operandKinds[r.B], &operandKinds[r.C]
	if ka.raw && kb.raw && kc.raw {
		if in.A != 0 || in.B != 0 || in.C != 0 {
			s := itoa(int64(in.A)) + " " + itoa(int64(in.B))
			if in.C != 0 {
				s += " " + itoa(int64(in.C))
			}
			return s
		}
		return ""
	}
	var s string
	for _, x := range []struct {
		k *operandKind
		v int32
	}{{ka, in.A}, {kb, in.B}, {kc, in.C}} {
		if x.k.raw || x.k.show == nil {
			continue
		}
		if t := x.k.show(p, in, x.v); t != "" {
			if s != "" {
				s += " "
			}
			s += t
		}
	}
	return s
}

func (p *Program) funcName(fi int32) string {
	if fi >= 0 && int(fi) < len(p.Funcs) {
		return p.Funcs[fi].Name
	}
	return "func?" + itoa(int64(fi))
}

// selectOperand shows select a: its cases and whether it has a default.
func (p *Program) selectOperand(a int32) string {
	if a < 0 || int(a) >= len(p.Selects) {
		return "select?" + itoa(int64(a))
	}
	info := &p.Selects[a]
	parts := make([]string, len(info.Cases))
	for i, c := range info.Cases {
		parts[i] = "recv"
		if c.Send {
			parts[i] = "send"
		}
	}
	s := "#" + itoa(int64(a)) + " [" + strings.Join(parts, " ") + "]"
	if info.HasDefault {
		s += " default"
	}
	return s
}

// elemOperand is OpAppendSlice's B as text: the element's size, or the layout
// of elements held in objects.
func elemOperand(b int32) string {
	if b < 0 {
		return "elem layout " + itoa(int64(^b))
	}
	return "elem " + itoa(int64(b>>1)) + " B"
}

func prefixed(prefix string) func(*Program, Instr, int32) string {
	return func(_ *Program, _ Instr, v int32) string { return prefix + itoa(int64(v)) }
}

func named(names []string, v int32) string {
	if v >= 0 && int(v) < len(names) {
		return names[v]
	}
	return "?"
}

// The checks of operands.

func inRange(v int32, n int, what string) string {
	if v < 0 || int(v) >= n {
		return what + " " + itoa(int64(v)) + " out of range [0, " + itoa(int64(n)) + ")"
	}
	return ""
}

func inStrings(p *Program, _ *Func, v int32) string { return inRange(v, len(p.Strings), "string") }
func inLayouts(p *Program, _ *Func, v int32) string { return inRange(v, len(p.Layouts), "layout") }
func inTypes(p *Program, _ *Func, v int32) string   { return inRange(v, len(p.Types), "type") }

func nonNegative(_ *Program, _ *Func, v int32) string {
	if v < 0 {
		return "negative operand " + itoa(int64(v))
	}
	return ""
}

func nonZero(v int32) string {
	if v != 0 {
		return "operand " + itoa(int64(v)) + " where none is used"
	}
	return ""
}

func flag(_ *Program, _ *Func, v int32) string {
	if v != 0 && v != 1 {
		return "flag " + itoa(int64(v)) + " is neither 0 nor 1"
	}
	return ""
}
