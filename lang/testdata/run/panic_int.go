//go:build ignore

package main

func main() {
	x := 42
	panic(x)
}
