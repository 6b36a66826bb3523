//! `hupai batch`: JSON lines in, JSON lines out, in input order, on one or more threads.
//!
//! It serves a file and a co-process alike. Lines are read into blocks; a block ends at
//! [`BLOCK`] lines, [`BLOCK_BYTES`] bytes, the end of input, or as soon as no more input is
//! waiting in the read buffer. Then its answers are written, and flushed if no more input is
//! waiting: a caller that writes one request and waits for its answer gets it at once, and a
//! file still goes through in large blocks (the buffer holds [`READ_BUFFER`] bytes).

use super::output::output_failed;
use hupai::protocol::{answer_batch_line, error_line, Session};
use hupai::Tables;
use hupai::{Rules, TileSet};
use std::io::{BufRead, BufReader, BufWriter, Write};

/// Bytes read from stdin at a time (a file fills it; a pipe returns what is there).
const READ_BUFFER: usize = 1 << 20;

/// Most lines read per block: each block is split among the threads, then written in order.
const BLOCK: usize = 8192;

/// Most input bytes per block (a block also ends after the line that passes this), so that
/// a block of long lines holds a few MiB, not 8,192 × 64 KiB. An answer is at most a few KiB
/// (an error quotes a short prefix of its line), so a block's answers stay within a few tens
/// of MiB whatever the input and the thread count.
const BLOCK_BYTES: usize = 4 << 20;

/// Most worker threads per available core.
const THREADS_PER_CORE: usize = 4;

/// The thread count for `--threads`: 1 up to [`THREADS_PER_CORE`] × the available cores.
pub fn check_threads(threads: usize) -> Result<usize, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let most = cores * THREADS_PER_CORE;
    if (1..=most).contains(&threads) {
        Ok(threads)
    } else {
        Err(format!(
            "--threads {threads}: must be 1 to {most} ({THREADS_PER_CORE} per core, {cores} cores)"
        ))
    }
}

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
fn answer(session: &mut Session<'_>, raw: &Line, line_no: usize) -> String {
    let Some(raw) = raw else {
        return error_line(
            &format!("line longer than {MAX_LINE} bytes (skipped)"),
            line_no,
        );
    };
    match std::str::from_utf8(raw) {
        Ok(text) if text.contains('\0') => error_line("line contains a NUL byte", line_no),
        Ok(text) => {
            let admit = |_: &mut _| Ok::<(), hupai::protocol::RequestError>(());
            answer_batch_line(session, text.trim_end_matches('\r'), line_no, admit)
        }
        Err(_) => error_line("line is not valid UTF-8", line_no),
    }
}

/// The answers of a chunk of lines, the first numbered `start`.
fn answer_chunk(tables: &Tables, chunk: &[Line], start: usize, rules: Rules) -> Vec<String> {
    // One session a chunk: the default rules' engine, and the last rules' a line named, are
    // built once.
    let mut session = Session::with_tables(tables, rules, TileSet::EMPTY);
    chunk
        .iter()
        .enumerate()
        .map(|(i, raw)| answer(&mut session, raw, start + i))
        .collect()
}

/// Reads stdin to the end, answering every line; returns the exit code. `threads` comes
/// from [`check_threads`]; a worker that cannot be spawned leaves its chunk to this thread.
pub fn run(tables: &Tables, rules: Rules, threads: usize) -> i32 {
    let stdin = std::io::stdin();
    let mut input = BufReader::with_capacity(READ_BUFFER, stdin.lock());
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut first_line = 1;
    let mut block: Vec<Line> = Vec::with_capacity(BLOCK);
    let mut progress = super::progress::Progress::for_stdin();
    loop {
        block.clear();
        let mut bytes = 0;
        let mut eof = false;
        while block.len() < BLOCK && bytes < BLOCK_BYTES {
            match read_line(&mut input) {
                Ok(None) => {
                    eof = true;
                    break;
                }
                Ok(Some(line)) => {
                    bytes += line.as_ref().map_or(0, Vec::len) + 1;
                    block.push(line);
                    if input.buffer().is_empty() {
                        break; // nothing more is waiting: answer before reading on
                    }
                }
                Err(e) => {
                    complain!("hupai batch: cannot read stdin: {e}");
                    return 1;
                }
            }
        }
        let answers: Vec<String> = if threads == 1 || block.len() < 2 * threads {
            answer_chunk(tables, &block, first_line, rules)
        } else {
            let per = block.len().div_ceil(threads);
            std::thread::scope(|s| {
                // A chunk whose worker cannot be spawned is answered here, in its turn.
                let workers: Vec<_> = block
                    .chunks(per)
                    .enumerate()
                    .map(|(c, chunk)| {
                        let start = first_line + c * per;
                        let worker = std::thread::Builder::new()
                            .spawn_scoped(s, move || answer_chunk(tables, chunk, start, rules));
                        (worker.ok(), chunk, start)
                    })
                    .collect();
                workers
                    .into_iter()
                    .flat_map(|(worker, chunk, start)| {
                        worker
                            .and_then(|w| w.join().ok())
                            .unwrap_or_else(|| answer_chunk(tables, chunk, start, rules))
                    })
                    .collect()
            })
        };
        for a in &answers {
            if let Err(e) = writeln!(out, "{a}") {
                return output_failed(&e).unwrap_or(0);
            }
        }
        first_line += block.len();
        progress.advance(block.len() as u64, bytes as u64);
        if eof {
            break;
        }
        // The next read may wait for the caller, who may wait for these answers.
        if input.buffer().is_empty() {
            if let Err(e) = out.flush() {
                return output_failed(&e).unwrap_or(0);
            }
        }
    }
    if let Err(e) = out.flush() {
        return output_failed(&e).unwrap_or(0);
    }
    progress.finish();
    0
}
