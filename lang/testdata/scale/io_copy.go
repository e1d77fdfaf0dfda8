package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var dst bytes.Buffer
	m, _ := io.Copy(&dst, strings.NewReader(strings.Repeat("x", n*8)))
	fmt.Println(m)
}
