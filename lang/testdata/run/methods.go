//go:build ignore

// Methods: value and pointer receivers, called on values, pointers and
// fields; promoted methods of embedded structs; method values bound when
// they are evaluated; method expressions; go and defer of method calls;
// methods on non-struct named types; fmt's String and Error methods.
package main

import (
	"fmt"
	"sync"
)

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

func (c *Counter) IncDone(wg *sync.WaitGroup) {
	c.Inc()
	wg.Done()
}

func (c *Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

type Vec struct{ X, Y int }

func (v Vec) Add(w Vec) Vec  { return Vec{v.X + w.X, v.Y + w.Y} }
func (v Vec) Dot(w Vec) int  { return v.X*w.X + v.Y*w.Y }
func (v *Vec) Scale(k int)   { v.X *= k; v.Y *= k }
func (v Vec) String() string { return fmt.Sprintf("(%d, %d)", v.X, v.Y) }
func (v Vec) Swapped() Vec   { v.X, v.Y = v.Y, v.X; return v }

type Celsius int

func (c Celsius) F() int         { return int(c)*9/5 + 32 }
func (c Celsius) String() string { return fmt.Sprint(int(c), "°C") }

type Logger struct {
	prefix string
	lines  int
}

func (l *Logger) Log(s string) {
	l.lines++
	fmt.Println(l.prefix + s)
}

type Service struct {
	*Logger
	Counter
	name string
}

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

func main() {
	var c Counter
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	fmt.Println(c.Value())

	for i := 0; i < 5; i++ {
		wg.Add(1)
		go c.IncDone(&wg)
	}
	wg.Wait()

	v := Vec{1, 2}
	w := v.Add(Vec{3, 4})
	v.Scale(10)
	fmt.Println(v, w, v.Dot(w), w.Swapped(), w)

	pv := &v
	fmt.Println(pv.Add(w), pv.Dot(w))
	pv.Scale(2)
	fmt.Println(v.X)

	add := v.Add
	scale := v.Scale
	v = Vec{0, 0}
	fmt.Println(add(Vec{1, 1}))
	scale(3)
	fmt.Println(v, pv)

	dot := Vec.Dot
	sc := (*Vec).Scale
	sc(&w, 2)
	fmt.Println(dot(w, Vec{1, 0}), w)

	t := Celsius(100)
	fmt.Println(t.F(), t, Celsius(-40).F())
	fmt.Printf("%v %s %d\n", t, t, t)

	s := Service{Logger: &Logger{prefix: "svc: "}, name: "api"}
	s.Log("start")
	s.Inc()
	s.Inc()
	s.Log(fmt.Sprint("count ", s.Value()))
	fmt.Println(s.lines, s.Logger.lines, s.n)

	log := s.Log
	log("bound")
	fmt.Println(s.lines)

	var err *NotFound = &NotFound{"k"}
	fmt.Println(err, err.Error())

	defer fmt.Println("deferred", c.Value())
	defer c.Inc()
}
