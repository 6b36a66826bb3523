//! The review of a room's record at the table: the record played again ([`super::play_room`]'s
//! walk), every discard a seat chose in its turn set beside the best discard by efficiency
//! among those the table allowed (a Sichuan seat holding its void suit discards from it;
//! 长沙's last tile taken is played at once), under the room's rules and the hand's wild
//! kinds, with what the seat could see (every river, the others' calls, 南昌's indicator).
//! By efficiency alone: the odds engine weighs riichi's wins.

use super::decision::{Decision, GaveUp, ReviewOptions};
use super::event::RecordError;
use super::judge::{judge, Moment};
use super::review::{Review, RoundReview, Summary};
use super::room::{read_room, RoomRecord};
use super::room_play::walk_room;
use crate::analysis::Engine;
use crate::game::room::{RoomAction, RoomActionKind, RoomGame, ROOM_OBSERVATION};
use crate::score::{Call, Win};
use crate::tile::{Tile, TileSet};

/// Reviews a room's record ([`super::read_room`]): one [`RoundReview`] a hand played (its
/// decisions, its sum; `refused` on the hand where the table and the record part, the review
/// stopping there), the seat of `opts` or every seat. Efficiency only (`opts.odds` is not
/// read); no calls or wins are judged (the table's replay checks every payment:
/// [`super::play_room`]).
///
/// ```
/// use hupai::game::room::{Room, RoomGame, RoomUkeire};
/// use hupai::game::Seed;
/// let mut room = Room::named("sichuan").unwrap();
/// room.set("hands", "1").unwrap();
/// let mut game = RoomGame::new(room, Seed::from_u64(5));
/// while let Some(seat) = game.to_act().first() {
///     game.step(seat, RoomUkeire.act(&game, seat)).unwrap();
/// }
/// let mut text = String::new();
/// hupai::record::write_room_header(&room, &mut text);
/// game.write_events(&mut text);
/// let record = hupai::record::read_room(&text).unwrap();
/// let hands = hupai::record::review_room(&record, &Default::default());
/// assert_eq!(hands.len(), 1);
/// let s = &hands[0].summary;
/// assert!(s.decisions > 0 && s.agree <= s.decisions);
/// ```
pub fn review_room(record: &RoomRecord, opts: &ReviewOptions) -> Vec<RoundReview> {
    let mut engine: Option<Engine<'static>> = None;
    let mut hands: Vec<RoundReview> = Vec::new();
    let mut nth = [0u32; 4];
    let mut turn = 0usize;
    let mut judged = |game: &RoomGame, seat: u8, action: RoomAction, hand: u16| {
        let index = usize::from(hand);
        if hands.last().is_none_or(|h| h.index != index) {
            hands.push(RoundReview {
                index,
                decisions: Vec::new(),
                calls: Vec::new(),
                wins: Vec::new(),
                summary: Summary::default(),
                refused: None,
            });
            (nth, turn) = ([0; 4], 0);
        }
        turn += 1;
        let RoomActionKind::Discard(tile) = action.kind() else {
            return;
        };
        if game.exchanging() {
            return; // 换三张's picks are no discards
        }
        let s = usize::from(seat & 3);
        nth[s] += 1;
        if opts.seat.is_some_and(|r| r != seat) {
            return;
        }
        let engine = engine.get_or_insert_with(|| Engine::new(*game.rules()));
        if let Some(d) = judge_discard(engine, game, seat, tile) {
            let hand = hands.last_mut().expect("a hand begun");
            hand.decisions.push(Decision {
                round: index,
                turn,
                seat,
                nth: nth[s],
                ..d
            });
        }
    };
    let check = walk_room(record, &mut judged);
    for h in &mut hands {
        h.summary = Summary::of(&h.decisions, &[], &[], 1, GaveUp::default());
    }
    if let (Some(why), Some(last)) = (check.disagreements.first(), hands.last_mut()) {
        last.refused = Some(why.clone());
        last.summary.rounds_refused = 1;
    }
    hands
}

/// A room's record's text reviewed whole ([`review_room`] on [`read_room`]): the decisions,
/// each hand's sum and the record's, as a record's [`Review`] gives them (no calls or wins
/// judged) — what the doors that take a record's text (Python's `review`, `POST
/// /v1/review`) answer for a room's record. Refused as [`read_room`] refuses.
///
/// ```
/// let text = "{\"type\":\"room\",\"rules\":\"sichuan\",\"switches\":\"\"}\n{\"type\":\"draw\",\"seat\":0,\"tile\":\"1z\"}";
/// assert!(hupai::record::review_room_text(text, &Default::default()).is_err()); // no 1z in Sichuan
/// ```
pub fn review_room_text(text: &str, opts: &ReviewOptions) -> Result<Review, RecordError> {
    Ok(Review::of_hands(review_room(&read_room(text)?, opts)))
}

impl Review {
    /// A record's review made of its hands' ([`review_room`]): their decisions in order,
    /// each hand's sum, the record's sum.
    ///
    /// ```
    /// let review = hupai::record::Review::of_hands(Vec::new());
    /// assert_eq!((review.summary.rounds, review.decisions.len()), (0, 0));
    /// ```
    pub fn of_hands(hands: Vec<RoundReview>) -> Review {
        let mut summary = Summary::default();
        hands.iter().for_each(|h| summary.add(&h.summary));
        let rounds = hands.iter().map(|h| h.summary).collect();
        Review {
            decisions: hands.into_iter().flat_map(|h| h.decisions).collect(),
            calls: Vec::new(),
            wins: Vec::new(),
            rounds,
            summary,
        }
    }
}

/// `seat`'s discard of `tile` at `game`, judged by efficiency (none when the engine cannot
/// read the hand).
fn judge_discard(engine: &Engine<'_>, game: &RoomGame, seat: u8, tile: Tile) -> Option<Decision> {
    let mut row = [0u8; ROOM_OBSERVATION];
    game.observe(seat, &mut row);
    // What the seat sees beyond its own tiles: every river, the others' calls, the 精's
    // indicator (a tile out of play).
    let mut seen = [0u8; 34];
    for (k, n) in seen.iter_mut().enumerate() {
        let rivers = (0..4).map(|d| row[34 + 34 * d + k]);
        let calls = (1..4).map(|d| row[170 + 34 * d + k]);
        *n = rivers.chain(calls).sum::<u8>().min(4);
    }
    if let Some(j) = game.jing() {
        seen[j.index()] = (seen[j.index()] + 1).min(4);
    }
    let wild = (0..34)
        .filter(|&k| row[306 + k] == 1)
        .fold(TileSet::EMPTY, |mut w, k| {
            w.insert(Tile::from_index(k));
            w
        });
    let calls: Vec<Call> = game
        .melds(seat)
        .filter_map(|(kind, t)| Call::new(kind, t, 0).ok())
        .collect();
    let melds: Vec<_> = calls.iter().map(Call::meld).collect();
    let mut allowed = TileSet::EMPTY;
    for a in game.legal(seat).iter() {
        if let RoomActionKind::Discard(t) = a.kind() {
            allowed.insert(t);
        }
    }
    let moment = Moment {
        hand: game.hand(seat),
        red: [0; 3],
        melds: &melds,
        calls: &calls,
        seen: &seen,
        draws: u32::from(game.tiles_left() / 4).min(17),
        win: Win::default(),
        wild,
        allowed: Some(allowed),
    };
    let opts = ReviewOptions {
        odds: false,
        ..ReviewOptions::default()
    };
    judge(engine, &moment, tile, &opts, &|| false).0
}
