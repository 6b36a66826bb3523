//! Tiles, tile sets and the MPSZ (Tenhou) notation.
//!
//! A tile kind is a number 0..34: `1m..9m` are 0..9, `1p..9p` 9..18, `1s..9s` 18..27 and the
//! honors `1z..7z` (East South West North, White Green Red) 27..34.
//!
//! ```
//! use hupai::{parse_tiles, format_counts, Tile};
//! let counts = parse_tiles("123m0p11z").unwrap();
//! assert_eq!(counts[Tile::parse("5p").unwrap().index()], 1); // a red five is a 5
//! assert_eq!(format_counts(&counts), "123m5p11z");
//! ```

use std::fmt;

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// Copies of each kind in a full set.
pub const COPIES: u8 = 4;

/// Counts of each tile kind.
pub type Counts = [u8; KINDS];

/// One tile kind.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

/// The four groups a hand splits into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suit {
    /// Characters, `m`.
    Man,
    /// Dots, `p`.
    Pin,
    /// Bamboo, `s`.
    Sou,
    /// Honors, `z`.
    Honor,
}

impl Suit {
    /// All groups in tile order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The MPSZ letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// Index of the first kind of the group.
    pub const fn base(self) -> usize {
        match self {
            Suit::Man => 0,
            Suit::Pin => 9,
            Suit::Sou => 18,
            Suit::Honor => 27,
        }
    }

    /// Number of kinds in the group (9, or 7 for honors).
    pub const fn len(self) -> usize {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// Always false: every group has kinds (for clippy's `len` convention).
    pub const fn is_empty(self) -> bool {
        false
    }

    pub(crate) fn from_letter(c: char) -> Option<Suit> {
        match c {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }
}

impl Tile {
    /// The tile of index `i` (0..34).
    pub const fn from_index(i: usize) -> Tile {
        assert!(i < KINDS);
        Tile(i as u8)
    }

    /// The tile of a group and a number (1-based, 1..=9 or 1..=7 for honors).
    pub fn new(suit: Suit, number: u8) -> Option<Tile> {
        (number >= 1 && (number as usize) <= suit.len())
            .then(|| Tile((suit.base() + number as usize - 1) as u8))
    }

    /// Parses one tile such as `5m` or `0p` (red five).
    pub fn parse(s: &str) -> Result<Tile, TileError> {
        let counts = parse_tiles(s)?;
        let total: u32 = counts.iter().map(|&c| c as u32).sum();
        if total != 1 {
            return Err(TileError::new(s, "expected exactly one tile"));
        }
        Ok(Tile(counts.iter().position(|&c| c == 1).unwrap_or(0) as u8))
    }

    /// Index 0..34.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The group of the tile.
    pub const fn suit(self) -> Suit {
        match self.0 {
            0..=8 => Suit::Man,
            9..=17 => Suit::Pin,
            18..=26 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The number of the tile within its group (1-based).
    pub const fn number(self) -> u8 {
        self.0 - self.suit().base() as u8 + 1
    }

    /// True for honors (`z`).
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// True for terminals and honors (the thirteen orphans).
    pub const fn is_orphan(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// True for a suited 1 or 9 (a terminal).
    ///
    /// ```
    /// use hupai::Tile;
    /// assert!(Tile::parse("9p").unwrap().is_terminal());
    /// assert!(!Tile::parse("1z").unwrap().is_terminal());
    /// ```
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.number() == 1 || self.number() == 9)
    }

    /// All 34 kinds in order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS).map(Tile::from_index)
    }

    /// The English name a player reads, e.g. "5 of characters", "East".
    pub fn name(self) -> String {
        const HONORS: [&str; 7] = ["East", "South", "West", "North", "White", "Green", "Red"];
        match self.suit() {
            Suit::Man => format!("{} of characters", self.number()),
            Suit::Pin => format!("{} of dots", self.number()),
            Suit::Sou => format!("{} of bamboo", self.number()),
            Suit::Honor => HONORS[self.number() as usize - 1].to_string(),
        }
    }
}

impl std::str::FromStr for Tile {
    type Err = TileError;

    /// Same as [`Tile::parse`].
    fn from_str(s: &str) -> Result<Tile, TileError> {
        Tile::parse(s)
    }
}

/// Kinds (34-bit mask) whose count passes a byte-wise test, eight counts per step: `test`
/// gets eight counts as the bytes of a little-endian word and answers in bit 0 of each byte
/// (other bits are ignored); a gather multiply collects those bits into one byte.
#[inline(always)]
pub(crate) fn kinds_where(counts: &Counts, test: impl Fn(u64) -> u64) -> u64 {
    let mut out = 0u64;
    for (chunk, bytes) in counts.chunks(8).enumerate() {
        let mut word = [0u8; 8];
        word[..bytes.len()].copy_from_slice(bytes);
        out |= gather_bytes(test(u64::from_le_bytes(word))) << (8 * chunk);
    }
    out & ((1 << KINDS) - 1)
}

/// Bit 0 of each byte of `x`, gathered into the low byte (byte `j` to bit `j`) by one
/// multiply: the other bits are ignored.
#[inline(always)]
pub(crate) fn gather_bytes(x: u64) -> u64 {
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// Kinds (34-bit mask) held exactly `n` times, for counts of 0..=4: a byte equals `n` iff its
/// XOR with `n` (at most 7) has none of its three low bits set.
#[inline(always)]
pub(crate) fn kinds_held(counts: &Counts, n: u8) -> u64 {
    kinds_where(counts, |w| {
        let x = w ^ (n as u64 * 0x0101_0101_0101_0101);
        !(x | x >> 1 | x >> 2)
    })
}

/// Kinds (34-bit mask) held at all (counts 0..=4).
#[inline(always)]
pub(crate) fn kinds_present(counts: &Counts) -> u64 {
    !kinds_held(counts, 0) & ((1 << KINDS) - 1)
}

/// `counts` with the kinds of `kinds` set to zero (a hand's real tiles: wild kinds removed).
pub fn counts_without(counts: &Counts, kinds: TileSet) -> Counts {
    let mut c = *counts;
    for t in kinds.iter() {
        c[t.index()] = 0;
    }
    c
}

/// MPSZ names of the 34 kinds, in index order.
const NAMES: [&str; KINDS] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p",
    "8p", "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "1z", "2z", "3z", "4z", "5z",
    "6z", "7z",
];

impl Tile {
    /// The MPSZ notation of the kind (`"5m"`, `"7z"`), without formatting machinery.
    pub fn mpsz(self) -> &'static str {
        NAMES[self.index()]
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mpsz())
    }
}

