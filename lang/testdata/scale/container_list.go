package main

import (
	"container/list"
	"fmt"
	"os"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	l := list.New()
	for i := 0; i < n; i++ {
		l.PushBack(i)
	}
	s := 0
	for e := l.Front(); e != nil; e = e.Next() {
		s += e.Value.(int)
	}
	for l.Len() > 0 {
		l.Remove(l.Front())
	}
	fmt.Println(s)
}
