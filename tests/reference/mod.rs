//! Slow, obviously-correct references for the tests (and the naive baseline of the benches).
//! None of this code is shared with the library: each answer is recomputed from the rule
//! definitions in `shared/DESIGN.md` §4 with a different method than the engine's.
// Each test binary uses a different part; index loops mirror the definitions they check.
#![allow(dead_code, clippy::needless_range_loop)]

pub mod cases;
pub mod changsha;
pub mod hands;
pub mod hongzhong;
pub mod literal;
pub mod nanchang;
pub mod odds;
pub mod sichuan;

use std::collections::HashMap;

/// Excess buckets: 0..=5 exact, 6 = six or more.
pub const EB: usize = 7;

/// `best[m][p][e]`: most tiles of a group matched by a target of `m` melds and `p` pairs whose
/// excess over 4 copies is `e` (bucket 6 = 6 or more); -1 if no such target.
pub type Best = [[[i8; EB]; 2]; 5];

/// A suit DP state: `[a][b][m][p][e]`, `a` chows started two slots back (need this slot),
/// `b` chows started one slot back (need this and the next slot).
pub type SuitDp = [[[[[i8; EB]; 2]; 5]; 5]; 5];

pub fn suit_dp_start() -> SuitDp {
    let mut dp = [[[[[-1i8; EB]; 2]; 5]; 5]; 5];
    dp[0][0][0][0][0] = 0;
    dp
}

/// One slot of the suit DP: choose new chows `z`, pungs `q`, a pair `r` at this slot.
pub fn suit_dp_step(dp: &SuitDp, count: u8, chow_ok: bool) -> SuitDp {
    suit_dp_step_pairs(dp, count, chow_ok, true)
}

