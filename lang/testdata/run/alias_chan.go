//go:build ignore

// Value semantics of structs and arrays sent on channels: a received
// struct is a copy (changing it changes nothing else), a struct changed
// after the send does not change what the receiver gets; the same through
// select's send and receive cases, range over a channel, and a
// goroutine's arguments.
package main

import "fmt"

type pt struct{ x, y int }

type msg struct {
	at  pt
	buf [2]int
}

func main() {
	ch := make(chan pt, 2)
	s := pt{1, 1}
	ch <- s
	s.x = 2
	r := <-ch
	r.y = 9
	fmt.Println("buffered:", r, s)

	ch <- s
	s.x = 3
	r2, ok := <-ch
	fmt.Println("comma ok:", r2, ok, s)

	ch <- s
	ch <- s
	close(ch)
	for v := range ch {
		v.y = 8
		s.y = 7
		fmt.Println("range:", v, s)
	}

	uc := make(chan msg)
	done := make(chan msg)
	go func() {
		m := <-uc
		m.at.x += 1000
		m.buf[0] = 5
		fmt.Println("received:", m)
		done <- m
	}()
	m := msg{pt{5, 5}, [2]int{1, 2}}
	uc <- m
	m.buf[1] = 0
	back := <-done
	fmt.Println("sender's:", m, "returned:", back)

	sc := make(chan pt, 1)
	t := pt{6, 6}
	select {
	case sc <- t:
	}
	t.x = 0
	select {
	case y := <-sc:
		fmt.Println("select:", y, t)
	}
	sc <- t
	var y2 pt
	select {
	case y2 = <-sc:
	}
	y2.y = 1
	fmt.Println("select assign:", y2, t)

	ga := [2]pt{{1, 1}, {2, 2}}
	gd := make(chan bool)
	go func(a [2]pt, p pt) {
		fmt.Println("goroutine's arguments:", a, p)
		gd <- true
	}(ga, ga[0])
	ga[0].x = 999
	<-gd
	fmt.Println(ga)
}
