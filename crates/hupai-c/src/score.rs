//! [`hupai_score`]: what a win is worth (riichi: yaku, fu, points; `docs/SCORING.md`), into
//! a fixed-size [`HupaiScore`]; [`hupai_win_default`] fills a situation with the defaults and
//! [`hupai_yaku_name`] names a yaku code.

use crate::{arg, counts_of, guard, out, HupaiEngine, HupaiStatus};
use hupai::{
    Call, CallKind, Fan, Kazoe, Limit, Payment, RiichiRules, ScoreError, Tile, Win, WinningHand,
    Yaku,
};
use std::ffi::{c_char, CString};
use std::sync::OnceLock;

/// Most yaku in a [`HupaiScore`] (a hand has far fewer).
pub const HUPAI_MAX_YAKU: usize = 24;
/// Most fu parts in a [`HupaiScore`] (base, closed ron, wait, pair, four sets, tsumo).
pub const HUPAI_MAX_FU_PARTS: usize = 10;

/// One call: how it was made (0 chi, 1 pon, 2 open kan, 3 closed kan) and its lowest tile
/// (a chi's first, a pon's or kan's kind).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiCall {
    /// 0 chi, 1 pon, 2 kan (open), 3 ankan (closed).
    pub kind: u8,
    /// The lowest tile's index.
    pub tile: u8,
}

/// The situation of a win and the room's options ([`hupai_win_default`] fills the defaults:
/// a ron in the south seat of the east round, Tenhou's options). Flags are 0 or 1.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiWin {
    /// 1: won by the hand's own draw; 0: by a discard.
    pub tsumo: u8,
    /// Seat wind: 0 east (the dealer), 1 south, 2 west, 3 north.
    pub seat_wind: u8,
    /// Round wind, as `seat_wind`.
    pub round_wind: u8,
    /// Riichi.
    pub riichi: u8,
    /// Double riichi.
    pub double_riichi: u8,
    /// Ippatsu.
    pub ippatsu: u8,
    /// Tsumo on the last tile.
    pub haitei: u8,
    /// Ron on the last discard.
    pub houtei: u8,
    /// Tsumo on a kan's replacement tile.
    pub rinshan: u8,
    /// Ron on a tile added to a kan.
    pub chankan: u8,
    /// The dealer's first draw.
    pub tenhou: u8,
    /// A non-dealer's first draw.
    pub chiihou: u8,
    /// A non-dealer's ron before the first draw.
    pub renhou: u8,
    /// Dora indicators used in `dora` (0..=5).
    pub dora_count: u8,
    /// Dora indicator tile indices.
    pub dora: [u8; 5],
    /// Ura-dora indicators used in `ura_dora` (0..=5; counted with riichi).
    pub ura_count: u8,
    /// Ura-dora indicator tile indices.
    pub ura_dora: [u8; 5],
    /// Red fives in the hand per suit (m, p, s), concealed and called.
    pub red: [u8; 3],
    /// Option: tanyao in an open hand.
    pub open_tanyao: u8,
    /// Option: red fives are dora.
    pub red_fives: u8,
    /// Option: 4 han 30 fu and 3 han 60 fu are mangan.
    pub kiriage: u8,
    /// Option: 13+ han without a yakuman: 0 yakuman, 1 sanbaiman, 2 unlimited.
    pub kazoe: u8,
    /// Option: the four double yakuman count double.
    pub double_yakuman: u8,
    /// Option: renhou is a yakuman.
    pub renhou_yakuman: u8,
    /// MCR: flower tiles (0..=8).
    pub flowers: u8,
    /// MCR: won on the last copy of the winning tile (和绝张).
    pub last_copy: u8,
    /// Honba sticks.
    pub honba: u32,
    /// Riichi sticks on the table.
    pub riichi_sticks: u32,
}

