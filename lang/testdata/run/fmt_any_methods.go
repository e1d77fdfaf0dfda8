package main

import (
	"errors"
	"fmt"
	"sync"
)

type Temp int

func (t Temp) String() string { return fmt.Sprintf("%d°", int(t)) }

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprint("count=", c.n)
}

type Pair struct {
	A Temp
	b Temp
}

type Node struct{ Name string }

func (n *Node) String() string { return "node " + n.Name }

func main() {
	base := errors.New("base")
	errs := []error{base, fmt.Errorf("wrap: %w", base), errors.Join(base, errors.New("other"))}
	var x any = errs
	fmt.Println(x)
	fmt.Printf("%v|%q\n", x, any([]any{Temp(1), "s"}))
	var p any = Pair{3, 4}
	fmt.Println(p)
	fmt.Printf("%+v %#v\n", p, p)
	m := map[string]any{"t": Temp(20), "e": base}
	fmt.Println(m)
	c := &Counter{}
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.mu.Lock()
			c.n++
			c.mu.Unlock()
		}()
	}
	wg.Wait()
	var s any = []any{c, Temp(7)}
	fmt.Println(s)
	var nn *Node
	var np any = []*Node{{"a"}, nn}
	fmt.Println(np)
	fmt.Println(fmt.Sprint(any(Temp(2))), fmt.Sprintf("[%6v]", any(Temp(3))))
}
