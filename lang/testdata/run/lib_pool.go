package main

// sync.Pool (lang/ssasrc/sync/pool.go): on one P, a Get after a Put returns
// that item; New makes one when the pool is empty.

import (
	"bytes"
	"fmt"
	"sync"
)

func main() {
	made := 0
	p := sync.Pool{New: func() any { made++; return new(bytes.Buffer) }}
	b := p.Get().(*bytes.Buffer)
	b.WriteString("first")
	p.Put(b)
	b2 := p.Get().(*bytes.Buffer)
	fmt.Println(b2 == b, b2.String(), made)
	b2.Reset()
	p.Put(b2)
	p.Put(nil)

	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := p.Get().(*bytes.Buffer)
			fmt.Fprintf(buf, "%d", i)
			buf.Reset()
			p.Put(buf)
		}()
	}
	wg.Wait()
	var empty sync.Pool
	fmt.Println(empty.Get(), made >= 1)
}
