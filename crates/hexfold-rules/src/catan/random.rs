//! A random but sensible player, for property tests, bots and benchmarks.
//!
//! A uniformly random player in Catan offers trades and builds roads to nowhere for a very long time; weighting
//! the choice towards growth (cities, settlements, cards) makes games end in a few hundred commands while every
//! legal command still has a chance to be chosen.
//!
//! In the active seat's roll and main phases, where the lists are long (every road site, 20 one-for-one offers,
//! the bank trades), the kind is drawn before anything is listed and only that kind is listed
//! ([`crate::hex::pick_kind_first`]); elsewhere the whole listing is built and [`crate::hex::pick_by_kind`]
//! chooses from it. Both give every command the same chance.

use super::legal::{turn_kind_actions, turn_kind_possible, TurnKind, MAIN_KINDS, ROLL_KINDS};
use super::*;
use rand::Rng;

/// How likely each kind of the active seat's turn is picked, relative to the other kinds that are legal now.
pub(super) fn turn_weight(state: &State, seat: Seat, kind: TurnKind) -> u32 {
    use TurnKind as K;
    match kind {
        K::BuildCity | K::BuildSettlement => 200,
        K::BuyDevelopmentCard => 30,
        K::BuildRoad => {
            if state.players[seat.index()].settlements_left > 0 {
                40
            } else {
                2
            }
        }
        K::PlayKnight => 20,
        K::PlayRoadBuilding | K::PlayYearOfPlenty | K::PlayMonopoly => 10,
        K::MaritimeTrade => 15,
        K::OfferTrade => 2,
        K::AcceptCounterOffer => 10,
        K::RejectCounterOffer | K::WithdrawTrade => 20,
        K::EndTurn => 20,
        K::RollDice => 10,
    }
}

/// How likely each command is picked, relative to the others that are legal now: its turn kind's weight, and for
/// the rest (the opening, discards, the robber, the answers to an offer) by its kind.
fn weight(state: &State, seat: Seat, c: &Command) -> u32 {
    if let Some(kind) = TurnKind::of(c) {
        return turn_weight(state, seat, kind);
    }
    match c {
        Command::CounterOffer { .. } => 2,
        Command::AcceptTrade => 10,
        Command::RejectTrade => 20,
        _ => 10,
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do. Commands of one kind share the
/// kind's weight, so e.g. 70 road sites do not drown out ending the turn.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    if seat == state.active && seat.0 < state.seats {
        let kinds: &[TurnKind] = match state.phase {
            Phase::Roll => &ROLL_KINDS,
            Phase::Main => MAIN_KINDS,
            _ => &[],
        };
        if !kinds.is_empty() {
            return turn_command(state, seat, kinds, rng);
        }
    }
    let legal = legal::legal_actions(state, seat);
    crate::hex::pick_by_kind(legal, |c| weight(state, seat, c), rng)
}

/// The roll or main phase's choice among `kinds`, listing one kind at a time ([`crate::hex::pick_kind_first`]):
/// each kind that lists something is picked with its weight over theirs, and the command is then uniform within
/// the kind, as [`crate::hex::pick_by_kind`] picks from the whole listing. The kinds that cannot list anything
/// (unaffordable, no card) are set aside before the first draw: in base Catan most of them are, most of the time.
fn turn_command(
    state: &State,
    seat: Seat,
    kinds: &[TurnKind],
    rng: &mut impl Rng,
) -> Option<Command> {
    let mut weighted = [(TurnKind::EndTurn, 0); TurnKind::ALL.len()];
    let mut n = 0;
    for &kind in kinds {
        if turn_kind_possible(state, seat, kind) {
            weighted[n] = (kind, turn_weight(state, seat, kind));
            n += 1;
        }
    }
    crate::hex::pick_kind_first(&mut weighted[..n], rng, |kind, out| {
        turn_kind_actions(state, seat, kind, out)
    })
}

