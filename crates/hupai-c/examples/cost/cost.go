// The cost of a shanten from Go through cgo, one call per hand against batches of 64
// (hupai_shanten_batch), on the hands file cost.c writes. A cgo call costs ~40 ns of its own
// on this machine, more than the answer: a batch pays it once for 64 hands. Best of 5 passes,
// ns per hand; the batch answers are checked against the single calls.
//
//	go run cost.go HANDS_FILE     (crates/hupai-c/examples/cost/run runs it)
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
	"time"
	"unsafe"
)

const batch = 64

// (Debian's Go 1.19 has no min builtin.)
func least(a, b float64) float64 {
	if a < b {
		return a
	}
	return b
}

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil || len(data)%C.HUPAI_KINDS != 0 {
		fmt.Fprintln(os.Stderr, "cannot read the hands file:", err)
		os.Exit(1)
	}
	hands := len(data) / C.HUPAI_KINDS
	// The hands in C memory: cgo may not keep Go pointers, and this is what a server holds.
	counts := (*[1 << 30]C.uint8_t)(C.malloc(C.size_t(len(data))))[:len(data):len(data)]
	for i, b := range data {
		counts[i] = C.uint8_t(b)
	}
	preset := C.CString("riichi")
	var e *C.HupaiEngine
	if C.hupai_engine_new(preset, 0, nil, &e) != C.HUPAI_STATUS_OK {
		fmt.Fprintln(os.Stderr, "engine")
		os.Exit(1)
	}
	out := (*[batch]C.int8_t)(C.malloc(batch))
	statuses := (*[batch]uint32)(C.malloc(batch * 4)) // enum HupaiStatus: cgo reads uint32
	single, many := 1e9, 1e9
	var sumSingle, sumBatch int
	for pass := 0; pass < 5; pass++ {
		sum := 0
		var s C.int8_t
		start := time.Now()
		for i := 0; i < hands; i++ {
			if C.hupai_shanten(e, &counts[i*C.HUPAI_KINDS], nil, 0, &s) != C.HUPAI_STATUS_OK {
				os.Exit(1)
			}
			sum += int(s)
		}
		single = least(single, float64(time.Since(start).Nanoseconds())/float64(hands))
		sumSingle, sum = sum, 0
		start = time.Now()
		for i := 0; i < hands; i += batch {
			n := batch
			if hands-i < n {
				n = hands - i
			}
			if C.hupai_shanten_batch(e, C.size_t(n), &counts[i*C.HUPAI_KINDS], nil, nil, &out[0], &statuses[0]) != C.HUPAI_STATUS_OK {
				os.Exit(1)
			}
			for k := 0; k < n; k++ {
				sum += int(out[k])
			}
		}
		many = least(many, float64(time.Since(start).Nanoseconds())/float64(hands))
		sumBatch = sum
	}
	if sumSingle != sumBatch {
		fmt.Fprintln(os.Stderr, "batch answers differ from single calls")
		os.Exit(1)
	}
	fmt.Printf("Go (cgo)\tone call a hand\t%.1f\nGo (cgo)\tbatches of %d\t%.1f\n", single, batch, many)
	C.hupai_engine_free(e)
	C.free(unsafe.Pointer(&counts[0]))
}
