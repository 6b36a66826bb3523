//! Guobiao (Chinese Official, MCR) at the table (`hupai::game::room`), checked against a
//! literal reference kept beside each game: every hand rebuilt from the events alone, the 136
//! tiles counted at every step, every seat's options on a discard (chi of the seat before
//! alone, pon, kong, a win) and on its draw (a win) found again from the hands, and every
//! payment read against the room's rules as docs/SCORING.md ("Guobiao at the table") writes
//! them — a win of at least the minimum fans (the scorer's fans for the reference's own hand,
//! with the round and seat winds, 和绝张 from the tiles in sight, the wall's last tile, a kong's
//! tile), `base + fans` from the discarder and `base` from each other seat, `base + fans` from
//! each on a self-draw, one winner on a discard unless the switch says, the next dealer — over
//! random games under several switch sets (100,000 in the ignored pass) and hands written by
//! hand.

use hupai::game::room::{GuobiaoRules, NextDealer, Reason, RoomAction, RoomEvent, RoomGame};
use hupai::{Engine, Rules, Tile, TileSet, Win};
use rooms::seen::Seen;
use rooms::{last_scores, paid, win_when_offered};

#[path = "rooms/mod.rs"]
mod rooms;

/// The scorer the reference asks (made once: the options are checked at every step).
static GUOBIAO: std::sync::LazyLock<Engine<'static>> =
    std::sync::LazyLock::new(|| Engine::new(Rules::guobiao()));

/// A payment owed: its payee, and each payer with the amount.
type Owed = (u8, Vec<(u8, i64)>);

/// What the reference keeps of a hand.
#[derive(Clone)]
struct Reference {
    /// The play as the events show it.
    seen: Seen,
    /// The tiles of each kind in sight: in the rivers or shown in a call (a closed kong's
    /// are face down).
    in_sight: [u8; 34],
    scores: [i64; 4],
    hand: u16,
    dealer: u8,
    next_dealer: Option<u8>,
    /// The wins of the hand: winner and discarder.
    wins: Vec<(u8, Option<u8>)>,
    robbed: bool,
    expect: Vec<Owed>,
    /// Wins counted 和绝张.
    last_copies: u64,
}

impl Default for Reference {
    fn default() -> Reference {
        Reference {
            seen: Seen::default(),
            in_sight: [0; 34],
            scores: [0; 4],
            hand: 0,
            dealer: 0,
            next_dealer: None,
            wins: Vec::new(),
            robbed: false,
            expect: Vec::new(),
            last_copies: 0,
        }
    }
}

impl Reference {
    /// Tiles left to draw.
    fn left(&self) -> u32 {
        136 - self.seen.drawn
    }

