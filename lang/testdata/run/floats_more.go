package main

import (
	"fmt"
	"sync"
)

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

func (t Temp) F() float64 { return float64(t)*9/5 + 32 }

type Vec struct{ X, Y float32 }

func (v *Vec) Scale(k float32) { v.X *= k; v.Y *= k }

var total = 0.5

const third float32 = 1.0 / 3

func apply(f func(float64) float64, x float64) float64 { return f(x) }

func main() {
	t := Temp(21.5)
	fmt.Println(t, t.F())
	fmt.Printf("%v %s %.2f %.3f %e|%8.1f|\n", t, t, float64(t), t, t, t)
	fmt.Println(t, []Temp{1, 2})
	v := &Vec{1.5, 2}
	v.Scale(third)
	fmt.Println(*v, v.X+v.Y)
	k := 3.0
	sq := func(x float64) float64 { return x * x * k }
	fmt.Println(apply(sq, 2), apply(func(x float64) float64 { return -x }, 1e-9))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += float64(i) / 4
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(total)
	results := make(chan float64)
	go func() {
		for i := 1; i <= 3; i++ {
			results <- 1 / float64(i)
		}
		close(results)
	}()
	sum := 0.0
	for r := range results {
		sum += r
	}
	fmt.Printf("%.4f %v\n", sum, sum)
	var f float64 = 7 / 2
	var g float64 = 7 / 2.0
	h := 1 << 10 * 1.5
	fmt.Println(f, g, h, 0.1+0.2, float32(0.1)+float32(0.2), 1e100, -0.0, 1/3.0)
	var i64 int64 = -7
	var u32 uint32 = 4000000000
	fmt.Println(float64(i64)/2, float32(u32), float64(u32)*2, int(float64(i64)/2), uint8(float32(255.9)*float32(k/3)))
	xs := []float64{}
	for i := 0; i < 5; i++ {
		xs = append(xs, float64(i)*0.1)
	}
	fmt.Println(xs, len(xs), cap(xs))
	w := map[string]float64{"a": 1}
	w["a"]++
	w["b"]--
	xs[1] += 0.25
	xs[2]++
	grid := [][]float32{{1, 0.5}, {-2}}
	grid[1][0] *= 1.5
	fmt.Println(w, xs, grid, len(grid[0]))
	fmt.Printf("%v|%.1f|%5.2f\n", grid, xs, []float32{1.25, 2})
}
