//! 南昌麻将 scoring: the 精 (the indicator's kind and the next, `nanchang_wilds`) stand for any
//! tile, and a win is paid at the reading that pays most — its form (七小对, 大七对, 十三烂,
//! 七星十三烂 over the plain win), 德国 (every 精 standing for itself), 精钓 (a 精 pairing the
//! winning tile) — then the way it was won, the stake doubled once a fan. The 精 of every
//! player's hand are a settlement of their own ([`jing_settlement`]). `docs/SCORING.md`,
//! "Nanchang".

pub(crate) mod fans;
pub(crate) mod jing;

use crate::analysis::Engine;
use crate::forms::Form;
use crate::hand::Hand;
use crate::rules::{Patterns, Rules, SevenPairs};
use crate::score::hand::{CallKind, ScoreError, WinningHand};
use crate::score::room::{check_clashes, check_room, doubled, Room, RoomScore};
use crate::score::wild::WildHand;
use crate::score::win::Win;
use crate::tile::{Tile, TileSet};
use fans::NanchangFan;

/// A 南昌麻将 score ([`RoomScore`] of [`NanchangFan`]).
pub type NanchangScore = RoomScore<NanchangFan>;

/// What 南昌麻将 plays: chi, pungs and kongs, no birds; 杠上开花, 抢杠胡, 天胡 and 地胡.
pub(crate) const NANCHANG: Room = Room {
    name: "Nanchang",
    chi: true,
    options: &["all_pungs_fans", "kong_bloom_fans"],
    flags: &["rinshan", "chankan", "tenhou", "chiihou"],
};

/// A reading the scorer weighs: its form, and whether it is 德国 or 精钓.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Reading {
    form: NanchangFan,
    de_guo: bool,
    diao: bool,
}

impl Reading {
    /// Its fans, 大七对 counting `pungs` (the room's `all_pungs_fans`).
    fn value(self, pungs: u32) -> u32 {
        let form = match self.form {
            NanchangFan::AllPungs => pungs,
            form => form.fans(),
        };
        form + self.de_guo as u32 + self.diao as u32
    }
}

/// Scores `hand` (a win under `engine`'s 南昌 rules, `plain` its hand with the 精 wild) as
/// `win` says; the 精 filled for the answer when `fill`.
pub(crate) fn score(
    engine: &Engine<'_>,
    hand: &WinningHand,
    plain: &Hand,
    win: &Win,
    fill: bool,
) -> Result<NanchangScore, ScoreError> {
    check_room(win, hand.calls(), &NANCHANG)?;
    check_clashes(hand, win)?;
    let w = WildHand::of(hand, plain.wild());
    // 大七对 and 杠上开花 ×4 (the room's options): the fan counted twice.
    let pungs = u32::from(win.room.all_pungs_fans);
    let best = best(engine, hand, plain, &w, pungs);
    let times = if best.form == NanchangFan::AllPungs {
        pungs
    } else {
        1
    };
    let mut fans = vec![(best.form, times)];
    if best.de_guo {
        fans.push((NanchangFan::DeGuo, 1));
    }
    if best.diao {
        fans.push((NanchangFan::JingDiao, 1));
    }
    for (on, fan, times) in [
        (win.tsumo, NanchangFan::SelfDrawn, 1),
        (
            win.rinshan,
            NanchangFan::KongBloom,
            win.room.kong_bloom_fans.into(),
        ),
        (win.chankan, NanchangFan::RobbingTheKong, 1),
        (win.tenhou, NanchangFan::HeavenlyHand, 1),
        (win.chiihou, NanchangFan::EarthlyHand, 1),
    ] {
        if on {
            fans.push((fan, times));
        }
    }
    let wildcards = match fill {
        true => wildcards(engine, hand, plain, &w, best),
        false => Vec::new(),
    };
    RoomScore::settle(fans, NanchangFan::fans, wildcards, win, |fan| {
        doubled(win.stake, fan, 0)
    })
}

