package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	p := sync.Pool{New: func() any { return new([64]byte) }}
	for i := 0; i < n; i++ {
		b := p.Get().(*[64]byte)
		b[0] = byte(i)
		p.Put(b)
	}
	fmt.Println(p.Get().(*[64]byte)[0])
}
