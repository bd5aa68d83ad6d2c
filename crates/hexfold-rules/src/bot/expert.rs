//! The expert strategy: a determinized search over the seat's information set, with playouts guided by the greedy
//! strategy.
//!
//! For one decision the expert lists the seat's legal actions and keeps a few candidates: the ones the greedy
//! score ranks highest ([`CANDIDATES`]), the domestic trade offers that would help its hand most
//! ([`Expert::offer_gain`], [`OFFERS`]), and the commands that raise its standing most at once in one world dealt
//! as below ([`AT_ONCE`]: a road that takes the longest road, a build that wins). A command that wins at once is
//! played without a search. Otherwise the search runs in rounds; round `j`
//! 1. deals again what the seat cannot see ([`Redeal::redeal`] of the state for the seat: the other seats' hands,
//!    the face-down decks, the castle's pile), so a simulation starts from a world the seat cannot tell from the
//!    real one and never from the real one itself;
//! 2. plays every candidate still in the race in that world, each with the same generator (the same dice), so
//!    candidates are compared in pairs on equal terms;
//! 3. plays on with every seat greedy for [`Budget::turns`] more turns (by default the game's
//!    [`Expert::HORIZON`]) or to the end;
//! 4. scores the result for the seat: 1 for a win, 0 for a loss, and for an unfinished game the seat's share of a
//!    softmax over every seat's standing ([`Expert::standing`]: points, and what the game counts towards them).
//!
//! The greedy ranking's best is the default: another candidate is played only if it beat it clearly over the same
//! worlds (by [`MARGIN`] on average and by [`CHOOSE_Z`] standard errors of the paired difference), and a candidate
//! clearly worse than it leaves the race after [`MIN_ROUNDS`] rounds, so the simulations go to the close ones. A
//! search that picks the best mean among a few noisy candidates plays worse than greedy: with 100 simulations it
//! won 22.5 % of base games against three greedy bots, this one 43.5 % (`crates/hexfold-bench/README.md`).
//!
//! Fair by construction: the expert reads the state only through what the greedy strategy and the legal actions
//! read (both proven to depend only on the seat's view, `tests/it/bots.rs`) and through `redeal`, whose result
//! depends only on the seat's view and the generator ([`crate::redeal`] deals from the cards' multiset, not from
//! where they lay). Two states the seat cannot tell apart therefore give the same decision for the same generator
//! and simulation count (`tests/it/expert.rs` checks it for every game).
//!
//! Effort is bounded by [`Budget`]: a number of simulations per decision and optionally a think time. With no
//! think time the decision is a pure function of the state's view, the generator and the count.

use super::{Bot, Strategy};
use crate::redeal::Redeal;
use crate::{GameRng, Seat};
use rand::{Rng, SeedableRng};
use std::time::{Duration, Instant};

/// The most candidates the greedy score ranking contributes.
pub const CANDIDATES: usize = 6;
/// The most domestic trade offers considered beside them.
pub const OFFERS: usize = 2;
/// The most commands considered beside those for what they change at once in a dealt world (a road that takes
/// the longest road, a build that wins), which the greedy ranking may rank low.
pub const AT_ONCE: usize = 3;
/// Worlds every candidate is played in before any is compared with the greedy choice.
const MIN_ROUNDS: usize = 4;
/// How much better, in the playouts' results (a share of wins between 0 and 1), a candidate must do on average
/// than the greedy ranking's best to be played instead of it.
const MARGIN: f64 = 0.01;
/// Standard errors by which a candidate's mean difference from the greedy choice must exceed 0 to be played...
const CHOOSE_Z: f64 = 2.0;
/// ... and by which it must fall below 0 for the candidate to leave the search.
const DROP_Z: f64 = 2.0;
/// Steps of one playout at most, whatever its turns: far above what [`Budget::turns`] turns take.
const STEP_LIMIT: u32 = 4_000;

/// How much effort one decision may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Simulations per decision (at least one is run whatever the think time).
    pub sims: u32,
    /// Stop starting simulations after this long (`None`: only the count bounds it, and the decision is
    /// deterministic).
    pub think: Option<Duration>,
    /// Turns each playout plays past the decision before it is scored (0: to the end of the game; `None`: the
    /// game's [`Expert::HORIZON`]).
    pub turns: Option<u32>,
}

