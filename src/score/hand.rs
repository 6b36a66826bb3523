//! A winning hand as a scorer reads it: the concealed tiles (the winning tile among them), the
//! calls with how they were made (chi, pon, open kan, closed kan), the winning tile and the
//! red fives — what [`crate::Hand`] forgets (a kan's openness, a `0m`'s colour).

use crate::code::Code;
use std::fmt;

use crate::meld::{Meld, MeldKind};
use crate::tile::{parse_tiles_unbounded, Counts, Suit, Tile, TileError, TileSet, KINDS};

/// How a call was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CallKind {
    /// A run taken from the left (チー, 吃).
    Chi,
    /// Three of a kind taken from a discard (ポン, 碰).
    Pon,
    /// Four of a kind, open: from a discard, or a pon added to (明槓, 明杠).
    Kan,
    /// Four of a kind declared from the hand (暗槓, 暗杠): the hand stays closed.
    ClosedKan,
}

impl CallKind {
    /// The word a call is written with (`chi`, `pon`, `kan`, `ankan`).
    pub fn word(self) -> &'static str {
        match self {
            CallKind::Chi => "chi",
            CallKind::Pon => "pon",
            CallKind::Kan => "kan",
            CallKind::ClosedKan => "ankan",
        }
    }
}

/// One call: its kind, its lowest tile and the red fives in it.
///
/// ```
/// use hupai::{Call, CallKind};
/// let kan = Call::parse("ankan 1111m").unwrap();
/// assert_eq!(kan.kind(), CallKind::ClosedKan);
/// assert_eq!(Call::parse("406m").unwrap().kind(), CallKind::Chi); // a red 5m in a chi
/// assert_eq!(Call::parse("406m").unwrap().red(), 1);
/// assert!(Call::parse("pon 123m").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Call {
    kind: CallKind,
    tile: Tile,
    red: u8,
}

impl Call {
    /// Parses a call: a kind word and its tiles (`chi 123m`, `pon 777z`, `kan 5555p`, `ankan
    /// 1111m`), or the tiles alone, whose shape tells a chi, a pon or an open kan.
    pub fn parse(text: &str) -> Result<Call, ScoreError> {
        let bad = |why: &str| ScoreError::BadCall(format!("'{text}': {why}"));
        let mut words = text.split_whitespace();
        let (word, tiles) = match (words.next(), words.next(), words.next()) {
            (Some(t), None, _) => (None, t),
            (Some(w), Some(t), None) => (Some(w), t),
            _ => return Err(bad("write a kind and tiles, such as 'pon 777z'")),
        };
        let counts = parse_tiles_unbounded(tiles).map_err(|e| bad(&e.reason))?;
        let red = red_fives(tiles).iter().sum::<u8>();
        let n: u32 = counts.iter().sum();
        let first = counts
            .iter()
            .position(|&c| c > 0)
            .ok_or_else(|| bad("no tiles"))?;
        let tile = Tile::from_index(first);
        let same = counts[first] == n;
        let run = n == 3
            && !tile.is_honor()
            && tile.number() <= 7
            && (0..3).all(|i| counts[first + i] == 1);
        let shape = match (n, same, run) {
            (3, _, true) => CallKind::Chi,
            (3, true, _) => CallKind::Pon,
            (4, true, _) => CallKind::Kan,
            _ => return Err(bad("not a run of one suit, three or four of a kind")),
        };
        let kind = match (word, shape) {
            (None, k) => k,
            (Some("chi"), CallKind::Chi) => CallKind::Chi,
            (Some("pon"), CallKind::Pon) => CallKind::Pon,
            (Some("kan" | "minkan"), CallKind::Kan) => CallKind::Kan,
            (Some("ankan"), CallKind::Kan) => CallKind::ClosedKan,
            (Some(w @ ("chi" | "pon" | "kan" | "minkan" | "ankan")), _) => {
                return Err(bad(&format!("the tiles are not a {w}")));
            }
            (Some(w), _) => {
                return Err(bad(&format!(
                    "unknown kind '{w}' (kinds: chi, pon, kan, ankan)"
                )));
            }
        };
        if red > 1 {
            return Err(bad(&format!(
                "{red} red fives: a set has one red five of each suit (0m, 0p, 0s)"
            )));
        }
        Ok(Call { kind, tile, red })
    }

