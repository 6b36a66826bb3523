//! 南昌麻将 at the table: the first hands written by hand from the public rules
//! (docs/SCORING.md, "Nanchang at the table"), each payment named, the literal reference of
//! `tests/rooms/nanchang.rs` reading every event beside them — a win by self-draw and by
//! discard, who pays it, the dealer's double, the cap, 天胡 and 地胡, a 精 standing in, 精钓,
//! two winners on one discard, and the 精 settled after (冲关, 霸王精). `tests/nanchang_table.rs`
//! holds the random games, `tests/nanchang_hands.rs` the hands written since.

use hupai::game::room::{DiscardPays, NanchangRules, Reason, RoomAction, RoomEvent, RoomGame};
use reference::{dealer_deals_in_2z, one_hand, two_winners_wall, wall};
use rooms::{last_scores, paid, win_when_offered};

#[path = "rooms/nanchang.rs"]
#[allow(dead_code)] // the options and tile count the random games check
mod reference;
#[path = "rooms/mod.rs"]
mod rooms;

/// The 精 turned is 9s (9s and 1s wild). The dealer's fourteen tiles win at once with no 精:
/// 平胡 0, 德国 1, 自摸 1, 天胡 2 — four doublings, 16 from each, the dealer's double 32. Then
/// the 精: seat 1 holds 9s 9s 1s (5 points: 冲关 × 2, 10 from each other seat), seat 2 one
/// 1s (1 from each), seat 3 none.
#[test]
fn a_self_drawn_win_then_the_jing_settlement() {
    let w = wall(
        [
            "123m456m789p111z2z",
            "199s2345678s234p",
            "1s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let events = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    assert_eq!(events[1], RoomEvent::Jing { indicator: 26 });
    let fan = rooms::win_fan(&events, 0);
    assert_eq!(fan, Some(4));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 32), (2, 0, 32), (3, 0, 32)]
    );
    let mut jing = paid(&events, Reason::Jing);
    jing.sort();
    assert_eq!(
        jing,
        vec![
            (0, 1, 10),
            (0, 2, 1),
            (1, 2, 1),
            (2, 1, 10),
            (3, 1, 10),
            (3, 2, 1)
        ]
    );
    assert_eq!(last_scores(&events), [85, -3, -39, -43]);
}

/// Seat 1 wins on the dealer's 2z (平胡 0, 德国 1: 2). Every seat pays, the discarder twice:
/// the dealer 2 × 2 × its double = 8, the others 2; with `discard_pays=discarder` the dealer
/// alone, 4. Seat 3's lone 9s is 霸王精: 2 points doubled, 4 from each. Under 德国 +5 each
/// share is 7; under 霸王精 +10 the 9s is paid 12 by each.
#[test]
fn a_discard_is_paid_by_every_seat_or_by_the_discarder() {
    let w = wall(
        [
            "1379m13579p2468s",
            "123m456m789p111z2z",
            "2233445566m567z",
            "9s2244668p3344z7z",
        ],
        "2z",
        "9s",
    );
    let script = &mut |game: &RoomGame, seat: u8| {
        let two_z = RoomAction::discard("2z".parse().unwrap());
        if seat == 0 && game.legal(0).contains(two_z) {
            return Some(two_z);
        }
        win_when_offered(game, seat)
    };
    let events = one_hand(NanchangRules::default(), &w, script);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 8), (2, 1, 2), (3, 1, 2)]
    );
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(0, 3, 4), (1, 3, 4), (2, 3, 4)]
    );
    assert_eq!(last_scores(&events), [-12, 8, -6, 10]);
    let alone = NanchangRules {
        discard_pays: DiscardPays::Discarder,
        ..NanchangRules::default()
    };
    let events = one_hand(alone, &w, script);
    assert_eq!(paid(&events, Reason::Win), vec![(0, 1, 4)]);
    assert_eq!(last_scores(&events), [-8, 0, -4, 12]);
    // 德国 +5 (N4): the win is 德国, so each share is 2 + 5 = 7 before who pays and the
    // dealer's double: the dealer 7 × 2 × 2 = 28, the others 7.
    let plus_five = NanchangRules {
        de_guo_bonus: 5,
        ..NanchangRules::default()
    };
    let events = one_hand(plus_five, &w, script);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 28), (2, 1, 7), (3, 1, 7)]
    );
    // 霸王精 +10 (N2): seat 3's lone 9s, 2 points, adds 10 instead of doubling: 12 from each.
    let plus_ten = NanchangRules {
        ba_wang_bonus: 10,
        ..NanchangRules::default()
    };
    let events = one_hand(plus_ten, &w, script);
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(0, 3, 12), (1, 3, 12), (2, 3, 12)]
    );
    assert_eq!(last_scores(&events), [-20, 0, -14, 34]);
}

