package main

// golang.org/x/sync/errgroup, compiled from its source (lang/ssasrc):
// Wait returns the first error, WithContext cancels the others, SetLimit
// bounds the goroutines and TryGo refuses past it.

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"
)

func main() {
	var g errgroup.Group
	results := make([]int, 5)
	for i := range results {
		g.Go(func() error {
			time.Sleep(time.Duration(5-i) * time.Millisecond)
			results[i] = i * i
			return nil
		})
	}
	fmt.Println(g.Wait(), results)

	g2, ctx := errgroup.WithContext(context.Background())
	g2.Go(func() error {
		time.Sleep(2 * time.Millisecond)
		return errors.New("first failure")
	})
	g2.Go(func() error {
		select {
		case <-ctx.Done():
			return fmt.Errorf("canceled: %w", context.Cause(ctx))
		case <-time.After(time.Second):
			return nil
		}
	})
	fmt.Println(g2.Wait(), ctx.Err())

	var g3 errgroup.Group
	g3.SetLimit(2)
	var running, peak atomic.Int32
	for i := 0; i < 6; i++ {
		g3.Go(func() error {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			time.Sleep(time.Millisecond)
			running.Add(-1)
			return nil
		})
	}
	fmt.Println(g3.TryGo(func() error { return nil }))
	fmt.Println(g3.Wait(), peak.Load())
}
