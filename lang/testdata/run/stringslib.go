//go:build ignore

// strings and strconv: the common functions, with Go's errors.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func main() {
	fmt.Println(strings.Repeat("ab", 3), strings.ToUpper("hi"), strings.ToLower("HeLLo"), "["+strings.TrimSpace("  x y ")+"]")
	fmt.Println(strings.Contains("seafood", "foo"), strings.HasPrefix("golang", "go"), strings.HasSuffix("golang", "ng"), strings.Index("chicken", "ken"))
	parts := strings.Split("a,b,c", ",")
	fmt.Println(parts, len(parts), strings.Join(parts, "-"), strings.Fields("  foo bar  baz "))
	fmt.Println(strings.ReplaceAll("oink oink", "k", "ky"), strings.TrimPrefix("prefix-x", "prefix-"), strings.TrimSuffix("a.go", ".go"), strings.Count("cheese", "e"))
	fmt.Println(strconv.Itoa(-42)+"!", strconv.Quote("hi\n"), strconv.FormatInt(255, 16), strconv.FormatBool(true))
	n, err := strconv.Atoi("123")
	fmt.Println(n+1, err)
	_, err = strconv.Atoi("12a")
	fmt.Println(err)
	v, err := strconv.ParseInt("-ff", 16, 64)
	fmt.Println(v, err)
	_, err = strconv.ParseInt("300", 10, 8)
	fmt.Println(err)
	bv, err := strconv.ParseBool("true")
	fmt.Println(bv, err)
	line := ""
	for i := 0; i < 3; i++ {
		line += strings.Repeat("*", i+1) + " "
	}
	fmt.Println(line)
}
