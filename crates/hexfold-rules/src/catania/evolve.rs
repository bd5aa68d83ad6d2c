//! `evolve`: fold one event into the state. Events are facts; this never fails and never draws randomness.
//!
//! A layer event is folded by the layer (`cities_knights::evolve::apply`), then by what Catania attaches to it: the
//! end of a turn makes bought development cards playable and clears the turn's trade phase, card play and ship
//! moves; a settlement on a landing place sends the marker home; a city lost by a seat without a settlement in its
//! supply leaves its corner empty instead of becoming a settlement the seat does not have. Catania's own events are folded here. After
//! every event a repair whose side is built on again is done. As in the layer, arithmetic saturates and seats out
//! of range are folded into range, so a corrupt stream cannot crash the process that folds it.

use super::*;
use crate::cities_knights::evolve::{
    apply as apply_layer, opening_step_done, pay, recompute_lengths_at, recompute_road_owner,
    recompute_seats, take,
};
use crate::cities_knights::{Event as E, Hand, Phase};
use crate::hex::{BoardRef, EdgePiece, VertexPiece};
use std::sync::Arc;

fn si(state: &State, seat: Seat) -> usize {
    seat.index().min(state.sailors.len().saturating_sub(1))
}

/// Lays `piece` on `edge` if the edge is on the board.
fn lay(state: &mut State, edge: crate::hex::EdgeId, piece: EdgePiece) {
    if let Some(slot) = state.ck.edges.get_mut(edge.index()) {
        *slot = piece;
    }
}

/// The bit of the seat whose road or ship lies on `edge` (bit `i` for seat `i`), none if the side is empty or off the
/// board: whose length taking the piece off can change.
fn owner_bit(state: &State, edge: crate::hex::EdgeId) -> u64 {
    match state.ck.edges.get(edge.index()).and_then(|p| p.owner()) {
        Some(o) => 1 << o.0.min(63),
        None => 0,
    }
}

/// Takes `seat`'s road or ship off `edge`, back into its supply.
fn take_off(state: &mut State, seat: Seat, edge: crate::hex::EdgeId) {
    let Some(p) = state.ck.edges.get(edge.index()).copied() else {
        return;
    };
    lay(state, edge, EdgePiece::EMPTY);
    let i = si(state, seat);
    if p.is_ship() {
        state.sailors[i].ships_left = state.sailors[i].ships_left.saturating_add(1);
    } else if let Some(pl) = state.ck.players.get_mut(seat.index()) {
        pl.roads_left = pl.roads_left.saturating_add(1);
    }
}

