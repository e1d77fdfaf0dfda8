package view

import (
	"bufio"
	"io"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// benchSrc is a steady run: 64 goroutines on 4 Ps passing values through
// a channel, yielding and sleeping, so that every common kind of event
// (execute, gopark, goready, runqput, runqget, steals, timers, goschedImpl)
// comes with its why sentence, and the machine does not grow.
const benchSrc = `package main

import (
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	ch := make(chan int)
	for w := 0; w < 64; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 500; i++ {
				ch <- i
				if i%10 == 0 {
					runtime.Gosched()
				}
				if i%50 == 0 {
					time.Sleep(time.Microsecond)
				}
			}
		}()
	}
	for i := 0; i < 64*500; i++ {
		<-ch
	}
	wg.Wait()
}
`

func benchMachine(b *testing.B) *runtime.Machine {
	b.Helper()
	prog, err := lang.Compile("bench.go", []byte(benchSrc))
	if err != nil {
		b.Fatal(err)
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Why: true})
	if err != nil {
		b.Fatal(err)
	}
	return mc
}

// BenchmarkTextOutput is `gmplab run --format text > /dev/null`: the engine
// making events with their why sentences and the text lines written through
// a buffer to a discarding writer. It reports events per second of the
// whole pipeline (issue 7's target: 2 million or more).
func BenchmarkTextOutput(b *testing.B) {
	var events int64
	for b.Loop() {
		mc := benchMachine(b)
		out := bufio.NewWriterSize(io.Discard, 64<<10)
		var buf []byte
		mc.Run(func(ev *runtime.Event) {
			buf = Text{}.Append(buf[:0], *ev)
			buf = append(buf, '\n')
			out.Write(buf)
			events++
		})
		out.Flush()
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkTextFormat is the formatting alone, on the same run's events.
func BenchmarkTextFormat(b *testing.B) {
	mc := benchMachine(b)
	var evs []runtime.Event
	mc.Run(func(ev *runtime.Event) { evs = append(evs, *ev) })
	out := bufio.NewWriterSize(io.Discard, 64<<10)
	var buf []byte
	var events int64
	for b.Loop() {
		for i := range evs {
			buf = Text{}.Append(buf[:0], evs[i])
			buf = append(buf, '\n')
			out.Write(buf)
		}
		events += int64(len(evs))
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkJSONFormat is the JSON form alone (--format json's lines), on
// the same run's events as BenchmarkTextFormat, for comparison.
func BenchmarkJSONFormat(b *testing.B) {
	mc := benchMachine(b)
	var evs []runtime.Event
	mc.Run(func(ev *runtime.Event) { evs = append(evs, *ev) })
	out := bufio.NewWriterSize(io.Discard, 64<<10)
	var events int64
	for b.Loop() {
		for i := range evs {
			WriteEventJSON(out, evs[i])
		}
		events += int64(len(evs))
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkEngineWhy is the engine alone with why sentences on, for
// comparison.
func BenchmarkEngineWhy(b *testing.B) {
	var events int64
	for b.Loop() {
		mc := benchMachine(b)
		mc.Run(nil)
		events += mc.Stats().Events
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