/// One part of the fu: its code (0 base, 1 closed ron, 2 seven pairs, 3 kanchan, 4 penchan,
/// 5 tanki, 6 valued pair, 7 open pung, 8 closed pung, 9 open kong, 10 closed kong, 11 tsumo,
/// 12 open pinfu), its tile (255: none) and its fu.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HupaiFuPart {
    /// The part's code.
    pub part: u8,
    /// The tile it is about, or 255.
    pub tile: u8,
    /// Its fu, before rounding.
    pub fu: u8,
}

/// A riichi score. Payments include honba; `total` adds the riichi sticks.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiScore {
    /// Han, dora included (13 a yakuman, 26 a double…).
    pub han: u32,
    /// Fu, rounded up to ten.
    pub fu: u32,
    /// The multiple of yakuman (0: none).
    pub yakuman: u32,
    /// Base points after the limit.
    pub base: u32,
    /// What a ron's discarder pays (0 for a tsumo).
    pub ron: u32,
    /// What the dealer pays on a tsumo (0 for a ron, or when the winner is the dealer).
    pub dealer: u32,
    /// What each non-dealer pays on a tsumo (0 for a ron).
    pub non_dealer: u32,
    /// The winner's gain.
    pub total: u32,
    /// 0 none, 1 mangan, 2 haneman, 3 baiman, 4 sanbaiman, 5 kazoe yakuman, 6 yakuman.
    pub limit: u8,
    /// The multiple of a kazoe or real yakuman (0 below).
    pub limit_multiple: u8,
    /// Yaku used in `yaku` and `yaku_han`.
    pub yaku_count: u8,
    /// Yaku codes ([`hupai_yaku_name`]), in the order of the answer.
    pub yaku: [u8; HUPAI_MAX_YAKU],
    /// Each yaku's han.
    pub yaku_han: [u8; HUPAI_MAX_YAKU],
    /// Parts used in `fu_parts`.
    pub fu_count: u8,
    /// The fu's parts.
    pub fu_parts: [HupaiFuPart; HUPAI_MAX_FU_PARTS],
}

impl Default for HupaiScore {
    fn default() -> HupaiScore {
        HupaiScore {
            han: 0,
            fu: 0,
            yakuman: 0,
            base: 0,
            ron: 0,
            dealer: 0,
            non_dealer: 0,
            total: 0,
            limit: 0,
            limit_multiple: 0,
            yaku_count: 0,
            yaku: [0; HUPAI_MAX_YAKU],
            yaku_han: [0; HUPAI_MAX_YAKU],
            fu_count: 0,
            fu_parts: [HupaiFuPart::default(); HUPAI_MAX_FU_PARTS],
        }
    }
}

/// Fills `*win` with the defaults: a ron in the south seat of the east round, no flag, no
/// dora, Tenhou's options (open tanyao, red fives, no kiriage, kazoe yakuman, double yakuman,
/// renhou 5 han).
///
/// # Safety
/// `win` points to a writable [`HupaiWin`].
#[no_mangle]
pub unsafe extern "C" fn hupai_win_default(win: *mut HupaiWin) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let w = unsafe { out(win)? };
        let r = RiichiRules::default();
        *w = HupaiWin {
            seat_wind: 1,
            open_tanyao: r.open_tanyao as u8,
            red_fives: r.red_fives as u8,
            kiriage: r.kiriage as u8,
            double_yakuman: r.double_yakuman as u8,
            renhou_yakuman: r.renhou_yakuman as u8,
            ..HupaiWin::default()
        };
        Ok(())
    })
}

fn flag(b: u8) -> Result<bool, HupaiStatus> {
    match b {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(HupaiStatus::BadArgument),
    }
}

fn tile(i: u8) -> Result<Tile, HupaiStatus> {
    if (i as usize) < crate::HUPAI_KINDS {
        Ok(Tile::from_index(i as usize))
    } else {
        Err(HupaiStatus::BadArgument)
    }
}

fn wind(i: u8) -> Result<Tile, HupaiStatus> {
    if i < 4 {
        Ok(Tile::from_index(27 + i as usize))
    } else {
        Err(HupaiStatus::BadArgument)
    }
}

