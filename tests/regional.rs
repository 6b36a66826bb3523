//! The regional presets (`sichuan`, `hongzhong`, `changsha`, `guobiao`) and their switches
//! (tiles in play, 缺一门, 258将, the rules' own wild kinds, 全不靠, 七星不靠, 组合龙): the
//! issue's vectors and more, each with its reasoning, then random hands of each preset against the literal reference of
//! `reference/literal.rs` (which takes every switch from the contract's words, not from the
//! engine) and against the answers' own consistency.

mod consistency;
mod reference;

use hupai::{Engine, Form, Hand, HandError, Rules, SevenPairs, TileSet};
use reference::literal::{self, Case};
use reference::Rng;

fn hand(rules: &Rules, tiles: &str) -> Result<Hand, HandError> {
    Hand::builder(tiles).rules(rules).build()
}

fn wins(rules: Rules, tiles: &str) -> bool {
    Engine::new(rules).is_win(&hand(&rules, tiles).unwrap())
}

fn shanten(rules: Rules, tiles: &str) -> i8 {
    Engine::new(rules).shanten(&hand(&rules, tiles).unwrap())
}

fn waits(rules: Rules, tiles: &str) -> TileSet {
    Engine::new(rules).waits(&hand(&rules, tiles).unwrap())
}

fn set(tiles: &str) -> TileSet {
    TileSet::parse(tiles).unwrap()
}

#[test]
fn sichuan_vectors() {
    let r = Rules::sichuan();
    // Two suits (m and p): 123 456 789m 123p 55p.
    assert!(wins(r, "123456789m123p55p"));
    // 123m 456m 456p 789s 55m would win, but it holds all three suits.
    assert!(!wins(r, "123456m456p789s55m"));
    assert!(wins(Rules::chinese(), "123456m456p789s55m"));
    // 123 456 789m + 1234p: 1p or 4p makes 123p/234p + the pair 44p/11p; two suits.
    assert_eq!(waits(r, "123456789m1234p"), set("1p4p"));
    // Honors are not in play.
    assert!(matches!(
        hand(&r, "123456789m123p1z"),
        Err(HandError::NotInPlay { .. })
    ));
    // Seven pairs of two suits wins; a four counts as two pairs.
    assert!(wins(r, "1122m3344m55p7777p"));
    // Seven pairs over three suits does not.
    assert!(!wins(r, "1122m3344m55p77s88s"));
    assert!(wins(Rules::chinese(), "1122m3344m55p77s88s"));
    // 123456789m 11p 99s: under chinese a double-pair wait on 1p and 9s; here either win
    // would hold three suits, so a suit must go: lacking the sou, 3 melds + 11p need one
    // more meld (3 draws), and lacking the pin the same: 2-shanten.
    let e = Engine::new(r);
    assert_eq!(shanten(Rules::chinese(), "123456789m11p99s"), 0);
    assert_eq!(shanten(r, "123456789m11p99s"), 2);
    assert!(waits(r, "123456789m11p99s").is_empty());
    // A declared pung of each of the three suits: no complete hand can be reached.
    let h = Hand::builder("1234p")
        .rules(&r)
        .meld("111m")
        .meld("222p")
        .meld("333s")
        .build()
        .unwrap();
    assert_eq!(e.shanten(&h), i8::MAX);
    assert!(e.waits(&h).is_empty());
    // With melds of two suits the third must go: 123m and 456p declared, so the 7s is
    // discarded first, leaving 123p 456p 7p waiting on 7p (and 1p, 4p).
    let h = Hand::builder("1234567p7s")
        .rules(&r)
        .meld("123m")
        .meld("456p")
        .build()
        .unwrap();
    assert_eq!(e.shanten(&h), 0);
    let report = e.discards(&h, &[0; 34]).unwrap();
    assert_eq!(report[0].tile.to_string(), "7s");
    assert_eq!(report[0].ukeire.tiles, set("147p"));
}

