//! Sichuan 血战到底 scoring, literally as `docs/SCORING.md` ("Sichuan") states it: every way
//! the concealed tiles split into sets and a pair (tried at every kind, duplicates and all)
//! and seven pairs, each scored by the table's parts, the most fans in all kept; then 根, the
//! way the hand was won, the cap and the payment. It shares no code with the library.

/// A situation as the reference reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Situation {
    pub tsumo: bool,
    pub rinshan: bool,
    pub kong_discard: bool,
    pub chankan: bool,
    pub haitei: bool,
    pub houtei: bool,
    pub tenhou: bool,
    pub chiihou: bool,
    pub cap: u32,
    pub self_draw_stake: bool,
    /// 自摸不加倍: a self-draw adds nothing (neither a fan nor a stake).
    pub self_draw_nothing: bool,
    /// 天胡 / 地胡 a basic hand (5 fans), only the largest basic hand paid (S-M2).
    pub heavenly_largest: bool,
    pub stake: u64,
    pub payers: u64,
}

/// A declared call: a pung (`kan` false) or a kong of kind `kind`.
#[derive(Clone, Copy, Debug)]
pub struct Called {
    pub kind: usize,
    pub kan: bool,
}

/// The answer: the pattern's name and fans, the roots, the other fans by name, the fans paid,
/// what each payer pays and the total.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub pattern: &'static str,
    pub pattern_fans: u32,
    pub roots: u32,
    pub extras: Vec<&'static str>,
    pub uncapped: u32,
    pub fan: u32,
    pub each: u64,
    pub total: u64,
    /// Another reading with as many fans in all but another pattern (the name is then the
    /// engine's choice among equals).
    pub tied: bool,
}

fn suit(k: usize) -> usize {
    k / 9
}
fn number(k: usize) -> usize {
    k % 9 + 1
}

/// One set of a split: a pung (`run` false) or a chow starting at `kind`.
#[derive(Clone, Copy, Debug)]
struct Set {
    kind: usize,
    run: bool,
}

/// Every split of `c` into `n` sets (pungs and chows, tried at every kind) into `out`.
fn sets(c: &mut [u8; 34], n: usize, acc: &mut Vec<Set>, out: &mut Vec<Vec<Set>>) {
    if n == 0 {
        if c.iter().all(|&x| x == 0) {
            out.push(acc.clone());
        }
        return;
    }
    for k in 0..27 {
        if c[k] >= 3 {
            c[k] -= 3;
            acc.push(Set {
                kind: k,
                run: false,
            });
            sets(c, n - 1, acc, out);
            acc.pop();
            c[k] += 3;
        }
        if number(k) <= 7 && c[k] > 0 && c[k + 1] > 0 && c[k + 2] > 0 {
            for j in 0..3 {
                c[k + j] -= 1;
            }
            acc.push(Set { kind: k, run: true });
            sets(c, n - 1, acc, out);
            acc.pop();
            for j in 0..3 {
                c[k + j] += 1;
            }
        }
    }
}

/// The pattern of a reading from its parts (the table's rows by their names), and its fans:
/// the shape (平胡 0, 对对胡 1, 七对 2) plus 清一色 2, 带幺九 2, 将 2, 金钩钓 1, 龙 1.
fn pattern(
    pairs: bool,
    pungs: bool,
    flush: bool,
    terminals: bool,
    of_258: bool,
    hook: bool,
    dragon: bool,
) -> (&'static str, u32) {
    let name = if pairs {
        match (flush, dragon) {
            (false, false) => "七对",
            (true, false) => "清七对",
            (false, true) => "龙七对",
            (true, true) => "清龙七对",
        }
    } else if pungs {
        if flush && hook {
            "清金钩钓"
        } else if flush {
            "清对"
        } else if of_258 && hook {
            "将金钩钓"
        } else if of_258 {
            "将对"
        } else if hook {
            "金钩钓"
        } else {
            "对对胡"
        }
    } else {
        match (flush, terminals) {
            (false, false) => "平胡",
            (true, false) => "清一色",
            (false, true) => "带幺九",
            (true, true) => "清幺九",
        }
    };
    let shape = if pairs { 2 } else { pungs as u32 };
    let fans = shape
        + 2 * flush as u32
        + 2 * terminals as u32
        + 2 * of_258 as u32
        + hook as u32
        + dragon as u32;
    (name, fans)
}