/// The engine's win of the caller's struct.
fn win_of(w: &HupaiWin) -> Result<Win, HupaiStatus> {
    let list = |n: u8, tiles: &[u8; 5]| -> Result<Vec<Tile>, HupaiStatus> {
        if n > 5 {
            return Err(HupaiStatus::BadArgument);
        }
        tiles[..n as usize].iter().map(|&t| tile(t)).collect()
    };
    Ok(Win {
        tsumo: flag(w.tsumo)?,
        seat_wind: wind(w.seat_wind)?,
        round_wind: wind(w.round_wind)?,
        riichi: flag(w.riichi)?,
        double_riichi: flag(w.double_riichi)?,
        ippatsu: flag(w.ippatsu)?,
        haitei: flag(w.haitei)?,
        houtei: flag(w.houtei)?,
        rinshan: flag(w.rinshan)?,
        chankan: flag(w.chankan)?,
        tenhou: flag(w.tenhou)?,
        chiihou: flag(w.chiihou)?,
        renhou: flag(w.renhou)?,
        dora: list(w.dora_count, &w.dora)?,
        ura_dora: list(w.ura_count, &w.ura_dora)?,
        honba: w.honba.min(1000),
        riichi_sticks: w.riichi_sticks.min(1000),
        flowers: if w.flowers <= 8 {
            w.flowers
        } else {
            return Err(HupaiStatus::BadArgument);
        },
        last_copy: flag(w.last_copy)?,
        rules: RiichiRules {
            open_tanyao: flag(w.open_tanyao)?,
            red_fives: flag(w.red_fives)?,
            kiriage: flag(w.kiriage)?,
            kazoe: match w.kazoe {
                0 => Kazoe::Yakuman,
                1 => Kazoe::Sanbaiman,
                2 => Kazoe::Unlimited,
                _ => return Err(HupaiStatus::BadArgument),
            },
            double_yakuman: flag(w.double_yakuman)?,
            renhou_yakuman: flag(w.renhou_yakuman)?,
        },
        // The regional rooms' fields are not in the struct (its layout is the ABI): a Sichuan
        // score is asked through `hupai_json_line`.
        ..Win::default()
    })
}

/// The status of a score the engine refused.
fn score_status(e: ScoreError) -> HupaiStatus {
    e.code().into()
}

/// Most fans in a [`HupaiMcrScore`].
pub const HUPAI_MAX_FANS: usize = 24;

/// An MCR (guobiao) score: the fans with their counts, the flowers, the total.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HupaiMcrScore {
    /// The points: the fans' and the flowers'.
    pub total: u32,
    /// Flower tiles.
    pub flowers: u8,
    /// 1 when the fans (flowers apart) reach 8: the win may be claimed.
    pub meets_minimum: u8,
    /// Fans used in `fans` and `fan_counts`.
    pub fan_count: u8,
    /// Fan codes ([`hupai_fan_name`]), in the rule book's order.
    pub fans: [u8; HUPAI_MAX_FANS],
    /// How many times each counts.
    pub fan_counts: [u8; HUPAI_MAX_FANS],
}

impl Default for HupaiMcrScore {
    fn default() -> HupaiMcrScore {
        HupaiMcrScore {
            total: 0,
            flowers: 0,
            meets_minimum: 0,
            fan_count: 0,
            fans: [0; HUPAI_MAX_FANS],
            fan_counts: [0; HUPAI_MAX_FANS],
        }
    }
}

