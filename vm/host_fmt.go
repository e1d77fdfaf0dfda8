package vm

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// fmt of statically typed basic values (integers of every width, floats,
// strings, bools), formatted on the host by the real fmt package, so that
// every verb, flag, width, precision, argument index and error form
// (%!d(string=hi), %!(EXTRA int=3), %!d(MISSING)) is Go's by construction.
// The front end knows each operand's type and writes it into a plan, a
// string of Program.Strings named by the instruction's B:
//
//	fmt.value:   "T\x00directive"             v → text (one operand)
//	fmt.sprintf: "mode\x00T1,T2,…\x00format"  []args → text (mode f: Sprintf, p: Sprint, l: Sprintln,
//	             d: Sprintf with the format as the first operand)
//
// where each T is a basic type's name as Go spells it (int8, uint, float32,
// string, bool, …) or []T for a slice of one.

func init() {
	RegisterHost(HostFunc{Name: "fmt.value", Pop: 1, Push: 1, Cost: psFmt, Fn: func(mc *Machine, b int32, a, r []Value) string {
		t, directive, _ := strings.Cut(mc.prog.Strings[b], "\x00")
		r[0] = Value{S: fmt.Sprintf(directive, mc.fmtOperand(t, a[0]))}
		return ""
	}})
	// %p: Go prints the address, which the simulator has not got. The
	// made-up one is deterministic and looks like a Go heap address:
	// 0xc000010000 plus 16 bytes per object id (0x0 for nil).
	RegisterHost(HostFunc{Name: "fmt.pointer", Pop: 1, Push: 1, Cost: psFmt, Fn: func(mc *Machine, b int32, a, r []Value) string {
		var addr uintptr
		if id := a[0].I & refMask; id != 0 {
			addr = 0xc000010000 + uintptr(id)*16
		}
		d := mc.prog.Strings[b]
		r[0] = Value{S: fmt.Sprintf(d[:len(d)-1]+"s", "0x"+strconv.FormatUint(uint64(addr), 16))}
		return ""
	}})
	RegisterHost(HostFunc{Name: "fmt.sprintf", Pop: 1, Push: 1, Cost: psFmt, Fn: func(mc *Machine, b int32, a, r []Value) string {
		mode, rest, _ := strings.Cut(mc.prog.Strings[b], "\x00")
		ts, format, _ := strings.Cut(rest, "\x00")
		elems, n, _ := mc.sliceParts(a[0].I)
		var args []any
		if ts != "" {
			for i, t := range strings.Split(ts, ",") {
				if i < n {
					args = append(args, mc.fmtOperand(t, elems[i]))
				}
			}
		}
		switch mode {
		case "d": // the format is the first operand
			r[0].S = fmt.Sprintf(args[0].(string), args[1:]...)
		case "p":
			r[0].S = fmt.Sprint(args...)
		case "l":
			r[0].S = fmt.Sprintln(args...)
		default:
			r[0].S = fmt.Sprintf(format, args...)
		}
		return ""
	}})
}

// BasicValue is the value v of the basic type called t as a Go value of
// that type (for fmt, which prints by type).
func BasicValue(t string, v Value) any {
	switch t {
	case "int":
		return int(v.I)
	case "int8":
		return int8(v.I)
	case "int16":
		return int16(v.I)
	case "int32":
		return int32(v.I)
	case "int64":
		return v.I
	case "uint":
		return uint(v.I)
	case "uint8":
		return uint8(v.I)
	case "uint16":
		return uint16(v.I)
	case "uint32":
		return uint32(v.I)
	case "uint64":
		return uint64(v.I)
	case "uintptr":
		return uintptr(v.I)
	case "float32":
		return float32(F64(v))
	case "float64":
		return F64(v)
	case "string":
		return v.S
	case "bool":
		return v.I != 0
	}
	panic("vm: fmt of unknown basic type " + t)
}

// fmtOperand is v, of the basic type or slice of one called t, as a Go
// value of that type.
func (mc *Machine) fmtOperand(t string, v Value) any {
	et, ok := strings.CutPrefix(t, "[]")
	if !ok {
		return BasicValue(t, v)
	}
	st := reflect.SliceOf(reflect.TypeOf(mc.fmtOperand(et, Value{})))
	if v.I&refMask == 0 {
		return reflect.Zero(st).Interface()
	}
	elems, n, _ := mc.sliceParts(v.I)
	s := reflect.MakeSlice(st, n, n)
	for i := range n {
		s.Index(i).Set(reflect.ValueOf(mc.fmtOperand(et, elems[i])))
	}
	return s.Interface()
}
