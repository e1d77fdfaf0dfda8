//go:build ignore

// Arrays: literals ([...]T, indexed elements, nested and elided types),
// indexing with constants and variables, len and cap, range (over a copy,
// as Go evaluates the range expression once), value semantics (assignment,
// passing, returning and ranging copy), comparison, arrays in structs, in
// slices, in maps and in channels, pointers to arrays and to elements,
// slicing an array (sharing its storage), methods on array types, and
// printing as Go does.
package main

import "fmt"

type Point struct{ X, Y int }

type Grid [3][3]int

func (g *Grid) Set(r, c, v int) { g[r][c] = v }

func (g Grid) Sum() int {
	s := 0
	for _, row := range g {
		for _, v := range row {
			s += v
		}
	}
	return s
}

type Box struct {
	Name  string
	Sizes [3]int
}

func double(a [4]int) [4]int {
	for i := range a {
		a[i] *= 2
	}
	return a
}

func fill(p *[4]int, v int) {
	for i := range p {
		p[i] = v
	}
}

func main() {
	var a [5]int
	a[2] = 7
	i := 4
	a[i] = 9
	fmt.Println(a, len(a), cap(a), a[2]+a[i])

	b := [...]string{"x", "y", "z"}
	c := [5]int{1, 2: 30, 4: 50}
	fmt.Println(b, len(b), c)
	fmt.Printf("%v %v\n", b, c)

	d := a
	d[0] = 100
	fmt.Println(a[0], d[0], a == d, a != d)
	d[0] = 0
	fmt.Println(a == d)

	nums := [4]int{1, 2, 3, 4}
	dbl := double(nums)
	fmt.Println(nums, dbl)
	fill(&nums, 8)
	fmt.Println(nums)

	for i, v := range nums {
		nums[3] = 100 // the range is over a copy
		fmt.Print(i, v, " ")
	}
	fmt.Println(nums)

	s := nums[:]
	s[0] = -1
	t := nums[1:3]
	t[1] = -2
	fmt.Println(nums, len(s), len(t), cap(t))
	s = append(s, 5)
	s[1] = 99
	fmt.Println(nums, s)

	pts := [2]Point{{1, 2}, {3, 4}}
	pts2 := pts
	pts2[0].X = 10
	fmt.Println(pts, pts2, pts == pts2)
	fmt.Printf("%+v\n", pts)

	var g Grid
	g.Set(1, 1, 5)
	g.Set(2, 0, 3)
	g[0][2] = 1
	fmt.Println(g, g.Sum(), len(g[0]))

	bx := Box{Name: "b", Sizes: [3]int{1, 2, 3}}
	bx2 := bx
	bx2.Sizes[0] = 9
	fmt.Println(bx, bx2, bx == bx2)
	fmt.Printf("%+v\n", bx)

	m := map[string][2]int{"a": {1, 2}}
	m["b"] = [2]int{3, 4}
	v := m["a"]
	v[0] = 100
	fmt.Println(m["a"], m["b"], v, m["none"])

	ch := make(chan [2]string, 1)
	arr := [2]string{"p", "q"}
	ch <- arr
	arr[0] = "changed"
	fmt.Println(<-ch, arr)

	list := [][2]int{{1, 2}, {3, 4}}
	list = append(list, [2]int{5, 6})
	list[0][1] = 20
	fmt.Println(list, len(list))

	pa := &[3]int{1, 2, 3}
	pa[1] = 20
	pe := &pa[2]
	*pe = 30
	fmt.Println(pa, *pa, len(pa))
	fmt.Println(pa[:2])

	var zero [0]int
	fmt.Println(zero, len(zero))

	var matrix [2][3]string
	for r := range matrix {
		for c := range matrix[r] {
			matrix[r][c] = fmt.Sprint(r, c)
		}
	}
	fmt.Println(matrix)

	counts := [3]int{}
	for _, w := range []int{0, 1, 1, 2, 2, 2} {
		counts[w]++
	}
	counts[0] += 10
	fmt.Println(counts)

	j := 5
	fmt.Println(a[j%len(a)])
	fmt.Println(a[j])
}
