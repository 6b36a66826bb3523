//! Riichi scoring: every reading of the win ([`reading`]), its yaku ([`yaku`]) and fu
//! ([`fu`]), dora, points ([`points`]); the best reading by points, then yakuman over counted
//! han, then han, then fu.

pub(crate) mod fu;
pub(crate) mod points;
pub(crate) mod reading;
pub(crate) mod yaku;

use crate::score::hand::{ScoreError, WinningHand};
use crate::score::win::{dora_of, Win};
use fu::{fu_of, FuPart};
use points::{base_points, payment, Limit, Payment};
use reading::{readings, Reading};
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

impl RiichiScore {
    /// The order the best reading is kept by: points, yakuman over counted han, han, fu,
    /// then fu before rounding.
    fn rank(&self) -> (u32, bool, u32, u32, u32) {
        let raw = self.fu_parts.iter().map(|p| p.1).sum();
        (self.total, self.yakuman > 0, self.han, self.fu, raw)
    }
}

/// Scores `hand` won as `win` says, under riichi rules.
pub(crate) fn score(hand: &WinningHand, win: &Win) -> Result<RiichiScore, ScoreError> {
    score_with(hand, win, None)
}

/// [`score`] with `ura` han of ura-dora in place of those `win.ura_dora` names (counted only
/// in riichi, as those are): what the odds' expected points weigh by the chance of each count
/// (`odds::ura`).
pub(crate) fn score_with_ura(
    hand: &WinningHand,
    win: &Win,
    ura: u32,
) -> Result<RiichiScore, ScoreError> {
    score_with(hand, win, Some(ura))
}

fn score_with(hand: &WinningHand, win: &Win, ura: Option<u32>) -> Result<RiichiScore, ScoreError> {
    win.check(hand)?;
    let mut found = Vec::new();
    readings(hand, win.tsumo, &mut found);
    if found.is_empty() {
        return Err(ScoreError::NotAWin);
    }
    let tiles = Tiles {
        all: hand.all_counts(),
    };
    let dora = count_dora(&win.dora, &tiles.all);
    let ura = if win.in_riichi() {
        ura.unwrap_or_else(|| count_dora(&win.ura_dora, &tiles.all))
    } else {
        0
    };
    let red = if win.rules.red_fives {
        hand.red() as u32
    } else {
        0
    };
    let closed = !hand.is_open();
    let mut best: Option<RiichiScore> = None;
    for reading in &found {
        let mut yaku = Vec::new();
        yaku_of(reading, hand, win, &tiles, &mut yaku);
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
        let mut fu_parts = Vec::new();
        let fu = fu_of(reading, win, closed, pinfu, &mut fu_parts);
        if yakuman == 0 {
            for (n, y) in [
                (dora, Yaku::Dora),
                (red, Yaku::AkaDora),
                (ura, Yaku::UraDora),
            ] {
                if n > 0 {
                    yaku.push((y, n));
                }
            }
        }
        if *reading == Reading::Orphans {
            fu_parts.clear();
        }
        let han = yaku.iter().map(|y| y.1).sum::<u32>().min(78);
        let (base, limit) = base_points(han, fu, yakuman, win);
        let (payment, total) = payment(base, win);
        let s = RiichiScore {
            yaku,
            han,
            fu,
            fu_parts,
            yakuman,
            limit,
            base,
            payment,
            total,
        };
        if best.as_ref().is_none_or(|b| s.rank() > b.rank()) {
            best = Some(s);
        }
    }
    best.ok_or(ScoreError::NoYaku)
}

/// Dora named by `indicators` among the hand's tiles.
fn count_dora(indicators: &[crate::tile::Tile], all: &[u32; 34]) -> u32 {
    indicators.iter().map(|&i| all[dora_of(i).index()]).sum()
}