    /// Reads one event; panics (the test fails) where the table broke a rule.
    fn read(&mut self, e: &RoomEvent, rules: &GuobiaoRules) {
        match *e {
            RoomEvent::Deal {
                ref hands,
                dealer,
                hand,
            } => {
                if let Some(d) = self.next_dealer {
                    assert_eq!(dealer, d, "the dealer");
                    assert_eq!(hand, self.hand + 1, "the hand's number");
                }
                *self = Reference {
                    seen: Seen::dealt(hands),
                    scores: self.scores,
                    last_copies: self.last_copies,
                    hand,
                    dealer,
                    ..Reference::default()
                };
            }
            RoomEvent::Draw { .. }
            | RoomEvent::Discard { .. }
            | RoomEvent::Chi { .. }
            | RoomEvent::Pon { .. }
            | RoomEvent::Kong { .. } => {
                assert!(self.wins.is_empty(), "play after the win");
                // What the play shows: a discard, a call's tiles from the hand (a closed
                // kong's are face down).
                let (kind, n) = match *e {
                    RoomEvent::Discard { tile, .. } => (tile, 1),
                    RoomEvent::Pon { tile, .. } => (tile, 2),
                    RoomEvent::Kong {
                        tile, from, added, ..
                    } => (
                        tile,
                        if added {
                            1
                        } else {
                            3 * u8::from(from.is_some())
                        },
                    ),
                    RoomEvent::Chi { tile, low, .. } => {
                        (low..low + 3)
                            .filter(|&k| k != tile)
                            .for_each(|k| self.in_sight[k as usize] += 1);
                        (tile, 0)
                    }
                    _ => (0, 0),
                };
                self.in_sight[kind as usize] += n;
                self.seen.play(e, self.left());
            }
            RoomEvent::Win {
                seat,
                from,
                tile,
                fan,
            } => {
                let second = self
                    .wins
                    .last()
                    .is_some_and(|w| w.1.is_some() && w.1 == from);
                assert!(!second || rules.multiple_wins, "two winners on one discard");
                let robbing = match from {
                    Some(_) if second => self.robbed,
                    Some(f) => self.seen.discard != Some((f, tile)),
                    None => false,
                };
                self.robbed = robbing;
                let mut held = self.seen.hands[seat as usize];
                if from.is_some() {
                    held[tile as usize] += 1;
                }
                let (each, scored, last_copy) = self
                    .value(seat, &held, tile, from, robbing, rules)
                    .unwrap_or_else(|| panic!("{e:?}: no win of {} fans", rules.minimum));
                assert_eq!(fan, scored);
                self.last_copies += u64::from(last_copy);
                let stake = i64::from(rules.stake);
                let base = i64::from(rules.base) * stake;
                let payers = (0..4)
                    .filter(|&q| q != seat)
                    .map(|q| match from {
                        Some(f) if q != f => (q, base),
                        _ => (q, each),
                    })
                    .collect();
                self.expect.push((seat, payers));
                if let (Some(f), false) = (from, second) {
                    self.seen.takes_win(seat, f, tile, robbing);
                }
                self.wins.push((seat, from));
            }
            RoomEvent::Pay {
                from,
                to,
                amount,
                reason,
            } => {
                assert!(amount > 0, "{e:?}");
                assert_eq!(reason, Reason::Win, "Guobiao pays wins alone: {e:?}");
                self.scores[from as usize] -= amount;
                self.scores[to as usize] += amount;
                let i = self
                    .expect
                    .iter()
                    .position(|(p, ps)| *p == to && ps.iter().any(|x| x.0 == from))
                    .unwrap_or_else(|| panic!("{e:?} not owed: {:?}", self.expect));
                let payers = &mut self.expect[i].1;
                let j = payers.iter().position(|x| x.0 == from).unwrap();
                assert_eq!(payers.remove(j).1, amount, "{e:?}");
            }
            RoomEvent::EndHand { scores } => {
                assert_eq!(scores, self.scores);
                for (p, ps) in &self.expect {
                    assert!(ps.iter().all(|x| x.1 == 0), "to {p}: {ps:?} unpaid");
                }
                self.next_dealer = Some(match (rules.next_dealer, self.wins.first()) {
                    (NextDealer::Rotate, _) => (self.dealer + 1) % 4,
                    (NextDealer::FirstWinner, Some(w)) => w.0,
                    (NextDealer::FirstWinner, None) => self.dealer,
                });
            }
            RoomEvent::EndGame { scores } => assert_eq!(scores, self.scores),
            _ => panic!("Guobiao has no {e:?}"),
        }
    }

