//! The C ABI called as C calls it: every answer equals the Rust API's on random hands (with
//! wildcards and declared melds), bad input is a status, a loaded table set and the JSON entry
//! point work, and one handle serves many threads. (`no_alloc.rs`: no allocation.)

use hupai::{Engine, Hand, Meld, Rules, Tile, TileSet};
use hupai_c::*;
use std::ffi::{CStr, CString};

mod common;
use common::{engine, random_hand, Rng};

#[test]
fn answers_equal_the_rust_api_on_random_hands() {
    let mut rng = Rng(7);
    for (preset, rules) in Rules::presets() {
        for round in 0..2_000 {
            let wild = match round % 3 {
                0 => 0,
                1 => 1 << rng.below(34),
                _ => hupai_nanchang_wilds(rng.below(34) as u8),
            };
            if wild & !rules.in_play().0 != 0 {
                // A wild kind out of play (an honor under sichuan): no engine.
                let name = std::ffi::CString::new(preset).unwrap();
                let mut e = std::ptr::null_mut();
                // SAFETY: valid string and out pointer.
                let s = unsafe { hupai_engine_new(name.as_ptr(), wild, std::ptr::null(), &mut e) };
                assert_eq!(s, HupaiStatus::BadArgument, "{preset}");
                continue;
            }
            let e = engine(preset, wild);
            let tiles = 13 + round % 2;
            let meld_count = round % 3;
            let (counts, melds) = random_hand(&mut rng, tiles, meld_count);
            let rust_melds: Vec<Meld> = melds
                .iter()
                .map(|m| {
                    Meld::parse(
                        &format!("{0}{0}{0}", Tile::from_index(m.tiles[0] as usize)),
                        &rules,
                    )
                    .unwrap()
                })
                .collect();
            let reference = Engine::new(rules);
            let (mp, mc) = (melds.as_ptr(), melds.len());
            let hand = match Hand::under(counts, &rust_melds, TileSet(wild), &rules) {
                Ok(hand) => hand,
                Err(_) => {
                    // A tile out of play (say an honor under sichuan): refused alike.
                    let mut s = 0i8;
                    // SAFETY: valid handle, 34 counts, `mc` melds, a writable output.
                    let status = unsafe { hupai_shanten(e, counts.as_ptr(), mp, mc, &mut s) };
                    assert_eq!(status, HupaiStatus::BadHand, "{preset}");
                    // SAFETY: a handle of `engine`, freed once.
                    unsafe { hupai_engine_free(e) };
                    continue;
                }
            };
            // SAFETY: valid handle, 34 counts, `mc` melds, writable outputs.
            unsafe {
                let mut s = 0i8;
                assert_eq!(
                    hupai_shanten(e, counts.as_ptr(), mp, mc, &mut s),
                    HupaiStatus::Ok
                );
                assert_eq!(s, reference.shanten(&hand), "{preset} {hand}");
                let mut w = 0u8;
                assert_eq!(
                    hupai_is_win(e, counts.as_ptr(), mp, mc, &mut w),
                    HupaiStatus::Ok
                );
                assert_eq!(w == 1, reference.is_win(&hand));
                let mut needed = 0i32;
                let st = hupai_wildcards_needed(e, counts.as_ptr(), mp, mc, &mut needed);
                assert_eq!(st, HupaiStatus::Ok);
                assert_eq!(
                    needed,
                    reference.wildcards_needed(&hand).map_or(-1, |n| n as i32)
                );
                if tiles == 13 {
                    let mut u = HupaiUkeire::default();
                    let st = hupai_ukeire(e, counts.as_ptr(), mp, mc, std::ptr::null(), &mut u);
                    assert_eq!(st, HupaiStatus::Ok);
                    let (sh, waits, uk) = reference
                        .waits_and_ukeire(&hand, &[0; 34])
                        .unwrap()
                        .unwrap();
                    assert_eq!(
                        (u.shanten, u.waits, u.ukeire, u.ukeire_count),
                        (sh, waits.0, uk.tiles.0, uk.count)
                    );
                } else {
                    let mut report = [HupaiDiscard::default(); HUPAI_MAX_DISCARDS];
                    let mut n = 0usize;
                    let st = hupai_discards(
                        e,
                        counts.as_ptr(),
                        mp,
                        mc,
                        std::ptr::null(),
                        report.as_mut_ptr(),
                        report.len(),
                        &mut n,
                    );
                    assert_eq!(st, HupaiStatus::Ok);
                    let want = reference.discards(&hand, &[0; 34]).unwrap();
                    assert_eq!(n, want.len());
                    for (got, want) in report.iter().zip(&want) {
                        assert_eq!(
                            (got.tile as usize, got.shanten, got.ukeire, got.ukeire_count),
                            (
                                want.tile.index(),
                                want.shanten,
                                want.ukeire.tiles.0,
                                want.ukeire.count
                            )
                        );
                    }
                }
                hupai_engine_free(e);
            }
        }
    }
}

