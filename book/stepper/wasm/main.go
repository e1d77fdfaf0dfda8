//go:build js && wasm

// Command wasm is the simulated runtime compiled to WebAssembly for the
// book's stepper widget: it registers one JavaScript function,
// gmplabRun(name, source, flags) → JSON, which is stepper.Run, the same
// function the tests call natively, so that every stepper computes its run
// in the page, the scenario's own or an edited one, with the CLI's events.
package main

import (
	"encoding/json"
	"strings"
	"syscall/js"

	"github.com/gmplab/gmplab/book/stepper"
)

func main() {
	js.Global().Set("gmplabRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) != 3 {
			return result(nil, "gmplabRun(name, source, flags) takes three arguments")
		}
		flags := strings.Fields(args[2].String())
		tr, err := stepper.Run(args[0].String(), []byte(args[1].String()), flags)
		if err != nil {
			return result(nil, err.Error())
		}
		return result(tr, "")
	}))
	js.Global().Call("dispatchEvent", js.Global().Get("Event").New("gmplab-ready"))
	select {}
}

func result(tr *stepper.Trace, errMsg string) string {
	b, err := json.Marshal(struct {
		Trace *stepper.Trace `json:"trace,omitempty"`
		Err   string         `json:"err,omitempty"`
	}{tr, errMsg})
	if err != nil {
		return `{"err":"` + err.Error() + `"}`
	}
	return string(b)
}
