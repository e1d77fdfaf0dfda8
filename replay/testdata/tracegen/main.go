// Command tracegen runs one of the small programs whose execution traces
// the replay's tests read, with runtime/trace on:
//
//	tracegen PROGRAM OUT.trace [N]
//
// Each program's goroutines all begin in a function of package main, so a
// test can count them in the trace whatever the runtime adds (the trace's
// own reader goroutines, the GC's workers).
package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"runtime"
	"runtime/trace"
	"strconv"
	"sync"
	"syscall"
	"time"
)

var programs = map[string]func(n int){
	"workerpool": workerPool,
	"syscalls":   syscalls,
	"gcheavy":    gcHeavy,
	"pingpong":   pingPong,
	"annotated":  annotated,
	"big":        nil, // pingpong until the trace has n MB (main)
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: tracegen PROGRAM OUT.trace [N]")
		os.Exit(2)
	}
	name, out := os.Args[1], os.Args[2]
	n := 0
	if len(os.Args) > 3 {
		n, _ = strconv.Atoi(os.Args[3])
	}
	f, err := os.Create(out)
	if err != nil {
		fatal(err)
	}
	switch name {
	case "flightrecorder":
		flightRecorder(f, n)
	case "big":
		big(f, int64(n)<<20)
	default:
		run, ok := programs[name]
		if !ok {
			fatal(fmt.Errorf("no program %q", name))
		}
		if err := trace.Start(f); err != nil {
			fatal(err)
		}
		run(n)
		trace.Stop()
	}
	if err := f.Close(); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "tracegen:", err)
	os.Exit(1)
}

// workerPool: n workers (default 8) take 200 jobs from a channel and send
// results back; main collects them.
func workerPool(n int) {
	if n <= 0 {
		n = 8
	}
	jobs := make(chan int)
	results := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}
	go func() {
		for i := 0; i < 200; i++ {
			jobs <- i
		}
		close(jobs)
	}()
	go func() { wg.Wait(); close(results) }()
	sum := 0
	for r := range results {
		sum += r
	}
	if sum == 0 {
		fmt.Println("no work done")
	}
}

func worker(jobs <-chan int, results chan<- int, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		x := 0
		for i := 0; i < 20000; i++ {
			x += i ^ j
		}
		results <- x
	}
}

// syscalls: n goroutines (default 4) each make 50 blocking system calls
// (reading a pipe that another goroutine writes after a pause).
func syscalls(n int) {
	if n <= 0 {
		n = 4
	}
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var p [2]int
			if err := syscall.Pipe(p[:]); err != nil {
				fatal(err)
			}
			done := make(chan bool)
			go pipeWriter(p[1], done)
			buf := make([]byte, 1)
			for k := 0; k < 50; k++ {
				if _, err := syscall.Read(p[0], buf); err != nil {
					fatal(err)
				}
			}
			<-done
			syscall.Close(p[0])
		}()
	}
	wg.Wait()
}

func pipeWriter(fd int, done chan bool) {
	for k := 0; k < 50; k++ {
		time.Sleep(50 * time.Microsecond)
		syscall.Write(fd, []byte{1})
	}
	syscall.Close(fd)
	done <- true
}

// gcHeavy: n goroutines (default 4) allocate until the GC has run at
// least three times.
var sink [][]byte
var sinkMu sync.Mutex

func gcHeavy(n int) {
	if n <= 0 {
		n = 4
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	start := ms.NumGC
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 2000; k++ {
				b := make([]byte, 64<<10)
				sinkMu.Lock()
				sink = append(sink, b)
				if len(sink) > 64 {
					sink = sink[1:]
				}
				sinkMu.Unlock()
			}
		}()
	}
	wg.Wait()
	for {
		runtime.ReadMemStats(&ms)
		if ms.NumGC-start >= 3 {
			break
		}
		runtime.GC()
	}
}

// pingPong: two goroutines pass a value back and forth n times (default
// 1000).
func pingPong(n int) {
	if n <= 0 {
		n = 1000
	}
	a, b := make(chan int), make(chan int)
	done := make(chan bool)
	go func() {
		for v := range a {
			b <- v + 1
		}
		close(b)
	}()
	go func() {
		for i := 0; i < n; i++ {
			a <- i
			<-b
		}
		close(a)
		done <- true
	}()
	<-done
}

// annotated: a task with regions and logs, in n goroutines (default 3).
func annotated(n int) {
	if n <= 0 {
		n = 3
	}
	ctx, task := trace.NewTask(context.Background(), "batch")
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			trace.WithRegion(ctx, "work", func() {
				trace.Log(ctx, "item", strconv.Itoa(i))
				time.Sleep(100 * time.Microsecond)
			})
		}()
	}
	wg.Wait()
	task.End()
}

// flightRecorder: a flight recorder runs while a worker pool runs twice,
// and its snapshot (the last second or so, as Go 1.25's
// trace.FlightRecorder keeps it) is written to w.
func flightRecorder(w *os.File, n int) {
	fr := trace.NewFlightRecorder(trace.FlightRecorderConfig{MinAge: time.Second})
	if err := fr.Start(); err != nil {
		fatal(err)
	}
	workerPool(n)
	time.Sleep(20 * time.Millisecond)
	workerPool(n)
	var buf bytes.Buffer
	if _, err := fr.WriteTo(&buf); err != nil {
		fatal(err)
	}
	fr.Stop()
	if _, err := w.Write(buf.Bytes()); err != nil {
		fatal(err)
	}
}

// big: ping-pong in 8 pairs until the trace file holds size bytes.
func big(f *os.File, size int64) {
	if err := trace.Start(f); err != nil {
		fatal(err)
	}
	for {
		var wg sync.WaitGroup
		for w := 0; w < 8; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				pingPong(20000)
			}()
		}
		wg.Wait()
		if fi, err := f.Stat(); err != nil || fi.Size() >= size {
			break
		}
	}
	trace.Stop()
}
