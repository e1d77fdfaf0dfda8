package lang

import "testing"

// The library of the go/ssa front end type-checks without an error.
func TestSSALibraryChecks(t *testing.T) {
	lib := loadSSALib()
	for _, e := range lib.errs {
		t.Errorf("%s: %s", e.pos, e.msg)
	}
	if len(lib.pkgs) < 20 {
		t.Errorf("only %d packages: %v", len(lib.pkgs), lib.paths)
	}
}
