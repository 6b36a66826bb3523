//! Sichuan 血战到底 scoring: every reading of the win (`score::reading`), its pattern's fans
//! ([`fans`]), 根 and the way the hand was won, the best reading kept, the room's cap, and
//! the payment: the stake doubled once a fan, from the discarder or from each payer of a
//! self-draw (`docs/SCORING.md`, "Sichuan").

pub(crate) mod fans;

use crate::rules::SevenPairs;
use crate::score::hand::{ScoreError, WinningHand};
use crate::score::reading::{readings, Block, Reading};
use crate::score::room::{check_clashes, check_room, doubled, Room, RoomScore};
use crate::score::win::{Heavenly, SelfDraw, Win};
use crate::tile::{Counts, Tile};
use fans::{Parts, SichuanFan};

/// A Sichuan 血战到底 score ([`RoomScore`] of [`SichuanFan`]): the fans of the best reading,
/// the fans paid after the room's cap, and the payment (no wildcards: `wildcards` is empty).
///
/// ```
/// use hupai::{Engine, Rules, SichuanFan, Win, WinningHand};
/// let engine = Engine::new(Rules::sichuan());
/// // One suit of pungs (清对, 3; read as chows it is 清一色, 2), self-drawn (1).
/// let hand = WinningHand::new("11122233355577m", "7m", &[]).unwrap();
/// let s = engine.score(&hand, &Win { tsumo: true, ..Win::default() }).unwrap().sichuan().unwrap();
/// assert_eq!(s.fans, vec![(SichuanFan::FlushPungs, 1), (SichuanFan::SelfDrawn, 1)]);
/// assert_eq!((s.fan, s.each, s.total), (4, 16, 48)); // 2^4 from each of three players
/// ```
pub type SichuanScore = RoomScore<SichuanFan>;

/// Scores `hand` won as `win` says under Sichuan rules. The caller has checked that the hand
/// wins under them (a suit lacking, no honors).
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<SichuanScore, ScoreError> {
    check_room(win, hand.calls(), &SICHUAN)?;
    check_clashes(hand, win)?;
    let mut found = Vec::new();
    readings(hand, win.tsumo, SevenPairs::FourAsTwo, false, &mut found);
    let all = hand.all_counts();
    let fours = all.iter().filter(|&&c| c == 4).count() as u32;
    let suits = (0..3)
        .filter(|&s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    let flush = suits == 1;
    let declared = hand.calls().len();
    // Under `Heavenly::Largest` 天胡 / 地胡 is a basic hand: it takes the pattern's place
    // where it pays more.
    let flat = match (win.tenhou, win.chiihou) {
        (true, _) => Some(SichuanFan::HeavenlyHand),
        (_, true) => Some(SichuanFan::EarthlyHand),
        _ => None,
    }
    .filter(|_| win.room.heavenly == Heavenly::Largest);
    let replaced = |p: &Parts| flat.is_some_and(|f| f.fans() > p.fans());
    let basic = |p: &Parts| {
        flat.filter(|_| replaced(p))
            .map_or(p.fans(), SichuanFan::fans)
    };
    // The four a dragon seven pairs holds inside it (none where 天胡 took its place).
    let inside = |p: &Parts| (p.dragon && !replaced(p)) as u32;
    // The best reading: the most fans in all (its basic fans and the 根 it leaves), the first
    // of equals.
    let total = |p: &Parts| basic(p) + fours - inside(p);
    let mut best: Option<Parts> = None;
    for r in &found {
        let p = parts_of(r, flush, declared, hand.concealed());
        if best.as_ref().is_none_or(|b| total(&p) > total(b)) {
            best = Some(p);
        }
    }
    let best = best.ok_or(ScoreError::NotAWin)?;
    let pattern = match flat {
        Some(f) if replaced(&best) => f,
        _ => best.pattern(),
    };
    let mut fans = vec![(pattern, 1)];
    // 根: each four of a kind held or declared; a dragon seven pairs' own four is inside it.
    let roots = fours - inside(&best);
    if roots > 0 {
        fans.push((SichuanFan::Root, roots));
    }
    let self_fan = win.tsumo && win.room.self_draw == SelfDraw::Fan;
    for (on, fan) in [
        (self_fan, SichuanFan::SelfDrawn),
        (win.rinshan, SichuanFan::KongBloom),
        (win.kong_discard, SichuanFan::KongDiscard),
        (win.chankan, SichuanFan::RobbingTheKong),
        (win.haitei, SichuanFan::LastDraw),
        (win.houtei, SichuanFan::LastDiscard),
        (win.tenhou && flat.is_none(), SichuanFan::HeavenlyHand),
        (win.chiihou && flat.is_none(), SichuanFan::EarthlyHand),
    ] {
        if on {
            fans.push((fan, 1));
        }
    }
    let extra = (win.tsumo && win.room.self_draw == SelfDraw::Stake) as u64 * win.stake as u64;
    RoomScore::settle(fans, SichuanFan::fans, Vec::new(), win, |fan| {
        doubled(win.stake, fan, 0)?.checked_add(extra)
    })
}

/// The parts of a reading's pattern: `flush` (one suit) is the hand's, `declared` its calls.
fn parts_of(reading: &Reading, flush: bool, declared: usize, concealed: &Counts) -> Parts {
    match reading {
        Reading::SevenPairs => Parts {
            pairs: true,
            flush,
            dragon: concealed.contains(&4),
            ..Parts::default()
        },
        Reading::Standard { blocks, pair, .. } => {
            let pungs = blocks.iter().all(Block::is_triplet);
            let pair = Tile::from_index(*pair as usize);
            let of_258 = |t: Tile| matches!(t.number(), 2 | 5 | 8);
            let terminal_in = |b: &Block| {
                let t = Tile::from_index(b.tile as usize);
                if b.is_triplet() {
                    t.is_orphan()
                } else {
                    t.number() == 1 || t.number() == 7
                }
            };
            Parts {
                pungs,
                flush,
                terminals: !pungs && pair.is_orphan() && blocks.iter().all(terminal_in),
                of_258: pungs
                    && of_258(pair)
                    && blocks
                        .iter()
                        .all(|b| of_258(Tile::from_index(b.tile as usize))),
                hook: pungs && declared == 4,
                ..Parts::default()
            }
        }
        Reading::Orphans => Parts::default(),
    }
}

/// What Sichuan 血战到底 plays: pungs and kongs, no birds, the seven flags.
pub(crate) const SICHUAN: Room = Room {
    name: "Sichuan",
    chi: false,
    options: &["self_draw", "heavenly"],
    flags: &[
        "rinshan",
        "kong_discard",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
    ],
};