#[test]
fn hongzhong_vectors() {
    let r = Rules::hongzhong();
    // The 7z wildcard pairs the 4p: 123 456 789m 123p 4p+7z.
    assert!(wins(r, "123456789m1234p7z"));
    // Three 7z wildcards make a meld of their own: 123 456 789m, 11p, and 7z7z7z.
    assert!(wins(r, "123456789m11p777z"));
    // Other honors are not in play.
    assert!(hand(&r, "123456789m1234p1z").is_err());
    // 12345678m 1234p 7z (13 tiles). With the 7z as 9m, 1234p waits on 1p or 4p. With the 7z
    // pairing the 4p (or the 1p), 12345678m waits on 3m, 6m or 9m (123 456 78+9, 12 345 678 +
    // 3, 1234 5 678...). A drawn 7z is one more wildcard, which completes any of them.
    assert_eq!(waits(r, "12345678m1234p7z"), set("369m14p7z"));
    // 2 wildcards stand in for a pair: 123456789m 123p + 7z7z.
    assert!(wins(r, "123456789m123p77z"));
}

#[test]
fn changsha_vectors() {
    let r = Rules::changsha();
    // The pair 55s is a 5.
    assert!(wins(r, "123456789m123p55s"));
    // The pair 66s is not 2, 5 or 8.
    assert!(!wins(r, "123456789m123p66s"));
    assert!(wins(Rules::chinese(), "123456789m123p66s"));
    // The pair 22p is a 2: 123 456 789m, 789s, 22p.
    assert!(wins(r, "123456789m22p789s"));
    // 123456789m 1p 222s: under chinese it waits on 1p (11p + 222s); here 11p may not be the
    // pair, and 22s + 2s... leaves the 1p alone; so it is 1-shanten.
    assert_eq!(shanten(Rules::chinese(), "123456789m1p222s"), 0);
    assert_eq!(shanten(r, "123456789m1p222s"), 1);
    // Seven pairs is not bound by 258将.
    assert!(wins(r, "1122m3344p5566s99s"));
}

#[test]
fn guobiao_vectors() {
    let r = Rules::guobiao();
    let e = Engine::new(r);
    let form = |tiles: &str| {
        let h = hand(&r, tiles).unwrap();
        hupai::decompositions(&e, &h, 8)
            .iter()
            .map(|d| d.form)
            .collect::<Vec<_>>()
    };
    // 全不靠: 147m 258p 369s (one arrangement) and five distinct honors, 14 distinct tiles.
    assert!(wins(r, "147m258p369s12345z"));
    assert_eq!(form("147m258p369s12345z"), [Form::Quanbukao]);
    // 七星不靠: all seven honors and seven knitted tiles (147m 25p 36s); it is a 全不靠 too.
    assert!(wins(r, "147m25p36s1234567z"));
    assert!(form("147m25p36s1234567z").contains(&Form::QixingBukao));
    // 组合龙: 147m 258p 369s, 123m as the meld, 55z as the pair.
    assert!(wins(r, "112347m258p369s55z"));
    assert_eq!(form("112347m258p369s55z"), [Form::KnittedStraight]);
    // 4m and 5m are not knitted (1 apart): neither 全不靠 nor anything else.
    assert!(!wins(r, "1457m258p369s1234z"));
    // None of these forms under chinese.
    assert!(!wins(Rules::chinese(), "147m258p369s12345z"));
    // More 全不靠: another arrangement (258m 147p 369s) with 2z..6z.
    assert!(wins(r, "258m147p369s23456z"));
    // Two honors held twice: not 全不靠 (14 distinct tiles needed).
    assert!(!wins(r, "147m258p369s11234z"));
    // 13 tiles, one place open: 147m 258p 36s 12345z waits on 9s and on 6z, 7z.
    assert_eq!(waits(r, "147m258p36s12345z"), set("9s67z"));
    // More 七星不靠: 258m 369p 1s (seven knitted places of another arrangement) and the
    // seven honors; and 147m 258p 3s with them.
    assert!(form("258m369p1s1234567z").contains(&Form::QixingBukao));
    assert!(form("147m258p3s1234567z").contains(&Form::QixingBukao));
    // 147m 25p 3s and the seven honors (13 tiles): 147m and 25p fix the arrangement (258 of
    // the pins, so 369 of the sous), so it waits on its three open places 8p, 6s and 9s.
    assert_eq!(waits(r, "147m25p3s1234567z"), set("8p69s"));
    // 七星不靠 with 5 knitted tiles held is not a win (needs seven).
    assert!(!wins(
        Rules {
            quanbukao: false,
            ..r
        },
        "147m25p3s1234567z5s"
    ));
    // 组合龙 with its meld declared: 147m 258p 369s + (123m) + 55z.
    let h = Hand::builder("47m258p369s55z1m")
        .rules(&r)
        .meld("123m")
        .build()
        .unwrap();
    assert!(e.is_win(&h));
    // 组合龙 with a pung: 147m 258p 369s 777z 11z.
    assert!(wins(r, "147m258p369s11777z"));
    // 组合龙 tenpai on the knitted place: 47m 258p 369s 123p 55z waits on 1m.
    assert_eq!(waits(r, "47m258p369s123p55z"), set("1m"));
    // Two declared melds rule every special form out.
    let h = Hand::builder("147m258p36s")
        .rules(&r)
        .meld("111z")
        .meld("222z")
        .build()
        .unwrap();
    assert!(e.forms(&h).get(Form::KnittedStraight).is_none());
    // With a wildcard (a house rule): 147m 258p 369s 12345z with 9s wild standing in for
    // itself or any missing place.
    let h = Hand::builder("147m258p36s12345z9s")
        .rules(&r)
        .wild("9s")
        .build()
        .unwrap();
    assert!(e.is_win(&h));
}

