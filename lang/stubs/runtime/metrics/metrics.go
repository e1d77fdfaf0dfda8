// Copyright 2020 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package metrics as gmplab declares it: Read of the samples the
// simulated runtime's model gives (runtime/readmemstats.go lists them: the
// gc layer's cycles, heap and goal, the scheduler's goroutines by state,
// GOMAXPROCS and threads); any other name reads as KindBad, as Go's Read
// does for a name it does not know. Histograms are not offered.
package metrics

import "math"

// ValueKind is a tag for a metric Value which indicates its type.
type ValueKind int

const (
	// KindBad indicates that the Value has no type and should not be used.
	KindBad ValueKind = iota

	// KindUint64 indicates that the type of the Value is a uint64.
	KindUint64

	// KindFloat64 indicates that the type of the Value is a float64.
	KindFloat64

	// KindFloat64Histogram indicates that the type of the Value is a *Float64Histogram.
	KindFloat64Histogram
)

// Value represents a metric value returned by the runtime.
type Value struct {
	kind   ValueKind
	scalar uint64
}

// Kind returns the tag representing the kind of value this is.
func (v Value) Kind() ValueKind {
	return v.kind
}

// Uint64 returns the internal uint64 value for the metric.
//
// If v.Kind() != KindUint64, this method panics.
func (v Value) Uint64() uint64 {
	if v.kind != KindUint64 {
		panic("called Uint64 on non-uint64 metric value")
	}
	return v.scalar
}

// Float64 returns the internal float64 value for the metric.
//
// If v.Kind() != KindFloat64, this method panics.
func (v Value) Float64() float64 {
	if v.kind != KindFloat64 {
		panic("called Float64 on non-float64 metric value")
	}
	return math.Float64frombits(v.scalar)
}

// Sample captures a single metric sample.
type Sample struct {
	// Name is the name of the metric sampled.
	Name string

	// Value is the metric sample's value.
	Value Value
}

// Read populates each Value field in the given slice of metric samples.
func Read(m []Sample) {
	metricsRead()
	for i := range m {
		kind, v := readMetric(m[i].Name)
		m[i].Value = Value{kind: ValueKind(kind), scalar: v}
	}
}

// metricsRead is Read's own work (metricsLock, the aggregation of the
// statistics), as the simulated runtime charges it (vm.RtMetricsRead).
func metricsRead()

// readMetric is the sample of name as the simulated runtime computes it
// (vm.RtMetric).
func readMetric(name string) (kind int, v uint64)
