package vm

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// strings and strconv: the functions OpStrings computes on the host with
// the real packages (their results do not depend on anything but their
// arguments). A function that returns an error makes an
// *errors.errorString-like interface value of dynamic type B with Go's
// message (the dynamic type prints differently with %T: *strconv.NumError
// in Go).

// The functions of OpStrings (A) and their operands (top last) → results.
const (
	StrRepeat     = iota // s n → s
	StrToUpper           // s → s
	StrToLower           // s → s
	StrTrimSpace         // s → s
	StrContains          // s sub → bool
	StrHasPrefix         // s p → bool
	StrHasSuffix         // s p → bool
	StrIndex             // s sub → int
	StrJoin              // []string sep → s
	StrSplit             // s sep → []string
	StrFields            // s → []string
	StrReplaceAll        // s old new → s
	StrTrimPrefix        // s p → s
	StrTrimSuffix        // s p → s
	StrCount             // s sub → int
	StrItoa              // int → s
	StrAtoi              // s → int error
	StrQuote             // s → s
	StrFormatInt         // int base → s
	StrParseInt          // s base bits → int64 error
	StrParseBool         // s → bool error
	StrFormatBool        // bool → s
	StrDecodeRune        // s i → rune size (range over a string: utf8.DecodeRuneInString(s[i:]))
	StrFromRune          // r → string(r)
	StrToBytes           // s → []byte(s)
	StrFromBytes         // []byte → string(b)
	StrToRunes           // s → []rune(s)
	StrFromRunes         // []rune → string(r)
	SortInts             // []int → ...   (sort.Ints, in place)
	SortStrings          // []string → ... (sort.Strings, in place)
	numStr
)

// strArgs are the operands and results of each function.
var strArgs = [numStr][2]int{
	StrRepeat: {2, 1}, StrToUpper: {1, 1}, StrToLower: {1, 1}, StrTrimSpace: {1, 1}, StrContains: {2, 1},
	StrHasPrefix: {2, 1}, StrHasSuffix: {2, 1}, StrIndex: {2, 1}, StrJoin: {2, 1}, StrSplit: {2, 1}, StrFields: {1, 1},
	StrReplaceAll: {3, 1}, StrTrimPrefix: {2, 1}, StrTrimSuffix: {2, 1}, StrCount: {2, 1}, StrItoa: {1, 1},
	StrAtoi: {1, 2}, StrQuote: {1, 1}, StrFormatInt: {2, 1}, StrParseInt: {3, 2}, StrParseBool: {1, 2}, StrFormatBool: {1, 1},
	StrDecodeRune: {2, 2}, StrFromRune: {1, 1}, StrToBytes: {1, 1}, StrFromBytes: {1, 1}, StrToRunes: {1, 1}, StrFromRunes: {1, 1},
	SortInts: {1, 0}, SortStrings: {1, 0},
}

// StrArgs is how many operands function fn pops and results it pushes.
func StrArgs(fn int32) (pop, push int) { return strArgs[fn][0], strArgs[fn][1] }

// stringSlice makes a []string of ss.
func (mc *Machine) stringSlice(ss []string) int64 {
	arr := mc.newObj(len(ss))
	mc.mallocObj(arr, 16*uint64(len(ss)), false) // string headers
	a := mc.objs[arr&refMask]
	for i, s := range ss {
		a[i] = Value{S: s}
	}
	return mc.newSlice(arr, 0, len(ss), len(ss))
}