/// A tile debugs as itself in MPSZ.
///
/// ```
/// let t: hupai::Tile = "9p".parse().unwrap();
/// assert_eq!(format!("{t:?}"), "9p");
/// ```
impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mpsz())
    }
}

/// A set of tile kinds as a 34-bit mask: bit `i` is the kind of [`Tile::index`] `i`
/// (1m…9m, 1p…9p, 1s…9s, 1z…7z).
///
/// ```
/// use hupai::{Tile, TileSet};
/// let s: TileSet = "19m1z".parse().unwrap();
/// assert!(s.contains("9m".parse::<Tile>().unwrap()));
/// assert_eq!(s.len(), 3);
/// assert_eq!(format!("{s:?}"), "{1m 9m 1z}");
/// // Bits past the 34 kinds (which no checking constructor accepts) show, not hide:
/// assert_eq!(format!("{:?}", TileSet(1 | 1 << 40)), "{1m +0x10000000000}");
/// assert_eq!(format!("{:?}", TileSet(1 << 40)), "{+0x10000000000}");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TileSet(pub u64);

impl TileSet {
    /// The empty set.
    pub const EMPTY: TileSet = TileSet(0);

    /// Whether the set holds `t`.
    pub const fn contains(self, t: Tile) -> bool {
        self.0 >> t.0 & 1 == 1
    }

