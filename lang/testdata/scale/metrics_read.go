package main

import (
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	s := []metrics.Sample{{Name: "/gc/heap/allocs:objects"}, {Name: "/sched/goroutines:goroutines"}}
	var keep [][]byte
	for i := 0; i < n; i++ {
		keep = append(keep, make([]byte, 64))
		metrics.Read(s)
	}
	fmt.Println(len(keep), s[0].Value.Uint64() >= uint64(n), s[1].Value.Uint64())
}
