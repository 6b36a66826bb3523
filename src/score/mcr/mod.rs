//! Chinese Official (MCR, 国标) scoring: the fans of every reading of a win — the standard
//! form's divisions ([`regular`]), seven pairs, thirteen orphans, 全不靠 and 七星不靠, the
//! knitted straight (组合龙) with one set and a pair, nine gates — with the rule book's
//! exclusions ([`traits::exclude`]); the best reading's fans, flowers, and whether the win
//! reaches the 8-fan minimum.

pub(crate) mod fans;
pub(crate) mod regular;
pub(crate) mod tally;
pub(crate) mod traits;

use crate::forms::arrangement_kinds;
use crate::score::hand::{ScoreError, WinningHand};
use crate::score::reading::{called_blocks, splits, splits_any, Block, SetShape};
use crate::score::win::Win;
use crate::tile::Tile;
use fans::Fan;
use regular::{division_fans, wind_fans, WinFacts};
use tally::Tally;
use traits::{exclude, range_fans, suit_fans, tile_fans, tile_hog, win_fans, WinFlags};

/// An MCR win's score: the fans with how many times each counts, the flowers, the total, and
/// whether the fans (flowers apart) reach the 8-fan minimum a win needs.
///
/// ```
/// use hupai::{Engine, Fan, Rules, Tile, Win, WinningHand};
/// let engine = Engine::new(Rules::guobiao());
/// let hand = WinningHand::new("147m258p369s123m55z", "5z", &[]).unwrap();
/// let s = engine.score(&hand, &Win { tsumo: true, ..Win::default() }).unwrap().mcr().unwrap();
/// assert!(s.fans.contains(&(Fan::KnittedStraight, 1)));
/// assert!(s.meets_minimum);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct McrScore {
    /// The fans that count and how many times each.
    pub fans: Vec<(Fan, u32)>,
    /// Flower tiles: a point each, not counted toward the minimum.
    pub flowers: u32,
    /// The points: the fans' and the flowers'.
    pub total: u32,
    /// The fans (flowers apart) reach 8: the win may be claimed.
    pub meets_minimum: bool,
}

/// Kinds the 13 tiles before the win wait on (regular form with `fixed` calls, and seven
/// pairs for 13 concealed tiles). A shape that waits on a fifth copy (虚听: 5555 as 555 and
/// a lone 5) counts as a wait: the hand does not wait on one tile alone.
fn wait_count(standing: &[u8; 34], fixed: usize) -> usize {
    let tiles: u32 = standing.iter().map(|&c| c as u32).sum();
    (0..34)
        .filter(|&t| {
            let mut c = *standing;
            c[t] += 1;
            let pairs = tiles == 13 && c.iter().all(|&n| n % 2 == 0);
            pairs || splits_any(&c, fixed)
        })
        .count()
}

/// Scores `hand` won as `win` says, under Chinese Official rules.
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<McrScore, ScoreError> {
    let flags = check(hand, win)?;
    let concealed = *hand.concealed();
    let all = hand.all_counts();
    let fixed = hand.calls().len();
    let w = hand.win_tile().index();
    let seat = win.seat_wind.index() as u8;
    let round = win.round_wind.index() as u8;
    let mut best: Option<Tally> = None;
    let keep = |t: Tally, best: &mut Option<Tally>, prefer: bool| {
        let better = match best {
            None => true,
            Some(b) => t.points() > b.points() || (t.points() == b.points() && prefer),
        };
        if better && !t.is_empty() {
            *best = Some(t);
        }
    };
    let mut seven_pairs = false;
    if fixed == 0 {
        if let Some(t) = special_forms(&concealed, &all, w, flags, &mut seven_pairs) {
            keep(t, &mut best, false);
        }
    }
    if best.is_none() && fixed <= 1 {
        if let Some(t) = knitted_straight(hand, &all, flags, seat, round) {
            keep(t, &mut best, false);
        }
    }
    if best.is_none() && fixed == 0 {
        if let Some(t) = nine_gates(&concealed, w, flags) {
            keep(t, &mut best, false);
        }
    }
    if best.is_none() || seven_pairs {
        let mut standing = concealed;
        standing[w] -= 1;
        let facts = WinFacts {
            win: w as u8,
            tsumo: flags.tsumo,
            unique_wait: wait_count(&standing, fixed) == 1,
            fixed,
        };
        let mut found = Vec::new();
        splits(&concealed, &called_blocks(hand), fixed, &mut found);
        // Divisions in order of their sets (a pung before a chow of the same first tile),
        // then of the pair: of two divisions worth the same, the first is kept.
        let key = |b: &Block| (b.tile, b.shape != SetShape::Pung);
        found.sort_by_key(|(blocks, pair)| {
            let mut sets: Vec<(u8, bool)> = blocks[fixed..].iter().map(key).collect();
            sets.sort();
            (sets, *pair)
        });
        for (blocks, pair) in &found {
            let t = regular(blocks, *pair, &all, &facts, flags, seat, round);
            let prefer = seven_pairs || t.get(Fan::PureTripleChow) == 1 || t.has(Fan::TriplePung);
            keep(t, &mut best, prefer);
        }
    }
    let t = best.ok_or(ScoreError::NotAWin)?;
    let points = t.points();
    let flowers = win.flowers as u32;
    let mut fans = t.list();
    if flowers > 0 {
        fans.push((Fan::FlowerTiles, flowers));
    }
    Ok(McrScore {
        fans,
        flowers,
        total: points + flowers,
        meets_minimum: points >= 8,
    })
}

