//! Riichi scoring: every reading of the win ([`reading`]), its yaku ([`yaku`]) and fu
//! ([`fu`]), dora, points ([`points`]); the best reading by points, then yakuman over counted
//! han, then han, then fu.

pub(crate) mod fu;
pub(crate) mod points;
pub(crate) mod settle;
pub(crate) mod yaku;

use crate::rules::SevenPairs;
use crate::score::hand::{ScoreError, WinningHand};
use crate::score::reading::{readings, Reading};
use crate::score::win::{dora_of, Win};
use fu::{fu_of, FuPart};
use points::{base_points, payment, Limit, Payment};
use yaku::{yaku_of, Tiles, Yaku};

/// A riichi hand's score: the yaku with their han, the fu with their parts, the limit, the
/// base points and what each player pays.
///
/// ```
/// use hupai::{Engine, Rules, Tile, Win, WinningHand};
/// let engine = Engine::new(Rules::riichi());
/// let hand = WinningHand::new("234m345m567p22s789s", "5m", &[]).unwrap();
/// let win = Win { tsumo: true, riichi: true, dora: vec![Tile::parse("1p").unwrap()], ..Win::default() };
/// let s = engine.score(&hand, &win).unwrap().riichi().unwrap();
/// assert_eq!((s.han, s.fu), (3, 20)); // riichi, menzen tsumo, pinfu; no 2p for the dora
/// assert_eq!(s.total, 2700); // 1300 from the dealer, 700 from each other player
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RiichiScore {
    /// The yaku and dora with their han (13 a yakuman, 26 a double); yakuman alone when the
    /// hand has one.
    pub yaku: Vec<(Yaku, u32)>,
    /// Han, dora included.
    pub han: u32,
    /// Fu, rounded up to ten (0 for thirteen orphans).
    pub fu: u32,
    /// The fu's parts before rounding.
    pub fu_parts: Vec<(FuPart, u32)>,
    /// The multiple of yakuman (0: none).
    pub yakuman: u32,
    /// The limit reached.
    pub limit: Limit,
    /// Base points (基本点) after the limit.
    pub base: u32,
    /// What the other players pay, honba included.
    pub payment: Payment,
    /// The winner's gain: the payments and the riichi sticks.
    pub total: u32,
}

/// The winner's gain ([`RiichiScore::total`]) for each count of ura han: `totals[u]` with
/// `u` han of ura-dora in place of those `win.ura_dora` names (counted only in riichi, as
/// those are). The readings, yaku and fu are found once for every count, in `scratch`'s
/// buffers (no allocation once they have grown): what the odds' expected points weigh by the
/// chance of each count (`odds::ura`).
pub(crate) fn totals_by_ura(
    hand: &WinningHand,
    win: &Win,
    scratch: &mut Scratch,
    totals: &mut [u32],
) -> Result<(), ScoreError> {
    totals.fill(0);
    let riichi = win.in_riichi();
    let mut any = false;
    each_reading(hand, win, scratch, |r, dora, red| {
        any = true;
        let han: u32 = r.yaku.iter().map(|y| y.1).sum();
        let extra = if r.yakuman == 0 { dora + red } else { 0 };
        for (u, total) in totals.iter_mut().enumerate() {
            let ura = if riichi && r.yakuman == 0 {
                u as u32
            } else {
                0
            };
            let (base, _) = base_points((han + extra + ura).min(78), r.fu, r.yakuman, win);
            *total = (*total).max(payment(base, win).1);
        }
    })?;
    if any {
        Ok(())
    } else {
        Err(ScoreError::NoYaku)
    }
}

/// Whether `hand` won as `win` says has a yaku (may be claimed), its readings found in
/// `scratch`'s buffers: no allocation once they have grown (the odds ask it of every winning
/// draw of an open hand).
pub(crate) fn has_yaku(hand: &WinningHand, win: &Win, scratch: &mut Scratch) -> bool {
    let mut any = false;
    each_reading(hand, win, scratch, |_, _, _| any = true).is_ok() && any
}

/// Scores `hand` won as `win` says, under riichi rules.
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<RiichiScore, ScoreError> {
    let mut out = RiichiScore {
        yaku: Vec::new(),
        han: 0,
        fu: 0,
        fu_parts: Vec::new(),
        yakuman: 0,
        limit: Limit::None,
        base: 0,
        payment: Payment::Ron { discarder: 0 },
        total: 0,
    };
    score_into(hand, win, &mut Scratch::default(), &mut out)?;
    Ok(out)
}

