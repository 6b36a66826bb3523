//! `hupai batch`: JSON lines in, JSON lines out, in input order, on one or more threads.

use hupai::protocol::{answer_line_with, error_line};
use hupai::table::Tables;
use hupai::Rules;
use std::io::{BufRead, BufWriter, Write};

/// Lines read per block: each block is split among the threads, then written in order.
const BLOCK: usize = 8192;

/// Longest request line read (bytes, without the newline). A longer line is skipped without
/// being kept in memory and answered with an error line, so memory stays bounded whatever
/// the input.
pub const MAX_LINE: usize = 64 * 1024;

/// One input line: its bytes, or `None` when it was longer than [`MAX_LINE`].
type Line = Option<Vec<u8>>;

/// Reads one line of at most [`MAX_LINE`] bytes; `Ok(None)` at end of input.
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Line>> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(any.then(|| (!too_long).then_some(buf)));
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > MAX_LINE {
                too_long = true;
                buf = Vec::new();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take + done as usize);
        if done {
            return Ok(Some((!too_long).then_some(buf)));
        }
    }
}

/// Answers one raw line (bytes without the newline), numbered from 1.
fn answer(tables: &Tables, raw: &Line, line_no: usize, rules: Rules) -> String {
    let Some(raw) = raw else {
        return error_line(
            &format!("line longer than {MAX_LINE} bytes (skipped)"),
            line_no,
        );
    };
    match std::str::from_utf8(raw) {
        Ok(text) if text.contains('\0') => error_line("line contains a NUL byte", line_no),
        Ok(text) => answer_line_with(tables, text.trim_end_matches('\r'), line_no, rules),
        Err(_) => error_line("line is not valid UTF-8", line_no),
    }
}

/// Reads stdin to the end, answering every line; returns the exit code.
pub fn run(tables: &Tables, rules: Rules, threads: usize) -> i32 {
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let threads = threads.max(1);
    let mut first_line = 1;
    loop {
        let mut block: Vec<Line> = Vec::with_capacity(BLOCK);
        let mut eof = false;
        while block.len() < BLOCK {
            match read_line(&mut input) {
                Ok(None) => {
                    eof = true;
                    break;
                }
                Ok(Some(line)) => block.push(line),
                Err(e) => {
                    eprintln!("hupai batch: cannot read stdin: {e}");
                    return 1;
                }
            }
        }
        let answers: Vec<String> = if threads == 1 || block.len() < 2 * threads {
            block
                .iter()
                .enumerate()
                .map(|(i, raw)| answer(tables, raw, first_line + i, rules))
                .collect()
        } else {
            let per = block.len().div_ceil(threads);
            std::thread::scope(|s| {
                let handles: Vec<_> = block
                    .chunks(per)
                    .enumerate()
                    .map(|(c, chunk)| {
                        let start = first_line + c * per;
                        s.spawn(move || {
                            chunk
                                .iter()
                                .enumerate()
                                .map(|(i, raw)| answer(tables, raw, start + i, rules))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().expect("batch worker"))
                    .collect()
            })
        };
        for a in &answers {
            if writeln!(out, "{a}").is_err() {
                return 1;
            }
        }
        first_line += block.len();
        if eof {
            break;
        }
    }
    if out.flush().is_err() {
        return 1;
    }
    0
}
