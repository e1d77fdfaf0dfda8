package main

import (
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.FormatFloat(3.14159, 'f', 2, 64), strconv.FormatFloat(1.0/3, 'g', -1, 32), strconv.FormatFloat(1e21, 'e', 3, 64), strconv.FormatFloat(255, 'x', -1, 64))
	f, err := strconv.ParseFloat("2.5e3", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("1e400", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("abc", 64)
	fmt.Println(f, err)
	f, err = strconv.ParseFloat("0.1", 32)
	fmt.Println(f, err)
	fmt.Println(strconv.FormatUint(1<<64-1, 16), strconv.FormatUint(42, 2))
	u, err := strconv.ParseUint("18446744073709551615", 10, 64)
	fmt.Println(u, err)
	u, err = strconv.ParseUint("256", 10, 8)
	fmt.Println(u, err)
	u, err = strconv.ParseUint("-1", 10, 64)
	fmt.Println(u, err)
	fmt.Println(strconv.QuoteRune('☺'), strconv.QuoteToASCII("héllo\n"), strconv.QuoteRuneToASCII('☺'), strconv.Quote("a\"b"))
	s, err := strconv.Unquote(`"a\tb"`)
	fmt.Println(s, err)
	s, err = strconv.Unquote("'x'")
	fmt.Println(s, err)
	_, err = strconv.Unquote("bad")
	fmt.Println(err)
	n, err := strconv.Atoi("12a")
	fmt.Println(n, err)
	n, err = strconv.Atoi("99999999999999999999")
	fmt.Println(n, err)
	i, err := strconv.ParseInt("-80", 16, 8)
	fmt.Println(i, err)
	fmt.Println(strconv.Itoa(-45), strconv.IsPrint('\t'), strconv.FormatInt(-255, 16))
	fmt.Println(strconv.FormatUint(5, 1))
}
