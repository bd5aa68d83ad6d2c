//! In-process self-play benchmark: N random 4-player games of base Catan, reporting games/s and actions/s.
//!
//! An action is one accepted command (the same unit Catanatron counts: one entry in its action log). Each step
//! asks `seats_to_act`, lets `random_command` choose for a random one of those seats, then `decide` and `evolve`:
//! exactly what a server does per command, minus I/O. `--check` additionally replays every finished game from its
//! log and compares states.

use anyhow::{bail, Result};
use clap::Parser;
use hexfold_rules::catan::{random_command, Catan, Config, Event, MapKind};
use hexfold_rules::{Game, GameRng};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::time::Instant;

#[derive(Parser)]
#[command(about = "Play random 4-player Catan games in process and report throughput")]
struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Beginner map instead of a variable one.
    #[arg(long)]
    beginner: bool,
    /// Keep each game's log and verify replay == live state (slower; not part of the timing's purpose).
    #[arg(long)]
    check: bool,
    /// Print how often each event kind occurred.
    #[arg(long)]
    stats: bool,
}

/// Commands per game before the run is declared broken.
const COMMANDS_PER_GAME_MAX: u64 = 100_000;

fn main() -> Result<()> {
    let args = Args::parse();
    let map = if args.beginner {
        MapKind::Beginner
    } else {
        MapKind::Variable
    };
    let config = Config { seats: 4, map };
    let mut actions = 0u64;
    let mut turns = 0u64;
    let mut kinds: BTreeMap<String, u64> = BTreeMap::new();
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    for i in 0..args.games {
        let seed = args.seed + i;
        let mut rng = GameRng::seed_from_u64(seed);
        let setup =
            Catan::setup(&config, &mut rng).map_err(|v| anyhow::anyhow!("setup refused: {v:?}"))?;
        let mut state = Catan::initial_state(&setup);
        let mut log: Vec<Event> = Vec::new();
        let mut n = 0u64;
        while Catan::outcome(&state).is_none() {
            if n >= COMMANDS_PER_GAME_MAX {
                bail!("game {seed} did not finish in {n} commands");
            }
            let seats = Catan::seats_to_act(&state);
            let seat = seats[rng.gen_range(0..seats.len())];
            let Some(command) = random_command(&state, seat, &mut rng) else {
                bail!("seat to act has no action")
            };
            let events = Catan::decide(&state, seat, &command, &mut rng)
                .map_err(|v| anyhow::anyhow!("game {seed}: {command:?} refused: {v:?}"))?;
            n += 1;
            for e in events {
                if args.stats {
                    let name = serde_json::to_value(&e)?;
                    let key = name
                        .as_object()
                        .and_then(|o| o.keys().next().cloned())
                        .unwrap_or_default();
                    *kinds.entry(key).or_default() += 1;
                }
                state = Catan::evolve(state, &e);
                if args.check {
                    log.push(e);
                }
            }
        }
        if args.check {
            let replayed = log.iter().fold(Catan::initial_state(&setup), Catan::evolve);
            if replayed != state {
                bail!("game {seed}: replay differs from live state");
            }
        }
        actions += n;
        turns += u64::from(state.turn());
    }
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(end, begin)| end - begin);
    println!(
        "{} games, {} actions ({:.1} per game, {:.1} turns per game) in {:.3} s: {:.1} games/s, {:.0} actions/s",
        args.games,
        actions,
        actions as f64 / args.games as f64,
        turns as f64 / args.games as f64,
        secs,
        args.games as f64 / secs,
        actions as f64 / secs
    );
    if let Some(cpu) = cpu.filter(|&c| c > 0.0) {
        println!(
            "process CPU time {:.3} s: {:.1} games/s, {:.0} actions/s per CPU-second",
            cpu,
            args.games as f64 / cpu,
            actions as f64 / cpu
        );
    }
    if args.stats {
        for (k, v) in kinds {
            println!("{k:>24} {v}");
        }
    }
    Ok(())
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