impl Budget {
    /// The default think time per decision at most: one second.
    pub const THINK: Duration = Duration::from_secs(1);

    /// The default simulations per decision.
    pub const SIMS: u32 = 200;

    /// The server's and `selfplay`'s default: [`Budget::SIMS`] simulations, cut short at [`Budget::THINK`].
    /// Whichever comes first ends the decision; on a free core the count does (about 10 ms in base Catan), so the
    /// default plays the same on any machine that is not starved and is what the bench README's strength figures
    /// measure.
    pub const DEFAULT: Budget = Budget {
        sims: Budget::SIMS,
        think: Some(Budget::THINK),
        turns: None,
    };

    /// A budget of `sims` simulations and no clock: the same decision every time for a given generator.
    pub fn sims(sims: u32) -> Budget {
        Budget {
            sims,
            think: None,
            ..Budget::DEFAULT
        }
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// A game the expert plays: a bot game whose hidden information can be dealt again.
pub trait Expert: Bot + Redeal {
    /// The turns a playout plays past its candidate before it is scored, unless the budget says otherwise. Past
    /// about eight turns a playout costs more than it tells in the longer games, whose 200 simulations at eight
    /// turns already take 55-450 ms of a decision's second; base Catan's are cheap (9 ms at eight), and there
    /// the expert won 38.9 % of 1,000 games against three greedy bots at eight turns, 43.7 % at sixteen and
    /// 34.6 % at four (`crates/hexfold-bench/README.md`, "The expert").
    const HORIZON: u32 = 8;

    /// How far `seat` is towards winning in `state`, in the game's points (victory points, or cubes on the
    /// board) with a fraction for what is about to count. Read only in the worlds the search dealt, so it may read
    /// hidden points there.
    fn standing(state: &Self::State, seat: Seat) -> f64;

    /// What the game's target is in the unit of [`Expert::standing`].
    fn target(state: &Self::State) -> f64;

    /// The number of seats at the table.
    fn seats(state: &Self::State) -> u8;

    /// How much `command`, if it is a domestic trade offer or counter-offer `seat` may send, would improve its
    /// hand by its greedy evaluation; `None` for any other command or an offer that does not help.
    fn offer_gain(_state: &Self::State, _seat: Seat, _command: &Self::Command) -> Option<i32> {
        None
    }
}

/// The command the expert chooses for `seat` in `state` within `budget`, drawing its search's seed from `rng`;
/// `None` if the seat has nothing to do.
pub fn command<G: Expert>(
    state: &G::State,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> Option<G::Command> {
    search::<G>(state, seat, budget, rng).map(|s| s.command)
}

/// What one search found: the command played, and the simulations behind it.
#[derive(Clone, Debug)]
pub struct Decision<C> {
    pub command: C,
    /// Simulations run (0 when only one candidate was left).
    pub sims: u32,
    /// Each candidate with its simulations and mean result, in the order they were listed.
    pub candidates: Vec<(C, u32, f64)>,
}

/// [`command`] with what the search saw; its think time is wall time from the call.
pub fn search<G: Expert>(
    state: &G::State,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
) -> Option<Decision<G::Command>> {
    let start = Instant::now();
    search_timed::<G>(state, seat, budget, rng, || start.elapsed())
}

/// [`search`] with its think time read from `elapsed`, the time the decision has taken so far by the caller's
/// clock: `selfplay` passes its thread's CPU time, so a loaded machine does not cut its searches short.
pub fn search_timed<G: Expert>(
    state: &G::State,
    seat: Seat,
    budget: Budget,
    rng: &mut GameRng,
    elapsed: impl Fn() -> Duration,
) -> Option<Decision<G::Command>> {
    let mut candidates = candidates::<G>(state, seat, rng);
    if candidates.len() <= 1 {
        return candidates.pop().map(|command| Decision {
            command,
            sims: 0,
            candidates: Vec::new(),
        });
    }
    let seed: u64 = rng.gen();
    let n = candidates.len();
    // results[k][j]: candidate k's result in world j.
    let mut results: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut alive = vec![true; n];
    let mut sims = 0u32;
    'rounds: for round in 0u64.. {
        // Round j deals world j and plays every candidate still in the race there with the same generator, so
        // candidates are compared in pairs on the same hands, decks and dice.
        let mut world_rng = GameRng::seed_from_u64(seed);
        world_rng.set_stream(round);
        let world = G::redeal(state, seat, &mut world_rng);
        for k in 0..n {
            if !alive[k] {
                continue;
            }
            let out_of_time = sims >= 1 && budget.think.is_some_and(|t| elapsed() >= t);
            if sims >= budget.sims || out_of_time {
                break 'rounds;
            }
            let value = simulate::<G>(
                world.clone(),
                seat,
                &candidates[k],
                budget.turns.unwrap_or(G::HORIZON),
                &mut world_rng.clone(),
            );
            results[k].push(value);
            sims += 1;
        }
        // A challenger that is clearly worse than the greedy choice leaves the race; once none is left, more
        // simulations cannot change the decision.
        if results[0].len() >= MIN_ROUNDS {
            for k in 1..n {
                if alive[k]
                    && paired(&results[k], &results[0]).is_some_and(|(d, se)| d + DROP_Z * se < 0.0)
                {
                    alive[k] = false;
                }
            }
            if !alive[1..].contains(&true) {
                break;
            }
        }
    }
    let chosen = choose(&results);
    let mean = |k: usize| {
        let r = &results[k];
        if r.is_empty() {
            f64::NEG_INFINITY
        } else {
            r.iter().sum::<f64>() / r.len() as f64
        }
    };
    Some(Decision {
        command: candidates[chosen].clone(),
        sims,
        candidates: candidates
            .iter()
            .enumerate()
            .map(|(k, c)| (c.clone(), results[k].len() as u32, mean(k)))
            .collect(),
    })
}

/// The candidate played: the greedy ranking's best (the first) unless another beat it in the same worlds by more
/// than [`MARGIN`] on average and by more than [`CHOOSE_Z`] standard errors of that mean difference; of several
/// such, the one whose difference is surest (the highest lower bound).
fn choose(results: &[Vec<f64>]) -> usize {
    let mut best = (0, 0.0);
    for (k, r) in results.iter().enumerate().skip(1) {
        let Some((d, se)) = paired(r, &results[0]) else {
            continue;
        };
        let low = d - CHOOSE_Z * se;
        if d > MARGIN && low > 0.0 && low > best.1 {
            best = (k, low);
        }
    }
    best.0
}

/// The mean of `a[j] - b[j]` over the worlds both were played in, and its standard error; `None` below
/// [`MIN_ROUNDS`] worlds.
fn paired(a: &[f64], b: &[f64]) -> Option<(f64, f64)> {
    let m = a.len().min(b.len());
    if m < MIN_ROUNDS {
        return None;
    }
    let diffs = a.iter().zip(b).map(|(x, y)| x - y);
    let mean = diffs.clone().sum::<f64>() / m as f64;
    let var = diffs.map(|d| (d - mean) * (d - mean)).sum::<f64>() / (m - 1) as f64;
    Some((mean, (var / m as f64).sqrt()))
}

/// The commands worth searching: the greedy ranking's best [`CANDIDATES`] (ties broken by `rng`), then the
/// [`OFFERS`] offers that help the hand most, then the [`AT_ONCE`] commands that raise the seat's standing most
/// in a world dealt for it. Reads what the greedy score and the legal actions read, and a redeal.
pub fn candidates<G: Expert>(state: &G::State, seat: Seat, rng: &mut GameRng) -> Vec<G::Command> {
    let legal = G::legal_actions(state, seat);
    if legal.len() <= 1 {
        return legal;
    }
    let (at_once, wins) = at_once::<G>(state, seat, &legal, rng);
    if wins {
        // A command that wins now needs no search.
        return at_once.into_iter().take(1).collect();
    }
    let mut scored: Vec<(i32, u32, G::Command)> = legal
        .into_iter()
        .map(|c| (G::greedy_score(state, seat, &c), rng.gen::<u32>(), c))
        .collect();
    let mut offers: Vec<(i32, usize)> = scored
        .iter()
        .enumerate()
        .filter_map(|(i, (_, _, c))| G::offer_gain(state, seat, c).map(|g| (g, i)))
        .collect();
    offers.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let offers: Vec<G::Command> = offers
        .into_iter()
        .take(OFFERS)
        .map(|(_, i)| scored[i].2.clone())
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<G::Command> = scored
        .into_iter()
        .take(CANDIDATES)
        .map(|(_, _, c)| c)
        .collect();
    for extra in offers.into_iter().chain(at_once) {
        if !out.contains(&extra) {
            out.push(extra);
        }
    }
    out
}

/// The [`AT_ONCE`] commands of `legal` that raise `seat`'s standing most as soon as they are played, in one world
/// dealt for the seat (a win counts above any standing), and whether the first of them wins the game.
fn at_once<G: Expert>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Command],
    rng: &mut GameRng,
) -> (Vec<G::Command>, bool) {
    let mut world_rng = GameRng::seed_from_u64(rng.gen());
    let world = G::redeal(state, seat, &mut world_rng);
    let before = G::standing(&world, seat);
    let mut gains: Vec<(f64, usize)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            let events = G::decide(&world, seat, c, &mut world_rng.clone()).ok()?;
            let after = events.iter().fold(world.clone(), G::evolve);
            let gain = match G::outcome(&after) {
                Some(o) if o.winner == seat => f64::MAX,
                _ => G::standing(&after, seat) - before,
            };
            (gain > 0.0).then_some((gain, i))
        })
        .collect();
    gains.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let wins = gains.first().is_some_and(|g| g.0 == f64::MAX);
    let best = gains
        .into_iter()
        .take(AT_ONCE)
        .map(|(_, i)| legal[i].clone())
        .collect();
    (best, wins)
}

