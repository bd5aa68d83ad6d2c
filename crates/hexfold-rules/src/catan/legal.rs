//! `legal_actions` and `seats_to_act`.
//!
//! What is listed: every command a seat may send now, with every parameter choice, except domestic trade offers
//! and counter-offers, which are listed one card for one card only (any larger offer that passes the trade rules is
//! accepted too). The checks reuse `decide`'s predicates so the list and the decision cannot drift apart; trade is
//! listed by [`crate::hex::trade`], which also decides it.

use super::decide::{road_site_ok, settlement_site_ok};
use super::*;
use crate::hex::{best_ratio, robber_may_move, trade, Resource, Victims};

pub(super) fn legal_actions(state: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    if seat.0 >= state.seats {
        return out;
    }
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    let is_active = seat == state.active;
    match state.phase {
        Phase::Ended { .. } => {}
        Phase::StartingRoll if p.start_pending && p.start_roll.is_none() => {
            out.push(Command::RollDice)
        }
        Phase::PlaceSettlement { .. } if is_active => {
            out.extend(
                t.vertices()
                    .filter(|&v| settlement_site_ok(state, v).is_ok())
                    .map(|vertex| Command::PlaceSettlement { vertex }),
            );
        }
        Phase::PlaceRoad { settlement, .. } if is_active => {
            out.extend(
                crate::hex::opening_road_sites(&state.board, &state.edges, settlement)
                    .map(|edge| Command::PlaceRoad { edge }),
            );
        }
        Phase::Roll if is_active => {
            for kind in ROLL_KINDS {
                kind_actions(state, seat, kind, &mut out);
            }
        }
        Phase::Discard if p.discard_owed > 0 => discards(p.hand, p.discard_owed, &mut out),
        Phase::Robber if is_active => {
            for hex in t
                .hexes()
                .filter(|&h| robber_may_move(&state.board, state.robber, h))
            {
                let victims = Victims::of_robber(&state.board, &state.vertices, hex, seat, |s| {
                    state.players[s.index()].hand.total() > 0
                });
                out.extend(
                    victims
                        .choices()
                        .map(|victim| Command::MoveRobber { hex, victim }),
                );
            }
        }
        Phase::Main if is_active => main_actions(state, seat, &mut out),
        Phase::Main => {
            trade::responder_actions(&state.trade, state.active, seat, hand(state), |c| {
                out.push(super::trade::command(c))
            });
        }
        _ => {}
    }
    out
}

crate::hex::command_kinds! {
    /// A kind of command of the active seat's turn after the opening: the unit the random player draws before
    /// listing anything. Every command the roll phase ([`ROLL_KINDS`]) and the main phase ([`MAIN_KINDS`]) list is
    /// of one of these kinds ([`TurnKind::of`]), kind by kind in the order of [`TurnKind::ALL`], but for the trade
    /// kinds, which [`trade::active_actions`] interleaves seat by seat.
    TurnKind {
        RollDice,
        EndTurn,
        BuildRoad,
        BuildSettlement,
        BuildCity,
        BuyDevelopmentCard,
        PlayKnight,
        PlayRoadBuilding,
        PlayYearOfPlenty,
        PlayMonopoly,
        MaritimeTrade,
        OfferTrade,
        WithdrawTrade,
        AcceptCounterOffer,
        RejectCounterOffer,
    }
}

/// The kinds of the roll phase, in the order they are listed: the roll, or a development card first.
pub(super) const ROLL_KINDS: [TurnKind; 5] = [
    TurnKind::RollDice,
    TurnKind::PlayKnight,
    TurnKind::PlayRoadBuilding,
    TurnKind::PlayYearOfPlenty,
    TurnKind::PlayMonopoly,
];

/// The kinds of the main phase, in the order they are listed: every kind but the roll.
pub(super) const MAIN_KINDS: &[TurnKind] = TurnKind::ALL.split_at(1).1;

impl TurnKind {
    /// Kinds that [`trade::active_actions`] lists, interleaved seat by seat.
    fn by_trade(self) -> bool {
        use TurnKind as K;
        matches!(
            self,
            K::OfferTrade | K::WithdrawTrade | K::AcceptCounterOffer | K::RejectCounterOffer
        )
    }
}

