//go:build ignore

// unicode's maps of tables (Categories, Scripts, Properties,
// FoldCategory, FoldScript, CategoryAliases), GraphicRanges and
// PrintRanges, CaseRanges and the special cases TurkishCase and
// AzeriCase with their methods. A map's order is random in Go, so the
// program sorts its keys; a table in a map is the variable's
// (Categories["Lu"] == unicode.Lu). Go 1.27's tables (Unicode 17.0.0)
// have more scripts, ranges and case ranges than Go 1.26's (15.0.0), so
// the counts are Go 1.26's, which gmplab prints whichever toolchain built
// it (as unicode_rangetables.go).
package main

import (
	"fmt"
	"sort"
	"unicode"
)

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// shape is a table's size and a checksum of its ranges.
func shape(t *unicode.RangeTable) string {
	sum := uint32(0)
	for _, r := range t.R16 {
		sum = sum*31 + uint32(r.Lo)*7 + uint32(r.Hi)*3 + uint32(r.Stride)
	}
	for _, r := range t.R32 {
		sum = sum*31 + r.Lo*7 + r.Hi*3 + r.Stride
	}
	return fmt.Sprintf("%d/%d/%d:%08x", len(t.R16), len(t.R32), t.LatinOffset, sum)
}

func main() {
	maps := []struct {
		name string
		m    map[string]*unicode.RangeTable
	}{
		{"Categories", unicode.Categories}, {"Scripts", unicode.Scripts}, {"Properties", unicode.Properties},
		{"FoldCategory", unicode.FoldCategory}, {"FoldScript", unicode.FoldScript},
	}
	for _, m := range maps {
		fmt.Printf("%s: %d tables\n", m.name, len(m.m))
		line := ""
		for i, k := range keys(m.m) {
			line += fmt.Sprintf(" %s=%s", k, shape(m.m[k]))
			if i%4 == 3 {
				fmt.Println(line)
				line = ""
			}
		}
		if line != "" {
			fmt.Println(line)
		}
	}
	fmt.Println(unicode.Categories["Lu"] == unicode.Lu, unicode.Categories["L"] == unicode.Letter,
		unicode.Scripts["Latin"] == unicode.Latin, unicode.Properties["White_Space"] == unicode.White_Space,
		unicode.Categories["Nd"] == unicode.Digit, unicode.Categories["Lu"] == unicode.Ll)
	fmt.Println(unicode.Scripts["Klingon"] == nil, unicode.Is(unicode.Scripts["Greek"], 'λ'), unicode.In('ж', unicode.Scripts["Cyrillic"]))
	for _, k := range keys(unicode.CategoryAliases) {
		fmt.Printf("%s=%s ", k, unicode.CategoryAliases[k])
	}
	fmt.Println()

	fmt.Println(len(unicode.GraphicRanges), len(unicode.PrintRanges), unicode.GraphicRanges[0] == unicode.L,
		unicode.GraphicRanges[5] == unicode.Zs, unicode.PrintRanges[4] == unicode.Symbol)
	graphic, print := 0, 0
	for r := rune(0); r < 0x3000; r++ {
		if unicode.IsOneOf(unicode.GraphicRanges, r) != unicode.IsGraphic(r) {
			fmt.Printf("GraphicRanges and IsGraphic differ at %U\n", r)
		}
		if unicode.IsOneOf(unicode.GraphicRanges, r) {
			graphic++
		}
		if unicode.In(r, unicode.PrintRanges...) {
			print++
		}
	}
	fmt.Println("graphic", graphic, "print", print)

	sum := uint32(0)
	for _, cr := range unicode.CaseRanges {
		sum = sum*31 + cr.Lo*7 + cr.Hi*3 + uint32(cr.Delta[unicode.UpperCase]) + uint32(cr.Delta[unicode.LowerCase])*5 + uint32(cr.Delta[unicode.TitleCase])*11
	}
	fmt.Printf("CaseRanges %d %08x %v %v\n", len(unicode.CaseRanges), sum, unicode.CaseRanges[0], unicode.CaseRanges[len(unicode.CaseRanges)-1])

	fmt.Println(len(unicode.TurkishCase), unicode.TurkishCase[1], &unicode.TurkishCase[0] == &unicode.AzeriCase[0])
	for _, r := range []rune{'i', 'I', 'ı', 'İ', 'a', 'Z', 'ß', 'ǆ', 'Ж', -1, unicode.MaxRune + 1} {
		fmt.Printf("%q upper=%q lower=%q title=%q azeri-upper=%q std-upper=%q\n", r,
			unicode.TurkishCase.ToUpper(r), unicode.TurkishCase.ToLower(r), unicode.TurkishCase.ToTitle(r),
			unicode.AzeriCase.ToUpper(r), unicode.ToUpper(r))
	}
	mine := unicode.SpecialCase{{Lo: 'a', Hi: 'c', Delta: [unicode.MaxCase]rune{2, 0, 1}}}
	fmt.Println(string(mine.ToUpper('b')), string(mine.ToTitle('b')), string(mine.ToLower('B')), string(mine.ToUpper('x')))
}