/// The fans of one division of the standard form.
fn regular(
    blocks: &[Block; 4],
    pair: u8,
    all: &[u32; 34],
    facts: &WinFacts,
    flags: WinFlags,
    seat: u8,
    round: u8,
) -> Tally {
    let mut t = Tally::default();
    win_fans(flags, &mut t);
    division_fans(blocks, pair, facts, &mut t);
    suit_fans(all, &mut t);
    tile_fans(all, &mut t);
    range_fans(all, &mut t);
    if !t.has(Fan::QuadrupleChow) {
        let kongs = blocks.iter().filter(|b| b.shape == SetShape::Kong).count();
        tile_hog(all, kongs, &mut t);
    }
    exclude(&mut t);
    let winds: Vec<u8> = blocks
        .iter()
        .filter(|b| b.shape != SetShape::Chow && (27..31).contains(&b.tile))
        .map(|b| b.tile)
        .collect();
    wind_fans(&winds, seat, round, &mut t);
    if t.is_empty() {
        t.add(Fan::ChickenHand);
    }
    t
}

/// Seven pairs (a four as two pairs), 全不靠 / 七星不靠 and thirteen orphans.
fn special_forms(
    concealed: &[u8; 34],
    all: &[u32; 34],
    w: usize,
    flags: WinFlags,
    seven_pairs: &mut bool,
) -> Option<Tally> {
    let mut t = Tally::default();
    if concealed.iter().all(|&c| c % 2 == 0) {
        *seven_pairs = true;
        let s = w / 9;
        let shifted =
            s < 3 && (0..3).any(|start| (0..7).all(|k| concealed[9 * s + start + k] == 2));
        if shifted {
            t.add(Fan::SevenShiftedPairs);
            if concealed[9 * s] == 0 && concealed[9 * s + 8] == 0 {
                t.add(Fan::AllSimples);
            }
            win_fans(flags, &mut t);
        } else {
            t.add(Fan::SevenPairs);
            suit_fans(all, &mut t);
            tile_fans(all, &mut t);
            range_fans(all, &mut t);
            tile_hog(all, 0, &mut t);
            win_fans(flags, &mut t);
            exclude(&mut t);
        }
        return Some(t);
    }
    let kinds: Vec<usize> = (0..34).filter(|&i| concealed[i] > 0).collect();
    if kinds.len() == 14 {
        let suited: Vec<usize> = kinds.iter().copied().filter(|&i| i < 27).collect();
        let honors = 14 - suited.len();
        let fits = (0..6).any(|a| suited.iter().all(|i| arrangement_kinds(a).contains(i)));
        if fits && (7..=9).contains(&suited.len()) {
            if honors == 7 {
                t.add(Fan::GreaterHonorsAndKnittedTiles);
            } else {
                t.add(Fan::LesserHonorsAndKnittedTiles);
                if suited.len() == 9 {
                    t.add(Fan::KnittedStraight);
                }
            }
            win_fans(flags, &mut t);
            return Some(t);
        }
    }
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    if kinds.len() == 13 && kinds.iter().all(|i| orphans.contains(i)) {
        t.add(Fan::ThirteenOrphans);
        win_fans(flags, &mut t);
        return Some(t);
    }
    None
}

