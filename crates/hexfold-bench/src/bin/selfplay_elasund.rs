//! In-process self-play benchmark for Elasund: N random games, reporting games/s and actions/s.
//!
//! An action is one accepted command. Each step asks `seats_to_act`, lets `random_command` choose for a random one
//! of those seats, then runs `decide` and `evolve`: what a server does per command, minus I/O. `--check` also
//! replays every finished game from its log and compares states.

use anyhow::{bail, Result};
use clap::Parser;
use hexfold_rules::elasund::{random_command, Config, Elasund, Event};
use hexfold_rules::{Game, GameRng};
use rand::{Rng, SeedableRng};
use std::time::Instant;

#[derive(Parser)]
#[command(about = "Play random Elasund games in process and report throughput")]
struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Players per game (2-4).
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Keep each game's log and verify replay == live state (slower).
    #[arg(long)]
    check: bool,
}

/// Commands per game before the run is declared broken.
const COMMANDS_PER_GAME_MAX: u64 = 200_000;

fn main() -> Result<()> {
    let args = Args::parse();
    let config = Config {
        players: args.players,
    };
    let mut actions = 0u64;
    let mut turns = 0u64;
    let start = Instant::now();
    for i in 0..args.games {
        let seed = args.seed + i;
        let mut rng = GameRng::seed_from_u64(seed);
        let setup = Elasund::setup(&config, &mut rng)
            .map_err(|v| anyhow::anyhow!("setup refused: {v:?}"))?;
        let mut state = Elasund::initial_state(&setup);
        let mut log: Vec<Event> = Vec::new();
        let mut n = 0u64;
        while Elasund::outcome(&state).is_none() {
            if n >= COMMANDS_PER_GAME_MAX {
                bail!("game {seed} did not finish in {n} commands");
            }
            let seats = Elasund::seats_to_act(&state);
            let seat = seats[rng.gen_range(0..seats.len())];
            let Some(command) = random_command(&state, seat, &mut rng) else {
                bail!("seat to act has no action")
            };
            let events = Elasund::decide(&state, seat, &command, &mut rng)
                .map_err(|v| anyhow::anyhow!("game {seed}: {command:?} refused: {v:?}"))?;
            n += 1;
            for e in events {
                state = Elasund::evolve(state, &e);
                if args.check {
                    log.push(e);
                }
            }
        }
        if args.check {
            let replayed = log
                .iter()
                .fold(Elasund::initial_state(&setup), Elasund::evolve);
            if replayed != state {
                bail!("game {seed}: replay differs from live state");
            }
        }
        actions += n;
        turns += u64::from(state.turn);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{} games of {} players, {} actions ({:.1} per game, {:.1} turns per game) in {:.3} s: {:.1} games/s, {:.0} actions/s",
        args.games,
        args.players,
        actions,
        actions as f64 / args.games as f64,
        turns as f64 / args.games as f64,
        secs,
        args.games as f64 / secs,
        actions as f64 / secs
    );
    Ok(())
}
