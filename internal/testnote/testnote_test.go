package testnote

import "testing"

// The line names the package being tested.
func TestPkg(t *testing.T) {
	if got := pkg(); got != "testnote" {
		t.Errorf("pkg() = %q", got)
	}
	Say(t, "a long step")
}
