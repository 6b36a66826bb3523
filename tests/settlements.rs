//! Who pays a riichi win, on records written by hand as Tenhou pays them: a double ron's honba
//! and riichi sticks to the winner nearest the discarder (上家取り), the honba to each winner
//! under `MultipleRon::HonbaToEach`; 責任払い (pao) of 大三元 — the seat that fed the third
//! dragon set pays a tsumo whole (and its honba) and half a ron off another seat; the abortive
//! draws (四風連打, 三家和, 四槓散了) ended where Tenhou ends them, and nagashi mangan paid as a
//! mangan tsumo.

use hupai::record::{check_wins, check_wins_under, lines, play_round};
use hupai::{MultipleRon, Pao, TableRules};

/// A riichi round in hupai's lines: its head, then `events`, one JSON object a line.
fn round(head: &str, events: &[&str]) -> String {
    let mut text = String::from(
        "{\"game\": {\"players\": [\"A\", \"B\", \"C\", \"D\"], \"rules\": \"riichi\"}}\n",
    );
    text.push_str(head);
    for e in events {
        text.push('\n');
        text.push_str(e);
    }
    text
}

/// Plays every round of `text` at the table (`hupai::game`): every recorded action legal,
/// every settlement the record's.
fn at_table(text: &str) {
    let record = lines::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    for (i, round) in record.rounds.iter().enumerate() {
        let c = play_round(i, round);
        assert!(c.disagreements.is_empty(), "{:?}\n{text}", c.disagreements);
        assert_eq!(c.actions_checked, c.actions_legal);
        assert!(c.settlements_checked > 0);
        assert_eq!(c.settlements_checked, c.settlements_agree);
    }
}

