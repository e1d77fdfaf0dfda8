package main

// container/heap, container/list and container/ring, compiled from Go's
// own source (lang/ssasrc).

import (
	"container/heap"
	"container/list"
	"container/ring"
	"fmt"
)

type item struct {
	name  string
	prio  int
	index int
}

type queue []*item

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].prio > q[j].prio }
func (q queue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index = i
	q[j].index = j
}
func (q *queue) Push(x any) {
	it := x.(*item)
	it.index = len(*q)
	*q = append(*q, it)
}
func (q *queue) Pop() any {
	old := *q
	n := len(old)
	it := old[n-1]
	old[n-1] = nil
	*q = old[:n-1]
	return it
}

func main() {
	q := queue{}
	for i, n := range []string{"banana", "apple", "pear", "kiwi"} {
		q = append(q, &item{name: n, prio: (i * 7) % 5, index: i})
	}
	heap.Init(&q)
	heap.Push(&q, &item{name: "fig", prio: 3})
	q[0].prio = -1
	heap.Fix(&q, 0)
	for q.Len() > 0 {
		it := heap.Pop(&q).(*item)
		fmt.Print(it.name, ":", it.prio, " ")
	}
	fmt.Println()

	l := list.New()
	e4 := l.PushBack(4)
	e1 := l.PushFront(1)
	l.InsertBefore(3, e4)
	l.InsertAfter(2, e1)
	l.MoveToBack(e1)
	l.Remove(e4)
	for e := l.Front(); e != nil; e = e.Next() {
		fmt.Print(e.Value, " ")
	}
	fmt.Println(l.Len())

	r := ring.New(5)
	for i := 0; i < r.Len(); i++ {
		r.Value = i * i
		r = r.Next()
	}
	r.Unlink(2)
	sum := 0
	r.Do(func(v any) { sum += v.(int); fmt.Print(v, " ") })
	fmt.Println(sum, r.Len())
}
