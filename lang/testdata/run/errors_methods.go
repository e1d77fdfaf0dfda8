package main

import (
	"errors"
	"fmt"
)

// Is methods: a code matches any error carrying the same code.
type CodeErr struct{ Code int }

func (e CodeErr) Error() string { return fmt.Sprint("code ", e.Code) }

func (e CodeErr) Is(target error) bool {
	t, ok := target.(CodeErr)
	fmt.Println("  CodeErr.Is called on", e.Code)
	return ok && t.Code/100 == e.Code/100
}

// As methods: a legacy error converts itself to a *NotFound.
type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

type legacy struct{ msg string }

func (l legacy) Error() string { return "legacy: " + l.msg }

func (l legacy) As(target any) bool {
	fmt.Printf("  legacy.As(%T)\n", target)
	if p, ok := target.(**NotFound); ok {
		*p = &NotFound{l.msg}
		return true
	}
	return false
}

// An error whose type is not comparable (a slice inside).
type multi struct{ errs []error }

func (m multi) Error() string   { return fmt.Sprint(len(m.errs), " errors") }
func (m multi) Unwrap() []error { return m.errs }

// A tree that records the order of the walk.
type node struct {
	name string
	kids []error
}

func (n *node) Error() string { return n.name }
func (n *node) Is(target error) bool {
	fmt.Print(n.name, " ")
	return false
}
func (n *node) Unwrap() []error { return n.kids }

type wrap1 struct {
	name string
	err  error
}

func (w wrap1) Error() string { return w.name }
func (w wrap1) Unwrap() error { return w.err }
func (w wrap1) Is(target error) bool {
	fmt.Print(w.name, " ")
	return false
}

func try(what string, f func()) {
	defer func() {
		r := recover()
		fmt.Printf("%s: %v (%T)\n", what, r, r)
	}()
	f()
}

var errSentinel = errors.New("sentinel")

func main() {
	err := fmt.Errorf("op: %w", CodeErr{404})
	fmt.Println(errors.Is(err, CodeErr{400}))
	fmt.Println(errors.Is(err, CodeErr{500}))
	fmt.Println(errors.Is(err, errSentinel))
	fmt.Println(errors.Is(nil, nil), errors.Is(nil, errSentinel), errors.Is(errSentinel, nil))

	var nf *NotFound
	err = fmt.Errorf("lookup: %w", legacy{"x.txt"})
	fmt.Println(errors.As(err, &nf), nf)
	var ce CodeErr
	fmt.Println(errors.As(err, &ce), ce)

	// Uncomparable targets are never compared with ==.
	m := multi{[]error{errSentinel, CodeErr{201}}}
	fmt.Println(errors.Is(m, m), errors.Is(fmt.Errorf("w: %w", m), errSentinel))
	fmt.Println(errors.Is(m, CodeErr{299}))

	// The walk's order: depth first, each error's Is before its children.
	tree := &node{"root", []error{
		wrap1{"a", &node{"a1", []error{errors.New("a1x")}}},
		&node{"b", []error{nil, wrap1{"b1", nil}}},
		errors.Join(&node{"c", nil}, wrap1{"d", &node{"d1", nil}}),
	}}
	fmt.Println(errors.Is(tree, errSentinel))
	var target *node
	fmt.Println(errors.As(tree, &target), target)
	var w wrap1
	fmt.Println(errors.As(tree, &w), w.name)
	var asErr interface{ Unwrap() error }
	fmt.Println(errors.As(tree, &asErr), asErr)

	// errors.As through a pointer variable and new.
	p := new(*NotFound)
	fmt.Println(errors.As(err, p), (*p).Name)
	fmt.Println(errors.As(nil, p))

	// errors.AsType calls As methods too.
	got, ok := errors.AsType[*NotFound](err)
	fmt.Println(got, ok)
	_, ok = errors.AsType[CodeErr](err)
	fmt.Println(ok)

	// errors.As's panics.
	var nilp *(*NotFound)
	try("nil pointer", func() { errors.As(err, nilp) })
	try("nil target", func() { errors.As(err, nil) })
	try("not a pointer", func() { errors.As(err, ce) })
	try("a pointer to a non-error", func() { errors.As(err, nf) })
	var n int
	try("not an error", func() { errors.As(err, &n) })
	var nilInt *int
	try("nil pointer to a non-error", func() { errors.As(err, nilInt) })
	fmt.Println(errors.As(nil, &n))
}
