package main

import "fmt"

type unit struct{}

func main() {
	a := map[struct{}]int{}
	a[struct{}{}]++
	a[struct{}{}]++
	var u unit
	b := map[unit]string{u: "x"}
	b[unit{}] += "y"
	for k, v := range b {
		fmt.Println(k, v)
	}
	fmt.Println(len(a), a, b)
	c := map[any]int{struct{}{}: 1, unit{}: 2}
	c[struct{}{}]++
	fmt.Println(len(c), c[struct{}{}], c[unit{}])
	delete(a, struct{}{})
	fmt.Println(len(a))
}