    /// A call of `kind` whose lowest tile is `tile` (a chi's first, a pon's or kan's kind),
    /// with `red` red fives among its tiles; refused when the tiles are not such a call.
    ///
    /// ```
    /// use hupai::{Call, CallKind, Tile};
    /// let chi = Call::new(CallKind::Chi, Tile::parse("4p").unwrap(), 1).unwrap();
    /// assert_eq!(chi.to_string(), "chi 406p");
    /// assert!(Call::new(CallKind::Chi, Tile::parse("8p").unwrap(), 0).is_err());
    /// assert!(Call::new(CallKind::Pon, Tile::parse("1z").unwrap(), 1).is_err());
    /// ```
    pub fn new(kind: CallKind, tile: Tile, red: u8) -> Result<Call, ScoreError> {
        let bad = |why: &str| ScoreError::BadCall(format!("{} from {tile}: {why}", kind.word()));
        let i = tile.index();
        let fives = match kind {
            CallKind::Chi if tile.is_honor() || tile.number() > 7 => {
                return Err(bad("a chi is three in a row of one suit"));
            }
            CallKind::Chi => (i % 9 <= 4 && i % 9 + 2 >= 4) as u8,
            CallKind::Pon => (!tile.is_honor() && tile.number() == 5) as u8 * 3,
            _ => (!tile.is_honor() && tile.number() == 5) as u8 * 4,
        };
        if red > fives.min(1) {
            return Err(bad(&format!(
                "{red} red fives among {fives} fives: a set has one red five of each suit"
            )));
        }
        Ok(Call { kind, tile, red })
    }

    /// How the call was made.
    pub fn kind(&self) -> CallKind {
        self.kind
    }

    /// Its lowest tile (the kind of a pon or kan).
    pub fn tile(&self) -> Tile {
        self.tile
    }

    /// Red fives among its tiles.
    pub fn red(&self) -> u8 {
        self.red
    }

    /// True for a kan, open or closed.
    pub fn is_kan(&self) -> bool {
        matches!(self.kind, CallKind::Kan | CallKind::ClosedKan)
    }

    /// True for a call that opens the hand (all but a closed kan).
    pub fn is_open(&self) -> bool {
        self.kind != CallKind::ClosedKan
    }

    /// The declared meld the call is, for the questions that do not ask how it was made.
    pub fn meld(&self) -> Meld {
        let i = self.tile.index();
        let (kind, tiles) = match self.kind {
            CallKind::Chi => (MeldKind::Chow, TileSet(0b111 << i)),
            CallKind::Pon => (MeldKind::Pung, TileSet(1 << i)),
            _ => (MeldKind::Kong, TileSet(1 << i)),
        };
        Meld::checked(kind, tiles, false).expect("a parsed call is a meld")
    }

    /// Adds the call's tiles to `counts`.
    pub(crate) fn add_to(&self, counts: &mut [u32; KINDS]) {
        let i = self.tile.index();
        match self.kind {
            CallKind::Chi => (i..i + 3).for_each(|k| counts[k] += 1),
            CallKind::Pon => counts[i] += 3,
            CallKind::Kan | CallKind::ClosedKan => counts[i] += 4,
        }
    }
}

impl fmt::Display for Call {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (i, n) = (self.tile.index(), self.tile.number());
        let mut digits = String::new();
        let mut red = self.red;
        let mut push = |k: usize, d: u8| {
            let five = !Tile::from_index(k).is_honor() && d == 5;
            if five && red > 0 {
                red -= 1;
                digits.push('0');
            } else {
                digits.push((b'0' + d) as char);
            }
        };
        match self.kind {
            CallKind::Chi => (0..3).for_each(|j| push(i + j, n + j as u8)),
            CallKind::Pon => (0..3).for_each(|_| push(i, n)),
            _ => (0..4).for_each(|_| push(i, n)),
        }
        write!(
            f,
            "{} {digits}{}",
            self.kind.word(),
            self.tile.suit().letter()
        )
    }
}

