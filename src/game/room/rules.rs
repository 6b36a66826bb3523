//! The rooms' switches: each room's rules, held by the [`super::Room`] a table plays —
//! [`SichuanRules`], [`HongzhongRules`], [`ChangshaRules`], [`GuobiaoRules`],
//! [`NanchangRules`] — each switch with its source in docs/SCORING.md.

use crate::score::RoomRules;

/// Who deals the next hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextDealer {
    /// The first to win this hand (先胡者坐庄); the same dealer when no one won.
    FirstWinner,
    /// The next seat, whoever won.
    Rotate,
    /// The first to win, as [`NextDealer::FirstWinner`] — but when the hand's first win was
    /// several seats on one discard (通炮, 一炮多响) its discarder (点炮者坐庄).
    Feeder,
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
    /// 查大叫: what a seat neither 花猪 nor ready pays each ready seat at the wall's end.
    pub not_ready: NotReadyPays,
    /// 换三张: after the deal each seat passes three tiles of one suit, before the void
    /// suits are declared — off, or the way they go.
    pub exchange: Exchange,
}

/// 换三张 (Sichuan): whether the seats pass three tiles of one suit after the deal, and to
/// whom (docs/SCORING.md names the sources). Every seat passes at once, so a seat never gets
/// its own tiles back.
///
/// ```
/// use hupai::game::room::{Exchange, SichuanRules};
/// assert_eq!(SichuanRules::default().exchange, Exchange::Off);
/// assert_eq!(Exchange::Across.shift(0), Some(2));
/// assert_eq!(Exchange::Dice.shift(13), Some(2)); // a 5p: across
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Exchange {
    /// No exchange.
    Off,
    /// To the next seat in turn (下家).
    Next,
    /// To the seat across (对家).
    Across,
    /// To the previous seat (上家).
    Previous,
    /// The way drawn for each hand, as a die would: the dealer's fourteenth tile, its rank
    /// 1, 4 or 7 the next seat, 2, 5 or 8 across, 3, 6 or 9 the previous (a wall the caller
    /// shuffles decides it, and a record played again finds it again).
    Dice,
}

impl Exchange {
    /// How many seats on a seat's tiles go (1 the next, 2 across, 3 the previous) in a hand
    /// whose dealer's fourteenth tile is of kind `fourteenth` (the dice read it), none when
    /// off.
    pub fn shift(self, fourteenth: u8) -> Option<u8> {
        match self {
            Exchange::Off => None,
            Exchange::Next => Some(1),
            Exchange::Across => Some(2),
            Exchange::Previous => Some(3),
            Exchange::Dice => Some(1 + fourteenth % 9 % 3),
        }
    }
}

/// What a seat neither 花猪 nor ready pays each ready seat at the wall's end (Sichuan's
/// 查大叫; docs/SCORING.md names the source of each reading).
///
/// ```
/// use hupai::game::room::{NotReadyPays, SichuanRules};
/// assert_eq!(SichuanRules::default().not_ready, NotReadyPays::BestWait);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotReadyPays {
    /// The ready seat's best wait: the most any kind it waits on pays as a win on a discard
    /// (the Chengdu reading).
    BestWait,
    /// The room's most, what a 花猪 pays (`stake << flower_pig`; Mahjong Australia's "the
    /// maximum potential hand value").
    Most,
}

