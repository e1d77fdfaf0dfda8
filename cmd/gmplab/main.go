// Command gmplab teaches the Go scheduler with a deterministic simulation
// of the Go 1.26 runtime. See the README and `gmplab help`.
package main

import (
	"os"

	"github.com/gmplab/gmplab/cmd/gmplab/cli"
)

func main() {
	os.Exit(cli.Main())
}
