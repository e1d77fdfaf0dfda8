package main

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var m runtime.MemStats
	var keep [][]byte
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 64))
		runtime.ReadMemStats(&m)
	}
	fmt.Println(len(keep), m.Mallocs >= uint64(n))
}
