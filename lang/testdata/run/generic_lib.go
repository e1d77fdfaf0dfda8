// Library generics used from the program's own generics: the type
// arguments of slices.SortStableFunc and sync.OnceValue are the program's
// type parameters, substituted per instantiation; and an explicit
// instantiation of a library function as a value.
package main

import (
	"fmt"
	"slices"
	"sync"
)

func sortBy[T any, K int | string](s []T, key func(T) K) []T {
	slices.SortStableFunc(s, func(a, b T) int {
		ka, kb := key(a), key(b)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	return s
}

type box[T any] struct{ get func() T }

func lazy[T any](f func() T) box[T] { return box[T]{sync.OnceValue(f)} }

func main() {
	fmt.Println(sortBy([]string{"ccc", "a", "bb", "d"}, func(s string) int { return len(s) }))
	fmt.Println(sortBy([]int{5, 3, 9}, func(i int) string { return fmt.Sprint(i) }))
	b := lazy(func() []string { fmt.Println("once"); return []string{"x"} })
	fmt.Println(b.get(), b.get())
	idx := slices.IndexFunc[[]int]
	fmt.Println(idx([]int{1, 2, 3}, func(v int) bool { return v > 1 }))
}
