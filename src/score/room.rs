//! The score of a regional room (Sichuan 血战到底, 长沙, 红中): one shape for every room — the
//! fans of the best reading, the fans paid, what each payer pays, who pays, the gain, and
//! what each wildcard stood for — and the settlement they share (the cap, the payers, a
//! payment that must fit 64 bits). Each room says what a payer pays for its fans.

use crate::score::hand::{Call, CallKind, ScoreError, WinningHand};
use crate::score::win::{Heavenly, SelfDraw, Win};
use crate::tile::Tile;

/// The most fans a doubling room pays for: a stake (under 2^32) doubled 29 times and paid by
/// three fits in 64 bits. No hand comes near it (Sichuan's 清龙七对 with two more fours,
/// self-drawn as 天胡: 13), so it is a bound on arithmetic, never on a score.
pub(crate) const MOST_FANS: u32 = 29;

/// A regional room's score: the fans of the best reading, the fans paid after the room's cap,
/// what each payer pays, and what each wildcard stood for in that reading. `F` is the room's
/// fan table ([`crate::SichuanFan`], [`crate::ChangshaFan`], [`crate::HongzhongFan`]).
///
/// ```
/// use hupai::{Engine, HongzhongFan, Rules, Win, WinningHand};
/// // 7z (红中) is wild: here it pairs the lone 9m, and the hand is seven pairs of one suit.
/// let hand = WinningHand::new("1122334455667m7z", "7m", &[]).unwrap();
/// let win = Win { tsumo: true, ..Win::default() };
/// let s = Engine::new(Rules::hongzhong()).score(&hand, &win).unwrap().hongzhong().unwrap();
/// assert_eq!(s.fans, vec![(HongzhongFan::SevenPairs, 1), (HongzhongFan::FullFlush, 1)]);
/// assert_eq!(s.wildcards, vec![("7z".parse().unwrap(), "7m".parse().unwrap())]);
/// assert_eq!((s.fan, s.each, s.total), (2, 4, 12)); // 2^2 from each of three players
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomScore<F> {
    /// The fans that count, each with how many times (Sichuan's 根 once for each four).
    pub fans: Vec<(F, u32)>,
    /// Their fans added up, before the cap.
    pub uncapped: u32,
    /// The fans paid: `uncapped`, at most the room's cap.
    pub fan: u32,
    /// What each payer pays (the room's rule: docs/SCORING.md).
    pub each: u64,
    /// Who pays: the discarder (1), or on a self-draw the players still in the hand.
    pub payers: u8,
    /// The winner's gain: `each` from every payer.
    pub total: u64,
    /// Each wildcard of the hand as (its own kind, the tile it stood for in the reading
    /// paid), in tile order; empty without wildcards.
    pub wildcards: Vec<(Tile, Tile)>,
}

impl<F: Copy> RoomScore<F> {
    /// Settles `fans` (each with its value and count) under `win`'s room: the sum, the cap, the
    /// payers, and `each_of(fans paid)` from each payer. Refused when a payment does not fit
    /// 64 bits (a stake and birds no room plays).
    pub(crate) fn settle(
        fans: Vec<(F, u32)>,
        value: impl Fn(F) -> u32,
        wildcards: Vec<(Tile, Tile)>,
        win: &Win,
        each_of: impl FnOnce(u32) -> Option<u64>,
    ) -> Result<RoomScore<F>, ScoreError> {
        let uncapped: u32 = fans.iter().map(|&(f, n)| value(f) * n).sum();
        let cap = match win.room.cap {
            0 => MOST_FANS,
            c => (c as u32).min(MOST_FANS),
        };
        let fan = uncapped.min(cap);
        let payers = if win.tsumo { win.payers } else { 1 };
        let too_large = || {
            ScoreError::BadArgument(
                "the payment does not fit 64 bits: the stake and the birds are too large"
                    .to_string(),
            )
        };
        let each = each_of(fan).ok_or_else(too_large)?;
        let total = each.checked_mul(payers as u64).ok_or_else(too_large)?;
        Ok(RoomScore {
            fans,
            uncapped,
            fan,
            each,
            payers,
            total,
            wildcards,
        })
    }
}

/// The stake doubled `fan` times and paid once more for each bird (`birds` 0 for none).
pub(crate) fn doubled(stake: u32, fan: u32, birds: u8) -> Option<u64> {
    (stake as u64)
        .checked_mul(1u64 << fan.min(MOST_FANS))?
        .checked_mul(1 + birds as u64)
}

/// What a room plays, for the checks every room shares: its name, whether a chi is one of
/// its calls, the options its scoring takes, and the flags of the moment it scores.
pub(crate) struct Room {
    /// Its name in messages ("Sichuan").
    pub name: &'static str,
    /// Chi is one of its calls.
    pub chi: bool,
    /// The options its scoring takes beyond the stake, the payers and the cap, by their
    /// field names: `birds` (扎鸟, 抓码 hit its wins), `self_draw` and `heavenly`
    /// ([`crate::RoomRules`]: Sichuan's), `no_red_double` (红中's), `all_pungs_fans` and
    /// `kong_bloom_fans` (南昌's).
    pub options: &'static [&'static str],
    /// The flags it plays beyond tsumo, by their field names: what the refusal lists.
    pub flags: &'static [&'static str],
}

