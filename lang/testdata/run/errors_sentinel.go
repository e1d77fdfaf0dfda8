package main

import (
	"errors"
	"fmt"
)

var ErrEmpty = fmt.Errorf("the queue is empty")
var ErrClosed = errors.New("the queue is closed")

type LimitErr struct {
	Limit int
	What  string
}

func (e *LimitErr) Error() string { return fmt.Sprintf("%d - %s", e.Limit, e.What) }

func take(n int) (int, error) {
	switch n {
	case 1:
		return 0, ErrEmpty
	case 2:
		return 0, fmt.Errorf("take(%d): %w", n, ErrClosed)
	case 3:
		return -1, &LimitErr{n, "too many"}
	}
	return n * 10, nil
}

func main() {
	for i := range 5 {
		v, err := take(i)
		var le *LimitErr
		switch {
		case err == nil:
			fmt.Println("took", v)
		case errors.Is(err, ErrEmpty):
			fmt.Println("empty:", err)
		case errors.Is(err, ErrClosed):
			fmt.Println("closed:", err)
		case errors.As(err, &le):
			fmt.Println("limit", le.Limit, le.What)
		default:
			fmt.Println("other", err)
		}
	}
}
