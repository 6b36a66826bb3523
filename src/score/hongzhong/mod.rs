//! 红中麻将 scoring: every 红中 (7z) is wild, and a win is paid at the reading that pays most —
//! its shape (seven pairs or all pungs over the plain win), one suit, no 红中 held, or the
//! four 红中 won at once where the room plays it — then the stake doubled once a fan and
//! paid once more for each bird (`docs/SCORING.md`, "Hongzhong").
//!
//! The reading is decided from what the hand allows, not by trying every filling: seven
//! pairs needs a wildcard for each odd kind; all pungs, a wildcard for each kind's shortfall;
//! one suit, the real tiles of one suit (wildcards of sets of their own can then be of that
//! suit). `score::wild` then fills the wildcards for the reading chosen.

pub(crate) mod fans;

use crate::analysis::Engine;
use crate::hand::Hand;
use crate::rules::{Pattern, SevenPairs};
use crate::score::hand::{ScoreError, WinningHand};
use crate::score::room::{check_clashes, check_room, doubled, Room, RoomScore};
use crate::score::wild::WildHand;
use crate::score::win::Win;
use crate::tile::{Tile, KINDS};
use fans::HongzhongFan;

/// A 红中麻将 score ([`RoomScore`] of [`HongzhongFan`]).
pub type HongzhongScore = RoomScore<HongzhongFan>;

/// What 红中麻将 plays: pungs and kongs, birds (抓码), 杠上开花 and 抢杠胡.
pub(crate) const HONGZHONG: Room = Room {
    name: "Hongzhong",
    chi: false,
    options: &["birds", "no_red_double"],
    flags: &["rinshan", "chankan"],
};

/// The shape a reading pays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Plain,
    SevenPairs,
    AllPungs,
    FourWild,
}

/// Scores `hand` (won under `engine`'s 红中 rules, `plain` its hand with the wild kinds) as
/// `win` says; the 红中 filled for the answer when `fill`.
pub(crate) fn score(
    engine: &Engine<'_>,
    hand: &WinningHand,
    plain: &Hand,
    win: &Win,
    fill: bool,
) -> Result<HongzhongScore, ScoreError> {
    check_room(win, hand.calls(), &HONGZHONG)?;
    check_clashes(hand, win)?;
    let wild = plain.wild();
    if let Some(c) = hand.calls().iter().find(|c| wild.contains(c.tile())) {
        return Err(ScoreError::BadCall(format!(
            "'{c}': a wild tile (红中) is not called"
        )));
    }
    // A 红中 is never discarded, and never called, so never added to a kong: it is won only
    // by the player's own draw (no ron, no 抢杠).
    if !win.tsumo && wild.contains(hand.win_tile()) {
        return Err(ScoreError::BadSituation(format!(
            "a win on {} by a discard or a robbed kong: a 红中 is never discarded nor konged by another (won only by the player's own draw)",
            hand.win_tile()
        )));
    }
    let w = WildHand::of(hand, wild);
    let (shape, suit) = best(engine, hand, plain, &w);
    let mut fans = vec![(
        match shape {
            Shape::Plain => HongzhongFan::PlainWin,
            Shape::SevenPairs => HongzhongFan::SevenPairs,
            Shape::AllPungs => HongzhongFan::AllPungs,
            Shape::FourWild => HongzhongFan::FourRedDragons,
        },
        1,
    )];
    if shape != Shape::FourWild {
        if suit.is_some() {
            fans.push((HongzhongFan::FullFlush, 1));
        }
        if w.wild.is_empty() && win.room.no_red_double {
            fans.push((HongzhongFan::NoRedDragon, 1));
        }
    }
    for (on, fan) in [
        (win.rinshan, HongzhongFan::KongBloom),
        (win.chankan, HongzhongFan::RobbingTheKong),
    ] {
        if on {
            fans.push((fan, 1));
        }
    }
    // The reading's wildcards: of the one suit where the hand is, otherwise any suited kind.
    let spare = suit.map(|s| (s * 9..s * 9 + 9).find(|&k| w.real[k] > 0).unwrap_or(s * 9));
    let wildcards = match shape {
        _ if w.wild.is_empty() || !fill => Vec::new(),
        Shape::SevenPairs => w.seven_pairs(spare).expect("seven pairs was read"),
        Shape::AllPungs => w.all_pungs(spare, None).expect("all pungs was read"),
        Shape::FourWild => w.wild.iter().map(|&t| (t, t)).collect(),
        Shape::Plain => {
            let in_suit = |k: usize| suit.map_or(k < 27, |s| k / 9 == s);
            w.by_engine(engine, hand, in_suit)
                .unwrap_or_else(|| fifth_copy(engine, plain, in_suit))
        }
    };
    RoomScore::settle(fans, HongzhongFan::fans, wildcards, win, |fan| {
        doubled(win.stake, fan, win.birds)
    })
}

