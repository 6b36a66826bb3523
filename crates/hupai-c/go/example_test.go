package hupai_test

import (
	"fmt"

	"github.com/hupai/hupai-go"
)

func Example() {
	engine, err := hupai.NewEngine(hupai.Riichi)
	if err != nil {
		panic(err)
	}
	defer engine.Close()
	hand, _ := hupai.ParseTiles("34m123456789s33z")
	shanten, _ := engine.Shanten(hand)
	u, _ := engine.Ukeire(hand, nil)
	fmt.Println(shanten, hupai.KindsOf(u.Waits), u.Count)
	// Output: 0 [2m 5m] 8
}

func ExampleEngine_ShantenBatch() {
	engine, _ := hupai.NewEngine(hupai.Riichi)
	defer engine.Close()
	a, _ := hupai.ParseTiles("34m123456789s33z")
	b, _ := hupai.ParseTiles("23569m456p789s11z")
	shanten := make([]int8, 2)
	if err := engine.ShantenBatch([]hupai.Counts{a, b}, shanten); err != nil {
		panic(err)
	}
	fmt.Println(shanten)
	// Output: [0 1]
}
