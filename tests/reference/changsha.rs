//! 长沙麻将 scoring, literally as `docs/SCORING.md` ("Changsha") states it: every reading of
//! the hand (its concealed tiles split into sets and a pair at every kind, seven pairs, or
//! 将将胡's any arrangement), the readings that win (a small win needs a 2, 5 or 8 pair; a big
//! win takes any), each reading's big wins counted, the most kept; then the flags, birds and
//! the price. It shares no code with the library.

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
    pub stake: u64,
    pub payers: u64,
    pub birds: u64,
    /// Kongs declared from the hand (暗杠): called from no one.
    pub closed_kans: usize,
}

/// The answer: the big wins by Chinese name (or 小胡), their count, the count paid, what each
/// payer pays and the total.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub wins: Vec<&'static str>,
    pub big: u32,
    pub paid: u32,
    pub each: u64,
    pub total: u64,
}

fn is_258(k: usize) -> bool {
    matches!(k % 9 + 1, 2 | 5 | 8)
}

/// Every split of `c` into `sets` sets and a pair: (all sets pungs, the pair's kind).
fn splits(
    c: &mut [u8; 34],
    sets: usize,
    pair: Option<usize>,
    pungs: bool,
    out: &mut Vec<(bool, usize)>,
) {
    let Some(k) = (0..34).find(|&k| c[k] > 0) else {
        if let Some(p) = pair {
            out.push((pungs, p));
        }
        return;
    };
    if pair.is_none() && c[k] >= 2 {
        c[k] -= 2;
        splits(c, sets, Some(k), pungs, out);
        c[k] += 2;
    }
    if sets == 0 {
        return;
    }
    if c[k] >= 3 {
        c[k] -= 3;
        splits(c, sets - 1, pair, pungs, out);
        c[k] += 3;
    }
    if k < 27 && k % 9 <= 6 && c[k + 1] > 0 && c[k + 2] > 0 {
        for j in 0..3 {
            c[k + j] -= 1;
        }
        splits(c, sets - 1, pair, false, out);
        for j in 0..3 {
            c[k + j] += 1;
        }
    }
}

/// Scores `concealed` with `calls` (kind, a chi?) as `s` says; `None` when no reading wins.
pub fn score(concealed: &[u8; 34], calls: &[(usize, bool)], s: &Situation) -> Option<Scored> {
    let mut all = *concealed;
    for &(k, chi) in calls {
        if chi {
            for j in 0..3 {
                all[k + j] += 1;
            }
        } else {
            all[k] += 3;
        }
    }
    let one_suit = (0..3)
        .filter(|&su| (su * 9..su * 9 + 9).any(|k| all[k] > 0))
        .count()
        == 1;
    let all_258 = (0..34).all(|k| all[k] == 0 || is_258(k));
    let calls_pungs = calls.iter().all(|c| !c.1);
    // 全求人: four sets taken from others, won on a discard; a big win of the hand (any pair).
    let all_called = calls.len() == 4 && s.closed_kans == 0 && !s.tsumo;
    // Each reading: its shape's big wins, and whether it wins.
    let mut readings: Vec<(Vec<&'static str>, bool)> = Vec::new();
    let mut found = Vec::new();
    splits(
        &mut concealed.clone(),
        4 - calls.len(),
        None,
        true,
        &mut found,
    );
    for (pungs, pair) in found {
        let mut wins = Vec::new();
        if pungs && calls_pungs {
            wins.push("碰碰胡");
        }
        readings.push((wins, is_258(pair)));
    }
    if calls.is_empty() && concealed.iter().all(|&c| c % 2 == 0) {
        let fours = concealed.iter().filter(|&&c| c == 4).count();
        let name = ["七小对", "豪华七小对", "双豪华七小对", "三豪华七小对"][fours.min(3)];
        readings.push((vec![name], false));
    }
    if all_258 {
        // 将将胡: any arrangement of 2s, 5s and 8s wins.
        readings.push((vec![], false));
    }
    let value = |w: &str| match w {
        "豪华七小对" => 2,
        "双豪华七小对" => 3,
        "三豪华七小对" => 4,
        _ => 1,
    };
    let mut best: Option<(u32, Vec<&'static str>)> = None;
    for (mut wins, pair_258) in readings {
        if one_suit {
            wins.push("清一色");
        }
        if all_258 {
            wins.push("将将胡");
        }
        if all_called {
            wins.push("全求人");
        }
        // A small win needs the 2-5-8 pair; a reading with a big win of the hand takes any.
        if wins.is_empty() && !pair_258 {
            continue;
        }
        let v: u32 = wins.iter().map(|w| value(w)).sum();
        if best.as_ref().is_none_or(|b| v > b.0) {
            best = Some((v, wins));
        }
    }
    let (_, mut wins) = best?;
    for (on, name) in [
        (s.haitei, "海底捞月"),
        (s.houtei, "海底炮"),
        (s.rinshan, "杠上开花"),
        (s.kong_discard, "杠上炮"),
        (s.chankan, "抢杠胡"),
        (s.tenhou, "天胡"),
        (s.chiihou, "地胡"),
    ] {
        if on {
            wins.push(name);
        }
    }
    let big: u32 = wins.iter().map(|w| value(w)).sum();
    let paid = if s.cap == 0 { big } else { big.min(s.cap) };
    let price = match (paid, s.tsumo) {
        (0, true) => 2,
        (0, false) => 1,
        (n, _) => 6 * n as u64,
    };
    let each = price * s.stake * (1 + s.birds);
    let total = each * if s.tsumo { s.payers } else { 1 };
    if wins.is_empty() {
        wins.push("小胡");
    }
    Some(Scored {
        wins,
        big,
        paid,
        each,
        total,
    })
}
