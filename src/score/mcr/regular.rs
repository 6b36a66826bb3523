//! The fans of one division of a standard-form win (four sets and a pair): the sets' own fans,
//! the fans of sets together (the account principle), then the hand's, the pair's, the
//! suits', the tiles' and the wait's; [`super::exclude`] strikes what the rules do not count
//! with another fan.

use super::fans::Fan;
use super::tally::Tally;
use crate::score::reading::{Block, SetShape};
use crate::tile::Tile;

fn suit(t: u8) -> u8 {
    t / 9
}

fn rank(t: u8) -> u8 {
    t % 9 + 1
}

fn is_wind(t: u8) -> bool {
    (27..31).contains(&t)
}

fn is_dragon(t: u8) -> bool {
    t >= 31
}

fn is_terminal(t: u8) -> bool {
    Tile::from_index(t as usize).is_terminal()
}

/// A chow's middle tile: the key the chow fans compare.
fn mid(b: &Block) -> u8 {
    b.tile + 1
}

/// The fan of three chows (by middle tiles), if any.
fn three_chows(t: [u8; 3]) -> Option<Fan> {
    let s = t.map(suit);
    let r = t.map(rank);
    let mixed = s[0] != s[1] && s[0] != s[2] && s[1] != s[2];
    if mixed {
        let mut rs = r;
        rs.sort_unstable();
        if rs[0] + 1 == rs[1] && rs[1] + 1 == rs[2] {
            return Some(Fan::MixedShiftedChows);
        }
        if r[0] == r[1] && r[1] == r[2] {
            return Some(Fan::MixedTripleChow);
        }
        if rs == [2, 5, 8] {
            return Some(Fan::MixedStraight);
        }
        return None;
    }
    if s[0] != s[1] || s[1] != s[2] {
        return None;
    }
    let mut ts = t;
    ts.sort_unstable();
    if ts[0] + 3 == ts[1] && ts[1] + 3 == ts[2] {
        return Some(Fan::PureStraight);
    }
    if (ts[0] + 2 == ts[1] && ts[1] + 2 == ts[2]) || (ts[0] + 1 == ts[1] && ts[1] + 1 == ts[2]) {
        return Some(Fan::PureShiftedChows);
    }
    if ts[0] == ts[1] && ts[1] == ts[2] {
        return Some(Fan::PureTripleChow);
    }
    None
}

/// The fan of two chows (by middle tiles), if any.
fn two_chows(a: u8, b: u8) -> Option<Fan> {
    if suit(a) != suit(b) {
        return (rank(a) == rank(b)).then_some(Fan::MixedDoubleChow);
    }
    let (lo, hi) = (a.min(b), a.max(b));
    if lo + 3 == hi {
        Some(Fan::ShortStraight)
    } else if rank(lo) == 2 && rank(hi) == 8 {
        Some(Fan::TwoTerminalChows)
    } else if a == b {
        Some(Fan::PureDoubleChow)
    } else {
        None
    }
}

/// The 1-point fans among pairs of chows, under the account principle: a set may join a fan
/// with another only once with a set already combined (the fans form a forest over the
/// sets), and never twice in fans of the same kind. The most fans, then the most points
/// (all 1).
fn chow_pairs(mids: &[u8], t: &mut Tally) {
    let n = mids.len();
    let mut edges: Vec<(usize, usize, Fan)> = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if let Some(f) = two_chows(mids[i], mids[j]) {
                edges.push((i, j, f));
            }
        }
    }
    // Every subset of the (at most 6) edges: keep the largest that is a forest in which no
    // set has two fans of one kind. Ties: the rule book's order of the 1-point fans.
    let mut best: Vec<Fan> = Vec::new();
    for mask in 0u32..1 << edges.len() {
        let chosen: Vec<&(usize, usize, Fan)> = (0..edges.len())
            .filter(|&e| mask >> e & 1 == 1)
            .map(|e| &edges[e])
            .collect();
        if chosen.len() < best.len() || chosen.len() >= n {
            continue;
        }
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(p: &mut [usize], x: usize) -> usize {
            let mut x = x;
            while p[x] != x {
                x = p[x];
            }
            x
        }
        let mut ok = true;
        for &&(i, j, _) in &chosen {
            let (a, b) = (root(&mut parent, i), root(&mut parent, j));
            if a == b {
                ok = false;
                break;
            }
            parent[a] = b;
        }
        for v in 0..n {
            let mut kinds: Vec<Fan> = chosen
                .iter()
                .filter(|e| e.0 == v || e.1 == v)
                .map(|e| e.2)
                .collect();
            let len = kinds.len();
            kinds.sort();
            kinds.dedup();
            ok &= kinds.len() == len;
        }
        if !ok {
            continue;
        }
        let mut fans: Vec<Fan> = chosen.iter().map(|e| e.2).collect();
        fans.sort();
        if fans.len() > best.len() || (fans.len() == best.len() && fans < best) {
            best = fans;
        }
    }
    for f in best {
        t.add(f);
    }
}

