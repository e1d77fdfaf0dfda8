//go:build ignore

// Channels and goroutines with a deterministic output.
package main

import (
	"fmt"
	"sync"
	"time"
)

func producer(n int, out chan<- int) {
	for i := range n {
		out <- i * i
	}
	close(out)
}

func stage(in <-chan int, out chan<- string, done *sync.WaitGroup) {
	defer done.Done()
	for v := range in {
		out <- fmt.Sprint("v=", v)
	}
}

func main() {
	buf := make(chan string, 3)
	buf <- "a"
	buf <- "b"
	fmt.Println(len(buf), cap(buf))
	fmt.Println(<-buf, <-buf, len(buf))

	nums := make(chan int)
	strs := make(chan string)
	var wg sync.WaitGroup
	wg.Add(1)
	go producer(5, nums)
	go stage(nums, strs, &wg)
	go func() {
		wg.Wait()
		close(strs)
	}()
	for s := range strs {
		fmt.Println(s)
	}

	results := make(chan int, 10)
	var wg2 sync.WaitGroup
	for i := 1; i <= 10; i++ {
		wg2.Go(func() { results <- i })
	}
	wg2.Wait()
	close(results)
	sum := 0
	for r := range results {
		sum += r
	}
	fmt.Println("sum", sum)

	var mu sync.Mutex
	count := 0
	var wg3 sync.WaitGroup
	for range 50 {
		wg3.Add(1)
		go func() {
			defer wg3.Done()
			mu.Lock()
			count++
			mu.Unlock()
		}()
	}
	wg3.Wait()
	fmt.Println("count", count)

	quit := make(chan struct{})
	ticks := make(chan int)
	go func() {
		for i := 0; i < 3; i++ {
			ticks <- i
		}
		close(quit)
	}()
	for running := true; running; {
		select {
		case t := <-ticks:
			fmt.Println("tick", t)
		case <-quit:
			fmt.Println("quit")
			running = false
		}
	}

	select {
	case v := <-ticks:
		fmt.Println("unexpected", v)
	default:
		fmt.Println("nothing ready")
	}

	timeout := time.After(5 * time.Millisecond)
	never := make(chan int)
	select {
	case <-never:
	case <-timeout:
		fmt.Println("timed out")
	}

	start := time.Now()
	time.Sleep(3 * time.Millisecond)
	el := time.Since(start)
	fmt.Println(el >= 3*time.Millisecond, el < time.Second, time.Now().Sub(start) > 0, start.Before(time.Now()))

	c := make(chan int, 1)
	select {
	case c <- 1:
		fmt.Println("sent")
	default:
		fmt.Println("full")
	}
	select {
	case c <- 2:
		fmt.Println("sent")
	default:
		fmt.Println("full")
	}
	v, ok := <-c
	close(c)
	v2, ok2 := <-c
	fmt.Println(v, ok, v2, ok2)
	var nilch chan int
	select {
	case nilch <- 1:
	case <-nilch:
	default:
		fmt.Println("nil channels never ready")
	}
	done := make(chan bool)
	go func() { done <- true }()
	fmt.Println(<-done)
}

func init() {
	c := make(chan int, 1)
	c <- 5
	var v, ok = <-c
	close(c)
	var w, ok2 = <-c
	fmt.Println("init", v, ok, w, ok2)
}
