package vm

import (
	"math"
	"testing"
	"time"
)

// callHost runs host function name on args, as OpHost would.
func callHost(t *testing.T, name string, args ...Value) ([]Value, string) {
	t.Helper()
	i, pop, push, ok := Host(name)
	if !ok || pop != len(args) {
		t.Fatalf("host %s: ok=%v pop=%d, called with %d", name, ok, pop, len(args))
	}
	res := make([]Value, push)
	msg := hostTable[i].Fn(nil, 0, args, res)
	return res, msg
}

// The clock starts at the playground's instant; Now's result has a
// monotonic reading printed as m=+<virtual time + 1ns> (time/time.go:
// startNano = runtimeNano() - 1; format.go: Time.String).
func TestTimeNowString(t *testing.T) {
	if got, want := TimeString(MonoTime(0)), "2009-11-10 23:00:00 +0000 UTC m=+0.000000001"; got != want {
		t.Errorf("Now at the start = %q, want %q", got, want)
	}
	if got, want := TimeString(MonoTime(1500*int64(time.Millisecond))), "2009-11-10 23:00:01.5 +0000 UTC m=+1.500000001"; got != want {
		t.Errorf("Now at 1.5s = %q, want %q", got, want)
	}
	if got := TimeString(Value{}); got != "0001-01-01 00:00:00 +0000 UTC" {
		t.Errorf("zero Time = %q", got)
	}
}

// Go's == on Times compares the wall time and the monotonic reading's
// presence: Now() != the same instant from time.Unix; the zero value is
// the zero Time, distinct from the epoch.
func TestTimeEncodingEquality(t *testing.T) {
	u, _ := callHost(t, "time.Unix", Value{I: EpochUnix}, Value{})
	if u[0] == MonoTime(0) || u[0] == (Value{}) {
		t.Errorf("time.Unix(epoch) encodes as %v: equal to Now() or to the zero Time", u[0])
	}
	later, _ := callHost(t, "time.Time.Add", MonoTime(0), Value{I: int64(time.Second)})
	if later[0] != MonoTime(int64(time.Second)) {
		t.Errorf("Add keeps the monotonic reading: got %v", later[0])
	}
	r, _ := callHost(t, "time.Time.Round", MonoTime(0), Value{I: int64(time.Second)})
	if r[0] != u[0] {
		t.Errorf("Round strips the monotonic reading: got %v, want %v", r[0], u[0])
	}
	_, msg := callHost(t, "time.Date", Value{I: 1500}, Value{I: 1}, Value{I: 1}, Value{}, Value{}, Value{}, Value{}, Value{I: 1})
	if msg == "" {
		t.Errorf("a time out of the encodable range made no panic")
	}
}

// Duration's float methods return float64 bits (the VM's float
// representation).
func TestDurationFloatMethods(t *testing.T) {
	d := Value{I: int64(90 * time.Minute)}
	for name, want := range map[string]float64{"time.Duration.Hours": 1.5, "time.Duration.Minutes": 90, "time.Duration.Seconds": 5400} {
		r, _ := callHost(t, name, d)
		if got := math.Float64frombits(uint64(r[0].I)); got != want {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
}
