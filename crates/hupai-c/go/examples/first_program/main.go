// A first program with the hupai Go module: the shanten of each hand of a file (MPSZ, one a
// line) in one batch call, and the ukeire of the 13-tile ones, as JSON lines.
// scripts/package-check runs it in a fresh module and compares its answers with hupai batch.
//
//	go run . hands.txt
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"

	"github.com/hupai/hupai-go"
)

type row struct {
	Hand    string `json:"hand"`
	Shanten int    `json:"shanten"`
	Ukeire  *int   `json:"ukeire,omitempty"`
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) != 1 {
		return fmt.Errorf("usage: first_program HANDS.txt")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return err
	}
	defer f.Close()
	var names []string
	var hands []hupai.Counts
	scan := bufio.NewScanner(f)
	scan.Split(bufio.ScanWords)
	for scan.Scan() {
		c, err := hupai.ParseTiles(scan.Text())
		if err != nil {
			return fmt.Errorf("%s: %w", scan.Text(), err)
		}
		names, hands = append(names, scan.Text()), append(hands, c)
	}
	if err := scan.Err(); err != nil {
		return err
	}
	engine, err := hupai.NewEngine(hupai.Riichi)
	if err != nil {
		return err
	}
	defer engine.Close()
	shanten := make([]int8, len(hands))
	if err := engine.ShantenBatch(hands, shanten); err != nil {
		return err
	}
	out := json.NewEncoder(os.Stdout)
	for i, hand := range hands {
		r := row{Hand: names[i], Shanten: int(shanten[i])}
		tiles := 0
		for _, n := range hand {
			tiles += int(n)
		}
		if tiles == 13 {
			u, err := engine.Ukeire(hand, nil)
			if err != nil {
				return err
			}
			r.Ukeire = &u.Count
		}
		if err := out.Encode(r); err != nil {
			return err
		}
	}
	return nil
}
