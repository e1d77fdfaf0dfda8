//go:build ignore

// deep: recursions of several depths and frame sizes, so stacks grow
// (newstack) more than once, and a big frame needs more than one doubling.
package main

import "sync"

func small(n int) int {
	if n == 0 {
		return 0
	}
	return small(n-1) + 1
}

// big has a frame of about 500 bytes: 60 locals.
func big(n int) int {
	a0 := n + 0
	a1 := n + 1
	a2 := n + 2
	a3 := n + 3
	a4 := n + 4
	a5 := n + 5
	a6 := n + 6
	a7 := n + 7
	a8 := n + 8
	a9 := n + 9
	a10 := n + 10
	a11 := n + 11
	a12 := n + 12
	a13 := n + 13
	a14 := n + 14
	a15 := n + 15
	a16 := n + 16
	a17 := n + 17
	a18 := n + 18
	a19 := n + 19
	a20 := n + 20
	a21 := n + 21
	a22 := n + 22
	a23 := n + 23
	a24 := n + 24
	a25 := n + 25
	a26 := n + 26
	a27 := n + 27
	a28 := n + 28
	a29 := n + 29
	a30 := n + 30
	a31 := n + 31
	a32 := n + 32
	a33 := n + 33
	a34 := n + 34
	a35 := n + 35
	a36 := n + 36
	a37 := n + 37
	a38 := n + 38
	a39 := n + 39
	a40 := n + 40
	a41 := n + 41
	a42 := n + 42
	a43 := n + 43
	a44 := n + 44
	a45 := n + 45
	a46 := n + 46
	a47 := n + 47
	a48 := n + 48
	a49 := n + 49
	a50 := n + 50
	a51 := n + 51
	a52 := n + 52
	a53 := n + 53
	a54 := n + 54
	a55 := n + 55
	a56 := n + 56
	a57 := n + 57
	a58 := n + 58
	a59 := n + 59
	if n == 0 {
		return a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17 + a18 + a19 + a20 + a21 + a22 + a23 + a24 + a25 + a26 + a27 + a28 + a29 + a30 + a31 + a32 + a33 + a34 + a35 + a36 + a37 + a38 + a39 + a40 + a41 + a42 + a43 + a44 + a45 + a46 + a47 + a48 + a49 + a50 + a51 + a52 + a53 + a54 + a55 + a56 + a57 + a58 + a59
	}
	return big(n-1) + a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 + a15 + a16 + a17 + a18 + a19 + a20 + a21 + a22 + a23 + a24 + a25 + a26 + a27 + a28 + a29 + a30 + a31 + a32 + a33 + a34 + a35 + a36 + a37 + a38 + a39 + a40 + a41 + a42 + a43 + a44 + a45 + a46 + a47 + a48 + a49 + a50 + a51 + a52 + a53 + a54 + a55 + a56 + a57 + a58 + a59
}

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		go func(i int) {
			small(i * 40)
			big(i * 3)
			wg.Done()
		}(i)
	}
	wg.Wait()
	println(small(200), big(20))
}
