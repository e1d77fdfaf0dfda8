package main

import "fmt"

func main() {
	seen := map[any]bool{"a": true}
	fmt.Println(seen["a"], seen[[1]int{}])
	seen[[]int{1, 2}] = true
	fmt.Println("not reached")
}
