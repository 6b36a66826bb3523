//! `hupai batch`: JSON lines in, JSON lines out.

use hupai::protocol::answer_line_with;
use hupai::table::Tables;
use hupai::Rules;
use std::io::{BufRead, BufWriter, Write};

/// Reads stdin to the end, answering every line; returns the exit code.
pub fn run(tables: &Tables, rules: Rules) -> i32 {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut buf = Vec::new();
    let mut line_no = 0;
    loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                eprintln!("hupai batch: cannot read stdin: {e}");
                return 1;
            }
        }
        line_no += 1;
        let text = String::from_utf8_lossy(&buf);
        let answer = match std::str::from_utf8(&buf) {
            Ok(_) => answer_line_with(tables, text.trim_end_matches(['\n', '\r']), line_no, rules),
            Err(_) => hupai::protocol::error_line("line is not valid UTF-8", line_no),
        };
        if writeln!(out, "{answer}").is_err() {
            return 1;
        }
    }
    if out.flush().is_err() {
        return 1;
    }
    0
}