/// Plays `first` for `seat` in `world`, then greedy bots for every seat for `turns` turns (0: to the end), and
/// scores the result for `seat`.
fn simulate<G: Expert>(
    world: G::State,
    seat: Seat,
    first: &G::Command,
    turns: u32,
    rng: &mut GameRng,
) -> f64 {
    let Ok(events) = G::decide(&world, seat, first, rng) else {
        // A candidate is a legal action in every world the seat cannot tell apart; refused, it is worth nothing.
        return 0.0;
    };
    let state = events.iter().fold(world, G::evolve);
    value::<G>(&play_on::<G>(state, turns, rng), seat)
}

/// `state` after greedy bots played every seat for `turns` turns (0: to the end), at most [`STEP_LIMIT`] steps,
/// with the random draws of `draws`: the bots' (which seat acts first, their ties) and the rules' own (dice,
/// steals, a deck's card).
fn play_on<G: Expert>(mut state: G::State, turns: u32, draws: &mut impl Draws) -> G::State {
    let stop_at = (turns > 0).then(|| G::turns(&state) + u64::from(turns));
    for _ in 0..STEP_LIMIT {
        let turn = G::turns(&state);
        if G::outcome(&state).is_some() || stop_at.is_some_and(|t| turn >= t) {
            break;
        }
        let seats = G::seats_to_act(&state);
        if seats.is_empty() {
            break;
        }
        let actor = seats[draws.choices(turn).gen_range(0..seats.len())];
        let Some(command) =
            super::command::<G>(Strategy::Greedy, &state, actor, draws.choices(turn))
        else {
            break;
        };
        let Ok(events) = G::decide(&state, actor, &command, draws.rules(turn)) else {
            break;
        };
        state = events.iter().fold(state, G::evolve);
    }
    state
}

