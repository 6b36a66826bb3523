//! The counts entries (`Engine::shanten_counts`, `is_win_counts`, `ukeire_counts`,
//! `waits_and_ukeire_counts`) build only
//! what their answer reads; they must answer exactly as the answer of the hand built with
//! `Hand::under` — the same value or the same error — under every preset, with and without
//! wildcards, on random hands, hands near a win and bad counts — on every instruction set the
//! entries are compiled for (`Isa`): each test runs once per set, the x86-64-v3 one shown as
//! ignored on a CPU that does not run it.

mod reference;

use hupai::{Engine, Hand, Isa, Rules, Tile, TileSet};
use reference::Rng;

/// A random concealed hand of `tiles` tiles, `w` of them copies of random wild kinds, and its
/// wild kinds; now and then with a count past 4 or the wrong number of tiles.
fn hand(rng: &mut Rng, tiles: usize, w: u8, in_play: TileSet) -> ([u8; 34], TileSet) {
    let mut c = if rng.below(3) == 0 {
        rng.shaped_hand(tiles)
    } else {
        rng.hand(tiles)
    };
    // Tiles out of play (sichuan's honors) move to kinds in play, but now and then.
    if rng.below(20) != 0 {
        for t in 0..34 {
            while c[t] > 0 && !in_play.contains(Tile::from_index(t)) {
                let k = rng.below(34) as usize;
                if in_play.contains(Tile::from_index(k)) && c[k] < 4 {
                    c[t] -= 1;
                    c[k] += 1;
                }
            }
        }
    }
    let mut wild = TileSet::EMPTY;
    for _ in 0..w {
        // Turn a tile into a copy of a wild kind (one or two kinds).
        let k = if wild.0 != 0 && rng.below(2) == 0 {
            wild.iter().next().unwrap().index()
        } else {
            rng.below(34) as usize
        };
        if !in_play.contains(Tile::from_index(k)) {
            continue;
        }
        if let Some(t) = (0..34).find(|&t| c[t] > 0 && t != k) {
            if c[k] < 4 {
                c[t] -= 1;
                c[k] += 1;
                wild.insert(Tile::from_index(k));
            }
        }
    }
    match rng.below(40) {
        0 => c[rng.below(34) as usize] = 5,
        1 => c[rng.below(34) as usize] += 1,
        _ => {}
    }
    (c, wild)
}

/// The batch entries (`Engine::shanten_counts_each`, `is_win_counts_each`), dispatched by the
/// engine's instruction set, asked one hand at a time.
fn shanten_each(engine: &Engine, c: &[u8; 34], wild: TileSet) -> Result<i8, hupai::HandError> {
    let mut out = Ok(0);
    engine.shanten_counts_each(std::slice::from_ref(c), wild, |_, r| out = r);
    out
}

fn win_each(engine: &Engine, c: &[u8; 34], wild: TileSet) -> Result<bool, hupai::HandError> {
    let mut out = Ok(false);
    engine.is_win_counts_each(std::slice::from_ref(c), wild, |_, r| out = r);
    out
}

#[test]
fn counts_entries_answer_as_the_built_hand_under_every_preset() {
    every_preset(Isa::Baseline);
}

#[test]
#[cfg_attr(not(hupai_cpu_v3), ignore = "this CPU does not run x86-64-v3")]
fn counts_entries_answer_as_the_built_hand_under_every_preset_x86_64_v3() {
    every_preset(Isa::X86_64V3);
}

fn every_preset(isa: Isa) {
    let mut rng = Rng(29);
    for name in Rules::PRESETS {
        let rules = Rules::preset(name).unwrap();
        let engine = Engine::new(rules)
            .with_isa(isa)
            .expect("the CPU runs the set");
        // The improving walk (ukeire, waits, the discard report) is compiled per set too:
        // each set answers as the baseline.
        let baseline = engine.with_isa(Isa::Baseline).expect("every CPU runs it");
        let mut answered = 0;
        for i in 0..6_000 {
            let w = [0, 0, 1, 2, 4, 8][i % 6];
            let (c13, wild13) = hand(&mut rng, 13, w, rules.in_play());
            let (c14, wild14) = hand(&mut rng, 14, w, rules.in_play());
            let built13 = Hand::under(c13, &[], wild13, &rules);
            let built14 = Hand::under(c14, &[], wild14, &rules);
            for (c, wild, built) in [(&c13, wild13, &built13), (&c14, wild14, &built14)] {
                assert_eq!(
                    shanten_each(&engine, c, wild),
                    engine.shanten_counts(c, wild),
                    "{name}: batch shanten of {c:?} wild {wild:?}"
                );
                assert_eq!(
                    win_each(&engine, c, wild),
                    engine.is_win_counts(c, wild),
                    "{name}: batch win of {c:?} wild {wild:?}"
                );
                assert_eq!(
                    engine.shanten_counts(c, wild),
                    built
                        .as_ref()
                        .map(|h| engine.shanten(h))
                        .map_err(Clone::clone),
                    "{name}: shanten of {c:?} wild {wild:?}"
                );
                assert_eq!(
                    engine.is_win_counts(c, wild),
                    built
                        .as_ref()
                        .map(|h| engine.is_win(h))
                        .map_err(Clone::clone),
                    "{name}: win of {c:?} wild {wild:?}"
                );
                let seen = [0; 34];
                assert_eq!(
                    engine.ukeire_counts(c, wild, &seen),
                    built
                        .as_ref()
                        .map_err(Clone::clone)
                        .and_then(|h| engine.ukeire(h, &seen)),
                    "{name}: ukeire of {c:?} wild {wild:?}"
                );
                assert_eq!(
                    engine.waits_and_ukeire_counts(c, wild, &seen),
                    built
                        .as_ref()
                        .map_err(Clone::clone)
                        .and_then(|h| engine.waits_and_ukeire(h, &seen)),
                    "{name}: waits and ukeire of {c:?} wild {wild:?}"
                );
                assert_eq!(
                    engine.waits_and_ukeire_counts(c, wild, &seen),
                    baseline.waits_and_ukeire_counts(c, wild, &seen),
                    "{name}: waits and ukeire of {c:?} wild {wild:?} on the baseline"
                );
                if let Some(h) = built.as_ref().ok().filter(|h| h.is_complete_count()) {
                    assert_eq!(
                        engine.discards(h, &seen),
                        baseline.discards(h, &seen),
                        "{name}: discards of {c:?} wild {wild:?} on the baseline"
                    );
                }
                answered += built.is_ok() as usize;
            }
        }
        // Most hands are hands (the errors are a few percent).
        assert!(answered > 11_000, "{name}: {answered} hands answered");
    }
}

