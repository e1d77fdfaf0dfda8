// sync.Cond, compiled from Go's source over the runtime's notifyList: a
// bounded queue whose producers and consumers wait on two conditions, with
// a Mutex and with an RWMutex as the Locker. The output does not depend on
// the schedule.
package main

import (
	"fmt"
	"sync"
)

type queue struct {
	mu       sync.Mutex
	notEmpty *sync.Cond
	notFull  *sync.Cond
	items    []int
	max      int
}

func newQueue(max int) *queue {
	q := &queue{max: max}
	q.notEmpty = sync.NewCond(&q.mu)
	q.notFull = sync.NewCond(&q.mu)
	return q
}

func (q *queue) put(v int) {
	q.mu.Lock()
	for len(q.items) == q.max {
		q.notFull.Wait()
	}
	q.items = append(q.items, v)
	q.notEmpty.Signal()
	q.mu.Unlock()
}

func (q *queue) get() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.notEmpty.Wait()
	}
	v := q.items[0]
	q.items = q.items[1:]
	q.notFull.Signal()
	return v
}

func main() {
	q := newQueue(2)
	var wg sync.WaitGroup
	for p := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 10 {
				q.put(p*100 + i)
			}
		}()
	}
	sums := make(chan int)
	for range 2 {
		go func() {
			s := 0
			for range 15 {
				s += q.get()
			}
			sums <- s
		}()
	}
	total := <-sums + <-sums
	wg.Wait()
	fmt.Println("total", total, "left", len(q.items))

	// Broadcast wakes every waiter; Signal with nobody waiting is lost.
	var rw sync.RWMutex
	c := sync.NewCond(&rw)
	c.Signal()
	gate := false
	var woke sync.WaitGroup
	started := make(chan bool)
	for range 4 {
		woke.Add(1)
		go func() {
			defer woke.Done()
			rw.Lock()
			started <- true
			for !gate {
				c.Wait()
			}
			rw.Unlock()
		}()
	}
	for range 4 {
		<-started
	}
	rw.Lock()
	gate = true
	c.Broadcast()
	rw.Unlock()
	woke.Wait()
	fmt.Println("all four woke")
	var l sync.Locker = &rw
	l.Lock()
	fmt.Println("TryRLock while locked through a Locker:", rw.TryRLock())
	l.Unlock()
}
