package main

import "fmt"

type pair [2]int

type box struct {
	A [3]string
	P *[2]int
}

func main() {
	var x any = [2]int{1, 2}
	fmt.Println(x, x == any([2]int{1, 2}), x == any([2]int{2, 1}))
	fmt.Printf("%v %+v %#v %T\n", x, x, x, x)
	y := x.([2]int)
	y[0] = 9
	fmt.Println(x, y)
	var p any = pair{3, 4}
	fmt.Printf("%v %#v %T\n", p, p, p)
	arr := [2]int{5, 6}
	var q any = &arr
	fmt.Println(q)
	var b any = box{A: [3]string{"a", "b", "c"}, P: &arr}
	fmt.Printf("%v\n", []any{x, p, [0]int{}, [2]bool{true}, [2][2]int{{1, 2}, {3, 4}}})
	_ = b
	m := map[string]any{"k": [1]float64{1.5}}
	fmt.Println(m)
	switch v := x.(type) {
	case [2]int:
		fmt.Println("array", v[1])
	}
}
