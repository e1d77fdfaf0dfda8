// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package runtime as gmplab declares it: the calls into the simulated
// runtime (package github.com/gmplab/gmplab/runtime).
package runtime

func GC()

func GOMAXPROCS(n int) int

func Goexit()

func Gosched()

func KeepAlive(x any)

func LockOSThread()

func NumCPU() int

func NumGoroutine() int

func UnlockOSThread()

// Caller reports the file and line of the call in the function skip
// frames above the caller of Caller (vm/host_caller.go).
func Caller(skip int) (pc uintptr, file string, line int, ok bool)

// A MemStats records statistics about the memory allocator, as the
// simulated runtime's model of the heap gives them (runtime/readmemstats.go
// says which fields it fills and how; docs/assumptions.md).
type MemStats struct {
	Alloc         uint64
	TotalAlloc    uint64
	Sys           uint64
	Lookups       uint64
	Mallocs       uint64
	Frees         uint64
	HeapAlloc     uint64
	HeapSys       uint64
	HeapIdle      uint64
	HeapInuse     uint64
	HeapReleased  uint64
	HeapObjects   uint64
	StackInuse    uint64
	StackSys      uint64
	MSpanInuse    uint64
	MSpanSys      uint64
	MCacheInuse   uint64
	MCacheSys     uint64
	BuckHashSys   uint64
	GCSys         uint64
	OtherSys      uint64
	NextGC        uint64
	LastGC        uint64
	PauseTotalNs  uint64
	PauseNs       [256]uint64
	PauseEnd      [256]uint64
	NumGC         uint32
	NumForcedGC   uint32
	GCCPUFraction float64
	EnableGC      bool
	DebugGC       bool
	BySize        [61]struct {
		Size    uint32
		Mallocs uint64
		Frees   uint64
	}
}

// ReadMemStats populates m with memory allocator statistics.
func ReadMemStats(m *MemStats) {
	readMemStats()
	*m = MemStats{}
	m.Alloc = memStat("Alloc", 0)
	m.TotalAlloc = memStat("TotalAlloc", 0)
	m.Sys = memStat("Sys", 0)
	m.Mallocs = memStat("Mallocs", 0)
	m.Frees = memStat("Frees", 0)
	m.HeapAlloc = memStat("HeapAlloc", 0)
	m.HeapSys = memStat("HeapSys", 0)
	m.HeapInuse = memStat("HeapInuse", 0)
	m.HeapObjects = memStat("HeapObjects", 0)
	m.StackInuse = memStat("StackInuse", 0)
	m.StackSys = memStat("StackSys", 0)
	m.NextGC = memStat("NextGC", 0)
	m.LastGC = memStat("LastGC", 0)
	m.PauseTotalNs = memStat("PauseTotalNs", 0)
	m.NumGC = uint32(memStat("NumGC", 0))
	m.NumForcedGC = uint32(memStat("NumForcedGC", 0))
	m.GCCPUFraction = memStatFloat("GCCPUFraction", 0)
	m.EnableGC = memStat("EnableGC", 0) != 0
	// The last min(NumGC, 256) cycles' pauses, a circular buffer as Go's.
	for i := 0; i < int(m.NumGC) && i < 256; i++ {
		j := (int(m.NumGC) - 1 - i) % 256
		m.PauseNs[j] = memStat("PauseNs", j)
		m.PauseEnd[j] = memStat("PauseEnd", j)
	}
}

// readMemStats is what Go's ReadMemStats does before it copies the
// statistics (stopTheWorld, readmemstats_m, startTheWorld), as the
// simulated runtime charges it (vm.RtReadMemStats: its CPU time, with no
// stop of the other Ps).
func readMemStats()

// memStat is MemStats' field name (element i of PauseNs or PauseEnd) as the
// simulated runtime computes it (vm.RtMemStat).
func memStat(field string, i int) uint64

// memStatFloat is a float64 field (the same operation: a Value holds a
// float64's bits).
func memStatFloat(field string, i int) float64
