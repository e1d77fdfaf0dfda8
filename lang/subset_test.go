package lang

import (
	"os"
	"testing"
)

// docs/go-subset.md is SubsetDoc's output: regenerate it with -update.
func TestSubsetDoc(t *testing.T) {
	const file = "../docs/go-subset.md"
	want := SubsetDoc()
	if *update {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is stale: go test ./lang -run SubsetDoc -update", file)
	}
}
