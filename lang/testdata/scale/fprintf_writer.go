package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
)

type count struct{ n int }

func (c *count) Write(p []byte) (int, error) { c.n += len(p); return len(p), nil }

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	c := &count{}
	w := io.MultiWriter(c, io.Discard)
	for i := 0; i < n; i++ {
		fmt.Fprintf(w, "%d,", i%10)
	}
	fmt.Println(c.n)
}
