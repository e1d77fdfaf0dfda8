//go:build ignore

// The error interface: errors.New (sentinels compared by identity),
// fmt.Errorf, custom error types with value and pointer receivers,
// errors returned, stored, sent on channels, compared with nil, printed
// with Println, %v and %s, and err.Error().
package main

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("not found")

type ParseError struct {
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

func find(m map[string]int, k string) (int, error) {
	v, ok := m[k]
	if !ok {
		return 0, ErrNotFound
	}
	return v, nil
}

func parse(s string) error {
	if s == "" {
		return &ParseError{Line: 3, Msg: "empty"}
	}
	if len(s) > 5 {
		return Code(len(s))
	}
	return nil
}

func check(n int) (err error) {
	if n < 0 {
		err = fmt.Errorf("negative: %d (%w)", n, ErrNotFound)
	}
	return
}

func main() {
	m := map[string]int{"a": 1}
	if _, err := find(m, "b"); err != nil {
		fmt.Println("error:", err, err == ErrNotFound, err != nil)
	}
	v, err := find(m, "a")
	fmt.Println(v, err, err == nil)

	for _, s := range []string{"", "toolongstring", "ok"} {
		err := parse(s)
		fmt.Printf("%q -> %v|%s\n", s, err, err)
	}
	e1 := check(-2)
	fmt.Println(e1.Error(), check(1) == nil, e1 == ErrNotFound)
	fmt.Println(errors.New("x") == errors.New("x"))

	errs := make(chan error, 3)
	for i := 0; i < 3; i++ {
		go func() {
			if i == 1 {
				errs <- Code(i)
				return
			}
			errs <- nil
		}()
	}
	count := 0
	for i := 0; i < 3; i++ {
		if err := <-errs; err != nil {
			count++
			fmt.Println("got", err)
		}
	}
	fmt.Println(count)
	var all []error
	all = append(all, ErrNotFound, &ParseError{1, "x"})
	fmt.Println(len(all), all[1])
}