/// The fan of four chows (by sorted middle tiles), if any.
fn four_chows(t: [u8; 4]) -> Option<Fan> {
    let same_suit = t.iter().all(|&x| suit(x) == suit(t[0]));
    if !same_suit {
        return None;
    }
    let step = |d: u8| t[0] + d == t[1] && t[1] + d == t[2] && t[2] + d == t[3];
    if step(1) || step(2) {
        Some(Fan::FourPureShiftedChows)
    } else if step(0) {
        Some(Fan::QuadrupleChow)
    } else {
        None
    }
}

/// The fans of the chows of a division (middle tiles, sorted) and its pair.
fn chow_fans(mids: &mut [u8], pair: u8, t: &mut Tally) {
    mids.sort_unstable();
    match mids.len() {
        4 => {
            let m = [mids[0], mids[1], mids[2], mids[3]];
            // 一色双龙会 and 三色双龙会: 123 and 789 twice, a pair of 5s.
            if rank(pair) == 5 && pair < 27 && m.iter().all(|&x| rank(x) == 2 || rank(x) == 8) {
                let ps = suit(pair);
                let low = |s: u8| m.iter().filter(|&&x| suit(x) == s && rank(x) == 2).count();
                let high = |s: u8| m.iter().filter(|&&x| suit(x) == s && rank(x) == 8).count();
                if low(ps) == 2 && high(ps) == 2 {
                    t.add(Fan::PureTerminalChows);
                    return;
                }
                let others: Vec<u8> = (0..3).filter(|&s| s != ps).collect();
                if others.iter().all(|&s| low(s) == 1 && high(s) == 1) {
                    t.add(Fan::ThreeSuitedTerminalChows);
                    return;
                }
            }
            if let Some(f) = four_chows(m) {
                t.add(f);
                return;
            }
            // Three chows of a fan, and the fourth with the best 1-point fan it makes with
            // one of them.
            for skip in [3, 2, 1, 0] {
                let three: Vec<u8> = (0..4).filter(|&i| i != skip).map(|i| m[i]).collect();
                if let Some(f) = three_chows([three[0], three[1], three[2]]) {
                    t.add(f);
                    let extra: Vec<Fan> = three
                        .iter()
                        .filter_map(|&x| two_chows(x, m[skip]))
                        .collect();
                    for want in [
                        Fan::PureDoubleChow,
                        Fan::MixedDoubleChow,
                        Fan::ShortStraight,
                        Fan::TwoTerminalChows,
                    ] {
                        if extra.contains(&want) {
                            t.add(want);
                            break;
                        }
                    }
                    return;
                }
            }
            chow_pairs(&m, t);
        }
        3 => {
            if let Some(f) = three_chows([mids[0], mids[1], mids[2]]) {
                t.add(f);
            } else {
                chow_pairs(mids, t);
            }
        }
        2 => {
            if let Some(f) = two_chows(mids[0], mids[1]) {
                t.add(f);
            }
        }
        _ => {}
    }
}

/// The fan of three pungs (sorted tiles), if any.
fn three_pungs(t: [u8; 3]) -> Option<Fan> {
    if t.iter().all(|&x| x < 27) {
        let s = t.map(suit);
        let r = t.map(rank);
        if s[0] != s[1] && s[0] != s[2] && s[1] != s[2] {
            let mut rs = r;
            rs.sort_unstable();
            if rs[0] + 1 == rs[1] && rs[1] + 1 == rs[2] {
                return Some(Fan::MixedShiftedPungs);
            }
            if r[0] == r[1] && r[1] == r[2] {
                return Some(Fan::TriplePung);
            }
        } else if s[0] == s[1] && s[1] == s[2] && t[0] + 1 == t[1] && t[1] + 1 == t[2] {
            return Some(Fan::PureShiftedPungs);
        }
        return None;
    }
    if t.iter().all(|&x| is_wind(x)) {
        return Some(Fan::BigThreeWinds);
    }
    if t == [31, 32, 33] {
        return Some(Fan::BigThreeDragons);
    }
    None
}

/// The fan of two pungs, if any.
fn two_pungs(a: u8, b: u8) -> Option<Fan> {
    if a < 27 && b < 27 {
        (rank(a) == rank(b)).then_some(Fan::DoublePung)
    } else {
        (is_dragon(a) && is_dragon(b)).then_some(Fan::TwoDragonsPungs)
    }
}

