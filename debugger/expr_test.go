package debugger

import (
	"strings"
	"testing"
)

// Expressions are Go syntax parsed by go/parser (as Delve's eval.go
// does), with numbers that may carry a unit of time; they print as typed.
func TestParseExprGoSyntax(t *testing.T) {
	for _, c := range []struct{ src, str string }{
		{"p0.runq[0] == g", "p0.runq[0] == g"},
		{"kind == handoffp && (p == 1 || !(m >= 2))", "kind == handoffp && (p == 1 || !(m >= 2))"},
		{"t > 10ms", "t > 10ms"},
		{"t>=1_500us", "t >= 1_500us"},
		{"clock < 2s", "clock < 2s"},
		{"t<5µs", "t < 5µs"},
		{"arg1 == -1", "arg1 == -1"},
		{"len(global) > 0x10", "len(global) > 0x10"},
		{`why == "x\ty"`, `why == "x\ty"`},
		{"g1.wait_reason == `sleep`", `g1.wait_reason == "sleep"`},
	} {
		e, err := parseExpr(c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if e.String() != c.str {
			t.Errorf("%s prints as %q, want %q", c.src, e.String(), c.str)
		}
	}
	// A unit is a number of ns.
	e, _ := parseExpr("10ms")
	if v, _ := e.eval(nil); v.v.Int() != 10_000_000 {
		t.Errorf("10ms = %v", v.v)
	}
}

func TestParseExprErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"", "empty expression"},
		{"   ", "empty expression"},
		{"p0 = 1", "= assigns; compare with =="},
		{"x := 1", ":= assigns"},
		{"(p == 1", "a ( is not closed with )"},
		{`"abc`, `a string is not closed with "`},
		{"kind ==", "the expression ends too soon"},
		{"3xs", "3xs: a number's unit is ns, us, ms or s"},
		{"p0..runq", "want a field name after ."},
		{"p + 1", "+: the debugger's operators are"},
		{"f(1)", "the only function is len(x)"},
		{"p0.runq[g]", "want [N] after p0.runq"},
		{"1.5", "numbers are whole"},
		{"'c'", "numbers are whole"},
		{"(p0).runq", "want a name before (p0)"},
		{"func() {}", "not an expression the debugger evaluates"},
		{"99999999999999999999", "not a number"},
		{strings.Repeat("!", 100) + "true", "nested more than 64 deep"},
		{strings.Repeat("(", 65) + "1" + strings.Repeat(")", 65), "nested more than 64 deep"},
		{strings.Repeat("a.", 100) + "b", "nested more than 64 deep"},
		{strings.Repeat("x == ", 100) + "x", "nested more than 64 deep"},
		{strings.Repeat("(", 5000), "bytes long: the most is 4096"},
	} {
		_, err := parseExpr(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.40q: %v, want an error with %q", c.src, err, c.want)
		}
	}
}
