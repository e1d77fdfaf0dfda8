package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
)

func where(skip int) int {
	_, _, line, _ := runtime.Caller(skip)
	return line
}

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	s := 0
	for i := 0; i < n; i++ {
		s += where(i % 2)
	}
	fmt.Println(s)
}
