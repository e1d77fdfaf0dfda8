package main

import (
	"fmt"
	"math"
	"sort"
)

func main() {
	xs := []float64{2.5, -1, math.NaN(), 0, 3, math.Inf(-1)}
	fmt.Println(sort.Float64sAreSorted(xs))
	sort.Float64s(xs)
	fmt.Println(xs, sort.Float64sAreSorted(xs))
	is := []int{5, 1, 4}
	fmt.Println(sort.IntsAreSorted(is))
	sort.Ints(is)
	fmt.Println(is, sort.IntsAreSorted(is), sort.SearchInts(is, 4), sort.SearchInts(is, 3), sort.SearchInts(is, 9))
	ss := []string{"b", "a"}
	sort.Strings(ss)
	fmt.Println(ss, sort.StringsAreSorted(ss), sort.SearchStrings(ss, "b"), sort.SearchStrings(ss, "0"))
}