/// A random client's weight of a command's kind (`RandomPlayer::command_weight`).
pub(crate) fn command_weight(command: &Command) -> u32 {
    match command {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::BuyDevelopmentCard => 30,
        Command::BuildRoad { .. } => 25,
        Command::PlayKnight => 20,
        Command::PlayRoadBuilding { .. }
        | Command::PlayYearOfPlenty { .. }
        | Command::PlayMonopoly { .. } => 10,
        Command::MaritimeTrade { .. } => 15,
        Command::OfferTrade { .. } | Command::CounterOffer { .. } => 2,
        Command::AcceptTrade | Command::AcceptCounterOffer { .. } => 10,
        Command::RejectTrade | Command::RejectCounterOffer { .. } | Command::WithdrawTrade => 20,
        Command::EndTurn => 20,
        _ => 10,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::playout::{Playout, RandomPlayer as _, Stop};
    use rand::SeedableRng;

    /// Calls `check` with every `every`-th state of `games` random games (3 and 4 seats, both maps) for the
    /// active seat in its roll or main phase, as it is and with a rich hand (five of each resource and one of each
    /// development card, none played this turn) so every kind lists something now and then. Returns the sum of
    /// what `check` returns.
    fn turn_states(games: u64, every: u64, mut check: impl FnMut(&State, Seat) -> usize) -> usize {
        let mut counted = 0;
        for seed in 0..games {
            let config = Catan::random_config(3 + (seed % 2) as u8, seed % 3 == 0);
            let (_, playout) = Playout::<Catan>::seeded(&config, seed).unwrap();
            let mut playout = playout.command_limit(Catan::COMMAND_LIMIT);
            let mut step = 0u64;
            loop {
                let st = playout.state();
                if step % every == 0 && matches!(st.phase, Phase::Roll | Phase::Main) {
                    let seat = st.active;
                    counted += check(st, seat);
                    let mut rich = st.clone();
                    let p = &mut rich.players[seat.index()];
                    p.hand = p.hand.plus(Resources::new(5, 5, 5, 5, 5));
                    p.dev = p.dev.plus(DevCards {
                        knight: 1,
                        victory_point: 0,
                        road_building: 1,
                        year_of_plenty: 1,
                        monopoly: 1,
                    });
                    rich.dev_played = false;
                    counted += check(&rich, seat);
                }
                step += 1;
                match playout.step(|_| {}) {
                    Ok(()) => {}
                    Err(Stop::Ended(_)) => break,
                    Err(stop) => panic!("game {seed}: {stop:?}"),
                }
            }
        }
        counted
    }

    fn phase_kinds(st: &State) -> &'static [TurnKind] {
        if st.phase == Phase::Roll {
            &ROLL_KINDS
        } else {
            MAIN_KINDS
        }
    }

    /// Listing one kind gives exactly the commands of that kind of the whole listing, in its order: the random
    /// player's fast path sees what `legal_actions` (and so `decide`) allows, no more and no less.
    #[test]
    fn each_turn_kind_lists_the_listings_commands_of_that_kind() {
        let compared = turn_states(30, 3, |st, seat| {
            let listed = legal::legal_actions(st, seat);
            let kinds = phase_kinds(st);
            for c in &listed {
                let kind = TurnKind::of(c).unwrap_or_else(|| panic!("{c:?} has no turn kind"));
                assert!(kinds.contains(&kind), "{c:?} listed in {:?}", st.phase);
            }
            for &kind in TurnKind::ALL.iter() {
                let mut alone = Vec::new();
                turn_kind_actions(st, seat, kind, &mut alone);
                if !kinds.contains(&kind) {
                    continue;
                }
                let of_kind: Vec<&Command> = listed
                    .iter()
                    .filter(|c| TurnKind::of(c) == Some(kind))
                    .collect();
                assert_eq!(alone.iter().collect::<Vec<_>>(), of_kind, "{kind:?}");
            }
            listed.len()
        });
        assert!(compared > 100_000, "only {compared} commands compared");
    }

    /// Over roll and main phase states, how often the random player picks each kind matches the weights of the
    /// kinds the full listing holds (weight over the sum of the present kinds' weights), and every pick is listed.
    #[test]
    fn turn_kinds_are_picked_by_weight() {
        const DRAWS: u32 = 4_000;
        let mut rng = GameRng::seed_from_u64(7);
        let states = turn_states(4, 41, |st, seat| {
            let listed = legal::legal_actions(st, seat);
            let mut kinds: Vec<TurnKind> = Vec::new();
            for c in &listed {
                let k = TurnKind::of(c).unwrap();
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            let total: u32 = kinds.iter().map(|&k| turn_weight(st, seat, k)).sum();
            let mut seen = vec![0u32; kinds.len()];
            for _ in 0..DRAWS {
                let c = random_command(st, seat, &mut rng).unwrap();
                assert!(listed.contains(&c), "{c:?} not listed");
                let k = TurnKind::of(&c).unwrap();
                seen[kinds.iter().position(|&x| x == k).unwrap()] += 1;
            }
            for (i, &k) in kinds.iter().enumerate() {
                let want = f64::from(turn_weight(st, seat, k)) / f64::from(total);
                let got = f64::from(seen[i]) / f64::from(DRAWS);
                // Five standard deviations of a frequency over 4 000 draws at worst (p = 1/2).
                assert!(
                    (got - want).abs() < 0.04,
                    "{k:?}: picked {got:.3}, weight {want:.3} of {kinds:?}"
                );
            }
            1
        });
        assert!(states > 40, "only {states} states");
    }
}
