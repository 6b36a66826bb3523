//! A room's record played again at the table: each hand's wall rebuilt from what the record
//! shows (the tiles dealt, the draws in order, the kongs' replacements from the back, the 精
//! indicator, the birds; the tiles never seen put in the places never drawn), every recorded
//! decision asked of the table among the seat's legal ones (a claim the record does not make
//! answered with a pass), and every event the table makes set beside the record's — each
//! payment among them.

use super::room::RoomRecord;
use super::table::TableCheck;
use crate::game::room::{Room, RoomAction, RoomActions, RoomEvent, RoomGame};

/// Plays a room's record ([`super::read_room`]) at the table: the decisions asked and found
/// legal, the hands whose settlement was compared and agreed, and the first disagreement —
/// play stops there. A record cut short is played as far as it goes.
///
/// ```
/// use hupai::game::room::{Room, RoomGame};
/// use hupai::game::{RandomAgent, Seed};
/// let room = Room::named("changsha").unwrap();
/// let mut game = RoomGame::new(room, Seed::from_u64(7));
/// let mut player = RandomAgent::new(7);
/// while let Some(seat) = game.to_act().first() {
///     game.step(seat, player.pick_room(game.legal(seat))).unwrap();
/// }
/// let mut text = String::new();
/// hupai::record::write_room_header(&room, &mut text);
/// game.write_events(&mut text);
/// let check = hupai::record::play_room(&hupai::record::read_room(&text).unwrap());
/// assert!(check.disagreements.is_empty(), "{:?}", check.disagreements);
/// assert_eq!(check.settlements_agree, 8); // every hand's payments
/// ```
pub fn play_room(record: &RoomRecord) -> TableCheck {
    walk_room(record, &mut |_, _, _, _| {})
}

/// [`play_room`], `before` shown each recorded decision found legal just before the table
/// takes it: the table, the seat, its action and the hand's number (what the review of a
/// room's record judges, [`super::review_room`]).
pub(super) fn walk_room(
    record: &RoomRecord,
    before: &mut dyn FnMut(&RoomGame, u8, RoomAction, u16),
) -> TableCheck {
    let mut check = TableCheck::default();
    let rec = &record.events;
    let started = walls_of(record).and_then(|(dealer, walls)| {
        let walls: Vec<&[u8]> = walls.iter().map(Vec::as_slice).collect();
        RoomGame::with_walls(record.room, dealer, &walls).map_err(|e| e.to_string())
    });
    let mut game = match started {
        Ok(g) => g,
        Err(e) => {
            check.disagreements.push(e);
            return check;
        }
    };
    let (mut cursor, mut seen, mut hand) = (0usize, 0usize, 0u16);
    loop {
        while let (Some(got), Some(want)) = (game.events().get(seen), rec.get(cursor)) {
            if let RoomEvent::Deal { hand: h, .. } = want {
                hand = *h;
            }
            if got != want {
                check.settlements_checked += settles(want) as u64;
                check.disagreements.push(format!(
                    "hand {}, event {}: the record has {want:?}, the table {got:?}",
                    hand + 1,
                    cursor + 1
                ));
                return check;
            }
            if matches!(got, RoomEvent::EndHand { .. }) {
                check.settlements_checked += 1;
                check.settlements_agree += 1;
            }
            (seen, cursor) = (seen + 1, cursor + 1);
        }
        if cursor == rec.len() {
            return check;
        }
        if game.is_over() {
            check.disagreements.push(format!(
                "event {}: the record goes on after the game's end ({:?})",
                cursor + 1,
                rec[cursor]
            ));
            return check;
        }
        for seat in game.to_act().iter() {
            let legal = game.legal(seat);
            check.actions_checked += 1;
            let picked = game.passing(seat).len();
            let Some(action) = recorded(seat, picked, legal, &rec[cursor..]) else {
                check.disagreements.push(format!(
                    "hand {}, event {}: seat {seat} is to act, the record has {:?}",
                    hand + 1,
                    cursor + 1,
                    rec[cursor]
                ));
                return check;
            };
            if game.legal(seat).contains(action) {
                before(&game, seat, action, hand);
            }
            if let Err(e) = game.step(seat, action) {
                check
                    .disagreements
                    .push(format!("hand {}, event {}: {e}", hand + 1, cursor + 1));
                return check;
            }
            check.actions_legal += 1;
        }
    }
}