/// The reading that pays most: its shape and the suit of a one-suit hand. Seven pairs (where
/// the rules play it) and all pungs each pay a fan over the plain win, one suit pays a fan with any shape, and the four
/// 红中 alone pay one fan: they win only where the hand wins no other way or pays no more.
fn best(
    engine: &Engine<'_>,
    hand: &WinningHand,
    plain: &Hand,
    w: &WildHand,
) -> (Shape, Option<usize>) {
    let calls = hand.calls();
    // The suit of every real tile, called ones included, when there is one.
    let mut suits = 0u8;
    for (k, &c) in w.real.iter().enumerate().take(27) {
        if c > 0 {
            suits |= 1 << (k / 9);
        }
    }
    for c in calls {
        suits |= 1 << (c.tile().index() / 9);
    }
    let suit = (suits.count_ones() == 1).then(|| suits.trailing_zeros() as usize);
    // Seven pairs only where the rules play it (a room's 七对可胡).
    let pairs = engine.rules().seven_pairs != SevenPairs::Off;
    let shape = if pairs
        && calls.is_empty()
        && hand.concealed().iter().sum::<u8>() == 14
        && w.has_seven_pairs()
    {
        Shape::SevenPairs
    } else if calls
        .iter()
        .all(|c| c.kind() != crate::score::hand::CallKind::Chi)
        && w.all_pungs(None, None).is_some()
    {
        Shape::AllPungs
    } else {
        Shape::Plain
    };
    let four = engine.rules().patterns.contains(Pattern::FourWild)
        && (0..KINDS).any(|k| w.kinds.contains(Tile::from_index(k)) && hand.concealed()[k] == 4);
    // The four 红中 pay a fan; the hand's own reading pays as much when it has a fan, and
    // must be a win without them.
    if four && (shape == Shape::Plain && suit.is_none() || !wins_without_four(engine, plain)) {
        return (Shape::FourWild, None);
    }
    (shape, suit)
}

/// Whether `plain` wins under the engine's rules without the four-wild pattern.
fn wins_without_four(engine: &Engine<'_>, plain: &Hand) -> bool {
    let rules = engine.rules().four_wild_win(false);
    Engine::with_tables(engine.tables(), rules).is_ok_and(|e| e.is_win(plain))
}

/// The wildcards of a plain reading where one must be a fifth copy: the first decomposition
/// whose wildcards stand for kinds `allowed` (the decompositions API, slower, for the hands
/// that need it).
fn fifth_copy(
    engine: &Engine<'_>,
    plain: &Hand,
    allowed: impl Fn(usize) -> bool,
) -> Vec<(Tile, Tile)> {
    let found = crate::analysis::decompositions(engine, plain, 256);
    let mut roles = found
        .iter()
        .map(|d| d.wild_roles())
        .find(|r| r.iter().all(|(_, t)| allowed(t.index())))
        .unwrap_or_default();
    roles.sort();
    roles
}