pub(super) fn apply(state: &mut State, event: &Event) {
    // Catania's own events are all the active seat's doing or the roll's, none a step of the negotiation: like the
    // layer's, they stop an open offer binding (CAT-TRADE-13).
    if !matches!(event, Event::Ck(_)) {
        state.ck.trade.unbind();
    }
    match *event {
        Event::Ck(ref e) => {
            // A city lost by a seat with no settlement left in its supply leaves its corner empty at once (seed
            // line 34, CAT-EVENT-10): the layer would turn it into a tenth settlement, a piece the seat does not
            // have. The `CornerCleared` that follows takes off the roads and ships that led only there.
            let homeless = match *e {
                E::CityLost { seat, vertex, .. } if state.ck.settlements_left(seat) == 0 => {
                    Some(vertex)
                }
                _ => None,
            };
            apply_layer(&mut state.ck, e);
            if let Some(vertex) = homeless {
                if let Some(v) = state.ck.vertices.get_mut(vertex.index()) {
                    *v = VertexPiece::EMPTY;
                }
                recompute_lengths_at(&mut state.ck, &[vertex]);
            }
            follow_layer(state, e);
        }
        Event::ShipPlaced { seat, edge } => {
            lay(state, edge, EdgePiece::ship(seat));
            let i = si(state, seat);
            state.sailors[i].ships_left = state.sailors[i].ships_left.saturating_sub(1);
            recompute_road_owner(&mut state.ck, seat);
            opening_step_done(&mut state.ck);
        }
        Event::ShipBuilt { seat, edge, free } => {
            lay(state, edge, EdgePiece::ship(seat));
            let i = si(state, seat);
            state.sailors[i].ships_left = state.sailors[i].ships_left.saturating_sub(1);
            if !free {
                pay(&mut state.ck, seat, Hand::of_resources(SHIP_COST));
            }
            state.sea_mut().built_this_turn.push(edge);
            recompute_road_owner(&mut state.ck, seat);
        }
        Event::ShipMoved { seat, from, to } => {
            lay(state, from, EdgePiece::EMPTY);
            lay(state, to, EdgePiece::ship(seat));
            state.sea_mut().moved_this_turn = true;
            recompute_road_owner(&mut state.ck, seat);
        }
        Event::ShipRemoved { seat, edge } => {
            lay(state, edge, EdgePiece::EMPTY);
            let i = si(state, seat);
            state.sailors[i].ships_left = state.sailors[i].ships_left.saturating_add(1);
            recompute_road_owner(&mut state.ck, seat);
        }
        Event::LandingPlaceBuilt { seat, vertex } => {
            state
                .sea_mut()
                .landings
                .push(crate::hex::Landing { vertex, seat });
            let i = si(state, seat);
            state.sailors[i].landings_left = state.sailors[i].landings_left.saturating_sub(1);
            pay(&mut state.ck, seat, Hand::of_resources(LANDING_COST));
            recompute_road_owner(&mut state.ck, seat);
        }
        Event::PirateMoved { hex, .. } => {
            state.sea_mut().pirate = Some(hex);
            if state.ck.phase == Phase::Robber {
                state.ck.phase = Phase::Main;
            }
        }
        Event::PirateChased { knight, hex, .. } => {
            state.sea_mut().pirate = Some(hex);
            if let Some(Some(k)) = state.ck.knights.get_mut(knight.index()) {
                k.active = false;
            }
        }
        Event::ChipsDrawn { ref chips, .. } => {
            let numbers: Vec<(HexId, Option<u8>)> =
                chips.iter().map(|c| (c.hex, Some(c.number))).collect();
            for chip in chips {
                state.bag = state.bag.without(chip.number);
            }
            // A board is immutable and shared: numbers that appear in play make a new one (a few times a game).
            if let Some(board) = state.ck.board.with_numbers(&numbers) {
                state.ck.board = BoardRef(Arc::new(board));
            }
        }
        Event::GoldDue { ref owed } => {
            state.gold.extend_from_slice(owed);
            state.ck.pending.retain(|o| {
                !matches!(o, ck::Obligation::AqueductResource { seat }
                    if owed.iter().any(|g| g.seat == *seat))
            });
        }
        Event::GoldChosen { seat, resources } => {
            take(&mut state.ck, seat, Hand::of_resources(resources));
            if let Some(i) = state.gold.iter().position(|g| g.seat == seat) {
                state.gold.remove(i);
            }
        }
        Event::TradePhaseEnded { .. } => state.building = true,
        Event::DevelopmentCardBought { seat, card } => {
            pay(&mut state.ck, seat, Hand::of_resources(DEV_CARD_COST));
            let left = state.deck.get_mut(card);
            *left = left.saturating_sub(1);
            let i = si(state, seat);
            let new = state.sailors[i].dev_new.get_mut(card);
            *new = new.saturating_add(1);
        }
        Event::DevelopmentCardPlayed { seat, card } => {
            let i = si(state, seat);
            let s = &mut state.sailors[i];
            let held = s.dev.get_mut(card);
            *held = held.saturating_sub(1);
            if card == DevCard::Knight {
                s.knights_played = s.knights_played.saturating_add(1);
            }
            state.dev_played = true;
        }
        Event::LargestArmyChanged { holder, .. } => state.ck.largest_army = Some(holder),
        Event::CornerCleared {
            seat,
            vertex,
            ref removed,
        } => {
            if let Some(v) = state.ck.vertices.get_mut(vertex.index()) {
                *v = VertexPiece::EMPTY;
            }
            // The seats beside the corner, and the owners of the pieces taken off (counted before they go).
            let mut owners = 0;
            for &e in removed {
                owners |= owner_bit(state, e);
                take_off(state, seat, e);
            }
            recompute_lengths_at(&mut state.ck, &[vertex]);
            recompute_seats(&mut state.ck, owners);
        }
        Event::ForceMoved {
            force,
            to,
            ref wrecks,
            ..
        } => {
            match force {
                Force::Iceberg => state.sea_mut().iceberg = Some(to),
                Force::Hurricane => state.hurricane = Some(to),
                Force::StormCloud => state.cloud = Some(to),
            }
            // Only the wrecked pieces' owners lose anything of a route.
            let mut owners = 0;
            for w in wrecks {
                owners |= owner_bit(state, w.edge);
                take_off(state, w.seat, w.edge);
                if w.repair {
                    state.repairs.push(Repair {
                        seat: w.seat,
                        edge: w.edge,
                        ship: w.ship,
                    });
                }
            }
            recompute_seats(&mut state.ck, owners);
        }
        Event::BuildingTilted { seat, vertex, sum } => {
            state.tilted.retain(|t| t.vertex != vertex);
            state.tilted.push(Tilt { seat, vertex, sum });
        }
        Event::BuildingRighted { vertex, .. } => state.tilted.retain(|t| t.vertex != vertex),
        Event::VolcanoErupted { .. } => {}
        Event::BuildingRuined {
            seat,
            vertex,
            ruin,
            wall,
            ..
        } => {
            if let Some(v) = state.ck.vertices.get_mut(vertex.index()) {
                *v = match ruin {
                    Ruin::CityReduced => VertexPiece::settlement(seat),
                    Ruin::SettlementRemoved | Ruin::CityRemoved => VertexPiece::EMPTY,
                };
            }
            if wall {
                if let Some(w) = state.ck.walls.get_mut(vertex.index()) {
                    *w = false;
                }
                if let Some(p) = state.ck.players.get_mut(seat.index()) {
                    p.walls_left = p.walls_left.saturating_add(1);
                }
            }
            // A station building the guild downgraded has paid for its warning: what is left stands upright.
            state.posts_due.retain(|p| p.vertex != vertex);
            state.warned.retain(|p| p.vertex != vertex);
            // A metropolis stands on a city: it leaves a city struck down (decide moves it on if it can).
            for m in &mut state.ck.metropolis {
                if matches!(*m, Some((_, v)) if v == vertex) {
                    *m = None;
                }
            }
            recompute_lengths_at(&mut state.ck, &[vertex]);
        }
        Event::SpecialistChanged { resource, holder } => {
            state.specialists[resource.index()] = holder;
        }
        Event::SpecialistsPaid { seat, resources } => {
            take(&mut state.ck, seat, Hand::of_resources(resources));
            // The roller's claim lapses once paid; every claim lapses when the payment emptied the bank, as the
            // layer makes none with an empty bank (nothing could settle it).
            let emptied = state.ck.bank.resources.total() == 0;
            state.ck.pending.retain(|o| match o {
                ck::Obligation::AqueductResource { seat: s } => *s != seat && !emptied,
                _ => true,
            });
        }
        Event::IslandConquered {
            seat,
            vertex,
            island,
        } => state.conquests.push(Conquest {
            seat,
            vertex,
            island,
        }),
        Event::SevenYielded { ref gains, .. } => {
            for g in gains {
                take(&mut state.ck, g.seat, g.cards);
            }
        }
        Event::StationExchangesDue { ref posts } => state.posts_due.extend_from_slice(posts),
        Event::StationExchanged {
            seat,
            vertex,
            gave,
            took,
        } => {
            pay(&mut state.ck, seat, gave);
            take(&mut state.ck, seat, Hand::of_resources(took));
            state.posts_due.retain(|p| p.vertex != vertex);
            state.warned.retain(|p| p.vertex != vertex);
        }
        Event::StationWarned { seat, vertex } => {
            state.posts_due.retain(|p| p.vertex != vertex);
            state.warned.retain(|p| p.vertex != vertex);
            state.warned.push(Post { seat, vertex });
        }
        Event::StationExcused { vertex, .. } => state.posts_due.retain(|p| p.vertex != vertex),
        Event::SacrificialSiteBuilt { seat, vertex } => {
            // A settlement of the layer, paid twice.
            let built = E::SettlementBuilt { seat, vertex };
            apply_layer(&mut state.ck, &built);
            follow_layer(state, &built);
            pay(
                &mut state.ck,
                seat,
                Hand::of_resources(RULES.hex.costs.settlement),
            );
        }
        Event::TributesDue { ref dues } => state.temple_due.extend_from_slice(dues),
        Event::TemplePaid {
            from,
            to,
            resources,
        } => {
            pay(&mut state.ck, from, Hand::of_resources(resources));
            take(&mut state.ck, to, Hand::of_resources(resources));
            let paid = state.temple_due.iter().position(|d| {
                matches!(*d, TempleDue::Tribute { from: f, to: t } | TempleDue::Debt { from: f, to: t }
                    if f == from && t == to)
            });
            if let Some(i) = paid {
                // A debt's two resources make the seat paid owe the gods one of them (seed line 96).
                if let TempleDue::Debt { .. } = state.temple_due.remove(i) {
                    state.temple_due.insert(
                        i,
                        TempleDue::Offering {
                            seat: to,
                            resources,
                        },
                    );
                }
            }
        }
        Event::TributeDefaulted { from, to } => {
            if let Some(i) = state
                .temple_due
                .iter()
                .position(|d| *d == TempleDue::Tribute { from, to })
            {
                state.temple_due.remove(i);
            }
            state.debts.push(TempleDue::Debt { from, to });
        }
        Event::DebtCalled { from, to } => {
            let debt = TempleDue::Debt { from, to };
            if let Some(i) = state.debts.iter().position(|d| *d == debt) {
                state.debts.remove(i);
            }
            state.temple_due.insert(0, debt);
        }
        Event::WonderStarted { seat, wonder } => {
            let i = si(state, seat);
            state.sailors[i].ships_left = state.sailors[i].ships_left.saturating_sub(1);
            state.wonders.push(WonderBuild {
                wonder,
                seat,
                level: 0,
            });
        }
        Event::WonderLevelBuilt {
            seat,
            wonder,
            level,
        } => {
            pay(&mut state.ck, seat, Hand::of_resources(wonder.level_cost()));
            if let Some(w) = state.wonders.iter_mut().find(|w| w.wonder == wonder) {
                w.level = level;
            }
        }
        Event::GodsAppeased { seat, resources } => {
            pay(&mut state.ck, seat, Hand::of_resources(resources));
            if let Some(i) = state
                .temple_due
                .iter()
                .position(|d| matches!(*d, TempleDue::Offering { seat: s, .. } if s == seat))
            {
                state.temple_due.remove(i);
            }
        }
        Event::CastleCardReturned { card } => {
            if remove_from_pile(state, None, card) {
                state.ck.bank = state.ck.bank.plus(Hand::one(card, 1));
            }
        }
        Event::CastleRaided { ref seats } => state.castle_due.extend_from_slice(seats),
        Event::CastleDeposited { seat, card } => {
            if let Some(i) = state.castle_due.iter().position(|&s| s == seat) {
                state.castle_due.remove(i);
            }
            if let Some(p) = state.ck.players.get_mut(seat.index()) {
                if p.hand.get(card) > 0 {
                    p.hand = p.hand.minus(Hand::one(card, 1));
                    state.castle.push(PileCard { seat, good: card });
                }
            }
        }
        Event::CastleDefaulted { seat } => {
            if let Some(i) = state.castle_due.iter().position(|&s| s == seat) {
                state.castle_due.remove(i);
            }
            state.castle_debts.push(seat);
        }
        Event::CastleDebtCalled { seat } => {
            if let Some(i) = state.castle_debts.iter().position(|&s| s == seat) {
                state.castle_debts.remove(i);
            }
            state.castle_due.push(seat);
        }
        Event::CastleLooted { seat, card } => {
            if remove_from_pile(state, Some(seat), card) {
                if let Some(p) = state.ck.players.get_mut(seat.index()) {
                    p.hand = p.hand.plus(Hand::one(card, 1));
                }
            }
        }
    }
    // A tilted building that left its corner (struck down, cleared by the barbarians) is tilted no more.
    if !state.tilted.is_empty() {
        let vertices = &state.ck.vertices;
        state.tilted.retain(|t| {
            vertices
                .get(t.vertex.index())
                .is_some_and(|p| p.owner() == Some(t.seat))
        });
    }
    // A station building that left its corner (cleared by the barbarians) owes no exchange and bears no warning.
    if !state.warned.is_empty() || !state.posts_due.is_empty() {
        let vertices = &state.ck.vertices;
        let standing = |p: &Post| {
            vertices
                .get(p.vertex.index())
                .is_some_and(|v| v.owner() == Some(p.seat))
        };
        state.warned.retain(standing);
        state.posts_due.retain(standing);
    }
    // A side rebuilt, by its owner or by anyone, owes no repair any more.
    if !state.repairs.is_empty() {
        let edges = &state.ck.edges;
        state
            .repairs
            .retain(|r| edges.get(r.edge.index()).is_some_and(|p| p.is_empty()));
    }
}