/// Whether an event is part of a hand's settlement (a disagreement there is a settlement's).
fn settles(e: &RoomEvent) -> bool {
    matches!(
        e,
        RoomEvent::Win { .. }
            | RoomEvent::Birds { .. }
            | RoomEvent::Pay { .. }
            | RoomEvent::EndHand { .. }
            | RoomEvent::EndGame { .. }
    )
}

/// What `seat` did at this decision by the record (`next`, the events after it): its own
/// next event before the next draw, discard or deal — a tile it passed (the one after the
/// `picked` it has picked), the wall's last tile taken (its own draw), a void suit, a discard, a call, a kong, a win; a win on its tile
/// with no discard of it is its added kong robbed — else a pass when it may pass. None when
/// the record shows nothing it may do.
fn recorded(seat: u8, picked: usize, legal: RoomActions, next: &[RoomEvent]) -> Option<RoomAction> {
    use crate::tile::Tile;
    let tile = |k: u8| Tile::from_index(k as usize);
    for e in next {
        let action = match *e {
            // The wall's last tile offered (要海底): its draw shows it taken.
            RoomEvent::Draw { seat: s, .. } if s == seat && legal.contains(RoomAction::TAKE) => {
                RoomAction::TAKE
            }
            // A kong opened (开杠), or its one replacement drawn (补张).
            RoomEvent::OpenKong { seat: s, .. } if s == seat => RoomAction::OPEN_KONG,
            RoomEvent::Draw { seat: s, .. }
                if s == seat && legal.contains(RoomAction::OPEN_KONG) =>
            {
                RoomAction::PASS
            }
            RoomEvent::Exchange { ref given, .. } => {
                RoomAction::discard(tile(*given[seat as usize].get(picked)?))
            }
            RoomEvent::Void { seat: s, suit } if s == seat => RoomAction::void(suit),
            RoomEvent::Discard { seat: s, tile: t } if s == seat => RoomAction::discard(tile(t)),
            RoomEvent::Pon { seat: s, .. } if s == seat => RoomAction::PON,
            RoomEvent::Chi {
                seat: s,
                tile: t,
                low,
                ..
            } if s == seat => RoomAction::chi(t.wrapping_sub(low)),
            RoomEvent::Kong {
                seat: s,
                from,
                tile: t,
                added,
            } if s == seat => match (from, added) {
                (Some(_), _) => RoomAction::KONG,
                (None, true) => RoomAction::added_kong(tile(t)),
                (None, false) => RoomAction::closed_kong(tile(t)),
            },
            RoomEvent::Win { seat: s, .. } if s == seat => RoomAction::WIN,
            // A pon's fourth tile robbed: the kong was never made, the win on it shows it.
            RoomEvent::Win {
                from: Some(f),
                tile: t,
                ..
            } if f == seat && legal.contains(RoomAction::added_kong(tile(t))) => {
                RoomAction::added_kong(tile(t))
            }
            RoomEvent::Draw { .. }
            | RoomEvent::Discard { .. }
            | RoomEvent::Deal { .. }
            | RoomEvent::EndGame { .. } => break,
            _ => continue,
        };
        return Some(action);
    }
    legal.contains(RoomAction::PASS).then_some(RoomAction::PASS)
}

