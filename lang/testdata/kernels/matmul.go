// matmul: the product of two n×n float64 matrices held as [][]float64:
// float arithmetic and nested slice indexing.
// Usage: matmul [n] (default 600).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func matrix(n int, seed float64) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			m[i][j] = float64((i*n+j)%7) + seed
		}
	}
	return m
}

func mul(a, b [][]float64) [][]float64 {
	n := len(a)
	c := make([][]float64, n)
	for i := 0; i < n; i++ {
		c[i] = make([]float64, n)
		for k := 0; k < n; k++ {
			aik := a[i][k]
			for j := 0; j < n; j++ {
				c[i][j] += aik * b[k][j]
			}
		}
	}
	return c
}

func main() {
	n := 600
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	c := mul(matrix(n, 0.5), matrix(n, 1.25))
	t := 0.0
	for i := range c {
		t += c[i][i]
	}
	fmt.Println(t)
}