/// Takes a card of kind `card` off the castle's pile, if one is there: one `seat` put there if any (the looter may
/// draw its own card back), else the last of that kind. The pile has no order, so which entry of a kind goes only
/// says whose card stays; the event names the kind drawn.
fn remove_from_pile(state: &mut State, seat: Option<Seat>, card: ck::Good) -> bool {
    let pile = &state.castle;
    let own = seat.and_then(|s| pile.iter().rposition(|c| c.good == card && c.seat == s));
    match own.or_else(|| pile.iter().rposition(|c| c.good == card)) {
        Some(i) => {
            state.castle.remove(i);
            true
        }
        None => false,
    }
}

/// What Catania attaches to a fact of the layer.
fn follow_layer(state: &mut State, e: &ck::Event) {
    match *e {
        E::TurnEnded { .. } => {
            for s in &mut state.sailors {
                s.dev = s.dev.plus(s.dev_new);
                s.dev_new = DevCards::default();
            }
            state.dev_played = false;
            state.building = false;
            state.sea_mut().end_turn();
        }
        // A settlement may replace a landing place (spec D-35); its marker goes back to its owner.
        E::SettlementBuilt { vertex, .. } => {
            let sea = state.sea_mut();
            if let Some(i) = sea.landings.iter().position(|l| l.vertex == vertex) {
                let owner = sea.landings.remove(i).seat;
                let o = si(state, owner);
                state.sailors[o].landings_left = state.sailors[o].landings_left.saturating_add(1);
                recompute_road_owner(&mut state.ck, owner);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cities_knights::evolve::full_length;
    use crate::cities_knights::Event as K;
    use crate::playout::{Playout, RandomPlayer};

    /// The fold recounts a trade route only for the seats beside what an event changed: after every event of random
    /// games, at every seat count, each seat's length is still what a full recount of the board gives.
    #[test]
    fn route_lengths_are_a_full_recount_after_every_event() {
        // Events that change a corner (a building or a knight) or take pieces off, and so recount some seats only.
        let mut corner_events = 0;
        let mut routes = 0;
        for seats in 3..=6 {
            for seed in 0..6 {
                let config = Catania::random_config(seats, false);
                let (_, mut playout) = Playout::<Catania>::seeded(&config, seed).unwrap();
                let mut check = |step: &crate::playout::Step<'_, Catania>| {
                    let mut st = step.before.clone();
                    for e in step.events {
                        apply(&mut st, e);
                        corner_events += usize::from(matches!(
                            e,
                            Event::CornerCleared { .. }
                                | Event::ForceMoved { .. }
                                | Event::BuildingRuined { .. }
                                | Event::Ck(
                                    K::SettlementBuilt { .. }
                                        | K::KnightBuilt { .. }
                                        | K::KnightMoved { .. }
                                        | K::KnightDisplaced { .. }
                                        | K::KnightRetreated { .. }
                                        | K::KnightDeserted { .. }
                                )
                        ));
                        for seat in st.ck.seat_iter() {
                            let stored = st.ck.players[seat.index()].road_length;
                            assert_eq!(
                                stored,
                                full_length(&st.ck, seat),
                                "{seats} seats, seed {seed}, {seat:?} after {e:?}"
                            );
                            routes += usize::from(stored > 0);
                        }
                    }
                };
                while playout.step(&mut check).is_ok() {}
            }
        }
        assert!(corner_events > 1_000, "only {corner_events} corner events");
        assert!(routes > 100_000, "only {routes} routes counted");
    }
}