/// The reading that pays most, of those the hand allows: with every 精 standing for itself
/// (德国: the hand wins without wildcards), or with the 精 standing for any tile — 七星十三烂,
/// 十三烂, 七小对, 大七对 or the plain win, with 精钓 where a 精 pairs the winning tile. Of equals,
/// the first in that order. 大七对 counts `pungs` fans.
fn best(
    engine: &Engine<'_>,
    hand: &WinningHand,
    plain: &Hand,
    w: &WildHand,
    pungs: u32,
) -> Reading {
    let calls = hand.calls();
    let melds: Vec<_> = calls.iter().map(|c| c.meld()).collect();
    let no_chi = calls.iter().all(|c| c.kind() != CallKind::Chi);
    let sets = 4 - calls.len();
    let mut found: Vec<Reading> = Vec::new();
    let reading = |form, de_guo, diao| Reading { form, de_guo, diao };
    // 德国: the hand as it is, every 精 its own kind.
    let bare = Hand::under(*hand.concealed(), &melds, TileSet::EMPTY, engine.rules());
    if let Some(bare) = bare.ok().filter(|b| engine.is_win(b)) {
        let own = WildHand::of(hand, TileSet::EMPTY);
        let form = form_of(engine, &bare, &own, calls.is_empty(), no_chi);
        found.push(reading(form, true, false));
    }
    if !w.wild.is_empty() {
        // 十三烂 needs 14 distinct tiles; seven pairs a 精 for each odd kind; the plain win is
        // then the one the engine found when neither can be (the form distances, which cost
        // most, are asked only when one can).
        let distinct = calls.is_empty() && w.real.iter().all(|&c| c <= 1);
        let pairs = calls.is_empty() && w.has_seven_pairs();
        let forms = (distinct || pairs).then(|| engine.forms(plain));
        let won = |f: Form| forms.as_ref().is_some_and(|d| d.get(f) == Some(0));
        if won(Form::Qixing) {
            found.push(reading(NanchangFan::Qixing, false, false));
        }
        if won(Form::Shisanlan) {
            found.push(reading(NanchangFan::Shisanlan, false, false));
        }
        if pairs {
            found.push(reading(NanchangFan::SevenPairs, false, false));
        }
        // 精钓: the winning tile paired by a 精, the other tiles in sets (a 精 winning tile
        // pairs another 精: two of them out); asked only where it could make the best reading.
        let rest = diao_rest(hand, w);
        let diao = |pungs_only: bool| {
            rest.as_ref()
                .is_some_and(|r| r.makes_sets(sets, engine.rules().honor_runs, pungs_only))
        };
        let most = |found: &[Reading]| found.iter().map(|r| r.value(pungs)).max().unwrap_or(0);
        if no_chi && w.all_pungs(None, None).is_some() {
            let diao = most(&found) < pungs + 1 && diao(true);
            found.push(reading(NanchangFan::AllPungs, false, diao));
        }
        if forms.as_ref().is_none_or(|d| d.standard == 0) {
            let diao = most(&found) < 1 && diao(false);
            found.push(reading(NanchangFan::PlainWin, false, diao));
        }
    }
    let mut best = found[0];
    for &r in &found[1..] {
        if r.value(pungs) > best.value(pungs) {
            best = r;
        }
    }
    best
}

/// The tiles 精钓 leaves to make sets: the hand less its winning tile and the 精 that pairs it
/// (two 精 when the winning tile is one). `None` when the hand holds no such pair.
fn diao_rest(hand: &WinningHand, w: &WildHand) -> Option<WildHand> {
    let t = hand.win_tile().index();
    let mut rest = w.clone();
    if w.kinds.contains(hand.win_tile()) {
        (w.wild.len() >= 2).then_some(())?;
        rest.wild.truncate(w.wild.len() - 2);
    } else {
        (w.real[t] > 0 && !w.wild.is_empty()).then_some(())?;
        rest.real[t] -= 1;
        rest.wild.pop();
    }
    Some(rest)
}

/// The form of a hand without wildcards (`own`: its tiles as they are).
fn form_of(
    engine: &Engine<'_>,
    bare: &Hand,
    own: &WildHand,
    closed: bool,
    no_chi: bool,
) -> NanchangFan {
    // 十三烂 needs 14 distinct tiles: the form distances only then.
    let distinct = closed && own.real.iter().all(|&c| c <= 1);
    let forms = distinct.then(|| engine.forms(bare));
    let won = |f: Form| forms.as_ref().is_some_and(|d| d.get(f) == Some(0));
    if won(Form::Qixing) {
        NanchangFan::Qixing
    } else if won(Form::Shisanlan) {
        NanchangFan::Shisanlan
    } else if closed && own.has_seven_pairs() {
        NanchangFan::SevenPairs
    } else if no_chi && own.all_pungs(None, None).is_some() {
        NanchangFan::AllPungs
    } else {
        NanchangFan::PlainWin
    }
}

/// What each 精 stood for in the reading paid: itself under 德国; the filling of the form
/// otherwise (the winning tile first for 精钓).
fn wildcards(
    engine: &Engine<'_>,
    hand: &WinningHand,
    plain: &Hand,
    w: &WildHand,
    best: Reading,
) -> Vec<(Tile, Tile)> {
    if best.de_guo || w.wild.is_empty() {
        return w.wild.iter().map(|&t| (t, t)).collect();
    }
    let t = hand.win_tile().index();
    let any = |_: usize| true;
    let only = |rules: Rules| Engine::with_tables(engine.tables(), rules).ok();
    let special = Rules {
        plain_win: false,
        patterns: Patterns::NONE,
        seven_pairs: SevenPairs::Off,
        ..*engine.rules()
    };
    let mut roles = match best.form {
        NanchangFan::SevenPairs => w.seven_pairs(None),
        NanchangFan::AllPungs => w.all_pungs(None, best.diao.then_some(t)),
        NanchangFan::Qixing | NanchangFan::Shisanlan => {
            only(special).and_then(|e| w.by_engine(&e, hand, any))
        }
        _ if best.diao && w.kinds.contains(hand.win_tile()) => {
            w.pairing(hand, |rest| rest.by_engine(engine, hand, any))
        }
        _ if best.diao => w.placing(t).and_then(|(rest, role)| {
            let mut roles = rest.by_engine(engine, hand, any)?;
            roles.push(role);
            Some(roles)
        }),
        _ => w.by_engine(engine, hand, any),
    }
    .unwrap_or_else(|| {
        // A 精 that must be a fifth copy: the decompositions' first reading.
        crate::analysis::decompositions(engine, plain, 1)
            .first()
            .map(|d| d.wild_roles())
            .unwrap_or_default()
    });
    roles.sort();
    roles
}