    /// What `seat`'s hand `held` (the winning `tile` in it) is paid by its discarder, or each
    /// seat on a self-draw (`base + fans`, times the stake), its fans, and whether it was
    /// 和绝张; none below the minimum or for no win. The scorer's fans for the reference's own
    /// hand, calls and moment: the seat wind from the dealer, the round wind from the hand's
    /// number (east for hands 0–3, south 4–7, …), 和绝张 when the other three of the tile's
    /// kind are in sight, the wall's last tile, a kong's tile.
    fn value(
        &self,
        seat: u8,
        held: &[u8; 34],
        tile: u8,
        from: Option<u8>,
        robbing: bool,
        rules: &GuobiaoRules,
    ) -> Option<(i64, u32, bool)> {
        let hand = self.seen.winning_hand(seat, held, tile)?;
        let tsumo = from.is_none();
        let last = self.left() == 0;
        // The winning tile itself does not count among the three in sight: a discard is in
        // a river, a robbed tile is not.
        let discarded = from.is_some() && !robbing;
        let others = self.in_sight[tile as usize] - u8::from(discarded);
        let win = Win {
            tsumo,
            seat_wind: Tile::from_index(27 + ((seat + 4 - self.dealer) % 4) as usize),
            round_wind: Tile::from_index(27 + (self.hand / 4 % 4) as usize),
            rinshan: tsumo && self.seen.kong_draw,
            haitei: tsumo && !self.seen.kong_draw && last,
            chankan: robbing,
            houtei: !tsumo && !robbing && last,
            last_copy: others == 3,
            ..Win::default()
        };
        let s = GUOBIAO.score(&hand, &win).ok()?.mcr()?;
        (s.total >= u32::from(rules.minimum)).then(|| {
            let each = (i64::from(rules.base) + i64::from(s.total)) * i64::from(rules.stake);
            (each, s.total, others == 3)
        })
    }

    /// What `seat` may do now as the reference reads the rules, against what the table
    /// offers: on its own draw a win; on another's discard a win, pon and kong (not of the
    /// last tile), chi for the seat after the discarder alone.
    fn check_options(&self, game: &RoomGame, seat: u8, rules: &GuobiaoRules) {
        let legal = game.legal(seat);
        let h = &self.seen.hands[seat as usize];
        match (self.seen.drew, self.seen.discard) {
            (Some((d, t)), None) if d == seat => {
                let win = self.value(seat, h, t, None, false, rules).is_some();
                assert_eq!(
                    legal.contains(RoomAction::WIN),
                    win,
                    "seat {seat}: {legal:?}"
                );
            }
            (None, Some((f, t))) if f != seat => {
                let mut held = *h;
                held[t as usize] += 1;
                let win = self.value(seat, &held, t, Some(f), false, rules).is_some();
                let n = h[t as usize];
                let calls = self.left() > 0;
                let mut want = vec![win, calls && n >= 2, calls && n == 3];
                for at in 0..3u8 {
                    let rank = t % 9;
                    let fits = calls
                        && seat == (f + 1) % 4
                        && t < 27
                        && rank >= at
                        && rank - at <= 6
                        && (t - at..t - at + 3).all(|k| k == t || h[k as usize] > 0);
                    want.push(fits);
                }
                let got = [
                    RoomAction::WIN,
                    RoomAction::PON,
                    RoomAction::KONG,
                    RoomAction::chi(0),
                    RoomAction::chi(1),
                    RoomAction::chi(2),
                ]
                .map(|a| legal.contains(a));
                assert_eq!(got.to_vec(), want, "seat {seat} on {t} from {f}");
            }
            // A tile added to a pon, offered to be robbed, or a turn after a call.
            _ => {}
        }
    }

    /// The 136 tiles: concealed, melded, in the rivers and in the wall.
    fn tiles(&self, left: u8) -> u32 {
        self.seen.tiles() + u32::from(left)
    }
}

/// What a run met: steps, wins, payments, 和绝张 wins.
type Met = (u64, u64, u64, u64);

/// Plays `games` games under `rules`, the reference beside each step.
fn play_random(games: u64, rules: GuobiaoRules) -> Met {
    let engine = Engine::new(Rules::guobiao());
    let mut last_copies = 0;
    let run = rooms::play_random(
        games,
        rules.into(),
        |r: &mut Reference, e| {
            r.read(e, &rules);
            if matches!(e, RoomEvent::EndGame { .. }) {
                last_copies += r.last_copies;
            }
        },
        |r, game, g| {
            for s in 0..4 {
                assert_eq!(game.hand(s), &r.seen.hands[s as usize], "game {g}");
            }
            assert_eq!(r.tiles(game.tiles_left()), 136, "game {g}");
            game.to_act()
                .iter()
                .for_each(|s| r.check_options(game, s, &rules));
        },
        |game, seat, pick| rooms::greedy(game, seat, pick, &engine, 1, TileSet::EMPTY),
    );
    (run.steps, run.wins, run.pays, last_copies)
}

