// cmp.Compare and cmp.Less of floats: a NaN orders before every other
// value and equals a NaN; -0 equals 0.
package main

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

func main() {
	nan := math.NaN()
	xs := []float64{nan, math.Inf(-1), -1.5, math.Copysign(0, -1), 0, 2.25, math.Inf(1)}
	for _, a := range xs {
		for _, b := range xs {
			fmt.Printf("%2d", cmp.Compare(a, b))
		}
		fmt.Print("  ")
		for _, b := range xs {
			if cmp.Less(a, b) {
				fmt.Print("<")
			} else {
				fmt.Print(".")
			}
		}
		fmt.Println()
	}
	var f, g float32 = 1.5, 2
	fmt.Println(cmp.Compare(f, g), cmp.Less(g, f), cmp.Compare(g, g))

	// Sorting with cmp.Compare puts the NaNs first, as slices.Sort does.
	ys := []float64{3, nan, -1, 2, nan, 0}
	slices.SortFunc(ys, func(a, b float64) int { return cmp.Compare(a, b) })
	fmt.Println(ys)
}
