package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var b bytes.Buffer
	l := log.New(&b, "scale: ", log.Lshortfile|log.Lmsgprefix)
	for i := 0; i < n; i++ {
		l.Printf("line %d", i)
	}
	fmt.Println(b.Len())
}
