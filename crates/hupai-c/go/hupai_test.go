package hupai

import (
	"errors"
	"math/rand"
	"sync"
	"testing"
)

func engine(t *testing.T, preset Preset, opts ...Option) *Engine {
	t.Helper()
	e, err := NewEngine(preset, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	return e
}

func parse(t *testing.T, mpsz string) Counts {
	t.Helper()
	c, err := ParseTiles(mpsz)
	if err != nil {
		t.Fatalf("%s: %v", mpsz, err)
	}
	return c
}

func TestAnswers(t *testing.T) {
	e := engine(t, Riichi)
	hand := parse(t, "34m123456789s33z")
	if s, err := e.Shanten(hand); err != nil || s != 0 {
		t.Fatalf("shanten %d %v, want 0", s, err)
	}
	u, err := e.Ukeire(hand, nil)
	if err != nil || u.Shanten != 0 || u.Count != 8 || u.Waits != 1<<1|1<<4 {
		t.Fatalf("ukeire %+v %v, want tenpai on 2m 5m, 8 left", u, err)
	}
	if got := KindsOf(u.Waits); len(got) != 2 || got[0] != "2m" || got[1] != "5m" {
		t.Fatalf("waits %v", got)
	}
	// Two 5m seen leave 6.
	seen := parse(t, "55m")
	if u, _ := e.Ukeire(hand, &seen); u.Count != 6 {
		t.Fatalf("with 55m seen: %d left, want 6", u.Count)
	}
	if win, err := e.IsWin(parse(t, "234m123456789s33z")); err != nil || !win {
		t.Fatalf("win %v %v", win, err)
	}
	if win, _ := e.IsWin(parse(t, "235m123456789s33z")); win {
		t.Fatal("235m… is not a win")
	}
}

func TestWildcards(t *testing.T) {
	// Nanchang, 精 indicator 1z: 1z and 2z are wild.
	e := engine(t, Nanchang, Wild(NanchangWild(27)))
	hand := parse(t, "123m456p789s455m12z")
	if win, err := e.IsWin(hand); err != nil || !win {
		t.Fatalf("the jing hand wins: %v %v", win, err)
	}
	if n, err := e.WildcardsNeeded(hand); err != nil || n != 2 {
		t.Fatalf("wildcards needed %d %v, want 2", n, err)
	}
}

func TestErrors(t *testing.T) {
	if _, err := ParseTiles("11111m"); !errors.Is(err, StatusBadHand) {
		t.Fatalf("a fifth copy: %v", err)
	}
	if _, err := ParseTiles("12x"); !errors.Is(err, StatusBadText) {
		t.Fatalf("bad text: %v", err)
	}
	if _, err := NewEngine("poker"); !errors.Is(err, StatusBadText) {
		t.Fatalf("an unknown preset: %v", err)
	}
	e := engine(t, Riichi)
	if _, err := e.Shanten(parse(t, "123m")); !errors.Is(err, StatusBadHand) {
		t.Fatalf("four tiles: %v", err)
	}
	var five Counts
	five[0] = 5
	if _, err := e.Shanten(five); !errors.Is(err, StatusBadHand) {
		t.Fatalf("five 1m: %v", err)
	}
	hands := []Counts{parse(t, "34m123456789s33z"), five}
	out := make([]int8, 2)
	var be *BatchError
	if err := e.ShantenBatch(hands, out); !errors.As(err, &be) || be.Index != 1 || !errors.Is(err, StatusBadHand) {
		t.Fatalf("batch: %v", err)
	}
	if out[0] != 0 {
		t.Fatalf("the good hand of a failed batch is answered: %d", out[0])
	}
	if err := e.ShantenBatch(hands, out[:1]); !errors.Is(err, StatusBadArgument) {
		t.Fatalf("short answers: %v", err)
	}
	if err := e.IsWinBatch(hands, make([]bool, 1)); !errors.Is(err, StatusBadArgument) {
		t.Fatalf("short answers: %v", err)
	}
	if err := e.ShantenBatch(nil, nil); err != nil {
		t.Fatalf("no hands: %v", err)
	}
	closed, _ := NewEngine(Riichi)
	closed.Close()
	closed.Close()
	if _, err := closed.Shanten(hands[0]); !errors.Is(err, ErrClosed) {
		t.Fatalf("closed: %v", err)
	}
}

// randomHands deals n hands of 13 or 14 tiles from shuffled walls.
func randomHands(n, tiles int, seed int64) []Counts {
	rng := rand.New(rand.NewSource(seed))
	hands := make([]Counts, n)
	wall := make([]int, 0, 4*Kinds)
	for k := 0; k < Kinds; k++ {
		wall = append(wall, k, k, k, k)
	}
	for i := range hands {
		rng.Shuffle(len(wall), func(a, b int) { wall[a], wall[b] = wall[b], wall[a] })
		for _, k := range wall[:tiles] {
			hands[i][k]++
		}
	}
	return hands
}

// The batch calls answer as the single ones, from many goroutines on one engine.
func TestBatchesEqualSingleCalls(t *testing.T) {
	e := engine(t, Riichi)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			h13, h14 := randomHands(2000, 13, int64(g)), randomHands(2000, 14, int64(g+10))
			s := make([]int8, len(h13))
			u := make([]Ukeire, len(h13))
			w := make([]bool, len(h14))
			if err := e.ShantenBatch(h13, s); err != nil {
				t.Error(err)
				return
			}
			if err := e.UkeireBatch(h13, u); err != nil {
				t.Error(err)
				return
			}
			if err := e.IsWinBatch(h14, w); err != nil {
				t.Error(err)
				return
			}
			for i := range h13 {
				one, _ := e.Shanten(h13[i])
				uk, _ := e.Ukeire(h13[i], nil)
				win, _ := e.IsWin(h14[i])
				if int(s[i]) != one || u[i] != uk || w[i] != win {
					t.Errorf("hand %d: batch %d %+v %v, single %d %+v %v", i, s[i], u[i], w[i], one, uk, win)
					return
				}
			}
		}(g)
	}
	wg.Wait()
}