fn main_actions(state: &State, seat: Seat, out: &mut Vec<Command>) {
    for &kind in MAIN_KINDS {
        match kind {
            // The first trade kind stands for the trade rules' whole list.
            TurnKind::OfferTrade => trade::active_actions(&state.trade, seat, hand(state), |c| {
                out.push(super::trade::command(c))
            }),
            k if k.by_trade() => {}
            k => kind_actions(state, seat, k, out),
        }
    }
}

/// The commands of one kind that the roll or main phase lists, in the same order, listing nothing else: what the
/// random player asks for once it has drawn a kind. The caller knows the phase: the kinds of the other phase list
/// what they would list there.
pub(super) fn turn_kind_actions(state: &State, seat: Seat, kind: TurnKind, out: &mut Vec<Command>) {
    if kind.by_trade() {
        if !turn_kind_possible(state, seat, kind) {
            return;
        }
        trade::active_actions(&state.trade, seat, hand(state), |c| {
            let c = super::trade::command(c);
            if TurnKind::of(&c) == Some(kind) {
                out.push(c);
            }
        });
    } else {
        kind_actions(state, seat, kind, out);
    }
}

/// What a kind needs before any site, card or bank choice is looked at (its price, a piece, a card in hand, an
/// open offer). A kind without it lists nothing, so the random player does not draw it; one with it may still list
/// nothing (no site, nothing in the bank).
pub(super) fn turn_kind_possible(state: &State, seat: Seat, kind: TurnKind) -> bool {
    use TurnKind as K;
    let p = &state.players[seat.index()];
    // One development card per turn, none bought this turn.
    let card_playable = !state.dev_played;
    match kind {
        K::RollDice | K::EndTurn | K::OfferTrade => true,
        K::BuildRoad => p.roads_left > 0 && p.hand.contains(ROAD_COST),
        K::BuildSettlement => p.settlements_left > 0 && p.hand.contains(SETTLEMENT_COST),
        K::BuildCity => p.cities_left > 0 && p.hand.contains(CITY_COST),
        K::BuyDevelopmentCard => state.deck.total() > 0 && p.hand.contains(DEV_CARD_COST),
        K::PlayKnight => card_playable && p.dev.knight > 0,
        K::PlayRoadBuilding => card_playable && p.dev.road_building > 0 && p.roads_left > 0,
        K::PlayYearOfPlenty => card_playable && p.dev.year_of_plenty > 0,
        K::PlayMonopoly => card_playable && p.dev.monopoly > 0,
        // No ratio is better than 2:1.
        K::MaritimeTrade => p.hand.to_array().into_iter().any(|n| n >= 2),
        K::WithdrawTrade | K::AcceptCounterOffer | K::RejectCounterOffer => {
            state.trade.offer().is_some()
                || state.seat_iter().any(|s| state.trade.counter(s).is_some())
        }
    }
}

/// The kinds listed as a whole (all but the trade kinds).
fn kind_actions(state: &State, seat: Seat, kind: TurnKind, out: &mut Vec<Command>) {
    if !turn_kind_possible(state, seat, kind) {
        return;
    }
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    match kind {
        TurnKind::RollDice => out.push(Command::RollDice),
        TurnKind::EndTurn => out.push(Command::EndTurn),
        TurnKind::BuildRoad => out.extend(
            t.edges()
                .filter(|&e| road_site_ok(state, &state.edges, seat, e).is_ok())
                .map(|edge| Command::BuildRoad { edge }),
        ),
        TurnKind::BuildSettlement => {
            for v in t.vertices() {
                let connected = t
                    .vertex_edges(v)
                    .iter()
                    .any(|e| state.edges[e.index()].is_owned_by(seat));
                if connected && settlement_site_ok(state, v).is_ok() {
                    out.push(Command::BuildSettlement { vertex: v });
                }
            }
        }
        TurnKind::BuildCity => {
            for v in t.vertices() {
                let piece = state.vertices[v.index()];
                if piece.is_owned_by(seat) && !piece.is_city() {
                    out.push(Command::BuildCity { vertex: v });
                }
            }
        }
        TurnKind::BuyDevelopmentCard => out.push(Command::BuyDevelopmentCard),
        TurnKind::PlayKnight => out.push(Command::PlayKnight),
        TurnKind::PlayRoadBuilding => road_building_plays(state, seat, out),
        TurnKind::PlayYearOfPlenty => {
            for first in Resource::ALL {
                for second in Resource::ALL {
                    let want = Resources::one(first, 1).plus(Resources::one(second, 1));
                    if state.bank.contains(want) {
                        out.push(Command::PlayYearOfPlenty { first, second });
                    }
                }
            }
        }
        TurnKind::PlayMonopoly => {
            out.extend(Resource::ALL.map(|resource| Command::PlayMonopoly { resource }))
        }
        TurnKind::MaritimeTrade => trade::bank_trades(
            p.hand,
            state.bank,
            |give| best_ratio(&state.board, &state.vertices, seat, give),
            |give, receive| out.push(Command::MaritimeTrade { give, receive }),
        ),
        TurnKind::OfferTrade
        | TurnKind::WithdrawTrade
        | TurnKind::AcceptCounterOffer
        | TurnKind::RejectCounterOffer => {}
    }
}

