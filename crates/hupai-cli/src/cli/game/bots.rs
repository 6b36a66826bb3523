//! `hupai game play --bot CMD`: external bots at the table, over the mjai protocol as
//! mjai.app and Mortal speak it: a bot is a process given its seat as its last argument; each
//! time it must answer, it is sent one line, a JSON array of the events since its last answer
//! (as its seat sees them: others' draws and hands are `?`), and answers one line, one JSON
//! action (`{"type":"none"}` for a pass). At a Chinese room's table a bot is sent the table
//! as its seat sees it (`hupai::protocol::RoomView`, one JSON object a line) and answers
//! `{"action": N}`, a room action. A bot that answers late, answers what cannot be read, or
//! plays what is not legal loses the game: the verdict names it and what it sent.

use hupai::game::room::{RoomAction, RoomActions};
use hupai::game::{room_action_of, Action, ActionKind, Agent, Game, GameEvent, Phase};
use hupai::Tile;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;

/// The longest answer line read (bytes): an answer is one small JSON object; a bot sending
/// an endless line loses at this bound, its line never held whole.
pub const MAX_ANSWER: u64 = 64 << 10;

/// One external bot: its process, its input, its answers' lines (read on a thread of their
/// own, so a silent bot is waited for with a deadline), and the events it has not been sent.
pub struct Bot {
    seat: u8,
    name: String,
    child: Child,
    input: ChildStdin,
    /// Each answer line, or why reading stopped (a line past [`MAX_ANSWER`]).
    lines: Receiver<Result<String, String>>,
    pending: Vec<String>,
    /// It answered `reach`: its next discard declares riichi.
    riichi: bool,
    /// Time granted beyond the limit until its first answer (a bot loading a model).
    startup: Option<Duration>,
}

/// Why a bot lost the game.
pub struct Verdict {
    /// The bot's seat.
    pub seat: u8,
    /// What it did.
    pub why: String,
}

impl Bot {
    /// Starts `cmd` (split on spaces; the seat appended) for `seat`.
    pub fn start(cmd: &str, seat: u8, startup: Duration) -> Result<Bot, String> {
        let mut words = cmd.split_whitespace();
        let program = words.next().ok_or("--bot: an empty command")?;
        let mut child = Command::new(program)
            .args(words)
            .arg(seat.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("--bot {cmd}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut output = BufReader::new(output);
            loop {
                let mut line = Vec::new();
                match (&mut output)
                    .take(MAX_ANSWER + 1)
                    .read_until(b'\n', &mut line)
                {
                    Ok(0) | Err(_) => break,
                    Ok(_) if !line.ends_with(b"\n") && line.len() as u64 > MAX_ANSWER => {
                        let why = format!("sent a line longer than {MAX_ANSWER} bytes");
                        let _ = tx.send(Err(why));
                        break;
                    }
                    Ok(_) => {}
                }
                while line.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
                    line.pop();
                }
                let line = String::from_utf8_lossy(&line).into_owned();
                if tx.send(Ok(line)).is_err() {
                    break;
                }
            }
        });
        Ok(Bot {
            seat,
            name: cmd.to_string(),
            child,
            input,
            lines,
            pending: Vec::new(),
            riichi: false,
            startup: Some(startup),
        })
    }

    /// Queues `event` as this bot's seat sees it.
    pub fn tell(&mut self, event: &GameEvent, aka: bool) {
        let mut line = String::new();
        event.seen_by(self.seat).write_mjai(aka, &mut line);
        self.pending.push(line);
    }

    /// Sends the queued events and reads the answer within `limit`.
    fn ask(&mut self, limit: Duration) -> Result<Value, Verdict> {
        let line = format!("[{}]\n", self.pending.join(","));
        self.pending.clear();
        self.exchange(&line, limit)
    }

    /// Sends `line` (ending in a newline) and reads the answer, one JSON line, within `limit`
    /// (and the start-up allowance, the first time).
    fn exchange(&mut self, line: &str, limit: Duration) -> Result<Value, Verdict> {
        let lost = |why: String| Verdict {
            seat: self.seat,
            why,
        };
        self.input
            .write_all(line.as_bytes())
            .and_then(|_| self.input.flush())
            .map_err(|e| lost(format!("{}: its input closed ({e})", self.name)))?;
        let wait = limit + self.startup.take().unwrap_or_default();
        let answer = match self.lines.recv_timeout(wait) {
            Ok(Ok(a)) => a,
            Ok(Err(why)) => return Err(lost(format!("{}: {why}", self.name))),
            Err(RecvTimeoutError::Timeout) => {
                return Err(lost(format!(
                    "{}: no answer within {} ms",
                    self.name,
                    wait.as_millis()
                )))
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(lost(format!("{}: ended without an answer", self.name)))
            }
        };
        serde_json::from_str(&answer)
            .map_err(|e| lost(format!("{}: sent {answer:?}, not JSON ({e})", self.name)))
    }

    /// The bot's action now, asked until it is one of the table's actions (a `reach` is
    /// answered with its event and asked again); legal or not is the caller's check.
    pub fn act(&mut self, game: &Game, limit: Duration, aka: bool) -> Result<Action, Verdict> {
        loop {
            let v = self.ask(limit)?;
            let lost = |why: String| Verdict {
                seat: self.seat,
                why: format!("{}: {why} (sent {v})", self.name),
            };
            let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
            if kind == "reach" && matches!(game.phase(), Phase::Turn(s) if s == self.seat) {
                self.riichi = true;
                let mut line = String::new();
                GameEvent::Reach { seat: self.seat }.write_mjai(aka, &mut line);
                self.pending.push(line);
                continue;
            }
            let riichi = std::mem::take(&mut self.riichi);
            return action_of(&v, game, self.seat, riichi).map_err(lost);
        }
    }
}