/// The switch sets the random games play: the default, and two that change every payment.
fn switch_sets() -> [GuobiaoRules; 3] {
    let d = GuobiaoRules::default();
    [
        d,
        GuobiaoRules {
            minimum: 0,
            base: 5,
            stake: 3,
            multiple_wins: true,
            next_dealer: NextDealer::FirstWinner,
            hands: 6,
        },
        GuobiaoRules {
            minimum: 12,
            base: 0,
            ..d
        },
    ]
}

#[test]
fn random_games_keep_the_tiles_and_every_payment_as_the_rules_say() {
    for rules in switch_sets() {
        let (steps, wins, pays, last) = play_random(60, rules);
        eprintln!("{steps} steps, {wins} wins, {pays} payments, {last} 和绝张");
        assert!(
            steps > 10_000 && wins > 60 && pays > 100,
            "{steps} {wins} {pays}"
        );
    }
}

/// Every combination of the switches that change a payment or a win: the minimum 0, 8 or 16
/// (3), the base 0 or 8 (2), one winner or several on a discard (2), the stake 1 or 3 (2) —
/// 24 sets, who deals next taking turns.
fn every_switch_set() -> Vec<GuobiaoRules> {
    let d = GuobiaoRules::default();
    (0..24u32)
        .map(|i| GuobiaoRules {
            minimum: [0, 8, 16][(i / 8) as usize],
            base: if i & 1 == 1 { 0 } else { 8 },
            multiple_wins: i & 2 == 2,
            stake: if i & 4 == 4 { 3 } else { 1 },
            next_dealer: if i % 3 == 0 {
                NextDealer::FirstWinner
            } else {
                NextDealer::Rotate
            },
            ..d
        })
        .collect()
}

#[test]
#[ignore = "100,000 games over every switch set: the property run (HUPAI_GAMES to change)"]
fn a_hundred_thousand_random_games() {
    let n = rooms::property_games();
    let sets = every_switch_set();
    let each = n.div_ceil(sets.len() as u64);
    let mut met = (0, 0, 0, 0);
    for rules in sets.iter().copied() {
        let run = play_random(each, rules);
        met = (met.0 + run.0, met.1 + run.1, met.2 + run.2, met.3 + run.3);
    }
    eprintln!(
        "{} games over {} switch sets: {} steps, {} wins, {} payments, {} 和绝张",
        each * sets.len() as u64,
        sets.len(),
        met.0,
        met.1,
        met.2,
        met.3
    );
}

fn wall(hands: [&str; 4], fourteenth: &str, front: &[&str]) -> Vec<u8> {
    rooms::wall(hands, fourteenth, front, &[], 136)
}

/// One hand under `rules` on `w`, dealer 0, `script` answering where it will (else pass, or
/// discard the tile drawn): the events.
fn one_hand(
    rules: GuobiaoRules,
    w: &[u8],
    script: &mut dyn FnMut(&RoomGame, u8) -> Option<RoomAction>,
) -> Vec<RoomEvent> {
    let mut reference = Reference::default();
    rooms::drive(
        RoomGame::at_hand(rules, 0, w).unwrap(),
        &mut |e| reference.read(e, &rules),
        script,
    )
}

fn t(text: &str) -> Tile {
    text.parse().unwrap()
}