/// The engine's score of the caller's win: the shared reading of [`hupai_score`] and
/// [`hupai_score_mcr`].
///
/// # Safety
/// As [`hupai_score`].
unsafe fn score_of(
    engine: *const HupaiEngine,
    counts: *const u8,
    calls: *const HupaiCall,
    call_count: usize,
    win_tile: u8,
    win: *const HupaiWin,
) -> Result<hupai::Score, HupaiStatus> {
    // SAFETY: the pointers as documented.
    let (e, counts) = unsafe { (arg(engine)?, counts_of(counts)?) };
    let mut w = HupaiWin::default();
    // SAFETY: `win` is null or points to a HupaiWin.
    match unsafe { win.as_ref() } {
        Some(given) => w = *given,
        // SAFETY: a local struct.
        None => unsafe {
            hupai_win_default(&mut w);
        },
    }
    let situation = win_of(&w)?;
    if call_count > 4 {
        return Err(HupaiStatus::BadMeld);
    }
    let calls: &[HupaiCall] = if call_count == 0 {
        &[]
    } else if calls.is_null() {
        return Err(HupaiStatus::NullPointer);
    } else {
        // SAFETY: `calls` points to `call_count` calls by the caller's contract.
        unsafe { std::slice::from_raw_parts(calls, call_count) }
    };
    let calls = calls
        .iter()
        .map(|c| {
            let kind = match c.kind {
                0 => CallKind::Chi,
                1 => CallKind::Pon,
                2 => CallKind::Kan,
                3 => CallKind::ClosedKan,
                _ => return Err(HupaiStatus::BadMeld),
            };
            Call::new(kind, tile(c.tile)?, 0).map_err(|_| HupaiStatus::BadMeld)
        })
        .collect::<Result<Vec<_>, _>>()?;
    let hand =
        WinningHand::from_parts(*counts, calls, tile(win_tile)?, w.red).map_err(score_status)?;
    e.engine.score(&hand, &situation).map_err(score_status)
}

/// Scores an MCR win (the engine's rules `guobiao`, `scoring` 2) as [`hupai_score`] takes
/// it (the situation's `flowers`, `last_copy`, `haitei`/`houtei` for the last tile,
/// `rinshan`/`chankan` for a kong's tile), into `*score`: the fans, flowers, total and
/// whether the 8-fan minimum is reached. `NotAWin` for tiles that win in no form,
/// `NotScored` under other rules.
///
/// # Safety
/// As [`hupai_score`], with `score` a writable [`HupaiMcrScore`].
#[no_mangle]
pub unsafe extern "C" fn hupai_score_mcr(
    engine: *const HupaiEngine,
    counts: *const u8,
    calls: *const HupaiCall,
    call_count: usize,
    win_tile: u8,
    win: *const HupaiWin,
    score: *mut HupaiMcrScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let out = unsafe { out(score)? };
        *out = HupaiMcrScore::default();
        // SAFETY: as documented.
        let s = unsafe { score_of(engine, counts, calls, call_count, win_tile, win)? };
        let s = s.mcr().ok_or(HupaiStatus::NotScored)?;
        if s.fans.len() > HUPAI_MAX_FANS {
            return Err(HupaiStatus::Internal);
        }
        out.total = s.total;
        out.flowers = s.flowers as u8;
        out.meets_minimum = s.meets_minimum as u8;
        out.fan_count = s.fans.len() as u8;
        for (i, (f, n)) in s.fans.iter().enumerate() {
            out.fans[i] = Fan::ALL.iter().position(|a| a == f).unwrap_or(255) as u8;
            out.fan_counts[i] = (*n).min(255) as u8;
        }
        Ok(())
    })
}

/// The name of fan code `code` (a [`HupaiMcrScore::fans`] entry): `lang` 0 its id, 1 English,
/// 2 Chinese (UTF-8). A static NUL-terminated string; null for a code or language out of
/// range.
#[no_mangle]
pub extern "C" fn hupai_fan_name(code: u8, lang: u8) -> *const c_char {
    static NAMES: OnceLock<Vec<[CString; 3]>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Fan::ALL
            .iter()
            .map(|f| {
                [f.id(), f.english(), f.chinese()]
                    .map(|s| CString::new(s).expect("names hold no NUL"))
            })
            .collect()
    });
    names
        .get(code as usize)
        .and_then(|n| n.get(lang as usize))
        .map_or(std::ptr::null(), |s| s.as_ptr())
}