#[test]
fn bad_input_is_a_status_never_a_crash() {
    let e = engine("riichi", 0);
    let mut counts = [0u8; 34];
    let mut s = 0i8;
    // SAFETY: valid or null pointers, as each case says.
    unsafe {
        assert_eq!(
            hupai_shanten(
                std::ptr::null(),
                counts.as_ptr(),
                std::ptr::null(),
                0,
                &mut s
            ),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_shanten(e, std::ptr::null(), std::ptr::null(), 0, &mut s),
            HupaiStatus::NullPointer
        );
        assert_eq!(
            hupai_shanten(
                e,
                counts.as_ptr(),
                std::ptr::null(),
                0,
                std::ptr::null_mut()
            ),
            HupaiStatus::NullPointer
        );
        // 0 tiles, then 5 copies, then a meld list that is null but said to hold one.
        assert_eq!(
            hupai_shanten(e, counts.as_ptr(), std::ptr::null(), 0, &mut s),
            HupaiStatus::BadHand
        );
        counts[0] = 5;
        assert_eq!(
            hupai_shanten(e, counts.as_ptr(), std::ptr::null(), 0, &mut s),
            HupaiStatus::BadHand
        );
        counts[0] = 0;
        let text = CString::new("23m456p789s11z").unwrap();
        assert_eq!(
            hupai_parse_tiles(text.as_ptr(), counts.as_mut_ptr()),
            HupaiStatus::Ok
        );
        assert_eq!(
            hupai_shanten(e, counts.as_ptr(), std::ptr::null(), 1, &mut s),
            HupaiStatus::NullPointer
        );
        // Not melds: a chow across suits, a kind code out of range, a tile index out of range,
        // five melds.
        for (kind, tiles) in [(0u8, [7u8, 8, 9]), (7, [0, 0, 0]), (1, [34, 0, 0])] {
            let m = HupaiMeld { kind, tiles };
            assert_eq!(
                hupai_shanten(e, counts.as_ptr(), &m, 1, &mut s),
                HupaiStatus::BadMeld,
                "{kind} {tiles:?}"
            );
        }
        let five = [HupaiMeld {
            kind: 1,
            tiles: [27, 0, 0],
        }; 5];
        assert_eq!(
            hupai_shanten(e, counts.as_ptr(), five.as_ptr(), 5, &mut s),
            HupaiStatus::BadMeld
        );
        // Honor runs are chows only under nanchang.
        let run = HupaiMeld {
            kind: 0,
            tiles: [27, 28, 30],
        };
        assert_eq!(
            hupai_shanten(e, counts.as_ptr(), &run, 1, &mut s),
            HupaiStatus::BadMeld
        );
        let nanchang = engine("nanchang", 0);
        assert_eq!(
            hupai_shanten(nanchang, counts.as_ptr(), &run, 1, &mut s),
            HupaiStatus::Ok
        );
        hupai_engine_free(nanchang);
        // The wrong tile count for the answer asked, too many seen, a small buffer.
        let mut u = HupaiUkeire::default();
        let text = CString::new("123m456p789s11122z").unwrap();
        hupai_parse_tiles(text.as_ptr(), counts.as_mut_ptr());
        assert_eq!(
            hupai_ukeire(
                e,
                counts.as_ptr(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                &mut u
            ),
            HupaiStatus::WrongTileCount
        );
        let seen = [4u8; 34];
        let mut report = [HupaiDiscard::default(); 2];
        let mut n = 0;
        assert_eq!(
            hupai_discards(
                e,
                counts.as_ptr(),
                std::ptr::null(),
                0,
                seen.as_ptr(),
                report.as_mut_ptr(),
                2,
                &mut n
            ),
            HupaiStatus::TooManySeen
        );
        assert_eq!(
            hupai_discards(
                e,
                counts.as_ptr(),
                std::ptr::null(),
                0,
                std::ptr::null(),
                report.as_mut_ptr(),
                2,
                &mut n
            ),
            HupaiStatus::BufferTooSmall
        );
        assert_eq!(n, 11); // the distinct kinds of 123m456p789s11122z
                           // Engines: an unknown preset, wild bits past the 34 kinds, a table set that is not.
        let mut out = std::ptr::null_mut();
        let bad = CString::new("mcr").unwrap();
        assert_eq!(
            hupai_engine_new(bad.as_ptr(), 0, std::ptr::null(), &mut out),
            HupaiStatus::BadText
        );
        let riichi = CString::new("riichi").unwrap();
        assert_eq!(
            hupai_engine_new(riichi.as_ptr(), 1 << 40, std::ptr::null(), &mut out),
            HupaiStatus::BadArgument
        );
        let nowhere = CString::new("/nonexistent/tables").unwrap();
        assert_eq!(
            hupai_engine_new(riichi.as_ptr(), 0, nowhere.as_ptr(), &mut out),
            HupaiStatus::Tables
        );
        assert!(out.is_null());
        // Every status has its own words; a value that is no status says so.
        let words = |code: i32| CStr::from_ptr(hupai_status_message(code)).to_str().unwrap();
        let known: Vec<&str> = (0..=HupaiStatus::IllegalAction as i32).map(words).collect();
        assert!(known
            .iter()
            .all(|w| !w.is_empty() && *w != "unknown status"));
        let mut distinct = known.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), known.len());
        assert_eq!(
            words(HupaiStatus::IllegalAction as i32 + 1),
            "unknown status"
        );
        assert_eq!(words(-1), "unknown status");
        assert!(words(HupaiStatus::BadMeld as i32).starts_with("bad meld"));
        hupai_engine_free(e);
        hupai_engine_free(std::ptr::null_mut());
    }
}

