package cli

import "testing"

// runtime1.go: parsegodebug at start-up: key=value fields left to right, a
// later one overriding an earlier one, a value that is not a 32-bit integer
// ignored; debug.asyncpreemptoff != 0 turns the signal off.
func TestGodebugAsyncPreemptOff(t *testing.T) {
	for v, want := range map[string]bool{
		"":                                    false,
		"asyncpreemptoff=1":                   true,
		"asyncpreemptoff=2":                   true,
		"asyncpreemptoff=0":                   false,
		"schedtrace=1000,asyncpreemptoff=1":   true,
		"asyncpreemptoff=1,asyncpreemptoff=0": false,
		"asyncpreemptoff=1,asyncpreemptoff=x": true,
		"asyncpreemptoff":                     false,
		"xasyncpreemptoff=1":                  false,
	} {
		withGodebug(t, v)
		if got := asyncPreemptOff(); got != want {
			t.Errorf("GODEBUG=%q: asyncpreemptoff %v, want %v", v, got, want)
		}
	}
}
