//! A room by name and its switches as text (what every door hands on): [`Room::named`],
//! [`Room::set`], [`Room::set_list`].

use super::rooms::Room;
use super::rules::{
    BirdPay, ChangshaRules, DiscardPays, DiscardWins, Exchange, GuobiaoRules, HongzhongRules,
    KongPay, NanchangRules, NextDealer, NotReadyPays, SichuanRules,
};
use crate::game::error::GameError;
use crate::score::{Heavenly, SelfDraw};

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
    "not_ready",
    "heavenly",
    "exchange",
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
    "one_bird_all",
    "seven_pairs",
    "no_red_double",
    "red_dragons",
];
const CHANGSHA_SWITCHES: &[&str] = &[
    "stake",
    "hands",
    "cap",
    "next_dealer",
    "birds",
    "bird_pay",
    "dealer_extra",
    "opening_wins",
    "sea_bottom",
    "birds_on_extra",
    "open_kong",
];
const GUOBIAO_SWITCHES: &[&str] = &[
    "stake",
    "hands",
    "next_dealer",
    "base",
    "minimum",
    "multiple_wins",
    "flowers",
];
const NANCHANG_SWITCHES: &[&str] = &[
    "stake",
    "hands",
    "cap",
    "next_dealer",
    "discard_pays",
    "dealer_double",
    "jing",
    "de_guo_bonus",
    "ba_wang_bonus",
    "robbed_pays_all",
    "heavenly_flat",
    "earthly_flat",
    "de_zhong_de",
    "follow_dealer",
    "lower_jing",
    "kong_points",
    "multiple_wins",
    "jing_kong",
    "look_back",
    "dealer_opening_kong",
    "jing_chi",
    "jing_bao",
    "all_pungs_fans",
    "kong_bloom_fans",
];