/// The fans of the pungs and kongs of a division (tiles, sorted).
fn pung_fans(tiles: &mut [u8], t: &mut Tally) {
    tiles.sort_unstable();
    let pairs = |tiles: &[u8], t: &mut Tally| {
        for i in 0..tiles.len() {
            for j in i + 1..tiles.len() {
                if let Some(f) = two_pungs(tiles[i], tiles[j]) {
                    t.add(f);
                }
            }
        }
    };
    match tiles.len() {
        4 => {
            let m = [tiles[0], tiles[1], tiles[2], tiles[3]];
            if m[0] < 27
                && m.iter().all(|&x| suit(x) == suit(m[0]))
                && m[0] + 1 == m[1]
                && m[1] + 1 == m[2]
                && m[2] + 1 == m[3]
            {
                t.add(Fan::FourPureShiftedPungs);
                return;
            }
            if m == [27, 28, 29, 30] {
                t.add(Fan::BigFourWinds);
                return;
            }
            for skip in [3, 2, 1, 0] {
                let three: Vec<u8> = (0..4).filter(|&i| i != skip).map(|i| m[i]).collect();
                if let Some(f) = three_pungs([three[0], three[1], three[2]]) {
                    t.add(f);
                    // The fourth combines once, with the first of the three it makes a fan with.
                    if let Some(f) = three.iter().find_map(|&x| two_pungs(x, m[skip])) {
                        t.add(f);
                    }
                    return;
                }
            }
            pairs(&m, t);
        }
        3 => match three_pungs([tiles[0], tiles[1], tiles[2]]) {
            Some(f) => t.add(f),
            None => pairs(tiles, t),
        },
        2 => pairs(tiles, t),
        _ => {}
    }
}

/// The kong and concealed-pung fans from the counts of concealed pungs (kongs apart), melded
/// kongs and concealed kongs.
fn kong_fans(concealed_pungs: usize, melded_kongs: usize, concealed_kongs: usize, t: &mut Tally) {
    let concealed = concealed_pungs + concealed_kongs;
    match melded_kongs + concealed_kongs {
        4 => t.add(Fan::FourKongs),
        3 => t.add(Fan::ThreeKongs),
        2 => t.add(match concealed_kongs {
            0 => Fan::TwoMeldedKongs,
            1 => Fan::ConcealedKongAndMeldedKong,
            _ => Fan::TwoConcealedKongs,
        }),
        1 => t.add(if concealed_kongs == 1 {
            Fan::ConcealedKong
        } else {
            Fan::MeldedKong
        }),
        _ => {}
    }
    match concealed {
        4 => t.add(Fan::FourConcealedPungs),
        3 => t.add(Fan::ThreeConcealedPungs),
        // 双暗杠 is two concealed sets already: not counted with 双暗刻.
        2 if !t.has(Fan::TwoConcealedKongs) => t.add(Fan::TwoConcealedPungs),
        _ => {}
    }
}

/// What the fans of a division read of the win.
pub(crate) struct WinFacts {
    /// The winning tile.
    pub win: u8,
    /// Won by the player's own draw.
    pub tsumo: bool,
    /// The 13 tiles before the win wait on one kind only (the wait fans need it).
    pub unique_wait: bool,
    /// The calls (the first `fixed` blocks), concealed kongs among them.
    pub fixed: usize,
}

