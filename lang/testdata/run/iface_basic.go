package main

import "fmt"

type Namer interface{ Name() string }

type Shape interface {
	Namer
	Area() int
}

type Rect struct{ W, H int }

func (r Rect) Area() int    { return r.W * r.H }
func (r Rect) Name() string { return "rect" }

type Square struct{ S int }

func (s *Square) Area() int    { return s.S * s.S }
func (s *Square) Name() string { return "square" }

type Celsius int

func (c Celsius) String() string { return fmt.Sprintf("%d°C", int(c)) }

func total(shapes ...Shape) int {
	t := 0
	for _, s := range shapes {
		t += s.Area()
	}
	return t
}

func main() {
	shapes := []Shape{Rect{2, 3}, &Square{4}}
	for _, s := range shapes {
		var n Namer = s
		fmt.Println(n.Name(), s.Area())
	}
	fmt.Println(total(Rect{1, 1}, &Square{2}))

	var s Shape
	fmt.Println(s == nil)
	var sq *Square
	s = sq
	fmt.Println(s == nil, s != nil)

	var a, b any = Rect{1, 2}, Rect{1, 2}
	fmt.Println(a == b, a == any(Rect{2, 1}), a != nil)
	var x any = 3
	fmt.Println(x == 3, x == "3", x == any(int64(3)))

	var st fmt.Stringer = Celsius(21)
	fmt.Println(st.String(), st)

	m := map[string]Shape{"r": Rect{3, 3}}
	fmt.Println(m["r"].Area())
	ch := make(chan any, 2)
	ch <- 1
	ch <- "two"
	fmt.Println(<-ch, <-ch)

	if n, ok := x.(int); ok {
		fmt.Println("int", n)
	}
	if _, ok := x.(string); !ok {
		fmt.Println("not a string")
	}
	if sh, ok := any(&Square{3}).(Shape); ok {
		fmt.Println("shape", sh.Area())
	}
	_, ok := any(Square{3}).(Shape)
	fmt.Println("Square value is a Shape:", ok)
	r := shapes[0].(Rect)
	r.W = 10
	fmt.Println(r.Area(), shapes[0].Area())
}
