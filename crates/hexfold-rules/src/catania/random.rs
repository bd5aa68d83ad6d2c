//! A random but sensible player, for property tests, bots and benchmarks, as the layer's: a kind of command is
//! drawn with a weight that favours growth (cities and settlements, improvements, ships towards the islands,
//! development cards), then a uniformly random command of that kind. In the active seat's main phase the kind is
//! drawn before anything is listed and only that kind is listed; elsewhere the whole listing is built and
//! [`crate::hex::pick_by_key`] chooses from it, telling the layer's kinds apart inside [`Command::Ck`].

use super::legal::{kind_actions, legal_actions, Kind};
use super::*;
use crate::cities_knights::legal::MainKind;
use crate::cities_knights::Command as K;
use std::mem::{discriminant, Discriminant};

/// How likely each kind of the main phase is picked, relative to the other kinds that list something now.
fn main_weight(st: &State, kind: Kind) -> u32 {
    use MainKind as M;
    match kind {
        Kind::BuildSettlement | Kind::Layer(M::BuildCity) => 200,
        Kind::Layer(M::ImproveCity) => 150,
        Kind::Layer(M::BuildKnight | M::ActivateKnight) => {
            if st.ck.barbarians() + 2 >= RULES.barbarian_track_len {
                80
            } else {
                15
            }
        }
        Kind::Layer(M::PromoteKnight | M::BuildCityWall) => 15,
        Kind::BuildShip | Kind::BuyDevelopmentCard | Kind::PlayDevelopmentCard => 40,
        Kind::BuildRoad => 30,
        Kind::BuildLandingPlace | Kind::Diplomat => 10,
        Kind::MoveShip | Kind::ChaseBandit | Kind::Layer(M::MoveKnight | M::ChaseRobber) => 5,
        Kind::Layer(M::PlayProgressCard) | Kind::ProgressRoadBuilding => 25,
        Kind::Layer(M::BankTrade) => 20,
        // Offers are rare: each one makes the others answer in turn.
        Kind::Layer(M::OfferTrade) => 2,
        Kind::Layer(M::AcceptCounterOffer) => 10,
        Kind::Layer(M::RejectCounterOffer | M::WithdrawTrade) => 20,
        Kind::Layer(M::EndTurn) => 25,
        Kind::Layer(M::ReturnProgressCard | M::PlaceDeserterKnight) => 10,
        Kind::Layer(M::BuildRoad | M::BuildSettlement) => 0,
    }
}

/// The weight of a command outside the main phase: the answers to an offer as the layer weighs them, the
/// alchemist as a progress card, 10 for the rest (the opening, the roll, the thieves, obligations, gold).
fn weight(c: &Command) -> u32 {
    match c {
        Command::Ck(K::CounterOffer { .. }) => 2,
        Command::Ck(K::RejectTrade) => 20,
        Command::Ck(K::PlayProgressCard { .. }) => 25,
        _ => 10,
    }
}

/// A command's kind: its own variant, or the layer's inside [`Command::Ck`].
#[derive(Clone, Copy, PartialEq)]
enum Key {
    Own(Discriminant<Command>),
    Layer(Discriminant<K>),
}

fn key(c: &Command) -> Key {
    match c {
        Command::Ck(k) => Key::Layer(discriminant(k)),
        c => Key::Own(discriminant(c)),
    }
}

/// A random legal command for `seat`, or `None` if the seat has nothing to do now.
pub fn random_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let free = state.ck.obligations().is_empty() && !state.owes();
    if state.phase() == ck::Phase::Main && seat == state.active() && free {
        return main_command(state, seat, rng);
    }
    let mut legal = legal_actions(state, seat);
    // Gold fields are few and uniform openings rarely touch one, so the gold rules (CAT-GOLD) would go
    // unexercised: one opening settlement in four goes beside gold when a free corner there allows it.
    if rng.gen_ratio(1, 4) {
        let board = state.board();
        let beside_gold = |c: &Command| match c {
            Command::Ck(K::PlaceSettlement { vertex }) => board
                .topology()
                .vertex_hexes(*vertex)
                .iter()
                .any(|&h| board.terrain(h) == Terrain::Gold),
            _ => false,
        };
        if legal.iter().any(beside_gold) {
            legal.retain(beside_gold);
        }
    }
    crate::hex::pick_by_key(legal, key, weight, rng)
}

/// The main phase's choice, one kind at a time ([`crate::hex::pick_kind_first`]): a kind is drawn by weight
/// among those not yet found empty and listed, and the command is then uniform within the kind.
fn main_command(state: &State, seat: Seat, rng: &mut impl Rng) -> Option<Command> {
    let mut kinds = Kind::ALL.map(|k| (k, main_weight(state, k)));
    crate::hex::pick_kind_first(&mut kinds, rng, |kind, out| {
        kind_actions(state, seat, kind, out)
    })
}