#[test]
fn a_loaded_table_set_and_the_json_entry_point() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tables");
    let dir = CString::new(dir.to_str().unwrap()).unwrap();
    let preset = CString::new("chinese").unwrap();
    let mut e = std::ptr::null_mut();
    // SAFETY: valid strings and buffers.
    unsafe {
        assert_eq!(
            hupai_engine_new(preset.as_ptr(), 0, dir.as_ptr(), &mut e),
            HupaiStatus::Ok
        );
        let line = CString::new(r#"{"hand":"34m123456789s33z","id":"x"}"#).unwrap();
        let mut buf = vec![0 as std::ffi::c_char; 512];
        let mut len = 0;
        assert_eq!(
            hupai_json_line(e, line.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut len),
            HupaiStatus::Ok
        );
        let answer = CStr::from_ptr(buf.as_ptr()).to_str().unwrap();
        assert_eq!(answer.len(), len);
        assert_eq!(
            answer,
            hupai::protocol::answer_line(line.to_str().unwrap(), 1, Rules::chinese())
        );
        hupai_engine_free(e);
    }
}

#[test]
fn one_handle_serves_many_threads() {
    struct Shared(*mut HupaiEngine);
    // SAFETY: the engine is immutable after creation; its tables are shared read-only.
    unsafe impl Sync for Shared {}
    let shared = Shared(engine("chinese", 1 << 31));
    let mut rng = Rng(11);
    let hands: Vec<[u8; 34]> = (0..500).map(|_| random_hand(&mut rng, 13, 0).0).collect();
    let answer = |e: *const HupaiEngine, c: &[u8; 34]| {
        let mut s = 0i8;
        // SAFETY: valid handle and buffers.
        assert_eq!(
            unsafe { hupai_shanten(e, c.as_ptr(), std::ptr::null(), 0, &mut s) },
            HupaiStatus::Ok
        );
        s
    };
    let single: Vec<i8> = hands.iter().map(|c| answer(shared.0, c)).collect();
    std::thread::scope(|s| {
        for t in 0..8 {
            let (shared, hands, single) = (&shared, &hands, &single);
            s.spawn(move || {
                for i in (0..hands.len()).map(|i| (i + 61 * t) % hands.len()) {
                    assert_eq!(answer(shared.0, &hands[i]), single[i]);
                }
            });
        }
    });
    // SAFETY: a handle from hupai_engine_new.
    unsafe { hupai_engine_free(shared.0) };
}

