// Package hupai answers mahjong hand questions — is it a win, with how many wildcards, how far
// from a win (shanten), what it waits on and how many tiles improve it (ukeire) — from tables,
// through hupai's C ABI linked statically (no shared library to ship, no Rust toolchain).
//
// Hands are [Counts]: 34 counts, 1m..9m at 0..8, 1p..9p at 9..17, 1s..9s at 18..26 and the
// honors 1z..7z (east, south, west, north, white, green, red) at 27..33. An [Engine] holds one
// rule set's tables; it may be shared by any number of goroutines. Failures are values of
// type [Status], which errors.Is compares:
//
//	engine, err := hupai.NewEngine(hupai.Riichi)
//	if err != nil { ... }
//	defer engine.Close()
//	hand, _ := hupai.ParseTiles("34m123456789s33z")
//	s, _ := engine.Shanten(hand) // 0: tenpai
package hupai

/*
#cgo CFLAGS: -I${SRCDIR}/include
#cgo linux,amd64 LDFLAGS: ${SRCDIR}/lib/linux_amd64/libhupai_c.a -lpthread -ldl -lm
#include <stdlib.h>
#include "hupai.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"
)

// Kinds is the number of tile kinds, the length of [Counts].
const Kinds = C.HUPAI_KINDS

// Counts is a hand: how many copies of each of the 34 kinds it holds.
type Counts [Kinds]uint8

// Preset names one of the seven rule sets.
type Preset string

// The seven presets.
const (
	Riichi    Preset = "riichi"
	Chinese   Preset = "chinese"
	Nanchang  Preset = "nanchang"
	Sichuan   Preset = "sichuan"
	Hongzhong Preset = "hongzhong"
	Changsha  Preset = "changsha"
	Guobiao   Preset = "guobiao"
)

// Status is a failed call's reason, as the C ABI returns it; it is an error.
type Status int32

// The statuses a call of this package can return.
const (
	StatusBadText        Status = C.HUPAI_STATUS_BAD_TEXT
	StatusBadHand        Status = C.HUPAI_STATUS_BAD_HAND
	StatusBadArgument    Status = C.HUPAI_STATUS_BAD_ARGUMENT
	StatusTables         Status = C.HUPAI_STATUS_TABLES
	StatusWrongTileCount Status = C.HUPAI_STATUS_WRONG_TILE_COUNT
	StatusTooManySeen    Status = C.HUPAI_STATUS_TOO_MANY_SEEN
	StatusInternal       Status = C.HUPAI_STATUS_INTERNAL
	statusOK             Status = C.HUPAI_STATUS_OK
)

// Error says the status in words.
func (s Status) Error() string {
	return "hupai: " + C.GoString(C.hupai_status_message(C.int32_t(s)))
}

// ErrClosed is returned by the calls of an [Engine] after [Engine.Close].
var ErrClosed = errors.New("hupai: the engine is closed")

// BatchError is a batch call's failure: the first hand that could not be answered and why.
// The other hands' answers are written.
type BatchError struct {
	Index  int
	Status Status
}

func (e *BatchError) Error() string { return fmt.Sprintf("hand %d: %v", e.Index, e.Status) }

// Unwrap gives the [Status], for errors.Is.
func (e *BatchError) Unwrap() error { return e.Status }

func status(s C.enum_HupaiStatus) error {
	if Status(s) == statusOK {
		return nil
	}
	return Status(s)
}

// ParseTiles reads MPSZ text ("123m456p789s1122z", 0 for a red five) into counts.
func ParseTiles(mpsz string) (Counts, error) {
	var c Counts
	cs := C.CString(mpsz)
	defer C.free(unsafe.Pointer(cs))
	return c, status(C.hupai_parse_tiles(cs, (*C.uint8_t)(&c[0])))
}

// Engine holds one rule set's tables and answers hands under them. It is safe for concurrent
// use; Close it when done (a finalizer frees it otherwise).
type Engine struct {
	p *C.HupaiEngine
}

// Option changes how [NewEngine] makes an engine.
type Option func(*options)

type options struct {
	wild   uint64
	tables string
}

// Wild makes the kinds of a 34-bit mask wildcards (bit i: kind i): 1<<4 makes 5m a 赖子.
func Wild(mask uint64) Option { return func(o *options) { o.wild = mask } }

// NanchangWild is the wild mask of a Nanchang 精 indicator (the kind it names and the next).
func NanchangWild(indicator int) uint64 { return uint64(C.hupai_nanchang_wilds(C.uint8_t(indicator))) }

// Tables reads the tables from a directory written by `hupai tables generate` instead of the
// compiled-in ones.
func Tables(dir string) Option { return func(o *options) { o.tables = dir } }

// NewEngine makes an engine for a preset.
func NewEngine(preset Preset, opts ...Option) (*Engine, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	name := C.CString(string(preset))
	defer C.free(unsafe.Pointer(name))
	var dir *C.char
	if o.tables != "" {
		dir = C.CString(o.tables)
		defer C.free(unsafe.Pointer(dir))
	}
	e := &Engine{}
	if err := status(C.hupai_engine_new(name, C.uint64_t(o.wild), dir, &e.p)); err != nil {
		return nil, err
	}
	runtime.SetFinalizer(e, (*Engine).Close)
	return e, nil
}

// Close frees the engine; later calls return [ErrClosed]. Close it only when no goroutine is
// using it.
func (e *Engine) Close() {
	if e.p != nil {
		C.hupai_engine_free(e.p)
		e.p = nil
		runtime.SetFinalizer(e, nil)
	}
}

func (e *Engine) live() (*C.HupaiEngine, error) {
	if e == nil || e.p == nil {
		return nil, ErrClosed
	}
	return e.p, nil
}

func counts(c *Counts) *C.uint8_t { return (*C.uint8_t)(&c[0]) }

// call makes one C call on the live engine.
func (e *Engine) call(f func(p *C.HupaiEngine) C.enum_HupaiStatus) error {
	p, err := e.live()
	if err != nil {
		return err
	}
	err = status(f(p))
	runtime.KeepAlive(e)
	return err
}

// IsWin tells whether a 14-tile hand (with the engine's wildcards) is a win.
func (e *Engine) IsWin(hand Counts) (bool, error) {
	var win C.uint8_t
	err := e.call(func(p *C.HupaiEngine) C.enum_HupaiStatus {
		return C.hupai_is_win(p, counts(&hand), nil, 0, &win)
	})
	return win == 1, err
}

// WildcardsNeeded is the fewest wildcards a 14-tile hand needs on top of its real tiles to
// win, or -1 when none suffice.
func (e *Engine) WildcardsNeeded(hand Counts) (int, error) {
	var n C.int32_t
	err := e.call(func(p *C.HupaiEngine) C.enum_HupaiStatus {
		return C.hupai_wildcards_needed(p, counts(&hand), nil, 0, &n)
	})
	return int(n), err
}

// Shanten of a 13- or 14-tile hand: -1 a win, 0 tenpai, n tiles from tenpai.
func (e *Engine) Shanten(hand Counts) (int, error) {
	var s C.int8_t
	err := e.call(func(p *C.HupaiEngine) C.enum_HupaiStatus {
		return C.hupai_shanten(p, counts(&hand), nil, 0, &s)
	})
	return int(s), err
}

// Ukeire is the answer for a 13-tile hand.
type Ukeire struct {
	// Shanten of the hand (0 tenpai).
	Shanten int
	// Waits: the kinds that complete it (bit i: kind i).
	Waits uint64
	// Tiles: the kinds whose draw lowers its shanten.
	Tiles uint64
	// Count: the copies of Tiles still unseen.
	Count int
}

func ukeire(u *C.HupaiUkeire) Ukeire {
	return Ukeire{Shanten: int(u.shanten), Waits: uint64(u.waits), Tiles: uint64(u.ukeire), Count: int(u.ukeire_count)}
}

// Ukeire of a 13-tile hand; seen (nil for none) are the other visible tiles, which the count
// leaves out.
func (e *Engine) Ukeire(hand Counts, seen *Counts) (Ukeire, error) {
	var u C.HupaiUkeire
	err := e.call(func(p *C.HupaiEngine) C.enum_HupaiStatus {
		var s *C.uint8_t
		if seen != nil {
			s = counts(seen)
		}
		return C.hupai_ukeire(p, counts(&hand), nil, 0, s, &u)
	})
	return ukeire(&u), err
}

// batch makes one batch call over n hands with room for out answers: the engine checked, the
// lengths checked, one status per hand, a failure as a [*BatchError].
func (e *Engine) batch(n, out int, call func(p *C.HupaiEngine, statuses *C.enum_HupaiStatus) C.enum_HupaiStatus) error {
	p, err := e.live()
	if err != nil {
		return err
	}
	if n != out {
		return fmt.Errorf("hupai: %d hands but room for %d answers: %w", n, out, StatusBadArgument)
	}
	if n == 0 {
		return nil
	}
	statuses := make([]C.enum_HupaiStatus, n)
	s := call(p, &statuses[0])
	runtime.KeepAlive(e)
	if Status(s) == statusOK {
		return nil
	}
	for i, s := range statuses {
		if Status(s) != statusOK {
			return &BatchError{Index: i, Status: Status(s)}
		}
	}
	return Status(s)
}

func first(hands []Counts) *C.uint8_t {
	if len(hands) == 0 {
		return nil
	}
	return counts(&hands[0])
}

// ShantenBatch writes the shanten of hands[i] to out[i] in one call (a cgo call costs more
// than an answer: ask in batches). A hand that cannot be answered makes a [*BatchError].
func (e *Engine) ShantenBatch(hands []Counts, out []int8) error {
	return e.batch(len(hands), len(out), func(p *C.HupaiEngine, st *C.enum_HupaiStatus) C.enum_HupaiStatus {
		return C.hupai_shanten_batch(p, C.size_t(len(hands)), first(hands), nil, nil, (*C.int8_t)(&out[0]), st)
	})
}

// IsWinBatch writes whether hands[i] wins to out[i] in one call.
func (e *Engine) IsWinBatch(hands []Counts, out []bool) error {
	win := make([]C.uint8_t, len(hands))
	err := e.batch(len(hands), len(out), func(p *C.HupaiEngine, st *C.enum_HupaiStatus) C.enum_HupaiStatus {
		return C.hupai_is_win_batch(p, C.size_t(len(hands)), first(hands), nil, nil, &win[0], st)
	})
	if len(win) == len(out) {
		for i := range win {
			out[i] = win[i] == 1
		}
	}
	return err
}

// UkeireBatch writes the ukeire of the 13-tile hands[i] to out[i] in one call.
func (e *Engine) UkeireBatch(hands []Counts, out []Ukeire) error {
	raw := make([]C.HupaiUkeire, len(hands))
	err := e.batch(len(hands), len(out), func(p *C.HupaiEngine, st *C.enum_HupaiStatus) C.enum_HupaiStatus {
		return C.hupai_ukeire_batch(p, C.size_t(len(hands)), first(hands), nil, nil, nil, &raw[0], st)
	})
	if len(raw) == len(out) {
		for i := range raw {
			out[i] = ukeire(&raw[i])
		}
	}
	return err
}

// KindName is the MPSZ name of kind i ("1m".."9s", "1z".."7z"), "" outside 0..33.
func KindName(i int) string {
	if i < 0 || i >= Kinds {
		return ""
	}
	return fmt.Sprintf("%d%c", i%9+1, "mpsz"[i/9])
}

// KindsOf lists the kinds of a mask (bit i: kind i) by name, as [Ukeire]'s Waits and Tiles.
func KindsOf(mask uint64) []string {
	var names []string
	for i := 0; i < Kinds; i++ {
		if mask>>i&1 == 1 {
			names = append(names, KindName(i))
		}
	}
	return names
}
