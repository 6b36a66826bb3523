//! The yaku: their names in three languages, their han closed and open, and which of them one
//! reading of a win holds.

use crate::score::hand::WinningHand;
use crate::score::reading::{Block, Reading, SetShape, Wait};
use crate::score::win::Win;
use crate::tile::Tile;

macro_rules! yaku_list {
    ($($v:ident: $id:literal, $en:literal, $ja:literal, $zh:literal, $closed:literal, $open:literal;)*) => {
        /// A yaku (役), a dora count, or a yakuman (役満).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Yaku {
            $(
                #[doc = concat!($en, " (", $ja, ")")]
                $v,
            )*
        }

        impl Yaku {
            /// Every yaku, in the order an answer lists them.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$v),*];

            /// Its name in requests and JSON answers (`menzen_tsumo`, `pinfu`, …).
            pub fn id(self) -> &'static str {
                match self { $(Yaku::$v => $id),* }
            }

            /// Its name in English (romaji, as the riichi community writes them).
            pub fn english(self) -> &'static str {
                match self { $(Yaku::$v => $en),* }
            }

            /// Its name in Japanese.
            pub fn japanese(self) -> &'static str {
                match self { $(Yaku::$v => $ja),* }
            }

            /// Its name in Chinese.
            pub fn chinese(self) -> &'static str {
                match self { $(Yaku::$v => $zh),* }
            }

            /// Han in a closed hand (13 a yakuman, 26 a double), 0 where it needs the hand
            /// open… never: a yaku only a closed hand has is 0 open ([`Yaku::han_open`]).
            pub(crate) fn han_closed(self) -> u32 {
                match self { $(Yaku::$v => $closed),* }
            }

            /// Han in an open hand (0: only a closed hand has it).
            pub(crate) fn han_open(self) -> u32 {
                match self { $(Yaku::$v => $open),* }
            }
        }
    };
}

yaku_list! {
    MenzenTsumo: "menzen_tsumo", "Menzen Tsumo", "門前清自摸和", "门前清自摸和", 1, 0;
    Riichi: "riichi", "Riichi", "立直", "立直", 1, 0;
    DoubleRiichi: "double_riichi", "Double Riichi", "ダブル立直", "两立直", 2, 0;
    Ippatsu: "ippatsu", "Ippatsu", "一発", "一发", 1, 0;
    Chankan: "chankan", "Chankan", "槍槓", "抢杠", 1, 1;
    Rinshan: "rinshan", "Rinshan Kaihou", "嶺上開花", "岭上开花", 1, 1;
    Haitei: "haitei", "Haitei Raoyue", "海底摸月", "海底摸月", 1, 1;
    Houtei: "houtei", "Houtei Raoyui", "河底撈魚", "河底捞鱼", 1, 1;
    Pinfu: "pinfu", "Pinfu", "平和", "平和", 1, 0;
    Tanyao: "tanyao", "Tanyao", "断么九", "断幺九", 1, 1;
    Iipeikou: "iipeikou", "Iipeikou", "一盃口", "一杯口", 1, 0;
    Haku: "haku", "Yakuhai (haku)", "役牌 白", "役牌 白", 1, 1;
    Hatsu: "hatsu", "Yakuhai (hatsu)", "役牌 發", "役牌 发", 1, 1;
    Chun: "chun", "Yakuhai (chun)", "役牌 中", "役牌 中", 1, 1;
    SeatWind: "seat_wind", "Yakuhai (seat wind)", "自風牌", "自风牌", 1, 1;
    RoundWind: "round_wind", "Yakuhai (round wind)", "場風牌", "场风牌", 1, 1;
    Sanshoku: "sanshoku", "Sanshoku Doujun", "三色同順", "三色同顺", 2, 1;
    Ittsu: "ittsu", "Ittsu", "一気通貫", "一气通贯", 2, 1;
    Chanta: "chanta", "Chanta", "混全帯么九", "混全带幺九", 2, 1;
    Chiitoitsu: "chiitoitsu", "Chiitoitsu", "七対子", "七对子", 2, 0;
    Toitoi: "toitoi", "Toitoi", "対々和", "对对和", 2, 2;
    Sanankou: "sanankou", "San Ankou", "三暗刻", "三暗刻", 2, 2;
    Sankantsu: "sankantsu", "San Kantsu", "三槓子", "三杠子", 2, 2;
    SanshokuDoukou: "sanshoku_doukou", "Sanshoku Doukou", "三色同刻", "三色同刻", 2, 2;
    Honroutou: "honroutou", "Honroutou", "混老頭", "混老头", 2, 2;
    Shousangen: "shousangen", "Shou Sangen", "小三元", "小三元", 2, 2;
    Honitsu: "honitsu", "Honitsu", "混一色", "混一色", 3, 2;
    Junchan: "junchan", "Junchan", "純全帯么九", "纯全带幺九", 3, 2;
    Ryanpeikou: "ryanpeikou", "Ryanpeikou", "二盃口", "二杯口", 3, 0;
    Chinitsu: "chinitsu", "Chinitsu", "清一色", "清一色", 6, 5;
    Renhou: "renhou", "Renhou", "人和", "人和", 5, 0;
    Dora: "dora", "Dora", "ドラ", "宝牌", 1, 1;
    AkaDora: "aka_dora", "Aka Dora", "赤ドラ", "赤宝牌", 1, 1;
    UraDora: "ura_dora", "Ura Dora", "裏ドラ", "里宝牌", 1, 0;
    KokushiMusou: "kokushi_musou", "Kokushi Musou", "国士無双", "国士无双", 13, 0;
    KokushiJuusanmen: "kokushi_juusanmen", "Kokushi Musou Juusanmen Machi", "国士無双十三面待ち", "国士无双十三面", 26, 0;
    ChuurenPoutou: "chuuren_poutou", "Chuuren Poutou", "九蓮宝燈", "九莲宝灯", 13, 0;
    JunseiChuuren: "junsei_chuuren_poutou", "Junsei Chuuren Poutou", "純正九蓮宝燈", "纯正九莲宝灯", 26, 0;
    Suuankou: "suuankou", "Suu Ankou", "四暗刻", "四暗刻", 13, 0;
    SuuankouTanki: "suuankou_tanki", "Suu Ankou Tanki", "四暗刻単騎", "四暗刻单骑", 26, 0;
    Daisangen: "daisangen", "Daisangen", "大三元", "大三元", 13, 13;
    Shousuushii: "shousuushii", "Shousuushii", "小四喜", "小四喜", 13, 13;
    Daisuushii: "daisuushii", "Dai Suushii", "大四喜", "大四喜", 26, 26;
    Ryuuiisou: "ryuuiisou", "Ryuuiisou", "緑一色", "绿一色", 13, 13;
    Tsuuiisou: "tsuuiisou", "Tsuu Iisou", "字一色", "字一色", 13, 13;
    Chinroutou: "chinroutou", "Chinroutou", "清老頭", "清老头", 13, 13;
    Suukantsu: "suukantsu", "Suu Kantsu", "四槓子", "四杠子", 13, 13;
    Tenhou: "tenhou", "Tenhou", "天和", "天和", 13, 0;
    Chiihou: "chiihou", "Chiihou", "地和", "地和", 13, 0;
    RenhouYakuman: "renhou_yakuman", "Renhou (yakuman)", "人和", "人和", 13, 0;
}