/// Where a playout's random draws come from, by the game's turn.
trait Draws {
    /// The generator of the bots' choices in turn `turn`.
    fn choices(&mut self, turn: u64) -> &mut GameRng;
    /// The generator of the rules' own draws in turn `turn`: dice, steals, a deck's card.
    fn rules(&mut self, turn: u64) -> &mut GameRng;
}

/// The search's playouts: one generator draws everything, in turn.
impl Draws for GameRng {
    fn choices(&mut self, _: u64) -> &mut GameRng {
        self
    }

    fn rules(&mut self, _: u64) -> &mut GameRng {
        self
    }
}

/// Each seat's chance to win from `state`, as estimated by playouts of greedy bots to the end of the game (a
/// playout still unfinished after [`STEP_LIMIT`] steps counts each seat's softmax share, [`value`]), and the
/// playouts behind it: game analysis. `public`: only what a spectator sees is read, as every playout starts from
/// [`Redeal::redeal`] of the state for a seat outside the table (every hand and face-down deck dealt again
/// consistently with the public view), so two states a spectator cannot tell apart give the same estimate for the
/// same generator and count; otherwise the playouts start from `state` itself (a finished game's history, where
/// everything is shown). Bounded like a decision by `budget`'s simulations and think time (its turns are ignored:
/// a chance to win is a whole game's).
///
/// Common random numbers: playout `k` draws from generators of its own, derived from `rng`'s next number, `k`
/// and the game's turn alone ([`Common`]): one deals the hidden information, and each turn has one for the bots'
/// choices and one for the rules' draws (the dice first of all). A caller that passes the same generator for every
/// event index of a game (the server's analysis does) gets, for neighbouring indexes, playouts that roll the same
/// dice turn by turn, so the curve's steps from one index to the next reflect the events more than the dice; two
/// equal states get equal estimates whatever their index. The deal shares less: a hand of another size is dealt
/// from a pool shuffled anew ([`Redeal::redeal`]).
pub fn chances<G: Expert>(
    state: &G::State,
    public: bool,
    budget: Budget,
    rng: &mut GameRng,
) -> (Vec<f64>, u32) {
    let seats = G::seats(state);
    let mut sum = vec![0.0; usize::from(seats)];
    if let Some(outcome) = G::outcome(state) {
        sum[outcome.winner.index()] = 1.0;
        return (sum, 0);
    }
    let seed: u64 = rng.gen();
    let start = Instant::now();
    let mut sims = 0u32;
    while sims < budget.sims.max(1) {
        if sims >= 1 && budget.think.is_some_and(|t| start.elapsed() >= t) {
            break;
        }
        let mut common = Common::new(seed, sims);
        let world = if public {
            G::redeal(state, crate::redeal::OUTSIDE, &mut common.deal())
        } else {
            state.clone()
        };
        let end = play_on::<G>(world, 0, &mut common);
        for (s, total) in sum.iter_mut().enumerate() {
            *total += value::<G>(&end, Seat(s as u8));
        }
        sims += 1;
    }
    (sum.into_iter().map(|t| t / f64::from(sims)).collect(), sims)
}