/// The presets that leave kinds out of play or add switches, from the engine's one list.
fn regional() -> Vec<Rules> {
    Rules::presets()
        .map(|(_, r)| r)
        .filter(|r| {
            r.lack_suit
                || r.pair_258
                || r.tiles != hupai::TilesInPlay::All
                || r.quanbukao
                || r.knitted_straight
        })
        .collect()
}

/// A hand near the Guobiao forms: a knitted arrangement with some places dropped, then honors
/// or a meld and a pair, filled up with random tiles.
fn near_knitted(rng: &mut Rng, tiles: usize) -> [u8; 34] {
    let mut c = [0u8; 34];
    let arrangements = literal::knitted_arrangements();
    for &k in &arrangements[rng.below(6) as usize] {
        if rng.below(5) != 0 {
            c[k] += 1;
        }
    }
    if rng.below(2) == 0 {
        for honor in c[27..].iter_mut() {
            if rng.below(3) != 0 {
                *honor += 1;
            }
        }
    }
    let mut total: usize = c.iter().map(|&x| x as usize).sum();
    while total < tiles {
        let k = rng.below(34) as usize;
        if c[k] < 4 {
            c[k] += 1;
            total += 1;
        }
    }
    while total > tiles {
        let k = rng.below(34) as usize;
        if c[k] > 0 {
            c[k] -= 1;
            total -= 1;
        }
    }
    c
}

/// Builds the hand of counts `c`, `melds` random declared melds and `wild` under `rules`,
/// and checks its shanten against the literal reference and its answers against each
/// other; the engine and the hand, or `None` when the rules refuse the hand.
fn check_against_literal(
    rng: &mut Rng,
    rules: Rules,
    c: [u8; 34],
    melds: usize,
    wild: TileSet,
) -> Option<(Engine<'static>, Hand)> {
    let list: Vec<_> = (0..melds)
        .map(|_| hupai::Meld::parse(&rng.meld(), &rules).unwrap())
        .collect();
    let h = reference::hand_under(c, &list, wild, &rules).ok()?;
    let e = Engine::new(rules);
    assert_eq!(
        e.shanten(&h) as i32,
        literal::shanten(&Case::of(&h, &rules)),
        "{h} wild {:?} melds {melds} {rules:?}",
        h.wild()
    );
    consistency::check(&e, &h);
    Some((e, h))
}

#[test]
fn random_hands_match_the_literal_reference() {
    random_hands_match_the_literal_reference_of(300);
}

/// The full sweep of [`random_hands_match_the_literal_reference`].
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn random_hands_match_the_literal_reference_sweep() {
    random_hands_match_the_literal_reference_of(3_000);
}

