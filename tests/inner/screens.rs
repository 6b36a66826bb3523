//! The win screens (`src/screen.rs`): necessary conditions that turn most hands away before
//! any table load must never turn away a win.

use super::reference::hands::*;
use super::reference::Rng;
use crate::screen::WinScreen;
use crate::{Hand, Rules, TileSet};

#[test]
fn win_screens_never_reject_a_win_and_reject_most_random_hands() {
    win_screens_never_reject_a_win_and_reject_most_random_hands_of(22_500);
}

/// The full sweep of [`win_screens_never_reject_a_win_and_reject_most_random_hands`].
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn win_screens_never_reject_a_win_and_reject_most_random_hands_sweep() {
    win_screens_never_reject_a_win_and_reject_most_random_hands_of(90_000);
}

/// A hand of `counts` with one to three of its tiles moved to copies of a random wild kind
/// (a complete hand stays complete: each such copy is a wildcard standing in for the tile).
fn with_wildcards(rng: &mut Rng, mut counts: [u8; 34]) -> Hand {
    let wild = rng.below(34) as usize;
    for _ in 0..1 + rng.below(3) {
        let from = (0..34)
            .cycle()
            .skip(rng.below(34) as usize)
            .find(|&k| counts[k] > 0 && k != wild)
            .expect("a hand holds tiles");
        if counts[wild] < 4 {
            counts[from] -= 1;
            counts[wild] += 1;
        }
    }
    let wild = TileSet::from_iter([hupai::Tile::from_index(wild)]);
    Hand::new(counts, &[], wild).expect("a hand")
}

fn win_screens_never_reject_a_win_and_reject_most_random_hands_of(n: usize) {
    let reference = Reference::new();
    let mut rng = Rng(77);
    let (mut wins, mut special_wins, mut random_rejected) = (0, 0, 0);
    for i in 0..n {
        // The screens serve rules without patterns (patterned engines never ask them): the
        // rule sets with their patterns taken away.
        let rules = Rules {
            plain_win: true,
            patterns: hupai::Patterns::NONE,
            ..preset(i / 3)
        };
        let screen = WinScreen::new(&rules);
        let h = match i % 3 {
            // One hand in two of these with up to 3 wildcards, for the wild screen.
            0 => random_hand(&mut rng, 14, (i / 9) % 3, (i % 2 * 3) as u8, &rules),
            // One special win in two with some of its tiles made wildcards.
            1 if i % 2 == 0 => {
                let win = special_win(&mut rng);
                with_wildcards(&mut rng, win)
            }
            1 => Hand::new(special_win(&mut rng), &[], TileSet::EMPTY).unwrap(),
            _ => Hand::new(rng.hand(14), &[], TileSet::EMPTY).unwrap(),
        };
        // Hands with wildcards (红中麻将's 7z are wild whenever held) take the wild screen.
        let passes = if h.wildcards() > 0 {
            screen.may_win_wild(
                &h.kind_masks(),
                h.group_sizes(),
                h.meld_count(),
                h.wildcards(),
            )
        } else {
            screen.may_win(&h.kind_masks(), h.group_sizes(), h.meld_count())
        };
        let wins_ref = reference.wins(&h, &rules);
        assert!(passes || !wins_ref, "screen rejects the win {h} {rules:?}");
        wins += wins_ref as u32;
        special_wins += (i % 3 == 1 && wins_ref) as u32;
        random_rejected += (i % 3 == 2 && !passes) as u32;
    }
    // Measured on 150,000 over the first three presets: 38,012 wins, 25,756 of them special
    // forms; half the presets now leave the honors out, and few random hands fit them.
    assert!(
        wins as usize * 15 > 2 * n,
        "the sample must hold many wins: {wins} of {n}"
    );
    assert!(
        special_wins as usize * 25 > 2 * n,
        "special wins: {special_wins} of {n}"
    );
    // Random 14-tile hands: the screens turn away 94.4% over the three presets (98.8% without
    // honor runs, where a single honor is never usable).
    // Measured on 90,000 over the seven presets: 24,841 with the kind masks alone (guobiao's
    // knitted straight has no mask screen, so its hands all passed), 29,483 with the group
    // sizes too (a complete hand's groups hold melds of three and one pair).
    assert!(
        random_rejected as usize * 90 > 29 * n,
        "rejected {random_rejected} of {}",
        n / 3
    );
}
