//! Progress on stderr: `hupai batch`'s lines done, lines/s, and the ETA when the input's size
//! is known (a file on stdin); `hupai review`'s records done of all. Only when stderr is a
//! terminal (and, for batch, stdin is not one: a person typing needs no bar), and only after
//! the first second, so that a co-process answering one line at a time and every pipeline
//! stay silent.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// The progress of a batch run; does nothing unless shown.
pub struct Progress {
    bar: Option<ProgressBar>,
    /// The command and what it counts: ("hupai batch", "lines").
    name: &'static str,
    unit: &'static str,
    start: Instant,
    lines: u64,
    bytes: u64,
    /// The input's size, when stdin is a file.
    total: Option<u64>,
}

/// The wait before the bar appears.
const DELAY: Duration = Duration::from_secs(1);

impl Progress {
    /// Progress for stdin (shown once the run takes longer than [`DELAY`]).
    pub fn for_stdin() -> Progress {
        let shown = std::io::stderr().is_terminal() && !std::io::stdin().is_terminal();
        let total = shown.then(stdin_size).flatten();
        Progress {
            bar: shown.then(ProgressBar::hidden),
            name: "hupai batch",
            unit: "lines",
            start: Instant::now(),
            lines: 0,
            bytes: 0,
            total,
        }
    }

    /// Progress over `total` items of `name`'s (shown once the run takes longer than
    /// [`DELAY`]; advanced by `advance(n, n)`).
    pub fn for_items(name: &'static str, unit: &'static str, total: u64) -> Progress {
        let shown = std::io::stderr().is_terminal() && total > 1;
        Progress {
            bar: shown.then(ProgressBar::hidden),
            name,
            unit,
            start: Instant::now(),
            lines: 0,
            bytes: 0,
            total: Some(total),
        }
    }

    /// `lines` more answered, from `bytes` more of input.
    pub fn advance(&mut self, lines: u64, bytes: u64) {
        self.lines += lines;
        self.bytes += bytes;
        let Some(bar) = &self.bar else {
            return;
        };
        let elapsed = self.start.elapsed();
        if elapsed < DELAY {
            return;
        }
        if bar.is_hidden() {
            let style = match self.total {
                Some(total) => {
                    bar.set_length(total);
                    "{bar:30} {percent:>3}% {msg}, ETA {eta}"
                }
                None => "{spinner} {msg}",
            };
            bar.set_style(
                ProgressStyle::with_template(style).unwrap_or(ProgressStyle::default_bar()),
            );
            bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
        }
        let rate = self.lines as f64 / elapsed.as_secs_f64();
        let unit = self.unit;
        bar.set_message(format!("{} {unit}, {rate:.1} {unit}/s", self.lines));
        bar.set_position(self.bytes);
    }

    /// Clears the bar and, if it was shown, says how the run went.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            if !bar.is_hidden() {
                bar.finish_and_clear();
                let secs = self.start.elapsed().as_secs_f64();
                complain!(
                    "{}: {} {} in {secs:.1} s ({:.1} {}/s)",
                    self.name,
                    self.lines,
                    self.unit,
                    self.lines as f64 / secs,
                    self.unit
                );
            }
        }
    }
}

/// The size of stdin when it is a regular file.
fn stdin_size() -> Option<u64> {
    let meta = std::fs::metadata("/dev/stdin").ok()?;
    meta.is_file().then_some(meta.len())
}
