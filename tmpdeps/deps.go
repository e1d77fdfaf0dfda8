package tmpdeps

import (
	_ "github.com/peterh/liner"
	_ "github.com/rogpeppe/go-internal/testscript"
	_ "github.com/spf13/cobra"
	_ "github.com/yuin/goldmark"
)
