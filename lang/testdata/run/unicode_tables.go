//go:build ignore

// unicode's classes and case mappings over Unicode: every rune below
// U+3400 and every 61st above it (to one past MaxRune), each predicate's
// count and a checksum of the runes it holds, each mapping's checksum;
// then runes that Unicode 16 and 17 added (Go 1.27's tables), which Go
// 1.26's tables (Unicode 15.0.0) do not know as letters.
package main

import (
	"fmt"
	"unicode"
)

func main() {
	preds := []struct {
		name string
		f    func(rune) bool
	}{
		{"IsControl", unicode.IsControl}, {"IsDigit", unicode.IsDigit}, {"IsGraphic", unicode.IsGraphic},
		{"IsLetter", unicode.IsLetter}, {"IsLower", unicode.IsLower}, {"IsMark", unicode.IsMark},
		{"IsNumber", unicode.IsNumber}, {"IsPrint", unicode.IsPrint}, {"IsPunct", unicode.IsPunct},
		{"IsSpace", unicode.IsSpace}, {"IsSymbol", unicode.IsSymbol}, {"IsTitle", unicode.IsTitle},
		{"IsUpper", unicode.IsUpper},
	}
	maps := []struct {
		name string
		f    func(rune) rune
	}{
		{"ToLower", unicode.ToLower}, {"ToUpper", unicode.ToUpper}, {"ToTitle", unicode.ToTitle}, {"SimpleFold", unicode.SimpleFold},
	}
	counts := make([]int, len(preds))
	sums := make([]uint32, len(preds)+len(maps))
	for r := rune(0); r <= unicode.MaxRune+1; r++ {
		if r >= 0x3400 && r%61 != 0 {
			continue
		}
		for i, p := range preds {
			if p.f(r) {
				counts[i]++
				sums[i] = sums[i]*31 + uint32(r)
			}
		}
		for i, m := range maps {
			sums[len(preds)+i] = sums[len(preds)+i]*31 + uint32(m.f(r))
		}
	}
	for i, p := range preds {
		fmt.Printf("%-10s %6d %08x\n", p.name, counts[i], sums[i])
	}
	for i, m := range maps {
		fmt.Printf("%-10s %08x\n", m.name, sums[len(preds)+i])
	}
	for _, r := range []rune{0x1C89, 0x1C8A, 0xA7CB, 0xA7DC, 0x10D50, 0x16D40, 0x1E5D0} {
		fmt.Printf("%U letter=%v upper=%v lower=%v ToLower=%U\n", r, unicode.IsLetter(r), unicode.IsUpper(r), unicode.IsLower(r), unicode.ToLower(r))
	}
}
