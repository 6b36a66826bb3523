//! The review of a played game by efficiency (牌効率): every discard a player chose — its hand
//! of the moment with its calls, and every tile it could see (the rivers, the calls, the dora
//! indicators) — set beside the engine's best discard by shanten, then by the tiles left that
//! advance the hand. Discards after the player's riichi are forced and not judged.

use super::event::{Event, Record, Round};
use super::wins::check_wins;
use crate::analysis::Engine;
use crate::hand::Hand;
use crate::meld::Meld;
use crate::rules::Rules;
use crate::score::{Call, CallKind};
use crate::tile::{format_counts, Tile, TileSet, KINDS};

/// One decision of a played game: the hand (concealed tiles, MPSZ) before the discard, the
/// discard made and the best one, each with the shanten it leaves and its tiles left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The round, from 0.
    pub round: usize,
    /// The event's index in the round, from 0.
    pub turn: usize,
    /// The seat that discarded.
    pub seat: u8,
    /// The concealed tiles before the discard.
    pub hand: String,
    /// The discard made.
    pub discard: Tile,
    /// The shanten it left.
    pub shanten: i8,
    /// The tiles left (unseen) that advance the hand it left.
    pub ukeire: u32,
    /// The best discard by shanten, then tiles left.
    pub best: Tile,
    /// The shanten the best discard leaves.
    pub best_shanten: i8,
    /// The tiles left after the best discard.
    pub best_ukeire: u32,
}

impl Decision {
    /// The discard made is as good as the best: the same shanten and as many tiles left.
    pub fn agrees(&self) -> bool {
        (self.shanten, self.ukeire) == (self.best_shanten, self.best_ukeire)
    }
}

/// A record's review in sum: its rounds, the decisions judged and how many were the best, the
/// recorded wins scored again and how many agree with the record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Rounds replayed.
    pub rounds: usize,
    /// Decisions judged.
    pub decisions: usize,
    /// Of them, as good as the best discard.
    pub agree: usize,
    /// Recorded wins scored again ([`super::check_wins`]).
    pub wins_checked: usize,
    /// Of them, scored as the record says.
    pub wins_agree: usize,
}

/// Reviews `record` by efficiency: every decision of `seat` (or of every seat), under riichi
/// rules, and the sum with the recorded wins checked.
///
/// ```
/// let text = r#"{"log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [33], [],
///   [11,12,13,14,15,16,17,18,19,21,22,23,47], [25], [47],
///   [31,32,33,34,35,36,37,38,39,41,41,42,42], [43], [43],
///   [21,21,21,22,22,22,23,23,23,24,24,24,25], [44], [44],
///   [26,26,26,27,27,27,28,28,28,29,29,29,31], [45], [45],
///   ["流局", [0, 0, 0, 0]]]]}"#;
/// let record = hupai::record::tenhou6::read(text).unwrap();
/// let (decisions, sum) = hupai::record::review(&record, Some(0));
/// assert_eq!(decisions[0].discard.to_string(), "7z");
/// assert!(decisions[0].agrees());
/// assert_eq!((sum.decisions, sum.agree, sum.wins_checked), (1, 1, 0));
/// ```
pub fn review(record: &Record, seat: Option<u8>) -> (Vec<Decision>, Summary) {
    let engine = Engine::new(Rules::riichi());
    let mut decisions = Vec::new();
    for (i, round) in record.rounds.iter().enumerate() {
        judge_round(&engine, i, round, seat, &mut decisions);
    }
    let wins = check_wins(record);
    let summary = Summary {
        rounds: record.rounds.len(),
        decisions: decisions.len(),
        agree: decisions.iter().filter(|d| d.agrees()).count(),
        wins_checked: wins.len(),
        wins_agree: wins.iter().filter(|w| w.agrees()).count(),
    };
    (decisions, summary)
}

/// The decisions of one round, replayed from its events.
fn judge_round(
    engine: &Engine<'_>,
    index: usize,
    round: &Round,
    only: Option<u8>,
    out: &mut Vec<Decision>,
) {
    let mut hands = [[0u8; KINDS]; 4];
    for (s, tiles) in round.hands.iter().enumerate() {
        for t in tiles {
            hands[s][t.tile.index()] += 1;
        }
    }
    let mut melds: [Vec<Meld>; 4] = Default::default();
    let mut riichi = [false; 4];
    // Every tile each seat can see beyond its own hand: the rivers, the calls, the indicators.
    let mut visible = [0u8; KINDS];
    if let Some(d) = round.dora.first() {
        visible[d.tile.index()] += 1;
    }
    let mut kongs = 0;
    for (turn, e) in round.events.iter().enumerate() {
        match e {
            Event::Draw { seat, tile } => hands[*seat as usize][tile.tile.index()] += 1,
            Event::Discard {
                seat,
                tile,
                riichi: r,
                ..
            } => {
                let s = *seat as usize;
                if only.is_none_or(|o| o == *seat) && !riichi[s] {
                    if let Some(d) = judge(engine, &hands[s], &melds[s], &visible, tile.tile) {
                        out.push(Decision {
                            round: index,
                            turn,
                            seat: *seat,
                            ..d
                        });
                    }
                }
                riichi[s] |= *r;
                hands[s][tile.tile.index()] -= 1;
                visible[tile.tile.index()] += 1;
            }
            Event::Call {
                seat,
                kind,
                tiles,
                added,
                ..
            } => {
                let s = *seat as usize;
                let (from_hand, shown): (&[_], &[_]) = match (kind, added) {
                    (CallKind::ClosedKan, _) => (tiles, tiles),
                    (_, true) => (&tiles[..1], &tiles[..1]),
                    // The called tile is in the discarder's river already.
                    _ => (&tiles[1..], &tiles[1..]),
                };
                for t in from_hand {
                    hands[s][t.tile.index()] -= 1;
                }
                for t in shown {
                    visible[t.tile.index()] += 1;
                }
                let lowest = tiles.iter().map(|t| t.tile.index()).min().unwrap_or(0);
                if let Ok(call) = Call::new(*kind, Tile::from_index(lowest), 0) {
                    if *added {
                        melds[s].retain(|m| !(m.tiles().contains(Tile::from_index(lowest))));
                    }
                    melds[s].push(call.meld());
                }
                if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                    kongs += 1;
                    if let Some(d) = round.dora.get(kongs) {
                        visible[d.tile.index()] += 1;
                    }
                }
            }
        }
    }
}

/// The decision of discarding `made` from `hand` (with `melds`; `visible` the tiles seen
/// beyond it), or none when the hand cannot be read (a hand the record made impossible).
fn judge(
    engine: &Engine<'_>,
    hand: &[u8; KINDS],
    melds: &[Meld],
    visible: &[u8; KINDS],
    made: Tile,
) -> Option<Decision> {
    let h = Hand::under(*hand, melds, TileSet::EMPTY, engine.rules()).ok()?;
    // What the seat sees beyond its hand and melds: the rest of the visible tiles.
    let mut seen = *visible;
    for m in melds {
        for (s, c) in seen.iter_mut().zip(m.counts()) {
            *s = s.saturating_sub(c);
        }
    }
    let report = engine.discards(&h, &seen).ok()?;
    let best = report.first()?;
    let mine = report.iter().find(|d| d.tile == made)?;
    Some(Decision {
        round: 0,
        turn: 0,
        seat: 0,
        hand: format_counts(hand),
        discard: made,
        shanten: mine.shanten,
        ukeire: mine.ukeire.count,
        best: best.tile,
        best_shanten: best.shanten,
        best_ukeire: best.ukeire.count,
    })
}