impl Yaku {
    /// True for a yakuman: it scores alone (other yaku and dora are not counted with it).
    pub fn is_yakuman(self) -> bool {
        self >= Yaku::KokushiMusou
    }

    /// True for a dora count (not a yaku: a hand of dora alone may not win).
    pub fn is_dora(self) -> bool {
        matches!(self, Yaku::Dora | Yaku::AkaDora | Yaku::UraDora)
    }
}

/// What a reading's tiles are made of, over every tile of the hand.
pub(crate) struct Tiles {
    /// Copies of each kind, calls included.
    pub all: [u32; 34],
}

impl Tiles {
    fn any(&self, f: impl Fn(usize) -> bool) -> bool {
        (0..34).any(|i| self.all[i] > 0 && f(i))
    }
}

fn orphan(i: usize) -> bool {
    Tile::from_index(i).is_orphan()
}

fn block_has_orphan(b: &Block) -> bool {
    let t = b.tile as usize;
    match b.shape {
        SetShape::Chow => t % 9 == 0 || t % 9 == 6,
        _ => orphan(t),
    }
}

fn block_has_honor(b: &Block) -> bool {
    Tile::from_index(b.tile as usize).is_honor()
}

/// What the tiles of a hand are, as the yaku read them.
struct Facts {
    /// Suits holding a tile (0–3).
    suits_used: usize,
    honors: bool,
    /// No terminal and no honor.
    tanyao: bool,
    /// Terminals and honors only.
    all_orphans: bool,
    all_honors: bool,
    /// 23468s and green dragons only.
    green: bool,
}

impl Facts {
    fn of(tiles: &Tiles) -> Facts {
        let all = &tiles.all;
        let honor = |i: usize| Tile::from_index(i).is_honor();
        Facts {
            suits_used: (0..3)
                .filter(|&s| all[s * 9..s * 9 + 9].iter().any(|&c| c > 0))
                .count(),
            honors: tiles.any(honor),
            tanyao: !tiles.any(orphan),
            all_orphans: !tiles.any(|i| !orphan(i)),
            all_honors: !tiles.any(|i| !honor(i)),
            green: !tiles.any(|i| ![19, 20, 21, 23, 25, 32].contains(&i)),
        }
    }
}