/// The dealer's fourteenth completes 一气化龙 in 万 with a 中 pung and a lone 东: 清龙 16,
/// 混一色 6, 箭刻 2, 不求人 4 (it takes 自摸's place), 单钓将 1 — 29 fans, `8 + 29` from each.
#[test]
fn a_self_drawn_win_is_paid_base_and_fans_by_each() {
    let w = wall(
        [
            "123456789m555z1z",
            "1133557799p246s",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut win_when_offered);
    let fan = events.iter().find_map(|e| match *e {
        RoomEvent::Win { seat: 0, fan, .. } => Some(fan),
        _ => None,
    });
    assert_eq!(fan, Some(29));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 37), (2, 0, 37), (3, 0, 37)]
    );
    assert_eq!(last_scores(&events), [111, -37, -37, -37]);
}

/// The dealer discards the 1z its neighbour waits on (the same 29-fan hand but 门前清 2 for
/// 不求人 and no 自摸): the discarder pays `8 + 27`, the two others 8 each.
#[test]
fn a_discard_is_paid_base_and_fans_by_the_discarder_and_base_by_the_others() {
    let w = wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &[],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        if seat == 0 && game.legal(0).contains(RoomAction::discard(t("1z"))) {
            return Some(RoomAction::discard(t("1z")));
        }
        win_when_offered(game, seat)
    });
    let fan = events.iter().find_map(|e| match *e {
        RoomEvent::Win { seat: 1, fan, .. } => Some(fan),
        _ => None,
    });
    assert_eq!(fan, Some(27));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(0, 1, 35), (2, 1, 8), (3, 1, 8)]
    );
    assert_eq!(last_scores(&events), [-35, 51, -8, -8]);
}

/// A whole hand that wins with fewer than 8 fans (平和 2 — it is not counted with 无字 —,
/// 门前清 2: 4; the hand waits on 2p and 5p, no single wait) is not offered on the discard;
/// with a minimum of 0 it is, and pays `8 + 4`.
#[test]
fn a_win_below_the_minimum_is_not_offered() {
    let w = wall(
        [
            "1133557799m2z4z6z",
            "123m345p567s678s5p",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "5p",
        &[],
    );
    let offered = |rules: GuobiaoRules| {
        let mut seen = false;
        let events = one_hand(rules, &w, &mut |game, seat| {
            if seat == 0 && game.to_act().contains(0) && game.hand(0)[t("5p").index()] > 0 {
                return Some(RoomAction::discard(t("5p")));
            }
            seen |= seat == 1 && game.legal(1).contains(RoomAction::WIN);
            win_when_offered(game, seat)
        });
        (seen, paid(&events, Reason::Win))
    };
    let (seen, pays) = offered(GuobiaoRules::default());
    assert!(!seen && pays.is_empty(), "{pays:?}");
    let (seen, pays) = offered(GuobiaoRules {
        minimum: 0,
        ..GuobiaoRules::default()
    });
    assert!(seen);
    assert_eq!(pays, vec![(0, 1, 12), (2, 1, 8), (3, 1, 8)]);
}

/// Seats 1 and 3 both wait on the 1z the dealer discards: 截和 gives it to seat 1, the first
/// after the discarder; with `multiple_wins` both are paid (each `8 + fans` by the dealer,
/// `8` by the seat that did not win, and 8 by the other winner).
#[test]
fn one_winner_on_a_discard_unless_the_switch_says() {
    let w = wall(
        [
            "1133557799p246s",
            "123456789m555z1z",
            "1133557799s246p",
            "123456789s666z1z",
        ],
        "1z",
        &[],
    );
    let script = &mut |game: &RoomGame, seat: u8| {
        if seat == 0 && game.legal(0).contains(RoomAction::discard(t("1z"))) {
            return Some(RoomAction::discard(t("1z")));
        }
        win_when_offered(game, seat)
    };
    let events = one_hand(GuobiaoRules::default(), &w, script);
    let winners: Vec<u8> = events
        .iter()
        .filter_map(|e| match *e {
            RoomEvent::Win { seat, .. } => Some(seat),
            _ => None,
        })
        .collect();
    assert_eq!(winners, vec![1]);
    let both = GuobiaoRules {
        multiple_wins: true,
        ..GuobiaoRules::default()
    };
    let events = one_hand(both, &w, script);
    let pays = paid(&events, Reason::Win);
    assert_eq!(pays.iter().filter(|p| p.1 == 1).count(), 3);
    assert_eq!(pays.iter().filter(|p| p.1 == 3).count(), 3);
    assert_eq!(last_scores(&events).iter().sum::<i64>(), 0);
}

/// Seat 1 pons the dealer's 5p, draws the last 5p and adds it; seat 3, waiting on 5p (一气化龙
/// and a 嵌张), robs it: the konger pays `8 + fans` (抢杠和 among them), the two others 8.
#[test]
fn a_robbed_kong_is_paid_by_the_konger_and_the_base_by_the_others() {
    let w = wall(
        [
            "2468m9p2468s1357z",
            "55p13579s2244z66z",
            "1188p7p2233s3366z",
            "123456789m46p11z",
        ],
        "5p",
        &["9s", "9s", "9s", "5p"],
    );
    let five_p: Tile = t("5p");
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let legal = game.legal(seat);
        let called = game.melds(1).count() > 0;
        match seat {
            0 if !called && legal.contains(RoomAction::discard(five_p)) => {
                Some(RoomAction::discard(five_p))
            }
            1 if legal.contains(RoomAction::PON) => Some(RoomAction::PON),
            1 if legal.contains(RoomAction::added_kong(five_p)) => {
                Some(RoomAction::added_kong(five_p))
            }
            3 if called => win_when_offered(game, seat),
            _ => None,
        }
    });
    let (from, fan) = events
        .iter()
        .find_map(|e| match *e {
            RoomEvent::Win {
                seat: 3, from, fan, ..
            } => Some((from, fan)),
            _ => None,
        })
        .expect("seat 3 robs the kong");
    assert_eq!(from, Some(1));
    assert!(fan >= 16 + 8, "一气化龙 and 抢杠和: {fan}");
    let each = 8 + i64::from(fan);
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 3, each), (0, 3, 8), (2, 3, 8)]
    );
    assert!(!events.iter().any(|e| matches!(e, RoomEvent::Kong { .. })));
}

