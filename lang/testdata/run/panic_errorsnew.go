package main

import (
	"errors"
	"fmt"
)

func main() {
	defer fmt.Println("deferred")
	panic(fmt.Errorf("wrapped: %w", errors.New("first\nsecond")))
}
