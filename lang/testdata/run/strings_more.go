package main

import (
	"fmt"
	"strings"
)

func main() {
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found)
	fmt.Println(strings.Cut("novalue", "="))
	s, ok := strings.CutPrefix("prefix-body", "prefix-")
	fmt.Println(s, ok)
	s, ok = strings.CutSuffix("file.go", ".txt")
	fmt.Println(s, ok)
	fmt.Println(strings.EqualFold("Go", "GO"), strings.IndexByte("golang", 'l'), strings.IndexRune("chicken", 'k'), strings.IndexAny("golang", "xyzn"))
	fmt.Println(strings.LastIndex("go gopher", "go"), strings.LastIndexByte("abcabc", 'b'), strings.LastIndexAny("golang", "go"))
	fmt.Println(strings.ContainsRune("abc", 'b'), strings.ContainsAny("failure", "ui"), strings.Compare("a", "b"), strings.Compare("b", "a"), strings.Compare("x", "x"))
	fmt.Printf("%q\n", strings.SplitN("a,b,c,d", ",", 2))
	fmt.Printf("%q\n", strings.SplitAfter("a,b,c", ","))
	fmt.Printf("%q\n", strings.SplitAfterN("a,b,c", ",", 2))
	fmt.Printf("[%s] [%s] [%s]\n", strings.Trim("  xx hi xx  ", " x"), strings.TrimLeft("xxhixx", "x"), strings.TrimRight("xxhixx", "x"))
	fmt.Println(strings.Replace("oink oink oink", "k", "ky", 2), strings.Replace("oink oink", "oink", "moo", -1), strings.ToTitle("loud"))
	fmt.Println(strings.Index("chicken", "ken"), strings.Count("cheese", "e"), strings.Repeat("-", 5))
}
