//! A random but sensible player, for property tests, bots and benchmarks.
//!
//! A uniformly random player in Catan offers trades and builds roads to nowhere for a very long time; weighting
//! the choice towards growth (cities, settlements, cards) makes games end in a few hundred commands while every
//! legal command still has a chance to be chosen.

use super::*;
use rand::Rng;

/// How likely each kind of command is picked, relative to the others that are legal now.
fn weight(state: &State, seat: Seat, c: &Command) -> u32 {
    let p = &state.players[seat.index()];
    match c {
        Command::BuildCity { .. } | Command::BuildSettlement { .. } => 200,
        Command::BuyDevelopmentCard => 30,
        Command::BuildRoad { .. } => {
            if p.settlements_left > 0 {
                40
            } else {
                2
            }
        }
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

/// A random legal command for `seat`, or `None` if the seat has nothing to do. Commands of one kind share the
/// kind's weight, so e.g. 70 road sites do not drown out ending the turn.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let legal = legal::legal_actions(state, seat);
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    // Group by kind (the serde variant name is stable, but a discriminant is cheaper).
    let mut kinds: Vec<(std::mem::Discriminant<Command>, u32, usize)> = Vec::new();
    for c in &legal {
        let d = std::mem::discriminant(c);
        match kinds.iter_mut().find(|k| k.0 == d) {
            Some(k) => k.2 += 1,
            None => kinds.push((d, weight(state, seat, c), 1)),
        }
    }
    let total: u32 = kinds.iter().map(|k| k.1).sum();
    let mut pick = rng.gen_range(0..total);
    let mut kind = kinds[0].0;
    for k in &kinds {
        if pick < k.1 {
            kind = k.0;
            break;
        }
        pick -= k.1;
    }
    let n = kinds.iter().find(|k| k.0 == kind).map_or(1, |k| k.2);
    let i = rng.gen_range(0..n);
    legal
        .into_iter()
        .filter(|c| std::mem::discriminant(c) == kind)
        .nth(i)
}
