//go:build linux && (amd64 || arm64)

package real

import "context"

// Open is Launch, for the command line.
func Open(ctx context.Context, o Options) (Debugger, error) { return Launch(ctx, o) }
