//go:build ignore

// unicode's range tables: Is, In and IsOneOf over categories, scripts and
// properties (every rune below U+3400 and every 61st above it, to one
// past MaxRune: each table's count and a checksum of its runes); the
// tables' own fields; names of one table being one pointer; To. Go 1.27's
// tables (Unicode 17.0.0) hold runes that Go 1.26's (15.0.0) do not, so
// the counts of L, Latin, Han and the rest are Go 1.26's.
package main

import (
	"fmt"
	"unicode"
)

func main() {
	tables := []struct {
		name string
		t    *unicode.RangeTable
	}{
		{"Letter", unicode.Letter}, {"Lu", unicode.Lu}, {"Ll", unicode.Ll}, {"Lt", unicode.Lt},
		{"Lm", unicode.Lm}, {"Lo", unicode.Lo}, {"Digit", unicode.Digit}, {"Number", unicode.Number},
		{"Nl", unicode.Nl}, {"Mark", unicode.Mark}, {"Mn", unicode.Mn}, {"Punct", unicode.Punct},
		{"Symbol", unicode.Symbol}, {"Sc", unicode.Sc}, {"Space", unicode.Space}, {"Zs", unicode.Zs},
		{"Cc", unicode.Cc}, {"Cf", unicode.Cf}, {"Co", unicode.Co}, {"Cs", unicode.Cs}, {"Other", unicode.Other},
		{"Latin", unicode.Latin}, {"Greek", unicode.Greek}, {"Cyrillic", unicode.Cyrillic},
		{"Han", unicode.Han}, {"Hiragana", unicode.Hiragana}, {"Arabic", unicode.Arabic},
		{"Devanagari", unicode.Devanagari}, {"Common", unicode.Common}, {"Inherited", unicode.Inherited},
		{"Kawi", unicode.Kawi}, {"Nag_Mundari", unicode.Nag_Mundari},
		{"White_Space", unicode.White_Space}, {"Hex_Digit", unicode.Hex_Digit},
		{"Dash", unicode.Dash}, {"Ideographic", unicode.Ideographic}, {"Other_Math", unicode.Other_Math},
		{"Regional_Indicator", unicode.Regional_Indicator}, {"Variation_Selector", unicode.Variation_Selector},
	}
	for _, tb := range tables {
		n, sum := 0, uint32(0)
		for r := rune(-1); r <= unicode.MaxRune+1; r++ {
			if r >= 0x3400 && r%61 != 0 {
				continue
			}
			if unicode.Is(tb.t, r) {
				n++
				sum = sum*31 + uint32(r)
			}
		}
		fmt.Printf("%-18s %6d %08x R16=%d R32=%d LatinOffset=%d\n", tb.name, n, sum, len(tb.t.R16), len(tb.t.R32), tb.t.LatinOffset)
	}
	fmt.Println(unicode.Latin.R16[:3], unicode.Han.R32[0], unicode.Cs.R32 == nil)
	fmt.Println(unicode.Letter == unicode.L, unicode.Digit == unicode.Nd, unicode.Space == unicode.Z, unicode.Other == unicode.C, unicode.Letter == unicode.Lu)
	for _, r := range []rune{'a', 'Ж', '世', 'ß', '٣', 0x1C89, 0xA7CB, 0x16D40, 0x1E5D0, -1} {
		fmt.Printf("%U In(Latin,Greek)=%v In(Han)=%v IsOneOf(Nd,Lu)=%v Upper=%U Title=%U\n", r,
			unicode.In(r, unicode.Latin, unicode.Greek), unicode.In(r, unicode.Han),
			unicode.IsOneOf([]*unicode.RangeTable{unicode.Nd, unicode.Lu}, r),
			unicode.To(unicode.UpperCase, r), unicode.To(unicode.TitleCase, r))
	}
	fmt.Println(unicode.Version, unicode.MaxCase, unicode.UpperLower == unicode.MaxRune+1)
}
