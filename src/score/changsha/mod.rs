//! 长沙麻将 scoring: a win is a small win (小胡, the 2-5-8 pair) or counts its big wins (大胡)
//! together — the hand's patterns (碰碰胡, 将将胡, 清一色, 七小对 and its luxury forms, 全求人) and
//! the way it was won — each paid at the big win's price; birds (扎鸟) pay it once more each.
//! The starting hand's own small wins (起手小胡) are a question of their own
//! ([`opening_wins`]). `docs/SCORING.md`, "Changsha".

pub(crate) mod fans;

use crate::score::hand::{CallKind, ScoreError, WinningHand};
use crate::score::room::{check_clashes, check_room, Room, RoomScore};
use crate::score::win::Win;
use crate::tile::{Counts, Tile, KINDS};
use fans::{ChangshaFan, OpeningWin};

/// A 长沙麻将 score ([`RoomScore`] of [`ChangshaFan`]): `fan` is the big wins counted.
pub type ChangshaScore = RoomScore<ChangshaFan>;

/// What 长沙麻将 plays: chi, pungs and kongs, birds (扎鸟), and the seven flags.
pub(crate) const CHANGSHA: Room = Room {
    name: "Changsha",
    chi: true,
    options: &["birds"],
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

/// A small win's price from each payer: 2 for a self-draw, 1 from a discarder; a big win's,
/// 6 for each big win.
const SMALL_SELF_DRAWN: u64 = 2;
const SMALL_DISCARD: u64 = 1;
const BIG: u64 = 6;

/// Scores `hand` (a win under 长沙 rules: the caller checked it) as `win` says.
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<ChangshaScore, ScoreError> {
    check_room(win, hand.calls(), &CHANGSHA)?;
    check_clashes(hand, win)?;
    let mut fans: Vec<(ChangshaFan, u32)> = Vec::new();
    let concealed = hand.concealed();
    let all = hand.all_counts();
    let calls = hand.calls();
    // The shape: seven pairs (its fours make it luxury) or all pungs; seven pairs pays as much
    // or more, so it is read first.
    let fours = concealed.iter().filter(|&&c| c == 4).count();
    let seven_pairs = calls.is_empty() && concealed.iter().all(|&c| c % 2 == 0);
    let pungs = calls.iter().all(|c| c.kind() != CallKind::Chi)
        && concealed.iter().filter(|&&c| c == 2).count() == 1
        && concealed.iter().all(|&c| c == 0 || c == 2 || c == 3);
    if seven_pairs {
        fans.push((
            [
                ChangshaFan::SevenPairs,
                ChangshaFan::LuxurySevenPairs,
                ChangshaFan::DoubleLuxurySevenPairs,
                ChangshaFan::TripleLuxurySevenPairs,
            ][fours.min(3)],
            1,
        ));
    } else if pungs {
        fans.push((ChangshaFan::AllPungs, 1));
    }
    let held = |k: usize| all[k] > 0;
    if (0..KINDS)
        .filter(|&k| held(k))
        .all(|k| matches!(k % 9, 1 | 4 | 7))
    {
        fans.push((ChangshaFan::All258, 1));
    }
    if (0..3).filter(|&s| (s * 9..s * 9 + 9).any(held)).count() == 1 {
        fans.push((ChangshaFan::FullFlush, 1));
    }
    if all_called(hand, win) {
        fans.push((ChangshaFan::AllCalled, 1));
    }
    for (on, fan) in [
        (win.haitei, ChangshaFan::LastDraw),
        (win.houtei, ChangshaFan::LastDiscard),
        (win.rinshan, ChangshaFan::KongBloom),
        (win.kong_discard, ChangshaFan::KongDiscard),
        (win.chankan, ChangshaFan::RobbingTheKong),
        (win.tenhou, ChangshaFan::HeavenlyHand),
        (win.chiihou, ChangshaFan::EarthlyHand),
    ] {
        if on {
            fans.push((fan, 1));
        }
    }
    if fans.is_empty() {
        fans.push((ChangshaFan::SmallWin, 1));
    }
    RoomScore::settle(fans, ChangshaFan::big_wins, Vec::new(), win, |big| {
        let price = match (big, win.tsumo) {
            (0, true) => SMALL_SELF_DRAWN,
            (0, false) => SMALL_DISCARD,
            (n, _) => BIG * n as u64,
        };
        price
            .checked_mul(win.stake as u64)?
            .checked_mul(1 + win.birds as u64)
    })
}

/// 全求人: four sets taken from others (chi, pon, open kongs; a concealed kong calls on no one)
/// and the pair won on a discard. A big win, so it takes a pair of any kind, as 碰碰胡 and
/// 清一色 do: the caller admits such a hand where the plain win's 2-5-8 pair would refuse it.
pub(crate) fn all_called(hand: &WinningHand, win: &Win) -> bool {
    let calls = hand.calls();
    !win.tsumo
        && calls.len() == 4
        && calls.iter().all(|c| c.kind() != CallKind::ClosedKan)
        && hand.concealed().contains(&2)
}

/// The small wins of a 长沙麻将 starting hand (起手小胡, the 13 or 14 tiles dealt, before any
/// discard), each with its count: 四喜 for each kind held four times, 板板胡 (no 2, 5 or 8),
/// 缺一色 (a suit missing), 六六顺 (two pungs). Each is paid as a self-drawn small win.
/// Refused: a hand of another size, a tile out of play (honors).
///
/// ```
/// use hupai::{changsha_opening_wins, OpeningWin};
/// let counts = hupai::parse_tiles("1111m222p45799s13p").unwrap();
/// let wins = changsha_opening_wins(&counts).unwrap();
/// assert_eq!(wins, vec![(OpeningWin::FourOfAKind, 1), (OpeningWin::TwoPungs, 1)]);
/// ```
pub fn opening_wins(counts: &Counts) -> Result<Vec<(OpeningWin, u32)>, ScoreError> {
    let n: u32 = counts.iter().map(|&c| c as u32).sum();
    if n != 13 && n != 14 {
        return Err(ScoreError::BadHand(format!(
            "{n} tiles: a starting hand holds 13 (14 for the dealer)"
        )));
    }
    if let Some(k) = (27..KINDS).find(|&k| counts[k] > 0) {
        return Err(ScoreError::BadHand(format!(
            "{} is not in play under 长沙 rules (108 suited tiles)",
            Tile::from_index(k)
        )));
    }
    if let Some(k) = (0..KINDS).find(|&k| counts[k] > 4) {
        return Err(ScoreError::BadHand(format!(
            "{} copies of {}",
            counts[k],
            Tile::from_index(k)
        )));
    }
    let mut wins = Vec::new();
    let fours = counts.iter().filter(|&&c| c == 4).count() as u32;
    if fours > 0 {
        wins.push((OpeningWin::FourOfAKind, fours));
    }
    if (0..27).all(|k| counts[k] == 0 || !matches!(k % 9, 1 | 4 | 7)) {
        wins.push((OpeningWin::No258, 1));
    }
    if (0..3).any(|s| (s * 9..s * 9 + 9).all(|k| counts[k] == 0)) {
        wins.push((OpeningWin::MissingSuit, 1));
    }
    if counts.iter().filter(|&&c| c >= 3).count() >= 2 {
        wins.push((OpeningWin::TwoPungs, 1));
    }
    Ok(wins)
}
