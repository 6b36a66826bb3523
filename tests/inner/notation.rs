//! Tile text (`src/tile.rs`): the byte-by-byte reading of ASCII notation against the reading
//! by characters, which also reads full-width notation and names every error.

use crate::tile::{parse_ascii, parse_chars};

#[test]
fn the_ascii_parse_agrees_with_the_parse_by_characters() {
    // Strings over digits, the suit letters and a few others: where the byte parse
    // answers, the parse by characters gives the same counts; where it does not, an ASCII
    // string is an error.
    let alphabet = b"0123456789mpszq 8";
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let (mut answered, mut refused) = (0, 0);
    for _ in 0..300_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 12) as usize;
        let text: String = (0..len)
            .map(|i| alphabet[(x >> (5 + 4 * i) & 0xf) as usize % alphabet.len()] as char)
            .collect();
        match parse_ascii(text.as_bytes()) {
            Some(counts) => {
                assert_eq!(parse_chars(&text), Ok(counts), "{text:?}");
                answered += 1;
            }
            None => {
                assert!(parse_chars(&text).is_err(), "{text:?}");
                refused += 1;
            }
        }
    }
    assert!(
        answered > 10_000 && refused > 10_000,
        "{answered} {refused}"
    );
}
