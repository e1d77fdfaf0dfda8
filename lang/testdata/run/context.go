// context, compiled from Go's source: cancellation down a tree, causes,
// values, deadlines on the virtual clock (time.AfterFunc) and AfterFunc.
package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

type key string

func main() {
	bg := context.Background()
	fmt.Println(bg, context.TODO())
	ctx, cancel := context.WithCancel(bg)
	fmt.Println(ctx.Err())
	child, ccancel := context.WithCancel(ctx)
	defer ccancel()
	done := make(chan bool)
	go func() {
		<-child.Done()
		fmt.Println("child done:", child.Err())
		done <- true
	}()
	cancel()
	<-done
	fmt.Println(ctx.Err(), errors.Is(ctx.Err(), context.Canceled))

	tctx, tcancel := context.WithTimeout(bg, 50*time.Millisecond)
	defer tcancel()
	select {
	case <-tctx.Done():
		fmt.Println("timeout:", tctx.Err(), context.Cause(tctx))
	case <-time.After(time.Second):
		fmt.Println("no timeout")
	}
	d, ok := tctx.Deadline()
	fmt.Println(ok, d.Sub(time.Now()) < 0)

	cctx, ccause := context.WithCancelCause(bg)
	ccause(errors.New("my cause"))
	fmt.Println(cctx.Err(), context.Cause(cctx))

	vctx := context.WithValue(bg, key("user"), "gopher")
	fmt.Println(vctx.Value(key("user")), vctx.Value(key("x")), vctx)

	actx, acancel := context.WithCancel(bg)
	stop := context.AfterFunc(actx, func() { fmt.Println("after func ran"); done <- true })
	acancel()
	<-done
	fmt.Println(stop())
}
