package main

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var b bytes.Buffer
	for i := 0; i < n; i++ {
		b.WriteString("hello")
		b.WriteByte(' ')
	}
	fmt.Println(b.Len())
}
