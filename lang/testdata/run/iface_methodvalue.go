package main

import (
	"fmt"
	"sync"
)

type Closer interface{ Close() string }
type res struct{ name string }

func (r *res) Close() string { return "close " + r.name }

func run(c Closer) {
	defer fmt.Println("deferred", c.Close())
	fmt.Println("running")
}

func main() {
	var c Closer = &res{"a"}
	run(c)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); fmt.Println(c.Close()) }()
	wg.Wait()
	f := c.Close
	c = &res{"b"}
	fmt.Println(f(), c.Close())
	var none Closer
	g := none.Close
	fmt.Println(g())
}