/// A winning hand for [`crate::Engine::score`]: the concealed tiles with the winning tile
/// among them, up to four calls, the winning tile, and the red fives (`0m`, `0p`, `0s`).
///
/// ```
/// use hupai::WinningHand;
/// let hand = WinningHand::new("234m34067p22s789s", "5m", &[]).is_err(); // 5m is not held
/// assert!(hand);
/// let hand = WinningHand::new("234m345m0p67p22s", "5m", &["chi 789s"]).unwrap();
/// assert_eq!(hand.red(), 1);
/// assert_eq!(hand.to_string(), "233445m067p22s chi 789s, win 5m"); // counts in order
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningHand {
    concealed: Counts,
    calls: Vec<Call>,
    win: Tile,
    /// Red fives per suit, concealed and called.
    red: [u8; 3],
    /// Kinds wild in this hand beyond the rules' own (a request's `wild`, Nanchang's 精).
    wild: TileSet,
}

impl WinningHand {
    /// A winning hand of `concealed` tiles (MPSZ, the winning tile among them), the winning
    /// tile `win`, and `calls` ([`Call::parse`]). The tile counts are checked (no fifth copy,
    /// 14 tiles with three to each call); whether the tiles win is the scorer's question.
    pub fn new(concealed: &str, win: &str, calls: &[&str]) -> Result<WinningHand, ScoreError> {
        let calls = calls
            .iter()
            .map(|c| Call::parse(c))
            .collect::<Result<Vec<_>, _>>()?;
        let counts = parse_tiles_unbounded(concealed).map_err(ScoreError::BadTiles)?;
        let win = Tile::parse(win).map_err(ScoreError::BadTiles)?;
        let mut red = red_fives(concealed);
        for c in &calls {
            if c.red > 0 {
                red[c.tile.index() / 9] += c.red;
            }
        }
        let mut concealed = [0u8; KINDS];
        for (i, &c) in counts.iter().enumerate() {
            concealed[i] = c.min(255) as u8;
        }
        WinningHand::from_parts(concealed, calls, win, red)
    }

    /// A winning hand from counts (index order 1m…9m, 1p…9p, 1s…9s, 1z…7z), calls, the
    /// winning tile and red fives per suit (m, p, s); checked as [`WinningHand::new`] checks.
    ///
    /// ```
    /// use hupai::{parse_tiles, Tile, WinningHand};
    /// let counts = parse_tiles("123456789m11p567s").unwrap();
    /// let hand = WinningHand::from_parts(counts, vec![], Tile::parse("1p").unwrap(), [0, 0, 1]);
    /// assert_eq!(hand.unwrap().to_string(), "123456789m11p067s, win 1p");
    /// ```
    pub fn from_parts(
        concealed: Counts,
        calls: Vec<Call>,
        win: Tile,
        red: [u8; 3],
    ) -> Result<WinningHand, ScoreError> {
        if calls.len() > 4 {
            return Err(ScoreError::WrongCount(format!(
                "{} calls: a hand has at most four",
                calls.len()
            )));
        }
        let mut all = [0u32; KINDS];
        for (a, &c) in all.iter_mut().zip(concealed.iter()) {
            *a = c as u32;
        }
        calls.iter().for_each(|c| c.add_to(&mut all));
        if let Some(i) = all.iter().position(|&c| c > 4) {
            return Err(ScoreError::TooManyCopies(format!(
                "{} copies of {} (concealed and called): there are four",
                all[i],
                Tile::from_index(i)
            )));
        }
        let held: u32 = concealed.iter().map(|&c| c as u32).sum();
        let want = 14 - 3 * calls.len() as u32;
        if held != want {
            return Err(ScoreError::WrongCount(format!(
                "{held} concealed tiles with {} calls: a win holds {want} (the winning tile among them)",
                calls.len()
            )));
        }
        if concealed[win.index()] == 0 {
            return Err(ScoreError::BadHand(format!(
                "the winning tile {win} is not among the concealed tiles"
            )));
        }
        for (s, &r) in red.iter().enumerate() {
            let fives = all[s * 9 + 4];
            if r as u32 > fives {
                return Err(ScoreError::BadHand(format!(
                    "{r} red fives of {} but {fives} fives",
                    Suit::ALL[s].letter()
                )));
            }
            if r > 1 {
                let suit = Suit::ALL[s].letter();
                return Err(ScoreError::TooManyCopies(format!(
                    "{r} red fives of {suit} (0{suit}): a set has one red five of each suit"
                )));
            }
        }
        Ok(WinningHand {
            concealed,
            calls,
            win,
            red,
            wild: TileSet::EMPTY,
        })
    }

