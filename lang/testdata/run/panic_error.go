package main

import "fmt"

type MyErr struct{ Code int }

func (e *MyErr) Error() string { return fmt.Sprintf("my error %d\nsecond line", e.Code) }

func main() {
	var err error = &MyErr{42}
	panic(err)
}
