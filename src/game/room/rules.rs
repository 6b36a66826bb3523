//! The rooms' switches: [`Room`] names the room a table plays and holds its rules —
//! [`SichuanRules`], [`HongzhongRules`] — each switch with its source in docs/SCORING.md.

use crate::game::error::GameError;
use crate::score::{RoomRules, SelfDraw};

/// Who deals the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextDealer {
    /// The first to win this hand (先胡者坐庄); the same dealer when no one won.
    FirstWinner,
    /// The next seat, whoever won.
    Rotate,
}

/// The switches of a Sichuan 血战到底 game (docs/SCORING.md, "Sichuan at the table", names the
/// source of each). The default: a cap of three fans and a fan for a self-draw (World Mahjong
/// Tour's Blood Battle rules), a stake of 1, eight hands, the first winner deals next, the
/// checks at the wall's end on, 呼叫转移 off.
///
/// ```
/// use hupai::game::room::SichuanRules;
/// let rules = SichuanRules::default();
/// assert_eq!((rules.scoring.cap, rules.hands, rules.flower_pig), (3, 8, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SichuanRules {
    /// The scoring's options: the cap (封顶) and what a self-draw adds.
    pub scoring: RoomRules,
    /// The stake (底分) every payment multiplies.
    pub stake: u32,
    /// Hands a game.
    pub hands: u16,
    /// Who deals the next hand.
    pub next_dealer: NextDealer,
    /// At the wall's end: 查花猪 (a seat still holding its void suit pays), 查大叫 (a seat
    /// not ready pays each ready one its best wait) and 退税 (a seat not ready returns its
    /// kong money).
    pub end_checks: bool,
    /// The fans a 花猪 pays each seat still in that is not one (the room's most, 封顶).
    pub flower_pig: u8,
    /// 呼叫转移: a seat that deals in with the discard right after its kong hands that
    /// kong's money to the winner.
    pub call_transfer: bool,
}

impl Default for SichuanRules {
    fn default() -> SichuanRules {
        SichuanRules {
            scoring: RoomRules {
                cap: 3,
                self_draw: SelfDraw::Fan,
            },
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            end_checks: true,
            flower_pig: 3,
            call_transfer: false,
        }
    }
}

/// What a kong is paid, in stakes: of a discard by its discarder, closed and added by each
/// other seat still in.
///
/// ```
/// use hupai::game::room::KongPay;
/// assert_eq!(KongPay::HONGZHONG, KongPay { discard: 3, closed: 2, added: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KongPay {
    /// A kong of a discard (明杠): its discarder pays this many stakes.
    pub discard: u8,
    /// A closed kong (暗杠): each other seat still in pays this many.
    pub closed: u8,
    /// A pon's fourth tile added (补杠): each other seat still in pays this many.
    pub added: u8,
}

impl KongPay {
    /// Sichuan's 刮风下雨: 2 from a kong's discarder, 2 from each for a closed kong, 1 from
    /// each for an added one.
    pub const SICHUAN: KongPay = KongPay {
        discard: 2,
        closed: 2,
        added: 1,
    };
    /// The 红中 rooms' most common: 3 from the discarder, 2 from each for a closed kong, 1
    /// from each for an added one.
    pub const HONGZHONG: KongPay = KongPay {
        discard: 3,
        closed: 2,
        added: 1,
    };
    /// The 红中 rooms that pay every kong 1: 1 from the discarder, 1 from each for a closed
    /// or added kong.
    pub const ONE_EACH: KongPay = KongPay {
        discard: 1,
        closed: 1,
        added: 1,
    };
}

/// Which discards a 红中 hand may win on (a robbed kong aside: [`HongzhongRules::rob_kong`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardWins {
    /// None: self-drawn wins only (只能自摸).
    Never,
    /// Any, a hand holding a 红中 too.
    Any,
    /// Only a hand holding no 红中 (有红中不接炮).
    WithoutRedDragon,
}

