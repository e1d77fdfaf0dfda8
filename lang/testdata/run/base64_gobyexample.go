//go:build ignore

// encoding/base64 from Go's own source (lang/ssasrc/encoding/base64), in
// the reduced form of Go by Example's base64-encoding, with the raw and
// URL encodings, a corrupt input's error and the streaming encoder.
package main

import (
	b64 "encoding/base64"
	"fmt"
	"strings"
)

func main() {
	data := "abc123!?$*&()'-=@~"
	sEnc := b64.StdEncoding.EncodeToString([]byte(data))
	fmt.Println(sEnc)
	sDec, _ := b64.StdEncoding.DecodeString(sEnc)
	fmt.Println(string(sDec))
	uEnc := b64.URLEncoding.EncodeToString([]byte(data))
	fmt.Println(uEnc)
	uDec, _ := b64.URLEncoding.DecodeString(uEnc)
	fmt.Println(string(uDec), b64.RawStdEncoding.EncodeToString([]byte("ab")), b64.StdEncoding.EncodedLen(10))
	_, err := b64.StdEncoding.DecodeString("YWJj!")
	fmt.Println(err)
	var b strings.Builder
	w := b64.NewEncoder(b64.StdEncoding, &b)
	for i := 0; i < 5; i++ {
		fmt.Fprintf(w, "line %d;", i)
	}
	w.Close()
	fmt.Println(b.String())
	dec, err := b64.StdEncoding.Strict().DecodeString(b.String())
	fmt.Println(string(dec), err)
}