// strs computes function fn of OpStrings; errType is the dynamic type of
// the errors it returns. It returns the results and a panic message.
func (mc *Machine) strs(fn, errType int32, v []Value) (r [2]Value, pmsg string) {
	b := func(x bool) Value { return Value{I: boolInt(x)} }
	fail := func(err error) Value {
		if err == nil {
			return Value{}
		}
		return Value{I: mc.makeIface(errType, Value{S: err.Error()})}
	}
	switch fn {
	case StrRepeat:
		if v[1].I < 0 {
			return r, "strings: negative Repeat count"
		}
		if int64(len(v[0].S))*v[1].I > 1<<30 {
			return r, "gmplab: strings.Repeat result over 1 GB"
		}
		r[0].S = strings.Repeat(v[0].S, int(v[1].I))
	case StrToUpper:
		r[0].S = strings.ToUpper(v[0].S)
	case StrToLower:
		r[0].S = strings.ToLower(v[0].S)
	case StrTrimSpace:
		r[0].S = strings.TrimSpace(v[0].S)
	case StrContains:
		r[0] = b(strings.Contains(v[0].S, v[1].S))
	case StrHasPrefix:
		r[0] = b(strings.HasPrefix(v[0].S, v[1].S))
	case StrHasSuffix:
		r[0] = b(strings.HasSuffix(v[0].S, v[1].S))
	case StrIndex:
		r[0].I = int64(strings.Index(v[0].S, v[1].S))
	case StrJoin:
		elems, n, _ := mc.sliceParts(v[0].I)
		ss := make([]string, n)
		for i := range ss {
			ss[i] = elems[i].S
		}
		r[0].S = strings.Join(ss, v[1].S)
	case StrSplit:
		r[0].I = mc.stringSlice(strings.Split(v[0].S, v[1].S))
	case StrFields:
		r[0].I = mc.stringSlice(strings.Fields(v[0].S))
	case StrReplaceAll:
		r[0].S = strings.ReplaceAll(v[0].S, v[1].S, v[2].S)
	case StrTrimPrefix:
		r[0].S = strings.TrimPrefix(v[0].S, v[1].S)
	case StrTrimSuffix:
		r[0].S = strings.TrimSuffix(v[0].S, v[1].S)
	case StrCount:
		r[0].I = int64(strings.Count(v[0].S, v[1].S))
	case StrItoa:
		r[0].S = strconv.Itoa(int(v[0].I))
	case StrAtoi:
		n, err := strconv.Atoi(v[0].S)
		r[0].I, r[1] = int64(n), fail(err)
	case StrQuote:
		r[0].S = strconv.Quote(v[0].S)
	case StrFormatInt:
		if v[1].I < 2 || v[1].I > 36 {
			return r, "strconv: illegal AppendInt/FormatInt base"
		}
		r[0].S = strconv.FormatInt(v[0].I, int(v[1].I))
	case StrParseInt:
		n, err := strconv.ParseInt(v[0].S, int(v[1].I), int(v[2].I))
		r[0].I, r[1] = n, fail(err)
	case StrParseBool:
		x, err := strconv.ParseBool(v[0].S)
		r[0], r[1] = b(x), fail(err)
	case StrFormatBool:
		r[0].S = strconv.FormatBool(v[0].I != 0)
	case StrDecodeRune:
		c, size := utf8.DecodeRuneInString(v[0].S[v[1].I:])
		r[0].I, r[1].I = int64(c), int64(size)
	case StrFromRune:
		if v[0].I < 0 || v[0].I > utf8.MaxRune {
			r[0].S = string(utf8.RuneError)
		} else {
			r[0].S = string(rune(v[0].I))
		}
	case StrToBytes, StrToRunes:
		var vals []Value
		if fn == StrToBytes {
			for i := 0; i < len(v[0].S); i++ {
				vals = append(vals, Value{I: int64(v[0].S[i])})
			}
		} else {
			for _, c := range v[0].S {
				vals = append(vals, Value{I: int64(c)})
			}
		}
		c := len(vals)
		if fn == StrToBytes {
			c = int(roundupsize(uint64(c), true))
		} else {
			c = int(roundupsize(uint64(c)*4, true) / 4)
		}
		arr := mc.newObj(c)
		copy(mc.objs[arr&refMask], vals)
		if n := uint64(c); (fn == StrToBytes && n > tmpStringBufSize) || (fn == StrToRunes && 4*n > tmpStringBufSize) {
			if fn == StrToRunes {
				n *= 4
			}
			mc.mallocObj(arr, n, true) // runtime.stringtoslicebyte, stringtoslicerune
		}
		r[0].I = mc.newSlice(arr, 0, len(vals), c)
	case SortInts, SortStrings:
		elems, n, _ := mc.sliceParts(v[0].I)
		if fn == SortInts {
			slices.SortFunc(elems[:n], func(a, b Value) int { return cmp.Compare(a.I, b.I) })
		} else {
			slices.SortFunc(elems[:n], func(a, b Value) int { return cmp.Compare(a.S, b.S) })
		}
	case StrFromBytes, StrFromRunes:
		elems, n, _ := mc.sliceParts(v[0].I)
		var sb strings.Builder
		for _, e := range elems[:n] {
			if fn == StrFromBytes {
				sb.WriteByte(byte(e.I))
			} else {
				sb.WriteRune(rune(e.I))
			}
		}
		r[0].S = sb.String()
	}
	switch fn {
	case StrRepeat, StrToUpper, StrToLower, StrJoin, StrReplaceAll, StrQuote, StrFromBytes, StrFromRunes:
		// New strings (runtime.rawstring); the others return a part of
		// an operand or a few bytes.
		if r[0].S != v[0].S {
			mc.mallocString(len(r[0].S))
		}
	}
	return r, ""
}
