//! The benchmark binaries, run for real at a tiny size: they must keep working between the sessions that measure
//! with them, and their figures must come from games that were actually played. Debug builds, so only that they run
//! and what they count is checked, never how fast.

use std::process::{Command, Output};

fn run(bin: &str, args: &[&str]) -> Output {
    Command::new(bin)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("could not start {bin}: {e}"))
}

fn stdout_of(bin: &str, args: &[&str]) -> String {
    let out = run(bin, args);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{bin} {args:?} failed: {}\nstdout:\n{stdout}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The count after `label` on the first line that starts with `line`, e.g. the 1234 of "peak: durable commands: 5/s
/// (1234 in 1.0 s)" for ("peak:", "/s (").
fn count_after(stdout: &str, line: &str, label: &str) -> u64 {
    let text = stdout
        .lines()
        .find(|l| l.starts_with(line))
        .unwrap_or_else(|| panic!("no line starting {line:?} in:\n{stdout}"));
    let rest = &text[text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text:?}"))
        + label.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no count after {label:?} in {text:?}"))
}

fn load(api: &str, more: &[&str]) -> String {
    let mut args = vec![
        "--games",
        "2",
        "--seconds",
        "1",
        "--warmup",
        "0",
        "--api",
        api,
        "--snapshot-every",
        "8",
    ];
    args.extend_from_slice(more);
    stdout_of(env!("CARGO_BIN_EXE_load"), &args)
}

#[test]
fn load_over_play_streams_measures_commands_and_the_baseline() {
    let stdout = load("play", &[]);
    assert!(stdout.starts_with("load: 2 games over Play"), "{stdout}");
    assert!(stdout.contains(", coalesced writes\n"), "{stdout}");
    assert!(
        count_after(&stdout, "peak: durable commands", "/s (") > 0,
        "{stdout}"
    );
    assert!(
        count_after(&stdout, "baseline: health Check", "/s (") > 0,
        "{stdout}"
    );
    assert!(count_after(&stdout, "half load", "/s (") > 0, "{stdout}");
    // Play prompts the seat whose turn it is when another seat's command passed it the turn.
    assert!(count_after(&stdout, "peak:", "refused; ") > 0, "{stdout}");
    assert!(
        stdout.contains("\nratio: durable commands/s = "),
        "{stdout}"
    );
}

#[test]
fn load_over_unary_calls_without_write_coalescing_measures_commands() {
    let stdout = load("unary", &["--plain-io"]);
    assert!(stdout.starts_with("load: 2 games over Unary"), "{stdout}");
    assert!(stdout.contains(", plain writes\n"), "{stdout}");
    assert!(
        count_after(&stdout, "peak: durable commands", "/s (") > 0,
        "{stdout}"
    );
    assert!(count_after(&stdout, "half load", "/s (") > 0, "{stdout}");
}

/// Two servers on a throw-away PostgreSQL database, the games spread over them.
#[test]
fn load_on_postgres_with_two_servers_measures_commands() {
    let stdout = load("play", &["--store", "temp", "--servers", "2"]);
    assert!(
        stdout.contains(", store PostgreSQL with 2 server(s) on it, "),
        "{stdout}"
    );
    assert!(
        count_after(&stdout, "peak: durable commands", "/s (") > 0,
        "{stdout}"
    );
    assert!(count_after(&stdout, "half load", "/s (") > 0, "{stdout}");
}

#[test]
fn load_refuses_a_zero_size() {
    for (flag, value) in [("--games", "0"), ("--snapshot-every", "0")] {
        let out = run(env!("CARGO_BIN_EXE_load"), &[flag, value, "--seconds", "1"]);
        assert!(!out.status.success(), "{flag} {value} was accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("must be at least 1"), "{stderr}");
    }
}

/// Every game selfplay lists (`--list`, read from its own table, so a game added there is checked here without a
/// copy of the list) is played by `--game all`, finished and replayed.
#[test]
fn selfplay_finishes_and_replays_games_of_every_rule_set() {
    let selfplay = env!("CARGO_BIN_EXE_selfplay");
    let list = stdout_of(selfplay, &["--list"]);
    let labels: Vec<&str> = list.lines().collect();
    assert!(!labels.is_empty(), "selfplay --list printed no game");
    let stdout = stdout_of(selfplay, &["--game", "all", "--games", "2", "--check"]);
    for label in &labels {
        assert_eq!(
            count_after(&stdout, &format!("{label}: "), ": "),
            2,
            "{label}:\n{stdout}"
        );
    }
    // One figures line per game listed, and nothing else played.
    let played = stdout.lines().filter(|l| l.contains(" games of ")).count();
    assert_eq!(played, labels.len(), "{stdout}");
}

/// Bots of two strategies play every game to its end, and each game's wins add up to its games.
#[test]
fn selfplay_counts_the_wins_of_each_strategy() {
    let selfplay = env!("CARGO_BIN_EXE_selfplay");
    let stdout = stdout_of(
        selfplay,
        &[
            "--game",
            "all",
            "--games",
            "4",
            "--strategies",
            "greedy,random,random,random",
        ],
    );
    for label in stdout_of(selfplay, &["--list"]).lines() {
        let won: u64 = (1..=4)
            .map(|i| count_after(&stdout, &format!("{label}: strategy {i} ("), " won "))
            .sum();
        assert_eq!(won, 4, "{label}:\n{stdout}");
    }
}

/// The expert plays every game to its end against greedy bots, and with only a simulation count to bound it
/// (`--think-ms 0`) a run is the same every time.
#[test]
fn selfplay_seats_the_expert_and_repeats_a_run_bounded_by_simulations() {
    let selfplay = env!("CARGO_BIN_EXE_selfplay");
    let args = [
        "--game",
        "all",
        "--games",
        "1",
        "--strategies",
        "expert,greedy,greedy,greedy",
        "--think-ms",
        "0",
        "--sims",
        "4",
        "--horizon",
        "1",
    ];
    let first = stdout_of(selfplay, &args);
    for label in stdout_of(selfplay, &["--list"]).lines() {
        let won: u64 = (1..=4)
            .map(|i| count_after(&first, &format!("{label}: strategy {i} ("), " won "))
            .sum();
        assert_eq!(won, 1, "{label}:\n{first}");
        assert!(
            first.contains(&format!("{label}: the expert searched ")),
            "{label}:\n{first}"
        );
    }
    let wins = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.contains(" won ") || l.contains("the expert searched"))
            // The CPU time a decision took is the machine's, not the run's: everything before it repeats.
            .map(|l| l.split(" simulations and ").next().unwrap_or(l).to_string())
            .collect()
    };
    assert_eq!(wins(&first), wins(&stdout_of(selfplay, &args)));
}

/// The history benchmark on both stores at a tiny size: the long game reaches its length, states are read at
/// random versions, replays count every event, and the idle games are created.
#[test]
fn history_measures_both_stores() {
    let stdout = stdout_of(
        env!("CARGO_BIN_EXE_history"),
        &[
            "--stores",
            "sled,temp",
            "--events",
            "300",
            "--samples",
            "20",
            "--replays",
            "2",
            "--idle-games",
            "50",
            "--cached-games",
            "50",
        ],
    );
    for store in ["sled", "temp"] {
        let section = stdout
            .split("== store ")
            .find(|s| s.starts_with(store))
            .unwrap_or_else(|| panic!("no section for {store}:\n{stdout}"));
        let events = count_after(section, "long game: ", ": ");
        assert!(events >= 300, "{section}");
        assert_eq!(
            count_after(section, "state at a random index", "("),
            20,
            "{section}"
        );
        assert_eq!(
            count_after(section, "full replay of ", "of "),
            events,
            "{section}"
        );
        assert!(
            section
                .lines()
                .any(|l| l.starts_with("50 idle games created") && l.contains(" MiB after ")),
            "{section}"
        );
    }
}