impl Room {
    /// The room named `name` (`sichuan`, `hongzhong`, `changsha`, `guobiao`, `nanchang`)
    /// under its defaults.
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
            "changsha" => Ok(ChangshaRules::default().into()),
            "guobiao" => Ok(GuobiaoRules::default().into()),
            "nanchang" => Ok(NanchangRules::default().into()),
            _ => Err(bad(format!(
                "rules {name:?}: the rooms at the table are sichuan, hongzhong, changsha, \
                 guobiao and nanchang"
            ))),
        }
    }

    /// The switches [`Room::set`] takes for this room.
    pub fn switches(&self) -> &'static [&'static str] {
        match self {
            Room::Sichuan(_) => SICHUAN_SWITCHES,
            Room::Hongzhong(_) => HONGZHONG_SWITCHES,
            Room::Changsha(_) => CHANGSHA_SWITCHES,
            Room::Guobiao(_) => GUOBIAO_SWITCHES,
            Room::Nanchang(_) => NANCHANG_SWITCHES,
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
        let pay = || match value {
            "add" => Ok(BirdPay::Add),
            "multiply" => Ok(BirdPay::Multiply),
            _ => Err(wrong("add or multiply")),
        };
        let dealer = || match value {
            "first_winner" => Ok(NextDealer::FirstWinner),
            "rotate" => Ok(NextDealer::Rotate),
            "feeder" => Ok(NextDealer::Feeder),
            _ => Err(wrong("first_winner, rotate or feeder")),
        };
        match (&mut next, name) {
            (Room::Sichuan(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Hongzhong(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Changsha(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Guobiao(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Nanchang(r), "stake") => r.stake = number(1, u32::MAX.into())? as u32,
            (Room::Sichuan(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Hongzhong(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Changsha(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Guobiao(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Nanchang(r), "hands") => r.hands = number(1, u16::MAX.into())? as u16,
            (Room::Sichuan(r), "cap") => r.scoring.cap = number(0, 255)? as u8,
            (Room::Hongzhong(r), "cap") => r.cap = number(0, 255)? as u8,
            (Room::Changsha(r), "cap") => r.cap = number(0, 255)? as u8,
            (Room::Nanchang(r), "cap") => r.cap = number(0, 255)? as u8,
            (Room::Sichuan(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Hongzhong(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Changsha(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Guobiao(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Nanchang(r), "next_dealer") => r.next_dealer = dealer()?,
            (Room::Nanchang(r), "dealer_double") => r.dealer_double = flag()?,
            (Room::Nanchang(r), "jing") => r.jing = flag()?,
            (Room::Nanchang(r), "de_guo_bonus") => r.de_guo_bonus = number(0, 255)? as u8,
            (Room::Nanchang(r), "ba_wang_bonus") => r.ba_wang_bonus = number(0, 255)? as u8,
            (Room::Nanchang(r), "robbed_pays_all") => r.robbed_pays_all = flag()?,
            (Room::Nanchang(r), "heavenly_flat") => r.heavenly_flat = number(0, 1 << 20)? as u32,
            (Room::Nanchang(r), "earthly_flat") => r.earthly_flat = number(0, 1 << 20)? as u32,
            (Room::Nanchang(r), "de_zhong_de") => r.de_zhong_de = flag()?,
            (Room::Nanchang(r), "follow_dealer") => r.follow_dealer = number(0, 1 << 20)? as u32,
            (Room::Nanchang(r), "lower_jing") => r.lower_jing = flag()?,
            (Room::Nanchang(r), "kong_points") => r.kong_points = number(0, 1 << 20)? as u32,
            (Room::Nanchang(r), "multiple_wins") => r.multiple_wins = flag()?,
            (Room::Nanchang(r), "jing_kong") => r.jing_kong = number(0, 1 << 20)? as u32,
            (Room::Nanchang(r), "look_back") => r.look_back = flag()?,
            (Room::Nanchang(r), "dealer_opening_kong") => r.dealer_opening_kong = flag()?,
            (Room::Nanchang(r), "jing_chi") => r.jing_chi = flag()?,
            (Room::Nanchang(r), "jing_bao") => r.jing_bao = flag()?,
            (Room::Nanchang(r), "all_pungs_fans") => r.all_pungs_fans = number(1, 2)? as u8,
            (Room::Nanchang(r), "kong_bloom_fans") => r.kong_bloom_fans = number(1, 2)? as u8,
            (Room::Nanchang(r), "discard_pays") => {
                r.discard_pays = match value {
                    "discarder" => DiscardPays::Discarder,
                    "all" => DiscardPays::All,
                    _ => return Err(wrong("discarder or all")),
                }
            }
            (Room::Guobiao(r), "base") => r.base = number(0, 1_000_000)? as u32,
            (Room::Guobiao(r), "minimum") => r.minimum = number(0, 88)? as u8,
            (Room::Guobiao(r), "multiple_wins") => r.multiple_wins = flag()?,
            (Room::Guobiao(r), "flowers") => r.flowers = flag()?,
            (Room::Changsha(r), "birds") => r.birds = number(0, 8)? as u8,
            (Room::Changsha(r), "bird_pay") => r.bird_pay = pay()?,
            (Room::Changsha(r), "dealer_extra") => r.dealer_extra = number(0, 255)? as u8,
            (Room::Changsha(r), "opening_wins") => r.opening_wins = flag()?,
            (Room::Changsha(r), "sea_bottom") => r.sea_bottom = flag()?,
            (Room::Changsha(r), "birds_on_extra") => r.birds_on_extra = flag()?,
            (Room::Changsha(r), "open_kong") => r.open_kong = flag()?,
            (Room::Sichuan(r), "self_draw") => {
                r.scoring.self_draw = match value {
                    "fan" => SelfDraw::Fan,
                    "stake" => SelfDraw::Stake,
                    "none" => SelfDraw::Nothing,
                    _ => return Err(wrong("fan, stake or none")),
                }
            }
            (Room::Sichuan(r), "end_checks") => r.end_checks = flag()?,
            (Room::Sichuan(r), "flower_pig") => r.flower_pig = number(0, 40)? as u8,
            (Room::Sichuan(r), "call_transfer") => r.call_transfer = flag()?,
            (Room::Sichuan(r), "heavenly") => {
                r.scoring.heavenly = match value {
                    "add" => Heavenly::Add,
                    "largest" => Heavenly::Largest,
                    _ => return Err(wrong("add or largest")),
                }
            }
            (Room::Sichuan(r), "not_ready") => {
                r.not_ready = match value {
                    "best_wait" => NotReadyPays::BestWait,
                    "most" => NotReadyPays::Most,
                    _ => return Err(wrong("best_wait or most")),
                }
            }
            (Room::Sichuan(r), "exchange") => {
                r.exchange = match value {
                    "off" => Exchange::Off,
                    "next" => Exchange::Next,
                    "across" => Exchange::Across,
                    "previous" => Exchange::Previous,
                    "dice" => Exchange::Dice,
                    _ => return Err(wrong("off, next, across, previous or dice")),
                }
            }
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
            (Room::Hongzhong(r), "bird_pay") => r.bird_pay = pay()?,
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
            (Room::Hongzhong(r), "one_bird_all") => r.one_bird_all = flag()?,
            (Room::Hongzhong(r), "seven_pairs") => r.seven_pairs = flag()?,
            (Room::Hongzhong(r), "no_red_double") => r.no_red_double = flag()?,
            (Room::Hongzhong(r), "red_dragons") => {
                r.red_dragons = match value {
                    "4" => 4,
                    "8" => 8,
                    _ => return Err(wrong("4 or 8")),
                }
            }
            _ => {
                return Err(bad(format!(
                    "{room} has no switch {name:?}; its switches: {}",
                    self.switches().join(", ")
                )));
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

    /// The value of switch `name` as text, as [`Room::set`] takes it (none for a switch the
    /// room does not have).
    ///
    /// ```
    /// use hupai::game::room::Room;
    /// let mut room = Room::named("hongzhong").unwrap();
    /// room.set("kongs", "3/2/1").unwrap();
    /// assert_eq!(room.get("kongs").as_deref(), Some("3/2/1"));
    /// assert_eq!(room.get("flower_pig"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<String> {
        let on = |b: bool| if b { "true" } else { "false" }.to_string();
        let pay = |p: BirdPay| match p {
            BirdPay::Add => "add",
            BirdPay::Multiply => "multiply",
        };
        let value = match (self, name) {
            (_, "stake") => self.stake().to_string(),
            (_, "hands") => self.hands().to_string(),
            (_, "next_dealer") => match self.next_dealer() {
                NextDealer::FirstWinner => "first_winner",
                NextDealer::Rotate => "rotate",
                NextDealer::Feeder => "feeder",
            }
            .to_string(),
            (Room::Sichuan(r), "cap") => r.scoring.cap.to_string(),
            (Room::Hongzhong(r), "cap") => r.cap.to_string(),
            (Room::Changsha(r), "cap") => r.cap.to_string(),
            (Room::Nanchang(r), "cap") => r.cap.to_string(),
            (Room::Nanchang(r), "dealer_double") => on(r.dealer_double),
            (Room::Nanchang(r), "jing") => on(r.jing),
            (Room::Nanchang(r), "de_guo_bonus") => r.de_guo_bonus.to_string(),
            (Room::Nanchang(r), "ba_wang_bonus") => r.ba_wang_bonus.to_string(),
            (Room::Nanchang(r), "robbed_pays_all") => on(r.robbed_pays_all),
            (Room::Nanchang(r), "heavenly_flat") => r.heavenly_flat.to_string(),
            (Room::Nanchang(r), "earthly_flat") => r.earthly_flat.to_string(),
            (Room::Nanchang(r), "de_zhong_de") => on(r.de_zhong_de),
            (Room::Nanchang(r), "follow_dealer") => r.follow_dealer.to_string(),
            (Room::Nanchang(r), "lower_jing") => on(r.lower_jing),
            (Room::Nanchang(r), "kong_points") => r.kong_points.to_string(),
            (Room::Nanchang(r), "multiple_wins") => on(r.multiple_wins),
            (Room::Nanchang(r), "jing_kong") => r.jing_kong.to_string(),
            (Room::Nanchang(r), "look_back") => on(r.look_back),
            (Room::Nanchang(r), "dealer_opening_kong") => on(r.dealer_opening_kong),
            (Room::Nanchang(r), "jing_chi") => on(r.jing_chi),
            (Room::Nanchang(r), "jing_bao") => on(r.jing_bao),
            (Room::Nanchang(r), "all_pungs_fans") => r.all_pungs_fans.to_string(),
            (Room::Nanchang(r), "kong_bloom_fans") => r.kong_bloom_fans.to_string(),
            (Room::Nanchang(r), "discard_pays") => match r.discard_pays {
                DiscardPays::Discarder => "discarder",
                DiscardPays::All => "all",
            }
            .to_string(),
            (Room::Guobiao(r), "base") => r.base.to_string(),
            (Room::Guobiao(r), "minimum") => r.minimum.to_string(),
            (Room::Guobiao(r), "multiple_wins") => on(r.multiple_wins),
            (Room::Guobiao(r), "flowers") => on(r.flowers),
            (Room::Changsha(r), "birds") => r.birds.to_string(),
            (Room::Changsha(r), "bird_pay") => pay(r.bird_pay).to_string(),
            (Room::Changsha(r), "dealer_extra") => r.dealer_extra.to_string(),
            (Room::Changsha(r), "opening_wins") => on(r.opening_wins),
            (Room::Changsha(r), "sea_bottom") => on(r.sea_bottom),
            (Room::Changsha(r), "birds_on_extra") => on(r.birds_on_extra),
            (Room::Changsha(r), "open_kong") => on(r.open_kong),
            (Room::Sichuan(r), "self_draw") => match r.scoring.self_draw {
                SelfDraw::Fan => "fan",
                SelfDraw::Stake => "stake",
                SelfDraw::Nothing => "none",
            }
            .to_string(),
            (Room::Sichuan(r), "end_checks") => on(r.end_checks),
            (Room::Sichuan(r), "flower_pig") => r.flower_pig.to_string(),
            (Room::Sichuan(r), "call_transfer") => on(r.call_transfer),
            (Room::Sichuan(r), "heavenly") => match r.scoring.heavenly {
                Heavenly::Add => "add",
                Heavenly::Largest => "largest",
            }
            .to_string(),
            (Room::Sichuan(r), "not_ready") => match r.not_ready {
                NotReadyPays::BestWait => "best_wait",
                NotReadyPays::Most => "most",
            }
            .to_string(),
            (Room::Sichuan(r), "exchange") => match r.exchange {
                Exchange::Off => "off",
                Exchange::Next => "next",
                Exchange::Across => "across",
                Exchange::Previous => "previous",
                Exchange::Dice => "dice",
            }
            .to_string(),
            (Room::Hongzhong(r), "discard_wins") => match r.discard_wins {
                DiscardWins::Never => "never",
                DiscardWins::Any => "any",
                DiscardWins::WithoutRedDragon => "without_red",
            }
            .to_string(),
            (Room::Hongzhong(r), "rob_kong") => on(r.rob_kong),
            (Room::Hongzhong(r), "robbed_pays_all") => on(r.robbed_pays_all),
            (Room::Hongzhong(r), "birds") => r.birds.to_string(),
            (Room::Hongzhong(r), "no_red_birds") => r.no_red_birds.to_string(),
            (Room::Hongzhong(r), "bird_pay") => pay(r.bird_pay).to_string(),
            (Room::Hongzhong(r), "kongs") => {
                let k = r.kongs;
                format!("{}/{}/{}", k.discard, k.closed, k.added)
            }
            (Room::Hongzhong(r), "draw_refunds_kongs") => on(r.draw_refunds_kongs),
            (Room::Hongzhong(r), "four_red_dragons") => on(r.four_red_dragons),
            (Room::Hongzhong(r), "red_dragons") => r.red_dragons.to_string(),
            (Room::Hongzhong(r), "one_bird_all") => on(r.one_bird_all),
            (Room::Hongzhong(r), "seven_pairs") => on(r.seven_pairs),
            (Room::Hongzhong(r), "no_red_double") => on(r.no_red_double),
            _ => return None,
        };
        Some(value)
    }

    /// Every switch of the room as [`Room::set_list`] takes them (`"stake=1,hands=8,…"`): the
    /// rules a record names, so that `Room::named(room.name())` and this list are the room.
    ///
    /// ```
    /// use hupai::game::room::Room;
    /// let mut room = Room::named("changsha").unwrap();
    /// room.set_list("birds=4, bird_pay=add").unwrap();
    /// let mut again = Room::named(room.name()).unwrap();
    /// again.set_list(&room.switch_list()).unwrap();
    /// assert_eq!(again, room);
    /// ```
    pub fn switch_list(&self) -> String {
        let pairs: Vec<String> = self
            .switches()
            .iter()
            .filter_map(|&name| Some(format!("{name}={}", self.get(name)?)))
            .collect();
        pairs.join(",")
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
    /// most 8 in all (the first kept), 南昌's fans of 大七对 and 杠上开花 as 1 or 2.
    pub(super) fn normalized(self) -> Room {
        match self {
            Room::Sichuan(r) => Room::Sichuan(SichuanRules {
                stake: r.stake.max(1),
                hands: r.hands.max(1),
                ..r
            }),
            Room::Nanchang(r) => Room::Nanchang(NanchangRules {
                stake: r.stake.max(1),
                hands: r.hands.max(1),
                all_pungs_fans: r.all_pungs_fans.clamp(1, 2),
                kong_bloom_fans: r.kong_bloom_fans.clamp(1, 2),
                ..r
            }),
            Room::Guobiao(r) => Room::Guobiao(GuobiaoRules {
                stake: r.stake.max(1),
                hands: r.hands.max(1),
                base: r.base.min(1_000_000),
                ..r
            }),
            Room::Changsha(r) => Room::Changsha(ChangshaRules {
                stake: r.stake.max(1),
                hands: r.hands.max(1),
                birds: r.birds.min(8),
                ..r
            }),
            Room::Hongzhong(r) => {
                let birds = r.birds.min(8);
                Room::Hongzhong(HongzhongRules {
                    stake: r.stake.max(1),
                    hands: r.hands.max(1),
                    birds,
                    no_red_birds: r.no_red_birds.min(8 - birds),
                    red_dragons: if r.red_dragons > 4 { 8 } else { 4 },
                    ..r
                })
            }
        }
    }
}

fn bad(message: String) -> GameError {
    GameError::BadSwitch { message }
}
