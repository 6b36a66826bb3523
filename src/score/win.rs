//! The situation of a win (how it was won, the winds, riichi and the other flags, dora, the
//! table's sticks, the regional rooms' stake and payers) and the room's scoring options
//! ([`RiichiRules`], [`RoomRules`]).

use crate::score::hand::{ScoreError, WinningHand};
use crate::tile::Tile;

/// How far counted (kazoe) yakuman go: 13 han or more without a yakuman.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kazoe {
    /// 13 han or more is a yakuman (Tenhou, WRC's 2015 rules do not: see `Sanbaiman`).
    Yakuman,
    /// 13 han or more stays sanbaiman.
    Sanbaiman,
    /// 13 han is a yakuman, 26 a double, and so on.
    Unlimited,
}

/// The rule options rooms switch in riichi scoring. The default is Tenhou's: open tanyao, red
/// fives, no kiriage mangan, kazoe yakuman, double yakuman for the four hands that have one,
/// renhou not played as a yakuman (mangan).
///
/// ```
/// use hupai::{Kazoe, RiichiRules};
/// let r = RiichiRules { open_tanyao: false, kazoe: Kazoe::Sanbaiman, ..RiichiRules::default() };
/// assert!(r.red_fives && !r.kiriage);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RiichiRules {
    /// Tanyao counts in an open hand (喰いタン).
    pub open_tanyao: bool,
    /// Red fives are dora (赤ドラ).
    pub red_fives: bool,
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (切り上げ満貫).
    pub kiriage: bool,
    /// What 13 han or more without a yakuman is worth.
    pub kazoe: Kazoe,
    /// The 13-sided thirteen orphans, the four concealed pungs on a pair wait, big four winds
    /// and the pure nine gates are double yakuman (ダブル役満).
    pub double_yakuman: bool,
    /// Renhou is a yakuman; otherwise a 5-han yaku (mangan).
    pub renhou_yakuman: bool,
}

impl Default for RiichiRules {
    fn default() -> RiichiRules {
        RiichiRules {
            open_tanyao: true,
            red_fives: true,
            kiriage: false,
            kazoe: Kazoe::Yakuman,
            double_yakuman: true,
            renhou_yakuman: false,
        }
    }
}

/// What a regional room (Sichuan 血战到底) adds for a self-drawn win (自摸).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SelfDraw {
    /// A fan more (自摸加番).
    Fan,
    /// The stake once more from each payer (自摸加底).
    Stake,
    /// Nothing more (自摸不加倍): a self-draw pays as a discard does, from each payer.
    Nothing,
}

/// How a regional room (Sichuan 血战到底) counts 天胡 and 地胡.
///
/// ```
/// use hupai::{Heavenly, RoomRules};
/// assert_eq!(RoomRules::default().heavenly, Heavenly::Add);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heavenly {
    /// Their fans added to the hand's (the default).
    Add,
    /// A basic hand of their fans, of which only the largest counts: the hand's pattern or
    /// 天胡 / 地胡, whichever pays more (只计最大番型); 根 and the other extras still add.
    Largest,
}

/// The options regional rooms switch in their scoring: the cap on fans (封顶; 0: none), what
/// a self-drawn win adds and how 天胡 counts (Sichuan 血战到底), 无红中加倍 (红中), the fans of
/// 大七对 and 杠上开花 (南昌). The default: no cap, a fan for a self-draw, each room's table as
/// `docs/SCORING.md` gives it.
///
/// ```
/// use hupai::{RoomRules, SelfDraw};
/// let r = RoomRules { cap: 4, ..RoomRules::default() };
/// assert_eq!((r.self_draw, r.all_pungs_fans), (SelfDraw::Fan, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RoomRules {
    /// The most fans paid (封顶): 3, 4, 5 or 6 in most rooms; 0 for none.
    pub cap: u8,
    /// What a self-drawn win adds.
    pub self_draw: SelfDraw,
    /// How 天胡 and 地胡 count (Sichuan).
    pub heavenly: Heavenly,
    /// 无红中加倍: a 红中 win holding no 红中 doubles (its 无红中 fan; 红中麻将's option, on by
    /// default).
    pub no_red_double: bool,
    /// 南昌's 大七对 (all pungs): 1 fan (×2, the default) or 2 (×4; N6's room, `docs/SCORING.md`).
    pub all_pungs_fans: u8,
    /// 南昌's 杠上开花: 1 fan (×2, the default; N5's "杠开（2番）") or 2 (×4; N6's room).
    pub kong_bloom_fans: u8,
}

impl Default for RoomRules {
    fn default() -> RoomRules {
        RoomRules {
            cap: 0,
            self_draw: SelfDraw::Fan,
            heavenly: Heavenly::Add,
            no_red_double: true,
            all_pungs_fans: 1,
            kong_bloom_fans: 1,
        }
    }
}

