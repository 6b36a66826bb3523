//! `hupai game selfplay`: whole games at the table (`hupai::game`) between built-in players,
//! and a summary line of what was played and how fast.

mod bots;
mod room;

use super::files::{expand, load};
use clap::{Subcommand, ValueEnum};
use hupai::game::{
    Agent, Game, GameEvent, GameRules, Length, OddsAgent, RandomAgent, Seed, Tsumogiri, UkeireAgent,
};
use hupai::record::{play_round, TableCheck};
use std::fmt::Write as _;
use std::time::Instant;

/// The `game` subcommands.
#[derive(Subcommand)]
pub enum GameCommand {
    /// Play whole games between built-in players (riichi, Tenhou's rules) and print a summary:
    /// games, rounds, steps (decisions of any seat) and seconds. E.g. `hupai game selfplay
    /// --games 100 --agents random --json`.
    Selfplay(SelfplayArgs),
    /// Play game records at the table (tenhou.net/6, mjlog, mjai, hupai's lines, a room's
    /// record; folders of them): every recorded action asked among the legal ones, every
    /// settlement beside the record's. Prints the counts and names every disagreement; exit 1
    /// on any.
    Replay(ReplayArgs),
    /// Play one game with external bots in some seats (mjai over stdin/stdout, as mjai.app
    /// and Mortal speak it: each bot is started with its seat as its last argument) and
    /// built-in players in the others. A bot that answers late, sends what cannot be read or
    /// plays what is not legal loses: the verdict names it (exit 1).
    Play(PlayArgs),
}

/// `hupai game play`'s arguments.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// A bot's command (repeatable: seat 0, 1, … in order), e.g. `--bot "python3 bot.py"`.
    #[arg(long = "bot", value_name = "CMD", required = true)]
    bots: Vec<String>,
    /// The built-in players in the other seats.
    #[arg(long, value_enum, default_value_t = AgentKind::Ukeire)]
    agents: AgentKind,
    /// The game's seed (walls as Tenhou shuffles them).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// East only (東風戦).
    #[arg(long)]
    east: bool,
    /// The room: riichi (mjai bots) or a Chinese room — sichuan, hongzhong, changsha,
    /// guobiao, nanchang — whose bots are sent the table as their seat sees it and answer a
    /// room action (docs/GAME.md, "Bots at a room's table").
    #[arg(long, value_enum, default_value_t = Room::Riichi)]
    rules: Room,
    /// A switch of the room, repeatable: `--switch hands=1 --switch exchange=dice`.
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    switches: Vec<String>,
    /// A bot's time for one answer, milliseconds.
    #[arg(long, default_value_t = 5000)]
    timeout_ms: u64,
    /// Time a bot is granted beyond `--timeout-ms` for its first answer (starting up,
    /// loading a model), milliseconds.
    #[arg(long, default_value_t = 30_000)]
    startup_ms: u64,
    /// Write the game's record to this file (riichi's as mjai lines, a room's as its record).
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    /// The result as one JSON line.
    #[arg(long)]
    json: bool,
}

/// `hupai game replay`'s arguments.
#[derive(clap::Args)]
pub struct ReplayArgs {
    /// Record files or folders.
    #[arg(required = true)]
    records: Vec<std::path::PathBuf>,
    /// The counts as one JSON line (the disagreements on stderr).
    #[arg(long)]
    json: bool,
}

/// A built-in player.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AgentKind {
    /// A uniform pick among the legal actions.
    Random,
    /// Wins when it may, else discards its draw and passes.
    Tsumogiri,
    /// Wins when it may, else discards for the fewest shanten and the most tiles that lower it.
    Ukeire,
    /// As ukeire, but two from tenpai or nearer discards what wins most often within its
    /// draws left (the odds engine).
    Odds,
}

/// The rooms `hupai game selfplay` plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Room {
    /// Four-player riichi under Tenhou's rules.
    Riichi,
    /// Sichuan 血战到底.
    Sichuan,
    /// 红中麻将.
    Hongzhong,
    /// 长沙麻将.
    Changsha,
    /// Guobiao (Chinese Official, MCR) at the table.
    Guobiao,
    /// 南昌麻将 at the table.
    Nanchang,
}

