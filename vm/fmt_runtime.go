package vm

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// fmt with a format known at run time only (fmt.Printf(format, args...)
// of a logging wrapper, fmt.Sprint(xs...), fmt.Errorf as a value): Go's
// doPrintf and doPrint (fmt/print.go) run over the format and the []any,
// each operand formatted as OpFmtAny formats an interface value
// (format_dynamic.go), with the verb, flags, width and precision of its
// directive. Flags, width and precision (a number or *), argument indexes
// [n], %% and the error forms %!d(MISSING), %!(EXTRA int=3),
// %!d(BADINDEX), %!(NOVERB), %!(BADWIDTH), %!(BADPREC) and %!w(T=v) are
// Go's code, ported. The Error and String methods run as ordinary calls,
// as for OpFmtAny: the whole format is walked again, from the start, each
// time another method's result is on the stack.
//
// OpFmtAny runs a whole format when its verb is one of the FmtRun modes
// below: the operand is then the format (a string; unused by
// FmtRunPrint) and the []any is the first value above it, under the
// methods' results.

// The run-time modes of OpFmtAny's verb, above every rune.
const (
	FmtRunPrintf  = 0x110000 + iota // Sprintf(format, a...)
	FmtRunErrorf                    // Errorf's text: Sprintf that takes %w of an error operand
	FmtRunPrint                     // Sprint(a...)
	FmtRunPrintln                   // Sprintln(a...)
)

// run formats the []any s for the mode.
func (f *fmtState) run(mode rune, format string, s int64) string {
	elems, n, _ := f.mc.sliceParts(s)
	a := elems[:n]
	switch mode {
	case FmtRunPrint:
		return f.doPrint(a)
	case FmtRunPrintln:
		return f.doPrintln(a)
	}
	f.errorf = mode == FmtRunErrorf
	return f.doPrintf(format, a)
}

// setFlags sets the flags, width and precision of one directive.
func (f *fmtState) setFlags(flags int32, width int, prec int) {
	f.flags, f.width, f.prec = flags, width, prec
}

// printArg formats operand arg (an interface value) with verb as fmt's
// printArg does, with the flags set.
func (f *fmtState) printArg(arg int64, verb rune) string {
	if f.dry || f.needFn >= 0 {
		return ""
	}
	t, v := f.mc.ifaceParts(arg)
	f.verb = verb
	switch {
	case t < 0:
		return f.iface(arg, 0)
	case verb == 'T':
		return fmt.Sprintf(f.directive('s'), f.mc.prog.Types[t].Name)
	case verb == 'p':
		if ti := &f.mc.prog.Types[t]; ti.Pointer && ti.Kind == KindOther {
			addr := "0x0"
			if v.I != 0 {
				addr = fakePointer(v.I)
			}
			if f.flags&FmtAnySharp != 0 {
				addr = addr[2:]
			}
			return f.pad(addr)
		}
		switch f.mc.prog.Types[t].Kind {
		case KindPtr, KindSlice, KindMap, KindChan, KindFunc:
			addr := "0x0"
			if v.I&refMask != 0 {
				addr = fakeAddr(v.I)
			}
			if f.flags&FmtAnySharp != 0 {
				addr = addr[2:]
			}
			return f.pad(addr)
		}
		return f.badVerb(t, v)
	case verb == 'w':
		if !f.errorf || !f.mc.isError(t) {
			return f.badVerb(t, v)
		}
		f.verb = 'v'
	}
	return f.value(t, v, 0)
}

// badVerb is fmt's %!verb(T=value): the value printed with %v and no
// flags, calling no method (fmt's erroring).
func (f *fmtState) badVerb(t int32, v Value) string {
	verb, flags, width, prec := f.verb, f.flags, f.width, f.prec
	f.verb, f.flags, f.width, f.prec = 'v', 0, 0, -1
	f.hidden++
	s := "%!" + string(verb) + "(" + f.mc.prog.Types[t].Name + "=" + f.value(t, v, 0) + ")"
	f.hidden--
	f.verb, f.flags, f.width, f.prec = verb, flags, width, prec
	return s
}

// isError reports whether values of type t implement error.
func (mc *Machine) isError(t int32) bool {
	ti := &mc.prog.Types[t]
	if ti.ErrorString {
		return true
	}
	for _, m := range ti.Methods {
		if mc.prog.Strings[m.Name] == "Error" && mc.prog.Strings[m.Sig] == "func() string" {
			return true
		}
	}
	return false
}