/// How a hand was won: by a discard (ron) or by its own draw (tsumo), the seat and round
/// winds, the flags of the moment, the dora indicators, the sticks on the table, and the
/// room's [`RiichiRules`]. The default is a ron in the south seat of the east round.
///
/// ```
/// use hupai::{Tile, Win};
/// let east = Tile::parse("1z").unwrap();
/// let win = Win { tsumo: true, riichi: true, seat_wind: east, ..Win::default() };
/// assert!(win.is_dealer());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// Won by the hand's own draw; otherwise by a discard.
    pub tsumo: bool,
    /// The seat wind (1z east: the dealer … 4z north).
    pub seat_wind: Tile,
    /// The round (prevailing) wind.
    pub round_wind: Tile,
    /// Riichi was declared (立直).
    pub riichi: bool,
    /// Riichi was declared on the first turn (ダブル立直); implies `riichi`.
    pub double_riichi: bool,
    /// Won within one go-around of the riichi, no call between (一発).
    pub ippatsu: bool,
    /// Won on the last tile of the wall by tsumo (海底摸月).
    pub haitei: bool,
    /// Won on the last discard by ron (河底撈魚).
    pub houtei: bool,
    /// Won on a kan's replacement tile (嶺上開花).
    pub rinshan: bool,
    /// Won on the tile of another player's added kan (槍槓).
    pub chankan: bool,
    /// The dealer's win on the first draw (天和).
    pub tenhou: bool,
    /// A non-dealer's win on the first draw, no call before (地和).
    pub chiihou: bool,
    /// A non-dealer's ron before the first draw, no call before (人和).
    pub renhou: bool,
    /// Dora indicators: each names the next tile as dora.
    pub dora: Vec<Tile>,
    /// Ura-dora indicators, counted only with riichi.
    pub ura_dora: Vec<Tile>,
    /// Honba (本場) sticks: 300 points more for each, paid as the win is.
    pub honba: u32,
    /// Riichi sticks on the table (供託): 1000 points each to the winner.
    pub riichi_sticks: u32,
    /// MCR: flower tiles (花牌), a point each.
    pub flowers: u8,
    /// MCR: won on the last copy of the winning tile, the other three in sight (和绝张).
    pub last_copy: bool,
    /// Sichuan: won on the tile a player discarded right after their own kong (杠上炮).
    pub kong_discard: bool,
    /// Regional rooms: the stake (底分) a payment multiplies; 1 by default.
    pub stake: u32,
    /// Regional rooms: the players who pay a self-drawn win (in 血战到底 those still in the
    /// hand: 1 to 3); 3 by default. A win by a discard is paid by its discarder alone.
    pub payers: u8,
    /// Changsha and 红中 rooms: the birds (扎鸟, 抓码) that hit the win; each pays the win
    /// once more (0 by default).
    pub birds: u8,
    /// The red fives (m, p, s) among the `dora` and `ura_dora` indicators: tiles in play, so
    /// each counts against the one red five of its suit with the hand's own.
    pub red_indicators: [u8; 3],
    /// The room's riichi scoring options.
    pub rules: RiichiRules,
    /// The regional rooms' scoring options.
    pub room: RoomRules,
}

impl Default for Win {
    fn default() -> Win {
        Win {
            tsumo: false,
            seat_wind: Tile::from_index(28),
            round_wind: Tile::from_index(27),
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            haitei: false,
            houtei: false,
            rinshan: false,
            chankan: false,
            tenhou: false,
            chiihou: false,
            renhou: false,
            dora: Vec::new(),
            ura_dora: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
            flowers: 0,
            last_copy: false,
            kong_discard: false,
            stake: 1,
            payers: 3,
            birds: 0,
            red_indicators: [0; 3],
            rules: RiichiRules::default(),
            room: RoomRules::default(),
        }
    }
}

/// The tile an indicator names as dora: the next of its suit, winds and dragons in cycles.
pub(crate) fn dora_of(indicator: Tile) -> Tile {
    let i = indicator.index();
    Tile::from_index(match i {
        8 | 17 | 26 => i - 8,
        30 => 27,
        33 => 31,
        _ => i + 1,
    })
}

impl Win {
    /// True in the east seat: the dealer pays and is paid more.
    pub fn is_dealer(&self) -> bool {
        self.seat_wind.index() == 27
    }

