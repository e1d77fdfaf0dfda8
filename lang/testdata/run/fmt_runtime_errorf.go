// fmt.Errorf with a format known at run time and with f(xs...): %w wraps
// as fmt/errors.go does (one %w: Unwrap() error; several: Unwrap()
// []error), and errors.Is, As and Unwrap see through it.
package main

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

type PathError struct{ Path string }

func (e *PathError) Error() string { return "bad path " + e.Path }

func wrapf(format string, args ...any) error {
	return fmt.Errorf("op: "+format, args...)
}

func show(name string, err error) {
	var pe *PathError
	fmt.Printf("%s: %v | Is=%v As=%v", name, err, errors.Is(err, ErrNotFound), errors.As(err, &pe))
	if pe != nil {
		fmt.Printf(" path=%s", pe.Path)
	}
	fmt.Printf(" | Unwrap=%v | %T\n", errors.Unwrap(err), err)
	if u, ok := err.(interface{ Unwrap() []error }); ok {
		fmt.Println("  unwraps", len(u.Unwrap()), u.Unwrap())
	}
}

func main() {
	show("plain", wrapf("no verbs"))
	show("value", wrapf("n=%d s=%s", 3, "x"))
	show("one", wrapf("find %q: %w", "k", ErrNotFound))
	show("path", wrapf("open: %w", &PathError{"/tmp"}))
	show("two", wrapf("%w and %w", ErrNotFound, &PathError{"/a"}))
	show("reordered", wrapf("%[2]w then %[1]w", &PathError{"/b"}, ErrNotFound))
	show("dup", wrapf("%w %[1]w", ErrNotFound))
	show("not error", wrapf("%w", 42))
	show("not errors", wrapf("%w %w", 1, ErrNotFound))
	show("nil", wrapf("%w", nil))
	show("missing", wrapf("%w"))
	show("chain", wrapf("outer: %w", wrapf("inner: %w", ErrNotFound)))
	args := []any{"k", ErrNotFound}
	show("spread", fmt.Errorf("get %s: %w", args...))
	format := "plain %v"
	show("runtime format", fmt.Errorf(format, &PathError{"/c"}))
	show("value verb", fmt.Errorf(format+" %v", ErrNotFound, 2))
}
