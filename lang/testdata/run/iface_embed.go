package main

import "fmt"

type Logger interface{ Log(string) string }

type Base struct{ ID int }

func (b Base) Describe() string { return fmt.Sprint("base ", b.ID) }
func (b *Base) SetID(id int)    { b.ID = id }

type prefix struct{ p string }

func (x prefix) Log(s string) string { return x.p + s }

type Service struct {
	Base
	Logger
	Name string
}

type Describer interface{ Describe() string }
type Setter interface{ SetID(int) }

func main() {
	s := &Service{Base: Base{1}, Logger: prefix{"> "}, Name: "svc"}
	var d Describer = s
	fmt.Println(d.Describe())
	var st Setter = s
	st.SetID(5)
	fmt.Println(d.Describe(), s.ID)
	var l Logger = s
	fmt.Println(l.Log("hello"))
	var dv Describer = *s
	s.SetID(9)
	fmt.Println(dv.Describe(), s.Describe())
	_, ok := any(*s).(Setter)
	fmt.Println("Service value is a Setter:", ok)
	var x any = 1
	switch x {
	case 1:
		fmt.Println("one")
	case "1":
		fmt.Println("string one")
	}
}