/// The set fans of one division: sets, kongs, pungs, chows, the hand, the pair, the sets'
/// traits and the wait (the suits and tiles are the hand's, added by the caller).
pub(crate) fn division_fans(blocks: &[Block; 4], pair: u8, f: &WinFacts, t: &mut Tally) {
    let chows: Vec<&Block> = blocks
        .iter()
        .filter(|b| b.shape == SetShape::Chow)
        .collect();
    let pungs: Vec<&Block> = blocks
        .iter()
        .filter(|b| b.shape != SetShape::Chow)
        .collect();
    let mut concealed_pungs = pungs
        .iter()
        .filter(|b| b.shape == SetShape::Pung && !b.called)
        .count();
    // A ron's tile that no concealed chow can hold completed a pung: that pung is melded.
    if !f.tsumo {
        let in_chow = chows
            .iter()
            .any(|b| !b.called && (b.tile..b.tile + 3).contains(&f.win));
        if !in_chow
            && pungs
                .iter()
                .any(|b| b.shape == SetShape::Pung && !b.called && b.tile == f.win)
        {
            concealed_pungs -= 1;
        }
    }
    let melded_kongs = pungs
        .iter()
        .filter(|b| b.shape == SetShape::Kong && b.called)
        .count();
    let concealed_kongs = pungs
        .iter()
        .filter(|b| b.shape == SetShape::Kong && !b.called)
        .count();
    if !pungs.is_empty() {
        kong_fans(concealed_pungs, melded_kongs, concealed_kongs, t);
        if pungs.len() == 4 && !t.has(Fan::FourKongs) && !t.has(Fan::FourConcealedPungs) {
            t.add(Fan::AllPungs);
        }
        for b in &pungs {
            if is_dragon(b.tile) {
                t.add(Fan::DragonPung);
            } else if is_terminal(b.tile) || is_wind(b.tile) {
                t.add(Fan::PungOfTerminalsOrHonors);
            }
        }
    }
    let mut mids: Vec<u8> = chows.iter().map(|b| mid(b)).collect();
    let mut pung_tiles: Vec<u8> = pungs.iter().map(|b| b.tile).collect();
    match chows.len() {
        4 | 3 => chow_fans(&mut mids, pair, t),
        2 => {
            chow_fans(&mut mids, pair, t);
            pung_fans(&mut pung_tiles, t);
        }
        _ => pung_fans(&mut pung_tiles, t),
    }
    // Concealed or melded: calls other than concealed kongs are melded.
    let melded = blocks[..f.fixed].iter().filter(|b| b.called).count();
    match (melded, f.tsumo) {
        (0, true) => t.add(Fan::FullyConcealedHand),
        (0, false) => t.add(Fan::ConcealedHand),
        (4, false) => t.add(Fan::MeldedHand),
        (_, true) => t.set(Fan::SelfDrawn, 1),
        _ => {}
    }
    // The pair.
    if chows.len() == 4 {
        if pair < 27 {
            t.add(Fan::AllChows);
        }
    } else if t.has(Fan::TwoDragonsPungs) {
        if is_dragon(pair) {
            t.set(Fan::TwoDragonsPungs, 0);
            t.add(Fan::LittleThreeDragons);
        }
    } else if t.has(Fan::BigThreeWinds) && is_wind(pair) {
        t.set(Fan::BigThreeWinds, 0);
        t.add(Fan::LittleFourWinds);
    }
    // The sets' traits: every set and the pair with a terminal or honor, a five, or even.
    let (mut outside, mut fives, mut evens) = (0, 0, 0);
    let sets = blocks
        .iter()
        .map(|b| (b.shape == SetShape::Chow, b.tile))
        .chain([(false, pair)]);
    for (chow, tile) in sets {
        if Tile::from_index(tile as usize).is_honor() {
            outside += 1;
            continue;
        }
        let r = rank(tile);
        if chow {
            outside += (r == 1 || r == 7) as u32;
            fives += (3..=5).contains(&r) as u32;
        } else {
            outside += (r == 1 || r == 9) as u32;
            fives += (r == 5) as u32;
            evens += (r % 2 == 0) as u32;
        }
    }
    if outside == 5 {
        t.add(Fan::OutsideHand);
    } else if fives == 5 {
        t.add(Fan::AllFive);
    } else if evens == 5 {
        t.add(Fan::AllEvenPungs);
    }
    // The wait, when the hand waited on one kind: the winning tile's place in a concealed set.
    if f.unique_wait && !t.has(Fan::MeldedHand) && !t.has(Fan::FourKongs) {
        let mut place = 0u8;
        for b in &blocks[f.fixed..] {
            if b.shape == SetShape::Chow {
                if b.tile + 1 == f.win {
                    place |= 2;
                } else if b.tile == f.win || b.tile + 2 == f.win {
                    place |= 1;
                }
            }
        }
        if pair == f.win {
            place |= 4;
        }
        if place & 1 != 0 {
            t.add(Fan::EdgeWait);
        } else if place & 2 != 0 {
            t.add(Fan::ClosedWait);
        } else if place & 4 != 0 {
            t.add(Fan::SingleWait);
        }
    }
}

/// The wind fans of the wind pungs (after the exclusions), taking the pung-of-honors point
/// they replace.
pub(crate) fn wind_fans(winds: &[u8], seat: u8, round: u8, t: &mut Tally) {
    if t.has(Fan::BigFourWinds) {
        return;
    }
    let deducted = t.has(Fan::BigThreeWinds)
        || t.has(Fan::AllTerminalsAndHonors)
        || t.has(Fan::AllHonors)
        || t.has(Fan::LittleFourWinds);
    for &w in winds {
        if w == round {
            t.add(Fan::PrevalentWind);
            if !deducted {
                t.sub(Fan::PungOfTerminalsOrHonors);
            }
        }
        if w == seat {
            t.add(Fan::SeatWind);
            if seat != round && !deducted {
                t.sub(Fan::PungOfTerminalsOrHonors);
            }
        }
    }
}
