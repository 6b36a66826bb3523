//! Who pays a riichi win: each seat's score change from the win's score — the discarder, or
//! the three others on a tsumo — and the table's rules that move a payment to another seat:
//! the honba and the riichi sticks of a multiple ron (上家取り), and 責任払い (pao), where the
//! seat that fed the last set of 大三元 or 大四喜 (四槓子 as a switch) pays for that yakuman.

use crate::score::riichi::points::Payment;
use crate::score::riichi::yaku::Yaku;
use crate::score::riichi::RiichiScore;

/// Who takes the honba of a multiple ron (ダブロン, トリロン); the riichi sticks always go to
/// the winner nearest the discarder in turn order.
///
/// ```
/// use hupai::{MultipleRon, TableRules};
/// assert_eq!(TableRules::default().multiple_ron, MultipleRon::Nearest);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MultipleRon {
    /// The honba and the sticks to the winner nearest the discarder (上家取り, 頭ハネ of the
    /// sticks): Tenhou, and most Japanese rule sets.
    Nearest,
    /// The honba to each winner, the sticks to the nearest (EMA 2016's rules).
    HonbaToEach,
}

/// 責任払い (pao): which yakuman make the seat that fed their last set pay for them.
///
/// ```
/// use hupai::{Pao, TableRules};
/// assert_eq!(TableRules::default().pao, Pao::BigHands);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pao {
    /// None.
    Off,
    /// 大三元 and 大四喜: the seat whose discard was called (pon or open kan) for the third
    /// dragon set, or the fourth wind set (Tenhou).
    BigHands,
    /// Those and 四槓子: the seat whose discard made the fourth kan.
    WithFourKans,
}

/// The table's rules of who pays a riichi win: Tenhou's by default.
///
/// ```
/// use hupai::{MultipleRon, Pao, TableRules};
/// let ema = TableRules { multiple_ron: MultipleRon::HonbaToEach, ..TableRules::default() };
/// assert_eq!(ema.pao, Pao::BigHands);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableRules {
    /// The honba of a multiple ron.
    pub multiple_ron: MultipleRon,
    /// 責任払い.
    pub pao: Pao,
}

impl Default for TableRules {
    fn default() -> TableRules {
        TableRules {
            multiple_ron: MultipleRon::Nearest,
            pao: Pao::BigHands,
        }
    }
}

impl Pao {
    /// The yakuman of `score` the liable seat answers for, in multiples (大四喜 counts 2 where
    /// the rules make it a double), when `yaku` (the yakuman whose last set the liable seat
    /// fed) is one this rule plays.
    #[cfg_attr(not(feature = "protocol"), allow(dead_code))] // read by `record` (protocol)
    pub(crate) fn units(self, score: &RiichiScore, yaku: Yaku) -> u32 {
        let played = match self {
            Pao::Off => false,
            Pao::BigHands => matches!(yaku, Yaku::Daisangen | Yaku::Daisuushii),
            Pao::WithFourKans => {
                matches!(yaku, Yaku::Daisangen | Yaku::Daisuushii | Yaku::Suukantsu)
            }
        };
        if !played {
            return 0;
        }
        score
            .yaku
            .iter()
            .find(|(y, _)| *y == yaku)
            .map_or(0, |&(_, han)| han / 13)
    }
}

/// Each seat's score change for `score`, won by `seat` off `from` (its own seat for a tsumo),
/// `dealer` the dealer's seat, `honba` the honba the win was scored with; `liable` the seat
/// that answers for `units` yakuman (pao): on a tsumo it pays them and the honba, on another
/// seat's discard it pays half of them (the discarder the other half, and the rest). The
/// winner's change is its total: the payments and the riichi sticks.
#[cfg_attr(not(feature = "protocol"), allow(dead_code))] // read by `record` (protocol)
pub(crate) fn changes(
    score: &RiichiScore,
    seat: usize,
    from: usize,
    dealer: usize,
    honba: u32,
    liable: Option<(usize, u32)>,
) -> [i32; 4] {
    let mut d = [0i32; 4];
    d[seat] = score.total as i32;
    match score.payment {
        Payment::Ron { discarder } => d[from] = -(discarder as i32),
        Payment::Tsumo {
            dealer: dp,
            non_dealer,
        } => {
            for (p, x) in d.iter_mut().enumerate() {
                if p != seat {
                    *x = -((if p == dealer { dp } else { non_dealer }) as i32);
                }
            }
        }
    }
    let Some((l, units)) = liable.filter(|&(l, u)| u > 0 && l != seat) else {
        return d;
    };
    // A yakuman's worth as one seat pays it: 6 × 8,000 to a dealer, 4 × 8,000 otherwise.
    let each = if seat == dealer { 48_000 } else { 32_000 };
    let units = units.min(score.yakuman);
    let owed = (each * units) as i32;
    let rest = score.yakuman - units;
    if seat == from {
        // Tsumo: the liable seat pays its yakuman and the honba; the others the rest, split.
        let split = |dealer_pays: bool| -> i32 {
            let unit = if seat == dealer || dealer_pays {
                16_000
            } else {
                8_000
            };
            (unit * rest) as i32
        };
        for (p, x) in d.iter_mut().enumerate() {
            if p != seat {
                *x = -split(p == dealer);
            }
        }
        d[l] -= owed + 300 * honba as i32;
    } else if l != from {
        // Ron off another seat: the liable seat pays half its yakuman, the discarder the rest.
        d[l] = -owed / 2;
        d[from] += owed / 2;
    }
    d
}
