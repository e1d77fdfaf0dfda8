//go:build js && wasm

// Command wasm is the simulated runtime compiled to WebAssembly for the
// book's stepper widget. It runs in a Web Worker (assets/stepper-worker.js),
// never on the page's thread, and registers one JavaScript function,
// gmplabRun(name, source, flags[, progress]) → JSON, which is
// stepper.RunProgress, the function the tests call natively, so that every
// stepper computes its run off the page, the scenario's own or an edited
// one, with the CLI's events. progress, when given, is called with the
// number of events so far every stepper.ProgressEvery events. A second,
// gmplabReplay(name, trace) → JSON, is stepper.Replay on an execution
// trace the page holds gzipped, in base64: gmplab replay's events.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
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
	js.Global().Set("gmplabReplay", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 2 {
			return result(nil, "gmplab: gmplabReplay(name, trace) takes two arguments (a bug in gmplab's page)")
		}
		z, err := base64.StdEncoding.DecodeString(args[1].String())
		var data []byte
		if err == nil {
			data, err = gunzip(z)
		}
		if err != nil {
			return result(nil, "gmplab: the page's trace is not gzip in base64 (a bug in gmplab's page): "+err.Error())
		}
		tr, err := stepper.Replay(args[0].String(), data)
		if err != nil {
			return result(nil, err.Error())
		}
		return result(tr, "")
	}))
	select {}
}

func gunzip(z []byte) ([]byte, error) {
	r, err := gzip.NewReader(bytes.NewReader(z))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
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