/// Analysis's common random numbers ([`chances`]): playout `k`'s deal, and for each turn of the game the bots'
/// choices and the rules' draws, each from a stream of its own of a generator keyed by the seed and `k` alone. So
/// two playouts `k` from neighbouring states of one game roll the same dice in the same turn (and their bots break
/// ties alike), even where one of them drew more in an earlier turn.
struct Common {
    key: [u8; 32],
    turn: Option<u64>,
    choices: GameRng,
    rules: GameRng,
}

impl Common {
    fn new(seed: u64, k: u32) -> Common {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8..12].copy_from_slice(&k.to_le_bytes());
        let none = GameRng::from_seed(key);
        Common {
            key,
            turn: None,
            choices: none.clone(),
            rules: none,
        }
    }

    fn stream(&self, stream: u64) -> GameRng {
        let mut rng = GameRng::from_seed(self.key);
        rng.set_stream(stream);
        rng
    }

    /// The deal of what a spectator cannot see.
    fn deal(&self) -> GameRng {
        self.stream(u64::MAX)
    }

    /// Streams `2t` and `2t + 1` from the start of turn `t` on.
    fn at(&mut self, turn: u64) -> &mut Common {
        if self.turn != Some(turn) {
            self.turn = Some(turn);
            self.choices = self.stream(2 * turn);
            self.rules = self.stream(2 * turn + 1);
        }
        self
    }
}

