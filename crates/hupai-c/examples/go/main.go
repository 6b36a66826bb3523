// The hupai C ABI from Go (cgo, found through pkg-config): a Nanchang hand with jing and the
// decompositions of its win, and a riichi shanten with waits and ukeire. Every answer is checked;
// exit status 0 means all held.
//
//	PKG_CONFIG_PATH=target/release/pkgconfig go run crates/hupai-c/examples/go/main.go
package main

/*
#cgo pkg-config: hupai
#include <hupai.h>
#include <stdlib.h>
*/
import "C"

import (
	"fmt"
	"os"
	"unsafe"
)

func check(cond bool, what string) {
	if !cond {
		fmt.Fprintln(os.Stderr, "check failed:", what)
		os.Exit(1)
	}
}

// A call that must succeed (cgo gives the C enum HupaiStatus as uint32).
func ok(status uint32, what string) {
	if status != C.HUPAI_STATUS_OK {
		fmt.Fprintf(os.Stderr, "%s: %s\n", what, C.GoString(C.hupai_status_message(C.int32_t(status))))
		os.Exit(1)
	}
}

// An engine for a preset and wild kinds (a 34-bit mask); free it with C.hupai_engine_free.
func engine(preset string, wild uint64) *C.HupaiEngine {
	cs := C.CString(preset)
	defer C.free(unsafe.Pointer(cs))
	var e *C.HupaiEngine
	ok(C.hupai_engine_new(cs, C.uint64_t(wild), nil, &e), preset)
	return e
}

// Counts of MPSZ tiles.
func tiles(mpsz string) [C.HUPAI_KINDS]C.uint8_t {
	cs := C.CString(mpsz)
	defer C.free(unsafe.Pointer(cs))
	var counts [C.HUPAI_KINDS]C.uint8_t
	ok(C.hupai_parse_tiles(cs, &counts[0]), mpsz)
	return counts
}

// Tile indices: 1m = 0 … 9m = 8, 1z = 27.
const (
	m2, m3, m5 = 1, 2, 4
	z1, z2     = 27, 28
)

func main() {
	// Nanchang, jing indicator 1z: 1z and 2z are wild.
	nanchang := engine("nanchang", uint64(C.hupai_nanchang_wilds(z1)))
	defer C.hupai_engine_free(nanchang)
	hand := tiles("123m456p789s455m12z")
	var win C.uint8_t
	ok(C.hupai_is_win(nanchang, &hand[0], nil, 0, &win), "is_win")
	check(win == 1, "the jing hand wins")
	var needed C.int32_t
	ok(C.hupai_wildcards_needed(nanchang, &hand[0], nil, 0, &needed), "wildcards_needed")
	check(needed == 2, "two wildcards needed")
	decompositions := make([]C.HupaiDecomposition, 32)
	var n C.size_t
	ok(C.hupai_decompositions(nanchang, &hand[0], nil, 0, &decompositions[0], C.size_t(len(decompositions)), &n), "decompositions")
	found := false
	for _, r := range decompositions[:n] {
		roles := 0
		for _, set := range r.sets[:r.set_count] {
			for i := 0; i < int(set.len); i++ {
				if set.wildcard[i] == z1 && set.tiles[i] == m3 {
					roles++
				}
				if set.wildcard[i] == z2 && set.tiles[i] == m5 {
					roles++
				}
			}
		}
		found = found || roles == 2
	}
	check(found, "a decomposition with 1z as 3m and 2z as 5m")

	// Riichi: 34m123456789s33z is tenpai on 2m and 5m, 8 tiles left.
	riichi := engine("riichi", 0)
	defer C.hupai_engine_free(riichi)
	hand = tiles("34m123456789s33z")
	var shanten C.int8_t
	ok(C.hupai_shanten(riichi, &hand[0], nil, 0, &shanten), "shanten")
	check(shanten == 0, "tenpai")
	var u C.HupaiUkeire
	ok(C.hupai_ukeire(riichi, &hand[0], nil, 0, nil, &u), "ukeire")
	check(u.waits == 1<<m2|1<<m5 && u.ukeire_count == 8, "waits 2m 5m, 8 left")
	// Many hands in one call: a cgo call costs ~40 ns of its own (more than the answer), so a
	// server asks its hands in batches (one status per hand; the empty third hand is bad).
	var many [3 * C.HUPAI_KINDS]C.uint8_t
	first, second := tiles("34m123456789s33z"), tiles("23569m456p789s11z")
	copy(many[:C.HUPAI_KINDS], first[:])
	copy(many[C.HUPAI_KINDS:], second[:])
	var shantens [3]C.int8_t
	var statuses [3]uint32 // enum HupaiStatus
	check(C.hupai_shanten_batch(riichi, 3, &many[0], nil, nil, &shantens[0], &statuses[0]) == C.HUPAI_STATUS_BAD_HAND, "the batch reports its bad hand")
	check(shantens[0] == 0 && shantens[1] == 1 && statuses[1] == C.HUPAI_STATUS_OK && statuses[2] == C.HUPAI_STATUS_BAD_HAND, "batch answers")
	fmt.Printf("Go: nanchang jing win, %d decompositions; riichi tenpai on 2m 5m, ukeire %d\n", n, u.ukeire_count)
}