/// [`score`] into `out`, its lists refilled in place, the readings in `scratch`: no
/// allocation once the buffers have grown (the table scores every win so). The best reading
/// is kept by points, then yakuman over counted han, han, fu, and fu before rounding.
pub(crate) fn score_into(
    hand: &WinningHand,
    win: &Win,
    scratch: &mut Scratch,
    out: &mut RiichiScore,
) -> Result<(), ScoreError> {
    let ura = if win.in_riichi() {
        count_dora(&win.ura_dora, &hand.all_counts())
    } else {
        0
    };
    let mut best: Option<(u32, bool, u32, u32, u32)> = None;
    each_reading(hand, win, scratch, |r, dora, red| {
        let extra = [
            (dora, Yaku::Dora),
            (red, Yaku::AkaDora),
            (ura, Yaku::UraDora),
        ];
        let extra = extra.iter().filter(|(n, _)| r.yakuman == 0 && *n > 0);
        let han = (r.yaku.iter().map(|y| y.1).sum::<u32>()
            + extra.clone().map(|e| e.0).sum::<u32>())
        .min(78);
        let (base, limit) = base_points(han, r.fu, r.yakuman, win);
        let (payment, total) = payment(base, win);
        // Thirteen orphans shows no fu parts.
        let raw = if r.orphans {
            0
        } else {
            r.fu_parts.iter().map(|p| p.1).sum()
        };
        let rank = (total, r.yakuman > 0, han, r.fu, raw);
        if best.is_some_and(|b| rank <= b) {
            return;
        }
        best = Some(rank);
        out.yaku.clear();
        out.yaku.extend_from_slice(r.yaku);
        out.yaku.extend(extra.map(|&(n, y)| (y, n)));
        out.fu_parts.clear();
        if !r.orphans {
            out.fu_parts.extend_from_slice(r.fu_parts);
        }
        out.han = han;
        out.fu = r.fu;
        out.yakuman = r.yakuman;
        out.limit = limit;
        out.base = base;
        out.payment = payment;
        out.total = total;
    })?;
    best.map(|_| ()).ok_or(ScoreError::NoYaku)
}

/// The buffers a scoring pass fills: the readings of a win, and a reading's yaku and fu
/// parts. A caller that scores many wins keeps one, so that no score allocates once they
/// have grown.
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    found: Vec<Reading>,
    yaku: Vec<(Yaku, u32)>,
    fu_parts: Vec<(FuPart, u32)>,
}

impl Scratch {
    /// Buffers grown for any win at once (the most readings a hand has, the most yaku and fu
    /// parts a reading has, with room to spare): a caller that must not allocate later.
    #[cfg_attr(not(feature = "game"), allow(dead_code))] // the table's
    pub(crate) fn reserved() -> Scratch {
        Scratch {
            found: Vec::with_capacity(64),
            yaku: Vec::with_capacity(32),
            fu_parts: Vec::with_capacity(32),
        }
    }
}

/// A reading with a yaku, counted: its yaku (dora not among them), yakuman multiple and fu.
struct Counted<'s> {
    yaku: &'s [(Yaku, u32)],
    yakuman: u32,
    fu: u32,
    fu_parts: &'s [(FuPart, u32)],
    /// Thirteen orphans.
    orphans: bool,
}

/// Checks the win and calls `each(reading, dora, red)` for every reading of `hand` that has a
/// yaku, with the han of its dora and red fives (the same for every reading).
fn each_reading(
    hand: &WinningHand,
    win: &Win,
    scratch: &mut Scratch,
    mut each: impl FnMut(Counted, u32, u32),
) -> Result<(), ScoreError> {
    win.check(hand)?;
    let Scratch {
        found,
        yaku,
        fu_parts,
    } = scratch;
    found.clear();
    readings(hand, win.tsumo, SevenPairs::Distinct, true, found);
    if found.is_empty() {
        return Err(ScoreError::NotAWin);
    }
    let tiles = Tiles {
        all: hand.all_counts(),
    };
    let dora = count_dora(&win.dora, &tiles.all);
    let red = if win.rules.red_fives {
        hand.red() as u32
    } else {
        0
    };
    let closed = !hand.is_open();
    for reading in found.iter() {
        yaku.clear();
        yaku_of(reading, hand, win, &tiles, yaku);
        if yaku.is_empty() || yaku.iter().all(|&(_, h)| h == 0) {
            continue;
        }
        let yakuman = yaku
            .iter()
            .filter(|y| y.0.is_yakuman())
            .map(|y| y.1)
            .sum::<u32>()
            / 13;
        let pinfu = yaku.iter().any(|y| y.0 == Yaku::Pinfu);
        fu_parts.clear();
        let fu = fu_of(reading, win, closed, pinfu, fu_parts);
        each(
            Counted {
                yaku,
                yakuman,
                fu,
                fu_parts,
                orphans: *reading == Reading::Orphans,
            },
            dora,
            red,
        );
    }
    Ok(())
}

/// Dora named by `indicators` among the hand's tiles.
fn count_dora(indicators: &[crate::tile::Tile], all: &[u32; 34]) -> u32 {
    indicators.iter().map(|&i| all[dora_of(i).index()]).sum()
}
