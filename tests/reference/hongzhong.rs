//! 红中麻将 scoring, literally as `docs/SCORING.md` ("Hongzhong") states it: every reading of
//! the hand — its real tiles split into sets and a pair with the 红中 (7z) standing in any
//! slot, wildcards left over making sets of their own of every kind, or seven pairs with the
//! wildcards pairing singles or each other as any kind — scored by the table (the shape's
//! fan, one suit, no 红中), the most kept; the four 红中 where the room plays them; then the
//! way the hand was won, the cap and the payment. It shares no code with the library.

/// The wild kind (7z) and the kinds a reading may hold: 27 suited ones and 7z standing as
/// itself.
pub const RED: usize = 33;
const KINDS: [usize; 28] = {
    let mut k = [0; 28];
    let mut i = 0;
    while i < 27 {
        k[i] = i;
        i += 1;
    }
    k[27] = RED;
    k
};

/// A situation as the reference reads it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Situation {
    pub tsumo: bool,
    pub rinshan: bool,
    pub chankan: bool,
    pub four_wild: bool,
    /// Seven pairs is no win (a room without 七对可胡).
    pub no_seven_pairs: bool,
    /// A win holding no 红中 pays no more (a room without 无红中加倍).
    pub no_red_plain: bool,
    pub cap: u32,
    pub stake: u64,
    pub payers: u64,
    pub birds: u64,
}

/// The answer: the best value, its shape by Chinese name (when no other reading of another
/// shape is worth as much), the extras, the fans paid, what each payer pays and the total.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub best: u32,
    pub shape: Option<&'static str>,
    pub flush: Option<bool>,
    pub extras: Vec<&'static str>,
    pub uncapped: u32,
    pub fan: u32,
    pub each: u64,
    pub total: u64,
}

/// A reading's tiles (real and stood-for) and whether every set is a pung.
struct Reading {
    tiles: [u8; 34],
    pungs: bool,
    pairs: bool,
}

/// Every split of `real` (with `w` wildcards in any slot) into `sets` sets and one pair.
fn split(
    real: &mut [u8; 34],
    w: u32,
    sets: usize,
    pair: bool,
    acc: &mut [u8; 34],
    pungs: bool,
    out: &mut Vec<Reading>,
) {
    let Some(k) = (0..34).find(|&k| real[k] > 0) else {
        wild_sets(w, sets, pair, acc, pungs, out);
        return;
    };
    // The lowest real tile is in a pung of its kind, a chow, or the pair.
    let take = |real: &mut [u8; 34],
                slots: &[usize],
                is_pung: bool,
                is_pair: bool,
                acc: &mut [u8; 34],
                out: &mut Vec<Reading>| {
        // Each slot but the first (k itself) is a real copy or a wildcard: try both.
        let n = slots.len();
        for mask in 0..(1u32 << (n - 1)) {
            let mut wild_used = 0;
            let mut ok = true;
            let mut taken = Vec::new();
            for (i, &s) in slots.iter().enumerate() {
                let use_real = i == 0 || mask & (1 << (i - 1)) != 0;
                if use_real {
                    if real[s] == 0 {
                        ok = false;
                        break;
                    }
                    real[s] -= 1;
                    taken.push(s);
                } else {
                    wild_used += 1;
                }
            }
            if ok && wild_used <= w {
                for &s in slots {
                    acc[s] += 1;
                }
                if is_pair {
                    split(real, w - wild_used, sets, false, acc, pungs, out);
                } else {
                    split(
                        real,
                        w - wild_used,
                        sets - 1,
                        pair,
                        acc,
                        pungs && is_pung,
                        out,
                    );
                }
                for &s in slots {
                    acc[s] -= 1;
                }
            }
            for s in taken {
                real[s] += 1;
            }
        }
    };
    if sets > 0 {
        take(real, &[k, k, k], true, false, acc, out);
        if k < 27 {
            let n = k % 9;
            // k the chow's first, second or third tile (the lower ones then wildcards).
            for start in n.saturating_sub(2)..=n.min(6) {
                let first = k - n + start;
                let mut slots = vec![k];
                slots.extend((first..first + 3).filter(|&s| s != k));
                take(real, &slots, false, false, acc, out);
            }
        }
    }
    if pair {
        take(real, &[k, k], true, true, acc, out);
    }
}

