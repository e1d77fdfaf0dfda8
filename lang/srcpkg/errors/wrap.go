// Copyright 2018 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// errors.Is, errors.As and errors.AsType walk an error's tree as
// src/errors/wrap.go of Go 1.26 does: this is its code, with reflectlite
// replaced where the program cannot use it. Is asks the bodyless
// targetComparable (lang/lib_errors.go) whether the target's dynamic type
// is comparable. As is hand-made (lang/lib_errors.go): the front end knows
// the target's static type *T, so it checks what As checks with
// reflectlite (a pointer, to an interface or to an error type) and calls
// asPointer[T], whose walk assigns with a type assertion to T where the
// real one asks reflectlite whether the error's type is assignable to T
// (the same test: identical for a concrete T, implements for an
// interface). A target As rejects whatever its pointer's type calls
// asInvalid.

package errors

// Is reports whether any error in err's tree matches target.
//
// The tree consists of err itself, followed by the errors obtained by repeatedly
// calling its Unwrap() error or Unwrap() []error method. When err wraps multiple
// errors, Is examines err followed by a depth-first traversal of its children.
//
// An error is considered to match a target if it is equal to that target or if
// it implements a method Is(error) bool such that Is(target) returns true.
func Is(err, target error) bool {
	if err == nil || target == nil {
		return err == target
	}

	isComparable := targetComparable(target)
	return is(err, target, isComparable)
}

// targetComparable is reflectlite.TypeOf(target).Comparable().
func targetComparable(target error) bool

func is(err, target error, targetComparable bool) bool {
	for {
		if targetComparable && err == target {
			return true
		}
		if x, ok := err.(interface{ Is(error) bool }); ok && x.Is(target) {
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
				if is(err, target, targetComparable) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// asPointer is As(err, target) for a target p of type *T, T an interface
// or an error type.
func asPointer[T any](err error, target any, p *T) bool {
	if err == nil {
		return false
	}
	if p == nil {
		panic("errors: target must be a non-nil pointer")
	}
	return as(err, target, p)
}

// asInvalid is As(err, target) for a target As rejects with panic msg.
func asInvalid(err error, msg string) bool {
	if err == nil {
		return false
	}
	panic(msg)
}

func as[T any](err error, target any, p *T) bool {
	for {
		if e, ok := err.(T); ok {
			*p = e
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
				if as(err, target, p) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
}

// AsType finds the first error in err's tree that matches the type E, and
// if one is found, returns that error value and true. Otherwise, it
// returns the zero value of E and false.
//
// The tree consists of err itself, followed by the errors obtained by
// repeatedly calling its Unwrap() error or Unwrap() []error method. When
// err wraps multiple errors, AsType examines err followed by a
// depth-first traversal of its children.
//
// An error err matches the type E if the type assertion err.(E) holds,
// or if the error has a method As(any) bool such that err.As(target)
// returns true when target is a non-nil *E. In the latter case, the As
// method is responsible for setting target.
func AsType[E error](err error) (E, bool) {
	if err == nil {
		var zero E
		return zero, false
	}
	var pe *E // lazily initialized
	return asType(err, &pe)
}

func asType[E error](err error, ppe **E) (_ E, _ bool) {
	for {
		if e, ok := err.(E); ok {
			return e, true
		}
		if x, ok := err.(interface{ As(any) bool }); ok {
			if *ppe == nil {
				*ppe = new(E)
			}
			if x.As(*ppe) {
				return **ppe, true
			}
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
			if err == nil {
				return
			}
		case interface{ Unwrap() []error }:
			for _, err := range x.Unwrap() {
				if err == nil {
					continue
				}
				if x, ok := asType(err, ppe); ok {
					return x, true
				}
			}
			return
		default:
			return
		}
	}
}