    /// Adds `t`.
    pub fn insert(&mut self, t: Tile) {
        self.0 |= 1 << t.0;
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in tile order.
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        // Bits past the 34 kinds are no tiles (the constructors that take a set refuse them).
        let mut bits = self.0 & ((1 << KINDS) - 1);
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Tile::from_index(i)
            })
        })
    }

    /// Parses a set from MPSZ (`"5m6m"` or `"56m"`); repeated kinds are allowed.
    pub fn parse(s: &str) -> Result<TileSet, TileError> {
        let counts = parse_tiles_unbounded(s)?;
        Ok(TileSet(
            counts
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c > 0)
                .fold(0, |m, (i, _)| m | 1 << i),
        ))
    }

    /// The kinds whose count is non-zero.
    pub fn from_counts(counts: &Counts) -> TileSet {
        TileSet(
            counts
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c > 0)
                .fold(0, |m, (i, _)| m | 1 << i),
        )
    }
}

/// Canonical MPSZ of the kinds, one copy each: `12z`, `147m`.
///
/// ```
/// let s = hupai::TileSet::parse("1z2z5m").unwrap();
/// assert_eq!(s.to_string(), "5m12z");
/// ```
impl fmt::Display for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut counts = [0u8; KINDS];
        for t in self.iter() {
            counts[t.index()] = 1;
        }
        f.write_str(&format_counts(&counts))
    }
}

/// A set debugs as its kinds in tile order, `{1m 9p}`; bits past the 34 kinds (which no
/// constructor that checks its input accepts) are shown, not hidden: `{1m +0x400000000}`.
impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, t) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(t.mpsz())?;
        }
        let past = self.0 & !((1 << KINDS) - 1);
        if past != 0 {
            let kinds = self.0 != past;
            write!(f, "{}+{past:#x}", if kinds { " " } else { "" })?;
        }
        f.write_str("}")
    }
}

/// Parses MPSZ like [`TileSet::parse`].
impl std::str::FromStr for TileSet {
    type Err = TileError;

    fn from_str(s: &str) -> Result<TileSet, TileError> {
        TileSet::parse(s)
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut s = TileSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

/// A tile string that is not valid MPSZ.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileError {
    /// The string as given.
    pub input: String,
    /// What is wrong with it.
    pub reason: String,
}

impl TileError {
    fn new(input: &str, reason: impl Into<String>) -> TileError {
        TileError {
            input: input.to_string(),
            reason: reason.into(),
        }
    }
}

impl fmt::Display for TileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad tile string: '{}' ({})", self.input, self.reason)
    }
}

impl std::error::Error for TileError {}

/// A full-width digit or letter (`２`, `ｍ`, as a Chinese or Japanese keyboard types them) as
/// its ASCII twin; any other character as it is. Every reader of MPSZ text reads through here,
/// so `２３４ｍ` is `234m` in every front end.
pub(crate) fn fold_width(ch: char) -> char {
    match ch {
        '\u{FF10}'..='\u{FF19}' | '\u{FF21}'..='\u{FF3A}' | '\u{FF41}'..='\u{FF5A}' => {
            char::from_u32(ch as u32 - 0xFEE0).unwrap_or(ch)
        }
        _ => ch,
    }
}

/// Parses MPSZ notation into counts; counts may exceed 4 (the caller checks). Full-width
/// digits and letters read as their ASCII twins.
pub fn parse_tiles_unbounded(s: &str) -> Result<[u32; KINDS], TileError> {
    // Valid ASCII notation (nearly every input) byte by byte; the rest by characters, which
    // reads full-width notation and names the error (`hupai batch` parsed three tile strings
    // a line by characters: 8% of a line's instructions).
    match parse_ascii(s.as_bytes()) {
        Some(counts) => Ok(counts),
        None => parse_chars(s),
    }
}

/// The counts of valid ASCII MPSZ notation; `None` for anything else.
pub(crate) fn parse_ascii(bytes: &[u8]) -> Option<[u32; KINDS]> {
    let mut counts = [0u32; KINDS];
    let mut run = None;
    for (at, &b) in bytes.iter().enumerate() {
        if b.is_ascii_digit() {
            run.get_or_insert(at);
            continue;
        }
        let (base, most) = match b {
            b'm' => (0, 9),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            _ => return None,
        };
        for &d in &bytes[run.take()?..at] {
            let n = match (d - b'0') as usize {
                0 if most == 9 => 5,
                n if (1..=most).contains(&n) => n,
                _ => return None,
            };
            counts[base + n - 1] += 1;
        }
    }
    run.is_none().then_some(counts)
}

