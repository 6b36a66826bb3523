//! The regional presets (`sichuan`, `hongzhong`, `changsha`) and their switches (tiles in
//! play, 缺一门, 258将, the rules' own wild kinds): the vectors and more, each with its
//! reasoning, then random hands of each preset against the literal reference of
//! `reference/literal.rs` (which takes every switch from the contract's words, not from the
//! engine) and against the answers' own consistency.

mod consistency;
mod reference;

use hupai::{Engine, Hand, HandError, Rules, TileSet};
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
    // 12345678m 1234p 7z (13 tiles): the wildcard is the 9m, so it waits like 1234p on 1p and
    // 4p; or it pairs the 4p and 123p stays, waiting on 6m and 9m (678m or 789m... 12345678m
    // + 9m); and a drawn 7z is one more wildcard, which wins too.
    let w = waits(r, "12345678m1234p7z");
    assert!(set("1p4p9m7z").0 & !w.0 == 0, "{w}");
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

/// The presets that leave kinds out of play or add switches, from the engine's one list.
fn regional() -> Vec<Rules> {
    Rules::presets()
        .map(|(_, r)| r)
        .filter(|r| r.lack_suit || r.pair_258 || r.tiles != hupai::TilesInPlay::All)
        .collect()
}

#[test]
fn random_hands_match_the_literal_reference() {
    let presets = regional();
    assert_eq!(presets.len(), 3);
    let mut rng = Rng(2026);
    let mut checked = 0;
    for i in 0..3_000 {
        let rules = presets[i % presets.len()];
        let tiles = 13 + (i % 7 == 6) as usize;
        let melds = if i % 4 == 0 { 1 + (i / 4) % 2 } else { 0 };
        let c = if i % 2 == 0 {
            rng.shaped_hand(tiles - 3 * melds)
        } else {
            rng.hand(tiles - 3 * melds)
        };
        let list: Vec<_> = (0..melds)
            .map(|_| hupai::Meld::parse(&rng.meld(), &rules).unwrap())
            .collect();
        let wild = match i % 5 {
            0 | 1 => TileSet::EMPTY,
            _ => TileSet::from_iter([hupai::Tile::from_index(rng.below(27) as usize)]),
        };
        let Ok(h) = reference::hand_under(c, &list, wild, &rules) else {
            continue;
        };
        let e = Engine::new(rules);
        assert_eq!(
            e.shanten(&h) as i32,
            literal::shanten(&Case::of(&h, &rules)),
            "{h} wild {:?} melds {melds} {rules:?}",
            h.wild()
        );
        consistency::check(&e, &h);
        checked += 1;
    }
    assert!(checked > 2_000, "{checked}");
}
