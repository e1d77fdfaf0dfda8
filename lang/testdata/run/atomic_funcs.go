package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type stats struct {
	hits  uint64
	fails int32
}

func main() {
	var ops uint64
	var n32 int32
	var u32 uint32 = 10
	var i64 int64
	st := &stats{}
	arr := []int64{0, 0, 0}
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				atomic.AddUint64(&ops, 1)
				atomic.AddInt32(&n32, -1)
				atomic.AddUint64(&st.hits, 2)
				atomic.AddInt64(&arr[1], 3)
			}
		}()
	}
	wg.Wait()
	fmt.Println(atomic.LoadUint64(&ops), atomic.LoadInt32(&n32), atomic.LoadUint64(&st.hits), atomic.LoadInt64(&arr[1]))

	fmt.Println(atomic.AddUint32(&u32, ^uint32(0))) // decrement: 9
	fmt.Println(atomic.AddUint32(&u32, ^uint32(9))) // wraps to 4294967295
	fmt.Println(atomic.AddInt32(&n32, -2147483648+2000))
	atomic.StoreInt64(&i64, 42)
	fmt.Println(atomic.SwapInt64(&i64, 7), atomic.LoadInt64(&i64))
	fmt.Println(atomic.CompareAndSwapInt64(&i64, 6, 8), atomic.CompareAndSwapInt64(&i64, 7, 8), i64)
	atomic.StoreInt32(&st.fails, 5)
	fmt.Println(atomic.SwapInt32(&st.fails, 6), st.fails)
	atomic.StoreUint32(&u32, 0xF0)
	fmt.Println(atomic.AndUint32(&u32, 0x3C), atomic.OrUint32(&u32, 0x01), atomic.LoadUint32(&u32))
	fmt.Println(atomic.CompareAndSwapUint32(&u32, 0x31, 1), atomic.SwapUint32(&u32, 3), u32)
	var u64 uint64 = 1 << 63
	fmt.Println(atomic.AddUint64(&u64, 1<<63), atomic.CompareAndSwapUint64(&u64, 0, 9), atomic.SwapUint64(&u64, 1), atomic.LoadUint64(&u64))
	atomic.StoreUint64(&u64, 77)
	fmt.Println(atomic.OrInt64(&i64, 3), atomic.AndInt64(&i64, 2), i64, u64)

	var a32 atomic.Uint32
	a32.Store(0xF0)
	fmt.Println(a32.And(0x3C), a32.Or(0x101), a32.Load())
	var a64 atomic.Int64
	fmt.Println(a64.Or(-8), a64.And(12), a64.Load())

	var p *int64
	defer func() { fmt.Println("recovered:", recover()) }()
	atomic.AddInt64(p, 1)
}
