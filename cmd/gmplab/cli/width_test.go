package cli

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCountLine: gmplab-full's build counter stays within the terminal,
// a column to spare, so that \r redraws the whole of it.
func TestCountLine(t *testing.T) {
	pkg := "github.com/go-delve/delve/pkg/proc/internal/ebpf"
	for _, width := range []int{40, 60, 80} {
		got := countLine(123, pkg, width)
		if n := utf8.RuneCountInString(got); n >= width {
			t.Errorf("at %d columns the counter is %d wide: %q", width, n, got)
		}
		if !strings.HasPrefix(got, "  123 packages compiled: github.com/") {
			t.Errorf("at %d columns: %q", width, got)
		}
	}
	if got := countLine(3, pkg, 0); got != "  3 packages compiled: "+pkg {
		t.Errorf("with no width: %q", got)
	}
}