/// The knitted straight with one more set and a pair (the set may be the one call).
fn knitted_straight(
    hand: &WinningHand,
    all: &[u32; 34],
    flags: WinFlags,
    seat: u8,
    round: u8,
) -> Option<Tally> {
    let concealed = *hand.concealed();
    let fixed = hand.calls().len();
    let body = (0..6)
        .map(arrangement_kinds)
        .find(|kinds| kinds.iter().all(|&i| concealed[i] > 0))?;
    let mut rest = concealed;
    for &i in &body {
        rest[i] -= 1;
    }
    // The rest: one set (or the call) and a pair, in exactly one way.
    // The knitted nine stand for three sets; the call, if any, is the fourth.
    let mut acc = called_blocks(hand);
    acc[3] = acc[0];
    let mut found = Vec::new();
    splits(&rest, &acc, 3 + fixed, &mut found);
    if found.len() != 1 {
        return None;
    }
    let (blocks, pair) = found[0];
    let set = blocks[3];
    let w = hand.win_tile().index() as u8;
    let mut t = Tally::default();
    t.add(Fan::KnittedStraight);
    if set.shape == SetShape::Chow {
        if pair < 27 {
            t.add(Fan::AllChows);
        }
        if all[pair as usize] == 4 {
            t.add(Fan::TileHog);
        }
    } else if Tile::from_index(set.tile as usize).is_honor() {
        if set.tile < 31 {
            t.add(Fan::PungOfTerminalsOrHonors);
            wind_fans(&[set.tile], seat, round, &mut t);
            if pair >= 31 {
                t.add(Fan::AllTypes);
            }
        } else {
            t.add(Fan::DragonPung);
            if (27..31).contains(&pair) {
                t.add(Fan::AllTypes);
            }
        }
    } else {
        if Tile::from_index(set.tile as usize).is_terminal() {
            t.add(Fan::PungOfTerminalsOrHonors);
        }
        if pair < 27 {
            t.add(Fan::NoHonors);
        }
        if set.shape != SetShape::Kong && all[set.tile as usize] == 4 {
            t.add(Fan::TileHog);
        }
    }
    win_fans(flags, &mut t);
    if set.called {
        if set.shape == SetShape::Kong {
            t.add(Fan::MeldedKong);
        }
    } else {
        if set.shape == SetShape::Kong {
            t.add(Fan::ConcealedKong);
        }
        if flags.tsumo {
            t.add(Fan::FullyConcealedHand);
            t.set(Fan::SelfDrawn, 0);
        } else {
            t.add(Fan::ConcealedHand);
        }
    }
    // The wait fans, when the winning tile may be of the set or the pair (not only of the
    // knitted nine).
    if rest[w as usize] > 0 {
        if fixed == 0 {
            let mut standing = rest;
            standing[w as usize] -= 1;
            if wait_count(&standing, 3) == 1 {
                let facts = WinFacts {
                    win: w,
                    tsumo: flags.tsumo,
                    unique_wait: true,
                    fixed: 3,
                };
                let mut waits = Tally::default();
                division_fans(&blocks, pair, &facts, &mut waits);
                for f in [Fan::EdgeWait, Fan::ClosedWait, Fan::SingleWait] {
                    if waits.has(f) {
                        t.add(f);
                    }
                }
            }
        } else {
            t.add(Fan::SingleWait);
        }
    }
    exclude(&mut t);
    Some(t)
}

/// Nine gates: 1112345678999 of one suit and the winning tile of the same suit.
fn nine_gates(concealed: &[u8; 34], w: usize, flags: WinFlags) -> Option<Tally> {
    if Tile::from_index(w).is_honor() {
        return None;
    }
    let s = 9 * (w / 9);
    let mut before = *concealed;
    before[w] -= 1;
    let gates = [3, 1, 1, 1, 1, 1, 1, 1, 3];
    if (0..34).any(|i| {
        before[i]
            != if (s..s + 9).contains(&i) {
                gates[i - s]
            } else {
                0
            }
    }) {
        return None;
    }
    let mut t = Tally::default();
    t.add(Fan::NineGates);
    match w - s + 1 {
        1 | 9 => {
            t.add(Fan::PureStraight);
            t.add(Fan::TileHog);
        }
        2 | 8 => {
            t.add(Fan::TwoConcealedPungs);
            t.add(Fan::ShortStraight);
            t.add(Fan::PungOfTerminalsOrHonors);
        }
        5 => {
            t.add(Fan::TwoConcealedPungs);
            t.add(Fan::PungOfTerminalsOrHonors);
        }
        _ => t.add(Fan::ShortStraight),
    }
    win_fans(flags, &mut t);
    Some(t)
}

/// The win's flags as MCR reads them, refusing those that cannot be.
fn check(hand: &WinningHand, win: &Win) -> Result<WinFlags, ScoreError> {
    let bad = |m: &str| Err(ScoreError::BadSituation(m.to_string()));
    let wind = |t: crate::tile::Tile| (27..31).contains(&t.index());
    if !wind(win.seat_wind) || !wind(win.round_wind) {
        return bad("a seat or round wind is one of 1z 2z 3z 4z");
    }
    if win.tsumo && (win.houtei || win.chankan) {
        return bad("海底捞月 and 抢杠和 are won on another's tile");
    }
    if !win.tsumo && (win.haitei || win.rinshan) {
        return bad("妙手回春 and 杠上开花 are won by the player's own draw");
    }
    let w = hand.win_tile().index();
    let in_calls = hand.all_counts()[w] - hand.concealed()[w] as u32;
    if win.rinshan && !hand.calls().iter().any(|c| c.is_kan()) {
        return bad("杠上开花 needs a kong");
    }
    if win.chankan && (hand.concealed()[w] != 1 || in_calls > 0) {
        return bad("抢杠和 robs a kong of its fourth tile: the hand holds no other copy");
    }
    if win.last_copy && hand.concealed()[w] != 1 {
        return bad("和绝张 is won on the last copy: the hand holds no other copy");
    }
    if win.flowers > 8 {
        return bad("there are eight flowers");
    }
    Ok(WinFlags {
        tsumo: win.tsumo,
        // Three copies of the winning tile in the calls: the win takes the last one.
        last_copy: win.last_copy || (in_calls == 3 && hand.concealed()[w] == 1),
        wall_last: win.haitei || win.houtei,
        kong: win.rinshan || win.chankan,
    })
}
