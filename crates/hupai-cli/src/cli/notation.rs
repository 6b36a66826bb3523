//! What players paste, into MPSZ: upper case, spaces, a hand split over several arguments,
//! Unicode mahjong tiles (🀇…), and Chinese or Japanese names (五万, 3筒, 7条, 東南西北白發中 /
//! 东南西北白发中). Errors point at the character and teach the notation.

/// The notation, for errors.
pub const NOTATION: &str = "tiles are digits 1-9 followed by m (万 characters), p (筒 dots) or s \
     (条 bamboo), and 1z-7z = 東 南 西 北 白 發 中 (east south west north white green red); \
     0 is a red five. Also taken: 🀇 🀙 🀐 … and names such as 五万 3筒 7条 東";

/// The digit of a number character, ASCII or Chinese.
fn digit(c: char) -> Option<char> {
    match c {
        '0'..='9' => Some(c),
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32),
        _ => "一二三四五六七八九"
            .chars()
            .position(|x| x == c)
            .and_then(|i| char::from_digit(i as u32 + 1, 10)),
    }
}

/// The suit letter of a suit character.
fn suit(c: char) -> Option<char> {
    match c.to_ascii_lowercase() {
        'm' | '万' | '萬' => Some('m'),
        'p' | '筒' | '饼' | '餅' => Some('p'),
        's' | '条' | '條' | '索' => Some('s'),
        'z' => Some('z'),
        _ => None,
    }
}

/// An honor by its character: 1z..7z.
fn honor(c: char) -> Option<char> {
    let i = "東南西北白發中"
        .chars()
        .position(|x| x == c)
        .or_else(|| "东南西北白发中".chars().position(|x| x == c))?;
    char::from_digit(i as u32 + 1, 10)
}

/// A tile of the Unicode mahjong block, as MPSZ.
fn unicode_tile(c: char) -> Option<String> {
    let n = c as u32;
    let tile = match n {
        0x1F000..=0x1F003 => format!("{}z", n - 0x1F000 + 1), // 🀀 east … 🀃 north
        0x1F004 => "7z".into(),                               // 🀄 red dragon
        0x1F005 => "6z".into(),                               // 🀅 green dragon
        0x1F006 => "5z".into(),                               // 🀆 white dragon
        0x1F007..=0x1F00F => format!("{}m", n - 0x1F007 + 1), // 🀇 … characters
        0x1F010..=0x1F018 => format!("{}s", n - 0x1F010 + 1), // 🀐 … bamboo
        0x1F019..=0x1F021 => format!("{}p", n - 0x1F019 + 1), // 🀙 … dots
        _ => return None,
    };
    Some(tile)
}

/// MPSZ text of what a player wrote (the arguments joined); an error that points at the bad
/// character and says the notation.
///
/// MPSZ as written stays as it is (`123m`); a tile by name or picture becomes digit + suit.
/// The parser then sorts and checks the copies.
pub fn to_mpsz(parts: &[String]) -> Result<String, String> {
    let text = parts.join(" ");
    let mut out = String::new();
    let mut digits: Vec<char> = Vec::new();
    let point = |at: usize, why: String| {
        let before: String = text.chars().take(at).collect();
        let pad = " ".repeat(before.chars().map(width).sum());
        format!("{why}\n  {text}\n  {pad}^\n{NOTATION}")
    };
    for (at, c) in text.chars().enumerate() {
        // Full-width digits and letters (１２３ｍ, what a Japanese or Chinese keyboard types)
        // read as their ASCII twins, as every other door reads them.
        let c = match c {
            '\u{FF10}'..='\u{FF19}' | '\u{FF21}'..='\u{FF3A}' | '\u{FF41}'..='\u{FF5A}' => {
                char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
            }
            c => c,
        };
        if c.is_whitespace() || matches!(c, ',' | '-' | '_' | '|' | '/' | '、' | '，') {
            continue;
        }
        if let Some(d) = digit(c) {
            digits.push(d);
        } else if let Some(s) = suit(c) {
            if digits.is_empty() {
                return Err(point(at, format!("'{c}' has no number before it")));
            }
            for d in digits.drain(..) {
                if s == 'z' && !('1'..='7').contains(&d) {
                    return Err(point(
                        at,
                        format!("there is no {d}z: honors are 1z-7z (東南西北白發中)"),
                    ));
                }
                out.push(d);
            }
            out.push(s);
        } else if let Some(h) = honor(c)
            .map(|h| format!("{h}z"))
            .or_else(|| unicode_tile(c))
        {
            if !digits.is_empty() {
                return Err(point(at, format!("'{c}' needs no number before it")));
            }
            out.push_str(&h);
        } else {
            return Err(point(at, format!("unknown character '{c}'")));
        }
    }
    if !digits.is_empty() {
        let tail: String = digits.iter().collect();
        return Err(format!(
            "'{tail}' at the end has no suit: write {tail}m, {tail}p or {tail}s\n{NOTATION}"
        ));
    }
    Ok(out)
}

/// Columns a character takes in a terminal (CJK and the tile block: two).
fn width(c: char) -> usize {
    if (c as u32) >= 0x1100 {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::to_mpsz;

    fn mpsz(s: &str) -> String {
        let parts: Vec<String> = s.split(' ').map(String::from).collect();
        to_mpsz(&parts).unwrap()
    }

    #[test]
    fn what_players_paste() {
        assert_eq!(mpsz("34568m 5678p 23567s"), mpsz("34568m5678p23567s"));
        assert_eq!(mpsz("123M456P789S11Z"), mpsz("123m456p789s11z"));
        assert_eq!(mpsz("🀇🀈🀉 🀙🀚🀛 🀐🀑🀒 🀀🀀"), "1m2m3m1p2p3p1s2s3s1z1z");
        assert_eq!(mpsz("🀄🀅🀆"), "7z6z5z");
        assert_eq!(
            mpsz("一万二万三万 五筒 5饼 7条 9索 東 发 中"),
            "1m2m3m5p5p7s9s1z6z7z"
        );
        assert_eq!(mpsz("56m"), "56m");
        assert_eq!(mpsz("123万 456筒 789条 东南"), "123m456p789s1z2z");
        assert_eq!(mpsz("055m"), "055m");
    }

    #[test]
    fn full_width_reads_as_ascii() {
        assert_eq!(mpsz("１２３ｍ456p789s1122z"), "123m456p789s1122z");
        assert_eq!(mpsz("123ｍ４５６Ｐ"), "123m456p");
    }

    #[test]
    fn errors_point_and_teach() {
        let e = to_mpsz(&["123m4x".into()]).unwrap_err();
        assert!(
            e.contains("unknown character 'x'") && e.contains("     ^"),
            "{e}"
        );
        assert!(e.contains("東 南 西 北 白 發 中"), "{e}");
        let e = to_mpsz(&["89z".into()]).unwrap_err();
        assert!(e.contains("there is no 8z"), "{e}");
        let e = to_mpsz(&["123m45".into()]).unwrap_err();
        assert!(e.contains("'45' at the end has no suit"), "{e}");
        let e = to_mpsz(&["m123".into()]).unwrap_err();
        assert!(e.contains("'m' has no number"), "{e}");
        let e = to_mpsz(&["1東".into()]).unwrap_err();
        assert!(e.contains("needs no number"), "{e}");
    }
}
