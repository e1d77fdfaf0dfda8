package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var b bytes.Buffer
	w := bufio.NewWriterSize(&b, 256)
	for i := 0; i < n; i++ {
		w.WriteString("hello ")
		w.WriteByte('x')
	}
	w.Flush()
	fmt.Println(b.Len())
}