/// How the birds that hit (抓码: the birds of rank 1, 5 or 9, and 红中) raise a win's
/// payment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BirdPay {
    /// Each hit pays the win once more: each payer pays `value × (1 + hits)`.
    Multiply,
    /// Each hit adds a stake: each payer pays `value + hits × stake`.
    Add,
}

/// The switches of a 红中麻将 game (docs/SCORING.md, "Hongzhong at the table", names the
/// source of each). The default: self-drawn wins only, 4 birds (6 for a hand holding no 红中),
/// each hit adding a stake, a robbed kong won on and paid by the konger for all three, kongs
/// paid 3/2/1 at once and kept at a drawn wall, no cap, a stake of 1, eight hands, the winner
/// dealing next.
///
/// ```
/// use hupai::game::room::{BirdPay, DiscardWins, HongzhongRules};
/// let rules = HongzhongRules::default();
/// assert_eq!((rules.discard_wins, rules.birds, rules.no_red_birds), (DiscardWins::Never, 4, 2));
/// assert_eq!(rules.bird_pay, BirdPay::Add);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HongzhongRules {
    /// The cap on a win's doublings (封顶; 0: none).
    pub cap: u8,
    /// The stake (底分) every payment multiplies.
    pub stake: u32,
    /// Hands a game.
    pub hands: u16,
    /// Who deals the next hand (the dealer stays when the wall is drawn).
    pub next_dealer: NextDealer,
    /// Which discards a hand may win on.
    pub discard_wins: DiscardWins,
    /// A seat may win on the tile another adds to its pon (抢杠胡).
    pub rob_kong: bool,
    /// The konger whose tile is robbed pays for every seat (抢杠全包): three times.
    pub robbed_pays_all: bool,
    /// Birds drawn for a win (抓码), 0–8; the wall keeps them back (the hand is drawn when
    /// only they are left).
    pub birds: u8,
    /// Birds more for a win by a hand holding no 红中 (无红中加码); `birds` and these
    /// together at most 8.
    pub no_red_birds: u8,
    /// How a hit raises the payment.
    pub bird_pay: BirdPay,
    /// What the kongs pay.
    pub kongs: KongPay,
    /// A drawn wall returns the hand's kong money (荒庄荒杠).
    pub draw_refunds_kongs: bool,
    /// Four 红中 held win at once (四红中).
    pub four_red_dragons: bool,
}

impl Default for HongzhongRules {
    fn default() -> HongzhongRules {
        HongzhongRules {
            cap: 0,
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            discard_wins: DiscardWins::Never,
            rob_kong: true,
            robbed_pays_all: true,
            birds: 4,
            no_red_birds: 2,
            bird_pay: BirdPay::Add,
            kongs: KongPay::HONGZHONG,
            draw_refunds_kongs: false,
            four_red_dragons: true,
        }
    }
}

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
}

