//! The room a table plays: [`Room`], one room's rules ([`super::rules`]), and what the room
//! plays by them — its tiles, calls, stake, hands, who deals next, what a kong pays.

use super::rules::{
    ChangshaRules, GuobiaoRules, HongzhongRules, KongPay, NanchangRules, NextDealer, SichuanRules,
};
use crate::rules::{Rules, SevenPairs};
use crate::tile::TileSet;

/// 红中 (7z), the wild kind of 红中麻将.
const RED: usize = 33;

/// The kind that stands for an eight-红中 room's fifth to eighth 红中 in the engine's hands
/// (6z: no tile of a 红中 wall; wild beside 7z in that room's engine).
const RED_BEYOND_FOUR: usize = 32;

/// The room a table plays, and its rules.
///
/// ```
/// use hupai::game::room::{HongzhongRules, Room, SichuanRules};
/// assert_eq!(Room::from(SichuanRules::default()).name(), "sichuan");
/// assert_eq!(Room::from(HongzhongRules::default()).tiles(), 112);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Room {
    /// Sichuan 血战到底.
    Sichuan(SichuanRules),
    /// 红中麻将.
    Hongzhong(HongzhongRules),
    /// 长沙麻将.
    Changsha(ChangshaRules),
    /// Guobiao (Chinese Official, MCR).
    Guobiao(GuobiaoRules),
    /// 南昌麻将.
    Nanchang(NanchangRules),
}

