//! The settlement of the 精 (南昌麻将): every player's 正精 (the indicator's kind, 2 points a
//! copy) and 副精 (the next kind, 1 point), 冲关 (five points or more multiply), 霸王精 (the
//! only player holding 精 doubles), each player's value paid by every other
//! (`docs/SCORING.md`, "Nanchang").

use crate::rules::nanchang_wilds;
use crate::score::hand::ScoreError;
use crate::tile::{Counts, Tile, KINDS};

/// One player's 精 in the settlement.
///
/// ```
/// use hupai::{jing_settlement, parse_tiles, Tile};
/// let hands = [parse_tiles("5555m6m").unwrap(), parse_tiles("123p").unwrap()];
/// let s = jing_settlement(&hands, Tile::parse("5m").unwrap()).unwrap();
/// assert_eq!((s[0].points, s[0].multiplier, s[0].value), (9, 12, 108)); // 冲关 ×6, 霸王精 ×2
/// assert_eq!((s[0].net, s[1].net), (108, -108));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JingScore {
    /// The 正精 held.
    pub zheng: u8,
    /// The 副精 held.
    pub fu: u8,
    /// Their points: 2 a 正精, 1 a 副精.
    pub points: u32,
    /// What multiplies them: points − 3 at five points or more (冲关), doubled when no other
    /// player holds a 精 (霸王精); 1 otherwise.
    pub multiplier: u32,
    /// `points` × `multiplier`: what each other player pays this one.
    pub value: u64,
    /// What the player gains in all: its value from each other player, less what it pays
    /// each of them.
    pub net: i64,
}

/// Settles the 精 of two to four players: `hands` each player's tiles (concealed and called),
/// `indicator` the 正精 kind (its next kind, `nanchang_wilds`, is the 副精). Refused: fewer than
/// two players or more than four, a hand past 18 tiles, a fifth copy among them all.
pub fn jing_settlement(hands: &[Counts], indicator: Tile) -> Result<Vec<JingScore>, ScoreError> {
    if !(2..=4).contains(&hands.len()) {
        return Err(ScoreError::BadHand(format!(
            "{} players: the 精 are settled among two to four",
            hands.len()
        )));
    }
    let mut all = [0u32; KINDS];
    for (i, h) in hands.iter().enumerate() {
        let n: u32 = h.iter().map(|&c| c as u32).sum();
        if n > 18 {
            return Err(ScoreError::BadHand(format!(
                "player {}: {n} tiles (a hand holds at most 18, with four kongs)",
                i + 1
            )));
        }
        for (a, &c) in all.iter_mut().zip(h.iter()) {
            *a += c as u32;
        }
    }
    if let Some(k) = (0..KINDS).find(|&k| all[k] > 4) {
        return Err(ScoreError::BadHand(format!(
            "{} copies of {} among the hands: there are four",
            all[k],
            Tile::from_index(k)
        )));
    }
    let (_, fu_kind) = nanchang_wilds(indicator);
    let mut scores: Vec<JingScore> = hands
        .iter()
        .map(|h| {
            let (zheng, fu) = (h[indicator.index()], h[fu_kind.index()]);
            let points = 2 * zheng as u32 + fu as u32;
            JingScore {
                zheng,
                fu,
                points,
                multiplier: if points >= 5 { points - 3 } else { 1 },
                value: 0,
                net: 0,
            }
        })
        .collect();
    let holders = scores.iter().filter(|s| s.points > 0).count();
    for s in &mut scores {
        if holders == 1 && s.points > 0 {
            s.multiplier *= 2;
        }
        s.value = s.points as u64 * s.multiplier as u64;
    }
    let sum: i64 = scores.iter().map(|s| s.value as i64).sum();
    let others = scores.len() as i64 - 1;
    for s in &mut scores {
        s.net = others * s.value as i64 - (sum - s.value as i64);
    }
    Ok(scores)
}
