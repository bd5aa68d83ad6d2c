//! In-process self-play benchmark: random games of every game of the rules crate's list (`for_each_game!`),
//! reporting games/s and actions/s per game.
//!
//! An action is one accepted command (the same unit Catanatron counts: one entry in its action log). Each step
//! asks `seats_to_act`, lets the game's random player choose for a random one of those seats, then `decide` and
//! `evolve`: exactly what a server does per command, minus I/O. The loop is the rules crate's
//! [`Playout`]; each game's [`RandomPlayer`] gives what else a benchmark needs (a configuration for the command
//! line's players and map, a command limit, a turn count). `--check` additionally replays every finished game from its log
//! and compares states.
//!
//! `--strategies greedy,random,random,random` plays bots instead, one strategy per seat (the rules crate's
//! [`bot::command`]), and reports how often each strategy won. The list turns by one seat every game (game `i`
//! gives seat `s` the strategy at `(s + i) % players`), so each strategy plays every seat equally often and the
//! first player's advantage does not count for any one of them.
//!
//! `expert` is a strategy too (`--strategies expert,greedy,greedy,greedy`): the rules crate's search
//! ([`bot::expert`]), bounded per decision by `--think-ms` and `--sims` and playing `--horizon` turns past each
//! candidate. With `--think-ms 0` only `--sims` bounds it, and a run is the same every time for its seeds. The
//! think time is the thread's CPU time (its `schedstat`, what `CLOCK_THREAD_CPUTIME_ID` counts), not wall time: on a shared machine a decision
//! gets the computing it was given however long it waits for a core, so a loaded machine does not weaken the
//! expert (the server's seats, which players wait for, use wall time).

/// The allocator of the `hexfold` binary, so the rules run here as they do in the server: a step allocates many
/// small short-lived buffers (listings, the state's copy that `decide` folds its events into), where glibc's
/// malloc and free took about a tenth of the instructions of a Catania game.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use anyhow::{anyhow, bail, Result};
use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::Parser;
use hexfold_rules::bot::{self, Budget, Expert, Player};
use hexfold_rules::playout::{Playout, Stop};
use hexfold_rules::{GameRng, Seat};
use rand::SeedableRng;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// A game's benchmark: `run::<G>(label, args)` plays `--games` games of `G`, named `label` in the report.
type Run = fn(&str, &Args) -> Result<()>;

/// Every game the benchmark plays, in the rules crate's order, which `--game all` plays them in: its `--game`
/// value (the game's name with dashes), which also names it in the report, and its benchmark. `--game`'s values,
/// `--list` and the dispatch are read from here.
fn games() -> Vec<(String, Run)> {
    macro_rules! every_game {
        ($($game:ident: $type:ty),* $(,)?) => {
            vec![$((
                stringify!($game).replace('_', "-"),
                run::<$type> as Run,
                <$type as hexfold_rules::playout::RandomPlayer>::SEATS,
            )),*]
        };
    }
    // The games that seat four, the benchmark's table: a test build's two-seat toy game is not one of them.
    let games: Vec<(String, Run, (u8, u8))> = hexfold_rules::for_each_game!(every_game);
    games
        .into_iter()
        .filter(|&(_, _, (fewest, most))| (fewest..=most).contains(&4))
        .map(|(label, run, _)| (label, run))
        .collect()
}

/// `--game`'s values: each game's label, then `all`.
fn game_values() -> PossibleValuesParser {
    let all = PossibleValue::new("all").help("Each of the above in turn");
    PossibleValuesParser::new(
        games()
            .into_iter()
            .map(|(label, _)| PossibleValue::new(label))
            .chain([all]),
    )
}

