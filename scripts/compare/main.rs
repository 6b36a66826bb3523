//! Two builds of hupai linked into one binary (`old`: a base revision, `new`: the work tree),
//! timed in turn on the same 100,000 distinct random hands of a preset: per round each build's
//! pass, the order alternating, and the median of the per-round ratios new/old. On a machine
//! whose speed moves between runs, this is the steadiest before/after wall-time figure.
//! `scripts/compare-builds` builds and runs it.
use std::hint::black_box;
use std::time::Instant;

// The tests' random hands (`tests/reference`, linked beside this file by the script), over
// the work tree's crate.
extern crate new as hupai;
#[allow(dead_code)]
mod reference;

/// `n` random hands of `tiles` tiles, a fixed sequence.
fn counts(n: usize, tiles: usize, seed: u64) -> Vec<[u8; 34]> {
    let mut rng = reference::Rng(seed);
    (0..n).map(|_| rng.hand(tiles)).collect()
}

macro_rules! suite {
    ($m:ident) => {
        mod $m {
            use super::*;
            pub struct S {
                e: ::$m::Engine<'static>,
                h13: Vec<::$m::Hand>,
                h14: Vec<::$m::Hand>,
                c13: Vec<[u8; 34]>,
                c14: Vec<[u8; 34]>,
            }
            pub fn new(rules: &str, c13: &[[u8; 34]], c14: &[[u8; 34]]) -> S {
                let e = ::$m::Engine::new(::$m::Rules::preset(rules).unwrap());
                let h = |c: &[[u8; 34]]| c.iter().map(|c| ::$m::Hand::new(*c, &[], ::$m::TileSet::EMPTY).unwrap()).collect();
                let s = S { e, h13: h(c13), h14: h(c14), c13: c13.to_vec(), c14: c14.to_vec() };
                let _ = s.e.ukeire(&s.h13[0], &[0; 34]);
                s
            }
            #[inline(never)]
            pub fn run(s: &S, what: usize) -> f64 {
                let t = Instant::now();
                let mut acc = 0i64;
                match what {
                    0 => for h in &s.h13 { acc += s.e.shanten(black_box(h)) as i64 },
                    1 => for h in &s.h13 { acc += s.e.ukeire(black_box(h), &[0; 34]).unwrap().count as i64 },
                    2 => for h in &s.h14 { acc += s.e.is_win(black_box(h)) as i64 },
                    3 => for c in &s.c13 { acc += s.e.shanten(&::$m::Hand::new(*black_box(c), &[], ::$m::TileSet::EMPTY).unwrap()) as i64 },
                    _ => for c in &s.c14 { acc += s.e.is_win(&::$m::Hand::new(*black_box(c), &[], ::$m::TileSet::EMPTY).unwrap()) as i64 },
                }
                black_box(acc);
                t.elapsed().as_nanos() as f64 / s.h13.len() as f64
            }
        }
    };
}
suite!(old);
suite!(new);

fn main() {
    let rounds: usize = std::env::var("ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(41);
    let names = ["shanten 13 (built)", "ukeire 13 (built)", "win 14 (built)", "shanten 13 (counts)", "win 14 (counts)"];
    let mut presets: Vec<String> = std::env::args().skip(1).collect();
    if presets.is_empty() {
        presets.push("riichi".into());
    }
    for rules in presets.iter().map(String::as_str) {
        let c13 = counts(100_000, 13, 7);
        let c14 = counts(100_000, 14, 9);
        let o = old::new(rules, &c13, &c14);
        let n = new::new(rules, &c13, &c14);
        println!("{rules}: work tree / base, median of {rounds} rounds (base ns, work tree ns: medians)");
        for (w, name) in names.iter().enumerate() {
            let (mut ratios, mut ob, mut nb) = (vec![], vec![], vec![]);
            for r in 0..rounds {
                let (a, b) = if r % 2 == 0 {
                    let b = old::run(&o, w);
                    (new::run(&n, w), b)
                } else {
                    let a = new::run(&n, w);
                    (a, old::run(&o, w))
                };
                ratios.push(a / b);
                ob.push(b);
                nb.push(a);
            }
            let med = |v: &mut Vec<f64>| { v.sort_by(|a, b| a.partial_cmp(b).unwrap()); v[v.len() / 2] };
            println!("  {:22} {:.3}   ({:.1} ns, {:.1} ns)", name, med(&mut ratios), med(&mut ob), med(&mut nb));
        }
    }
}