impl Default for SichuanRules {
    fn default() -> SichuanRules {
        SichuanRules {
            scoring: RoomRules {
                cap: 3,
                ..RoomRules::default()
            },
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            end_checks: true,
            flower_pig: 3,
            call_transfer: false,
            not_ready: NotReadyPays::BestWait,
            exchange: Exchange::Off,
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
    /// Kongs that pay nothing (长沙麻将).
    pub const NONE: KongPay = KongPay {
        discard: 0,
        closed: 0,
        added: 0,
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
    /// 一码全中: a win draws one bird, whose rank is its hits (a 红中 10), instead of
    /// `birds` and `no_red_birds`; the wall keeps that one back.
    pub one_bird_all: bool,
    /// 七对可胡: seven pairs wins (and pays its fan); off, only four sets and a pair (or the
    /// four 红中) win.
    pub seven_pairs: bool,
    /// 无红中加倍: a win holding no 红中 doubles (the scorer's 无红中 fan); off, it pays as
    /// any other.
    pub no_red_double: bool,
    /// The 红中 in the wall: 4, or 8 (8个红中: 116 tiles; a 红中 is not discarded while the
    /// hand holds another tile; under `four_red_dragons` any four held win at once).
    pub red_dragons: u8,
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
            one_bird_all: false,
            seven_pairs: true,
            no_red_double: true,
            red_dragons: 4,
        }
    }
}

/// The switches of a 长沙麻将 game (docs/SCORING.md, "Changsha at the table", names the
/// source of each). The default: 2 birds counted from the winner, each hit paying the win once
/// more between the seats it names; the dealer's +1 (庄闲); the starting hand's small wins
/// (起手小胡) paid at the deal; the wall's last tile offered round the table (要海底); no
/// cap, a stake of 1, eight hands, the winner dealing next.
///
/// ```
/// use hupai::game::room::{BirdPay, ChangshaRules};
/// let rules = ChangshaRules::default();
/// assert_eq!((rules.birds, rules.bird_pay, rules.dealer_extra), (2, BirdPay::Multiply, 1));
/// assert!(rules.opening_wins && rules.sea_bottom);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChangshaRules {
    /// The cap on a win's big wins (封顶; 0: none).
    pub cap: u8,
    /// The stake (底分) every payment multiplies.
    pub stake: u32,
    /// Hands a game.
    pub hands: u16,
    /// Who deals the next hand (the dealer stays when the wall is drawn).
    pub next_dealer: NextDealer,
    /// Birds drawn for a win (扎鸟), 0–8, kept back by the wall: each names a seat by its
    /// rank counted from the winner (from the discarder when several win on one discard) —
    /// 1, 5, 9 that seat, 2, 6 the next, 3, 7 the one across, 4, 8 the one before.
    pub birds: u8,
    /// How a hit raises a payment: the hits on the winner and on its payer count for that
    /// payer.
    pub bird_pay: BirdPay,
    /// Stakes a payment gains when the dealer wins it or pays it (庄闲; 0: none).
    pub dealer_extra: u8,
    /// The starting hand's small wins (起手小胡: 四喜, 板板胡, 缺一色, 六六顺) paid at the
    /// deal, each as a self-drawn small win.
    pub opening_wins: bool,
    /// 要海底: the wall's last tile is offered round the table from the seat to draw it
    /// ([`super::RoomAction::TAKE`] or pass); the seat that takes it wins on it (海底捞月) or
    /// plays it at once, and the others may win on it (海底炮). At a drawn wall the seat that
    /// took it deals next (the konger whose replacement it was), or the first offered when
    /// every seat passed. Off: the seat in turn draws it and plays as ever.
    pub sea_bottom: bool,
    /// The birds raise the dealer's extra too (on: `(price + extra) × (1 + hits)`); off, the
    /// extra is added after them, once (`price × (1 + hits) + extra`; 庄闲分不算入内).
    pub birds_on_extra: bool,
    /// 开杠: a seat ready after its kong may turn two tiles from the wall's end instead of
    /// drawing one (补张), win on either (杠上开花) or let the others win on them (杠上炮), its
    /// hand locked for the rest of the hand (抓啥打啥: each tile drawn played at once).
    pub open_kong: bool,
}

impl Default for ChangshaRules {
    fn default() -> ChangshaRules {
        ChangshaRules {
            cap: 0,
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            birds: 2,
            bird_pay: BirdPay::Multiply,
            dealer_extra: 1,
            opening_wins: true,
            sea_bottom: true,
            birds_on_extra: true,
            open_kong: false,
        }
    }
}

