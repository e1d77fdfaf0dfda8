package main

import (
	"errors"
	"fmt"
)

type E struct{}

func (E) Error() string { return "E" }

func main() {
	var target *E
	fmt.Println(errors.As(nil, target))
	fmt.Println(errors.As(E{}, target))
}
