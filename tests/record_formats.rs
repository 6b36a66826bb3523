//! Game records in every format hupai reads: the twenty real tenhou.net/6 records of
//! `../shared/logs` written by these tests as mjai JSON lines, Tenhou's mjlog XML and hupai's
//! own JSON lines, read back and compared event by event; and records broken at an event in
//! each format refused with the round, the event and the reason.

use hupai::record::{mjai, tenhou6, Event};

mod writers;
use writers::{bare, held, logs, sorted_calls, to_lines, to_mjai, to_mjlog, FORMATS};

/// Ignored by default: a clone need not have `../shared` beside it, and a test that checked
/// nothing must not say `ok`. `.ci/run` runs it with the sweeps (`-- --ignored`).
#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_formats -- --ignored`"]
fn the_shared_records_read_back_from_mjai() {
    let mut n = 0;
    for (name, record) in logs() {
        let text = to_mjai(&record);
        let back = mjai::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, bare(record), "{name}");
        n += 1;
    }
    assert_eq!(n, 20);
}

#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_formats -- --ignored`"]
fn the_shared_records_read_back_from_mjlog() {
    let mut n = 0;
    for (name, record) in logs() {
        let text = to_mjlog(&record);
        let back =
            hupai::record::mjlog::read(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(sorted_calls(back), sorted_calls(bare(record)), "{name}");
        n += 1;
    }
    assert_eq!(n, 20);
}

#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_formats -- --ignored`"]
fn the_shared_records_read_back_from_hupai_lines() {
    let mut n = 0;
    for (name, record) in logs() {
        let text = to_lines(&record);
        let back = hupai::record::lines::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back, bare(record), "{name}");
        n += 1;
    }
    assert_eq!(n, 20);
}

/// Records broken at one event — a discard of a tile not held, a draw out of turn, a call of
/// a tile its discarder did not discard — each refused at that round and event, in every
/// format.
#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_formats -- --ignored`"]
fn a_record_broken_at_any_event_is_refused_there_in_every_format() {
    let mut checked = [0usize; 3];
    for (name, record) in logs() {
        for (r, round) in record.rounds.iter().enumerate() {
            for (i, _) in round.events.iter().enumerate().filter(|(i, _)| i % 5 == 0) {
                let mut broken = bare(record.clone());
                let ev = &mut broken.rounds[r].events[i];
                let (what, why) = match ev {
                    Event::Discard {
                        seat,
                        tile,
                        tsumogiri,
                        ..
                    } => {
                        let h = held(round, i)[*seat as usize];
                        let absent = (0..34).find(|&k| h[k] == 0).unwrap();
                        tile.tile = hupai::Tile::from_index(absent);
                        tile.red = false;
                        *tsumogiri = false;
                        (0, "not held")
                    }
                    Event::Draw { seat, .. } => {
                        *seat = (*seat + 2) % 4;
                        (1, "out of turn")
                    }
                    Event::Call {
                        from: Some(f),
                        seat,
                        ..
                    } => {
                        // The seat neither the caller nor the discarder.
                        *f = (0..4).find(|&q| q != *f && q != *seat).unwrap();
                        (2, "")
                    }
                    _ => continue,
                };
                // Cut the round there: what follows could not replay anyway.
                broken.rounds[r].events.truncate(i + 1);
                broken.rounds.truncate(r + 1);
                for (format, write, read) in FORMATS {
                    let e = read(&write(&broken))
                        .expect_err(&format!("{name} {format} round {r} event {i}"));
                    assert_eq!(
                        (e.round, e.turn),
                        (Some(r), Some(i)),
                        "{name} {format}: {e}"
                    );
                    assert!(e.reason.contains(why), "{name} {format}: {e}");
                }
                checked[what] += 1;
            }
        }
    }
    eprintln!("broken records refused, by discard / draw / call: {checked:?}");
    assert!(checked.iter().all(|&n| n >= 10), "{checked:?}");
}