    /// Riichi of either kind.
    pub(crate) fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi
    }

    /// Refuses a situation that cannot happen with `hand`, naming the flags that clash.
    pub(crate) fn check(&self, hand: &WinningHand) -> Result<(), ScoreError> {
        let bad = |m: &str| Err(ScoreError::BadSituation(m.to_string()));
        let wind = |t: Tile| (27..31).contains(&t.index());
        if !wind(self.seat_wind) || !wind(self.round_wind) {
            return bad("a seat or round wind is one of 1z 2z 3z 4z");
        }
        let open = hand.is_open();
        let calls = !hand.calls().is_empty();
        if self.in_riichi() && open {
            return bad("riichi needs a closed hand");
        }
        if self.ippatsu && !self.in_riichi() {
            return bad("ippatsu needs riichi");
        }
        if self.tsumo && (self.chankan || self.houtei || self.renhou) {
            return bad("chankan, houtei and renhou are won by ron");
        }
        if !self.tsumo && (self.rinshan || self.haitei || self.tenhou || self.chiihou) {
            return bad("rinshan, haitei, tenhou and chiihou are won by tsumo");
        }
        if self.haitei && self.rinshan {
            return bad("haitei and rinshan both take the last tile's place");
        }
        if self.chankan && self.houtei {
            return bad("chankan and houtei: no kan is added on the last tile, so none is robbed");
        }
        if self.ippatsu && self.rinshan {
            return bad(
                "ippatsu and rinshan: the winner's own kan, which rinshan follows, ends ippatsu",
            );
        }
        if self.in_riichi() && (self.tenhou || self.chiihou || self.renhou) {
            return bad(
                "riichi with tenhou, chiihou or renhou: these come before the winner's first discard, riichi after it",
            );
        }
        if self.rinshan && !hand.calls().iter().any(|c| c.is_kan()) {
            return bad("rinshan needs a kan");
        }
        if self.chankan && hand.concealed()[hand.win_tile().index()] != 1 {
            return bad("chankan robs a kan of its fourth tile: the hand holds only that one");
        }
        if (self.tenhou || self.chiihou || self.renhou) && calls {
            return bad("tenhou, chiihou and renhou come before any call");
        }
        if self.tenhou && !self.is_dealer() {
            return bad("tenhou is the dealer's (seat 1z)");
        }
        if (self.chiihou || self.renhou) && self.is_dealer() {
            return bad("chiihou and renhou are a non-dealer's");
        }
        if [self.tenhou, self.chiihou, self.renhou]
            .iter()
            .filter(|&&f| f)
            .count()
            > 1
        {
            return bad("tenhou, chiihou and renhou exclude one another");
        }
        if self.dora.len() > 5 || self.ura_dora.len() > 5 {
            return bad("at most five dora and five ura-dora indicators");
        }
        if !self.ura_dora.is_empty() && self.ura_dora.len() != self.dora.len() {
            return Err(ScoreError::BadSituation(format!(
                "{} ura-dora indicators under {} dora indicators: one lies under each (or give none)",
                self.ura_dora.len(),
                self.dora.len()
            )));
        }
        let all = hand.all_counts();
        in_play(&all, &self.dora, &self.ura_dora).map_err(ScoreError::TooManyCopies)?;
        let red = [0, 1, 2].map(|s| hand.red_of(s));
        red_in_play(red, self.red_indicators).map_err(ScoreError::TooManyCopies)?;
        // All four fives of a suit in the hand and its calls hold the red one. (An indicator
        // may be the red one: a caller that cannot say so, the C ABI, is not refused.)
        if self.rules.red_fives {
            for (s, suit) in ["m", "p", "s"].iter().enumerate() {
                if all[s * 9 + 4] == 4 && red[s] == 0 {
                    return Err(ScoreError::BadSituation(format!(
                        "the hand holds all four 5{suit} with red fives played: one of them is the red 0{suit} (or play without red fives)"
                    )));
                }
            }
        }
        Ok(())
    }
}

/// Refuses more than one red five of a suit in play: the hand's own (`red`: m, p, s) with
/// those among the indicators. The riichi scorer and the odds' expected score check with it.
pub(crate) fn red_in_play(red: [u8; 3], indicators: [u8; 3]) -> Result<(), String> {
    for (s, suit) in ["m", "p", "s"].iter().enumerate() {
        let (held, shown) = (red[s], indicators[s]);
        if held + shown > 1 {
            return Err(format!(
                "{} red fives of {suit} in play (the hand {held}, the indicators {shown}): a set has one red five of each suit (0{suit})",
                held + shown
            ));
        }
    }
    Ok(())
}

/// Refuses a kind in play more than four times: `all` (the hand's tiles, calls included) with
/// the dora and ura-dora indicators, which are tiles of the same set. The riichi scorer and the
/// odds' expected score check a situation with it.
pub(crate) fn in_play(all: &[u32; 34], dora: &[Tile], ura: &[Tile]) -> Result<(), String> {
    let mut shown = [0u32; 34];
    for t in dora.iter().chain(ura) {
        shown[t.index()] += 1;
    }
    for (i, (&held, &shown)) in all.iter().zip(&shown).enumerate() {
        if held + shown > 4 {
            return Err(format!(
                "{} copies of {} in play (the hand {held}, the indicators {shown}): there are four",
                held + shown,
                Tile::from_index(i)
            ));
        }
    }
    Ok(())
}
