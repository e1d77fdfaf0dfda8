package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	println(f(0))
}
