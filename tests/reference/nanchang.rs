//! 南昌麻将 scoring, literally as `docs/SCORING.md` ("Nanchang") and `shared/DESIGN.md` §4
//! state it: every reading of the hand — its real tiles split into sets (chows, honor runs,
//! pungs) and a pair with the 精 standing in any slot, seven pairs with the 精 pairing singles
//! or each other, 十三烂 and 七星 with every legal placing of the 精 — and the readings with every
//! 精 standing for itself (德国); each scored by the table (form, 德国, 精钓: a 精 pairing the
//! winning tile), the most kept; then the way the hand was won and the payment. It shares no
//! code with the library.

/// A situation as the reference reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Situation {
    pub tsumo: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub cap: u32,
    pub stake: u64,
    pub payers: u64,
    /// 大七对 ×4 (`all_pungs_fans` 2): two fans where the table gives one.
    pub pungs_x4: bool,
    /// 杠上开花 ×4 (`kong_bloom_fans` 2): two fans.
    pub bloom_x4: bool,
}

/// The answer: the best value, the form's name when every best reading has it, whether 德国
/// and 精钓 are in every best reading, the fans paid, what each payer pays and the total.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub best: u32,
    pub form: Option<&'static str>,
    pub uncapped: u32,
    pub fan: u32,
    pub each: u64,
    pub total: u64,
}

/// A reading: its form's name and fans, 德国, 精钓.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Reading {
    form: (&'static str, u32),
    de_guo: bool,
    diao: bool,
}

impl Reading {
    fn value(&self) -> u32 {
        self.form.1 + self.de_guo as u32 + self.diao as u32
    }
}

/// The runs holding `k` as their lowest real tile's place: chows of a suit, any three distinct
/// winds, the three dragons.
fn runs(k: usize) -> Vec<[usize; 3]> {
    if k < 27 {
        let n = k % 9;
        let mut out = Vec::new();
        for start in n.saturating_sub(2)..=n.min(6) {
            let f = k - n + start;
            out.push([f, f + 1, f + 2]);
        }
        return out;
    }
    if k >= 31 {
        return vec![[31, 32, 33]];
    }
    let mut out = Vec::new();
    for a in 27..31 {
        for b in a + 1..31 {
            for c in b + 1..31 {
                if [a, b, c].contains(&k) {
                    out.push([a, b, c]);
                }
            }
        }
    }
    out
}

/// `t` when the winning tile is itself a 精: 精钓 is then a pair of two 精.
const JING_WON: usize = 34;

/// Every split of `real` with `w` wildcards into `sets` sets and a pair (`pair` still due):
/// (all pungs, 精钓), pushed to `out`. `t` is the winning tile a 精 may pair (`JING_WON`
/// when it is a 精).
#[allow(clippy::too_many_arguments)]
fn split(
    real: &mut [u8; 34],
    w: u32,
    sets: usize,
    pair: bool,
    pungs: bool,
    diao: bool,
    t: Option<usize>,
    out: &mut Vec<(bool, bool)>,
) {
    let Some(k) = (0..34).find(|&k| real[k] > 0) else {
        // The wildcards left make the rest: sets of their own (pungs, or runs: no more
        // pays), and the pair.
        // A 精 won on pairs another 精 here: the pair of two wildcards is its 精钓.
        if w as usize == 3 * sets + 2 * pair as usize {
            out.push((pungs, diao || (pair && t == Some(JING_WON))));
        }
        return;
    };
    if sets > 0 {
        // A pung of k: one to three real copies, wildcards for the rest.
        for r in 1..=real[k].min(3) {
            let need = 3 - r as u32;
            if need <= w {
                real[k] -= r;
                split(real, w - need, sets - 1, pair, pungs, diao, t, out);
                real[k] += r;
            }
        }
        for run in runs(k) {
            let others: Vec<usize> = run.iter().copied().filter(|&x| x != k).collect();
            for mask in 0..4u32 {
                let real_ok = others
                    .iter()
                    .enumerate()
                    .all(|(i, &x)| mask & (1 << i) == 0 || real[x] > 0);
                let need = others
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| mask & (1 << i) == 0)
                    .count() as u32;
                if !real_ok || need > w {
                    continue;
                }
                real[k] -= 1;
                for (i, &x) in others.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        real[x] -= 1;
                    }
                }
                split(real, w - need, sets - 1, pair, false, diao, t, out);
                real[k] += 1;
                for (i, &x) in others.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        real[x] += 1;
                    }
                }
            }
        }
    }
    if pair {
        if real[k] >= 2 {
            real[k] -= 2;
            split(real, w, sets, false, pungs, diao, t, out);
            real[k] += 2;
        }
        if w >= 1 {
            real[k] -= 1;
            split(
                real,
                w - 1,
                sets,
                false,
                pungs,
                diao || Some(k) == t,
                t,
                out,
            );
            real[k] += 1;
        }
    }
}

/// The kinds of a legal 十三烂 of `kinds` (14 distinct, same-suit tiles 3 or more apart).
fn legal_shisanlan(kinds: &[usize]) -> bool {
    let mut sorted = kinds.to_vec();
    sorted.sort();
    sorted.dedup();
    if sorted.len() != 14 {
        return false;
    }
    for i in 0..sorted.len() {
        for j in i + 1..sorted.len() {
            let (a, b) = (sorted[i], sorted[j]);
            if a < 27 && b < 27 && a / 9 == b / 9 && b - a < 3 {
                return false;
            }
        }
    }
    true
}

