package main

import (
	"container/ring"
	"fmt"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	r := ring.New(n)
	for i := 0; i < n; i++ {
		r.Value = i
		r = r.Next()
	}
	s := 0
	r.Do(func(v any) { s += v.(int) })
	fmt.Println(s, r.Len())
}
