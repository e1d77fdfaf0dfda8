package main

import (
	"fmt"
	"os"
	"strconv"
	"time"
	"unicode"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	c := 0
	for i := 0; i < n; i++ {
		s := strconv.Itoa(i)
		v, _ := strconv.Atoi(s)
		if unicode.IsDigit(rune(s[0])) && unicode.IsUpper(rune('A'+i%52)) {
			c += v % 7
		}
		c += len(time.Duration(i).String())
	}
	fmt.Println(c)
}