/// The score of a win: `concealed` (the winning tile among them), `calls`, the situation.
/// `None` when the tiles do not split.
pub fn score(concealed: &[u8; 34], calls: &[Called], s: &Situation) -> Option<Scored> {
    let mut all = *concealed;
    for c in calls {
        all[c.kind] += if c.kan { 4 } else { 3 };
    }
    let fours = all.iter().filter(|&&x| x == 4).count() as u32;
    let suits_held = (0..3)
        .filter(|&su| (0..27).any(|k| suit(k) == su && all[k] > 0))
        .count();
    let flush = suits_held == 1;
    // Every reading: (name, its pattern's fans, whether a dragon holds a four inside).
    let mut readings: Vec<(&'static str, u32, bool)> = Vec::new();
    if calls.is_empty() && concealed.iter().all(|&x| x % 2 == 0) {
        let dragon = concealed.contains(&4);
        let (name, fans) = pattern(true, false, flush, false, false, false, dragon);
        readings.push((name, fans, dragon));
    }
    for p in 0..27 {
        if concealed[p] < 2 {
            continue;
        }
        let mut c = *concealed;
        c[p] -= 2;
        let mut found = Vec::new();
        sets(&mut c, 4 - calls.len(), &mut Vec::new(), &mut found);
        for split in found {
            let pungs = split.iter().all(|x| !x.run);
            // 带幺九: each set and the pair hold a 1 or a 9.
            let terminal = |k: usize| number(k) == 1 || number(k) == 9;
            let terminals = !pungs
                && terminal(p)
                && split.iter().all(|x| {
                    if x.run {
                        number(x.kind) == 1 || number(x.kind) == 7
                    } else {
                        terminal(x.kind)
                    }
                })
                && calls.iter().all(|c| terminal(c.kind));
            let is_258 = |k: usize| matches!(number(k), 2 | 5 | 8);
            let of_258 = pungs
                && is_258(p)
                && split.iter().all(|x| is_258(x.kind))
                && calls.iter().all(|c| is_258(c.kind));
            let hook = pungs && calls.len() == 4;
            let (name, fans) = pattern(false, pungs, flush, terminals, of_258, hook, false);
            readings.push((name, fans, false));
        }
    }
    // 天胡 / 地胡 as the largest basic hand: each reading's pattern, or they where they pay
    // more (5 fans; a dragon's four is then a root again).
    let flat = match (s.tenhou, s.chiihou) {
        (true, _) => Some("天胡"),
        (_, true) => Some("地胡"),
        _ => None,
    }
    .filter(|_| s.heavenly_largest);
    if let Some(h) = flat {
        for r in &mut readings {
            if r.1 < 5 {
                *r = (h, 5, false);
            }
        }
    }
    // The most fans in all: the pattern's and the roots it leaves.
    let in_all = |r: &(&str, u32, bool)| r.1 + fours - r.2 as u32;
    let most = readings.iter().map(in_all).max()?;
    let (name, pattern_fans, dragon) = *readings.iter().find(|r| in_all(r) == most)?;
    let tied = readings.iter().any(|r| in_all(r) == most && r.0 != name);
    let roots = fours - dragon as u32;
    let mut extras = Vec::new();
    let mut extra_fans = 0;
    for (on, n) in [
        (
            s.tsumo && !s.self_draw_stake && !s.self_draw_nothing,
            "自摸",
        ),
        (s.rinshan, "杠上开花"),
        (s.kong_discard, "杠上炮"),
        (s.chankan, "抢杠胡"),
        (s.haitei, "海底捞月"),
        (s.houtei, "海底炮"),
        (s.tenhou && flat.is_none(), "天胡"),
        (s.chiihou && flat.is_none(), "地胡"),
    ] {
        if on {
            extras.push(n);
            extra_fans += if n == "天胡" || n == "地胡" { 5 } else { 1 };
        }
    }
    let uncapped = pattern_fans + roots + extra_fans;
    let fan = if s.cap == 0 {
        uncapped
    } else {
        uncapped.min(s.cap)
    };
    let mut each = s.stake * 2u64.pow(fan);
    if s.tsumo && s.self_draw_stake {
        each += s.stake;
    }
    let payers = if s.tsumo { s.payers } else { 1 };
    Some(Scored {
        pattern: name,
        pattern_fans,
        roots,
        extras,
        uncapped,
        fan,
        each,
        total: each * payers,
        tied,
    })
}
