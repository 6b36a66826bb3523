//! Points: base points from han and fu (with the limits), and what each player pays.

use crate::score::win::{Kazoe, Win};

/// The limit a hand's points reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Below mangan: base points are fu × 2^(2 + han).
    None,
    /// 満貫: 5 han, or 2000 base points (and 4 han 30 fu, 3 han 60 fu with kiriage).
    Mangan,
    /// 跳満: 6–7 han.
    Haneman,
    /// 倍満: 8–10 han.
    Baiman,
    /// 三倍満: 11–12 han (and counted 13+ where the rules stop there).
    Sanbaiman,
    /// 数え役満: 13 han or more without a yakuman; the multiple where the rules have no cap.
    Kazoe(u32),
    /// 役満, and its multiple (a double, two yakuman together…, at most six).
    Yakuman(u32),
}

impl Limit {
    /// Its name in requests and JSON answers.
    pub fn id(&self) -> &'static str {
        match self {
            Limit::None => "none",
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::Kazoe(_) => "kazoe_yakuman",
            Limit::Yakuman(_) => "yakuman",
        }
    }
}

/// What the winner is paid, honba included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Payment {
    /// A ron: the discarder pays it all.
    Ron {
        /// What the discarder pays.
        discarder: u32,
    },
    /// A tsumo: the dealer pays `dealer` (0 when the winner is the dealer), each other player
    /// `non_dealer`.
    Tsumo {
        /// What the dealer pays (0 when the winner is the dealer).
        dealer: u32,
        /// What each non-dealer pays.
        non_dealer: u32,
    },
}

/// Base points and their limit for `han` and `fu` (`yakuman`: the multiple of yakuman yaku).
pub(crate) fn base_points(han: u32, fu: u32, yakuman: u32, win: &Win) -> (u32, Limit) {
    if yakuman > 0 {
        let m = yakuman.min(6);
        return (8000 * m, Limit::Yakuman(m));
    }
    let r = &win.rules;
    match han {
        13.. => match r.kazoe {
            Kazoe::Yakuman => (8000, Limit::Kazoe(1)),
            Kazoe::Sanbaiman => (6000, Limit::Sanbaiman),
            Kazoe::Unlimited => {
                let m = (han / 13).min(6);
                (8000 * m, Limit::Kazoe(m))
            }
        },
        11..=12 => (6000, Limit::Sanbaiman),
        8..=10 => (4000, Limit::Baiman),
        6..=7 => (3000, Limit::Haneman),
        5 => (2000, Limit::Mangan),
        _ => {
            let base = fu << (2 + han);
            let kiriage = r.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60));
            if base > 2000 || kiriage {
                (2000, Limit::Mangan)
            } else {
                (base, Limit::None)
            }
        }
    }
}

/// `x` rounded up to a hundred.
fn up(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// The payment of a win worth `base` points, and the winner's total (riichi sticks included).
pub(crate) fn payment(base: u32, win: &Win) -> (Payment, u32) {
    let honba = win.honba;
    let sticks = 1000 * win.riichi_sticks;
    if win.tsumo {
        let (dealer, non_dealer) = if win.is_dealer() {
            (0, up(2 * base) + 100 * honba)
        } else {
            (up(2 * base) + 100 * honba, up(base) + 100 * honba)
        };
        let others = if win.is_dealer() { 3 } else { 2 };
        let total = dealer + others * non_dealer + sticks;
        (Payment::Tsumo { dealer, non_dealer }, total)
    } else {
        let factor = if win.is_dealer() { 6 } else { 4 };
        let discarder = up(factor * base) + 300 * honba;
        (Payment::Ron { discarder }, discarder + sticks)
    }
}
