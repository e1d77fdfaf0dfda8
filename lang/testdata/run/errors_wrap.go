package main

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

type QueryErr struct {
	Query string
	Err   error
}

func (e *QueryErr) Error() string { return e.Query + ": " + e.Err.Error() }
func (e *QueryErr) Unwrap() error { return e.Err }

type Timeout struct{}

func (Timeout) Error() string        { return "timeout" }
func (Timeout) Is(target error) bool { return target == ErrNotFound }

func main() {
	err := fmt.Errorf("lookup %q: %w", "k", ErrNotFound)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrNotFound), errors.Unwrap(err) == ErrNotFound, errors.Unwrap(ErrNotFound))
	var qe error = &QueryErr{"select", err}
	fmt.Println(qe, errors.Is(qe, ErrNotFound))
	var target *QueryErr
	if errors.As(fmt.Errorf("outer: %w", qe), &target) {
		fmt.Println("as:", target.Query)
	}
	fmt.Println(errors.Is(Timeout{}, ErrNotFound), errors.Is(nil, ErrNotFound), errors.Is(nil, nil))
	e1, e2 := errors.New("one"), errors.New("two")
	j := errors.Join(e1, nil, e2)
	fmt.Println(j)
	fmt.Println(errors.Is(j, e2), errors.Join(nil, nil) == nil)
	multi := fmt.Errorf("both: %w and %w", e1, e2)
	fmt.Println(multi, errors.Is(multi, e1), errors.Is(multi, e2), errors.Is(multi, ErrNotFound))
	fmt.Printf("%v|%s|%q\n", err, err, e1)
}

func init() {
	var qe *QueryErr
	j := errors.Join(errors.New("x"), fmt.Errorf("w: %w", error(&QueryErr{"in tree", ErrNotFound})))
	fmt.Println(errors.As(j, &qe), qe.Query)
	var none *QueryErr
	fmt.Println(errors.As(errors.New("plain"), &none), none == nil, errors.As(nil, &none))
	var iface interface{ Unwrap() error }
	fmt.Println(errors.As(j, &iface), iface)
}
