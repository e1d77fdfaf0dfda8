// Copyright 2024 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package fips140 as gmplab declares it: the FIPS 140-3 module's service
// indicator, which the hashes compiled from Go's source report to, and
// which a standard build (GODEBUG fips140 off) never reads.
package fips140

// RecordApproved records that an approved service ran (a no-op).
func RecordApproved() {}

// RecordNonApproved records that a non-approved service ran (a no-op).
func RecordNonApproved() {}