/// The yaku of one reading (no dora), with their han in this hand, yakuman alone when there is
/// one, into `out`: the yakuman ([`yakuman_of`]), else the situation's yaku, the sets' and the
/// tiles'.
pub(crate) fn yaku_of(
    reading: &Reading,
    hand: &WinningHand,
    win: &Win,
    tiles: &Tiles,
    out: &mut Vec<(Yaku, u32)>,
) {
    let facts = Facts::of(tiles);
    // The yakuman first, into `out` itself (no list of their own: nothing allocated).
    yakuman_of(reading, hand, win, tiles, &facts, &mut |y| out.push((y, 0)));
    if !out.is_empty() {
        out.sort();
        for (y, han) in out.iter_mut() {
            // The four double yakuman count single where the rules say so.
            *han = if win.rules.double_yakuman {
                y.han_closed()
            } else {
                13
            };
        }
        return;
    }
    let open = hand.is_open();
    let mut add = |y: Yaku| {
        let han = if open { y.han_open() } else { y.han_closed() };
        out.push((y, han));
    };
    situation_yaku(win, !open, &mut add);
    if facts.tanyao && (!open || win.rules.open_tanyao) {
        add(Yaku::Tanyao);
    }
    match reading {
        Reading::SevenPairs => add(Yaku::Chiitoitsu),
        Reading::Standard { blocks, pair, wait } => {
            set_yaku(blocks, *pair as usize, *wait, win, !open, &mut add)
        }
        Reading::Orphans => {}
    }
    if facts.all_orphans {
        add(Yaku::Honroutou);
    }
    if facts.suits_used == 1 {
        add(if facts.honors {
            Yaku::Honitsu
        } else {
            Yaku::Chinitsu
        });
    }
    out.sort_by_key(|&(y, _)| y);
}

/// The yakuman of a reading (none: an empty list).
fn yakuman_of(
    reading: &Reading,
    hand: &WinningHand,
    win: &Win,
    tiles: &Tiles,
    facts: &Facts,
    yakuman: &mut impl FnMut(Yaku),
) {
    let all = &tiles.all;
    let win_tile = hand.win_tile().index();
    match reading {
        Reading::Orphans => {
            yakuman(if all[win_tile] == 2 {
                Yaku::KokushiJuusanmen
            } else {
                Yaku::KokushiMusou
            });
        }
        Reading::SevenPairs => {
            if facts.all_honors {
                yakuman(Yaku::Tsuuiisou);
            }
        }
        Reading::Standard { blocks, pair, wait } => {
            let triplet = |t: usize| {
                blocks
                    .iter()
                    .any(|b| b.is_triplet() && b.tile as usize == t)
            };
            let dragons = (31..34).filter(|&t| triplet(t)).count();
            let winds = (27..31).filter(|&t| triplet(t)).count();
            let pair = *pair as usize;
            let concealed_triplets = blocks
                .iter()
                .filter(|b| b.is_triplet() && b.concealed)
                .count();
            let kongs = blocks.iter().filter(|b| b.shape == SetShape::Kong).count();
            if dragons == 3 {
                yakuman(Yaku::Daisangen);
            }
            if winds == 4 {
                yakuman(Yaku::Daisuushii);
            } else if winds == 3 && (27..31).contains(&pair) {
                yakuman(Yaku::Shousuushii);
            }
            if facts.all_honors {
                yakuman(Yaku::Tsuuiisou);
            }
            if facts.all_orphans && !facts.honors {
                yakuman(Yaku::Chinroutou);
            }
            if concealed_triplets == 4 {
                yakuman(if *wait == Wait::Tanki {
                    Yaku::SuuankouTanki
                } else {
                    Yaku::Suuankou
                });
            }
            if kongs == 4 {
                yakuman(Yaku::Suukantsu);
            }
            if hand.calls().is_empty() && facts.suits_used == 1 && !facts.honors {
                let s = (0..3).find(|&s| all[s * 9] > 0).unwrap_or(0) * 9;
                let base = [3, 1, 1, 1, 1, 1, 1, 1, 3];
                let mut extra = (0..9).filter(|&n| all[s + n] > base[n]);
                let (first, more) = (extra.next(), extra.next());
                let nine = (0..9).all(|n| all[s + n] >= base[n]);
                if let (true, Some(e), None) = (nine, first, more) {
                    yakuman(if s + e == win_tile {
                        Yaku::JunseiChuuren
                    } else {
                        Yaku::ChuurenPoutou
                    });
                }
            }
        }
    }
    if facts.green {
        yakuman(Yaku::Ryuuiisou);
    }
    if win.tenhou {
        yakuman(Yaku::Tenhou);
    }
    if win.chiihou {
        yakuman(Yaku::Chiihou);
    }
    if win.renhou && win.rules.renhou_yakuman {
        yakuman(Yaku::RenhouYakuman);
    }
}