/// Whether the real tiles, all distinct, keep their suits' tiles 3 or more apart.
fn legal_partial(real: &[u8; 34]) -> bool {
    (0..27)
        .all(|a| real[a] == 0 || (a + 1..27).all(|b| real[b] == 0 || b / 9 != a / 9 || b - a >= 3))
}

/// 十三烂 and 七星 of the real tiles (distinct) and the wildcards `wild` (their own kinds), every
/// placing tried: a wildcard takes a kind no tile holds, an honor wildcard only a suited kind
/// or itself; 七星 needs every honor held (a wild honor tile counts as itself).
fn rotten(real: &[u8; 34], wild: &[usize], concealed: &[u8; 34], out: &mut Vec<Reading>) {
    if real.iter().any(|&c| c > 1) || !legal_partial(real) {
        return;
    }
    let mut kinds: Vec<usize> = (0..34).filter(|&k| real[k] == 1).collect();
    fn place(
        i: usize,
        wild: &[usize],
        kinds: &mut Vec<usize>,
        concealed: &[u8; 34],
        out: &mut Vec<Reading>,
    ) {
        if i == wild.len() {
            if legal_shisanlan(kinds) {
                let seven = (27..34).all(|h| concealed[h] > 0 && kinds.contains(&h));
                out.push(Reading {
                    form: if seven {
                        ("七星十三烂", 2)
                    } else {
                        ("十三烂", 1)
                    },
                    de_guo: false,
                    diao: false,
                });
            }
            return;
        }
        let own = wild[i];
        // Wildcards of one kind are alike: each takes a kind above the one before.
        let from = if i > 0 && wild[i - 1] == own {
            kinds[kinds.len() - 1] + 1
        } else {
            0
        };
        for k in from..34 {
            if kinds.contains(&k) || (own >= 27 && k >= 27 && k != own) {
                continue;
            }
            // A tile of a suit 1 or 2 from another of its suit breaks the 十三烂 already.
            if k < 27
                && kinds
                    .iter()
                    .any(|&x| x < 27 && x / 9 == k / 9 && x.abs_diff(k) < 3)
            {
                continue;
            }
            kinds.push(k);
            place(i + 1, wild, kinds, concealed, out);
            kinds.pop();
        }
    }
    place(0, wild, &mut kinds, concealed, out);
}

/// The readings of `real` with wildcards `wild` (their own kinds): split, seven pairs, 十三烂.
fn readings(
    real: &[u8; 34],
    wild: &[usize],
    calls: &[(usize, bool)],
    concealed: &[u8; 34],
    t: Option<usize>,
    pungs_fans: u32,
    out: &mut Vec<Reading>,
) {
    let w = wild.len() as u32;
    let calls_pungs = calls.iter().all(|c| !c.1);
    let mut found = Vec::new();
    split(
        &mut real.clone(),
        w,
        4 - calls.len(),
        true,
        true,
        false,
        t,
        &mut found,
    );
    for (pungs, diao) in found {
        let form = if pungs && calls_pungs {
            ("大七对", pungs_fans)
        } else {
            ("平胡", 0)
        };
        out.push(Reading {
            form,
            de_guo: false,
            diao,
        });
    }
    if calls.is_empty() {
        let odd = real.iter().filter(|&&c| c % 2 == 1).count() as u32;
        if odd <= w {
            out.push(Reading {
                form: ("七小对", 1),
                de_guo: false,
                diao: false,
            });
        }
        rotten(real, wild, concealed, out);
    }
}

/// Scores `concealed` (with copies of the `wild` kinds its 精) and `calls` (kind, a chi?), won
/// on `win`, as `s` says; `None` when no reading wins.
pub fn score(
    concealed: &[u8; 34],
    wild: &[usize],
    calls: &[(usize, bool)],
    win: usize,
    s: &Situation,
) -> Option<Scored> {
    let mut real = *concealed;
    let mut jing = Vec::new();
    for &k in wild {
        for _ in 0..concealed[k] {
            jing.push(k);
        }
        real[k] = 0;
    }
    let mut all = Vec::new();
    // 德国: every 精 its own kind.
    let mut bare = Vec::new();
    let pungs = 1 + s.pungs_x4 as u32;
    readings(concealed, &[], calls, concealed, None, pungs, &mut bare);
    all.extend(bare.into_iter().map(|r| Reading {
        de_guo: true,
        diao: false,
        ..r
    }));
    if !jing.is_empty() {
        let t = Some(if wild.contains(&win) { JING_WON } else { win });
        readings(&real, &jing, calls, concealed, t, pungs, &mut all);
    }
    let best = all.iter().map(Reading::value).max()?;
    let top: Vec<&Reading> = all.iter().filter(|r| r.value() == best).collect();
    let form = top
        .iter()
        .all(|r| r.form.0 == top[0].form.0)
        .then_some(top[0].form.0);
    let mut extras = 0;
    for (on, fans) in [
        (s.tsumo, 1),
        (s.rinshan, 1 + s.bloom_x4 as u32),
        (s.chankan, 1),
        (s.tenhou, 2),
        (s.chiihou, 2),
    ] {
        if on {
            extras += fans;
        }
    }
    let uncapped = best + extras;
    let fan = if s.cap == 0 {
        uncapped
    } else {
        uncapped.min(s.cap)
    };
    let each = s.stake << fan;
    let total = each * if s.tsumo { s.payers } else { 1 };
    Some(Scored {
        best,
        form,
        uncapped,
        fan,
        each,
        total,
    })
}
