//! Each recorded win of a riichi record scored again and set beside the record: the winner's
//! hand and calls at the win, the moment's flags read from the events (riichi and double
//! riichi, ippatsu, tsumo, rinshan, chankan, haitei and houtei, tenhou and chiihou), the dora
//! and ura indicators, honba and the riichi sticks on the table — scored by the engine under
//! Tenhou's rules and compared with the record's score changes.

use super::event::{Event, Record, RecordTile, RecordedWin, Round, RoundResult};
use crate::analysis::Engine;
use crate::rules::{Rules, Scoring};
use crate::score::riichi::settle;
use crate::score::{Call, CallKind, MultipleRon, Score, TableRules, Win, WinningHand, Yaku};
use crate::tile::{Tile, KINDS};

/// A recorded win beside its score by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinCheck {
    /// The round, from 0.
    pub round: usize,
    /// The winner's seat.
    pub seat: u8,
    /// The score changes the record gives.
    pub recorded: [i32; 4],
    /// The score changes the engine's score makes, or why it could not score the win.
    pub scored: Result<[i32; 4], String>,
}

impl WinCheck {
    /// The engine's score changes equal the record's.
    pub fn agrees(&self) -> bool {
        self.scored.as_ref() == Ok(&self.recorded)
    }
}

/// Every recorded win of `record` scored under riichi rules (Tenhou's) and compared; under
/// other rules, each checked as a win (its score changes taken as the record gives them).
///
/// ```no_run
/// let text = std::fs::read_to_string("game.json").unwrap();
/// let record = hupai::record::tenhou6::read(&text).unwrap();
/// let checks = hupai::record::check_wins(&record);
/// println!("{} of {} wins agree", checks.iter().filter(|c| c.agrees()).count(), checks.len());
/// ```
pub fn check_wins(record: &Record) -> Vec<WinCheck> {
    check_wins_under(record, &TableRules::default())
}

/// [`check_wins`] under `table`'s rules of who pays (a multiple ron's honba, pao): Tenhou's
/// are [`TableRules::default`].
///
/// ```no_run
/// use hupai::{MultipleRon, TableRules};
/// let text = std::fs::read_to_string("game.json").unwrap();
/// let record = hupai::record::read(&text).unwrap();
/// let ema = TableRules { multiple_ron: MultipleRon::HonbaToEach, ..TableRules::default() };
/// let checks = hupai::record::check_wins_under(&record, &ema);
/// ```
pub fn check_wins_under(record: &Record, table: &TableRules) -> Vec<WinCheck> {
    let rules = Rules::preset(&record.rules).unwrap_or(Rules::riichi());
    let engine = Engine::new(rules);
    let mut out = Vec::new();
    for (i, round) in record.rounds.iter().enumerate() {
        out.extend(check_round(&engine, &record.rules, table, i, round));
    }
    out
}

/// The recorded wins of round `index` (of a record of the preset `rules`, `engine` its
/// engine) scored again.
pub(crate) fn check_round(
    engine: &Engine<'_>,
    rules: &str,
    table: &TableRules,
    index: usize,
    round: &Round,
) -> Vec<WinCheck> {
    let RoundResult::Wins(wins) = &round.result else {
        return Vec::new();
    };
    // The winner nearest the discarder in turn order takes the sticks (and the honba
    // under Tenhou's rules): 上家取り.
    let after = |w: &RecordedWin| (w.seat as usize + 4 - w.from as usize) % 4;
    let nearest = wins.iter().map(after).min().unwrap_or(0);
    wins.iter()
        .map(|w| {
            let first = after(w) == nearest;
            let honba = first || table.multiple_ron == MultipleRon::HonbaToEach;
            let scored = situation(round, w.seat as usize, w.from as usize, first, honba).and_then(
                |(hand, win, fed)| match engine.rules().scoring {
                    Scoring::Riichi => riichi_changes(engine, round, w, &hand, &win, fed, table),
                    _ => win_as_recorded(engine, round, w, hand, rules),
                },
            );
            WinCheck {
                round: index,
                seat: w.seat,
                recorded: w.deltas,
                scored,
            }
        })
        .collect()
}

/// The score changes of a riichi win, scored under Tenhou's scoring and `table`'s rules of
/// who pays; `fed` the seat that fed the last set of a yakuman pao may make it pay for.
fn riichi_changes(
    engine: &Engine<'_>,
    round: &Round,
    w: &RecordedWin,
    hand: &WinningHand,
    win: &Win,
    fed: Option<Fed>,
    table: &TableRules,
) -> Result<[i32; 4], String> {
    let Score::Riichi(s) = engine.score(hand, win).map_err(|e| e.to_string())? else {
        return Err("not a riichi score".into());
    };
    let dealer = round.kyoku as usize % 4;
    let liable = fed.map(|(seat, yaku)| (seat, table.pao.units(&s, yaku)));
    Ok(settle::changes(
        &s,
        w.seat as usize,
        w.from as usize,
        dealer,
        win.honba,
        liable,
    ))
}

