package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString("hello")
		b.WriteByte(' ')
		fmt.Fprintf(&b, "%d", i%10)
	}
	s := b.String()
	fmt.Println(len(s), strings.Count(s, "hello"))
}
