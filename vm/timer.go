package vm

// The operations of OpTimer (A), performed by package runtime
// (timer_chan.go). A timer id in the program is the runtime timer's index
// + 1; 0 is a Timer not made by NewTimer/NewTicker/AfterFunc.
const (
	TimerNewTimer  = iota // d → c id           (time.NewTimer)
	TimerNewTicker        // d → c id           (time.NewTicker; d <= 0 panics)
	TimerTick             // d → c              (time.Tick; nil if d <= 0)
	TimerAfter            // d → c              (time.After)
	TimerAfterFunc        // d f → id           (time.AfterFunc)
	TimerStop             // id → stopped       (Timer.Stop)
	TimerReset            // id d → active      (Timer.Reset)
	TickerStop            // id → ...           (Ticker.Stop)
	TickerReset           // id d → ...         (Ticker.Reset; d <= 0 panics)
)

// TimerNames name OpTimer's operations (for the disassembler).
var TimerNames = [...]string{"NewTimer", "NewTicker", "Tick", "After", "AfterFunc", "Timer.Stop", "Timer.Reset", "Ticker.Stop", "Ticker.Reset"}