/// Every road building play: each first road with every second road it makes possible, or alone when none is.
fn road_building_plays(state: &State, seat: Seat, out: &mut Vec<Command>) {
    let p = &state.players[seat.index()];
    let t = state.board.topology();
    let mut edges = state.edges.clone();
    for first in t.edges() {
        if road_site_ok(state, &state.edges, seat, first).is_err() {
            continue;
        }
        edges[first.index()] = EdgePiece::road(seat);
        let before = out.len();
        if p.roads_left >= 2 {
            for second in t.edges() {
                if road_site_ok(state, &edges, seat, second).is_ok() {
                    out.push(Command::PlayRoadBuilding {
                        first,
                        second: Some(second),
                    });
                }
            }
        }
        if out.len() == before {
            out.push(Command::PlayRoadBuilding {
                first,
                second: None,
            });
        }
        edges[first.index()] = EdgePiece::EMPTY;
    }
}

/// Each seat's hand, as the shared trade rules ask for it.
fn hand(state: &State) -> impl Fn(Seat) -> Resources + '_ {
    |s| state.players[s.index()].hand
}

/// Every way to discard exactly `owed` cards from `hand`.
fn discards(hand: Resources, owed: u8, out: &mut Vec<Command>) {
    fn go(hand: &[u8; 5], i: usize, left: u8, cur: &mut [u8; 5], out: &mut Vec<Command>) {
        if i == 5 {
            if left == 0 {
                out.push(Command::Discard {
                    resources: Resources::from_array(*cur),
                });
            }
            return;
        }
        // Cards still available in later kinds bound how few we may take here.
        let later: u16 = hand[i + 1..].iter().map(|&n| u16::from(n)).sum();
        let min = u16::from(left).saturating_sub(later) as u8;
        for k in min..=hand[i].min(left) {
            cur[i] = k;
            go(hand, i + 1, left - k, cur, out);
        }
        cur[i] = 0;
    }
    go(&hand.to_array(), 0, owed, &mut [0; 5], out);
}

/// [`seats_to_act`] without the answers to an open offer, which the game does not wait for.
pub(super) fn waiting_for(state: &State) -> Vec<Seat> {
    match state.phase {
        Phase::Main => vec![state.active],
        _ => seats_to_act(state),
    }
}

pub(super) fn seats_to_act(state: &State) -> Vec<Seat> {
    match state.phase {
        Phase::Ended { .. } => Vec::new(),
        Phase::StartingRoll => state
            .seat_iter()
            .filter(|s| {
                let p = &state.players[s.index()];
                p.start_pending && p.start_roll.is_none()
            })
            .collect(),
        Phase::Discard => state
            .seat_iter()
            .filter(|s| state.players[s.index()].discard_owed > 0)
            .collect(),
        Phase::Main if state.trade.offer().is_some() => {
            let mut v = vec![state.active];
            v.extend(state.seat_iter().filter(|&s| {
                s != state.active && trade::can_respond(&state.trade, state.active, s, hand(state))
            }));
            v
        }
        _ => vec![state.active],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discards_enumerate_every_choice() {
        let mut out = Vec::new();
        discards(Resources::new(2, 1, 0, 0, 1), 2, &mut out);
        // Choose 2 from {B,B,L,O} as multisets: BB, BL, BO, LO.
        assert_eq!(out.len(), 4);
        for c in &out {
            let Command::Discard { resources } = c else {
                panic!("not a discard")
            };
            assert_eq!(resources.total(), 2);
        }
    }
}