    /// The hand with `wild` kinds wild beyond the rules' own (a room's wildcards: Nanchang's
    /// 精, a request's `wild`): the scorers of rooms that play wildcards read them; the others
    /// refuse a hand that holds one.
    ///
    /// ```
    /// use hupai::{Engine, NanchangFan, Rules, TileSet, Win, WinningHand};
    /// let (zheng, fu) = hupai::nanchang_wilds("5m".parse().unwrap()); // 5m and 6m are 精
    /// let jing: TileSet = [zheng, fu].into_iter().collect();
    /// let hand = WinningHand::new("123m456p789s1z5m", "1z", &["pon 777p"]).unwrap().with_wild(jing);
    /// let s = Engine::new(Rules::nanchang()).score(&hand, &Win::default()).unwrap();
    /// assert_eq!(s.nanchang().unwrap().fans[1].0, NanchangFan::JingDiao);
    /// ```
    pub fn with_wild(mut self, wild: TileSet) -> WinningHand {
        self.wild = wild;
        self
    }

    /// The kinds wild in this hand beyond the rules' own ([`WinningHand::with_wild`]).
    pub fn wild(&self) -> TileSet {
        self.wild
    }

    /// The same calls with other concealed tiles, winning tile and red fives, not checked
    /// again: for a caller whose hands are checked by their making (the odds' wins are draws
    /// into a checked hand), so that scoring many wins builds one hand.
    pub(crate) fn refill(&mut self, concealed: Counts, win: Tile, red: [u8; 3]) {
        debug_assert!(concealed[win.index()] > 0);
        self.concealed = concealed;
        self.win = win;
        self.red = red;
    }

    /// Sets the calls in place (the buffer kept: no allocation once it holds four): the table
    /// checks each seat's wins with one hand it refills.
    #[cfg_attr(not(feature = "game"), allow(dead_code))] // read by `game`
    pub(crate) fn set_calls(&mut self, calls: impl Iterator<Item = Call>) {
        self.calls.clear();
        self.calls.extend(calls);
    }

    /// The concealed tiles (the winning tile among them).
    pub fn concealed(&self) -> &Counts {
        &self.concealed
    }

    /// The calls.
    pub fn calls(&self) -> &[Call] {
        &self.calls
    }

    /// The winning tile.
    pub fn win_tile(&self) -> Tile {
        self.win
    }

    /// Red fives in the hand, concealed and called.
    pub fn red(&self) -> u8 {
        self.red.iter().sum()
    }

    /// Red fives of suit `s` (0 characters, 1 dots, 2 bamboo), concealed and called.
    pub(crate) fn red_of(&self, s: usize) -> u8 {
        self.red[s]
    }

    /// True when a call opened the hand (a closed kan does not).
    pub fn is_open(&self) -> bool {
        self.calls.iter().any(Call::is_open)
    }

    /// The tiles as a [`crate::Hand`] under `rules`, the calls as declared melds: what the
    /// other answers read (how far a hand that does not win is from a win, say).
    ///
    /// ```
    /// use hupai::{Engine, Rules, WinningHand};
    /// let hand = WinningHand::new("123m456p789s12355z", "5z", &[]).unwrap();
    /// let engine = Engine::new(Rules::riichi());
    /// assert_eq!(engine.shanten(&hand.as_hand(engine.rules()).unwrap()), 1);
    /// ```
    pub fn as_hand(&self, rules: &crate::Rules) -> Result<crate::Hand, crate::HandError> {
        let melds: Vec<Meld> = self.calls.iter().map(Call::meld).collect();
        crate::Hand::under(self.concealed, &melds, self.wild, rules)
    }

    /// Every tile of the hand as counts, calls included (a kan counts 4).
    pub(crate) fn all_counts(&self) -> [u32; KINDS] {
        let mut all = [0u32; KINDS];
        for (a, &c) in all.iter_mut().zip(self.concealed.iter()) {
            *a = c as u32;
        }
        self.calls.iter().for_each(|c| c.add_to(&mut all));
        all
    }
}

