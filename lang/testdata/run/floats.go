package main

import "fmt"

type P struct {
	X, Y float64
	N    string
}

func half(x float64) float64 { return x / 2 }

func main() {
	x := 3.0
	var y float32 = 0.1
	fmt.Println(x, y, 1e21, 1e20, 100000000.0, 123456789.0, 0.000001, 0.0000001)
	fmt.Println(x/0, -x/0, (x-x)/(x-x) == (x-x)/(x-x))
	z := y * 3
	fmt.Println(z, float64(z), y+0.2, half(5))
	i := int(-2.7 * x)
	fmt.Println(i, int8(x*100), uint8(x*100), float64(7)/2, 7/2)
	x++
	x += 0.5
	fmt.Println(x, -x, x > 4, x < 4)
	p := P{1.5, 2, "a"}
	fmt.Println(p)
	fmt.Printf("%v %+v\n", p, p)
	fmt.Printf("%.2f %8.3f|%-8.2f|%e %g %G %x\n", x, x, x, x, x, x, 1.5)
	fmt.Printf("%d %s %5.1f%%\n", 3, "hi", 99.5)
	fmt.Printf("%d\n", "hi")
	fmt.Printf("%d %d\n", 3)
	fmt.Printf("%d\n", 3, 4)
	fmt.Printf("%08.3f|%+d|%x|%X|%o|%O|%b|%c|%U|%q\n", -3.14159, 5, 255, 255, 8, 8, 5, 'A', 0x1F600, 'x')
	fmt.Printf("%*d|%-*d|%.*f\n", 5, 42, 4, 7, 2, 3.14159)
	fmt.Printf("%[2]d %[1]d\n", 1, 2)
	s := []float64{1, 2.5, 3}
	fmt.Println(s, len(s))
	m := map[string]float64{"a": 1.25}
	fmt.Println(m)
	var u uint64 = 1 << 63
	fmt.Println(float64(u), float32(u), uint64(float64(u)))
	ch := make(chan float64, 1)
	ch <- 2.5
	fmt.Println(<-ch)
	fmt.Print(1.5, 2.5, "x", 3.5, "\n")
	fmt.Println(fmt.Sprintf("%6.2f", 3.14159), fmt.Sprint(2.0))
	var f32 float32 = 16777216
	f32++
	fmt.Println(f32, f32+1)
}