/// The changes each recorded win is scored to, under `table`.
fn scored(text: &str, table: &TableRules) -> Vec<[i32; 4]> {
    let record = lines::read(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    check_wins_under(&record, table)
        .into_iter()
        .map(|c| c.scored.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// The dealer (seat 0) deals in on its first discard: seat 1 (tanyao, kanchan 5p: 1 han 40
/// fu, 1,300) and seat 2 (tanyao pinfu on 2p-5p: 2 han 30 fu, 2,000) both win; 2 honba and a
/// riichi stick on the table.
const DOUBLE_RON: &str = r#"{"round": {"kyoku": 0, "honba": 2, "sticks": 1, "dora": "1z", "hands": ["19m19p19s1234567z", "234567m234s66s46p", "345678m456s77s34p", "111999m111999p5z"]}}"#;

#[test]
fn a_double_ron_pays_the_honba_and_the_sticks_to_the_nearest_winner() {
    let events = [
        r#"{"draw": {"seat": 0, "tile": "5p"}}"#,
        r#"{"discard": {"seat": 0, "tile": "5p", "tsumogiri": true}}"#,
        // Tenhou's payments: seat 1, next after the discarder, takes 600 honba and the stick.
        r#"{"win": {"seat": 1, "from": 0, "deltas": [-1900, 2900, 0, 0]}}"#,
        r#"{"win": {"seat": 2, "from": 0, "deltas": [-2000, 0, 2000, 0]}}"#,
    ];
    let text = round(DOUBLE_RON, &events);
    let record = lines::read(&text).unwrap();
    let checks = check_wins(&record);
    assert!(checks.iter().all(|c| c.agrees()), "{checks:?}");
    at_table(&text);
    // The record's order does not decide: the nearest winner does.
    let swapped = round(DOUBLE_RON, &[events[0], events[1], events[3], events[2]]);
    let checks = check_wins(&lines::read(&swapped).unwrap());
    assert!(checks.iter().all(|c| c.agrees()), "{checks:?}");
    // Each winner is paid the honba where the rules say so; the stick still to the nearest.
    let each = TableRules {
        multiple_ron: MultipleRon::HonbaToEach,
        ..TableRules::default()
    };
    assert_eq!(
        scored(&text, &each),
        [[-1900, 2900, 0, 0], [-2600, 0, 2600, 0]]
    );
}

/// Seat 1 pons 5z and 6z off the dealer and 7z off seat 2, then wins on a 4p tanki: 大三元.
const PAO: &str = r#"{"round": {"kyoku": 0, "honba": 1, "dora": "9s", "hands": ["1m1m9m9m1p1p9p2s2s8s8s5z6z", "5z5z6z6z7z7z1m2m3m4p9s9p1s", "7z3m3m3m6m6m2p2p3s3s4s4s1z", "4m4m5m5m7m7m5p5p6p6p7p7p2z"]}}"#;

/// The events of the pao round to the moment seat `winner_from` discards the 4p or seat 1
/// draws it.
fn pao_events(last: &[&'static str]) -> Vec<&'static str> {
    let mut e = vec![
        r#"{"draw": {"seat": 0, "tile": "1z"}}"#,
        r#"{"discard": {"seat": 0, "tile": "5z"}}"#,
        r#"{"call": {"seat": 1, "kind": "pon", "tile": "5z", "hand": "5z5z", "from": 0}}"#,
        r#"{"discard": {"seat": 1, "tile": "9s"}}"#,
        r#"{"draw": {"seat": 2, "tile": "2z"}}"#,
        r#"{"discard": {"seat": 2, "tile": "2z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 3, "tile": "3z"}}"#,
        r#"{"discard": {"seat": 3, "tile": "3z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 0, "tile": "4z"}}"#,
        r#"{"discard": {"seat": 0, "tile": "6z"}}"#,
        r#"{"call": {"seat": 1, "kind": "pon", "tile": "6z", "hand": "6z6z", "from": 0}}"#,
        r#"{"discard": {"seat": 1, "tile": "9p"}}"#,
        r#"{"draw": {"seat": 2, "tile": "8p"}}"#,
        r#"{"discard": {"seat": 2, "tile": "7z"}}"#,
        r#"{"call": {"seat": 1, "kind": "pon", "tile": "7z", "hand": "7z7z", "from": 2}}"#,
        r#"{"discard": {"seat": 1, "tile": "1s"}}"#,
    ];
    e.extend_from_slice(last);
    e
}

#[test]
fn pao_makes_the_feeder_of_the_third_dragon_set_pay() {
    // Tsumo: seat 2, who fed the 7z, pays the yakuman whole and the honba.
    let tsumo = pao_events(&[
        r#"{"draw": {"seat": 2, "tile": "3z"}}"#,
        r#"{"discard": {"seat": 2, "tile": "3z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 3, "tile": "4z"}}"#,
        r#"{"discard": {"seat": 3, "tile": "4z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 0, "tile": "2z"}}"#,
        r#"{"discard": {"seat": 0, "tile": "2z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 1, "tile": "4p"}}"#,
        r#"{"win": {"seat": 1, "from": 1, "deltas": [0, 32300, -32300, 0]}}"#,
    ]);
    let text = round(PAO, &tsumo);
    let checks = check_wins(&lines::read(&text).unwrap());
    assert!(checks.iter().all(|c| c.agrees()), "{checks:?}");
    at_table(&text);
    // Without pao every seat pays its share.
    let off = TableRules {
        pao: Pao::Off,
        ..TableRules::default()
    };
    assert_eq!(scored(&text, &off), [[-16100, 32300, -8100, -8100]]);
    // Ron off the dealer: seat 2 pays half, the dealer the other half and the honba.
    let ron = pao_events(&[
        r#"{"draw": {"seat": 2, "tile": "3z"}}"#,
        r#"{"discard": {"seat": 2, "tile": "3z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 3, "tile": "4z"}}"#,
        r#"{"discard": {"seat": 3, "tile": "4z", "tsumogiri": true}}"#,
        r#"{"draw": {"seat": 0, "tile": "4p"}}"#,
        r#"{"discard": {"seat": 0, "tile": "4p", "tsumogiri": true}}"#,
        r#"{"win": {"seat": 1, "from": 0, "deltas": [-16300, 32300, -16000, 0]}}"#,
    ]);
    let checks = check_wins(&lines::read(&round(PAO, &ron)).unwrap());
    assert!(checks.iter().all(|c| c.agrees()), "{checks:?}");
    at_table(&round(PAO, &ron));
    // Ron off the liable seat itself: it pays it all.
    let own = pao_events(&[
        r#"{"draw": {"seat": 2, "tile": "4p"}}"#,
        r#"{"discard": {"seat": 2, "tile": "4p", "tsumogiri": true}}"#,
        r#"{"win": {"seat": 1, "from": 2, "deltas": [0, 32300, -32300, 0]}}"#,
    ]);
    let checks = check_wins(&lines::read(&round(PAO, &own)).unwrap());
    assert!(checks.iter().all(|c| c.agrees()), "{checks:?}");
    at_table(&round(PAO, &own));
}

/// The abortive draws as Tenhou ends them, on rounds written by hand: each recorded action
/// legal at the table, the round ended by the table where the record ends it, nothing paid.
/// 四風連打 (the four seats' first discards the same wind, no call), 三家和 (three seats ron
/// one discard), 四槓散了 (a fourth kan by a second seat, its discard passed).
#[test]
fn the_abortive_draws_end_where_tenhou_ends_them() {
    let none = r#"{"end": {"reason": "REASON", "deltas": [0, 0, 0, 0]}}"#;
    // 四風連打: each seat holds one 1z and discards it first.
    let winds = round(
        r#"{"round": {"kyoku": 0, "dora": "9s", "hands": ["1z2m3m4m6m7m8m2p3p4p6p7p8p", "1z2m3m4m6m7m8m2p3p4p6p7p8p", "1z2m3m4m6m7m8m2p3p4p6p7p8p", "1z2m3m4m6m7m8m2p3p4p2s3s4s"]}}"#,
        &[
            r#"{"draw": {"seat": 0, "tile": "9m"}}"#,
            r#"{"discard": {"seat": 0, "tile": "1z"}}"#,
            r#"{"draw": {"seat": 1, "tile": "9m"}}"#,
            r#"{"discard": {"seat": 1, "tile": "1z"}}"#,
            r#"{"draw": {"seat": 2, "tile": "9m"}}"#,
            r#"{"discard": {"seat": 2, "tile": "1z"}}"#,
            r#"{"draw": {"seat": 3, "tile": "9m"}}"#,
            r#"{"discard": {"seat": 3, "tile": "1z"}}"#,
            &none.replace("REASON", "四風連打"),
        ],
    );
    at_table(&winds);
    // 三家和: the dealer's first discard, 5p, is the win of the three others (tanyao each).
    let three = round(
        r#"{"round": {"kyoku": 0, "dora": "1z", "hands": ["19m19p19s1234567z", "234567m234s66s46p", "345678m456s77s34p", "234678p345s888s5p"]}}"#,
        &[
            r#"{"draw": {"seat": 0, "tile": "5p"}}"#,
            r#"{"discard": {"seat": 0, "tile": "5p", "tsumogiri": true}}"#,
            &none.replace("REASON", "三家和了"),
        ],
    );
    at_table(&three);
    // 四槓散了: the dealer's two closed kans, then seat 1's two; seat 1's discard passes.
    let kans = round(
        r#"{"round": {"kyoku": 0, "dora": "9s", "hands": ["1m1m1m1m2m2m2m2m1z2z3z4z5z", "3m3m3m3m4m4m4m4m1z2z3z4z5z", "6p7p8p6s7s8s1p2p3p5s6s9m9m", "6p7p8p6s7s8s1p2p3p5s6s9m9m"]}}"#,
        &[
            r#"{"draw": {"seat": 0, "tile": "6z"}}"#,
            r#"{"call": {"seat": 0, "kind": "ankan", "hand": "1m1m1m1m"}}"#,
            r#"{"draw": {"seat": 0, "tile": "7z"}}"#,
            r#"{"call": {"seat": 0, "kind": "ankan", "hand": "2m2m2m2m"}}"#,
            r#"{"draw": {"seat": 0, "tile": "6z"}}"#,
            r#"{"discard": {"seat": 0, "tile": "6z"}}"#,
            r#"{"draw": {"seat": 1, "tile": "7z"}}"#,
            r#"{"call": {"seat": 1, "kind": "ankan", "hand": "3m3m3m3m"}}"#,
            r#"{"draw": {"seat": 1, "tile": "6z"}}"#,
            r#"{"call": {"seat": 1, "kind": "ankan", "hand": "4m4m4m4m"}}"#,
            r#"{"draw": {"seat": 1, "tile": "7z"}}"#,
            r#"{"discard": {"seat": 1, "tile": "7z", "tsumogiri": true}}"#,
            &none.replace("REASON", "四槓散了"),
        ],
    );
    at_table(&kans);
    // Seat 3 discards another wind: the table plays on, and the record ending there disagrees.
    let broken = winds
        .replace(
            r#""1z2m3m4m6m7m8m2p3p4p2s3s4s""#,
            r#""2z2m3m4m6m7m8m2p3p4p2s3s4s""#,
        )
        .replace(
            r#"{"seat": 3, "tile": "1z"}"#,
            r#"{"seat": 3, "tile": "2z"}"#,
        );
    let record = lines::read(&broken).unwrap();
    let c = play_round(0, &record.rounds[0]);
    assert_eq!(c.actions_checked, c.actions_legal);
    assert!(
        c.disagreements
            .iter()
            .any(|d| d.contains("not at the table")),
        "{:?}",
        c.disagreements
    );
}

/// Nagashi mangan as Tenhou pays it: a round built so that seat 1's every draw is a terminal
/// or an honor and every seat throws its draw back and calls nothing. At the exhaustive draw
/// seat 1's river is terminals and honors alone, none called: a mangan tsumo of a
/// non-dealer, 4,000 from the dealer and 2,000 from each other seat, and no tenpai payments.
/// The round, written as mjai and read back, plays at the table alike.
#[test]
fn nagashi_mangan_is_paid_as_a_mangan_tsumo() {
    use hupai::game::{Action, Game, GameEvent, GameRules, Layout, Phase, RoundStart};
    let terminal = |id: u8| matches!(id / 4, 0 | 8 | 9 | 17 | 18 | 26 | 27..=33);
    let (mut edge, mut simple): (Vec<u8>, Vec<u8>) = (0..136u8).partition(|&id| terminal(id));
    let mut wall = [0u8; 136];
    // Draw k of the round is wall[52 + k], seat k % 4's (the dealer is seat 0).
    let mut filled = [false; 136];
    for k in (1..70).step_by(4) {
        wall[Layout::FIRST_DRAW + k] = edge.pop().unwrap();
        filled[Layout::FIRST_DRAW + k] = true;
    }
    let mut rest = simple.drain(..).chain(edge.drain(..));
    for (slot, done) in wall.iter_mut().zip(filled) {
        if !done {
            *slot = rest.next().unwrap();
        }
    }
    // The dealt hands and the other seats' draws take the simples first: no other river is
    // terminals alone.
    let start = RoundStart {
        round: 0,
        honba: 0,
        sticks: 0,
        scores: [25_000; 4],
    };
    let mut game = Game::at_round(GameRules::default(), start, wall).unwrap();
    let mut text = String::new();
    while matches!(game.phase(), Phase::Turn(_) | Phase::Claims) {
        let seat = game.to_act().first().unwrap();
        let a = match game.drawn(seat) {
            Some(id) if game.phase() == Phase::Turn(seat) => Action::discard(
                hupai::Tile::from_index((id / 4) as usize),
                game.is_red_id(id),
            ),
            _ => Action::PASS,
        };
        game.step(seat, a).unwrap();
    }
    game.write_events(None, &mut text);
    let deltas: Vec<[i32; 4]> = game
        .events()
        .iter()
        .filter_map(|e| match e {
            GameEvent::Ryukyoku { deltas, .. } => Some(*deltas),
            _ => None,
        })
        .collect();
    assert_eq!(deltas, [[-4000, 8000, -2000, -2000]], "{text}");
    let record = hupai::record::mjai::read(&text).unwrap();
    let c = play_round(0, &record.rounds[0]);
    assert!(c.disagreements.is_empty(), "{:?}", c.disagreements);
    assert_eq!((c.settlements_checked, c.settlements_agree), (1, 1));
}
