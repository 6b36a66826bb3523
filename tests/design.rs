//! The test vectors of shared/DESIGN.md §4, each under the preset it names.

use hupai::parse_tiles;
use hupai::Form;
use hupai::{Engine, Hand, Rules, TileSet};

fn hand(tiles: &str, wild: &str, rules: &Rules) -> Hand {
    Hand::builder(tiles)
        .rules(rules)
        .wild(wild)
        .build()
        .unwrap()
}

fn set(s: &str) -> TileSet {
    TileSet::parse(s).unwrap()
}

#[test]
fn chinese_and_riichi_vectors() {
    for rules in [Rules::chinese(), Rules::riichi()] {
        let e = Engine::new(rules);
        assert!(e.is_win(&hand("11123456789999m", "", &rules)));
        assert_eq!(
            e.waits(&hand("1112345678999m", "", &rules)),
            set("123456789m")
        );
        assert_eq!(
            e.waits(&hand("19m19p19s1234567z", "", &rules)),
            set("19m19p19s1234567z")
        );
        let h = hand("123456789m1111z", "", &rules);
        assert_eq!(e.shanten(&h), 1);
        assert!(e.waits(&h).is_empty());
    }
}

#[test]
fn four_of_a_kind_in_seven_pairs() {
    let h = |r: &Rules| hand("1111m22m33p44p55s66s", "", r);
    let riichi = Engine::new(Rules::riichi());
    assert!(!riichi.is_win(&h(&Rules::riichi())));
    assert_eq!(riichi.shanten(&h(&Rules::riichi())), 1);
    let chinese = Engine::new(Rules::chinese());
    assert!(chinese.is_win(&h(&Rules::chinese())));
}

#[test]
fn riichi_ukeire_vector() {
    let e = Engine::new(Rules::riichi());
    let h = hand("23569m456p789s11z", "", &Rules::riichi());
    assert_eq!(e.shanten(&h), 1);
    let u = e.ukeire(&h, &[0; 34]).unwrap();
    assert_eq!(u.tiles, set("147m"));
    assert_eq!(u.count, 12);
}

#[test]
fn nanchang_vectors() {
    let r = Rules::nanchang();
    let e = Engine::new(r);
    for win in [
        "123456789m55p124z",
        "123456789m55p134z",
        "123456789m55p567z",
        "123456m99m112344z",
        "147m258p369s12347z",
        "147m25p36s1234567z",
    ] {
        assert!(e.is_win(&hand(win, "", &r)), "{win} wins under nanchang");
    }
    let f = e.forms(&hand("147m25p36s1234567z", "", &r));
    assert_eq!(f.get(Form::Qixing), Some(0), "七星十三烂");
    assert_eq!(
        e.forms(&hand("147m258p369s12347z", "", &r))
            .get(Form::Shisanlan),
        Some(0)
    );
    assert!(!e.is_win(&hand("147m247p369s12347z", "", &r)));
    // The same honor runs are not melds under chinese rules.
    assert!(!Engine::new(Rules::chinese()).is_win(&hand(
        "123456789m55p124z",
        "",
        &Rules::chinese()
    )));
}

#[test]
fn wildcard_vectors() {
    for rules in [Rules::chinese(), Rules::nanchang(), Rules::riichi()] {
        let e = Engine::new(rules);
        assert!(e.is_win(&hand("1111m456789p1239s", "9s", &rules)), "5th 1m");
        assert!(
            e.is_win(&hand("123456789m123p12s", "1s2s", &rules)),
            "pair of wildcards"
        );
    }
    let r = Rules::nanchang();
    let h = hand("37m37p137s1234567z", "1s", &r);
    assert!(
        !Engine::new(r).is_win(&h),
        "no legal tile is left for the wildcard"
    );
    assert!(Engine::new(r).forms(&h).get(Form::Shisanlan).unwrap() > 0);
}

#[test]
fn nanchang_wild_indicator_helper() {
    use hupai::nanchang_wilds;
    use hupai::Tile;
    let t = |s: &str| Tile::parse(s).unwrap();
    assert_eq!(nanchang_wilds(t("5m")), (t("5m"), t("6m")));
    assert_eq!(nanchang_wilds(t("9p")), (t("9p"), t("1p")));
    assert_eq!(nanchang_wilds(t("3z")), (t("3z"), t("4z")));
    assert_eq!(nanchang_wilds(t("5z")), (t("5z"), t("7z")));
    assert_eq!(nanchang_wilds(t("6z")), (t("6z"), t("5z")));
}

#[test]
fn parse_errors_are_typed_and_readable() {
    let err = |h: &str, m: &[&str]| {
        m.iter()
            .fold(Hand::builder(h), |b, m| b.meld(m))
            .build()
            .unwrap_err()
            .to_string()
    };
    assert!(err("123q", &[]).contains("unknown character 'q'"));
    assert!(err("1234", &[]).contains("no suit letter"));
    assert!(err("22222p14m378p15s3z", &[]).contains("more than 4 copies of 2p"));
    assert!(err("229m39p3779s456z", &[]).starts_with("wrong tile count: 12 concealed + 0 melds"));
    assert!(err("1245556m278p", &["135s"]).starts_with("bad meld '135s'"));
    assert!(err("8z", &[]).contains("no tile 8z"));
    assert!(
        err("1111m22m33p44s5z", &["111m"]).contains("more than 4 copies of 1m in hand and melds")
    );
    assert_eq!(parse_tiles("0m0p0s").unwrap()[4], 1);
}