/// [`suit_dp_step`] where a pair may sit on this slot only if `pair_ok`.
pub fn suit_dp_step_pairs(dp: &SuitDp, count: u8, chow_ok: bool, pair_ok: bool) -> SuitDp {
    let mut nd = [[[[[-1i8; EB]; 2]; 5]; 5]; 5];
    for a in 0..5 {
        for b in 0..5 - a {
            for m in a + b..5 {
                for p in 0..2 {
                    for e in 0..EB {
                        let v = dp[a][b][m][p][e];
                        if v < 0 {
                            continue;
                        }
                        let zmax = if chow_ok { 4 - m } else { 0 };
                        for z in 0..=zmax {
                            for q in 0..=(4 - m - z) {
                                for r in 0..=(1 - p).min(pair_ok as usize) {
                                    let t = a + b + z + 3 * q + 2 * r;
                                    let matched = t.min(count as usize) as i8;
                                    let e2 = (e + t.saturating_sub(4)).min(EB - 1);
                                    let slot = &mut nd[b][z][m + z + q][p + r][e2];
                                    *slot = (*slot).max(v + matched);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    nd
}

pub fn suit_dp_finish(dp: &SuitDp) -> Best {
    let mut best = [[[-1i8; EB]; 2]; 5];
    for m in 0..5 {
        for p in 0..2 {
            best[m][p] = dp[0][0][m][p];
        }
    }
    best
}

/// The suit reference for one vector.
pub fn suit_best(c: &[u8]) -> Best {
    let mut dp = suit_dp_start();
    for (i, &x) in c.iter().enumerate().take(9) {
        dp = suit_dp_step(&dp, x, i <= 6);
    }
    suit_dp_finish(&dp)
}

/// Honor meld shapes: pungs, and with runs any three distinct winds and the three dragons.
pub fn honor_melds(runs: bool) -> Vec<[u8; 7]> {
    let mut v = Vec::new();
    for i in 0..7 {
        let mut s = [0u8; 7];
        s[i] = 3;
        v.push(s);
    }
    if runs {
        for skip in 0..4 {
            let mut s = [1, 1, 1, 1, 0, 0, 0];
            s[skip] = 0;
            v.push(s);
        }
        v.push([0, 0, 0, 0, 1, 1, 1]);
    }
    v
}

/// An honor target: (melds, pairs, excess bucket, counts).
pub type HonorTarget = (usize, usize, usize, [u8; 7]);

/// Every honor target of at most 4 melds and at most 1 pair.
pub fn honor_targets(runs: bool) -> Vec<HonorTarget> {
    honor_targets_pairs(runs, 0x7f)
}

/// [`honor_targets`] with the pair only on the slots of `pair_slots`.
pub fn honor_targets_pairs(runs: bool, pair_slots: u16) -> Vec<HonorTarget> {
    fn rec(
        shapes: &[[u8; 7]],
        start: usize,
        m: usize,
        cur: [u8; 7],
        out: &mut Vec<(usize, [u8; 7])>,
    ) {
        out.push((m, cur));
        if m == 4 {
            return;
        }
        for k in start..shapes.len() {
            let mut c = cur;
            for i in 0..7 {
                c[i] += shapes[k][i];
            }
            rec(shapes, k, m + 1, c, out);
        }
    }
    let mut melds = Vec::new();
    rec(&honor_melds(runs), 0, 0, [0; 7], &mut melds);
    let mut out = Vec::new();
    for (m, t) in melds {
        let mut with_pairs = vec![(0, t)];
        for i in (0..7).filter(|&i| pair_slots >> i & 1 == 1) {
            let mut c = t;
            c[i] += 2;
            with_pairs.push((1, c));
        }
        for (p, c) in with_pairs {
            let ex: usize = c.iter().map(|&x| (x as usize).saturating_sub(4)).sum();
            out.push((m, p, ex.min(EB - 1), c));
        }
    }
    out
}

/// The honor reference for one vector, by enumerating every target.
pub fn honor_best(targets: &[HonorTarget], c: &[u8]) -> Best {
    let mut best = [[[-1i8; EB]; 2]; 5];
    for (m, p, e, t) in targets {
        let matched: i8 = (0..7).map(|i| t[i].min(c[i]) as i8).sum();
        let slot = &mut best[*m][*p][*e];
        *slot = (*slot).max(matched);
    }
    best
}

/// `U_e(m, p)` from a best table: fewest missing tiles with excess at most `e` (6 = any);
/// 15 when no target has that shape (a pair where none may sit).
pub fn distance(best: &Best, m: usize, p: usize, e: usize) -> u8 {
    let b = (0..=e.min(EB - 1)).map(|x| best[m][p][x]).max().unwrap();
    if b < 0 {
        return 15;
    }
    (3 * m + 2 * p) as u8 - b as u8
}

/// Fewest wildcards to turn a group into at most 4 melds (and a pair if `pair`), by a plain
/// recursive search over the meld holding the lowest tile. `shapes` are the group's melds.
pub struct WildSearch {
    shapes: Vec<Vec<u8>>,
    /// Slots a pair may sit on.
    pair_slots: u16,
    memo: HashMap<(Vec<u8>, bool, u8), u8>,
}

impl WildSearch {
    pub fn new(shapes: Vec<Vec<u8>>) -> WildSearch {
        WildSearch {
            shapes,
            pair_slots: 0x1ff,
            memo: HashMap::new(),
        }
    }

    /// The same search with the pair only on the slots of `pair_slots`.
    pub fn pairs_on(self, pair_slots: u16) -> WildSearch {
        WildSearch { pair_slots, ..self }
    }

    pub fn suits() -> WildSearch {
        let mut shapes = Vec::new();
        for i in 0..9 {
            let mut s = vec![0u8; 9];
            s[i] = 3;
            shapes.push(s);
        }
        for i in 0..7 {
            let mut s = vec![0u8; 9];
            s[i] = 1;
            s[i + 1] = 1;
            s[i + 2] = 1;
            shapes.push(s);
        }
        WildSearch::new(shapes)
    }

    pub fn honors(runs: bool) -> WildSearch {
        WildSearch::new(honor_melds(runs).iter().map(|s| s.to_vec()).collect())
    }

    /// 255 = impossible within `melds_left` melds.
    pub fn min_wild(&mut self, c: &[u8], pair: bool, melds_left: u8) -> u8 {
        let Some(i) = c.iter().position(|&x| x > 0) else {
            let no_pair_slot = self.pair_slots & ((1 << c.len()) - 1) == 0;
            return match (pair, no_pair_slot) {
                (false, _) => 0,
                (true, false) => 2,
                (true, true) => 255,
            };
        };
        let key = (c.to_vec(), pair, melds_left);
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut best = 255u8;
        let mut work = c.to_vec();
        if pair && self.pair_slots >> i & 1 == 1 {
            let used = c[i].min(2);
            work[i] -= used;
            let r = self.min_wild(&work, false, melds_left);
            work[i] += used;
            if r != 255 {
                best = best.min(r + 2 - used);
            }
        }
        if melds_left > 0 {
            for k in 0..self.shapes.len() {
                let s = self.shapes[k].clone();
                if s[i] == 0 {
                    continue;
                }
                let used: Vec<u8> = (0..c.len()).map(|j| s[j].min(c[j])).collect();
                let wild: u8 = (0..c.len()).map(|j| s[j] - used[j]).sum();
                for j in 0..c.len() {
                    work[j] -= used[j];
                }
                let r = self.min_wild(&work, pair, melds_left - 1);
                for j in 0..c.len() {
                    work[j] += used[j];
                }
                if r != 255 {
                    best = best.min(r + wild);
                }
            }
        }
        self.memo.insert(key, best);
        best
    }
}

/// Whole-hand backtracking: do the real counts plus `w` wildcards form melds and one pair?
/// (Standard form; wildcards may be 5th copies; honor runs if `runs`.)
pub fn backtrack_win(counts: &mut [u8; 34], w: u8, pair_done: bool, runs: bool) -> bool {
    backtrack_win_within(counts, w, pair_done, runs, (1 << 34) - 1, false)
}

/// [`backtrack_win`] with every meld and the pair of the kinds in `kinds` (tiles in play, less
/// a lacked suit), and the pair a 2, 5 or 8 of a suit if `pair_258`.
pub fn backtrack_win_within(
    counts: &mut [u8; 34],
    w: u8,
    pair_done: bool,
    runs: bool,
    kinds: u64,
    pair_258: bool,
) -> bool {
    let recurse = |counts: &mut [u8; 34], w: u8, pair_done: bool| {
        backtrack_win_within(counts, w, pair_done, runs, kinds, pair_258)
    };
    let allowed = |ks: &[usize]| ks.iter().all(|&k| kinds >> k & 1 == 1);
    let Some(i) = counts.iter().position(|&x| x > 0) else {
        let left = w as i32 - if pair_done { 0 } else { 2 };
        return left >= 0 && left % 3 == 0;
    };
    let try_shape = |counts: &mut [u8; 34], kinds_of: &[usize]| -> bool {
        // Use real tiles where present, wildcards elsewhere.
        let mut used = [false; 3];
        let mut need = 0u8;
        for (k, &t) in kinds_of.iter().enumerate() {
            if counts[t] > 0 {
                counts[t] -= 1;
                used[k] = true;
            } else {
                need += 1;
            }
        }
        let ok = allowed(kinds_of) && need <= w && recurse(counts, w - need, pair_done);
        for (k, &t) in kinds_of.iter().enumerate() {
            if used[k] {
                counts[t] += 1;
            }
        }
        ok
    };
    if try_shape(counts, &[i, i, i]) {
        return true;
    }
    if i < 27 {
        let n = i % 9;
        for start in n.saturating_sub(2)..=n {
            if start + 2 <= 8 {
                let b = i - n + start;
                if try_shape(counts, &[b, b + 1, b + 2]) {
                    return true;
                }
            }
        }
    } else if runs {
        let winds: [[usize; 3]; 4] = [[27, 28, 29], [27, 28, 30], [27, 29, 30], [28, 29, 30]];
        for r in winds.iter().chain([[31, 32, 33]].iter()) {
            if r.contains(&i) && try_shape(counts, r) {
                return true;
            }
        }
    }
    let pair_ok = allowed(&[i]) && (!pair_258 || (i < 27 && [1, 4, 7].contains(&(i % 9))));
    if !pair_done && pair_ok {
        let used = counts[i].min(2);
        if 2 - used <= w {
            counts[i] -= used;
            let ok = recurse(counts, w - (2 - used), true);
            counts[i] += used;
            if ok {
                return true;
            }
        }
    }
    false
}

/// Legal 十三烂 sets of one suit: kinds pairwise at least 3 apart (as 9-bit masks).
pub fn shisanlan_sets() -> Vec<u16> {
    (0u16..512)
        .filter(|&s| {
            let k: Vec<u16> = (0..9).filter(|&i| s >> i & 1 == 1).collect();
            k.windows(2).all(|w| w[1] - w[0] >= 3)
        })
        .collect()
}

/// Honor subsets (7-bit) of each size.
fn honor_sets_of_size(h: u32) -> &'static [u8] {
    static SETS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    &SETS.get_or_init(|| {
        (0..8)
            .map(|k| (0u8..128).filter(|s| s.count_ones() == k).collect())
            .collect()
    })[h as usize]
}

/// Missing tiles for 十三烂 / 七星 by enumerating every legal target and placing wildcards by
/// trying each way the honor-kind wildcards can stand as themselves.
/// `real` excludes wildcards; `honor_wild[n]` = wildcards of honor kind `n`; `suit_wild` the rest.
pub fn shisanlan_missing_ref(
    real: &[u8; 34],
    honor_wild: &[u8; 7],
    suit_wild: u8,
    seven_stars: bool,
    stays_honor: bool,
) -> u8 {
    static SETS: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let sets = SETS.get_or_init(shisanlan_sets);
    let present = |base: usize| -> u16 {
        (0..9)
            .filter(|&i| real[base + i] > 0)
            .fold(0, |m, i| m | 1 << i)
    };
    let pm = [present(0), present(9), present(18)];
    let mut best_filled = 0u32;
    for &a in sets {
        for &b in sets {
            for &c in sets {
                let suit_slots = a.count_ones() + b.count_ones() + c.count_ones();
                if suit_slots > 14 || suit_slots + 7 < 14 {
                    continue;
                }
                let h = 14 - suit_slots;
                if seven_stars && h != 7 {
                    continue;
                }
                let matched_suits =
                    (a & pm[0]).count_ones() + (b & pm[1]).count_ones() + (c & pm[2]).count_ones();
                let open_suits = suit_slots - matched_suits;
                for &hs in honor_sets_of_size(h) {
                    let mut filled = matched_suits;
                    let mut open_honors = Vec::new();
                    for n in 0..7 {
                        if hs >> n & 1 == 1 {
                            if real[27 + n] > 0 {
                                filled += 1;
                            } else {
                                open_honors.push(n);
                            }
                        }
                    }
                    // Choose which open honor slots an honor wildcard of that very kind takes.
                    let own: Vec<usize> = open_honors
                        .iter()
                        .copied()
                        .filter(|&n| honor_wild[n] > 0)
                        .collect();
                    let mut best_place = 0u32;
                    for pick in 0u32..(1 << own.len()) {
                        let selves = pick.count_ones();
                        let honor_copies: u32 =
                            honor_wild.iter().map(|&x| x as u32).sum::<u32>() - selves;
                        let open_h = open_honors.len() as u32 - selves;
                        let place = if seven_stars {
                            // Honor slots only by that honor: the rest go to suit slots.
                            selves + (honor_copies + suit_wild as u32).min(open_suits)
                        } else if stays_honor {
                            let to_suits = honor_copies.min(open_suits);
                            selves
                                + to_suits
                                + (suit_wild as u32).min(open_suits - to_suits + open_h)
                        } else {
                            selves + (honor_copies + suit_wild as u32).min(open_suits + open_h)
                        };
                        best_place = best_place.max(place);
                    }
                    best_filled = best_filled.max(filled + best_place);
                }
            }
        }
    }
    (14 - best_filled) as u8
}

/// Seven pairs by sorting pair-slot gains (each kind offers one slot, two with `four_as_two`).
pub fn seven_pairs_missing_ref(real: &[u8; 34], w: u8, four_as_two: bool) -> u8 {
    let mut gains = Vec::new();
    for &c in real {
        gains.push(c.min(2));
        if four_as_two {
            gains.push(c.saturating_sub(2).min(2));
        }
    }
    gains.sort_unstable_by(|a, b| b.cmp(a));
    let matched: u8 = gains[..7].iter().sum();
    (14 - matched).saturating_sub(w)
}

/// Thirteen orphans by trying each orphan as the doubled one.
pub fn orphans_missing_ref(real: &[u8; 34], w: u8) -> u8 {
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut best = 0;
    for &d in &orphans {
        let matched: u8 = orphans
            .iter()
            .map(|&t| real[t].min(if t == d { 2 } else { 1 }))
            .sum();
        best = best.max(matched);
    }
    (14 - best).saturating_sub(w)
}

/// A small deterministic generator (splitmix64) so tests need no extra crate.
pub struct Rng(pub u64);

/// A call's text for a scorer's `WinningHand`: `chi 123m` from its lowest tile's kind, a pon,
/// or a kong as `kan` or `ankan` (a coin of `rng` decides, for every pon and kong).
pub fn call_text(rng: &mut Rng, kind: usize, chi: bool, kan: bool) -> String {
    let (digit, suit) = ((kind % 9 + 1) as u8, ["m", "p", "s", "z"][kind / 9]);
    if chi {
        return format!("chi {}{}{}{suit}", digit, digit + 1, digit + 2);
    }
    let d = digit.to_string();
    match (kan, rng.below(2)) {
        (false, _) => format!("pon {}{suit}", d.repeat(3)),
        (true, 0) => format!("kan {}{suit}", d.repeat(4)),
        (true, _) => format!("ankan {}{suit}", d.repeat(4)),
    }
}

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e3779b97f4a7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58476d1ce4e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d049bb133111eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// `n` tiles of the given kinds (indices), each kind drawn evenly, at most 4 copies.
    pub fn hand_of_kinds(&mut self, n: usize, kinds: &[usize]) -> [u8; 34] {
        let mut c = [0u8; 34];
        let mut held = 0;
        while held < n {
            let k = kinds[self.below(kinds.len() as u64) as usize];
            if c[k] < 4 {
                c[k] += 1;
                held += 1;
            }
        }
        c
    }

    /// `n` tiles drawn from a full set (4 copies of each kind).
    pub fn hand(&mut self, n: usize) -> [u8; 34] {
        let mut c = [0u8; 34];
        let mut left = n;
        while left > 0 {
            let t = self.below(34) as usize;
            if c[t] < 4 {
                c[t] += 1;
                left -= 1;
            }
        }
        c
    }

    /// A declared meld in MPSZ: a chow half the time where one fits, else a pung.
    pub fn meld(&mut self) -> String {
        let t = self.below(34) as usize;
        let (n, suit) = (t % 9 + 1, ["m", "p", "s", "z"][t / 9]);
        if t < 27 && t % 9 <= 6 && self.below(2) == 0 {
            format!("{}{}{}{suit}", n, n + 1, n + 2)
        } else {
            format!("{n}{n}{n}{suit}")
        }
    }

    /// A hand biased towards melds and pairs, so that wins and tenpai hands are common.
    pub fn shaped_hand(&mut self, n: usize) -> [u8; 34] {
        loop {
            let mut c = [0u8; 34];
            let mut total = 0;
            let mut ok = true;
            while total + 3 <= n && ok {
                let t = self.below(34) as usize;
                let kinds: Vec<usize> = if t < 27 && t % 9 <= 6 && self.below(2) == 0 {
                    vec![t, t + 1, t + 2]
                } else {
                    vec![t, t, t]
                };
                for k in kinds {
                    c[k] += 1;
                    ok &= c[k] <= 4;
                }
                total += 3;
            }
            if !ok {
                continue;
            }
            while total < n {
                let t = self.below(34) as usize;
                let k = if total + 2 <= n && self.below(2) == 0 {
                    2
                } else {
                    1
                };
                if c[t] + k <= 4 {
                    c[t] += k;
                    total += k as usize;
                }
            }
            if total == n {
                return c;
            }
        }
    }
}

/// A hand of the full 136-tile set fitted to `rules`, then built by `Hand::under`: copies of
/// kinds out of play move to suited kinds with room (the same ones every time), wild kinds out
/// of play are dropped (the rules add their own). So the random hands of every test serve
/// every preset.
pub fn hand_under(
    mut c: [u8; 34],
    melds: &[hupai::Meld],
    wild: hupai::TileSet,
    rules: &hupai::Rules,
) -> Result<hupai::Hand, hupai::HandError> {
    let in_play = rules.in_play().0;
    for k in 0..34 {
        while in_play >> k & 1 == 0 && c[k] > 0 {
            c[k] -= 1;
            let to = (0..27)
                .map(|j| (k * 5 + j) % 27)
                .find(|&j| c[j] < 4)
                .expect("a 14-tile hand leaves room in the suits");
            c[to] += 1;
        }
    }
    hupai::Hand::under(c, melds, hupai::TileSet(wild.0 & in_play), rules)
}

/// Rule switches from two bytes: every combination of the switches is reachable (the
/// `engine` fuzz target and `tests/counts_entries.rs` draw rules this way).
pub fn switches_of(b: u8, r: u8) -> hupai::Rules {
    use hupai::{Pattern, Patterns, Rules, SevenPairs, TileSet, TilesInPlay};
    Rules {
        honor_runs: b & 1 != 0,
        seven_pairs: [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::FourAsTwo]
            [(b >> 1 & 3) as usize % 3],
        thirteen_orphans: b & 8 != 0,
        shisanlan: b & 16 != 0,
        qixing: b & 32 != 0,
        honor_wild_stays_honor: b & 64 != 0,
        // On with honor runs, as in nanchang; it changes no answer of the engine (a request's
        // `jing` is refused or taken before the engine sees the hand).
        jing: b & 1 != 0,
        // Scoring changes no answer of these questions.
        scoring: hupai::Scoring::None,
        tiles: if r & 1 != 0 {
            TilesInPlay::Suits
        } else {
            TilesInPlay::All
        },
        lack_suit: r & 2 != 0,
        pair_258: r & 4 != 0,
        quanbukao: r & 8 != 0,
        qixing_bukao: r & 16 != 0,
        knitted_straight: r & 32 != 0,
        wild: if r & 64 != 0 {
            TileSet(1 << 33)
        } else {
            TileSet::EMPTY
        },
        // The high bit plays the win patterns: every one, the plain win kept where `b`'s high
        // bit says so.
        plain_win: r & 128 == 0 || b & 128 != 0,
        patterns: if r & 128 != 0 {
            Patterns::of(&Pattern::ALL)
        } else {
            Patterns::NONE
        },
    }
}

/// The rule sets the random-hand tests rotate through: every preset, then three that play
/// every win pattern between them — a room of big wins only (no plain win: one suit, one suit
/// and honors, all pungs, all honors), 红中麻将 with 四红中, and Nanchang (honor runs) with
/// every pattern besides its plain win.
pub fn rule_sets() -> Vec<hupai::Rules> {
    use hupai::{Pattern, Patterns, Rules};
    let mut out: Vec<Rules> = Rules::presets().map(|(_, r)| r).collect();
    out.push(Rules {
        plain_win: false,
        patterns: Patterns::of(&[
            Pattern::OneSuit,
            Pattern::OneSuitHonors,
            Pattern::AllPungs,
            Pattern::AllHonors,
        ]),
        ..Rules::chinese()
    });
    out.push(Rules::hongzhong().four_wild_win(true));
    out.push(Rules {
        patterns: Patterns::of(&Pattern::ALL),
        ..Rules::nanchang()
    });
    out
}

/// Whether a hand wins by one of the rules' win patterns with every tile of `kinds`, by
/// backtracking over its words.
pub fn pattern_wins(hand: &hupai::Hand, rules: &hupai::Rules, kinds: u64) -> bool {
    use hupai::Pattern;
    let w = hand.wildcards();
    let real = hand.real_counts();
    let held = (0..34)
        .filter(|&k| real[k] > 0)
        .fold(0u64, |a, k| a | 1 << k);
    let meld_kinds = hand.melds().fold(0u64, |a, m| a | m.tiles().0);
    let chow = hand.melds().any(|m| m.kind() == hupai::MeldKind::Chow);
    let all_in = |set: u64| (held | meld_kinds) & !set == 0;
    let suit = |s: usize| 0x1ffu64 << (9 * s);
    let honors = 0x7fu64 << 27;
    let k258 = (0..27)
        .filter(|k| k % 9 % 3 == 1)
        .fold(0u64, |a, k| a | 1 << k);
    rules.patterns.iter().any(|p| match p {
        Pattern::AllPungs => !chow && pungs_and_pair(&mut real.clone(), w, false, kinds),
        Pattern::OneSuit | Pattern::OneSuitHonors => (0..3).any(|s| {
            let set = suit(s)
                | if p == Pattern::OneSuitHonors {
                    honors
                } else {
                    0
                };
            let mut r = real;
            all_in(set)
                && (backtrack_win_within(&mut r, w, false, rules.honor_runs, kinds & set, false)
                    || rules.seven_pairs != hupai::SevenPairs::Off
                        && hand.meld_count() == 0
                        && seven_pairs_missing_ref(
                            &real,
                            w,
                            rules.seven_pairs == hupai::SevenPairs::FourAsTwo,
                        ) == 0)
        }),
        Pattern::All258 => kinds & k258 != 0 && all_in(k258 & kinds),
        Pattern::AllHonors => kinds & honors != 0 && all_in(honors & kinds),
        Pattern::FourWild => hand
            .wild()
            .iter()
            .any(|t| hand.counts()[t.index()] == 4 && kinds >> t.index() & 1 == 1),
    })
}

/// Whether real counts and `w` wildcards form pungs and one pair of kinds of `kinds`
/// (wildcards may be 5th copies; spare wildcards make pungs of their own).
pub fn pungs_and_pair(counts: &mut [u8; 34], w: u8, pair_done: bool, kinds: u64) -> bool {
    let Some(i) = counts.iter().position(|&x| x > 0) else {
        let left = w as i32 - if pair_done { 0 } else { 2 };
        return left >= 0 && left % 3 == 0;
    };
    if kinds >> i & 1 == 0 {
        return false;
    }
    for (size, pair) in [(3u8, false), (2, true)] {
        if pair && pair_done {
            continue;
        }
        let used = counts[i].min(size);
        if size - used <= w {
            counts[i] -= used;
            let ok = pungs_and_pair(counts, w - (size - used), pair_done || pair, kinds);
            counts[i] += used;
            if ok {
                return true;
            }
        }
    }
    false
}