impl Bot {
    /// At a room's table: sends the table as the bot's seat sees it (one JSON object, a
    /// line) and reads its answer, `{"action": N}`, one of `legal` (a room action number).
    pub fn act_room(
        &mut self,
        table: &Value,
        legal: RoomActions,
        limit: Duration,
    ) -> Result<RoomAction, Verdict> {
        let v = self.exchange(&format!("{table}\n"), limit)?;
        let lost = |why: String| Verdict {
            seat: self.seat,
            why: format!("{}: {why} (sent {v})", self.name),
        };
        let n = v
            .get("action")
            .and_then(Value::as_i64)
            .ok_or_else(|| lost("no \"action\" number".into()))?;
        let a = room_action_of(n).map_err(|e| lost(e.to_string()))?;
        if legal.contains(a) {
            return Ok(a);
        }
        // The actions as the table named them to the bot (换三张's picks `give 5m`).
        let sent: Vec<&str> = table["legal"]
            .as_array()
            .map(|l| l.iter().filter_map(|e| e["name"].as_str()).collect())
            .unwrap_or_default();
        let giving = sent.iter().any(|n| n.starts_with("give "));
        let what = match a.to_string() {
            d if giving && d.starts_with("discard ") => d.replacen("discard", "give", 1),
            other => other,
        };
        Err(lost(format!(
            "{what} is not legal now (legal: {})",
            sent.join(", ")
        )))
    }
}

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An mjai tile name as a kind and whether it is a red five.
fn tile(v: Option<&Value>) -> Result<(Tile, bool), String> {
    let name = v.and_then(Value::as_str).ok_or("a tile is missing")?;
    let honors = ["E", "S", "W", "N", "P", "F", "C"];
    if let Some(i) = honors.iter().position(|&h| h == name) {
        return Ok((Tile::from_index(27 + i), false));
    }
    let (red, plain) = match name.strip_suffix('r') {
        Some(p) => (true, p),
        None => (false, name),
    };
    let t = Tile::parse(plain).map_err(|_| format!("{name:?} is not a tile"))?;
    if red && (t.is_honor() || t.number() != 5) {
        return Err(format!("{name:?}: only a five is red"));
    }
    Ok((t, red))
}

/// The table's action for an mjai answer of `seat`.
fn action_of(v: &Value, game: &Game, seat: u8, riichi: bool) -> Result<Action, String> {
    let kind = v.get("type").and_then(Value::as_str).unwrap_or("");
    if let Some(actor) = v.get("actor").and_then(Value::as_u64) {
        if kind != "none" && actor != seat as u64 {
            return Err(format!("it plays for seat {actor}, not its own"));
        }
    }
    let consumed = || -> Result<Vec<(Tile, bool)>, String> {
        let list = v
            .get("consumed")
            .and_then(Value::as_array)
            .ok_or("no consumed tiles")?;
        list.iter().map(|t| tile(Some(t))).collect()
    };
    let turn = matches!(game.phase(), Phase::Turn(s) if s == seat);
    Ok(match kind {
        "dahai" => {
            let (t, red) = tile(v.get("pai"))?;
            if riichi {
                Action::riichi(t, red)
            } else {
                Action::discard(t, red)
            }
        }
        "none" => Action::PASS,
        "hora" if turn => Action::TSUMO,
        "hora" => Action::RON,
        "ryukyoku" => Action::NINE_TERMINALS,
        "pon" => Action::pon(consumed()?.iter().any(|c| c.1)),
        "daiminkan" => Action::OPEN_KAN,
        "ankan" => Action::closed_kan(consumed()?.first().ok_or("no consumed tiles")?.0),
        "kakan" => Action::added_kan(tile(v.get("pai"))?.0),
        "chi" => {
            let (t, _) = tile(v.get("pai"))?;
            let c = consumed()?;
            let low = c
                .iter()
                .map(|c| c.0.index())
                .chain([t.index()])
                .min()
                .unwrap_or(0);
            Action::chi((t.index() - low) as u8, c.iter().any(|c| c.1))
        }
        other => return Err(format!("{other:?} is not an action")),
    })
}

/// The seat's answer: a bot's (checked legal) or a built-in agent's.
pub fn answer(
    game: &Game,
    seat: u8,
    bot: Option<&mut Bot>,
    agent: &mut dyn Agent,
    limit: Duration,
) -> Result<Action, Verdict> {
    let Some(bot) = bot else {
        return Ok(agent.act(game, seat));
    };
    let aka = game.rules().scoring.red_fives;
    let a = bot.act(game, limit, aka)?;
    if game.legal(seat).contains(a) {
        return Ok(a);
    }
    let legal: Vec<String> = game.legal(seat).iter().map(|a| a.to_string()).collect();
    let what = match a.kind() {
        ActionKind::Pass if matches!(game.phase(), Phase::Turn(_)) => {
            "a pass in its turn".to_string()
        }
        _ => a.to_string(),
    };
    Err(Verdict {
        seat,
        why: format!(
            "{}: {what} is not legal now (legal: {})",
            bot.name,
            legal.join(", ")
        ),
    })
}
