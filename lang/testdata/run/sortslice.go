// sort.Slice, SliceStable, Sort, Stable, Reverse and the slice types,
// compiled from Go's source (pdqsort and insertion/symmerge stable sort):
// elements that compare equal end in the order Go's algorithms leave them,
// and the less function is called as often.
package main

import (
	"fmt"
	"sort"
)

type person struct {
	name string
	age  int
}

type byAge []person

func (a byAge) Len() int           { return len(a) }
func (a byAge) Less(i, j int) bool { return a[i].age < a[j].age }
func (a byAge) Swap(i, j int)      { a[i], a[j] = a[j], a[i] }

// people makes n people whose ages repeat, so that many compare equal.
func people(n int) []person {
	var ps []person
	for i := range n {
		ps = append(ps, person{fmt.Sprint("p", i), (i * 7) % 5})
	}
	return ps
}

func main() {
	for _, n := range []int{5, 13, 40} {
		ps := people(n)
		calls := 0
		sort.Slice(ps, func(i, j int) bool { calls++; return ps[i].age < ps[j].age })
		fmt.Println("Slice", n, calls, ps)
	}
	ps := people(40)
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].age < ps[j].age })
	fmt.Println("SliceStable", ps)
	fmt.Println("SliceIsSorted", sort.SliceIsSorted(ps, func(i, j int) bool { return ps[i].age < ps[j].age }))

	ps = people(30)
	sort.Sort(byAge(ps))
	fmt.Println("Sort", ps, sort.IsSorted(byAge(ps)))
	ps = people(30)
	sort.Sort(sort.Reverse(byAge(ps)))
	fmt.Println("Reverse", ps)
	ps = people(30)
	sort.Stable(sort.Reverse(byAge(ps)))
	fmt.Println("Stable", ps)

	// Long enough for pdqsort's pivot choice and pattern breaking.
	var xs []int
	for i := range 200 {
		xs = append(xs, (i*7919)%101)
	}
	ys := sort.IntSlice(xs)
	ys.Sort()
	fmt.Println(sort.IntsAreSorted(xs), xs[:10], xs[190:], ys.Search(50), sort.SearchInts(xs, 100))
	words := []string{"pear", "fig", "apple", "kiwi", "date", "plum"}
	sort.Slice(words, func(i, j int) bool { return len(words[i]) < len(words[j]) })
	fmt.Println(words)
	sort.Sort(sort.StringSlice(words))
	fmt.Println(words, sort.StringsAreSorted(words), sort.StringSlice(words).Search("kiwi"))
	one := []int{1}
	sort.Slice(one, func(i, j int) bool { return false })
	sort.Slice([]int{}, func(i, j int) bool { return false })

	defer func() { fmt.Println("recovered:", recover()) }()
	sort.Slice(42, func(i, j int) bool { return false })
}
