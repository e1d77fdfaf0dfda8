package main

import (
	"fmt"
	"os"
	"strconv"
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	var g errgroup.Group
	g.SetLimit(4)
	var sum atomic.Int64
	for i := 0; i < n; i++ {
		g.Go(func() error {
			sum.Add(int64(i))
			return nil
		})
	}
	fmt.Println(g.Wait(), sum.Load())
}
