package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	r := strings.NewReader(strings.Repeat("ab", n))
	c := 0
	for {
		b, err := r.ReadByte()
		if err == io.EOF {
			break
		}
		c += int(b)
	}
	fmt.Println(c)
}
