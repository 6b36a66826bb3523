//! A built-in player for the rooms beyond a random pick: the efficiency player, as riichi's
//! `UkeireAgent` is for riichi — what a server's bot seat, a page's opponents and learning's
//! baselines play.

use super::action::{RoomAction, RoomActionKind, RoomActions};
use super::table::RoomGame;

/// A room's efficiency player: it takes every win it is offered; takes the wall's last tile
/// (要海底) only when its hand is ready; passes (换三张) the tiles
/// of the suit it holds fewest of among those it may, and declares void the suit it holds
/// fewest of; makes every kong it may (the kongs pay in most rooms); calls a pon or chi
/// when its tiles with the claimed one are nearer a win; else discards for the fewest shanten (the room's
/// wildcards kept; among equals an honor, then a terminal, then the tile with the fewest
/// neighbours held) and passes a claim. Deterministic: the same table, the same answer.
///
/// ```
/// use hupai::game::room::{Room, RoomGame, RoomUkeire};
/// use hupai::game::Seed;
/// let mut room = Room::named("changsha").unwrap();
/// room.set("hands", "1").unwrap();
/// let mut game = RoomGame::new(room, Seed::from_u64(3));
/// while let Some(seat) = game.to_act().first() {
///     game.step(seat, RoomUkeire.act(&game, seat)).unwrap();
/// }
/// assert_eq!(game.scores().iter().sum::<i64>(), 0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoomUkeire;

impl RoomUkeire {
    /// What `seat` plays now (a pass when it has nothing to answer).
    pub fn act(&self, game: &RoomGame, seat: u8) -> RoomAction {
        let legal = game.legal(seat);
        if legal.contains(RoomAction::WIN) || legal.is_empty() {
            return or_first(RoomAction::WIN, legal);
        }
        let own = game.hand(seat);
        let suit = |s: usize| own[9 * s..9 * s + 9].iter().map(|&c| c as u32).sum::<u32>();
        if let Some(s) = (0..3u8)
            .filter(|&s| legal.contains(RoomAction::void(s)))
            .min_by_key(|&s| suit(s as usize))
        {
            return RoomAction::void(s);
        }
        if game.exchanging() {
            // The suit to give up: the fewest held among those it may pass; in it the tile
            // to throw first.
            return legal
                .iter()
                .min_by_key(|a| match a.kind() {
                    RoomActionKind::Discard(t) => (suit(t.index() / 9), order(t.index(), own)),
                    _ => (u32::MAX, (0, 0)),
                })
                .unwrap_or(RoomAction::PASS);
        }
        if legal.contains(RoomAction::OPEN_KONG) {
            // Ready after its kong (开杠 is offered then alone): two tiles to win on, not one.
            return RoomAction::OPEN_KONG;
        }
        let all = total(game, seat);
        let now = shanten(game, &all);
        if legal.contains(RoomAction::TAKE) {
            // Taken and not won on, the last tile goes to the others (海底炮).
            return if held_shanten(game, seat, own) == 0 {
                RoomAction::TAKE
            } else {
                RoomAction::PASS
            };
        }
        let mut best = None;
        for a in legal.iter() {
            let after = match a.kind() {
                RoomActionKind::ClosedKong(_)
                | RoomActionKind::AddedKong(_)
                | RoomActionKind::Kong => {
                    // The kong's tiles stay a set: no farther, and its replacement to come.
                    return a;
                }
                RoomActionKind::Pon | RoomActionKind::Chi(_) => match called(game, &all) {
                    Some(c) if shanten(game, &c) < now => return a,
                    _ => continue,
                },
                RoomActionKind::Discard(t) => {
                    let k = t.index();
                    let mut c = *own;
                    c[k] -= 1;
                    let kept = game.wild_kinds().contains(t) as u8;
                    (held_shanten(game, seat, &c), kept, order(k, own))
                }
                _ => continue,
            };
            if best.is_none_or(|(b, _)| after < b) {
                best = Some((after, a));
            }
        }
        match best {
            Some((_, a)) => a,
            None => or_first(RoomAction::PASS, legal),
        }
    }
}

/// `a` when legal, else the first legal action (a pass when none).
fn or_first(a: RoomAction, legal: RoomActions) -> RoomAction {
    if legal.contains(a) {
        a
    } else {
        legal.nth(0).unwrap_or(RoomAction::PASS)
    }
}

/// The seat's tiles, concealed and melded (a meld as its set of three), by kind.
fn total(game: &RoomGame, seat: u8) -> [u8; 34] {
    let mut all = *game.hand(seat);
    for (kind, low) in game.melds(seat) {
        let k = low.index();
        match kind {
            crate::score::CallKind::Chi => (k..k + 3).for_each(|x| all[x] += 1),
            _ => all[k] += 3,
        }
    }
    all
}

/// The seat's tiles after it calls the claimed tile (a pon or chi): the tile joins them.
fn called(game: &RoomGame, all: &[u8; 34]) -> Option<[u8; 34]> {
    let tile = game.claimed()? as usize;
    let mut c = *all;
    c[tile] += 1;
    Some(c)
}

/// The shanten of `counts` under the room's rules and this hand's wild kinds (8 when the
/// engine refuses them).
fn shanten(game: &RoomGame, counts: &[u8; 34]) -> i8 {
    let mut counts = *counts;
    game.room.engine_counts(&mut counts);
    game.engine.shanten_counts(&counts, game.wild).unwrap_or(8)
}

/// The shanten of `seat`'s hand with `concealed` for its concealed tiles, its calls kept as
/// the sets they are (8 when the engine refuses the hand).
fn held_shanten(game: &RoomGame, seat: u8, concealed: &[u8; 34]) -> i8 {
    // On the stack: a turn weighs every discard.
    let mut melds = [crate::game::seat::kan_meld(0); 4];
    let mut n = 0;
    for (kind, t) in game.melds(seat) {
        if let (Ok(c), Some(m)) = (crate::score::Call::new(kind, t, 0), melds.get_mut(n)) {
            (*m, n) = (c.meld(), n + 1);
        }
    }
    let mut concealed = *concealed;
    game.room.engine_counts(&mut concealed);
    crate::hand::Hand::new(concealed, &melds[..n], game.wild_kinds())
        .map_or(8, |h| game.engine.shanten(&h))
}

/// Among discards of equal shanten, the one to throw first: honors, then terminals, then
/// the fewest neighbours held.
fn order(k: usize, own: &[u8; 34]) -> (u8, u8) {
    if k >= 27 {
        return (0, 0);
    }
    let n = k % 9;
    let near = |d: isize| {
        let x = n as isize + d;
        (0..9).contains(&x) && own[k - n + x as usize] > 0
    };
    let neighbours = [-2, -1, 1, 2].into_iter().filter(|&d| near(d)).count() as u8;
    (1 + u8::from(n != 0 && n != 8), neighbours)
}
