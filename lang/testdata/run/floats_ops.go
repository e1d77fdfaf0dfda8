package main

import "fmt"

type Celsius float64

type Temp struct {
	Name string
	C    Celsius
	F    float32
}

func avg(xs []float64) (float64, int) {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs)), len(xs)
}

func main() {
	zero := 0.0
	nan := zero / zero
	inf := 1 / zero
	fmt.Println(nan == nan, nan != nan, nan < 1, nan > 1, inf > 1e308, -inf < -1e308)
	fmt.Println(min(1.5, nan), max(2.0, 3.5, -1), min(zero, -zero), max(-zero, zero))
	println(1.5, float32(0.1), 1e21, inf, nan)
	switch x := -zero; x {
	case 0:
		fmt.Println("minus zero matches 0")
	default:
		fmt.Println("no match")
	}
	switch nan {
	case nan:
		fmt.Println("nan matched")
	default:
		fmt.Println("nan matches nothing")
	}
	a, b, d, e := 300.7, -1.5, -1.0, 70000.9
	fmt.Println(int64(inf), int32(nan), int8(a), uint8(b), uint32(4e9*(d*d)), uint32(d), uint64(d), uint64(1e19*d*d), uint16(e))
	var big int64 = 1<<53 + 1
	fmt.Println(float64(big), float32(big), float32(uint64(1<<63+1<<40)))
	t := Temp{"x", 21.5, 0.25}
	t.C++
	t.F *= 4
	fmt.Println(t, t.C, t.F)
	fmt.Printf("%v %+v %.1f %T\n", t, t, t.C, t.F)
	u := t
	u.C = Celsius(-zero)
	t.C = Celsius(zero)
	v := t
	v.F = float32(nan)
	fmt.Println(t == u, u == t, v == v, v != v, t == v)
	m, n := avg([]float64{1, 2, 3, 4})
	fmt.Println(m, n)
	fmt.Println(avg([]float64{0.1, 0.2}))
	temps := map[string]Celsius{"a": -3.5}
	temps["a"] -= 1
	fmt.Println(temps, len(temps))
	c := Celsius(10)
	c /= 3
	fmt.Println(c, float32(c), -c, +c)
	const third = 1.0 / 3
	var f32 float32 = third
	fmt.Println(third, f32, float64(f32), third*3 == 1)
	fmt.Printf("%6.2f|%-8.3e|%+.0f|% .2f|%#g|%#.3x\n", 3.14159, 1234.5678, 2.5, 2.0, 1.0, 1.0)
	fmt.Printf("%5t|%-5t|%q|%x|% x|%X|%08b|%o|%#o|%#x|%c|%U|%#U\n", true, false, "a\tb", "hi", "hi", []byte("hi")[0], 5, 64, 64, 255, 0x4E16, 0x4E16, 0x4E16)
	fmt.Printf("%3c|%-4q|%08.3f|%+08d|%x|%X\n", 'A', 'B', -1.5, 42, -255, int8(-1))
	fmt.Printf("%!|%z|%d|%.2s|%10.3s|\n", 1, 2, "abcdef", "abcdef")
	fmt.Printf("%[3]v %[1]v %v|%[5]d|%[0]d\n", 1, 2, 3, 4)
	fmt.Printf("%*.*f|%-*d|%*d\n", 8, 2, 3.14159, -6, 1, 3, 7)
	fmt.Printf("%.*d|%*s\n", "x", 3, 1e9, "a")
	fmt.Printf("%v %d\n", uint64(1<<63), uint8(200))
	var i8 int8 = -128
	var u16 uint16 = 65535
	fmt.Printf("%x %X %o %b %d %v %c\n", i8, u16, i8, i8, u16, i8, u16)
	s := fmt.Sprintf("%08.3f", 3.14159)
	fmt.Println(s, len(s), fmt.Sprint(1.0, 2.0), fmt.Sprintln(3.0, "x"))
	var pf float64
	pf = 1e-320
	fmt.Println(pf, pf*1e300, 5e-324/2, 1.7976931348623157e308*(2*d*d))
	panic(c)
}
