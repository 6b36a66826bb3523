//! The fans of the hand's tiles (suits, terminals and honors, ranges, a tile hog), of the way
//! it was won, and the rule book's "not counted with" exclusions.

use super::fans::Fan;
use super::tally::Tally;
use crate::tile::Tile;

/// How a hand was won, as MCR counts it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct WinFlags {
    pub tsumo: bool,
    /// 和绝张: the last copy of the winning tile.
    pub last_copy: bool,
    /// The last tile of the wall (妙手回春 by tsumo, 海底捞月 by ron).
    pub wall_last: bool,
    /// A kong's tile (杠上开花 by tsumo, 抢杠和 by ron).
    pub kong: bool,
}

/// The fans of the way the hand was won.
pub(crate) fn win_fans(w: WinFlags, t: &mut Tally) {
    if w.last_copy {
        t.add(Fan::LastTile);
    }
    if w.tsumo {
        t.set(Fan::SelfDrawn, 1);
        if w.wall_last {
            t.add(Fan::LastTileDraw);
            t.set(Fan::SelfDrawn, 0);
        }
        if w.kong {
            t.add(Fan::OutWithReplacementTile);
            t.set(Fan::SelfDrawn, 0);
        }
    } else {
        if w.wall_last {
            t.add(Fan::LastTileClaim);
        }
        if w.kong {
            t.add(Fan::RobbingTheKong);
            t.set(Fan::LastTile, 0);
        }
    }
}

/// The fans of the suits the hand's tiles are in (`all`: every tile, calls included).
pub(crate) fn suit_fans(all: &[u32; 34], t: &mut Tally) {
    let has = |s: usize| all[9 * s..9 * s + 9].iter().any(|&c| c > 0);
    let suits = (0..3).filter(|&s| has(s)).count();
    let honors = all[27..].iter().any(|&c| c > 0);
    if !honors {
        t.add(Fan::NoHonors);
    }
    match suits {
        2 => t.add(Fan::OneVoidedSuit),
        1 => {
            if honors {
                t.add(Fan::HalfFlush);
            } else {
                t.add(Fan::FullFlush);
                t.set(Fan::NoHonors, 0);
            }
        }
        // Honors alone void the three suits: no fan of suits (字一色 says it).
        _ => {}
    }
    let winds = all[27..31].iter().any(|&c| c > 0);
    let dragons = all[31..].iter().any(|&c| c > 0);
    if suits == 3 && winds && dragons {
        t.add(Fan::AllTypes);
    }
}

fn is_terminal_or_honor(i: usize) -> bool {
    Tile::from_index(i).is_orphan()
}

/// The fans of what the tiles are: all simples, reversible, green, honors, terminals.
pub(crate) fn tile_fans(all: &[u32; 34], t: &mut Tally) {
    let held = |f: &dyn Fn(usize) -> bool| (0..34).filter(|&i| all[i] > 0).all(f);
    if held(&|i| !is_terminal_or_honor(i)) {
        t.add(Fan::AllSimples);
    }
    // 推不倒: 1234589p, 245689s, white.
    let reversible = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31];
    if held(&|i| reversible.contains(&i)) {
        t.add(Fan::ReversibleTiles);
    }
    let green = [19, 20, 21, 23, 25, 32];
    if held(&|i| green.contains(&i)) {
        t.add(Fan::AllGreen);
    }
    if t.has(Fan::AllSimples) {
        return;
    }
    if held(&|i| Tile::from_index(i).is_honor()) {
        t.add(Fan::AllHonors);
    } else if held(&|i| Tile::from_index(i).is_terminal()) {
        t.add(Fan::AllTerminals);
    } else if held(&is_terminal_or_honor) {
        t.add(Fan::AllTerminalsAndHonors);
    }
}