fn random_hands_match_the_literal_reference_of(n: usize) {
    let presets = regional();
    assert_eq!(presets.len(), 4);
    let mut rng = Rng(2026);
    let (mut checked, mut decided) = (0, 0);
    for i in 0..n {
        let rules = presets[i % presets.len()];
        let tiles = 13 + (i % 7 == 6) as usize;
        let melds = if i % 4 == 0 { 1 + (i / 4) % 2 } else { 0 };
        let c = if rules.quanbukao && i % 3 != 0 {
            near_knitted(&mut rng, tiles - 3 * melds)
        } else if i % 2 == 0 {
            rng.shaped_hand(tiles - 3 * melds)
        } else {
            rng.hand(tiles - 3 * melds)
        };
        let wild = match i % 5 {
            0 | 1 => TileSet::EMPTY,
            _ => TileSet::from_iter([hupai::Tile::from_index(rng.below(27) as usize)]),
        };
        let Some((e, h)) = check_against_literal(&mut rng, rules, c, melds, wild) else {
            continue;
        };
        checked += 1;
        // How often a Guobiao form is strictly nearer than the standard form.
        let f = e.forms(&h);
        let guobiao = [Form::Quanbukao, Form::QixingBukao, Form::KnittedStraight];
        decided += guobiao
            .iter()
            .any(|&g| f.get(g).is_some_and(|d| d < f.standard)) as usize;
    }
    assert!(checked * 3 > 2 * n, "{checked} of {n}");
    assert!(
        decided * 15 > n,
        "Guobiao forms decide {decided} of {n} hands"
    );
}

#[test]
fn guobiao_forms_under_other_switches_match_the_literal_reference() {
    guobiao_forms_under_other_switches_match_the_literal_reference_of(150);
}

/// The full sweep of [`guobiao_forms_under_other_switches_match_the_literal_reference`].
#[test]
#[ignore = "sweep: run by .ci/run (`cargo test --release --workspace --exclude hupai-py -- --ignored`)"]
fn guobiao_forms_under_other_switches_match_the_literal_reference_sweep() {
    guobiao_forms_under_other_switches_match_the_literal_reference_of(1_500);
}

/// The Guobiao forms under other switches a preset does not combine them with (honor runs,
/// the 258 pair, seven pairs' variants, no thirteen orphans), against the literal reference.
/// A bound in 组合龙 once assumed no honor runs (a fuzz finding: `fuzz/corpus/engine`).
fn guobiao_forms_under_other_switches_match_the_literal_reference_of(n: usize) {
    let mut rng = Rng(1313);
    let mut checked = 0;
    for i in 0..n {
        let rules = Rules {
            honor_runs: rng.below(2) == 0,
            pair_258: rng.below(3) == 0,
            seven_pairs: [SevenPairs::Off, SevenPairs::Distinct, SevenPairs::FourAsTwo]
                [rng.below(3) as usize],
            thirteen_orphans: rng.below(2) == 0,
            ..Rules::guobiao()
        };
        let tiles = 13 + (i % 5 == 4) as usize;
        let melds = (i % 6 == 0) as usize;
        let c = if i % 4 != 0 {
            near_knitted(&mut rng, tiles - 3 * melds)
        } else {
            rng.hand(tiles - 3 * melds)
        };
        let wild = match i % 3 {
            0 => TileSet::EMPTY,
            _ => TileSet::from_iter([hupai::Tile::from_index(rng.below(34) as usize)]),
        };
        checked += check_against_literal(&mut rng, rules, c, melds, wild).is_some() as usize;
    }
    assert!(checked * 3 > 2 * n, "{checked} of {n}");
}