#[derive(Parser)]
#[command(about = "Play random games in process and report throughput")]
struct Args {
    /// Which game to play.
    #[arg(long, default_value = "catan", value_parser = game_values())]
    game: String,
    /// Number of games (per game kind), unless `--seconds` ends the run first.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Stop starting new games after this many seconds (per game kind).
    #[arg(long)]
    seconds: Option<f64>,
    /// Players per game, within the game's range (`--list` names the games; their rules docs give the ranges).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Beginner map instead of a variable one (the Catan games).
    #[arg(long)]
    beginner: bool,
    /// Keep each game's log and verify replay == live state (slower; not part of the timing's purpose).
    #[arg(long)]
    check: bool,
    /// Print how often each event kind occurred.
    #[arg(long)]
    stats: bool,
    /// One strategy per seat, comma-separated (`random`, `greedy`, `expert`): bots play instead of the random
    /// player, and the wins of each strategy are reported. The list turns by one seat every game.
    #[arg(long, value_delimiter = ',')]
    strategies: Vec<Player>,
    /// The expert's think time per decision, in milliseconds of its thread's CPU time (0: no clock, only `--sims`
    /// bounds it).
    #[arg(long, default_value_t = Budget::THINK.as_millis() as u64)]
    think_ms: u64,
    /// The expert's simulations per decision at most.
    #[arg(long, default_value_t = Budget::DEFAULT.sims)]
    sims: u32,
    /// Turns each of the expert's playouts plays past its candidate before it is scored (0: to the end; without
    /// it, the game's own horizon: 16 turns in base Catan, 8 in the others).
    #[arg(long)]
    horizon: Option<u32>,
    /// Playouts from a mid-game state: play each game to this turn, then time `--playouts` playouts from that
    /// state to the end (each with a generator of its own) and report playouts per second instead.
    #[arg(long)]
    from_turn: Option<u64>,
    /// Playouts per mid-game state (`--from-turn`).
    #[arg(long, default_value_t = 100)]
    playouts: u64,
    /// Print the values `--game` takes for one game, one per line, and play nothing.
    #[arg(long)]
    list: bool,
}

fn main() -> Result<()> {
    let args = Args::parse();
    if args.list {
        for (label, _) in games() {
            println!("{label}");
        }
        return Ok(());
    }
    for (label, run) in games() {
        if args.game == "all" || args.game == label {
            run(&label, &args)?;
        }
    }
    Ok(())
}

