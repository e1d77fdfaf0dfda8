package main

import (
	"errors"
	"fmt"
)

type argError struct {
	arg     int
	message string
}

func (e *argError) Error() string { return fmt.Sprintf("%d - %s", e.arg, e.message) }

type codeError int

func (c codeError) Error() string { return fmt.Sprintf("code %d", int(c)) }

type temporary interface {
	error
	Temporary() bool
}

type tempErr struct{}

func (tempErr) Error() string   { return "temp" }
func (tempErr) Temporary() bool { return true }

func check[E error](name string, err error) {
	e, ok := errors.AsType[E](err)
	fmt.Println(name, ok, e)
}

func main() {
	base := &argError{42, "can't work with it"}
	wrapped := fmt.Errorf("wrapped: %w", base)
	if ae, ok := errors.AsType[*argError](wrapped); ok {
		fmt.Println(ae.arg, ae.message, ae == base)
	}
	ce, ok := errors.AsType[codeError](wrapped)
	fmt.Println(ce, ok)
	joined := errors.Join(errors.New("plain"), fmt.Errorf("ctx: %w", codeError(7)), base)
	ce, ok = errors.AsType[codeError](joined)
	fmt.Println(ce, ok)
	ae, ok := errors.AsType[*argError](nil)
	fmt.Println(ae == nil, ok)
	t, ok := errors.AsType[temporary](fmt.Errorf("x: %w", tempErr{}))
	fmt.Println(t, ok, t != nil && t.Temporary())
	check[*argError]("generic", joined)
	check[codeError]("generic", errors.New("no"))
}