/// The switches of a Guobiao (Chinese Official, MCR) game (docs/SCORING.md, "Guobiao at the
/// table", names the source of each). The default is the competition rules: a win needs 8
/// fans (flowers not played), its winner takes `8 + fans` from the discarder and 8 from each
/// other seat (`8 + fans` from each on a self-draw), sixteen hands with the deal passing every
/// hand and the round wind turning every four.
///
/// ```
/// use hupai::game::room::{GuobiaoRules, NextDealer};
/// let rules = GuobiaoRules::default();
/// assert_eq!((rules.base, rules.minimum, rules.hands), (8, 8, 16));
/// assert_eq!(rules.next_dealer, NextDealer::Rotate);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GuobiaoRules {
    /// Points every payer pays a winner beside the fans (基本分).
    pub base: u32,
    /// Fans a win needs (起和番; flowers apart).
    pub minimum: u8,
    /// The stake every payment multiplies.
    pub stake: u32,
    /// Hands a game; the round wind is east for the first four, south for the next four, ….
    pub hands: u16,
    /// Who deals the next hand.
    pub next_dealer: NextDealer,
    /// Every seat that wins on one discard is paid (一炮多响); off, the first after the
    /// discarder in turn alone wins (截和).
    pub multiple_wins: bool,
    /// 花牌: the eight flowers in the wall (144 tiles), each set aside when it comes and a
    /// tile drawn for it from the wall's end, a point each on a win, apart from the minimum.
    pub flowers: bool,
}

impl Default for GuobiaoRules {
    fn default() -> GuobiaoRules {
        GuobiaoRules {
            base: 8,
            minimum: 8,
            stake: 1,
            hands: 16,
            next_dealer: NextDealer::Rotate,
            multiple_wins: false,
            flowers: false,
        }
    }
}

/// Who pays a 南昌 win on a discard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DiscardPays {
    /// The discarder alone pays the win (点炮一家付).
    Discarder,
    /// Every other seat pays it, the discarder twice (点炮三家付).
    All,
}