/// The dealer's 5s may be chi'd by seat 1 alone, though seat 2 holds 4s and 6s too; seat 3
/// may pon it.
#[test]
fn only_the_seat_after_the_discarder_may_chi() {
    let w = wall(
        [
            "2468m9p2468s1357z",
            "46s1133p2244z669m",
            "46s1188p7p33s36z5z7z",
            "55s123789m99p1z22z",
        ],
        "5s",
        &[],
    );
    let five_s = RoomAction::discard(t("5s"));
    let mut asked = Vec::new();
    one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        if seat == 0 && asked.is_empty() && game.legal(0).contains(five_s) {
            return Some(five_s);
        }
        if asked.len() < 3 && seat != 0 {
            asked.push((seat, game.legal(seat)));
        }
        Some(RoomAction::PASS).filter(|&p| game.legal(seat).contains(p))
    });
    let chi = |s: u8| {
        asked
            .iter()
            .any(|(q, l)| *q == s && l.contains(RoomAction::chi(1)))
    };
    let pon = |s: u8| {
        asked
            .iter()
            .any(|(q, l)| *q == s && l.contains(RoomAction::PON))
    };
    assert!(chi(1) && !chi(2) && !chi(3), "{asked:?}");
    assert!(pon(3) && !pon(1) && !pon(2), "{asked:?}");
}

/// The dealer konges its four 1m and wins on the replacement, 5z: 杠上开花 8, 不求人 4, 暗杠 2,
/// 幺九刻 1, 单钓将 1 — 16 fans, `8 + 16` from each; the kong pays nothing.
#[test]
fn a_win_on_a_kongs_replacement() {
    let w = rooms::wall(
        [
            "111m234m567p789s5z",
            "2468m2468p2468s9m",
            "1379p1379s3355z7z",
            "3579m3579s1144z6z",
        ],
        "1m",
        &[],
        &["5z"],
        136,
    );
    let one_m = t("1m");
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let kong = RoomAction::closed_kong(one_m);
        if seat == 0 && game.legal(0).contains(kong) {
            return Some(kong);
        }
        win_when_offered(game, seat)
    });
    let fan = events.iter().find_map(|e| match *e {
        RoomEvent::Win { seat: 0, fan, .. } => Some(fan),
        _ => None,
    });
    assert_eq!(fan, Some(16));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 24), (2, 0, 24), (3, 0, 24)]
    );
}

