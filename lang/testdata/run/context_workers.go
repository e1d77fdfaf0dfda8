// The context patterns of Go's concurrency talks: workers that stop when
// their context is canceled or times out, a context of the program's own
// (whose cancellation context watches with a goroutine of its own, as
// propagateCancel does), WithoutCancel, WithDeadline in the past and
// AfterFunc's stop.
package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// myCtx is a Context of the program's own: context cannot see inside it.
type myCtx struct {
	context.Context
	done chan struct{}
}

func (c *myCtx) Done() <-chan struct{} { return c.done }
func (c *myCtx) Err() error {
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

func worker(ctx context.Context, id int, results chan<- string, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			results <- fmt.Sprint("worker ", id, " stopped: ", ctx.Err())
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 35*time.Millisecond)
	defer cancel()
	results := make(chan string, 3)
	var wg sync.WaitGroup
	for id := range 3 {
		wg.Add(1)
		go worker(ctx, id, results, &wg)
	}
	wg.Wait()
	close(results)
	n := 0
	for r := range results {
		n++
		_ = r
	}
	fmt.Println(n, "workers stopped:", ctx.Err(), errors.Is(ctx.Err(), context.DeadlineExceeded))

	mine := &myCtx{Context: context.Background(), done: make(chan struct{})}
	child, stop := context.WithCancel(mine)
	defer stop()
	close(mine.done)
	<-child.Done()
	fmt.Println("child of a custom context:", child.Err())

	parent, pcancel := context.WithCancel(context.WithValue(context.Background(), "k", 1))
	free := context.WithoutCancel(parent)
	pcancel()
	fmt.Println(parent.Err(), free.Err(), free.Value("k"), free.Done() == nil)

	past, pc := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer pc()
	fmt.Println("deadline in the past:", past.Err())

	actx, acancel := context.WithCancel(context.Background())
	stopAfter := context.AfterFunc(actx, func() { fmt.Println("not printed") })
	fmt.Println("stopped before cancel:", stopAfter(), stopAfter())
	acancel()
	time.Sleep(time.Millisecond)

	timeout, tc := context.WithTimeoutCause(context.Background(), time.Millisecond, errors.New("too slow"))
	defer tc()
	<-timeout.Done()
	fmt.Println(timeout.Err(), context.Cause(timeout))
	fmt.Println(context.TODO())
}