// doPrint is fmt's doPrint: a space between operands when neither is a
// string.
func (f *fmtState) doPrint(a []Value) string {
	var b strings.Builder
	prevString := false
	for i, arg := range a {
		t, _ := f.mc.ifaceParts(arg.I)
		isString := t >= 0 && f.mc.prog.Types[t].Kind == KindString
		if i > 0 && !isString && !prevString {
			b.WriteByte(' ')
		}
		f.setFlags(0, 0, -1)
		b.WriteString(f.printArg(arg.I, 'v'))
		prevString = isString
	}
	return b.String()
}

// doPrintln is fmt's doPrintln: a space between operands always, and a
// newline.
func (f *fmtState) doPrintln(a []Value) string {
	var b strings.Builder
	for i, arg := range a {
		if i > 0 {
			b.WriteByte(' ')
		}
		f.setFlags(0, 0, -1)
		b.WriteString(f.printArg(arg.I, 'v'))
	}
	b.WriteByte('\n')
	return b.String()
}

// doPrintf is fmt's doPrintf over the operands a.
func (f *fmtState) doPrintf(format string, a []Value) string {
	var b strings.Builder
	end := len(format)
	argNum := 0
	afterIndex := false
	f.reordered = false
	for i := 0; i < end; {
		f.goodArgNum = true
		lasti := i
		for i < end && format[i] != '%' {
			i++
		}
		if i > lasti {
			b.WriteString(format[lasti:i])
		}
		if i >= end {
			break
		}
		i++
		var flags int32
	flagLoop:
		for ; i < end; i++ {
			switch format[i] {
			case '#':
				flags |= FmtAnySharp
			case '0':
				flags |= FmtAnyZero
			case '+':
				flags |= FmtAnyPlus
			case '-':
				flags |= FmtAnyMinus
			case ' ':
				flags |= FmtAnySpace
			default:
				break flagLoop
			}
		}
		argNum, i, afterIndex = f.argNumber(argNum, format, i, len(a))
		width, prec := 0, -1
		if i < end && format[i] == '*' {
			i++
			var ok bool
			width, ok, argNum = f.intFromArg(a, argNum)
			if !ok {
				b.WriteString("%!(BADWIDTH)")
			}
			if width < 0 {
				width = -width
				flags |= FmtAnyMinus
				flags &^= FmtAnyZero
			}
			afterIndex = false
		} else {
			var ok bool
			width, ok, i = parsenum(format, i, end)
			if afterIndex && ok {
				f.goodArgNum = false
			}
		}
		if i+1 < end && format[i] == '.' {
			i++
			if afterIndex {
				f.goodArgNum = false
			}
			argNum, i, afterIndex = f.argNumber(argNum, format, i, len(a))
			if i < end && format[i] == '*' {
				i++
				var ok bool
				prec, ok, argNum = f.intFromArg(a, argNum)
				if prec < 0 {
					prec, ok = -1, false
				}
				if !ok {
					prec = -1
					b.WriteString("%!(BADPREC)")
				}
				afterIndex = false
			} else {
				var ok bool
				prec, ok, i = parsenum(format, i, end)
				if !ok {
					prec = 0
				}
			}
		}
		if !afterIndex {
			argNum, i, afterIndex = f.argNumber(argNum, format, i, len(a))
		}
		if i >= end {
			b.WriteString("%!(NOVERB)")
			break
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		switch {
		case verb == '%':
			b.WriteByte('%')
		case !f.goodArgNum:
			b.WriteString("%!" + string(verb) + "(BADINDEX)")
		case argNum >= len(a):
			b.WriteString("%!" + string(verb) + "(MISSING)")
		default:
			if verb == 'w' {
				f.wrapped = append(f.wrapped, argNum)
			}
			f.setFlags(flags, width, prec)
			b.WriteString(f.printArg(a[argNum].I, verb))
			argNum++
		}
	}
	if !f.reordered && argNum < len(a) {
		b.WriteString("%!(EXTRA ")
		for i, arg := range a[argNum:] {
			if i > 0 {
				b.WriteString(", ")
			}
			t, _ := f.mc.ifaceParts(arg.I)
			if t < 0 {
				b.WriteString("<nil>")
				continue
			}
			f.setFlags(0, 0, -1)
			b.WriteString(f.mc.prog.Types[t].Name + "=" + f.printArg(arg.I, 'v'))
		}
		b.WriteByte(')')
	}
	return b.String()
}

// tooLarge reports whether a width or precision is beyond fmt's limit.
func tooLarge(x int) bool {
	const max int = 1e6
	return x > max || x < -max
}

// parsenum is fmt's parsenum: the number at s[start:end].
func parsenum(s string, start, end int) (num int, isnum bool, newi int) {
	if start >= end {
		return 0, false, end
	}
	for newi = start; newi < end && '0' <= s[newi] && s[newi] <= '9'; newi++ {
		if tooLarge(num) {
			return 0, false, end
		}
		num = num*10 + int(s[newi]-'0')
		isnum = true
	}
	return
}

// intFromArg is fmt's intFromArg: operand argNum as a width or precision.
func (f *fmtState) intFromArg(a []Value, argNum int) (num int, isInt bool, newArgNum int) {
	newArgNum = argNum
	if argNum < len(a) {
		if t, v := f.mc.ifaceParts(a[argNum].I); t >= 0 {
			switch ti := &f.mc.prog.Types[t]; ti.Kind {
			case KindInt, KindDuration:
				num, isInt = int(toInt64(intOfBits(v.I, ti.Bits))), true
			case KindUint:
				if n := toInt64(uintOfBits(v.I, ti.Bits)); n >= 0 {
					num, isInt = int(n), true
				}
			}
		}
		newArgNum = argNum + 1
		if tooLarge(num) {
			num, isInt = 0, false
		}
	}
	return
}

func toInt64(x any) int64 {
	switch x := x.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	case uint8:
		return int64(x)
	case uint16:
		return int64(x)
	case uint32:
		return int64(x)
	case uint64:
		return int64(x)
	}
	return 0
}

