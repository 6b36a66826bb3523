//! Sichuan 血战到底 scoring: every reading of the win (`score::reading`), its pattern's fans
//! ([`fans`]), 根 and the way the hand was won, the best reading kept, the room's cap, and
//! the payment: the stake doubled once a fan, from the discarder or from each payer of a
//! self-draw (`docs/SCORING.md`, "Sichuan").

pub(crate) mod fans;

use crate::rules::SevenPairs;
use crate::score::hand::{Call, CallKind, ScoreError, WinningHand};
use crate::score::reading::{readings, Block, Reading};
use crate::score::win::{SelfDraw, Win};
use crate::tile::{Counts, Tile};
use fans::{Parts, SichuanFan};

/// The most fans a payment doubles for: a stake (under 2^32) doubled 29 times and paid by
/// three fits in 64 bits. No hand comes near it (清龙七对 with two more fours, self-drawn as
/// 天胡: 13), so it is a bound on arithmetic, never on a score.
const MOST_FANS: u32 = 29;

/// A Sichuan 血战到底 score: the fans of the best reading, the fans paid after the room's cap,
/// and the payment.
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SichuanScore {
    /// The fans that count, each with how many times (根 once for each four).
    pub fans: Vec<(SichuanFan, u32)>,
    /// Their fans added up, before the cap.
    pub uncapped: u32,
    /// The fans paid: `uncapped`, at most the room's cap.
    pub fan: u32,
    /// What each payer pays: the stake × 2^fan (and the stake once more for a self-draw
    /// under 自摸加底).
    pub each: u64,
    /// Who pays: the discarder (1), or on a self-draw the players still in the hand.
    pub payers: u8,
    /// The winner's gain: `each` from every payer.
    pub total: u64,
}

/// Scores `hand` won as `win` says under Sichuan rules. The caller has checked that the hand
/// wins under them (a suit lacking, no honors).
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<SichuanScore, ScoreError> {
    check(hand, win)?;
    let mut found = Vec::new();
    readings(hand, win.tsumo, SevenPairs::FourAsTwo, false, &mut found);
    let all = hand.all_counts();
    let fours = all.iter().filter(|&&c| c == 4).count() as u32;
    let suits = (0..3)
        .filter(|&s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
        .count();
    let flush = suits == 1;
    let declared = hand.calls().len();
    // The best reading: the most fans in all (its pattern's and the 根 it leaves: a dragon
    // seven pairs holds one four inside), the first of equals.
    let total = |p: &Parts| p.fans() + fours - p.dragon as u32;
    let mut best: Option<Parts> = None;
    for r in &found {
        let p = parts_of(r, flush, declared, hand.concealed());
        if best.as_ref().is_none_or(|b| total(&p) > total(b)) {
            best = Some(p);
        }
    }
    let best = best.ok_or(ScoreError::NotAWin)?;
    let mut fans = vec![(best.pattern(), 1)];
    // 根: each four of a kind held or declared; a dragon seven pairs' own four is inside it.
    let roots = fours - best.dragon as u32;
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
        (win.tenhou, SichuanFan::HeavenlyHand),
        (win.chiihou, SichuanFan::EarthlyHand),
    ] {
        if on {
            fans.push((fan, 1));
        }
    }
    let uncapped: u32 = fans.iter().map(|&(f, n)| f.fans() * n).sum();
    let cap = match win.room.cap {
        0 => MOST_FANS,
        c => (c as u32).min(MOST_FANS),
    };
    let fan = uncapped.min(cap);
    let stake = win.stake as u64;
    let extra = if win.tsumo && win.room.self_draw == SelfDraw::Stake {
        stake
    } else {
        0
    };
    let each = (stake << fan) + extra;
    let payers = if win.tsumo { win.payers } else { 1 };
    Ok(SichuanScore {
        fans,
        uncapped,
        fan,
        each,
        payers,
        total: each * payers as u64,
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

/// Refuses what no Sichuan win can have, whatever its tiles: a chi (the rooms call pungs and
/// kongs only), riichi's and MCR's flags, a seat that is not a wind, a stake of 0, payers
/// outside 1–3. The odds' expected points check their situation with it too.
pub(crate) fn check_room(win: &Win, calls: &[Call]) -> Result<(), ScoreError> {
    let bad = |m: &str| Err(ScoreError::BadSituation(m.to_string()));
    if let Some(chi) = calls.iter().find(|c| c.kind() == CallKind::Chi) {
        return Err(ScoreError::BadCall(format!(
            "'{chi}': a chi is not a Sichuan call (pungs and kongs only)"
        )));
    }
    if win.riichi
        || win.double_riichi
        || win.ippatsu
        || win.renhou
        || win.last_copy
        || win.flowers > 0
        || win.honba > 0
        || win.riichi_sticks > 0
        || !win.dora.is_empty()
        || !win.ura_dora.is_empty()
    {
        return bad("riichi, ippatsu, renhou, dora, honba, sticks, flowers and last copy are not Sichuan's: its flags are tsumo, rinshan (杠上开花), kong_discard (杠上炮), chankan (抢杠胡), haitei, houtei, tenhou and chiihou");
    }
    let wind = |t: Tile| (27..31).contains(&t.index());
    if !wind(win.seat_wind) {
        return bad("the seat wind is one of 1z 2z 3z 4z (1z: the dealer)");
    }
    if win.stake == 0 {
        return bad("the stake is at least 1");
    }
    if !(1..=3).contains(&win.payers) {
        return bad("the payers of a self-draw are 1 to 3 (the players still in the hand)");
    }
    Ok(())
}

/// Refuses a situation this Sichuan win cannot have: [`check_room`], and the flags that clash
/// with each other or with the hand.
fn check(hand: &WinningHand, win: &Win) -> Result<(), ScoreError> {
    check_room(win, hand.calls())?;
    let bad = |m: &str| Err(ScoreError::BadSituation(m.to_string()));
    if win.tsumo && (win.chankan || win.houtei || win.kong_discard) {
        return bad("抢杠胡, 海底炮 and 杠上炮 are won on another player's tile");
    }
    if !win.tsumo && (win.rinshan || win.haitei || win.tenhou || win.chiihou) {
        return bad("杠上开花, 海底捞月, 天胡 and 地胡 are won by the player's own draw");
    }
    if win.haitei && win.rinshan {
        return bad("海底捞月 and 杠上开花 both take the last tile's place");
    }
    if win.chankan && (win.houtei || win.kong_discard) {
        return bad("抢杠胡 robs a kong being added: it is not a discard (海底炮, 杠上炮)");
    }
    if win.rinshan && !hand.calls().iter().any(|c| c.is_kan()) {
        return bad("杠上开花 needs a kong");
    }
    let w = hand.win_tile().index();
    if win.chankan && (hand.concealed()[w] != 1 || hand.all_counts()[w] != 1) {
        return bad("抢杠胡 robs a kong of its fourth tile: the hand holds no other copy");
    }
    if (win.tenhou || win.chiihou) && !hand.calls().is_empty() {
        return bad("天胡 and 地胡 come before any call");
    }
    if win.tenhou && win.seat_wind.index() != 27 {
        return bad("天胡 is the dealer's (seat 1z)");
    }
    if win.chiihou && win.seat_wind.index() == 27 {
        return bad("地胡 is a non-dealer's (the dealer's first draw is 天胡)");
    }
    if win.tenhou && win.chiihou {
        return bad("天胡 and 地胡 exclude one another");
    }
    Ok(())
}