/// A win under rules other than riichi: the winner's hand and calls, with the round's
/// wildcards, make a winning hand under the rules, and the record's changes are taken as they
/// are (the regional rooms' payments hang on choices a record does not carry — stakes, birds,
/// who pays).
fn win_as_recorded(
    engine: &Engine<'_>,
    round: &Round,
    w: &RecordedWin,
    hand: WinningHand,
    rules: &str,
) -> Result<[i32; 4], String> {
    let hand = hand
        .with_wild(round.wild)
        .as_hand(engine.rules())
        .map_err(|e| e.to_string())?;
    if engine.is_win(&hand) {
        Ok(w.deltas)
    } else {
        Err(format!(
            "seat {}'s hand is not a win under {rules}",
            w.seat + 1
        ))
    }
}

/// The winner's hand and the moment of its win, replayed from the round's events, and the
/// seat that fed the last set of a yakuman pao plays (大三元's third dragon set, 大四喜's fourth
/// wind set, 四槓子's fourth kan, by a pon or an open kan of its discard); `first` when this
/// winner takes the riichi sticks, `honba` when it takes the honba (the nearest of a multiple
/// ron, under Tenhou's rules).
fn situation(
    round: &Round,
    seat: usize,
    from: usize,
    first: bool,
    honba: bool,
) -> Result<(WinningHand, Win, Option<Fed>), String> {
    let dealer = round.kyoku as usize % 4;
    let mut hand = [0u8; KINDS];
    let mut red = [0u8; 3];
    let add = |hand: &mut [u8; KINDS], red: &mut [u8; 3], t: RecordTile, n: i8| {
        hand[t.tile.index()] = (hand[t.tile.index()] as i8 + n) as u8;
        if t.red {
            red[t.tile.index() / 9] = (red[t.tile.index() / 9] as i8 + n) as u8;
        }
    };
    for &t in &round.hands[seat] {
        add(&mut hand, &mut red, t, 1);
    }
    let mut calls: Vec<Call> = Vec::new();
    let mut fed: Option<Fed> = None;
    let (mut riichi, mut double, mut ippatsu) = (false, false, false);
    let (mut any_call, mut live_draws, mut kongs, mut sticks) = (false, 0u32, 0u32, round.sticks);
    let mut own_discards = 0;
    let mut after_kong = false;
    let tsumo = seat == from;
    let events = &round.events;
    let last = events.len().checked_sub(1).ok_or("a win with no events")?;
    for (i, e) in events.iter().enumerate() {
        match e {
            Event::Draw { seat: s, tile } => {
                if !after_kong {
                    live_draws += 1;
                }
                if *s as usize == seat {
                    add(&mut hand, &mut red, *tile, 1);
                }
                if i < last {
                    after_kong = false;
                }
            }
            Event::Discard {
                seat: s,
                tile,
                riichi: r,
                ..
            } => {
                let s = *s as usize;
                if s == seat && i < last {
                    add(&mut hand, &mut red, *tile, -1);
                    if riichi {
                        ippatsu = false;
                    }
                    if *r {
                        riichi = true;
                        ippatsu = true;
                        double = own_discards == 0 && !any_call;
                    }
                    own_discards += 1;
                }
                // A riichi stick is placed once its discard passes.
                if *r && i < last {
                    sticks += 1;
                }
                after_kong = false;
            }
            Event::Call {
                seat: s,
                kind,
                tiles,
                added,
                from,
            } => {
                let s = *s as usize;
                any_call = true;
                // A call ends ippatsu; the kong robbed by the win (槍槓) does not.
                if i < last {
                    ippatsu = false;
                }
                if matches!(kind, CallKind::Kan | CallKind::ClosedKan) {
                    kongs += 1;
                    after_kong = true;
                }
                if s == seat {
                    let mut kinds: Vec<usize> = tiles.iter().map(|t| t.tile.index()).collect();
                    kinds.sort_unstable();
                    let reds = tiles.iter().filter(|t| t.red).count() as u8;
                    let from_hand: &[RecordTile] = match (kind, added) {
                        (CallKind::ClosedKan, _) => tiles,
                        (_, true) => &tiles[..1],
                        _ => &tiles[1..],
                    };
                    for &t in from_hand {
                        add(&mut hand, &mut red, t, -1);
                    }
                    let lowest = Tile::from_index(kinds[0]);
                    if *added {
                        let k = kinds[0];
                        let pon = calls
                            .iter()
                            .position(|c| c.kind() == CallKind::Pon && c.tile().index() == k)
                            .ok_or("a kong added to no pon")?;
                        calls[pon] =
                            Call::new(CallKind::Kan, lowest, reds).map_err(|e| e.to_string())?;
                    } else {
                        if let (Some(f), false) = (from, *kind == CallKind::Chi) {
                            fed = feeds(&calls, *kind, kinds[0])
                                .map(|y| (*f as usize, y))
                                .or(fed);
                        }
                        calls.push(Call::new(*kind, lowest, reds).map_err(|e| e.to_string())?);
                    }
                }
            }
        }
    }
    // The winning tile: the winner's last draw, the last discard, or the tile added to a pon
    // (槍槓).
    let (win_tile, chankan, rinshan) = match &events[last] {
        Event::Draw { tile, .. } if tsumo => {
            let rinshan = last > 0
                && matches!(events[last - 1], Event::Call { ref kind, .. } if matches!(kind, CallKind::Kan | CallKind::ClosedKan));
            (*tile, false, rinshan)
        }
        Event::Discard { tile, .. } if !tsumo => {
            add(&mut hand, &mut red, *tile, 1);
            (*tile, false, false)
        }
        Event::Call {
            tiles, added: true, ..
        } if !tsumo => {
            add(&mut hand, &mut red, tiles[0], 1);
            (tiles[0], true, false)
        }
        _ => return Err("the round does not end on the winning tile".into()),
    };
    // The live wall holds 70 tiles, one fewer for each kong's replacement.
    let last_tile = live_draws + kongs >= 70;
    let first_turn = !any_call && own_discards == 0;
    let wind = |n: usize| Tile::from_index(27 + n % 4);
    // The red fives of the hand and of its calls, per suit (what a winning hand counts).
    for c in &calls {
        if c.red() > 0 {
            red[c.tile().index() / 9] += c.red();
        }
    }
    let hand =
        WinningHand::from_parts(hand, calls, win_tile.tile, red).map_err(|e| e.to_string())?;
    let win = Win {
        tsumo,
        seat_wind: wind((seat + 4 - dealer) % 4),
        round_wind: wind(round.kyoku as usize / 4),
        riichi,
        double_riichi: double,
        ippatsu: riichi && ippatsu,
        haitei: tsumo && last_tile && !rinshan,
        houtei: !tsumo && last_tile && !chankan,
        rinshan,
        chankan,
        tenhou: tsumo && first_turn && seat == dealer,
        chiihou: tsumo && first_turn && seat != dealer,
        dora: round.dora.iter().map(|t| t.tile).collect(),
        ura_dora: if riichi {
            round.ura.iter().map(|t| t.tile).collect()
        } else {
            Vec::new()
        },
        honba: if honba { round.honba } else { 0 },
        riichi_sticks: if first { sticks } else { 0 },
        red_indicators: red_among(round.dora.iter().chain(if riichi {
            &round.ura[..]
        } else {
            &[]
        })),
        ..Win::default()
    };
    Ok((hand, win, fed))
}

