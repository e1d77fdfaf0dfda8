//go:build ignore

// runtime.Caller (runtime/extern.go) at skips 0, 1 and 2, through a
// method, a closure and a goroutine: the file's last element and the line,
// as Go's traceback gives them (the full path differs: gmplab names the
// file as it was given, Go as the compiler saw it).
package main

import (
	"fmt"
	"runtime"
	"strings"
)

func where(skip int) string {
	_, file, line, ok := runtime.Caller(skip + 1)
	if !ok {
		return "?"
	}
	return fmt.Sprintf("%s:%d", file[strings.LastIndex(file, "/")+1:], line)
}

type T struct{}

//go:noinline
func (T) method() string { return where(1) }

func main() {
	_, _, line, ok := runtime.Caller(0)
	fmt.Println("skip 0:", line, ok)
	fmt.Println("here:", where(0))
	fmt.Println("method's caller:", T{}.method())
	func() {
		fmt.Println("closure:", where(0), "its caller:", where(1))
	}()
	done := make(chan bool)
	go func() {
		fmt.Println("goroutine:", where(0))
		done <- true
	}()
	<-done
	pc, _, _, _ := runtime.Caller(0)
	fmt.Println("pc non-zero:", pc != 0)
}