impl fmt::Display for WinningHand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut red = self.red;
        for c in &self.calls {
            if c.red > 0 {
                red[c.tile.index() / 9] -= c.red;
            }
        }
        for suit in Suit::ALL {
            let base = suit.base();
            let mut digits = String::new();
            for n in 0..suit.len() {
                for _ in 0..self.concealed[base + n] {
                    // A red five is written `0` where its 5 stands.
                    if n == 4 && suit != Suit::Honor && red[base / 9] > 0 {
                        red[base / 9] -= 1;
                        digits.push('0');
                    } else {
                        digits.push((b'1' + n as u8) as char);
                    }
                }
            }
            if !digits.is_empty() {
                write!(f, "{digits}{}", suit.letter())?;
            }
        }
        for (i, c) in self.calls.iter().enumerate() {
            write!(f, "{}{c}", if i == 0 { " " } else { ", " })?;
        }
        write!(f, ", win {}", self.win)
    }
}

/// Red fives (`0m`, `0p`, `0s`) per suit in an MPSZ string already checked by the parser.
pub(crate) fn red_fives(text: &str) -> [u8; 3] {
    let mut red = [0u8; 3];
    let mut zeros = 0u8;
    for ch in text.chars().map(crate::tile::fold_width) {
        match ch {
            '0' => zeros += 1,
            'm' | 'p' | 's' => {
                red["mps".find(ch).unwrap_or(0)] += zeros;
                zeros = 0;
            }
            c if !c.is_ascii_digit() => zeros = 0,
            _ => {}
        }
    }
    red
}

/// Why a hand or a win cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    /// Tiles that are not MPSZ.
    BadTiles(TileError),
    /// A call that is not a chi, pon or kan.
    BadCall(String),
    /// Counts that cannot be a winning hand (the winning tile not held, more red fives than
    /// fives).
    BadHand(String),
    /// A fifth copy of a kind among the hand and its calls, or a second red five of a suit.
    TooManyCopies(String),
    /// A number of tiles or calls no winning hand has (five calls; 13 tiles with no call).
    WrongCount(String),
    /// An option out of its range (a stake of 0, payers outside 1–3, a payment past 64 bits),
    /// or one the rules do not play.
    BadArgument(String),
    /// A situation that cannot happen (riichi with an open hand, tenhou off the dealer's seat…).
    BadSituation(String),
    /// The tiles do not form a winning hand.
    NotAWin,
    /// The hand wins but has no yaku (dora do not count).
    NoYaku,
    /// The rules score no wins ([`crate::Scoring::None`]).
    NotScored,
}

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScoreError::BadTiles(e) => write!(f, "{e}"),
            ScoreError::BadCall(m) => write!(f, "bad call {m}"),
            ScoreError::BadHand(m) | ScoreError::TooManyCopies(m) | ScoreError::WrongCount(m) => {
                write!(f, "bad hand: {m}")
            }
            ScoreError::BadArgument(m) => write!(f, "bad option: {m}"),
            ScoreError::BadSituation(m) => write!(f, "impossible win: {m}"),
            ScoreError::NotAWin => f.write_str("the hand is not a win"),
            ScoreError::NoYaku => f.write_str("no yaku: the hand wins but may not be claimed"),
            ScoreError::NotScored => f.write_str(
                "these rules score no wins (their scoring is none; every preset but chinese scores)",
            ),
        }
    }
}

impl std::error::Error for ScoreError {}

impl ScoreError {
    /// Its stable code, the same in every door.
    ///
    /// ```
    /// use hupai::{Code, Engine, Rules, Win, WinningHand};
    /// let hand = WinningHand::new("123m456p789s12355z", "5z", &[]).unwrap();
    /// let e = Engine::new(Rules::riichi()).score(&hand, &Win::default()).unwrap_err();
    /// assert_eq!(e.code(), Code::NotAWin);
    /// ```
    pub fn code(&self) -> Code {
        match self {
            ScoreError::NoYaku => Code::NoYaku,
            ScoreError::NotAWin => Code::NotAWin,
            ScoreError::NotScored => Code::NotScored,
            ScoreError::BadTiles(_) => Code::BadTile,
            ScoreError::BadCall(_) => Code::BadMeld,
            ScoreError::BadHand(_) => Code::BadHand,
            ScoreError::TooManyCopies(_) => Code::TooManyCopies,
            ScoreError::WrongCount(_) => Code::WrongCount,
            ScoreError::BadArgument(_) => Code::BadArgument,
            ScoreError::BadSituation(_) => Code::BadWin,
        }
    }
}