/// The seat that fed the last set of a yakuman, and the yakuman.
type Fed = (usize, Yaku);

/// The yakuman whose last set a call of `kind` on `k` completes, given the winner's `calls`
/// before it: the third dragon set (大三元), the fourth wind set (大四喜), the fourth kan
/// (四槓子, an open kan).
fn feeds(calls: &[Call], kind: CallKind, k: usize) -> Option<Yaku> {
    let sets = |range: std::ops::Range<usize>| {
        calls
            .iter()
            .filter(|c| c.kind() != CallKind::Chi && range.contains(&c.tile().index()))
            .count()
    };
    if (31..34).contains(&k) && sets(31..34) == 2 {
        Some(Yaku::Daisangen)
    } else if (27..31).contains(&k) && sets(27..31) == 3 {
        Some(Yaku::Daisuushii)
    } else if kind == CallKind::Kan && calls.iter().filter(|c| c.is_kan()).count() == 3 {
        Some(Yaku::Suukantsu)
    } else {
        None
    }
}

/// The red fives (m, p, s) among `tiles`.
pub(crate) fn red_among<'a>(tiles: impl Iterator<Item = &'a RecordTile>) -> [u8; 3] {
    let mut red = [0u8; 3];
    for t in tiles.filter(|t| t.red && t.tile.index() < 27) {
        red[t.tile.index() / 9] += 1;
    }
    red
}