#[test]
fn engines_from_switches_answer_like_their_presets() {
    let mut rng = Rng(5);
    for (name, rules) in Rules::presets() {
        let preset = CString::new(name).unwrap();
        let mut switches = HupaiRules::default();
        let (mut by_name, mut by_switches) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: valid strings, structs and out pointers.
        unsafe {
            assert_eq!(
                hupai_rules_preset(preset.as_ptr(), &mut switches),
                HupaiStatus::Ok
            );
            assert_eq!(switches.honor_runs == 1, rules.honor_runs);
            assert_eq!(
                hupai_engine_new(preset.as_ptr(), 0, std::ptr::null(), &mut by_name),
                HupaiStatus::Ok
            );
            assert_eq!(
                hupai_engine_new_with_rules(&switches, 0, std::ptr::null(), &mut by_switches),
                HupaiStatus::Ok
            );
            for _ in 0..300 {
                let (counts, _) = random_hand(&mut rng, 14, 0);
                let (mut a, mut b) = (0i8, 0i8);
                hupai_shanten(by_name, counts.as_ptr(), std::ptr::null(), 0, &mut a);
                hupai_shanten(by_switches, counts.as_ptr(), std::ptr::null(), 0, &mut b);
                assert_eq!(a, b);
            }
            // Switching thirteen orphans off changes what 19m19p19s1234567z is.
            let mut orphans = [0u8; 34];
            let text = CString::new("119m19p19s1234567z").unwrap();
            hupai_parse_tiles(text.as_ptr(), orphans.as_mut_ptr());
            let mut win = 0u8;
            hupai_is_win(by_switches, orphans.as_ptr(), std::ptr::null(), 0, &mut win);
            assert_eq!(win == 1, rules.thirteen_orphans);
            hupai_engine_free(by_name);
            hupai_engine_free(by_switches);
        }
    }
    let bad = HupaiRules {
        seven_pairs: 3,
        ..HupaiRules::default()
    };
    let mut e = std::ptr::null_mut();
    // SAFETY: valid struct and out pointer.
    let status = unsafe { hupai_engine_new_with_rules(&bad, 0, std::ptr::null(), &mut e) };
    assert_eq!(status, HupaiStatus::BadArgument);
    assert!(e.is_null());
}

/// The win patterns through the C ABI: a room of big wins only from switches, 将将胡's reading
/// and the patterns a decomposition names, pattern bits no pattern has refused.
#[test]
fn win_patterns_from_switches() {
    let counts = |text: &str| {
        let mut c = [0u8; 34];
        let t = CString::new(text).unwrap();
        // SAFETY: a valid string and 34 writable counts.
        assert_eq!(
            unsafe { hupai_parse_tiles(t.as_ptr(), c.as_mut_ptr()) },
            HupaiStatus::Ok
        );
        c
    };
    let win = |e: *mut HupaiEngine, text: &str| {
        let mut w = 0u8;
        let c = counts(text);
        // SAFETY: a valid handle, 34 counts, no melds, a writable output.
        unsafe { hupai_is_win(e, c.as_ptr(), std::ptr::null(), 0, &mut w) };
        w == 1
    };
    let mut chinese = HupaiRules::default();
    let name = CString::new("chinese").unwrap();
    // SAFETY: a valid string and struct.
    unsafe { hupai_rules_preset(name.as_ptr(), &mut chinese) };
    let gate = HupaiRules {
        patterns_only: 1,
        patterns: 1 | 2 | 4 | 16,
        ..chinese
    };
    let mut e = std::ptr::null_mut();
    // SAFETY: a valid struct and out pointer.
    let status = unsafe { hupai_engine_new_with_rules(&gate, 0, std::ptr::null(), &mut e) };
    assert_eq!(status, HupaiStatus::Ok);
    assert!(!win(e, "123456789m123p55p"));
    assert!(win(e, "11123456789999m"));
    assert!(win(e, "111222333m444p55s"));
    // SAFETY: a handle of `hupai_engine_new_with_rules`, freed once.
    unsafe { hupai_engine_free(e) };

    let preset = CString::new("changsha").unwrap();
    let mut e = std::ptr::null_mut();
    // SAFETY: a valid string and out pointer.
    unsafe { hupai_engine_new(preset.as_ptr(), 0, std::ptr::null(), &mut e) };
    assert!(win(e, "111m222333p44466s"));
    let c = counts("22255588m258p258s");
    let mut decompositions = [HupaiDecomposition::default(); 8];
    let mut written = 0usize;
    // SAFETY: a valid handle, 34 counts, 8 writable decompositions and a count.
    let status = unsafe {
        hupai_decompositions(
            e,
            c.as_ptr(),
            std::ptr::null(),
            0,
            decompositions.as_mut_ptr(),
            8,
            &mut written,
        )
    };
    assert_eq!(status, HupaiStatus::Ok);
    assert!(written >= 1);
    // 将将胡 in no meld shape: form 8 + 3, pattern bit 8.
    assert!(decompositions[..written]
        .iter()
        .any(|r| r.form == 11 && r.patterns == 8));
    // SAFETY: freed once.
    unsafe { hupai_engine_free(e) };

    let bad = HupaiRules {
        patterns: 0x80,
        ..HupaiRules::default()
    };
    let mut e = std::ptr::null_mut();
    // SAFETY: a valid struct and out pointer.
    let status = unsafe { hupai_engine_new_with_rules(&bad, 0, std::ptr::null(), &mut e) };
    assert_eq!(status, HupaiStatus::BadArgument);
}