impl Room {
    /// Whether its scoring takes `option` (a field name: `birds`, `self_draw` …).
    pub fn plays(&self, option: &str) -> bool {
        self.options.contains(&option)
    }
}

/// The moment's flags a room may play, by field name, with their values in `win`.
fn flags(win: &Win) -> [(&'static str, bool); 7] {
    [
        ("rinshan", win.rinshan),
        ("kong_discard", win.kong_discard),
        ("chankan", win.chankan),
        ("haitei", win.haitei),
        ("houtei", win.houtei),
        ("tenhou", win.tenhou),
        ("chiihou", win.chiihou),
    ]
}

/// Refuses what no win of `room` can have, whatever its tiles: a chi where it calls pungs
/// and kongs only, riichi's and MCR's flags, birds and flags it does not play, a seat that is
/// not a wind, a stake of 0, payers outside 1–3. The odds' expected points check their
/// situation with it too.
pub(crate) fn check_room(win: &Win, calls: &[Call], room: &Room) -> Result<(), ScoreError> {
    let bad = |m: String| Err(ScoreError::BadSituation(m));
    if !room.chi {
        if let Some(chi) = calls.iter().find(|c| c.kind() == CallKind::Chi) {
            return Err(ScoreError::BadCall(format!(
                "'{chi}': a chi is not a {} call (pungs and kongs only)",
                room.name
            )));
        }
    }
    let unplayed = flags(win)
        .into_iter()
        .any(|(name, on)| on && !room.flags.contains(&name));
    if win.riichi
        || win.double_riichi
        || win.ippatsu
        || win.renhou
        || win.last_copy
        || win.flowers > 0
        || (win.birds > 0 && !room.plays("birds"))
        || win.honba > 0
        || win.riichi_sticks > 0
        || !win.dora.is_empty()
        || !win.ura_dora.is_empty()
        || unplayed
    {
        return bad(format!(
            "riichi, ippatsu, renhou, dora, honba, sticks, flowers{} and last copy are not {}'s: its flags are tsumo{}{}",
            if room.plays("birds") { "" } else { ", birds" },
            room.name,
            room.flags
                .iter()
                .map(|f| format!(", {f} ({})", chinese(f)))
                .collect::<String>(),
            if room.plays("birds") { ", and birds" } else { "" },
        ));
    }
    let wind = |t: Tile| (27..31).contains(&t.index());
    if !wind(win.seat_wind) {
        return bad("the seat wind is one of 1z 2z 3z 4z (1z: the dealer)".into());
    }
    let option = |m: &str| Err(ScoreError::BadArgument(m.to_string()));
    if win.stake == 0 {
        return option("the stake is at least 1");
    }
    if !(1..=3).contains(&win.payers) {
        return option("the payers of a self-draw are 1 to 3 (the players still in the hand)");
    }
    if win.room.self_draw != SelfDraw::Fan && !room.plays("self_draw") {
        return option(&format!(
            "self_draw (自摸加底) is Sichuan's option, not {}'s: a self-draw there pays as its table says",
            room.name
        ));
    }
    if win.room.heavenly != Heavenly::Add && !room.plays("heavenly") {
        return option(&format!(
            "heavenly (天胡 the largest) is Sichuan's option, not {}'s: 天胡 there pays as its table says",
            room.name
        ));
    }
    if !win.room.no_red_double && !room.plays("no_red_double") {
        return option(&format!(
            "no_red_double (无红中加倍) is Hongzhong's option, not {}'s",
            room.name
        ));
    }
    for (name, fans, chinese) in [
        ("all_pungs_fans", win.room.all_pungs_fans, "大七对"),
        ("kong_bloom_fans", win.room.kong_bloom_fans, "杠上开花"),
    ] {
        if !(1..=2).contains(&fans) {
            return option(&format!("{name} is 1 ({chinese} ×2) or 2 (×4)"));
        }
        if fans != 1 && !room.plays(name) {
            return option(&format!(
                "{name} ({chinese} ×4) is Nanchang's option, not {}'s",
                room.name
            ));
        }
    }
    Ok(())
}

/// A flag's Chinese name, for the refusal's list.
fn chinese(flag: &str) -> &'static str {
    match flag {
        "rinshan" => "杠上开花",
        "kong_discard" => "杠上炮",
        "chankan" => "抢杠胡",
        "haitei" => "海底捞月",
        "houtei" => "海底炮",
        "tenhou" => "天胡",
        _ => "地胡",
    }
}

/// Refuses the moment's flags that clash with each other or with the hand, the same in every
/// room: a flag won on a discard with a self-draw and the reverse, two flags for the last
/// tile's place, a robbed kong the hand holds a copy of, 天胡/地胡 after a call or in the
/// wrong seat.
pub(crate) fn check_clashes(hand: &WinningHand, win: &Win) -> Result<(), ScoreError> {
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