/// A 红中 game in hupai's own lines: the two 红中 held stand for what the win needs, the
/// review reads the hand with them wild, and a record that plays a fifth copy is refused.
#[test]
fn a_regional_record_in_hupai_lines_replays_with_its_wildcards() {
    let record = r#"{"game": {"players": ["A", "B", "C", "D"], "rules": "hongzhong"}}
{"round": {"kyoku": 0, "hands": ["123m456p789s11m77z", "234567m234567p2s", "234567s345678p3m", "2345678m5678s99p"]}}
{"draw": {"seat": 0, "tile": "9p"}}
{"discard": {"seat": 0, "tile": "9p", "tsumogiri": true}}
{"draw": {"seat": 1, "tile": "1p"}}
{"discard": {"seat": 1, "tile": "1p", "tsumogiri": true}}
{"draw": {"seat": 2, "tile": "1s"}}
{"discard": {"seat": 2, "tile": "1s", "tsumogiri": true}}
{"draw": {"seat": 3, "tile": "9s"}}
{"discard": {"seat": 3, "tile": "9s", "tsumogiri": true}}
{"draw": {"seat": 0, "tile": "9m"}}
{"win": {"seat": 0, "from": 0, "deltas": [24, -8, -8, -8]}}"#;
    let r = hupai::record::read(record).unwrap();
    assert_eq!(r.rules, "hongzhong");
    assert_eq!(r.rounds[0].events.len(), 9);
    let checks = hupai::record::check_wins(&r);
    assert_eq!(checks.len(), 1);
    assert!(checks[0].agrees(), "{checks:?}");
    let review = hupai::record::review(&r, &Default::default());
    assert_eq!(review.summary.decisions, 4);
    // Seat 0 holds 123m456p789s11m77z + 9p: tenpai already with its two 红中 (1-shanten
    // without them), and 9p is the tile to let go.
    let d = &review.decisions[0];
    assert_eq!(
        (d.seat, d.discard.to_string(), d.shanten),
        (0, "9p".into(), 0),
        "{d:?}"
    );
    assert!(d.agrees());
    assert_eq!(
        (review.summary.wins_checked, review.summary.wins_agree),
        (1, 1)
    );

    // The winner's hand without its 红中 as wild is no win: the same record under riichi
    // rules is checked and found wanting (and 7z is a tile there, so it replays).
    let riichi = record.replace("\"rules\": \"hongzhong\"", "\"rules\": \"riichi\"");
    let r = hupai::record::read(&riichi).unwrap();
    let checks = hupai::record::check_wins(&r);
    assert!(!checks[0].agrees(), "{checks:?}");

    // A fifth 3m (seat 0's draw) is refused at that event.
    let fifth = record.replace(
        r#"{"draw": {"seat": 0, "tile": "9m"}}"#,
        r#"{"draw": {"seat": 0, "tile": "3m"}}"#,
    );
    let e = hupai::record::read(&fifth).unwrap_err();
    assert_eq!((e.round, e.turn), (Some(0), Some(8)), "{e}");
    assert!(e.reason.contains("fifth copy of 3m"), "{e}");
    // An unknown key, a wild preset name and a seat past 3 are refused with the line.
    for (bad, why) in [
        (
            record.replace(
                "\"tsumogiri\": true}}\n{\"draw\": {\"seat\": 1",
                "\"tsumogiri\": true, \"x\": 1}}\n{\"draw\": {\"seat\": 1",
            ),
            "unknown field",
        ),
        (record.replace("hongzhong", "mahjong"), "mahjong"),
        (
            record.replace(r#"{"draw": {"seat": 2,"#, r#"{"draw": {"seat": 7,"#),
            "not a seat",
        ),
    ] {
        let e = hupai::record::read(&bad).unwrap_err();
        assert!(e.reason.contains(why), "{e}");
    }
}

/// Nanchang's 精 from the round's indicator: the round's wild kinds are the indicator and
/// the next tile, and the review reads them so.
#[test]
fn a_nanchang_round_takes_its_jing_from_the_indicator() {
    let record = r#"{"game": {"rules": "nanchang"}}
{"round": {"kyoku": 0, "jing": "1m", "hands": ["123m456p789s1m2m45z", "345678m234567p2s", "345678s345678p3m", "3456789m5678s99p"]}}
{"draw": {"seat": 0, "tile": "9p"}}
{"discard": {"seat": 0, "tile": "5z"}}
{"end": {}}"#;
    let r = hupai::record::read(record).unwrap();
    assert_eq!(r.rounds[0].wild.to_string(), "12m");
    let review = hupai::record::review(&r, &Default::default());
    let d = &review.decisions[0];
    // 123m456p789s + 1m2m (both 精) + 9p45z: discarding 4z or 5z leaves tenpai.
    assert_eq!(d.best_shanten, 0, "{d:?}");
    assert_eq!(d.shanten, 0, "{d:?}");
    let e = hupai::record::read(&record.replace("\"nanchang\"", "\"riichi\"")).unwrap_err();
    assert!(e.reason.contains("jing"), "{e}");
}

/// The example of docs/RECORDS.md replays, and its win is one.
#[test]
fn the_documented_record_replays() {
    let doc = include_str!("../docs/RECORDS.md");
    let block = doc
        .split("```json\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let r = hupai::record::read(block).unwrap();
    assert_eq!(
        (r.rules.as_str(), r.rounds[0].events.len()),
        ("hongzhong", 9)
    );
    assert!(hupai::record::check_wins(&r)[0].agrees());
}

/// A pon the 红中 record's seat could make is a chance, declined; a chi is no call there.
#[test]
fn a_call_chance_is_found_and_a_chi_refused_where_the_rules_call_none() {
    let record = r#"{"game": {"rules": "hongzhong"}}
{"round": {"kyoku": 0, "hands": ["123m456p789s11m77z", "234567m234567p2s", "234567s345678p3m", "2345678m5678s99p"]}}
{"draw": {"seat": 0, "tile": "2s"}}
{"discard": {"seat": 0, "tile": "2s"}}
{"draw": {"seat": 1, "tile": "8m"}}
{"discard": {"seat": 1, "tile": "8m"}}
{"end": {}}"#;
    let r = hupai::record::read(record).unwrap();
    let review = hupai::record::review(
        &r,
        &hupai::record::ReviewOptions {
            odds: false,
            ..Default::default()
        },
    );
    // Seat 1 holds one 2s: no pon; seat 2 holds 2s: no pair either. 8m: seat 3 holds one.
    assert!(review.calls.is_empty(), "{:?}", review.calls);
    // A pair of 2s for seat 2 (its 3m swapped for a 2s): a pon of seat 0's 2s is possible;
    // its chi of seat 1's… none: 红中 calls no chi.
    let paired = record.replace("234567s345678p3m", "2234567s345678p");
    let review = hupai::record::review(&hupai::record::read(&paired).unwrap(), &Default::default());
    let c = &review.calls[0];
    assert_eq!((c.seat, c.from, c.tile.to_string()), (2, 0, "2s".into()));
    assert_eq!(
        (c.options.clone(), c.taken),
        (vec![hupai::CallKind::Pon], None)
    );
    assert_eq!(review.summary.calls_possible, review.calls.len());
    let chi = paired.replace(
        r#"{"draw": {"seat": 1, "tile": "8m"}}"#,
        r#"{"call": {"seat": 1, "kind": "chi", "tile": "2s", "hand": "34s", "from": 0}}"#,
    );
    let e = hupai::record::read(&chi).unwrap_err();
    assert!(e.reason.contains("not a call of these rules"), "{e}");
}

/// Inputs the fuzzer found: a tag whose first character is not ASCII, and the like, are
/// refused without a panic by every reader.
#[test]
fn odd_bytes_are_refused_without_a_panic() {
    let inputs = [
        "{\"ga<\u{193}jl><GO typme\":",
        "<\u{193}12/>",
        "<mjloggm><\u{e9}5/></mjloggm>",
        "<INIT seed=\"0,0,0,0,0,999\" ten=\"1,1,1,1\" oya=\"0\" hai0=\"\"/>",
    ];
    // mjai writes a red five "5mr": "0m" (MPSZ's red five) is no mjai tile.
    let e = mjai::read(r#"{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[0,0,0,0],"dora_marker":"0m","tehais":[[],[],[],[]]}"#).unwrap_err();
    assert!(e.reason.contains("0m is not a tile"), "{e}");
    for text in inputs {
        for read in [
            hupai::record::read,
            tenhou6::read,
            mjai::read,
            hupai::record::mjlog::read,
            hupai::record::lines::read,
        ] {
            assert!(read(text).is_err(), "{text}");
        }
    }
}

/// Riichi is declared on a tenpai hand: a rule of play, the table's. A riichi discard that
/// leaves the hand 4-shanten is placed by every reader (the tiles are held, the turn is the
/// seat's) and refused by the table at that event, in mjai as in hupai's lines; a room that
/// plays no riichi refuses the declaration as it is read.
#[test]
fn a_riichi_far_from_tenpai_is_refused_at_the_table() {
    let lines = r#"{"game": {"players": ["A", "B", "C", "D"], "rules": "riichi"}}
{"round": {"kyoku": 0, "dora": "1z", "hands": ["1358m246p1357s12z", "234567m234s66s46p", "345678m456s77s34p", "111999m111999p5z"]}}
{"draw": {"seat": 0, "tile": "5p"}}
{"discard": {"seat": 0, "tile": "5p", "tsumogiri": true, "riichi": true}}
{"end": {"reason": "流局", "deltas": [0, 0, 0, 0]}}"#;
    let mjai = r#"{"type":"start_game","names":["A","B","C","D"]}
{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"dora_marker":"E","tehais":[["1m","3m","5m","8m","2p","4p","6p","1s","3s","5s","7s","E","S"],["2m","3m","4m","5m","6m","7m","2s","3s","4s","6s","6s","4p","6p"],["3m","4m","5m","6m","7m","8m","4s","5s","6s","7s","7s","3p","4p"],["1m","1m","1m","9m","9m","9m","1p","1p","1p","9p","9p","9p","P"]]}
{"type":"tsumo","actor":0,"pai":"5p"}
{"type":"reach","actor":0}
{"type":"dahai","actor":0,"pai":"5p","tsumogiri":true}
{"type":"ryukyoku","deltas":[0,0,0,0]}
{"type":"end_kyoku"}"#;
    for record in [
        hupai::record::lines::read(lines).unwrap(),
        mjai::read(mjai).unwrap(),
    ] {
        let check = hupai::record::play_round(0, &record.rounds[0]);
        assert_eq!(
            (check.actions_checked, check.actions_legal),
            (1, 0),
            "{check:?}"
        );
        assert!(
            check.disagreements[0].starts_with("round 1, event 2: "),
            "{check:?}"
        );
        assert!(check.disagreements[0].contains("riichi"), "{check:?}");
        let review = hupai::record::review(&record, &Default::default());
        assert_eq!(review.summary.rounds_refused, 1);
    }
    let room = lines.replace("\"riichi\"}}", "\"guobiao\"}}");
    assert!(room.contains("guobiao"));
    let e = hupai::record::lines::read(&room).unwrap_err();
    assert!(e.reason.contains("riichi rooms only"), "{e}");
}

/// A record read round by round (`record::rounds`, what `hupai review` streams) is the record
/// `read` gives, in every format: the same rounds, players, rules and cut; and a review made
/// round by round sums (`Summary::add`) to the sum of every decision at once.
#[test]
#[ignore = "needs ../shared beside the checkout: `cargo test --release --test record_formats -- --ignored`"]
fn every_format_reads_round_by_round_as_whole() {
    use hupai::record::{read, review_round, rounds, ReviewOptions, Summary};
    let opts = ReviewOptions {
        odds: false,
        ..ReviewOptions::default()
    };
    let mut n = 0;
    for (name, record) in logs() {
        for (format, text) in [
            ("mjai", to_mjai(&record)),
            ("mjlog", to_mjlog(&record)),
            ("lines", to_lines(&record)),
        ] {
            let whole = read(&text).unwrap_or_else(|e| panic!("{name} {format}: {e}"));
            let mut by_round = rounds(&text).unwrap();
            let (mut decisions, mut calls, mut wins) = (Vec::new(), Vec::new(), Vec::new());
            let mut sum = Summary::default();
            for (i, r) in by_round.by_ref().enumerate() {
                let r = r.unwrap();
                assert_eq!(r, whole.rounds[i], "{name} {format} round {i}");
                let reviewed = review_round(&whole.rules, i, &r, &opts, &|| false).unwrap();
                sum.add(&reviewed.summary);
                decisions.extend(reviewed.decisions);
                calls.extend(reviewed.calls);
                wins.extend(reviewed.wins);
            }
            assert_eq!(by_round.players(), &whole.players[..], "{name} {format}");
            assert_eq!(by_round.rules(), whole.rules, "{name} {format}");
            assert_eq!(by_round.cut(), None, "{name} {format}");
            let at_once = Summary::of(
                &decisions,
                &calls,
                &wins,
                whole.rounds.len(),
                Default::default(),
            );
            assert_eq!(
                (sum.decisions, sum.agree, sum.calls_agree, sum.wins_agree),
                (
                    at_once.decisions,
                    at_once.agree,
                    at_once.calls_agree,
                    at_once.wins_agree
                )
            );
            assert!(
                (sum.ukeire_loss - at_once.ukeire_loss).abs() < 1e-12,
                "{name} {format}"
            );
            n += 1;
        }
    }
    assert_eq!(n, 60);
}

/// A record cut in its last round, read round by round: every whole round, then the cut.
#[test]
fn a_cut_is_told_after_the_last_whole_round() {
    let seeds = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/records");
    let text = std::fs::read_to_string(seeds.join("seed_small.mjai")).unwrap();
    // The round twice, the second without its result: the last round is cut.
    let lines: Vec<&str> = text.lines().collect();
    let round = &lines[1..lines.len() - 1]; // start_kyoku … end_kyoku
    let mut two = vec![lines[0]];
    two.extend(round);
    two.extend(&round[..round.len() - 2]);
    let cut = two.join("\n");
    let whole = hupai::record::read(&lines[..lines.len() - 1].join("\n")).unwrap();
    let whole = hupai::record::Record {
        rounds: vec![whole.rounds[0].clone(), whole.rounds[0].clone()],
        ..whole
    };
    let mut rounds = hupai::record::rounds(&cut).unwrap();
    let read: Vec<_> = rounds.by_ref().collect::<Result<_, _>>().unwrap();
    assert_eq!(read, whole.rounds[..1]);
    assert_eq!(rounds.players(), ["A", "B", "C", "D"]);
    let c = rounds.cut().expect("the cut told");
    assert_eq!((c.round, c.turn), (Some(1), Some(10))); // its ten events read
    assert!(c.reason.contains("cut off"), "{c}");
}

/// A tenhou.net/6 round's lists are played to their end: a draw or discard left over is
/// refused (it never happened); a round far longer than any game's is refused before it is
/// read into values, and so is an mjai or hupai line.
#[test]
fn leftovers_and_giant_parts_are_refused() {
    let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
      [11,12,13,14,15,16,17,18,19,21,22,23,24], [25], [25],
      [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
      [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
      [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
      ["流局", [0, 0, 0, 0]]]]}"#;
    assert!(tenhou6::read(text).is_ok());
    // Seat 2 with a draw and a discard it never played.
    let left = text.replace("[43], [43]", "[43, 43], [43, 43]");
    let e = tenhou6::read(&left).unwrap_err();
    assert!(
        e.reason.contains("seat 2 has draws or discards left"),
        "{e}"
    );
    assert_eq!(e.round, Some(0));
    // A round of 100,000 draws: refused by its size, in a few kilobytes of memory.
    let giant = text.replace(
        "[25], [25]",
        &format!("[{}], [25]", vec!["25"; 100_000].join(",")),
    );
    let e = tenhou6::read(&giant).unwrap_err();
    assert!(
        e.reason.contains("a round of") && e.reason.contains("bytes"),
        "{e}"
    );
    let line = format!(
        r#"{{"type":"start_game","names":["{}","B","C","D"]}}"#,
        "A".repeat(70_000)
    );
    let e = mjai::read(&line).unwrap_err();
    assert!(e.reason.contains("bytes"), "{e}");
}
