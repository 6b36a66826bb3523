//! Building a hand from text or counts: MPSZ parsing, and the [`HandBuilder`] of declared
//! melds, wild kinds and rules.

use crate::hand::Hand;
use crate::hand_error::{CopiesPlace, HandError};
use crate::meld::{honor_runs, Meld};
use crate::rules::{nanchang_wilds, Rules};
use crate::tile::{parse_tiles_unbounded, Counts, Tile, TileSet, COPIES, KINDS};

impl Hand {
    /// A builder for a hand of these concealed tiles (MPSZ), with melds and wild kinds.
    pub fn builder(tiles: &str) -> HandBuilder {
        HandBuilder {
            tiles: parse_counts(tiles),
            melds: Vec::new(),
            meld_text: Vec::new(),
            wild: Ok(TileSet::EMPTY),
            rules: None,
        }
    }

    /// A builder for a hand of these concealed counts (34 kinds, wild kinds included).
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[..9].copy_from_slice(&[3, 1, 1, 1, 1, 1, 1, 1, 3]);
    /// counts[27] = 1; // 1z
    /// let hand = hupai::Hand::from_counts(counts).wild("1z").build().unwrap();
    /// assert_eq!(hand.wildcards(), 1);
    /// ```
    pub fn from_counts(counts: Counts) -> HandBuilder {
        HandBuilder {
            tiles: Ok(counts),
            ..Hand::builder("")
        }
    }
}

/// A hand of concealed tiles only (no melds, no wild kinds): `"123m456p789s1122z".parse()`.
/// For melds and wild kinds use [`Hand::builder`].
///
/// ```
/// use hupai::Hand;
/// let h: Hand = "123m456p789s1122z".parse().unwrap();
/// assert_eq!(h.to_string(), "123m456p789s1122z");
/// assert!("123m".parse::<Hand>().is_err()); // 3 tiles is never a hand
/// ```
impl std::str::FromStr for Hand {
    type Err = HandError;

    fn from_str(s: &str) -> Result<Hand, HandError> {
        Hand::new(parse_counts(s)?, &[], TileSet::EMPTY)
    }
}

/// Builds a [`Hand`] with declared melds and wild kinds, named rather than positional.
///
/// ```
/// use hupai::{Hand, Rules};
/// let hand = Hand::builder("123m456p789s22z")
///     .rules(&Rules::nanchang()) // melds are read under these rules (honor runs)
///     .meld("124z")
///     .wild("5z")
///     .build()
///     .unwrap();
/// assert_eq!(hand.meld_count(), 1);
/// assert!(hand.wild().contains("5z".parse().unwrap()));
/// ```
#[derive(Clone, Debug)]
pub struct HandBuilder {
    tiles: Result<Counts, HandError>,
    melds: Vec<Meld>,
    meld_text: Vec<String>,
    wild: Result<TileSet, HandError>,
    rules: Option<Rules>,
}

impl HandBuilder {
    /// Builds the hand under `rules` ([`Hand::under`]): declared melds are read under them
    /// (whether honor runs are melds), their own wild kinds are added, and tiles out of play
    /// are refused. Default: no honor runs, all kinds in play, no wild kind but those given.
    pub fn rules(mut self, rules: &Rules) -> HandBuilder {
        self.rules = Some(*rules);
        self
    }

    /// A declared meld in MPSZ (`123m`, `555z`, `1111p`).
    pub fn meld(mut self, meld: &str) -> HandBuilder {
        self.meld_text.push(meld.to_string());
        self
    }

    /// A declared meld already built.
    pub fn declared(mut self, meld: Meld) -> HandBuilder {
        self.melds.push(meld);
        self
    }

    /// Wild kinds in MPSZ (`"5m6m"`, `"7z"`); every concealed copy of them is a wildcard.
    pub fn wild(mut self, kinds: &str) -> HandBuilder {
        self.wild = self
            .wild
            .and_then(|w| Ok(TileSet(w.0 | TileSet::parse(kinds)?.0)));
        self
    }

    /// The Nanchang 精 of an indicator tile in MPSZ (`"5m"`): the indicator (正精) and the
    /// next tile (副精, [`nanchang_wilds`]: 9→1 in a suit, 1z→2z→3z→4z→1z, 7z→6z→5z→7z)
    /// become wild kinds, beside any others given.
    ///
    /// ```
    /// use hupai::{Engine, Hand, Rules, TileSet};
    /// let hand = Hand::builder("123m456p789s1234z").jing("9s").build().unwrap();
    /// assert_eq!(hand.wild(), TileSet::parse("19s").unwrap()); // 9s and 1s are wild
    /// assert!(Hand::builder("123m456p789s1234z").jing("5m6m").build().is_err()); // one tile only
    /// ```
    pub fn jing(mut self, indicator: &str) -> HandBuilder {
        self.wild = self.wild.and_then(|w| {
            let (zheng, fu) = nanchang_wilds(Tile::parse(indicator)?);
            Ok(TileSet(w.0 | 1 << zheng.index() | 1 << fu.index()))
        });
        self
    }

    /// Wild kinds as a set.
    pub fn wild_set(mut self, kinds: TileSet) -> HandBuilder {
        self.wild = self.wild.map(|w| TileSet(w.0 | kinds.0));
        self
    }

    /// The hand, or the first thing wrong with it.
    pub fn build(self) -> Result<Hand, HandError> {
        let counts = self.tiles?;
        let mut melds = self.melds;
        let runs = self.rules.as_ref().is_some_and(honor_runs);
        for text in &self.meld_text {
            melds.push(Meld::parse_checked(text, runs)?);
        }
        match self.rules {
            Some(rules) => Hand::under(counts, &melds, self.wild?, &rules),
            None => Hand::new(counts, &melds, self.wild?),
        }
    }
}

/// Parses concealed tiles, reporting a 5th copy as [`HandError::TooManyCopies`].
pub fn parse_counts(s: &str) -> Result<Counts, HandError> {
    let raw = parse_tiles_unbounded(s)?;
    let mut counts = [0u8; KINDS];
    for i in 0..KINDS {
        if raw[i] > COPIES as u32 {
            return Err(HandError::TooManyCopies {
                tile: Tile::from_index(i),
                place: CopiesPlace::Hand,
            });
        }
        counts[i] = raw[i] as u8;
    }
    Ok(counts)
}