/// The first dealer and each hand's wall, rebuilt from what the record shows: the thirteen
/// tiles a seat dealt in their places (four at a time round the table from the dealer), the
/// draws from the front, a kong's replacement and the 精 indicator from the back, the birds
/// from the front, a flower where it was drawn (the deal's before its seat's first tile), an
/// opened kong's two tiles from the back (the first turned the last);
/// the tiles never seen, in order of kind, in the places never drawn.
fn walls_of(record: &RoomRecord) -> Result<(u8, Vec<Vec<u8>>), String> {
    let room = &record.room;
    let size = room.tiles();
    let mut walls = Vec::new();
    let mut first = None;
    let hands = record
        .events
        .split_inclusive(|e| matches!(e, RoomEvent::EndHand { .. }));
    for (h, events) in hands.enumerate() {
        let Some(RoomEvent::Deal { dealer, hands, .. }) = events.first() else {
            if events
                .iter()
                .all(|e| matches!(e, RoomEvent::EndGame { .. }))
            {
                break;
            }
            return Err(format!("hand {}: a hand starts with its deal", h + 1));
        };
        first.get_or_insert(*dealer);
        let mut wall: Vec<Option<u8>> = vec![None; size];
        // The deal's flowers (told right after it): each seat's placed before its first
        // tile dealt, where the table sets them aside for it again.
        let dealt_flowers = events[1..]
            .iter()
            .take_while(|e| matches!(e, RoomEvent::Flower { .. }))
            .count();
        let mut flowers = [0usize; 4];
        for e in &events[1..=dealt_flowers] {
            if let RoomEvent::Flower { seat } = *e {
                flowers[usize::from(seat)] += 1;
            }
        }
        let shown = events
            .iter()
            .filter(|e| matches!(e, RoomEvent::Flower { .. }))
            .count();
        if shown > room.flowers().into() {
            let n = room.flowers();
            return Err(format!("hand {}: more than {n} flowers in play", h + 1));
        }
        let too_many = || format!("hand {}: more tiles drawn than the wall holds", h + 1);
        let mut head = 0;
        for i in 0..52 {
            let seat = (*dealer as usize + i % 4) % 4;
            let n = if i < 4 { flowers[seat] } else { 0 };
            let dealt = std::iter::repeat_n(Room::FLOWER, n).chain([hands[seat][i / 4]]);
            for t in dealt {
                *wall.get_mut(head).ok_or_else(too_many)? = Some(t);
                head += 1;
            }
        }
        let (mut tail, mut replacing) = (size, false);
        for e in &events[1 + dealt_flowers..] {
            match *e {
                RoomEvent::Flower { .. } if replacing => {
                    at_back(&mut wall, &mut tail, head, Room::FLOWER).ok_or_else(too_many)?;
                }
                RoomEvent::Flower { .. } => {
                    *wall
                        .get_mut(head)
                        .filter(|_| head < tail)
                        .ok_or_else(too_many)? = Some(Room::FLOWER);
                    head += 1;
                    replacing = true;
                }
                RoomEvent::Jing { indicator } => {
                    at_back(&mut wall, &mut tail, head, indicator).ok_or_else(too_many)?;
                }
                RoomEvent::Draw { tile, .. } if replacing => {
                    at_back(&mut wall, &mut tail, head, tile).ok_or_else(too_many)?;
                    replacing = false;
                }
                RoomEvent::Draw { tile, .. } => {
                    *wall
                        .get_mut(head)
                        .filter(|_| head < tail)
                        .ok_or_else(too_many)? = Some(tile);
                    head += 1;
                }
                RoomEvent::Birds {
                    ref tiles, count, ..
                } => {
                    for &t in &tiles[..count.min(8) as usize] {
                        *wall
                            .get_mut(head)
                            .filter(|_| head < tail)
                            .ok_or_else(too_many)? = Some(t);
                        head += 1;
                    }
                }
                RoomEvent::OpenKong { tiles, .. } => {
                    for t in tiles {
                        at_back(&mut wall, &mut tail, head, t).ok_or_else(too_many)?;
                    }
                    replacing = false;
                }
                RoomEvent::Kong { .. } => replacing = true,
                RoomEvent::Win { .. } => replacing = false,
                RoomEvent::Deal { .. } => {
                    return Err(format!("hand {}: a deal before its end", h + 1));
                }
                _ => {}
            }
        }
        let mut left = [0i32; 35];
        for (k, n) in left.iter_mut().enumerate() {
            *n = room.copies(k).into();
        }
        for &k in wall.iter().flatten() {
            left[k as usize] -= 1;
            if left[k as usize] < 0 {
                let (t, n) = (
                    crate::tile::Tile::from_index(k as usize),
                    room.copies(k.into()),
                );
                return Err(format!("hand {}: more than {n} {t} in play", h + 1));
            }
        }
        let mut unseen = (0..35u8).flat_map(|k| std::iter::repeat_n(k, left[k as usize] as usize));
        walls.push(
            wall.iter()
                .map(|t| t.or_else(|| unseen.next()).unwrap_or(0))
                .collect(),
        );
    }
    let dealer = first.ok_or("a room's record of no hand")?;
    Ok((dealer, walls))
}

/// Places `t` at the wall's back (a replacement, an opened kong's tile, the 精 indicator):
/// the place before `tail`, none when the drawn front reaches it.
fn at_back(wall: &mut [Option<u8>], tail: &mut usize, head: usize, t: u8) -> Option<()> {
    *tail = tail.checked_sub(1).filter(|&b| b >= head)?;
    wall[*tail] = Some(t);
    Some(())
}
