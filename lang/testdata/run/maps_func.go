// maps.DeleteFunc and maps.EqualFunc, compiled from Go's source: the
// functions see every pair (in the map's order, which the output does not
// depend on).
package main

import (
	"fmt"
	"maps"
	"strconv"
)

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}
	seen := 0
	maps.DeleteFunc(m, func(k string, v int) bool {
		seen++
		return v%2 == 0 || k == "e"
	})
	fmt.Println(m, len(m), seen)

	asText := func(v int, s string) bool { return strconv.Itoa(v) == s }
	fmt.Println(maps.EqualFunc(m, map[string]string{"a": "1", "c": "3"}, asText))
	fmt.Println(maps.EqualFunc(m, map[string]string{"a": "1", "c": "4"}, asText))
	fmt.Println(maps.EqualFunc(m, map[string]string{"a": "1", "x": "3"}, asText))
	fmt.Println(maps.EqualFunc(m, map[string]string{"a": "1"}, asText))

	type point struct{ x, y int }
	grid := map[point]string{{0, 0}: "origin", {1, 0}: "east", {0, 1}: "north"}
	maps.DeleteFunc(grid, func(p point, _ string) bool { return p.x > 0 })
	fmt.Println(grid)
	maps.DeleteFunc(grid, func(point, string) bool { return true })
	fmt.Println(grid, len(grid))
	var nilMap map[int]int
	maps.DeleteFunc(nilMap, func(int, int) bool { return true })
	fmt.Println(maps.EqualFunc(nilMap, map[int]bool{}, func(int, bool) bool { return false }))
}