/// The fans of the ranks of a hand of suited tiles only: upper, middle, lower.
pub(crate) fn range_fans(all: &[u32; 34], t: &mut Tally) {
    if all[27..].iter().any(|&c| c > 0) {
        return;
    }
    let mut ranks = 0u16;
    for (i, &c) in all.iter().enumerate().take(27) {
        if c > 0 {
            ranks |= 1 << (i % 9 + 1);
        }
    }
    let only = |allowed: &[u16]| ranks & !allowed.iter().map(|r| 1u16 << r).sum::<u16>() == 0;
    if only(&[1, 2, 3, 4]) {
        t.add(if ranks & 1 << 4 != 0 {
            Fan::LowerFour
        } else {
            Fan::LowerTiles
        });
    } else if only(&[6, 7, 8, 9]) {
        t.add(if ranks & 1 << 6 != 0 {
            Fan::UpperFour
        } else {
            Fan::UpperTiles
        });
    } else if only(&[4, 5, 6]) {
        t.add(Fan::MiddleTiles);
    }
}

/// 四归一: every kind all four of whose copies are in the hand, but in a kong.
pub(crate) fn tile_hog(all: &[u32; 34], kongs: usize, t: &mut Tally) {
    let fours = all.iter().filter(|&&c| c == 4).count();
    t.set(Fan::TileHog, fours.saturating_sub(kongs) as u8);
}

/// The rule book's exclusions: the fans a fan is not counted with.
pub(crate) fn exclude(t: &mut Tally) {
    use Fan::*;
    let rules: &[(Fan, &[Fan])] = &[
        (BigFourWinds, &[AllPungs, PungOfTerminalsOrHonors]),
        (BigThreeDragons, &[DragonPung]),
        (AllGreen, &[HalfFlush, OneVoidedSuit]),
        (FourKongs, &[SingleWait]),
        (
            AllTerminals,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                NoHonors,
                DoublePung,
            ],
        ),
        (LittleFourWinds, &[PungOfTerminalsOrHonors]),
        (LittleThreeDragons, &[DragonPung]),
        (
            AllHonors,
            &[
                AllPungs,
                OutsideHand,
                PungOfTerminalsOrHonors,
                OneVoidedSuit,
            ],
        ),
        (FourConcealedPungs, &[AllPungs, ConcealedHand]),
        // 四暗刻's fully concealed hand is counted as a tsumo alone (below, in order).
        (FourConcealedPungs, &[]),
        (PureTerminalChows, &[FullFlush, AllChows, NoHonors]),
        (FourPureShiftedPungs, &[AllPungs]),
        (
            AllTerminalsAndHonors,
            &[AllPungs, OutsideHand, PungOfTerminalsOrHonors],
        ),
        (AllEvenPungs, &[AllPungs, AllSimples, NoHonors]),
        (UpperTiles, &[NoHonors]),
        (MiddleTiles, &[AllSimples, NoHonors]),
        (LowerTiles, &[NoHonors]),
        (ThreeSuitedTerminalChows, &[AllChows, NoHonors]),
        (AllFive, &[AllSimples, NoHonors]),
        (UpperFour, &[NoHonors]),
        (LowerFour, &[NoHonors]),
        (ReversibleTiles, &[OneVoidedSuit]),
        (LastTileDraw, &[SelfDrawn]),
        (OutWithReplacementTile, &[SelfDrawn]),
        (MeldedHand, &[SingleWait]),
        (TwoDragonsPungs, &[DragonPung]),
        (FullyConcealedHand, &[SelfDrawn]),
        (AllChows, &[NoHonors]),
        (AllSimples, &[NoHonors]),
    ];
    for &(fan, not_with) in rules {
        if t.has(fan) {
            t.clear(not_with);
            // 四暗刻: a fully concealed hand's tsumo is counted as a tsumo alone (before the
            // rules that strike a tsumo: 妙手回春, 杠上开花).
            if not_with.is_empty() && t.has(FullyConcealedHand) {
                t.set(FullyConcealedHand, 0);
                t.set(SelfDrawn, 1);
            }
        }
    }
    // 三风刻: its three wind pungs are not also pungs of honors (unless a bigger fan took them).
    if t.has(BigThreeWinds) && !t.has(AllHonors) && !t.has(AllTerminalsAndHonors) {
        for _ in 0..3 {
            t.sub(PungOfTerminalsOrHonors);
        }
    }
}
