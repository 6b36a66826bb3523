//! The C ABI's entry points on arbitrary input, called as C would: MPSZ text into counts,
//! a JSON request line into a caller's buffer (of any size), and arbitrary counts and melds
//! into the answer calls. Every call returns a status (never a panic: `Internal` would mean
//! one was caught); a parsed hand answers the same through the ABI as through the Rust API;
//! a JSON answer is one line of JSON, the same as the library's; a batch of arbitrary hands
//! answers each hand as its single call does, statuses included.
#![no_main]
use hupai::{Engine, Hand, Rules, TileSet};
use hupai_c::*;
use libfuzzer_sys::fuzz_target;
use std::ffi::{CStr, CString};
use std::sync::OnceLock;

/// One engine per preset, made once (as a server would).
struct Engines([*mut HupaiEngine; Rules::PRESETS.len()]);
// SAFETY: the handles are immutable after creation and only read.
unsafe impl Sync for Engines {}
// SAFETY: as above.
unsafe impl Send for Engines {}

/// The engines' wild kind: 5z, or 5m where the honors are out of play.
fn wild(preset: &str) -> u64 {
    let rules = Rules::preset(preset).unwrap();
    if rules.in_play().contains(hupai::Tile::from_index(31)) {
        1 << 31
    } else {
        1 << 4
    }
}