/// The patterns of the issue and `docs/RULES.md`, each with its worked example.
#[test]
fn changsha_big_wins_take_any_pair() {
    use hupai::Patterns;
    let r = Rules::changsha();
    let strict = Rules {
        patterns: Patterns::NONE,
        ..r
    };
    // 碰碰胡: 111m 222p 333p 444s, the pair 66s (not a 2, 5 or 8).
    // 清一色: 123m 345m 678m 999m, the pair 11m.
    // 将将胡: every tile a 2, 5 or 8, in no meld shape at all.
    for tiles in ["111m222333p44466s", "11123345678999m", "22255588m258p258s"] {
        assert!(wins(r, tiles), "{tiles}");
        assert!(!wins(strict, tiles), "strict: {tiles}");
    }
    assert_eq!(shanten(strict, "22255588m258p258s"), 3);
    // The plain win still needs the 258 pair: 123456789m 123p 66s is 1-shanten.
    assert!(!wins(r, "123456789m123p66s"));
    assert!(wins(r, "123456789m123p55s"));
    // What made the win is named, in the decompositions and in the batch answer.
    let e = Engine::new(r);
    let h = hand(&r, "111m222333p44466s").unwrap();
    let d = hupai::decompositions(&e, &h, 16);
    assert!(
        d.iter().any(|x| x.patterns == [hupai::Pattern::AllPungs]),
        "{d:?}"
    );
    let answer = hupai::protocol::answer_line("22255588m258p258s", 1, r);
    assert!(answer.contains(r#""patterns":["all_258"]"#), "{answer}");
    // 将将胡 waits on every 2, 5 and 8 left.
    assert_eq!(waits(r, "2225558m258p258s"), set("258m258p258s"));
    // 清一色 with a wildcard (9m wild filling the 11m pair's second tile).
    let h = Hand::builder("1112334567899m9s")
        .wild("9s")
        .rules(&r)
        .build()
        .unwrap();
    assert!(e.is_win(&h));
}

/// A room of big wins only: `plain_win: false` with 清一色, 混一色, 对对胡 and 全风向.
#[test]
fn big_wins_only_gate_the_plain_win() {
    use hupai::{Pattern, Patterns};
    let r = Rules {
        plain_win: false,
        patterns: Patterns::of(&[
            Pattern::OneSuit,
            Pattern::OneSuitHonors,
            Pattern::AllPungs,
            Pattern::AllHonors,
        ]),
        ..Rules::chinese()
    };
    assert!(wins(Rules::chinese(), "123456789m123p55p"));
    assert!(!wins(r, "123456789m123p55p"));
    assert!(wins(r, "11123456789999m")); // 清一色
    assert!(wins(r, "111222333m444p55s")); // 对对胡
    assert!(wins(r, "123456789m111z22z")); // 混一色
    assert!(wins(r, "11122233344455z")); // 全风向 (and 对对胡)
    assert!(wins(r, "1234567z1234567z")); // 全风向 in no meld shape (and seven pairs)
    assert!(wins(r, "11223344556677z")); // seven pairs still wins on its own
                                         // Wildcards fill them: 5p wild as the 9m of 清一色, as the 5s of 对对胡.
    for tiles in ["1112345678999m5p", "111222333m444p5s5p"] {
        let h = Hand::builder(tiles).wild("5p").rules(&r).build().unwrap();
        assert!(Engine::new(r).is_win(&h), "{tiles}");
    }
    // The plain win's shape in one suit and honors is 混一色; in two suits it is nothing:
    // 123456789m 1235p needs five more characters for 清一色 (4-shanten).
    assert_eq!(shanten(r, "123456789m123p5p"), 4);
    assert_eq!(shanten(r, "12345678m111z22z"), 0);
}

/// 四红中: four 7z win at once where the switch is on.
#[test]
fn four_red_dragons_win_with_the_switch() {
    let on = Rules::hongzhong().four_wild_win(true);
    assert!(wins(on, "1357m246p159s7777z"));
    assert!(!wins(Rules::hongzhong(), "1357m246p159s7777z"));
    // Three of them: tenpai on the fourth (and on what the three wildcards already make).
    assert!(waits(on, "1357m246p159s777z").contains("7z".parse().unwrap()));
    assert_eq!(shanten(on, "1357m246p159s777z"), 0);
    assert_eq!(shanten(Rules::hongzhong(), "1357m246p159s777z"), 2);
    // Four declared melds leave two concealed places: four 7z cannot fit (found by fuzzing,
    // where the missing count wrapped around to a win).
    let h = Hand::builder("5m")
        .rules(&on)
        .meld("111m")
        .meld("222p")
        .meld("333s")
        .meld("444s")
        .build()
        .unwrap();
    let e = Engine::new(on);
    assert_eq!(
        e.forms(&h).get(Form::Pattern(hupai::Pattern::FourWild)),
        Some(u8::MAX)
    );
    assert_eq!(e.waits(&h), set("5m7z")); // a 7z drawn is a wildcard
}
