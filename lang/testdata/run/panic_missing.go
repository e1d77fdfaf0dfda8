package main

type I interface{ M() }
type T struct{}

func main() {
	var x any = T{}
	_ = x.(I)
}