/// Plays `--games` random games of `G` (or as many as fit in `--seconds`) and prints the figures.
fn run<G: Expert>(label: &str, args: &Args) -> Result<()> {
    let config = G::random_config(args.players, args.beginner);
    let strategies = &args.strategies;
    if !strategies.is_empty() && strategies.len() != usize::from(args.players) {
        bail!(
            "--strategies names {} strategies for {} players",
            strategies.len(),
            args.players
        );
    }
    let budget = Budget {
        sims: args.sims,
        think: (args.think_ms > 0).then(|| Duration::from_millis(args.think_ms)),
        turns: args.horizon,
    };
    if let Some(turn) = args.from_turn {
        return from_turn::<G>(label, args, &config, turn, budget);
    }
    // The expert's decisions that searched, their simulations and their thread CPU time.
    let (mut searched, mut simulated, mut thought) = (0u64, 0u64, Duration::ZERO);
    // Wins by position in `--strategies`.
    let mut wins = vec![0u64; strategies.len()];
    let deadline = args.seconds.map(Duration::from_secs_f64);
    let mut games = 0u64;
    let mut actions = 0u64;
    let mut turns = 0u64;
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    while games < args.games && deadline.is_none_or(|d| start.elapsed() < d) {
        let seed = args.seed + games;
        let (setup, playout) =
            Playout::<G>::seeded(&config, seed).map_err(|v| anyhow!("setup refused: {v:?}"))?;
        let mut playout = playout.command_limit(G::COMMAND_LIMIT);
        if args.check {
            playout = playout.keep_log();
        }
        let mut stats = Ok(());
        let mut count = |events: &[G::Event]| {
            if args.stats {
                for e in events {
                    match serde_json::to_value(e) {
                        Ok(v) => *kinds.entry(event_kind(v)).or_default() += 1,
                        Err(err) => stats = Err(err),
                    }
                }
            }
        };
        // The position in `--strategies` that seat `s` plays in this game.
        let slot = |s: Seat| (s.index() + games as usize) % strategies.len().max(1);
        let stop = if strategies.is_empty() {
            playout.run(|step| count(step.events))
        } else {
            loop {
                let chosen = playout.step_by(
                    |state, seat, rng| match strategies[slot(seat)] {
                        Player::Plain(strategy) => bot::command::<G>(strategy, state, seat, rng),
                        Player::Expert => {
                            let clock = ThreadClock::start();
                            let decision =
                                bot::expert::search_timed::<G>(state, seat, budget, rng, || {
                                    clock.elapsed()
                                })?;
                            if decision.sims > 0 {
                                searched += 1;
                                simulated += u64::from(decision.sims);
                                thought += clock.elapsed();
                            }
                            Some(decision.command)
                        }
                    },
                    |step| count(step.events),
                );
                if let Err(stop) = chosen {
                    break stop;
                }
            }
        };
        stats?;
        let n = playout.played();
        match stop {
            Stop::Ended(outcome) => {
                if !strategies.is_empty() {
                    wins[slot(outcome.winner)] += 1;
                }
            }
            Stop::CommandLimit => bail!("{label} game {seed} did not finish in {n} commands"),
            Stop::NobodyToAct => bail!("{label} game {seed}: nobody may act before the end"),
            Stop::NoCommand(_) => bail!("{label} game {seed}: the seat to act has no action"),
            Stop::Refused {
                command, violation, ..
            } => bail!("{label} game {seed}: {command:?} refused: {violation:?}"),
        }
        if args.check && !playout.replay_matches(&setup) {
            bail!("{label} game {seed}: replay differs from live state");
        }
        games += 1;
        actions += n;
        turns += G::turns(playout.state());
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(end, begin)| end - begin);
    let per_game = |x: u64| x as f64 / games.max(1) as f64;
    println!(
        "{}: {} games of {} players, {} actions ({:.1} per game, {:.1} turns per game) in {:.3} s: {:.1} games/s, {:.0} actions/s",
        label,
        games,
        args.players,
        actions,
        per_game(actions),
        per_game(turns),
        secs,
        games as f64 / secs,
        actions as f64 / secs
    );
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        println!(
            "{}: process CPU time {:.3} s: {:.1} games/s, {:.0} actions/s per CPU-second",
            label,
            cpu,
            games as f64 / cpu,
            actions as f64 / cpu
        );
    }
    for (i, (strategy, won)) in strategies.iter().zip(&wins).enumerate() {
        println!(
            "{label}: strategy {} ({strategy}) won {won} of {games} games ({:.1} %)",
            i + 1,
            100.0 * *won as f64 / games.max(1) as f64
        );
    }
    if searched > 0 {
        println!(
            "{label}: the expert searched {searched} decisions ({:.1} per game), {:.0} simulations and {:.1} ms of CPU time each",
            per_game(searched),
            simulated as f64 / searched as f64,
            thought.as_secs_f64() * 1000.0 / searched as f64
        );
    }
    for (k, v) in kinds {
        println!("{k:>24} {v}");
    }
    Ok(())
}