impl Room {
    /// Its name as the doors take it (`sichuan`, `hongzhong`).
    pub fn name(&self) -> &'static str {
        match self {
            Room::Sichuan(_) => "sichuan",
            Room::Hongzhong(_) => "hongzhong",
            Room::Changsha(_) => "changsha",
            Room::Guobiao(_) => "guobiao",
            Room::Nanchang(_) => "nanchang",
        }
    }

    /// The tiles of its wall: 108 suited, the four 红中 too for 红中麻将 (eight under its
    /// `red_dragons`), every kind for Guobiao and 南昌 (Guobiao's eight flowers too when it
    /// plays them).
    pub fn tiles(&self) -> usize {
        match self {
            Room::Hongzhong(r) => 108 + usize::from(r.red_dragons),
            Room::Guobiao(r) if r.flowers => 144,
            Room::Guobiao(_) | Room::Nanchang(_) => 136,
            Room::Sichuan(_) | Room::Changsha(_) => 108,
        }
    }

    /// Whether its wall holds tiles of kind `k` (0 1m … 33 7z).
    ///
    /// ```
    /// use hupai::game::room::Room;
    /// let room = Room::named("hongzhong").unwrap();
    /// assert!(room.plays(33) && !room.plays(27)); // 红中, no 1z
    /// ```
    pub fn plays(&self, k: usize) -> bool {
        match self {
            Room::Hongzhong(_) => k < 27 || k == 33,
            Room::Guobiao(_) | Room::Nanchang(_) => k < 34,
            Room::Sichuan(_) | Room::Changsha(_) => k < 27,
        }
    }

    /// The flowers in its wall: 8 for Guobiao playing them (`flowers`), else none. A flower
    /// is kind [`Room::FLOWER`] in a wall given to [`super::RoomGame::with_walls`].
    ///
    /// ```
    /// use hupai::game::room::{GuobiaoRules, Room};
    /// let room = Room::from(GuobiaoRules { flowers: true, ..GuobiaoRules::default() });
    /// assert_eq!((room.flowers(), room.tiles()), (8, 144));
    /// assert_eq!(Room::named("guobiao").unwrap().flowers(), 0);
    /// ```
    pub fn flowers(&self) -> u8 {
        match self {
            Room::Guobiao(r) if r.flowers => 8,
            _ => 0,
        }
    }

    /// The copies of kind `k` in its wall (0 1m … 33 7z, [`Room::FLOWER`] the flowers): 4 of
    /// a kind it plays — 8 红中 under 红中麻将's `red_dragons` 8 —, else none.
    ///
    /// ```
    /// use hupai::game::room::{HongzhongRules, Room};
    /// let room = Room::from(HongzhongRules { red_dragons: 8, ..HongzhongRules::default() });
    /// assert_eq!((room.copies(33), room.copies(0), room.copies(27), room.tiles()), (8, 4, 0, 116));
    /// ```
    pub fn copies(&self, k: usize) -> u8 {
        match self {
            _ if k == usize::from(Room::FLOWER) => self.flowers(),
            Room::Hongzhong(r) if k == 33 => r.red_dragons,
            _ if self.plays(k) => 4,
            _ => 0,
        }
    }

    /// The kind a seed's shuffle deals for its tile of kind `k`: its own, but that a room of
    /// eight 红中 takes the shuffle's four 6z (no tile of its wall) as the other four 红中.
    pub(super) fn seeded(&self, k: u8) -> u8 {
        match self {
            Room::Hongzhong(r) if r.red_dragons == 8 && k == 32 => 33,
            _ => k,
        }
    }

    /// The rules of the engine that checks and scores its wins: the room's own, 红中麻将's
    /// with its seven pairs and 四红中 switches (and, with eight 红中, 6z wild too: see
    /// [`Room::engine_counts`]).
    pub(super) fn engine_rules(&self) -> Rules {
        match self {
            Room::Sichuan(_) => Rules::sichuan(),
            Room::Hongzhong(r) => Rules {
                seven_pairs: match r.seven_pairs {
                    true => Rules::hongzhong().seven_pairs,
                    false => SevenPairs::Off,
                },
                wild: match r.red_dragons {
                    8 => TileSet(1 << RED | 1 << RED_BEYOND_FOUR),
                    _ => Rules::hongzhong().wild,
                },
                ..Rules::hongzhong()
            }
            .four_wild_win(r.four_red_dragons),
            Room::Changsha(_) => Rules::changsha(),
            Room::Guobiao(_) => Rules::guobiao(),
            Room::Nanchang(_) => Rules::nanchang(),
        }
    }

    /// `counts` made what its engine reads: the engine's hands hold at most four of a kind, so
    /// a fifth to eighth 红中 (a room of eight) are told as 6z — wild too in that room's
    /// engine ([`Room::engine_rules`]), the same wildcards; any other hand as it is.
    #[inline]
    pub(super) fn engine_counts(&self, counts: &mut [u8; 34]) {
        let red = counts[RED];
        if red > 4 {
            counts[RED] = 4;
            counts[RED_BEYOND_FOUR] = red - 4;
        }
    }

    /// The kind a flower has in a room's wall (after 7z's 33).
    pub const FLOWER: u8 = 34;

    /// Whether a tile of kind `k` may be called, konged or won on (a 红中 is wild: never).
    pub(super) fn callable(&self, k: usize) -> bool {
        self.plays(k) && !(matches!(self, Room::Hongzhong(_)) && k == 33)
    }

    /// Whether several seats may win on one discard (Guobiao's and 南昌's switch; the others:
    /// always).
    pub(super) fn multiple_wins(&self) -> bool {
        match self {
            Room::Guobiao(r) => r.multiple_wins,
            Room::Nanchang(r) => r.multiple_wins,
            _ => true,
        }
    }

    /// Whether the seat after a discarder may chi it (长沙, Guobiao, 南昌).
    pub(super) fn chi(&self) -> bool {
        matches!(
            self,
            Room::Changsha(_) | Room::Guobiao(_) | Room::Nanchang(_)
        )
    }

    /// The stake.
    pub fn stake(&self) -> u32 {
        match self {
            Room::Sichuan(r) => r.stake,
            Room::Hongzhong(r) => r.stake,
            Room::Changsha(r) => r.stake,
            Room::Guobiao(r) => r.stake,
            Room::Nanchang(r) => r.stake,
        }
    }

    /// Hands a game.
    pub fn hands(&self) -> u16 {
        match self {
            Room::Sichuan(r) => r.hands,
            Room::Hongzhong(r) => r.hands,
            Room::Changsha(r) => r.hands,
            Room::Guobiao(r) => r.hands,
            Room::Nanchang(r) => r.hands,
        }
    }

    /// Who deals the next hand.
    pub fn next_dealer(&self) -> NextDealer {
        match self {
            Room::Sichuan(r) => r.next_dealer,
            Room::Hongzhong(r) => r.next_dealer,
            Room::Changsha(r) => r.next_dealer,
            Room::Guobiao(r) => r.next_dealer,
            Room::Nanchang(r) => r.next_dealer,
        }
    }

    /// What its kongs pay.
    pub fn kongs(&self) -> KongPay {
        match self {
            Room::Sichuan(_) => KongPay::SICHUAN,
            Room::Hongzhong(r) => r.kongs,
            Room::Changsha(_) | Room::Guobiao(_) | Room::Nanchang(_) => KongPay::NONE,
        }
    }

    /// The same room playing `hands` hands.
    pub(super) fn with_hands(self, hands: u16) -> Room {
        match self {
            Room::Sichuan(r) => Room::Sichuan(SichuanRules { hands, ..r }),
            Room::Hongzhong(r) => Room::Hongzhong(HongzhongRules { hands, ..r }),
            Room::Changsha(r) => Room::Changsha(ChangshaRules { hands, ..r }),
            Room::Guobiao(r) => Room::Guobiao(GuobiaoRules { hands, ..r }),
            Room::Nanchang(r) => Room::Nanchang(NanchangRules { hands, ..r }),
        }
    }
}

impl From<SichuanRules> for Room {
    fn from(r: SichuanRules) -> Room {
        Room::Sichuan(r)
    }
}

impl From<HongzhongRules> for Room {
    fn from(r: HongzhongRules) -> Room {
        Room::Hongzhong(r)
    }
}

impl From<ChangshaRules> for Room {
    fn from(r: ChangshaRules) -> Room {
        Room::Changsha(r)
    }
}

impl From<GuobiaoRules> for Room {
    fn from(r: GuobiaoRules) -> Room {
        Room::Guobiao(r)
    }
}

impl From<NanchangRules> for Room {
    fn from(r: NanchangRules) -> Room {
        Room::Nanchang(r)
    }
}
