// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package errors as gmplab declares it: New and As are computed by the VM
// (vm/host_errors.go); Unwrap and Join are Go's source (errors/wrap.go,
// errors/join.go), and so are Is and AsType (lang/srcpkg/errors).
package errors

// New returns an error that formats as the given text.
// Each call to New returns a distinct error value even if the text is identical.
func New(text string) error

// As finds the first error in err's tree that matches target, and if one is found, sets
// target to that error value and returns true. Otherwise, it returns false.
// (errors/wrap.go, with the VM answering what reflectlite does: asTarget,
// asSet.)
func As(err error, target any) bool {
	if err == nil {
		return false
	}
	if target == nil {
		panic("errors: target cannot be nil")
	}
	switch asTarget(target) {
	case 1:
		panic("errors: target must be a non-nil pointer")
	case 2:
		panic("errors: *target must be interface or implement error")
	}
	return asTree(err, target)
}

// asTarget checks target as As does: 0 a pointer it can set, 1 not a
// non-nil pointer, 2 a pointer to a type that is neither an interface
// nor an error.
func asTarget(target any) int

// asSet sets *target to err, and reports true, if err's type is
// assignable to *target's.
func asSet(err error, target any) bool

func asTree(err error, target any) bool {
	for {
		if asSet(err, target) {
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return false
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err == nil {
					continue
				}
				if asTree(err, target) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// Unwrap returns the result of calling the Unwrap method on err, if err's
// type contains an Unwrap method returning error.
// Otherwise, Unwrap returns nil.
func Unwrap(err error) error {
	u, ok := err.(interface {
		Unwrap() error
	})
	if !ok {
		return nil
	}
	return u.Unwrap()
}

// Join returns an error that wraps the given errors.
// Any nil error values are discarded.
// Join returns nil if every value in errs is nil.
func Join(errs ...error) error {
	n := 0
	for _, err := range errs {
		if err != nil {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	e := &joinError{
		errs: make([]error, 0, n),
	}
	for _, err := range errs {
		if err != nil {
			e.errs = append(e.errs, err)
		}
	}
	return e
}

type joinError struct {
	errs []error
}

func (e *joinError) Error() string {
	// Since Join returns nil if every value in errs is nil,
	// e.errs cannot be empty.
	if len(e.errs) == 1 {
		return e.errs[0].Error()
	}

	b := []byte(e.errs[0].Error())
	for _, err := range e.errs[1:] {
		b = append(b, '\n')
		b = append(b, err.Error()...)
	}
	// At this point, b has at least one byte '\n'.
	return string(b)
}

func (e *joinError) Unwrap() []error {
	return e.errs
}