/// `hupai game selfplay`'s arguments.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// How many games.
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// The first game's seed (game `i` is seeded `seed + i`; walls as Tenhou shuffles them).
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// The players, all four alike.
    #[arg(long, value_enum, default_value_t = AgentKind::Random)]
    agents: AgentKind,
    /// East only (東風戦) instead of east and south.
    #[arg(long)]
    east: bool,
    /// The room: riichi (Tenhou's rules), sichuan (血战到底), hongzhong (红中麻将), changsha,
    /// guobiao or nanchang — the rooms under their defaults (eight hands a game, Guobiao
    /// sixteen), --agents random or ukeire; docs/GAME.md, "The rooms".
    #[arg(long, value_enum, default_value_t = Room::Riichi)]
    rules: Room,
    /// A switch of the room (sichuan, hongzhong, changsha, guobiao, nanchang), repeatable: `--switch birds=6 --switch
    /// bird_pay=multiply` (docs/SCORING.md names each room's switches).
    #[arg(long = "switch", value_name = "NAME=VALUE")]
    switches: Vec<String>,
    /// The summary as one JSON line.
    #[arg(long)]
    json: bool,
    /// Write each game's record into this folder (created if needed) as it ends: riichi's as
    /// mjai JSON lines, `game-SEED.mjson` (what `hupai review` and `hupai game replay` read);
    /// a room's as its record, `game-SEED.jsonl` (docs/RECORDS.md; `hupai game replay`).
    #[arg(long, value_name = "DIR")]
    out: Option<std::path::PathBuf>,
}

/// Runs a `game` subcommand into `out`.
pub fn run(cmd: GameCommand, out: &mut String) -> Result<i32, String> {
    match cmd {
        GameCommand::Selfplay(a) => selfplay(&a, out),
        GameCommand::Replay(a) => replay(&a, out),
        GameCommand::Play(a) => play(&a, out),
    }
}

fn agents(kind: AgentKind, seed: u64) -> [Box<dyn Agent>; 4] {
    std::array::from_fn(|i| -> Box<dyn Agent> {
        match kind {
            AgentKind::Random => Box::new(RandomAgent::new(
                seed.wrapping_mul(4).wrapping_add(i as u64),
            )),
            AgentKind::Tsumogiri => Box::new(Tsumogiri),
            AgentKind::Ukeire => Box::new(UkeireAgent),
            AgentKind::Odds => Box::new(OddsAgent),
        }
    })
}