/// The win check from counts on the cases callers send (`reference::cases`): winning hands
/// and random ones with exactly 0, 1, 2, 4 and 8 wildcards, under every preset, answers as the
/// built hand's; and most winning cases are wins (so the path that answers them is taken).
#[test]
fn the_win_check_from_counts_answers_as_the_built_hand_on_the_cases() {
    the_cases(Isa::Baseline);
}

#[test]
#[cfg_attr(not(hupai_cpu_v3), ignore = "this CPU does not run x86-64-v3")]
fn the_win_check_from_counts_answers_as_the_built_hand_on_the_cases_x86_64_v3() {
    the_cases(Isa::X86_64V3);
}

fn the_cases(isa: Isa) {
    let mut rng = Rng(31);
    for name in Rules::PRESETS {
        let rules = Rules::preset(name).unwrap();
        let engine = Engine::new(rules)
            .with_isa(isa)
            .expect("the CPU runs the set");
        let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
        let mut wins = 0;
        for i in 0..20_000 {
            let w = [0, 1, 2, 4, 8][i % 5];
            let winning = i % 2 == 0;
            let (c, wild) = reference::cases::case_counts(&mut rng, &kinds, 14, w, winning);
            let built = Hand::under(c, &[], wild, &rules);
            let from_counts = engine.is_win_counts(&c, wild);
            assert_eq!(
                win_each(&engine, &c, wild),
                from_counts,
                "{name}: batch win"
            );
            assert_eq!(
                from_counts,
                built
                    .as_ref()
                    .map(|h| engine.is_win(h))
                    .map_err(Clone::clone),
                "{name}: win of {c:?} wild {wild:?}"
            );
            wins += (from_counts == Ok(true)) as usize;
        }
        // Winning cases are wins where the rules take their shape (a 258 pair, a lacked suit,
        // the honors in play): a few thousand of the 10,000 under every preset.
        assert!(wins > 2_500, "{name}: {wins} wins");
    }
}

/// The counts entries under rule switches in any combination (the forms, their seven-pairs
/// rule, tiles in play, 缺一门, the 258 pair, a rules' wild kind, the win patterns), not only
/// the presets': the lean paths pick their screens by the rules, so every combination answers
/// as the built hand.
#[test]
fn counts_entries_answer_as_the_built_hand_under_any_switches() {
    any_switches(Isa::Baseline);
}

#[test]
#[cfg_attr(not(hupai_cpu_v3), ignore = "this CPU does not run x86-64-v3")]
fn counts_entries_answer_as_the_built_hand_under_any_switches_x86_64_v3() {
    any_switches(Isa::X86_64V3);
}

fn any_switches(isa: Isa) {
    let mut rng = Rng(37);
    let mut wins = 0;
    for round in 0..2_000 {
        let rules = reference::switches_of(rng.below(256) as u8, rng.below(256) as u8);
        let engine = Engine::new(rules)
            .with_isa(isa)
            .expect("the CPU runs the set");
        let kinds: Vec<usize> = rules.in_play().iter().map(|t| t.index()).collect();
        for i in 0..10 {
            let w = [0, 1, 2, 4, 8][(round + i) % 5];
            let (c, wild) = if i % 2 == 0 {
                reference::cases::case_counts(&mut rng, &kinds, 14, w, true)
            } else {
                hand(&mut rng, 13 + i % 4 / 2, w, rules.in_play())
            };
            let built = Hand::under(c, &[], wild, &rules);
            let win = engine.is_win_counts(&c, wild);
            assert_eq!(win_each(&engine, &c, wild), win, "batch win");
            assert_eq!(
                shanten_each(&engine, &c, wild),
                engine.shanten_counts(&c, wild),
                "batch shanten"
            );
            assert_eq!(
                win,
                built
                    .as_ref()
                    .map(|h| engine.is_win(h))
                    .map_err(Clone::clone),
                "{rules:?}: win of {c:?} wild {wild:?}"
            );
            assert_eq!(
                engine.shanten_counts(&c, wild),
                built
                    .as_ref()
                    .map(|h| engine.shanten(h))
                    .map_err(Clone::clone),
                "{rules:?}: shanten of {c:?} wild {wild:?}"
            );
            wins += (win == Ok(true)) as usize;
        }
    }
    assert!(wins > 2_000, "{wins} wins");
}
