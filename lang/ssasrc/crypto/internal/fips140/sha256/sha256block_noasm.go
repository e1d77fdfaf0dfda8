// Copyright 2016 The Go Authors. All rights reserved. This file is src/crypto/internal/fips140/sha256/sha256block_noasm.go of Go 1.26 with its build constraint replaced: gmplab runs the generic block function (sha256block.go), as a purego build does, where amd64 runs assembly.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

package sha256

func block(dig *Digest, p []byte) {
	blockGeneric(dig, p)
}
