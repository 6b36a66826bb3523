//! A round's wall as its record shows it: the hands dealt, the draws in order, the kans'
//! replacement tiles, the dora and ura-dora indicators in their places, the tiles no one saw
//! filling the rest — what the table plays a recorded round on.

use super::event::{Event, RecordTile, Round};
use crate::game::Layout;
use crate::score::CallKind;
use crate::tile::KINDS;

/// The round's wall as the record shows it, and whether it plays red fives (no suit with
/// four plain fives in sight).
pub(super) fn wall_of(round: &Round) -> Result<([u8; 136], bool), String> {
    let mut plain_fives = [0u8; 3];
    let mut sights: Vec<RecordTile> = round.hands.iter().flatten().copied().collect();
    sights.extend(round.dora.iter().chain(&round.ura).copied());
    for e in &round.events {
        if let Event::Draw { tile, .. } = e {
            sights.push(*tile);
        }
    }
    for t in &sights {
        let k = t.tile.index();
        if k < 27 && k % 9 == 4 && !t.red {
            plain_fives[k / 9] += 1;
        }
    }
    let red = plain_fives.iter().all(|&n| n < 4);
    // The next unused copy of each kind: red fives are ids 16, 52, 88 when played.
    let mut used = [0u8; KINDS];
    let mut take = |t: RecordTile| -> Result<u8, String> {
        let k = t.tile.index();
        let is_five = k < 27 && k % 9 == 4;
        let red_id = (k * 4) as u8;
        if red && is_five && t.red {
            if used[k] & 1 != 0 {
                return Err(format!("two red {}", t.tile));
            }
            used[k] |= 1;
            return Ok(red_id);
        }
        let first = if red && is_five { 1 } else { 0 };
        (first..4)
            .find(|c| used[k] >> c & 1 == 0)
            .map(|c| {
                used[k] |= 1 << c;
                (k * 4 + c) as u8
            })
            .ok_or_else(|| format!("a fifth {}", t.tile))
    };
    let mut wall = [u8::MAX; 136];
    let dealer = (round.kyoku % 4) as usize;
    for (seat, hand) in round.hands.iter().enumerate() {
        if hand.len() != 13 {
            return Err(format!("seat {} is dealt {} tiles", seat + 1, hand.len()));
        }
        let i = (seat + 4 - dealer) % 4;
        for (t, &tile) in hand.iter().enumerate() {
            wall[Layout::deal(i, t)] = take(tile)?;
        }
    }
    let (mut live, mut rinshan) = (Layout::FIRST_DRAW, 0);
    let mut kan_by: Option<u8> = None;
    for e in &round.events {
        match e {
            Event::Call {
                seat,
                kind: CallKind::Kan | CallKind::ClosedKan,
                ..
            } => kan_by = Some(*seat),
            Event::Draw { seat, tile } => {
                let at = if kan_by.take() == Some(*seat) {
                    rinshan += 1;
                    *Layout::RINSHAN.get(rinshan - 1).ok_or("a fifth kan")?
                } else {
                    live += 1;
                    live - 1
                };
                if live > Layout::LIVE_END - rinshan {
                    return Err("more draws than the wall holds".into());
                }
                wall[at] = take(*tile)?;
            }
            _ => {}
        }
    }
    for (list, at) in [(&round.dora, &Layout::DORA), (&round.ura, &Layout::URA)] {
        for (i, &t) in list.iter().enumerate().take(5) {
            wall[at[i]] = take(t)?;
        }
    }
    // The tiles no one saw fill the rest of the wall.
    let mut rest = (0..136u8).filter(|&id| used[(id / 4) as usize] >> (id % 4) & 1 == 0);
    for slot in wall.iter_mut().filter(|s| **s == u8::MAX) {
        *slot = rest.next().ok_or("more tiles in sight than in a set")?;
    }
    Ok((wall, red))
}