/// A buffer smaller than a hand's decompositions is refused with the size needed, as the discard
/// report's is (it used to be filled with the first decompositions, silently).
#[test]
fn decompositions_report_the_size_they_need() {
    let preset = CString::new("nanchang").unwrap();
    let mut e = std::ptr::null_mut();
    // SAFETY: a valid string and out pointer.
    let status =
        unsafe { hupai_engine_new(preset.as_ptr(), 1 << 27 | 1 << 28, std::ptr::null(), &mut e) };
    assert_eq!(status, HupaiStatus::Ok);
    // 1z and 2z wild: 12355m99m456p789s + 1z reads as a third 5m or a third 9m (2 decompositions).
    let c = hupai::parse_tiles("12355m99m456p789s1z").unwrap();
    let call = |buf: &mut [HupaiDecomposition], capacity: usize| {
        let mut written = 0usize;
        // SAFETY: a valid handle, 34 counts, `capacity` <= buf.len() writable decompositions.
        let status = unsafe {
            hupai_decompositions(
                e,
                c.as_ptr(),
                std::ptr::null(),
                0,
                buf.as_mut_ptr(),
                capacity,
                &mut written,
            )
        };
        (status, written)
    };
    let mut buf = [HupaiDecomposition::default(); HUPAI_MAX_DECOMPOSITIONS];
    let (status, all) = call(&mut buf, HUPAI_MAX_DECOMPOSITIONS);
    assert_eq!(status, HupaiStatus::Ok);
    assert!(all >= 2, "{all}");
    let mut small = [HupaiDecomposition::default(); 1];
    assert_eq!(call(&mut small, 1), (HupaiStatus::BufferTooSmall, all));
    assert_eq!(small[0], HupaiDecomposition::default(), "nothing written");
    assert_eq!(call(&mut buf, all), (HupaiStatus::Ok, all));
    // SAFETY: freed once.
    unsafe { hupai_engine_free(e) };
    // The header names every preset the calls take.
    let header = include_str!("../include/hupai.h");
    for name in hupai::Rules::PRESETS {
        assert!(header.contains(&format!("\"{name}\"")), "{name}");
    }
}

/// `hupai_odds` on a concealed hand with the caller's buffers: the status, the rows and the
/// draws it wrote (or needs).
fn odds_call(
    e: *const HupaiEngine,
    counts: &[u8; 34],
    options: Option<&HupaiOddsOptions>,
    rows: &mut [HupaiOddsRow],
    tenpai: &mut [f64],
    win: &mut [f64],
) -> (HupaiStatus, usize, u32) {
    let (mut n, mut k) = (0usize, 0u32);
    assert_eq!(tenpai.len(), win.len());
    // SAFETY: a handle (or null, refused), 34 counts, no melds, null seen, the options or
    // null, buffers of the lengths given, writable outputs.
    let status = unsafe {
        hupai_odds(
            e,
            counts.as_ptr(),
            std::ptr::null(),
            0,
            std::ptr::null(),
            options.map_or(std::ptr::null(), |o| o as *const _),
            rows.as_mut_ptr(),
            rows.len(),
            tenpai.as_mut_ptr(),
            win.as_mut_ptr(),
            tenpai.len(),
            &mut n,
            &mut k,
        )
    };
    (status, n, k)
}