impl Draws for Common {
    fn choices(&mut self, turn: u64) -> &mut GameRng {
        &mut self.at(turn).choices
    }

    fn rules(&mut self, turn: u64) -> &mut GameRng {
        &mut self.at(turn).rules
    }
}

/// The result of a playout for `seat`: 1 or 0 if the game ended, else its share of a softmax of the standings
/// (one point of a ten-point target multiplies a seat's weight by e).
pub fn value<G: Expert>(state: &G::State, seat: Seat) -> f64 {
    if let Some(outcome) = G::outcome(state) {
        return if outcome.winner == seat { 1.0 } else { 0.0 };
    }
    let scale = 10.0 / G::target(state).max(1.0);
    let weight = |s: u8| (G::standing(state, Seat(s)) * scale).exp();
    let all: f64 = (0..G::seats(state)).map(weight).sum();
    weight(seat.0) / all
}

#[cfg(test)]
mod tests {
    //! Small base Catan positions with a known best move, each a position the greedy ranking alone would play
    //! differently or not search at all.
    use super::*;
    use crate::catan::{Catan, Command, Config, MapKind, Phase, State, POINTS_TO_WIN};
    use crate::hex::trade::Negotiation;
    use crate::hex::{Resource, Resources};
    use crate::playout::{Playout, SeatChoice};
    use crate::Game;

    /// A beginner game of four played by the random player up to the first main phase of a turn, with every hand
    /// emptied and no offer open.
    fn main_phase(seed: u64) -> State {
        let config = Config {
            seats: 4,
            map: MapKind::Beginner,
            points_to_win: POINTS_TO_WIN,
        };
        let setup = Catan::setup(&config, &mut GameRng::seed_from_u64(0)).expect("a setup");
        let mut playout = Playout::<Catan>::new(&setup, GameRng::seed_from_u64(seed))
            .seat_choice(SeatChoice::First);
        while playout.state().phase() != Phase::Main {
            playout.step(|_| {}).expect("the random game goes on");
        }
        let mut s = playout.into_state();
        for p in &mut s.players {
            s.bank = s.bank.plus(p.hand);
            p.hand = Resources::ZERO;
        }
        s.trade = Negotiation::new(s.seats);
        s
    }

    fn give(s: &mut State, seat: Seat, hand: Resources) {
        s.bank = s.bank.minus(hand);
        s.players[seat.index()].hand = hand;
    }

    fn expert(s: &State, seat: Seat, sims: u32) -> Command {
        let budget = Budget {
            sims,
            think: None,
            turns: Some(2),
        };
        command::<Catan>(s, seat, budget, &mut GameRng::seed_from_u64(7)).expect("a command")
    }

    /// One point short, with a city's cards: the city wins at once.
    #[test]
    fn a_winning_build_is_played() {
        let mut s = main_phase(1);
        let me = s.active;
        s.points_to_win = s.points(me) + 1;
        give(&mut s, me, Resources::new(1, 1, 0, 2, 3));
        let chosen = expert(&s, me, 40);
        assert!(matches!(chosen, Command::BuildCity { .. }), "{chosen:?}");
    }

    /// One ore short of a winning city after a 7: the only seat with a card holds one, so robbing it wins, while
    /// the greedy ranking picks its victim by points and its hex by pips blocked.
    #[test]
    fn the_robber_takes_the_last_card_needed() {
        let mut s = main_phase(2);
        let me = s.active;
        let holder = Seat((me.0 + 1) % 4);
        s.points_to_win = s.points(me) + 1;
        s.phase = Phase::Robber;
        give(&mut s, me, Resources::new(0, 0, 0, 2, 2));
        give(&mut s, holder, Resources::one(Resource::Ore, 1));
        let chosen = expert(&s, me, 60);
        assert!(
            matches!(chosen, Command::MoveRobber { victim: Some(v), .. } if v == holder),
            "{chosen:?}"
        );
    }

