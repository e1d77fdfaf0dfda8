//go:build ignore

// regexp from Go's own source (lang/ssasrc/regexp), in the reduced form
// of Go by Example's regular-expressions: matching, submatches, indexes,
// replacing with a string and a function, and the parser's Unicode
// classes (\pL, \p{Greek}: unicode.Categories and Scripts) and case
// folding ((?i): unicode.SimpleFold). Compile's error and MustCompile's
// panic are Go's words.
package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

func main() {
	match, _ := regexp.MatchString("p([a-z]+)ch", "peach")
	fmt.Println(match)
	r := regexp.MustCompile("p([a-z]+)ch")
	fmt.Println(r.MatchString("peach"), r.FindString("peach punch"), r.FindStringIndex("peach punch"))
	fmt.Println(r.FindStringSubmatch("peach punch"), r.FindStringSubmatchIndex("peach punch"))
	fmt.Println(r.FindAllString("peach punch pinch", -1), r.FindAllStringSubmatchIndex("peach punch pinch", -1))
	fmt.Println(r.FindAllString("peach punch pinch", 2), r.Match([]byte("peach")), r)
	fmt.Println(r.ReplaceAllString("a peach", "<fruit>"), string(r.ReplaceAllFunc([]byte("a peach"), bytes.ToUpper)))

	greek := regexp.MustCompile(`\p{Greek}+|\pN+`)
	fmt.Printf("%q\n", greek.FindAllString("abc αβγ 123 ٣٤ δ", -1))
	fold := regexp.MustCompile(`(?i)straße|k`)
	fmt.Printf("%q\n", fold.FindAllString("STRASSE Straße KELVIN \u212a", -1))
	named := regexp.MustCompile(`(?P<year>\d{4})-(?P<month>\d{2})`)
	m := named.FindStringSubmatch("on 2026-11 and 2027-01")
	fmt.Println(named.SubexpNames(), m[named.SubexpIndex("month")], named.NumSubexp())
	fmt.Println(named.ReplaceAllString("2026-11", "${month}/${year}"), regexp.QuoteMeta("a.b*c"))
	fmt.Println(strings.Join(regexp.MustCompile(`\s*,\s*`).Split("a , b,c ,d", -1), "|"))
	fmt.Println(r.LiteralPrefix())

	_, err := regexp.Compile(`a(b`)
	fmt.Println(err)
	defer func() { fmt.Println("recovered:", recover()) }()
	regexp.MustCompile(`[z-a]`)
}
