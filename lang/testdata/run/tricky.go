//go:build ignore

// Corners: shadowing, per-iteration variables seen by deferred closures,
// pointers to sync objects, fallthrough into default, labelled select loops.
package main

import (
	"fmt"
	"sync"
	"time"
)

func shadow() {
	x := 1
	{
		x := x + 1
		x++
		fmt.Println("inner", x)
	}
	if x := x * 10; x > 5 {
		fmt.Println("if", x)
	}
	fmt.Println("outer", x)
}

func deferLoop() (out string) {
	for i := range 3 {
		defer func() { out += fmt.Sprint(i) }()
	}
	for i := 0; i < 3; i++ {
		defer func() { out += fmt.Sprint(i*10, ",") }()
	}
	return "start:"
}

func fall(n int) string {
	s := ""
	switch n {
	case 1:
		s += "one "
		fallthrough
	case 2:
		s += "two "
		fallthrough
	default:
		s += "default"
	}
	return s
}

func counter(mu *sync.Mutex, n *sync.WaitGroup) {}

func main() {
	shadow()
	fmt.Println(deferLoop())
	fmt.Println(fall(1), "|", fall(2), "|", fall(3))

	wg := new(sync.WaitGroup)
	mu := &sync.Mutex{}
	p := wg
	total := 0
	for i := 1; i <= 4; i++ {
		p.Add(1)
		go func(k int) {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			total += k
		}(i)
	}
	wg.Wait()
	fmt.Println("total", total, wg == p)

	var d time.Duration = -90 * time.Second
	fmt.Println(d, d.String(), -d, d/7, time.Duration(1<<62), time.Duration(999), time.Duration(1001))
	fmt.Printf("%d %v %5s|\n", d, 2*time.Hour+3*time.Millisecond, time.Microsecond)

	var i32 int32 = 2147483000
	for k := 0; k < 3; k++ {
		i32 += 300
	}
	fmt.Println(i32)

	ch := make(chan int)
	quit := make(chan struct{})
	go func() {
		for i := range 5 {
			ch <- i
		}
		close(quit)
	}()
	got := 0
loop:
	for {
		select {
		case v := <-ch:
			if v == 3 {
				continue loop
			}
			got += v
		case <-quit:
			break loop
		}
	}
	fmt.Println("got", got)

	s := "héllo, 世界"
	fmt.Println(len(s), s[1], s[1:3] == "é", s > "hz", s[len(s)-3:])
	var f func(int) int
	f = func(n int) int {
		if n <= 1 {
			return 1
		}
		defer func() {}()
		return n * f(n-1)
	}
	fmt.Println(f(10), f(20))
	a, b := 1, 2
	a, b = b, a
	a, b = a+b, a-b
	fmt.Println(a, b)
	const N = 3
	var arr = N * 2
	fmt.Println(arr, N)
	counter(mu, nil)
}