/// The wildcards left, making `sets` sets and the pair (if still due) of their own: every kind.
fn wild_sets(
    w: u32,
    sets: usize,
    pair: bool,
    acc: &mut [u8; 34],
    pungs: bool,
    out: &mut Vec<Reading>,
) {
    if sets == 0 && !pair {
        if w == 0 {
            out.push(Reading {
                tiles: *acc,
                pungs,
                pairs: false,
            });
        }
        return;
    }
    if pair {
        if w < 2 {
            return;
        }
        for k in KINDS {
            acc[k] += 2;
            wild_sets(w - 2, sets, false, acc, pungs, out);
            acc[k] -= 2;
        }
        return;
    }
    if w < 3 {
        return;
    }
    for k in KINDS {
        acc[k] += 3;
        wild_sets(w - 3, sets - 1, false, acc, pungs, out);
        acc[k] -= 3;
        if k < 27 && k % 9 <= 6 {
            for j in 0..3 {
                acc[k + j] += 1;
            }
            wild_sets(w - 3, sets - 1, false, acc, false, out);
            for j in 0..3 {
                acc[k + j] -= 1;
            }
        }
    }
}

/// Seven pairs: each real kind's copies in pairs, a wildcard with each odd one, the wildcards
/// left in pairs of every kind.
fn seven_pairs(real: &[u8; 34], w: u32, out: &mut Vec<Reading>) {
    let mut tiles = *real;
    let mut w = w;
    for k in 0..34 {
        if tiles[k] % 2 == 1 {
            if w == 0 {
                return;
            }
            w -= 1;
            tiles[k] += 1;
        }
    }
    fn fill(tiles: &mut [u8; 34], w: u32, from: usize, out: &mut Vec<Reading>) {
        if w == 0 {
            out.push(Reading {
                tiles: *tiles,
                pungs: false,
                pairs: true,
            });
            return;
        }
        for (i, &k) in KINDS.iter().enumerate().skip(from) {
            tiles[k] += 2;
            fill(tiles, w - 2, i, out);
            tiles[k] -= 2;
        }
    }
    fill(&mut tiles, w, 0, out);
}

/// Scores `concealed` (7z its wildcards) with `calls` (the kinds of its declared pungs and
/// kongs) as `s` says; `None` when no reading wins.
pub fn score(concealed: &[u8; 34], calls: &[usize], s: &Situation) -> Option<Scored> {
    let w = concealed[RED] as u32;
    let mut real = *concealed;
    real[RED] = 0;
    let mut readings = Vec::new();
    let mut acc = [0u8; 34];
    split(
        &mut real.clone(),
        w,
        4 - calls.len(),
        true,
        &mut acc,
        true,
        &mut readings,
    );
    if calls.is_empty() && concealed.iter().sum::<u8>() == 14 && !s.no_seven_pairs {
        seven_pairs(&real, w, &mut readings);
    }
    // Each reading: its shape's fan, one suit (its tiles and the calls), no 红中 held.
    let value = |r: &Reading| {
        let mut suits = [false; 4];
        for k in 0..34 {
            if r.tiles[k] > 0 {
                suits[(k / 9).min(3)] = true;
            }
        }
        for &c in calls {
            suits[c / 9] = true;
        }
        let flush = suits.iter().filter(|&&x| x).count() == 1 && !suits[3];
        let shape = if r.pairs {
            ("七对", 1)
        } else if r.pungs {
            ("碰碰胡", 1)
        } else {
            ("平胡", 0)
        };
        let no_red = w == 0 && !s.no_red_plain;
        (shape.1 + flush as u32 + no_red as u32, shape.0, flush)
    };
    let mut best: Option<(u32, &'static str, bool)> = None;
    let mut shapes: Vec<(u32, &'static str, bool)> = Vec::new();
    for r in &readings {
        let v = value(r);
        shapes.push(v);
        if best.is_none_or(|b| v.0 > b.0) {
            best = Some(v);
        }
    }
    if s.four_wild && w == 4 {
        let v = (1, "四红中", false);
        shapes.push(v);
        if best.is_none_or(|b| v.0 > b.0) {
            best = Some(v);
        }
    }
    let (best_value, _, _) = best?;
    // The shape is named when every reading worth the best has it; so is the flush.
    let top: Vec<_> = shapes.iter().filter(|v| v.0 == best_value).collect();
    let shape = top.iter().all(|v| v.1 == top[0].1).then_some(top[0].1);
    let flush = top.iter().all(|v| v.2 == top[0].2).then_some(top[0].2);
    let mut extras = Vec::new();
    if s.rinshan {
        extras.push("杠上开花");
    }
    if s.chankan {
        extras.push("抢杠胡");
    }
    let uncapped = best_value + extras.len() as u32;
    let fan = if s.cap == 0 {
        uncapped
    } else {
        uncapped.min(s.cap)
    };
    let each = s.stake * (1u64 << fan) * (1 + s.birds);
    let total = each * if s.tsumo { s.payers } else { 1 };
    Some(Scored {
        best: best_value,
        shape,
        flush,
        extras,
        uncapped,
        fan,
        each,
        total,
    })
}