// parseArgNumber is fmt's parseArgNumber: the bracketed number at the
// start of format, minus 1.
func parseArgNumber(format string) (index int, wid int, ok bool) {
	if len(format) < 3 {
		return 0, 1, false
	}
	for i := 1; i < len(format); i++ {
		if format[i] == ']' {
			width, ok, newi := parsenum(format, 1, i)
			if !ok || newi != i {
				return 0, i + 1, false
			}
			return width - 1, i + 1, true
		}
	}
	return 0, 1, false
}

// argNumber is fmt's argNumber: the operand an index [n] at format[i:]
// names, or argNum.
func (f *fmtState) argNumber(argNum int, format string, i int, numArgs int) (newArgNum, newi int, found bool) {
	if len(format) <= i || format[i] != '[' {
		return argNum, i, false
	}
	f.reordered = true
	index, wid, ok := parseArgNumber(format[i:])
	if ok && 0 <= index && index < numArgs {
		return index, i + wid, true
	}
	f.goodArgNum = false
	return argNum, i + wid, ok
}

func init() {
	// fmt.errorfWrap: format, []any → which errors fmt.Errorf wraps
	// (fmt/errors.go): kind 0 (none: errors.New), 1 (a *wrapError: the
	// error, nil if the %w operand is not one) or 2 (a *wrapErrors: a
	// new []error of the %w operands that are errors, in operand order,
	// each once).
	RegisterHost(HostFunc{Name: "fmt.errorfWrap", Pop: 2, Push: 2, Cost: psFmt, Fn: func(mc *Machine, b int32, a, r []Value) string {
		elems, n, _ := mc.sliceParts(a[1].I)
		args := elems[:n]
		f := &fmtState{mc: mc, dry: true, errorf: true, needFn: -1}
		f.doPrintf(a[0].S, args)
		switch w := f.wrapped; len(w) {
		case 0:
			r[0], r[1] = Value{}, Value{}
		case 1:
			r[0], r[1] = Value{I: 1}, Value{}
			if t, _ := mc.ifaceParts(args[w[0]].I); t >= 0 && mc.isError(t) {
				r[1] = args[w[0]]
			}
		default:
			if f.reordered {
				slices.Sort(w)
			}
			var errs []Value
			for i, k := range w {
				if i > 0 && w[i-1] == k {
					continue
				}
				if t, _ := mc.ifaceParts(args[k].I); t >= 0 && mc.isError(t) {
					errs = append(errs, args[k])
				}
			}
			var s int64
			if len(errs) > 0 {
				arr := mc.newObj(len(errs))
				copy(mc.objs[arr&refMask], errs)
				s = mc.newSlice(arr, 0, len(errs), len(errs))
			}
			r[0], r[1] = Value{I: 2}, Value{I: s}
		}
		return ""
	}})
}

// precSuffix is a directive's precision (none if prec < 0).
func precSuffix(prec int) string {
	if prec < 0 {
		return ""
	}
	return "." + strconv.Itoa(prec)
}