/// Scores a win under the engine's rules (riichi: `scoring` 1): `counts` the concealed tiles
/// with the winning tile among them, `call_count` calls at `calls` (null when 0), the
/// winning tile's index, the situation `win` (null: [`hupai_win_default`]'s). Writes `*score`.
/// `NoYaku` for a win without a yaku, `NotAWin` for tiles that do not win, `BadSituation`
/// for flags that cannot happen together, `NotScored` under rules that score nothing,
/// `BadHand` / `BadMeld` / `BadArgument` for input out of range. Allocates (the readings);
/// about a microsecond.
///
/// # Safety
/// `engine` is a live handle; `counts` points to 34 bytes; `calls` is null (with
/// `call_count` 0) or points to `call_count` calls; `win` is null or points to a
/// [`HupaiWin`]; `score` points to a writable [`HupaiScore`].
#[no_mangle]
pub unsafe extern "C" fn hupai_score(
    engine: *const HupaiEngine,
    counts: *const u8,
    calls: *const HupaiCall,
    call_count: usize,
    win_tile: u8,
    win: *const HupaiWin,
    score: *mut HupaiScore,
) -> HupaiStatus {
    guard(|| {
        // SAFETY: as documented.
        let score = unsafe { out(score)? };
        *score = HupaiScore::default();
        // SAFETY: as documented.
        let s = unsafe { score_of(engine, counts, calls, call_count, win_tile, win)? }
            .riichi()
            .ok_or(HupaiStatus::NotScored)?;
        if s.yaku.len() > HUPAI_MAX_YAKU || s.fu_parts.len() > HUPAI_MAX_FU_PARTS {
            return Err(HupaiStatus::Internal);
        }
        let (ron, dealer, non_dealer) = match s.payment {
            Payment::Ron { discarder } => (discarder, 0, 0),
            Payment::Tsumo { dealer, non_dealer } => (0, dealer, non_dealer),
        };
        let (limit, multiple) = match s.limit {
            Limit::None => (0, 0),
            Limit::Mangan => (1, 0),
            Limit::Haneman => (2, 0),
            Limit::Baiman => (3, 0),
            Limit::Sanbaiman => (4, 0),
            Limit::Kazoe(m) => (5, m),
            Limit::Yakuman(m) => (6, m),
        };
        *score = HupaiScore {
            han: s.han,
            fu: s.fu,
            yakuman: s.yakuman,
            base: s.base,
            ron,
            dealer,
            non_dealer,
            total: s.total,
            limit,
            limit_multiple: multiple as u8,
            yaku_count: s.yaku.len() as u8,
            fu_count: s.fu_parts.len() as u8,
            ..HupaiScore::default()
        };
        for (i, (y, han)) in s.yaku.iter().enumerate() {
            score.yaku[i] = Yaku::ALL.iter().position(|a| a == y).unwrap_or(255) as u8;
            score.yaku_han[i] = (*han).min(255) as u8;
        }
        for (i, (p, fu)) in s.fu_parts.iter().enumerate() {
            score.fu_parts[i] = HupaiFuPart {
                part: p.code() as u8,
                tile: p.tile().map_or(255, |t| t.index() as u8),
                fu: (*fu).min(255) as u8,
            };
        }
        Ok(())
    })
}

/// The name of yaku code `code` (a [`HupaiScore::yaku`] entry): `lang` 0 its id
/// (`menzen_tsumo`), 1 English, 2 Japanese, 3 Chinese (UTF-8). A static NUL-terminated
/// string (never free it); null for a code or language out of range.
#[no_mangle]
pub extern "C" fn hupai_yaku_name(code: u8, lang: u8) -> *const c_char {
    static NAMES: OnceLock<Vec<[CString; 4]>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Yaku::ALL
            .iter()
            .map(|y| {
                [y.id(), y.english(), y.japanese(), y.chinese()]
                    .map(|s| CString::new(s).expect("names hold no NUL"))
            })
            .collect()
    });
    names
        .get(code as usize)
        .and_then(|n| n.get(lang as usize))
        .map_or(std::ptr::null(), |s| s.as_ptr())
}
