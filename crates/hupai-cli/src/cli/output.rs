//! Writing the answer: what a failed write means and the exit code it gives.

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