fn selfplay(a: &SelfplayArgs, out: &mut String) -> Result<i32, String> {
    if a.games == 0 {
        return Err("--games: at least one game".to_string());
    }
    if let Some(table) = room_of(a.rules, &a.switches, a.east)? {
        let ukeire = room_agents(a.agents, table.name())?;
        if let Some(dir) = &a.out {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let start = Instant::now();
        let (rounds, steps) = room::selfplay(table, a.games, a.seed, ukeire, a.out.as_deref())?;
        summary(a, rounds, steps, start.elapsed().as_secs_f64(), out);
        return Ok(0);
    }
    let rules = rules_of(a.east);
    if let Some(dir) = &a.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let (mut rounds, mut steps) = (0u64, 0u64);
    let mut log = String::new();
    let start = Instant::now();
    for g in 0..a.games {
        let seed = a.seed.wrapping_add(g);
        let mut game = Game::new(rules, Seed::from_u64(seed));
        let mut players = agents(a.agents, seed);
        while let Some(seat) = game.to_act().first() {
            let action = players[seat as usize].act(&game, seat);
            game.step(seat, action)
                .map_err(|e| format!("game {g}: the table refused a built-in player: {e}"))?;
            steps += 1;
            if game.events().len() > 4096 {
                rounds += take_events(&mut game, a.out.is_some(), &mut log);
            }
        }
        rounds += take_events(&mut game, a.out.is_some(), &mut log);
        if let Some(dir) = &a.out {
            let path = dir.join(format!("game-{seed}.mjson"));
            std::fs::write(&path, &log).map_err(|e| format!("{}: {e}", path.display()))?;
            log.clear();
        }
    }
    summary(a, rounds, steps, start.elapsed().as_secs_f64(), out);
    Ok(0)
}

/// Selfplay's summary line: games, rounds, steps, seconds (JSON with `--json`).
fn summary(a: &SelfplayArgs, rounds: u64, steps: u64, seconds: f64, out: &mut String) {
    if a.json {
        let _ = writeln!(
            out,
            r#"{{"games":{},"rounds":{rounds},"steps":{steps},"seconds":{seconds:.3}}}"#,
            a.games
        );
    } else {
        let _ = writeln!(
            out,
            "{} games, {rounds} rounds, {steps} steps in {seconds:.2} s ({:.0} steps/s, {:.1} games/s)",
            a.games,
            steps as f64 / seconds.max(1e-9),
            a.games as f64 / seconds.max(1e-9)
        );
    }
}

/// Counts the rounds the game's events end, writes them as mjai lines into `log` when
/// `write`, and clears them.
fn take_events(game: &mut Game, write: bool, log: &mut String) -> u64 {
    let aka = game.rules().scoring.red_fives;
    let mut rounds = 0;
    for e in game.events() {
        rounds += matches!(e, GameEvent::EndKyoku) as u64;
        if write {
            e.write_mjai(aka, log);
            log.push('\n');
        }
    }
    game.clear_events();
    rounds
}

/// Plays every round of every record at the table; exit 1 when an action is illegal, a
/// settlement differs or a record cannot be read.
fn replay(a: &ReplayArgs, out: &mut String) -> Result<i32, String> {
    let files = expand(&a.records)?;
    let (mut records, mut rounds) = (0u64, 0u64);
    let mut sum = TableCheck::default();
    let mut unread = Vec::new();
    for path in &files {
        let name = path.display();
        let text = match load(path) {
            Ok(t) => t,
            Err(e) => {
                unread.push(format!("{name}: {e}"));
                continue;
            }
        };
        if hupai::record::is_room_record(&text) {
            match room::replay(&text) {
                Ok((hands, mut c)) => {
                    (records, rounds) = (records + 1, rounds + hands);
                    for d in &mut c.disagreements {
                        *d = format!("{name}: {d}");
                    }
                    sum.add(c);
                }
                Err(e) => unread.push(format!("{name}: {e}")),
            }
            continue;
        }
        let all = match hupai::record::rounds(&text) {
            Ok(r) => r,
            Err(e) => {
                unread.push(format!("{name}: {e}"));
                continue;
            }
        };
        records += 1;
        for (i, round) in all.enumerate() {
            match round {
                Ok(round) => {
                    rounds += 1;
                    let mut c = play_round(i, &round);
                    for d in &mut c.disagreements {
                        *d = format!("{name}: {d}");
                    }
                    sum.add(c);
                }
                Err(e) => {
                    unread.push(format!("{name}: {e}"));
                    break;
                }
            }
        }
    }
    let problems: Vec<&String> = sum.disagreements.iter().chain(&unread).collect();
    if a.json {
        let _ = writeln!(
            out,
            r#"{{"records":{records},"rounds":{rounds},"actions_checked":{},"actions_legal":{},"settlements_checked":{},"settlements_agree":{},"unread":{}}}"#,
            sum.actions_checked,
            sum.actions_legal,
            sum.settlements_checked,
            sum.settlements_agree,
            unread.len()
        );
        for p in &problems {
            complain!("{p}");
        }
    } else {
        for p in &problems {
            let _ = writeln!(out, "{p}");
        }
        let _ = writeln!(
            out,
            "{records} records, {rounds} rounds: {} of {} actions legal, {} of {} settlements agree",
            sum.actions_legal, sum.actions_checked, sum.settlements_agree, sum.settlements_checked
        );
    }
    Ok(if problems.is_empty() { 0 } else { 1 })
}

/// The Chinese room `rules` names under its `switches` (none for riichi, which takes no
/// switch: `east` is its one).
fn room_of(
    rules: Room,
    switches: &[String],
    east: bool,
) -> Result<Option<hupai::game::room::Room>, String> {
    let name = match rules {
        Room::Riichi if switches.is_empty() => return Ok(None),
        Room::Riichi => return Err("--switch: the rooms' switches (sichuan, hongzhong, changsha, guobiao, nanchang); riichi's game is Tenhou's (--east for an east game)".into()),
        Room::Sichuan => "sichuan",
        Room::Hongzhong => "hongzhong",
        Room::Changsha => "changsha",
        Room::Guobiao => "guobiao",
        Room::Nanchang => "nanchang",
    };
    if east {
        return Err(format!(
            "--rules {name}: no --east (a room plays --switch hands=N)"
        ));
    }
    let mut table = hupai::game::room::Room::named(name).map_err(|e| e.to_string())?;
    for s in switches {
        table.set_list(s).map_err(|e| format!("--switch: {e}"))?;
    }
    Ok(Some(table))
}

/// Whether a room's built-in players are the efficiency player (else random).
fn room_agents(kind: AgentKind, name: &str) -> Result<bool, String> {
    match kind {
        AgentKind::Random => Ok(false),
        AgentKind::Ukeire => Ok(true),
        _ => Err(format!(
            "--rules {name}: the rooms' built-in players are --agents random or ukeire"
        )),
    }
}

/// The bots of `a`, seat 0 first, the other seats none.
fn start_bots(a: &PlayArgs) -> Result<Vec<Option<bots::Bot>>, String> {
    if a.bots.len() > 4 {
        return Err(format!("{} bots: a table seats four", a.bots.len()));
    }
    let mut seats: Vec<Option<bots::Bot>> = Vec::new();
    for (i, cmd) in a.bots.iter().enumerate() {
        seats.push(Some(bots::Bot::start(
            cmd,
            i as u8,
            std::time::Duration::from_millis(a.startup_ms),
        )?));
    }
    seats.resize_with(4, || None);
    Ok(seats)
}

/// The verdict on a bot that lost the game, as `play` prints it.
fn lost(v: &bots::Verdict, steps: u64, json: bool, out: &mut String) -> i32 {
    if json {
        let why = serde_json::Value::String(v.why.clone());
        let _ = writeln!(
            out,
            r#"{{"verdict":{{"seat":{},"why":{why}}},"steps":{steps}}}"#,
            v.seat
        );
    } else {
        let _ = writeln!(out, "seat {} loses the game: {}", v.seat, v.why);
    }
    1
}

/// One game with external bots: the result, or the verdict on a bot that lost it.
fn play(a: &PlayArgs, out: &mut String) -> Result<i32, String> {
    if let Some(room) = room_of(a.rules, &a.switches, a.east)? {
        let ukeire = room_agents(a.agents, room.name())?;
        let seats = start_bots(a)?;
        let limit = std::time::Duration::from_millis(a.timeout_ms.max(1));
        let played = room::play(room, seats, ukeire, a.seed, limit, a.out.as_deref())?;
        return Ok(match played {
            (steps, Err(v)) => lost(&v, steps, a.json, out),
            (steps, Ok(scores)) if a.json => {
                let _ = writeln!(out, r#"{{"scores":{scores:?},"steps":{steps}}}"#);
                0
            }
            (steps, Ok(scores)) => {
                let _ = writeln!(out, "scores {scores:?}, {steps} steps");
                0
            }
        });
    }
    let rules = rules_of(a.east);
    let aka = rules.scoring.red_fives;
    let mut game = Game::new(rules, Seed::from_u64(a.seed));
    let mut seats = start_bots(a)?;
    let mut players = agents(a.agents, a.seed);
    let limit = std::time::Duration::from_millis(a.timeout_ms.max(1));
    let (mut told, mut steps) = (0, 0u64);
    let mut verdict = None;
    while let Some(seat) = game.to_act().first() {
        for e in &game.events()[told..] {
            for bot in seats.iter_mut().flatten() {
                bot.tell(e, aka);
            }
        }
        told = game.events().len();
        let s = seat as usize;
        match bots::answer(&game, seat, seats[s].as_mut(), players[s].as_mut(), limit) {
            Ok(action) => {
                game.step(seat, action).map_err(|e| e.to_string())?;
                steps += 1;
            }
            Err(v) => {
                verdict = Some(v);
                break;
            }
        }
    }
    if let Some(path) = &a.out {
        let mut log = String::new();
        for e in game.events() {
            e.write_mjai(aka, &mut log);
            log.push('\n');
        }
        std::fs::write(path, log).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    drop(seats);
    let scores = game.scores();
    match verdict {
        Some(v) => Ok(lost(&v, steps, a.json, out)),
        None => {
            let (ranks, results) = game.results();
            if a.json {
                let _ = writeln!(
                    out,
                    r#"{{"scores":{scores:?},"ranks":{ranks:?},"results":{results:?},"steps":{steps}}}"#
                );
            } else {
                let _ = writeln!(
                    out,
                    "scores {scores:?}, ranks {ranks:?} (first to last), {steps} steps"
                );
            }
            Ok(0)
        }
    }
}

/// Tenhou's rules, east only when `east`.
fn rules_of(east: bool) -> GameRules {
    GameRules {
        length: if east { Length::East } else { Length::Hanchan },
        ..GameRules::default()
    }
}