/// [`parse_tiles_unbounded`] by characters.
pub(crate) fn parse_chars(s: &str) -> Result<[u32; KINDS], TileError> {
    let mut counts = [0u32; KINDS];
    // The digits waiting for their suit letter: `s[run..]` up to the letter (read again
    // there, rather than kept: no allocation).
    let mut run: Option<usize> = None;
    for (pos, (at, ch)) in s
        .char_indices()
        .map(|(i, c)| (i, fold_width(c)))
        .enumerate()
    {
        if ch.is_ascii_digit() {
            run.get_or_insert(at);
        } else if let Some(suit) = Suit::from_letter(ch) {
            let Some(start) = run.take() else {
                return Err(TileError::new(
                    s,
                    format!("suit letter '{ch}' at position {} has no digits", pos + 1),
                ));
            };
            for d in s[start..at]
                .chars()
                .map(fold_width)
                .filter_map(|c| c.to_digit(10))
            {
                let d = d as u8;
                let n = if d == 0 && suit != Suit::Honor { 5 } else { d };
                let t = Tile::new(suit, n)
                    .ok_or_else(|| TileError::new(s, format!("there is no tile {d}{ch}")))?;
                counts[t.index()] += 1;
            }
        } else if ch.is_whitespace() {
            return Err(TileError::new(s, "white space inside a tile string"));
        } else {
            return Err(TileError::new(
                s,
                format!("unknown character '{ch}' at position {}", pos + 1),
            ));
        }
    }
    if run.is_some() {
        return Err(TileError::new(s, "digits at the end have no suit letter"));
    }
    Ok(counts)
}

/// Parses MPSZ notation into counts of at most 4 per kind; full-width digits and letters
/// read as their ASCII twins.
///
/// ```
/// use hupai::parse_tiles;
/// assert_eq!(parse_tiles("２３４ｍ1z").unwrap(), parse_tiles("234m1z").unwrap());
/// assert!(parse_tiles("11111m").is_err());
/// ```
pub fn parse_tiles(s: &str) -> Result<Counts, TileError> {
    let raw = parse_tiles_unbounded(s)?;
    let mut counts = [0u8; KINDS];
    for (i, &c) in raw.iter().enumerate() {
        if c > COPIES as u32 {
            return Err(TileError::new(
                s,
                format!("more than 4 copies of {}", Tile::from_index(i)),
            ));
        }
        counts[i] = c as u8;
    }
    Ok(counts)
}

/// Canonical MPSZ of counts: groups in m p s z order, digits ascending, `0` never used.
pub fn format_counts(counts: &Counts) -> String {
    let mut out = String::new();
    for suit in Suit::ALL {
        let start = out.len();
        for n in 0..suit.len() {
            for _ in 0..counts[suit.base() + n] {
                out.push((b'1' + n as u8) as char);
            }
        }
        if out.len() > start {
            out.push(suit.letter());
        }
    }
    out
}

/// The hands of a buffer of rows of 34 counts (a numpy array's or a `Uint8Array`'s bytes),
/// in place, for the batch entries ([`crate::Engine::shanten_counts_each`]); bytes past the
/// last whole row are left out. No copy: a copy of 100,000 rows cost the win check a
/// fifth of its time in a batch (its fresh pages), and a row copied just before its loads
/// held them up.
///
/// ```
/// let bytes = [1u8; 68];
/// let hands = hupai::counts_rows(&bytes);
/// assert_eq!((hands.len(), hands[1][33]), (2, 1));
/// ```
pub fn counts_rows(bytes: &[u8]) -> &[Counts] {
    // SAFETY: `Counts` is `[u8; 34]`: the size of 34 bytes, the alignment of one. The rows
    // cover the first `bytes.len() / 34 × 34` bytes, borrowed as long as `bytes`.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<Counts>(), bytes.len() / KINDS) }
}
