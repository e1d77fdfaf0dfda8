//go:build ignore

// A panic three calls deep in a goroutine: the traceback shows the
// goroutine, its frames with their lines, and where it was created.
package main

import (
	"fmt"
	"time"
)

type account struct {
	balance int
}

func (a *account) withdraw(n int) {
	if n > a.balance {
		panic(fmt.Sprintf("overdraft: %d > %d", n, a.balance))
	}
	a.balance -= n
}

func spend(a *account, amounts []int) {
	for _, n := range amounts {
		a.withdraw(n)
	}
}

func main() {
	a := &account{balance: 10}
	go func() {
		spend(a, []int{3, 4, 5})
	}()
	time.Sleep(time.Millisecond)
	fmt.Println("not reached")
}