/// The dealer discards a 9s, the 正精: seat 1, holding two 9s beside its sets, is offered
/// nothing on it (no pon, no win on a 精); play goes on to its draw.
#[test]
fn a_discarded_jing_is_neither_called_nor_won_on() {
    let w = wall(
        [
            "1379m13579p2468s",
            "123m456m789p11z99s",
            "2233445566m567z",
            "2244668p3344z7z1s",
        ],
        "9s",
        "9s",
    );
    let nine_s = RoomAction::discard("9s".parse().unwrap());
    // 0 before the discard, 1 after it, then whether seat 1 was first asked a claim.
    let mut stage = 0;
    let mut claimed = None;
    one_hand(NanchangRules::default(), &w, &mut |game, seat| {
        if seat == 0 && stage == 0 && game.legal(0).contains(nine_s) {
            stage = 1;
            return Some(nine_s);
        }
        if stage == 1 && seat != 0 {
            stage = 2;
            claimed = Some((seat, game.legal(seat).contains(RoomAction::PASS)));
        }
        win_when_offered(game, seat)
    });
    assert_eq!(
        claimed,
        Some((1, false)),
        "seat 1 draws, no claim on the 精"
    );
}

/// The same 天胡 as above (32 from each); seat 1 alone holds 精 — three 9s (the indicator the
/// fourth) and a 1s, 7 points: 冲关 × 4 and 霸王精 × 2, 56 from each other seat.
#[test]
fn a_lone_holder_of_jing_doubles_its_chong_guan() {
    let w = wall(
        [
            "123m456m789p111z2z",
            "1999s2345678s23p",
            "55667788p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let events = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 32), (2, 0, 32), (3, 0, 32)]
    );
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(0, 1, 56), (2, 1, 56), (3, 1, 56)]
    );
    assert_eq!(last_scores(&events), [40, 136, -88, -88]);
}

/// The first hand's 天胡 (four doublings, 16) under other switches: without the dealer's
/// double 16 from each; with a cap of two doublings 4, doubled 8; with the 精 not settled,
/// the win alone.
#[test]
fn the_dealers_double_the_cap_and_the_jing_are_switches() {
    let w = wall(
        [
            "123m456m789p111z2z",
            "199s2345678s234p",
            "1s5566778p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let d = NanchangRules::default();
    let play = |rules: NanchangRules| one_hand(rules, &w, &mut win_when_offered);
    let no_double = play(NanchangRules {
        dealer_double: false,
        ..d
    });
    assert_eq!(
        paid(&no_double, Reason::Win),
        vec![(1, 0, 16), (2, 0, 16), (3, 0, 16)]
    );
    let capped = play(NanchangRules { cap: 2, ..d });
    assert_eq!(
        paid(&capped, Reason::Win),
        vec![(1, 0, 8), (2, 0, 8), (3, 0, 8)]
    );
    let no_jing = play(NanchangRules { jing: false, ..d });
    assert!(paid(&no_jing, Reason::Jing).is_empty());
    assert_eq!(last_scores(&no_jing), [96, -32, -32, -32]);
    // 天胡 flat (N5: 32): 32 stakes in place of the doublings, the dealer's double as ever.
    let flat = play(NanchangRules {
        heavenly_flat: 32,
        earthly_flat: 1,
        jing: false,
        ..d
    });
    assert_eq!(
        paid(&flat, Reason::Win),
        vec![(1, 0, 64), (2, 0, 64), (3, 0, 64)]
    );
}

/// Seat 1 wins on its first draw, no call made (地胡): 平胡 0, 德国 1, 自摸 1, 地胡 2 — 16 from
/// each, the dealer paying double. (The dealer's 8s passes: a 3z would have won, 1z 2z 3z an
/// honor run.)
#[test]
fn an_earthly_hand_is_paid_double_by_the_dealer() {
    let w = rooms::wall(
        [
            "1379m13579p2468s",
            "123m456m789p111z2z",
            "2233445566m567z",
            "2244668p3344z7z8s",
        ],
        "8s",
        &["2z"],
        &["9s"],
        136,
    );
    let events = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    let fan = rooms::win_fan(&events, 1);
    assert_eq!(fan, Some(4));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 32), (2, 1, 16), (3, 1, 16)]
    );
    // 地胡 flat (the 40), at a stake of 2: 80 from each, 160 from the dealer.
    let flat = NanchangRules {
        earthly_flat: 40,
        heavenly_flat: 1,
        stake: 2,
        ..NanchangRules::default()
    };
    let events = one_hand(flat, &w, &mut win_when_offered);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 160), (2, 1, 80), (3, 1, 80)]
    );
}