/// The yaku of the moment the hand won: menzen tsumo, riichi, ippatsu, chankan, rinshan,
/// haitei, houtei, renhou (not a yakuman).
fn situation_yaku(win: &Win, closed: bool, add: &mut impl FnMut(Yaku)) {
    if win.tsumo && closed {
        add(Yaku::MenzenTsumo);
    }
    if win.double_riichi {
        add(Yaku::DoubleRiichi);
    } else if win.riichi {
        add(Yaku::Riichi);
    }
    if win.ippatsu {
        add(Yaku::Ippatsu);
    }
    for (flag, y) in [
        (win.chankan, Yaku::Chankan),
        (win.rinshan, Yaku::Rinshan),
        (win.haitei, Yaku::Haitei),
        (win.houtei, Yaku::Houtei),
    ] {
        if flag {
            add(y);
        }
    }
    if win.renhou {
        add(Yaku::Renhou);
    }
}

/// The yaku of a reading's sets and pair: pinfu, the twin chows, the valued pungs, the
/// three-suit and straight chows, the outside hands, the pung yaku, little three dragons.
fn set_yaku(
    blocks: &[Block; 4],
    pair: usize,
    wait: Wait,
    win: &Win,
    closed: bool,
    add: &mut impl FnMut(Yaku),
) {
    let seat = win.seat_wind.index();
    let round = win.round_wind.index();
    // The chows' and triplets' tiles, on the stack.
    let pick = |keep: fn(&Block) -> bool| {
        let mut out = [0u8; 4];
        let mut n = 0;
        for b in blocks.iter().filter(|b| keep(b)) {
            out[n] = b.tile;
            n += 1;
        }
        (out, n)
    };
    let (chow_tiles, n_chows) = pick(|b| b.shape == SetShape::Chow);
    let (triplet_tiles, n_triplets) = pick(Block::is_triplet);
    let chows = &chow_tiles[..n_chows];
    let triplets = &triplet_tiles[..n_triplets];
    let valued_pair = pair >= 31 || pair == seat || pair == round;
    if closed && chows.len() == 4 && wait == Wait::Ryanmen && !valued_pair {
        add(Yaku::Pinfu);
    }
    if closed {
        let mut sorted_tiles = chow_tiles;
        sorted_tiles[..n_chows].sort_unstable();
        let sorted = &sorted_tiles[..n_chows];
        let twins = if sorted.len() == 4 && sorted[0] == sorted[1] && sorted[2] == sorted[3] {
            2
        } else {
            (0..sorted.len().saturating_sub(1))
                .filter(|&i| sorted[i] == sorted[i + 1])
                .count()
                .min(1)
        };
        match twins {
            2 => add(Yaku::Ryanpeikou),
            1 => add(Yaku::Iipeikou),
            _ => {}
        }
    }
    for (t, y) in [(31, Yaku::Haku), (32, Yaku::Hatsu), (33, Yaku::Chun)] {
        if triplets.contains(&t) {
            add(y);
        }
    }
    if triplets.contains(&(seat as u8)) {
        add(Yaku::SeatWind);
    }
    if triplets.contains(&(round as u8)) {
        add(Yaku::RoundWind);
    }
    let in_three = |list: &[u8]| (0..9u8).any(|n| (0..3u8).all(|s| list.contains(&(s * 9 + n))));
    if in_three(chows) {
        add(Yaku::Sanshoku);
    }
    if (0..3u8).any(|s| [0, 3, 6].iter().all(|&n| chows.contains(&(s * 9 + n)))) {
        add(Yaku::Ittsu);
    }
    let outside = blocks.iter().all(block_has_orphan) && orphan(pair);
    if outside && !chows.is_empty() {
        let honor = blocks.iter().any(block_has_honor) || Tile::from_index(pair).is_honor();
        add(if honor { Yaku::Chanta } else { Yaku::Junchan });
    }
    if triplets.len() == 4 {
        add(Yaku::Toitoi);
    }
    if blocks
        .iter()
        .filter(|b| b.is_triplet() && b.concealed)
        .count()
        == 3
    {
        add(Yaku::Sanankou);
    }
    if blocks.iter().filter(|b| b.shape == SetShape::Kong).count() == 3 {
        add(Yaku::Sankantsu);
    }
    if in_three(triplets) {
        add(Yaku::SanshokuDoukou);
    }
    let dragons = triplets.iter().filter(|&&t| t >= 31).count();
    if dragons == 2 && pair >= 31 {
        add(Yaku::Shousangen);
    }
}