    /// One ore short of a city with a brick to spare, and a seat that holds ore it would give for a brick: the
    /// expert offers the trade (the greedy bot never offers one).
    #[test]
    fn a_trade_that_completes_a_city_is_offered() {
        let mut s = main_phase(3);
        let me = s.active;
        let holder = Seat((me.0 + 2) % 4);
        give(&mut s, me, Resources::new(1, 0, 0, 2, 2));
        give(&mut s, holder, Resources::one(Resource::Ore, 4));
        let chosen = expert(&s, me, 120);
        assert_eq!(
            chosen,
            Command::OfferTrade {
                give: Resources::one(Resource::Brick, 1),
                receive: Resources::one(Resource::Ore, 1),
            }
        );
    }

    /// The greedy choice (the first) stays unless a challenger beat it in the same worlds by the margin and by two
    /// standard errors: noise or a tiny edge does not move the decision, a clear edge does.
    #[test]
    fn only_a_clear_edge_over_the_greedy_choice_is_played() {
        let greedy = vec![0.5, 0.2, 0.7, 0.4, 0.6, 0.3];
        let noisy = vec![0.9, 0.0, 0.9, 0.1, 0.9, 0.2];
        let tiny = greedy.iter().map(|x| x + 0.005).collect::<Vec<_>>();
        let clear = greedy.iter().map(|x| x + 0.1).collect::<Vec<_>>();
        assert_eq!(choose(&[greedy.clone(), noisy.clone(), tiny.clone()]), 0);
        assert_eq!(choose(&[greedy.clone(), noisy, clear.clone(), tiny]), 2);
        assert_eq!(
            choose(&[greedy[..3].to_vec(), clear[..3].to_vec()]),
            0,
            "too few worlds to compare"
        );
    }

    /// A state one build from a win: the seat to act is the likeliest winner, every chance is a share of one, and
    /// a finished game's winner has all of it without a simulation.
    #[test]
    fn chances_favour_the_seat_about_to_win_and_sum_to_one() {
        let mut s = main_phase(5);
        let me = s.active;
        s.points_to_win = s.points(me) + 1;
        give(&mut s, me, Resources::new(1, 1, 0, 2, 3));
        let (odds, sims) =
            chances::<Catan>(&s, true, Budget::sims(20), &mut GameRng::seed_from_u64(1));
        assert_eq!(sims, 20);
        assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{odds:?}");
        let best = (0..4).max_by(|&a, &b| odds[a].total_cmp(&odds[b])).unwrap();
        assert_eq!(best, me.index(), "{odds:?}");
        let events =
            Catan::decide(&s, me, &expert(&s, me, 20), &mut GameRng::seed_from_u64(2)).unwrap();
        let won = events.iter().fold(s, Catan::evolve);
        let (odds, sims) =
            chances::<Catan>(&won, true, Budget::sims(20), &mut GameRng::seed_from_u64(1));
        assert_eq!(sims, 0);
        assert_eq!(odds[me.index()], 1.0);
    }

    /// The states after each command of a game of four greedy bots on the beginner map, from its `from`th command
    /// to its `to`th.
    fn greedy_game(seed: u64, from: usize, to: usize) -> Vec<State> {
        let config = Config {
            seats: 4,
            map: MapKind::Beginner,
            points_to_win: POINTS_TO_WIN,
        };
        let (_, mut playout) = Playout::<Catan>::seeded(&config, seed).expect("a setup");
        let mut states = Vec::new();
        while states.len() < to {
            playout
                .step_by(
                    |s, seat, rng| super::super::command::<Catan>(Strategy::Greedy, s, seat, rng),
                    |_| {},
                )
                .expect("the greedy game goes on");
            states.push(playout.state().clone());
        }
        states.split_off(from)
    }

    /// The mean step of a curve from one state to the next, over every seat's chance.
    fn jitter(curve: &[Vec<f64>]) -> f64 {
        let steps: Vec<f64> = curve
            .windows(2)
            .flat_map(|w| w[0].iter().zip(&w[1]).map(|(a, b)| (a - b).abs()))
            .collect();
        steps.iter().sum::<f64>() / steps.len() as f64
    }

