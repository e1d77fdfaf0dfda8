package main

import (
	"errors"
	"fmt"
)

type T struct{ A int }

func (t T) String() string { return fmt.Sprintf("T%d", t.A) }

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int, int64:
		return fmt.Sprintf("integer %v", x)
	case string:
		return "string of " + fmt.Sprint(len(x))
	case error:
		return "error: " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	case []int:
		return fmt.Sprint("slice ", len(x))
	case bool:
		if x {
			return "yes"
		}
		return "no"
	default:
		return fmt.Sprintf("other %T", x)
	}
}

func main() {
	for _, v := range []any{nil, 1, int64(2), "abc", errors.New("e"), T{7}, []int{1, 2}, true, false, map[string]int{}, &T{1}} {
		fmt.Println(classify(v))
	}
	var v any = 5
	switch v.(type) {
	case string:
		fmt.Println("string")
	default:
		fmt.Println("default")
	}
}
