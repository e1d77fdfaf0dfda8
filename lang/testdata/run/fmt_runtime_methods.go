// String and Error methods under a run-time format: a panic in one is
// catchPanic's text whatever the verb, a nil receiver prints <nil>, and a
// method that blocks on a channel is an ordinary, scheduled call.
package main

import (
	"fmt"
	"sync"
)

type Loud struct{ n int }

func (l Loud) String() string {
	if l.n > 0 {
		panic(fmt.Sprintf("loud %d", l.n))
	}
	return "quiet"
}

type PS struct{ name string }

func (p *PS) String() string { return "ps:" + p.name }

type VS struct{ v int }

func (v VS) String() string { return fmt.Sprint("vs", v.v) }

type Slow struct{ ch chan string }

func (s Slow) String() string { return <-s.ch }

func main() {
	f := "%s|%x|%v|%d|%q\n"
	fmt.Printf(f, Loud{1}, Loud{2}, Loud{0}, Loud{3}, Loud{0})
	var np *PS
	var vp *VS
	fmt.Printf(f, &PS{"a"}, np, vp, VS{4}, []fmt.Stringer{VS{1}, &PS{"b"}})
	xs := []any{Loud{5}, np, vp, 1, "s", 2}
	fmt.Print(xs...)
	fmt.Println()
	ch := make(chan string)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fmt.Printf(f[:6]+"\n", Slow{ch}, Slow{ch})
	}()
	ch <- "one"
	ch <- "two"
	wg.Wait()
}