fn engines() -> &'static Engines {
    static E: OnceLock<Engines> = OnceLock::new();
    E.get_or_init(|| {
        Engines(Rules::PRESETS.map(|p| {
            let preset = CString::new(p).unwrap();
            let mut e = std::ptr::null_mut();
            // SAFETY: valid string and out pointer.
            let s = unsafe { hupai_engine_new(preset.as_ptr(), wild(p), std::ptr::null(), &mut e) };
            assert_eq!(s, HupaiStatus::Ok);
            e
        }))
    })
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let which = data[0] as usize % Rules::PRESETS.len();
    let e = engines().0[which];
    let rules = Rules::preset(Rules::PRESETS[which]).unwrap();
    let body = &data[3..];
    // Text entry points: the body up to its first NUL as a C string.
    let text = CString::new(body.split(|&b| b == 0).next().unwrap_or(&[])).unwrap();
    let mut counts = [0u8; 34];
    // SAFETY: a NUL-terminated string and 34 writable bytes.
    let parsed = unsafe { hupai_parse_tiles(text.as_ptr(), counts.as_mut_ptr()) };
    // Not MPSZ text: BadText; a fifth copy: BadHand (every door's TOO_MANY_COPIES).
    assert!(
        matches!(
            parsed,
            HupaiStatus::Ok | HupaiStatus::BadText | HupaiStatus::BadHand
        ),
        "{parsed:?}"
    );
    if parsed == HupaiStatus::Ok {
        let wild = TileSet(wild(Rules::PRESETS[which]));
        let mut s = 0i8;
        // SAFETY: a live handle, 34 counts, no melds, a writable output.
        let st = unsafe { hupai_shanten(e, counts.as_ptr(), std::ptr::null(), 0, &mut s) };
        match Hand::under(counts, &[], wild, &rules) {
            Ok(hand) => {
                assert_eq!(st, HupaiStatus::Ok);
                assert_eq!(s, Engine::new(rules).shanten(&hand));
            }
            Err(_) => assert_eq!(st, HupaiStatus::BadHand),
        }
    }
    let capacity = data[1] as usize * 16;
    let mut answer = vec![0 as std::ffi::c_char; capacity.max(1)];
    let mut len = 0usize;
    // SAFETY: a live handle, NUL-terminated strings, `capacity` writable bytes.
    let st = unsafe { hupai_json_line(e, text.as_ptr(), answer.as_mut_ptr(), capacity, &mut len) };
    match st {
        HupaiStatus::Ok => {
            // SAFETY: the call wrote a NUL-terminated answer.
            let got = unsafe { CStr::from_ptr(answer.as_ptr()) }.to_str().unwrap();
            assert_eq!(got.len(), len);
            assert!(!got.contains('\n'));
            serde_json::from_str::<serde_json::Value>(got).expect("an answer is JSON");
            let want = hupai::protocol::answer_line(text.to_str().unwrap(), 1, rules);
            assert_eq!(got, want);
        }
        HupaiStatus::BufferTooSmall => assert!(len + 1 > capacity),
        HupaiStatus::BadText => assert!(text.to_str().is_err()),
        other => panic!("json_line: {other:?}"),
    }
    // Arbitrary counts and melds into the answer calls.
    let mut raw = [0u8; 34];
    for (c, b) in raw.iter_mut().zip(body) {
        *c = b % 6;
    }
    let melds: Vec<HupaiMeld> = body
        .chunks(4)
        .skip(9)
        .take(data[2] as usize % 6)
        .map(|m| HupaiMeld {
            kind: m[0] % 4,
            tiles: [
                m.get(1).copied().unwrap_or(0) % 40,
                m.get(2).copied().unwrap_or(0) % 40,
                m.get(3).copied().unwrap_or(0) % 40,
            ],
        })
        .collect();
    let (mp, mc) = (
        if melds.is_empty() {
            std::ptr::null()
        } else {
            melds.as_ptr()
        },
        melds.len(),
    );
    let mut s = 0i8;
    let mut u = HupaiUkeire::default();
    let mut report = [HupaiDiscard::default(); HUPAI_MAX_DISCARDS];
    let mut n = 0usize;
    // SAFETY: a live handle, 34 counts, `mc` melds, writable outputs.
    let statuses = unsafe {
        [
            hupai_shanten(e, raw.as_ptr(), mp, mc, &mut s),
            hupai_ukeire(e, raw.as_ptr(), mp, mc, std::ptr::null(), &mut u),
            hupai_discards(
                e,
                raw.as_ptr(),
                mp,
                mc,
                std::ptr::null(),
                report.as_mut_ptr(),
                report.len(),
                &mut n,
            ),
        ]
    };
    for st in statuses {
        assert_ne!(st, HupaiStatus::Internal, "a panic was caught");
    }
    // A batch of the hands the body spells (34 bytes each), with arbitrary melds and meld
    // counts: each hand answers as its single call, value and status.
    let n = (body.len() / 34).min(16);
    let counts: Vec<u8> = body[..34 * n].iter().map(|b| b % 6).collect();
    let places: Vec<HupaiMeld> = (0..n * HUPAI_MAX_MELDS)
        .map(|i| {
            let b = |k: usize| body.get((7 * i + k) % body.len()).copied().unwrap_or(0);
            HupaiMeld {
                kind: b(0) % 4,
                tiles: [b(1) % 40, b(2) % 40, b(3) % 40],
            }
        })
        .collect();
    let meld_counts: Vec<u8> = (0..n).map(|i| body[34 * i] % 6).collect();
    let with_melds = data[2] % 2 == 1;
    let (mp, mcp) = if with_melds {
        (places.as_ptr(), meld_counts.as_ptr())
    } else {
        (std::ptr::null(), std::ptr::null())
    };
    let mut shanten = vec![0i8; n];
    let mut win = vec![0u8; n];
    let mut st = vec![HupaiStatus::Internal; n];
    let mut st_win = vec![HupaiStatus::Internal; n];
    // SAFETY: a live handle and arrays of `n` hands.
    unsafe {
        hupai_shanten_batch(
            e,
            n,
            counts.as_ptr(),
            mp,
            mcp,
            shanten.as_mut_ptr(),
            st.as_mut_ptr(),
        );
        hupai_is_win_batch(
            e,
            n,
            counts.as_ptr(),
            mp,
            mcp,
            win.as_mut_ptr(),
            st_win.as_mut_ptr(),
        );
    }
    for i in 0..n {
        let (m, k) = if with_melds {
            (
                places[HUPAI_MAX_MELDS * i..].as_ptr(),
                meld_counts[i] as usize,
            )
        } else {
            (std::ptr::null(), 0)
        };
        let (mut s1, mut w1) = (0i8, 0u8);
        // SAFETY: one hand's counts and its melds (at most 5 of its 4 places are read only
        // after the count is refused), writable outputs.
        let (a, b) = unsafe {
            (
                hupai_shanten(e, counts[34 * i..].as_ptr(), m, k, &mut s1),
                hupai_is_win(e, counts[34 * i..].as_ptr(), m, k, &mut w1),
            )
        };
        assert_eq!((st[i], st_win[i]), (a, b), "hand {i}");
        assert_ne!(a, HupaiStatus::Internal, "a panic was caught");
        if a == HupaiStatus::Ok {
            assert_eq!(shanten[i], s1);
        }
        if b == HupaiStatus::Ok {
            assert_eq!(win[i], w1);
        }
    }
});
