package main

import "fmt"

type base struct{ num int }

func (b base) describe() string { return fmt.Sprintf("base with num=%v", b.num) }

type container struct {
	base
	str string
}

type describer interface{ describe() string }

func mayPanic() { panic("a problem") }

func main() {
	defer func() {
		if r := recover(); r != nil {
			fmt.Println("Recovered. Error:\n", r)
		}
	}()
	co := container{base: base{num: 1}, str: "some name"}
	var d describer = co
	fmt.Println("describer:", d.describe())
	mayPanic()
	fmt.Println("After mayPanic()")
}
