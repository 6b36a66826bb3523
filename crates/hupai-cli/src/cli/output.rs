//! Writing the answer: columns a terminal aligns (by display width), what a failed write
//! means and the exit code it gives.

/// Exit code when the output cannot be written (a closed pipe, a full disk, no stdout).
pub const EXIT_OUTPUT: i32 = 3;

/// Says on stderr that the output could not be written (stderr may be gone too: ignored),
/// and returns [`EXIT_OUTPUT`]; `None` for a reader that closed the pipe (`hupai batch |
/// head`): a normal end, said nothing of, as `yes | head` does.
///
/// A closed standard output cannot be told from `/dev/null` opened read-write (Python's
/// `subprocess.DEVNULL`): the Rust runtime opens `/dev/null` read-write in place of a closed
/// descriptor. Both are a sink that takes every write, so both end normally.
pub fn output_failed(e: &std::io::Error) -> Option<i32> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return None;
    }
    complain!("hupai: cannot write the output: {e}");
    Some(EXIT_OUTPUT)
}

/// `text` followed by spaces to `width` columns of a terminal: a CJK character takes two
/// (Unicode's East Asian Width, read by the `unicode-width` crate).
pub fn pad(text: &str, width: usize) -> String {
    format!("{text}{}", spaces(text, width))
}

/// Spaces, then `text`, to `width` columns of a terminal.
pub fn pad_left(text: &str, width: usize) -> String {
    format!("{}{text}", spaces(text, width))
}

fn spaces(text: &str, width: usize) -> String {
    " ".repeat(width.saturating_sub(unicode_width::UnicodeWidthStr::width(text)))
}

#[cfg(test)]
mod tests {
    use super::{pad, pad_left};

    #[test]
    fn columns_count_a_cjk_character_twice() {
        assert_eq!(pad("run", 6), "run   ");
        assert_eq!(pad("刻子", 6), "刻子  ");
        assert_eq!(pad("ツモ", 3), "ツモ");
        assert_eq!(pad_left("期待打点", 10), "  期待打点");
    }
}