/// No one wins (every win passed): the wall is drawn to its last tile — 84 draws after the
/// deal — and nothing is paid.
#[test]
fn a_drawn_wall_pays_nothing() {
    let w = wall(
        [
            "111m234m567p789s5z",
            "2468m2468p2468s9m",
            "1379p1379s3355z7z",
            "3579m3579s1144z6z",
        ],
        "1m",
        &[],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let pass = RoomAction::PASS;
        game.legal(seat).contains(pass).then_some(pass)
    });
    let draws = events
        .iter()
        .filter(|e| matches!(e, RoomEvent::Draw { .. }))
        .count();
    assert_eq!(draws, 136 - 52);
    assert!(events
        .iter()
        .all(|e| !matches!(e, RoomEvent::Pay { .. } | RoomEvent::Win { .. })));
    assert_eq!(last_scores(&events), [0; 4]);
}

/// Three 3m discarded, the dealer draws the fourth to finish 一气化龙 on a 边张: 和绝张 among its
/// fans (清龙 16, 箭刻 2, 和绝张 4, 不求人 4, 边张 1, 缺一门 1: 28), `8 + 28` from each. It
/// passes the three discards: it takes its own draw alone.
#[test]
fn the_last_copy_is_read_from_the_tiles_in_sight() {
    let w = wall(
        [
            "12m456789m11p555z",
            "2468p2468s1357z9p",
            "1379p1379s2244z6z",
            "2468m3579s6677z1p",
        ],
        "9s",
        &["3m", "3m", "3m", "3m"],
    );
    let events = one_hand(GuobiaoRules::default(), &w, &mut |game, seat| {
        let own_turn = !game.legal(seat).contains(RoomAction::PASS);
        (seat == 0 && own_turn)
            .then(|| win_when_offered(game, seat))
            .flatten()
    });
    let fan = events.iter().find_map(|e| match *e {
        RoomEvent::Win {
            seat: 0,
            from: None,
            fan,
            ..
        } => Some(fan),
        _ => None,
    });
    assert_eq!(fan, Some(28));
    assert_eq!(
        paid(&events, Reason::Win),
        vec![(1, 0, 36), (2, 0, 36), (3, 0, 36)]
    );
}

/// Seat 1 draws its own 5p to the 4-fan hand above: 平和 2 and 不求人 4 (自摸 and 门前清 in it)
/// make 6, under the minimum — not offered; with a minimum of 0, `8 + 6` from each.
#[test]
fn a_self_draw_below_the_minimum_is_not_offered() {
    let w = wall(
        [
            "1133557799m2z4z6z",
            "123m345p567s678s5p",
            "1133557799s246p",
            "2244668m2468p23z",
        ],
        "1z",
        &["5p"],
    );
    let offered = |rules: GuobiaoRules| {
        let mut seen = false;
        let events = one_hand(rules, &w, &mut |game, seat| {
            seen |= seat == 1 && game.legal(1).contains(RoomAction::WIN);
            win_when_offered(game, seat)
        });
        (seen, paid(&events, Reason::Win))
    };
    let (seen, pays) = offered(GuobiaoRules::default());
    assert!(!seen && pays.is_empty(), "{pays:?}");
    let (seen, pays) = offered(GuobiaoRules {
        minimum: 0,
        ..GuobiaoRules::default()
    });
    assert!(seen);
    assert_eq!(pays, vec![(0, 1, 14), (2, 1, 14), (3, 1, 14)]);
}
