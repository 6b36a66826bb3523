//! `hupai batch`: JSON lines in, JSON lines out, in input order, on one or more threads.

use hupai::protocol::{answer_line_with, error_line};
use hupai::table::Tables;
use hupai::Rules;
use std::io::{BufRead, BufWriter, Write};

/// Lines read per block: each block is split among the threads, then written in order.
const BLOCK: usize = 8192;

/// Answers one raw line (bytes without the newline), numbered from 1.
fn answer(tables: &Tables, raw: &[u8], line_no: usize, rules: Rules) -> String {
    match std::str::from_utf8(raw) {
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
        let mut block: Vec<Vec<u8>> = Vec::with_capacity(BLOCK);
        let mut eof = false;
        while block.len() < BLOCK {
            let mut buf = Vec::new();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) => {
                    eof = true;
                    break;
                }
                Ok(_) => {
                    if buf.last() == Some(&b'\n') {
                        buf.pop();
                    }
                    block.push(buf);
                }
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