#[test]
fn odds_equal_the_batch_answers_and_report_the_sizes_they_need() {
    let e = engine("riichi", 0);
    let mut rng = Rng(42);
    let mut compared = 0;
    for round in 0..40 {
        let (counts, _) = random_hand(&mut rng, 13 + round % 2, 0);
        // Short horizons on random hands, every row and both questions compared.
        let options = HupaiOddsOptions {
            draws: 4,
            backward: 1,
            sideways: 1,
            extra: 1,
            model: (round % 2) as u8,
            max_states: 20_000,
        };
        let mut rows = [HupaiOddsRow::default(); HUPAI_MAX_DISCARDS];
        let mut tenpai = [0f64; HUPAI_MAX_DISCARDS * 4];
        let mut win = [0f64; HUPAI_MAX_DISCARDS * 4];
        let (status, n, k) =
            odds_call(e, &counts, Some(&options), &mut rows, &mut tenpai, &mut win);
        let model = if round % 2 == 0 {
            "unseen"
        } else {
            "simulator"
        };
        let line = format!(
            r#"{{"hand":"{}","rules":"riichi","odds":{{"draws":4,"max_states":20000,"model":"{model}"}}}}"#,
            hupai::format_counts(&counts)
        );
        let answer: serde_json::Value =
            serde_json::from_str(&hupai::protocol::answer_line(&line, 1, Rules::chinese()))
                .unwrap();
        let odds = &answer["odds"];
        if status == HupaiStatus::TooLarge {
            assert!(odds["error"].as_str().unwrap().contains("more than"));
            continue;
        }
        assert_eq!(status, HupaiStatus::Ok, "{line}");
        assert_eq!(k as u64, odds["draws"].as_u64().unwrap());
        let want = odds["rows"].as_array().unwrap();
        assert_eq!(n, want.len());
        for (i, w) in want.iter().enumerate() {
            let tile = w["tile"]
                .as_str()
                .map_or(255, |t| Tile::parse(t).unwrap().index() as u8);
            assert_eq!(rows[i].tile, tile);
            assert_eq!(rows[i].shanten as i64, w["shanten"].as_i64().unwrap());
            assert_eq!(rows[i].states as u64, w["states"].as_u64().unwrap());
            let played = !w["win"].as_array().unwrap().is_empty();
            assert_eq!(rows[i].played == 1, played);
            for j in 0..k as usize {
                let (t, v) = (tenpai[i * k as usize + j], win[i * k as usize + j]);
                if played {
                    // serde_json reads decimals to within an ulp (Python's reader is exact:
                    // crates/hupai-py's tests compare bit for bit).
                    let near = |a: f64, b: f64| (a - b).abs() <= 4.0 * f64::EPSILON * b.abs();
                    assert!(near(t, w["tenpai"][j].as_f64().unwrap()), "{line} row {i}");
                    assert!(near(v, w["win"][j].as_f64().unwrap()), "{line} row {i}");
                } else {
                    assert_eq!((t, v), (0.0, 0.0));
                }
            }
        }
        compared += 1;
    }
    assert!(compared >= 20, "{compared}");
    // Too small a buffer: the sizes needed, nothing else.
    let counts = {
        let mut c = [0u8; 34];
        // SAFETY: a NUL-terminated string and 34 writable counts.
        let s = unsafe { hupai_parse_tiles(c"12455m34567p6777s".as_ptr(), c.as_mut_ptr()) };
        assert_eq!(s, HupaiStatus::Ok);
        c
    };
    let mut rows = [HupaiOddsRow::default(); 2];
    let mut values = [0f64; 4];
    let mut values2 = [0f64; 4];
    // The null options are the defaults.
    let got = odds_call(e, &counts, None, &mut rows, &mut values, &mut values2);
    assert_eq!(got, (HupaiStatus::BufferTooSmall, 11, 17));
    // Bad options and a null engine are statuses.
    let zero = HupaiOddsOptions {
        draws: 0,
        backward: 1,
        sideways: 1,
        extra: 1,
        model: 0,
        max_states: 10,
    };
    let got = odds_call(
        e,
        &counts,
        Some(&zero),
        &mut rows,
        &mut values,
        &mut values2,
    );
    assert_eq!(got.0, HupaiStatus::BadArgument);
    let got = odds_call(
        std::ptr::null(),
        &counts,
        None,
        &mut rows,
        &mut values,
        &mut values2,
    );
    assert_eq!(got.0, HupaiStatus::NullPointer);
    // SAFETY: a handle of `engine`, freed once.
    unsafe { hupai_engine_free(e) };
}
