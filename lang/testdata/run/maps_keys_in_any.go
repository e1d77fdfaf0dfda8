package main

import (
	"fmt"
	"math"
)

type P struct{ X, Y int }

type F struct {
	Name string
	V    float64
}

type K struct {
	Name string
	V    any
}

func main() {
	// Maps held in interfaces print through fmt's dynamic path.
	var x any = map[P]int{{1, 2}: 3, {0, 5}: 4}
	fmt.Println(x)
	var y any = map[[2]int]bool{{1, 2}: true}
	fmt.Printf("%v %+v\n", y, x)
	var z any = map[F]int{{"a", math.Copysign(0, -1)}: 1, {"a", 1.5}: 2}
	fmt.Println(z)
	var w any = map[K]int{{"b", 2}: 1, {"a", "s"}: 2}
	fmt.Printf("%v\n", w)
	var v any = map[any]int{3: 1, 1: 2, 2: 3}
	fmt.Printf("%v %d\n", v, len(v.(map[any]int)))
}
