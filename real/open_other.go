//go:build !(linux && (amd64 || arm64))

package real

import (
	"context"

	"github.com/gmplab/gmplab/internal/realhost"
)

// Open says why gmplab real cannot run here: Delve is built into
// gmplab-full only where gmplab real works, so that it builds everywhere
// else.
func Open(ctx context.Context, o Options) (Debugger, error) { return nil, realhost.Check() }
