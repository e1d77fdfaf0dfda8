//go:build ignore

// crypto/sha256 from Go's own source (lang/ssasrc/crypto: the generic
// block function, as a purego build runs), in the reduced form of Go by
// Example's sha256-hashes, with Sum256, Sum224, a Hash written in pieces
// (more than a block, across block boundaries), Reset and the hash.Hash
// interface.
package main

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"strings"
)

func main() {
	s := "sha256 this string"
	h := sha256.New()
	h.Write([]byte(s))
	bs := h.Sum(nil)
	fmt.Println(s)
	fmt.Printf("%x\n", bs)
	fmt.Printf("%x\n", sha256.Sum256([]byte("")))
	fmt.Printf("%x\n", sha256.Sum224([]byte("abc")))
	long := strings.Repeat("0123456789", 30)
	var hh hash.Hash = sha256.New()
	for i := 0; i < len(long); i += 7 {
		hh.Write([]byte(long[i:min(i+7, len(long))]))
	}
	fmt.Printf("%x %v\n", hh.Sum(nil), hh.Sum(nil)[0] == sha256.Sum256([]byte(long))[0])
	hh.Reset()
	fmt.Printf("%x %d %d\n", hh.Sum([]byte("prefix")), hh.Size(), hh.BlockSize())
}
