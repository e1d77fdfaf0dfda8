//go:build js && wasm

// Command wasm is the simulated runtime compiled to WebAssembly for the
// book's stepper widget. It runs in a Web Worker (assets/stepper-worker.js),
// never on the page's thread, and registers one JavaScript function,
// gmplabRun(name, source, flags[, progress]) → JSON, which is
// stepper.RunProgress, the function the tests call natively, so that every
// stepper computes its run off the page, the scenario's own or an edited
// one, with the CLI's events. progress, when given, is called with the
// number of events so far every stepper.ProgressEvery events.
package main

import (
	"encoding/json"
	"strings"
	"syscall/js"

	"github.com/gmplab/gmplab/book/stepper"
)

func main() {
	js.Global().Set("gmplabRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 3 {
			return result(nil, "gmplab: gmplabRun(name, source, flags[, progress]) takes three or four arguments (a bug in gmplab's page)")
		}
		var progress func(int64)
		if len(args) > 3 && args[3].Type() == js.TypeFunction {
			f := args[3]
			progress = func(n int64) { f.Invoke(n) }
		}
		tr, err := stepper.RunProgress(args[0].String(), []byte(args[1].String()), strings.Fields(args[2].String()), progress)
		if err != nil {
			return result(nil, err.Error())
		}
		return result(tr, "")
	}))
	select {}
}

func result(tr *stepper.Trace, errMsg string) string {
	b, err := json.Marshal(struct {
		Trace *stepper.Trace `json:"trace,omitempty"`
		Err   string         `json:"err,omitempty"`
	}{tr, errMsg})
	if err != nil {
		return `{"err":"gmplab: the trace does not encode (a bug in gmplab): ` + strings.ReplaceAll(err.Error(), `"`, `'`) + `"}`
	}
	return string(b)
}