/// `--from-turn`: the state of each of `--games` games (seeds from `--seed`) at the start of turn `turn`, then
/// `--playouts` playouts to the end from each, timed together (the games to that turn are not). Seats play the
/// random player, or `--strategies` (seat `s` the strategy at `s`, no rotation); a game that ends before the turn
/// is left out. Playout `k` from game `i`'s state has the generator of seed `(i << 32) + k + 1`, so a run plays
/// the same playouts every time.
fn from_turn<G: Expert>(
    label: &str,
    args: &Args,
    config: &G::Config,
    turn: u64,
    budget: Budget,
) -> Result<()> {
    let strategies = &args.strategies;
    let choose =
        |state: &G::State, seat: Seat, rng: &mut GameRng| match strategies.get(seat.index()) {
            Some(player) => player.command::<G>(state, seat, budget, rng),
            None => G::random_command(state, seat, rng),
        };
    let mut starts = Vec::new();
    for i in 0..args.games {
        let (_, playout) = Playout::<G>::seeded(config, args.seed + i)
            .map_err(|v| anyhow!("setup refused: {v:?}"))?;
        let mut playout = playout.command_limit(G::COMMAND_LIMIT);
        while G::turns(playout.state()) < turn {
            if let Err(stop) = playout.step_by(choose, |_| {}) {
                if !matches!(stop, Stop::Ended(_)) {
                    bail!("{label} game {}: {stop:?}", args.seed + i);
                }
                break;
            }
        }
        if G::outcome(playout.state()).is_none() {
            starts.push(playout.into_state());
        }
    }
    let (mut playouts, mut actions) = (0u64, 0u64);
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    for (i, state) in starts.iter().enumerate() {
        for k in 0..args.playouts {
            let rng = GameRng::seed_from_u64(((i as u64) << 32) + k + 1);
            let mut playout =
                Playout::<G>::from_state(state.clone(), rng).command_limit(G::COMMAND_LIMIT);
            let stop = loop {
                if let Err(stop) = playout.step_by(choose, |_| {}) {
                    break stop;
                }
            };
            if !matches!(stop, Stop::Ended(_)) {
                bail!("{label} playout {k} from game {i}: {stop:?}");
            }
            playouts += 1;
            actions += playout.played();
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(end, begin)| end - begin);
    println!(
        "{label}: {playouts} playouts from turn {turn} of {} games ({:.1} actions each) in {secs:.3} s: {:.1} playouts/s",
        starts.len(),
        actions as f64 / playouts.max(1) as f64,
        playouts as f64 / secs
    );
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        println!(
            "{label}: process CPU time {cpu:.3} s: {:.1} playouts/s, {:.0} actions/s per CPU-second",
            playouts as f64 / cpu,
            actions as f64 / cpu
        );
    }
    Ok(())
}

/// An event's variant name, from its externally tagged serde form.
fn event_kind(event: serde_json::Value) -> String {
    match event {
        serde_json::Value::Object(o) => o.keys().next().cloned().unwrap_or_default(),
        serde_json::Value::String(s) => s,
        _ => String::new(),
    }
}

/// The CPU time the calling thread has used since [`ThreadClock::start`], from its `schedstat` (Linux: the
/// scheduler's nanoseconds on a core, the `CLOCK_THREAD_CPUTIME_ID` count), read again at each call through the file
/// opened at the start; zero elsewhere.
struct ThreadClock {
    file: Option<std::fs::File>,
    start: Duration,
}

impl ThreadClock {
    fn start() -> ThreadClock {
        let file = std::fs::File::open("/proc/thread-self/schedstat").ok();
        let mut clock = ThreadClock {
            file,
            start: Duration::ZERO,
        };
        clock.start = clock.total();
        clock
    }

    fn elapsed(&self) -> Duration {
        self.total().saturating_sub(self.start)
    }

    fn total(&self) -> Duration {
        use std::os::unix::fs::FileExt;
        let mut buf = [0u8; 64];
        let n = self.file.as_ref().and_then(|f| f.read_at(&mut buf, 0).ok());
        let nanos = n
            .and_then(|n| std::str::from_utf8(&buf[..n]).ok())
            .and_then(|text| text.split_whitespace().next()?.parse().ok());
        Duration::from_nanos(nanos.unwrap_or(0))
    }
}

/// User + system CPU time of this process, from `/proc/self/stat` (Linux; `None` elsewhere). On a shared machine
/// wall time includes waiting for a core; CPU time is what the engine itself costs. Clock ticks are taken as 100
/// per second, the value of `CLK_TCK` on Linux.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}
