//go:build ignore

// Arrays and structs as map keys: literals, index, ++ on an entry,
// delete, range (a key is a copy), and printing sorted by key as fmt does.
package main

import "fmt"

type P struct {
	X, Y int
	Name string
}

func main() {
	seen := map[[2]int]bool{}
	seen[[2]int{1, 2}] = true
	k := [2]int{1, 2}
	fmt.Println(seen[k], seen[[2]int{2, 1}], len(seen))
	grid := map[P]int{{1, 2, "a"}: 5, {-3, 0, "b-c"}: 7}
	grid[P{1, 2, "a"}]++
	fmt.Println(grid[P{1, 2, "a"}], grid[P{-3, 0, "b-c"}], len(grid))
	fmt.Println(grid)
	delete(grid, P{1, 2, "a"})
	for k, v := range grid {
		k.X = 100
		fmt.Println(k, v)
	}
	words := map[[3]string]int{{"a", "b", "c"}: 1, {"a", "", "z"}: 2, {"", "q", "r"}: 3}
	fmt.Println(words)
	m := map[[2]int][]int{{-1, 5}: {1}, {-2, 0}: {2}, {3, -9}: nil}
	fmt.Println(m)
}