/// The dealer's fourteen tiles win with its 9s, the 正精, standing for a 9p (no 德国): 平胡 0,
/// 自摸 1, 天胡 2 — 8, doubled 16 from each; its lone 9s is then 霸王精: 2 points doubled, 4 from
/// each.
#[test]
fn a_jing_stands_in_and_is_settled_too() {
    let w = wall(
        [
            "123m456m78p9s111z2z",
            "2345678s234p6z7z4m",
            "55667788p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let events = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    let fan = rooms::win_fan(&events, 0);
    assert_eq!(fan, Some(3));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 16), (2, 0, 16), (3, 0, 16)]
    );
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(1, 0, 4), (2, 0, 4), (3, 0, 4)]
    );
    assert_eq!(last_scores(&events), [60, -20, -20, -20]);
}

/// Seats 1 and 3 both win on the dealer's 2z (德国 each: 2). Every other seat pays each of
/// them, the dealer twice and doubled (8), the other winner too (2); seat 3's lone 1s, a 副精,
/// is 霸王精: 1 point doubled, 2 from each.
#[test]
fn two_winners_on_one_discard_are_each_paid_by_every_other_seat() {
    let w = two_winners_wall();
    let script = &mut dealer_deals_in_2z;
    let events = one_hand(NanchangRules::default(), &w, script);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![
            (0, 1, 8),
            (2, 1, 2),
            (3, 1, 2),
            (0, 3, 8),
            (1, 3, 2),
            (2, 3, 2)
        ]
    );
    assert_eq!(
        paid(&events, Reason::Jing),
        vec![(0, 3, 2), (1, 3, 2), (2, 3, 2)]
    );
    assert_eq!(last_scores(&events), [-18, 8, -6, 16]);
}

/// The dealer's 9s, the 正精, pairs its fourteenth tile, 2z (精钓): 平胡 0, 精钓 1, 自摸 1,
/// 天胡 2 — 16, doubled 32 from each; then its 霸王精, 4 from each.
#[test]
fn a_jing_pairing_the_winning_tile_is_jing_diao() {
    let w = wall(
        [
            "123m456m789p111z9s",
            "2345678s234p6z7z4m",
            "55667788p33z44z5z",
            "789m5566z77z2233s",
        ],
        "2z",
        "9s",
    );
    let events = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    let fan = rooms::win_fan(&events, 0);
    assert_eq!(fan, Some(4));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 32), (2, 0, 32), (3, 0, 32)]
    );
    assert_eq!(last_scores(&events), [108, -36, -36, -36]);
}

/// Seat 1 discards the 2z it drew and seat 2 wins on it (德国: 2): under `all` seat 1 pays
/// twice (4), the dealer once doubled (4), seat 3 once (2); under `discarder` seat 1 alone, 2.
#[test]
fn who_pays_a_discard_between_two_seats_that_do_not_deal() {
    let w = rooms::wall(
        [
            "1379m13579p2468s",
            "2233445566m567z",
            "123m456m789p111z2z",
            "2244668p3344z7z8s",
        ],
        "8s",
        &["2z"],
        &["9s"],
        136,
    );
    let all = one_hand(NanchangRules::default(), &w, &mut win_when_offered);
    assert_eq!(
        paid(&all, Reason::Win),
        vec![(1, 2, 4), (0, 2, 4), (3, 2, 2)]
    );
    let alone = NanchangRules {
        discard_pays: DiscardPays::Discarder,
        ..NanchangRules::default()
    };
    let alone = one_hand(alone, &w, &mut win_when_offered);
    assert_eq!(paid(&alone, Reason::Win), vec![(1, 2, 2)]);
    assert_eq!(last_scores(&alone), [0, -2, 2, 0]);
}
