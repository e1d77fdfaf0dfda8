package main

import (
	"container/heap"
	"fmt"
	"os"
	"strconv"
)

type h []int

func (x h) Len() int           { return len(x) }
func (x h) Less(i, j int) bool { return x[i] < x[j] }
func (x h) Swap(i, j int)      { x[i], x[j] = x[j], x[i] }
func (x *h) Push(v any)        { *x = append(*x, v.(int)) }
func (x *h) Pop() any {
	old := *x
	v := old[len(old)-1]
	*x = old[:len(old)-1]
	return v
}

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	q := &h{}
	for i := 0; i < n; i++ {
		heap.Push(q, (i*7919)%n)
	}
	s := 0
	for q.Len() > 0 {
		s += heap.Pop(q).(int)
	}
	fmt.Println(s)
}