/// The switches of a 南昌麻将 game (docs/SCORING.md, "Nanchang at the table", names the source
/// of each). The default: the 精 turned at each hand's start (the wall's last tile the 正精,
/// the next kind the 副精), a win paid by every seat with the discarder paying twice, the
/// dealer's payments doubled, the 精 settled when a hand is won, no cap, a stake of 1, eight
/// hands, the first winner dealing next.
///
/// ```
/// use hupai::game::room::{DiscardPays, NanchangRules};
/// let rules = NanchangRules::default();
/// assert_eq!((rules.discard_pays, rules.dealer_double, rules.jing), (DiscardPays::All, true, true));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NanchangRules {
    /// The cap on a win's doublings (封顶; 0: none).
    pub cap: u8,
    /// The stake (底分) every payment multiplies.
    pub stake: u32,
    /// Hands a game.
    pub hands: u16,
    /// Who deals the next hand (the dealer stays when the wall is drawn).
    pub next_dealer: NextDealer,
    /// Who pays a win on a discard.
    pub discard_pays: DiscardPays,
    /// A payment the dealer wins or pays is doubled (庄家翻倍).
    pub dealer_double: bool,
    /// The 精 settled at the end of a won hand: each seat's 精 (2 a 正精, 1 a 副精; 冲关 at 5
    /// or more, 霸王精) paid by every other seat.
    pub jing: bool,
    /// 德国 +N: a win whose paying reading is 德国 (no 精 standing in) pays N stakes more
    /// from each payer, after its doubling (0: the doubling alone).
    pub de_guo_bonus: u8,
    /// 霸王精 +N: the only seat holding 精 adds N points to its value instead of doubling it
    /// (0: the doubling).
    pub ba_wang_bonus: u8,
    /// 抢杠全包: a win on a robbed kong's tile is paid in full by the konger — the shares of
    /// every seat that would pay it, its own doubled share among them, as one payment.
    pub robbed_pays_all: bool,
    /// 天胡 at a flat value: N stakes from each payer in place of the hand's doublings (who
    /// pays and the dealer's double as ever; 0: the doublings, 天胡 two of them).
    pub heavenly_flat: u32,
    /// 地胡 at a flat value, as [`NanchangRules::heavenly_flat`] is 天胡's (0: the doublings).
    pub earthly_flat: u32,
    /// 德中德: a 德国 win (every 精 standing for itself) while no other seat holds a 精,
    /// concealed or called, is paid one doubling more (×4 in place of 德国's ×2).
    pub de_zhong_de: bool,
    /// 跟庄 (抄庄): when the three others' first discards are the dealer's first discard's
    /// kind, no call made before, the dealer pays each of them N stakes (0: none).
    pub follow_dealer: u32,
    /// 下精: after a won hand's 精 settlement the wall's last tile is turned and the 精 of
    /// that indicator (its kind and the next) settled alike — none when the wall is empty.
    pub lower_jing: bool,
    /// Kong points: at a won hand's end each kong (of a discard, closed or added) is paid N
    /// stakes by every other seat (0: kongs pay nothing).
    pub kong_points: u32,
    /// Every seat that wins on one discard is paid (一炮多响); off, the first after the
    /// discarder in turn alone wins (截和).
    pub multiple_wins: bool,
    /// 精杠 +N: a closed kong of four 精 of one kind may be made (0: a 精 is never konged),
    /// and at a won hand's end it is paid N stakes by every other seat, in place of
    /// `kong_points`.
    pub jing_kong: u32,
    /// 回头一笑: at each deal but a game's first, the last hand's 精 (its indicator's kind
    /// and the next) settled on the tiles just dealt, as a won hand's 精 are.
    pub look_back: bool,
    /// A discarded 精 may be chowed by the seat after its discarder as the tile it shows
    /// (N6's "上家打出上精牌时可以做本身牌被下家吃"), the run's two others no 精; off (the
    /// default), a discarded 精 is taken by no one. Counted in the 精 settlement as called.
    pub jing_chi: bool,
    /// 包: the 精 settlement's 冲关 of a seat that a chowed 精 brought to five points or more
    /// is paid, every share of it, by the seat that discarded that 精 (N5, N6).
    pub jing_bao: bool,
    /// The dealer may make a closed kong (a 精杠 too) in its first turn (on by default); off,
    /// not before its first discard (N6's "庄家起手不能开暗杠，包括精杠的暗杠").
    pub dealer_opening_kong: bool,
    /// The fans of 大七对 (all pungs): 1 (×2) or 2 (×4, N6's room).
    pub all_pungs_fans: u8,
    /// The fans of 杠上开花: 1 (×2; N5's "杠开（2番）") or 2 (×4, N6's room).
    pub kong_bloom_fans: u8,
}

impl Default for NanchangRules {
    fn default() -> NanchangRules {
        NanchangRules {
            cap: 0,
            stake: 1,
            hands: 8,
            next_dealer: NextDealer::FirstWinner,
            discard_pays: DiscardPays::All,
            dealer_double: true,
            jing: true,
            de_guo_bonus: 0,
            ba_wang_bonus: 0,
            robbed_pays_all: false,
            heavenly_flat: 0,
            earthly_flat: 0,
            de_zhong_de: false,
            follow_dealer: 0,
            lower_jing: false,
            kong_points: 0,
            multiple_wins: true,
            jing_kong: 0,
            look_back: false,
            dealer_opening_kong: true,
            jing_chi: false,
            jing_bao: false,
            all_pungs_fans: 1,
            kong_bloom_fans: 1,
        }
    }
}