impl Room {
    /// Its name as the doors take it (`sichuan`, `hongzhong`).
    pub fn name(&self) -> &'static str {
        match self {
            Room::Sichuan(_) => "sichuan",
            Room::Hongzhong(_) => "hongzhong",
        }
    }

    /// The tiles of its wall: 108 suited, and the four 红中 for 红中麻将.
    pub fn tiles(&self) -> usize {
        match self {
            Room::Sichuan(_) => 108,
            Room::Hongzhong(_) => 112,
        }
    }

    /// The stake.
    pub fn stake(&self) -> u32 {
        match self {
            Room::Sichuan(r) => r.stake,
            Room::Hongzhong(r) => r.stake,
        }
    }

    /// Hands a game.
    pub fn hands(&self) -> u16 {
        match self {
            Room::Sichuan(r) => r.hands,
            Room::Hongzhong(r) => r.hands,
        }
    }

    /// Who deals the next hand.
    pub fn next_dealer(&self) -> NextDealer {
        match self {
            Room::Sichuan(r) => r.next_dealer,
            Room::Hongzhong(r) => r.next_dealer,
        }
    }

    /// What its kongs pay.
    pub fn kongs(&self) -> KongPay {
        match self {
            Room::Sichuan(_) => KongPay::SICHUAN,
            Room::Hongzhong(r) => r.kongs,
        }
    }

    /// The same room playing `hands` hands.
    pub(super) fn with_hands(self, hands: u16) -> Room {
        match self {
            Room::Sichuan(r) => Room::Sichuan(SichuanRules { hands, ..r }),
            Room::Hongzhong(r) => Room::Hongzhong(HongzhongRules { hands, ..r }),
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

/// The switches [`Room::set`] takes, by room.
const SICHUAN_SWITCHES: &[&str] = &[
    "stake",
    "hands",
    "cap",
    "self_draw",
    "next_dealer",
    "end_checks",
    "flower_pig",
    "call_transfer",
];
const HONGZHONG_SWITCHES: &[&str] = &[
    "stake",
    "hands",
    "cap",
    "next_dealer",
    "discard_wins",
    "rob_kong",
    "robbed_pays_all",
    "birds",
    "no_red_birds",
    "bird_pay",
    "kongs",
    "draw_refunds_kongs",
    "four_red_dragons",
];

impl Room {
    /// The room named `name` (`sichuan`, `hongzhong`) under its defaults.
    ///
    /// ```
    /// use hupai::game::room::Room;
    /// assert_eq!(Room::named("hongzhong").unwrap().name(), "hongzhong");
    /// assert!(Room::named("riichi").is_err());
    /// ```
    pub fn named(name: &str) -> Result<Room, GameError> {
        match name {
            "sichuan" => Ok(SichuanRules::default().into()),
            "hongzhong" => Ok(HongzhongRules::default().into()),
            _ => Err(bad(format!(
                "rules {name:?}: the rooms at the table are sichuan and hongzhong"
            ))),
        }
    }

    /// The switches [`Room::set`] takes for this room.
    pub fn switches(&self) -> &'static [&'static str] {
        match self {
            Room::Sichuan(_) => SICHUAN_SWITCHES,
            Room::Hongzhong(_) => HONGZHONG_SWITCHES,
        }
    }

    /// Sets switch `name` to `value`, both as text (what every door hands on: `"birds"`,
    /// `"6"`; booleans `true`/`false`; `kongs` as `discard/closed/added`, `"3/2/1"`).
    /// Refused, nothing changed, for a switch the room does not have or a value it cannot
    /// take (a stake or hands of 0, more than 8 birds in all).
    ///
    /// ```
    /// use hupai::game::room::{BirdPay, Room};
    /// let mut room = Room::named("hongzhong").unwrap();
    /// room.set("bird_pay", "multiply").unwrap();
    /// room.set("kongs", "1/1/1").unwrap();
    /// assert!(matches!(room, Room::Hongzhong(r) if r.bird_pay == BirdPay::Multiply));
    /// assert!(room.set("birds", "9").is_err());
    /// assert!(room.set("flower_pig", "3").is_err()); // Sichuan's
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), GameError> {
        let mut next = *self;
        let room = next.name();
        let wrong = |takes: &str| bad(format!("{room} {name}={value:?}: {takes}"));
        let flag = || match value {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(wrong("true or false")),
        };
        let number = |least: u64, most: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (least..=most).contains(n))
                .ok_or_else(|| wrong(&format!("a whole number {least} … {most}")))
        };
        let dealer = || match value {
            "first_winner" => Ok(NextDealer::FirstWinner),
            "rotate" => Ok(NextDealer::Rotate),
            _ => Err(wrong("first_winner or rotate")),
        };
        match (&mut next, name) {
            (Room::Sichuan(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Hongzhong(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Sichuan(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Hongzhong(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Sichuan(r), "cap") => r.scoring.cap = number(0, 255)? as u8,
            (Room::Hongzhong(r), "cap") => r.cap = number(0, 255)? as u8,
            (Room::Sichuan(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Hongzhong(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Sichuan(r), "self_draw") => {
                r.scoring.self_draw = match value {
                    "fan" => SelfDraw::Fan,
                    "stake" => SelfDraw::Stake,
                    _ => return Err(wrong("fan or stake")),
                }
            }
            (Room::Sichuan(r), "end_checks") => r.end_checks = flag()?,
            (Room::Sichuan(r), "flower_pig") => r.flower_pig = number(0, 40)? as u8,
            (Room::Sichuan(r), "call_transfer") => r.call_transfer = flag()?,
            (Room::Hongzhong(r), "discard_wins") => {
                r.discard_wins = match value {
                    "never" => DiscardWins::Never,
                    "any" => DiscardWins::Any,
                    "without_red" => DiscardWins::WithoutRedDragon,
                    _ => return Err(wrong("never, any or without_red")),
                }
            }
            (Room::Hongzhong(r), "rob_kong") => r.rob_kong = flag()?,
            (Room::Hongzhong(r), "robbed_pays_all") => r.robbed_pays_all = flag()?,
            (Room::Hongzhong(r), "birds") => r.birds = number(0, 8)? as u8,
            (Room::Hongzhong(r), "no_red_birds") => r.no_red_birds = number(0, 8)? as u8,
            (Room::Hongzhong(r), "bird_pay") => {
                r.bird_pay = match value {
                    "add" => BirdPay::Add,
                    "multiply" => BirdPay::Multiply,
                    _ => return Err(wrong("add or multiply")),
                }
            }
            (Room::Hongzhong(r), "kongs") => {
                let parts: Vec<Option<u8>> = value.split('/').map(|p| p.parse().ok()).collect();
                let [Some(discard), Some(closed), Some(added)] = parts[..] else {
                    return Err(wrong("discard/closed/added stakes, as 3/2/1"));
                };
                r.kongs = KongPay {
                    discard,
                    closed,
                    added,
                };
            }
            (Room::Hongzhong(r), "draw_refunds_kongs") => r.draw_refunds_kongs = flag()?,
            (Room::Hongzhong(r), "four_red_dragons") => r.four_red_dragons = flag()?,
            _ => {
                return Err(bad(format!(
                    "{room} has no switch {name:?}; its switches: {}",
                    self.switches().join(", ")
                )))
            }
        }
        if let Room::Hongzhong(r) = next {
            if r.birds + r.no_red_birds > 8 {
                return Err(wrong("birds and no_red_birds at most 8 in all"));
            }
        }
        *self = next;
        Ok(())
    }

    /// Sets every switch of `list`, `NAME=VALUE` pairs separated by commas (`"birds=6,
    /// bird_pay=multiply"`; spaces around each ignored, an empty list sets none), in order;
    /// refused, nothing changed, at the first that [`Room::set`] refuses or that is no pair.
    ///
    /// ```
    /// use hupai::game::room::Room;
    /// let mut room = Room::named("hongzhong").unwrap();
    /// room.set_list("birds=6, kongs=1/1/1").unwrap();
    /// assert!(room.set_list("birds").is_err());
    /// ```
    pub fn set_list(&mut self, list: &str) -> Result<(), GameError> {
        let mut next = *self;
        for pair in list.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| bad(format!("switch {pair:?}: NAME=VALUE, as birds=6")))?;
            next.set(name.trim(), value.trim())?;
        }
        *self = next;
        Ok(())
    }

    /// The rules as a table plays them: a stake or hands of 0 read as 1, the birds as at
    /// most 8 in all (the first kept).
    pub(super) fn normalized(self) -> Room {
        match self {
            Room::Sichuan(r) => Room::Sichuan(SichuanRules {
                stake: r.stake.max(1),
                hands: r.hands.max(1),
                ..r
            }),
            Room::Hongzhong(r) => {
                let birds = r.birds.min(8);
                Room::Hongzhong(HongzhongRules {
                    stake: r.stake.max(1),
                    hands: r.hands.max(1),
                    birds,
                    no_red_birds: r.no_red_birds.min(8 - birds),
                    ..r
                })
            }
        }
    }
}

fn bad(message: String) -> GameError {
    GameError::BadSwitch { message }
}
