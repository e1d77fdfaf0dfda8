// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// The functions of src/strings/strings.go (Go 1.26) that call back into
// the program, compiled by gmplab with it (lang/srcpkg.go), so that the
// callback sees the runes in Go's order and as many times. The rest of
// strings is hand-made (lang/libstrings.go). Simplified: Map builds its
// result with a []rune where Go uses a Builder (the same string), and the
// UTF-8 decoding of unicode/utf8 is the few lines below.

package strings

const (
	runeError = '\uFFFD' // utf8.RuneError
	runeSelf  = 0x80     // utf8.RuneSelf
	utfMax    = 4        // utf8.UTFMax
)

// FieldsFunc splits the string s at each run of Unicode code points c
// satisfying f(c) and returns an array of slices of s.
func FieldsFunc(s string, f func(rune) bool) []string {
	// A span is used to record a slice of s of the form s[start:end].
	// The start index is inclusive and the end index is exclusive.
	type span struct {
		start int
		end   int
	}
	spans := make([]span, 0, 32)

	// Find the field start and end indices.
	start := -1 // valid span start if >= 0
	for end, rune := range s {
		if f(rune) {
			if start >= 0 {
				spans = append(spans, span{start, end})
				// Set start to a negative value.
				start = ^start
			}
		} else {
			if start < 0 {
				start = end
			}
		}
	}

	// Last field might end at EOF.
	if start >= 0 {
		spans = append(spans, span{start, len(s)})
	}

	// Create strings from recorded field indices.
	a := make([]string, len(spans))
	for i, span := range spans {
		a[i] = s[span.start:span.end]
	}

	return a
}

// Map returns a copy of the string s with all its characters modified
// according to the mapping function. If mapping returns a negative value,
// the character is dropped from the string with no replacement.
func Map(mapping func(rune) rune, s string) string {
	// The output is built on demand, the first time a character differs.
	for i, c := range s {
		r := mapping(c)
		if r == c && c != runeError {
			continue
		}

		var width int
		if c == runeError {
			c, width = decodeRune(s[i:])
			if width != 1 && r == c {
				continue
			}
		} else {
			width = runeLen(c)
		}

		var b []rune
		if r >= 0 {
			b = append(b, r)
		}
		for _, c := range s[i+width:] {
			r := mapping(c)
			if r >= 0 {
				b = append(b, r)
			}
		}
		return s[:i] + string(b)
	}
	// Fast path for unchanged input
	return s
}

// TrimLeftFunc returns a slice of the string s with all leading
// Unicode code points c satisfying f(c) removed.
func TrimLeftFunc(s string, f func(rune) bool) string {
	i := indexFunc(s, f, false)
	if i == -1 {
		return ""
	}
	return s[i:]
}

// TrimRightFunc returns a slice of the string s with all trailing
// Unicode code points c satisfying f(c) removed.
func TrimRightFunc(s string, f func(rune) bool) string {
	i := lastIndexFunc(s, f, false)
	if i >= 0 && s[i] >= runeSelf {
		_, wid := decodeRune(s[i:])
		i += wid
	} else {
		i++
	}
	return s[0:i]
}

// TrimFunc returns a slice of the string s with all leading
// and trailing Unicode code points c satisfying f(c) removed.
func TrimFunc(s string, f func(rune) bool) string {
	return TrimRightFunc(TrimLeftFunc(s, f), f)
}

// IndexFunc returns the index into s of the first Unicode
// code point satisfying f(c), or -1 if none do.
func IndexFunc(s string, f func(rune) bool) int {
	return indexFunc(s, f, true)
}

// LastIndexFunc returns the index into s of the last
// Unicode code point satisfying f(c), or -1 if none do.
func LastIndexFunc(s string, f func(rune) bool) int {
	return lastIndexFunc(s, f, true)
}

// ContainsFunc reports whether any Unicode code points c within s satisfy f(c).
func ContainsFunc(s string, f func(rune) bool) bool {
	return IndexFunc(s, f) >= 0
}

// indexFunc is the same as IndexFunc except that if
// truth==false, the sense of the predicate function is
// inverted.
func indexFunc(s string, f func(rune) bool, truth bool) int {
	for i, r := range s {
		if f(r) == truth {
			return i
		}
	}
	return -1
}

// lastIndexFunc is the same as LastIndexFunc except that if
// truth==false, the sense of the predicate function is
// inverted.
func lastIndexFunc(s string, f func(rune) bool, truth bool) int {
	for i := len(s); i > 0; {
		r, size := decodeLastRune(s[0:i])
		i -= size
		if f(r) == truth {
			return i
		}
	}
	return -1
}

// decodeRune is utf8.DecodeRuneInString: the first rune of s and its
// width ((RuneError, 1) for an invalid encoding, (RuneError, 0) for "").
func decodeRune(s string) (rune, int) {
	for _, r := range s {
		for i := range s {
			if i > 0 {
				return r, i
			}
		}
		return r, len(s)
	}
	return runeError, 0
}

// decodeLastRune is utf8.DecodeLastRuneInString.
func decodeLastRune(s string) (rune, int) {
	end := len(s)
	if end == 0 {
		return runeError, 0
	}
	start := end - 1
	r := rune(s[start])
	if r < runeSelf {
		return r, 1
	}
	// guard against O(n^2) behavior when traversing
	// backwards through strings with long sequences of
	// invalid UTF-8.
	lim := end - utfMax
	if lim < 0 {
		lim = 0
	}
	for start--; start >= lim; start-- {
		if s[start]&0xC0 != 0x80 { // utf8.RuneStart
			break
		}
	}
	if start < 0 {
		start = 0
	}
	r, size := decodeRune(s[start:end])
	if start+size != end {
		return runeError, 1
	}
	return r, size
}

// runeLen is utf8.RuneLen for a valid rune.
func runeLen(r rune) int {
	switch {
	case r < 0x80:
		return 1
	case r < 0x800:
		return 2
	case r < 0x10000:
		return 3
	}
	return 4
}