    /// The mean step of each seat's chance from one command to the next over `states`, with one generator for
    /// every index (common random numbers, what the server's analysis passes) and with a generator of each index's
    /// own (as before them).
    fn jitters(states: &[State], public: bool, sims: u32) -> (f64, f64) {
        let curve = |seed: &dyn Fn(u64) -> u64| -> Vec<Vec<f64>> {
            let chances = |(i, s)| {
                let mut rng = GameRng::seed_from_u64(seed(i as u64));
                chances::<Catan>(s, public, Budget::sims(sims), &mut rng).0
            };
            states.iter().enumerate().map(chances).collect()
        };
        (jitter(&curve(&|_| 1)), jitter(&curve(&|i| 1000 + i)))
    }

    /// Common random numbers: with one generator for every index, two positions a spectator cannot tell apart get
    /// estimates that differ by exactly zero, where generators of their own differ by the playouts' noise; and over
    /// forty consecutive commands of a mid-game the curve's steps from one command to the next shrink: to a third
    /// with the full state (a finished game's history), by a tenth to a third for a spectator, whose playouts
    /// start from hands dealt again, which a change in any hand's size deals differently. Measured with
    /// `--nocapture` (the bench README quotes it).
    #[test]
    fn common_random_numbers_smooth_the_analysis_curve() {
        let sims = 30;
        let states = greedy_game(3, 150, 190);
        let here = &states[0];
        let alike = Catan::redeal(here, crate::redeal::OUTSIDE, &mut GameRng::seed_from_u64(5));
        assert_ne!(&alike, here, "the deal changed hidden cards");
        let estimate = |s: &State, seed: u64| {
            chances::<Catan>(
                s,
                true,
                Budget::sims(sims),
                &mut GameRng::seed_from_u64(seed),
            )
            .0
        };
        assert_eq!(
            estimate(here, 1),
            estimate(&alike, 1),
            "identical positions, identical estimates"
        );
        assert_ne!(
            estimate(here, 1),
            estimate(&alike, 2),
            "generators of their own differ by the noise"
        );
        for (public, factor) in [(false, 2.0), (true, 1.2)] {
            let (common, own) = jitters(&states, public, sims);
            let view = if public { "spectator" } else { "full state" };
            eprintln!(
                "{view}: a seat's chance moves {common:.4} on average from one command to the next with \
                 common random numbers, {own:.4} with a generator per index ({} commands, {sims} playouts each)",
                states.len(),
            );
            assert!(common * factor < own, "{common} against {own}");
        }
    }

    /// The same state, generator and count give the same decision, and the search runs the count it was given.
    #[test]
    fn a_search_bounded_by_simulations_is_repeatable() {
        let s = main_phase(4);
        let me = s.active;
        let mut s = s;
        give(&mut s, me, Resources::new(2, 2, 1, 1, 0));
        let budget = Budget::sims(30);
        let run =
            || search::<Catan>(&s, me, budget, &mut GameRng::seed_from_u64(9)).expect("a decision");
        let (a, b) = (run(), run());
        assert_eq!(a.command, b.command);
        assert_eq!(a.sims, 30);
        assert_eq!(
            a.candidates.iter().map(|c| c.1).sum::<u32>(),
            30,
            "every simulation is counted for one candidate"
        );
    }

    /// A budget without turns plays the game's own horizon: base Catan's playouts see the same as with its 16 turns
    /// given, and not what eight turns show.
    #[test]
    fn a_budget_without_turns_plays_the_games_horizon() {
        let mut s = main_phase(4);
        let me = s.active;
        give(&mut s, me, Resources::new(2, 2, 1, 1, 0));
        let means = |turns| {
            let budget = Budget {
                turns,
                ..Budget::sims(30)
            };
            let found = search::<Catan>(&s, me, budget, &mut GameRng::seed_from_u64(9));
            let found = found.expect("a decision");
            found.candidates.iter().map(|c| c.2).collect::<Vec<f64>>()
        };
        assert_eq!(Catan::HORIZON, 16);
        assert_eq!(means(None), means(Some(Catan::HORIZON)));
        assert_ne!(means(None), means(Some(8)));
    }
}
