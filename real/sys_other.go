//go:build !linux

package real

import "os"

func growPipe(*os.File) {}

func nanotime() int64 { return 0 }
