//! `evolve`: fold one event into the state. Events are facts; this never fails and never draws randomness.
//!
//! Arithmetic saturates rather than panics and out-of-range seats are folded into range: an event stream from
//! `decide` never needs either, and a corrupt stream must not crash the process that folds it.

use super::*;
use crate::hex::{longest_road, route_length};

pub(super) fn evolve(mut state: State, event: &Event) -> State {
    apply(&mut state, event);
    state
}

fn pi(state: &State, seat: Seat) -> usize {
    seat.index().min(state.players.len().saturating_sub(1))
}

pub(crate) fn pay(state: &mut State, seat: Seat, cost: Hand) {
    let i = pi(state, seat);
    state.players[i].hand = state.players[i].hand.minus(cost);
    state.bank = state.bank.plus(cost);
}

pub(crate) fn take(state: &mut State, seat: Seat, got: Hand) {
    let i = pi(state, seat);
    state.players[i].hand = state.players[i].hand.plus(got);
    state.bank = state.bank.minus(got);
}

fn transfer(state: &mut State, from: Seat, to: Seat, cards: Hand) {
    let (f, t) = (pi(state, from), pi(state, to));
    state.players[f].hand = state.players[f].hand.minus(cards);
    state.players[t].hand = state.players[t].hand.plus(cards);
}

fn dec(x: &mut u8) {
    *x = x.saturating_sub(1);
}

/// Removes the first pending obligation of `seat` matching `kind`.
fn settle(state: &mut State, seat: Seat, kind: impl Fn(&Obligation) -> bool) {
    if let Some(i) = state
        .pending
        .iter()
        .position(|o| o.seat() == seat && kind(o))
    {
        state.pending.remove(i);
    }
}

/// Road lengths with knights cutting opponents' roads; recomputed after anything that can change them.
pub(crate) fn recompute_lengths(state: &mut State) {
    for s in 0..state.seats {
        recompute_length(state, Seat(s));
    }
}

/// The road length of `owner` alone, after a road of its was placed, built or removed: a length depends only on
/// the seat's own roads and on the other seats' buildings and knights, so no other seat's length can change (the
/// longest road search is the costliest step of folding an event). A seat out of range can only come from a
/// corrupt stream: every seat is recounted, as for any other change.
pub(crate) fn recompute_road_owner(state: &mut State, owner: Seat) {
    if owner.0 < state.seats {
        recompute_length(state, owner);
    } else {
        recompute_lengths(state);
    }
}

/// The road lengths a change at `corners` (a building or a knight placed, moved or removed there) can change: those
/// of the seats with a road or ship at one of them. A length reads the board only at the corners of the seat's own
/// pieces (whose building or knight cuts a route there, where its roads and ships meet), so every other seat's
/// stays what it was, and only the few seats next to the change pay for the longest route search.
pub(crate) fn recompute_lengths_at(state: &mut State, corners: &[VertexId]) {
    let t = state.board.topology();
    let mut mask = 0u64;
    for &v in corners {
        if v.index() >= t.vertex_count() {
            // Only a corrupt stream names a corner off the board: every seat is recounted.
            return recompute_lengths(state);
        }
        for &e in t.vertex_edges(v) {
            if let Some(o) = state.edges[e.index()].owner() {
                mask |= 1 << o.0.min(63);
            }
        }
    }
    recompute_seats(state, mask);
}

/// The road lengths of the seats in `mask` (bit `i` for seat `i`; a game has at most six).
pub(crate) fn recompute_seats(state: &mut State, mask: u64) {
    for s in 0..state.seats {
        if mask & (1 << s.min(63)) != 0 {
            recompute_length(state, Seat(s));
        }
    }
}

/// A seat's road length: its longest road, or on a board with ships its longest trade route (roads and ships
/// meeting at its buildings and landing places).
fn recompute_length(state: &mut State, seat: Seat) {
    state.players[seat.index()].road_length = full_length(state, seat);
}

/// `seat`'s road length counted from the board, whatever the state says.
pub(crate) fn full_length(state: &State, seat: Seat) -> u8 {
    let blockers = state.road_blockers(seat);
    match &state.sea {
        None => longest_road(&state.board, &blockers, &state.edges, seat),
        Some(sea) => route_length(&state.board, &blockers, &state.edges, seat, |v| {
            sea.junction(seat, v)
        }),
    }
}

fn put_under(state: &mut State, card: ProgressCard) {
    state.bottoms[card.track().index()].push(card);
}

fn remove_card(cards: &mut Vec<ProgressCard>, card: ProgressCard) {
    if let Some(i) = cards.iter().position(|&c| c == card) {
        cards.remove(i);
    }
}

fn knight_mut(state: &mut State, v: VertexId) -> Option<&mut Knight> {
    state.knights.get_mut(v.index()).and_then(Option::as_mut)
}

/// The opening moves on once a building's piece beside it is laid (a road; a scenario's ship): to the next step in
/// snake order, or to the first turn.
pub(crate) fn opening_step_done(state: &mut State) {
    if let Phase::PlaceRoad { index, .. } = state.phase {
        let next = index + 1;
        if next >= 2 * state.seats {
            // Seed: the seat that placed the last city begins; in snake order that is the first seat.
            state.phase = Phase::Roll;
            state.active = state.first;
            state.turn = 1;
        } else {
            state.phase = Phase::PlaceBuilding { index: next };
            state.active = state.placement_seat(next);
        }
    }
}

pub(crate) fn apply(state: &mut State, event: &Event) {
    // The negotiation folds its own facts (offers, answers, the end of a trade); the match folds everything else,
    // including the cards a completed trade moves. Anything else that happens while an offer is open is the active
    // seat's doing (the others only answer it), and stops every open offer and counter-offer binding (CK-TRADE-06).
    if let Some(step) = super::trade::step(event) {
        state.trade.apply(&step);
    } else {
        state.trade.unbind();
    }
    match *event {
        Event::SettlementPlaced { seat, vertex } | Event::CityPlaced { seat, vertex } => {
            let city = matches!(event, Event::CityPlaced { .. });
            state.vertices[vertex.index()] = if city {
                VertexPiece::city(seat)
            } else {
                VertexPiece::settlement(seat)
            };
            if let Phase::PlaceBuilding { index } = state.phase {
                state.phase = Phase::PlaceRoad { index, vertex };
            }
            recompute_lengths_at(state, &[vertex]);
        }
        Event::RoadPlaced { seat, edge } => {
            state.edges[edge.index()] = EdgePiece::road(seat);
            let i = pi(state, seat);
            dec(&mut state.players[i].roads_left);
            recompute_road_owner(state, seat);
            opening_step_done(state);
        }
        Event::StartingResourcesTaken { seat, resources } => {
            take(state, seat, Hand::of_resources(resources))
        }
        Event::DiceRolled { roll, .. } => {
            state.last_roll = Some(roll);
            if roll.event == EventDie::Ship {
                state.barbarians = state.barbarians.saturating_add(1);
            }
            state.roll = Some(PendingRoll {
                roll,
                attack_due: state.barbarians >= state.rules().barbarian_track_len,
                defence_called: false,
            });
            state.phase = Phase::Resolving;
        }
        Event::DefenceCalled { ref seats } => {
            if let Some(r) = &mut state.roll {
                r.defence_called = true;
            }
            for &seat in seats {
                state.pending.push(Obligation::CommitKnights { seat });
            }
        }
        Event::KnightsCommitted { seat, ref vertices } => {
            for &v in vertices {
                if let Some(k) = knight_mut(state, v) {
                    k.committed = true;
                }
            }
            settle(state, seat, |o| {
                matches!(o, Obligation::CommitKnights { .. })
            });
        }
        Event::BarbariansAttacked { ref result, .. } => {
            state.barbarians = 0;
            state.attacks = state.attacks.saturating_add(1);
            if let Some(r) = &mut state.roll {
                r.attack_due = false;
            }
            let negotiated = state.negotiated;
            for k in state.knights.iter_mut().flatten() {
                // Variant: only the knights that defended are turned back (seed, "Fisepeter-reglen").
                if !negotiated || k.committed {
                    k.active = false;
                }
                k.committed = false;
            }
            match result {
                AttackResult::CatanWon { defender, tied } => {
                    if let Some(d) = *defender {
                        let i = pi(state, d);
                        state.players[i].defender += 1;
                        dec(&mut state.defender_left);
                    }
                    let any_cards = state
                        .decks
                        .iter()
                        .chain(&state.bottoms)
                        .any(|d| !d.is_empty());
                    if any_cards {
                        for &seat in tied {
                            state.pending.push(Obligation::DrawProgressCard { seat });
                        }
                    }
                }
                AttackResult::BarbariansWon { losers } => {
                    for &seat in losers {
                        state.pending.push(Obligation::LoseCity { seat });
                    }
                }
            }
        }
        Event::CityLost { seat, vertex, wall } => {
            state.vertices[vertex.index()] = VertexPiece::settlement(seat);
            if wall {
                state.walls[vertex.index()] = false;
                let i = pi(state, seat);
                state.players[i].walls_left = state.players[i].walls_left.saturating_add(1);
            }
            settle(state, seat, |o| matches!(o, Obligation::LoseCity { .. }));
        }
        Event::ProgressCardDrawn { seat, track, card } => {
            let t = track.index();
            if state.decks[t].is_empty() {
                if !state.bottoms[t].is_empty() {
                    state.bottoms[t].remove(0);
                }
            } else {
                remove_card(&mut state.decks[t], card);
            }
            let active = state.active;
            let i = pi(state, seat);
            if card.is_victory_point() {
                state.players[i].vp_cards.push(card);
            } else {
                state.players[i].progress.push(card);
                // Seed: a fifth card that cannot be played at once (not your turn) goes straight back.
                if seat != active
                    && state.players[i].progress.len() > state.rules().progress_hand_max
                {
                    state.pending.push(Obligation::ReturnProgressCard { seat });
                }
            }
            settle(state, seat, |o| {
                matches!(o, Obligation::DrawProgressCard { .. })
            });
            // A tied defender owed a card when the last one is gone gets none (nothing left to choose from).
            if state.decks.iter().chain(&state.bottoms).all(Vec::is_empty) {
                state
                    .pending
                    .retain(|o| !matches!(o, Obligation::DrawProgressCard { .. }));
            }
        }
        Event::ProgressCardReturned { seat, card } => {
            let i = pi(state, seat);
            remove_card(&mut state.players[i].progress, card);
            put_under(state, card);
            settle(state, seat, |o| {
                matches!(o, Obligation::ReturnProgressCard { .. })
            });
        }
        Event::ResourcesProduced { ref gains, .. } => {
            for g in gains {
                take(state, g.seat, g.cards);
            }
            state.roll = None;
            state.phase = Phase::Main;
            // The aqueduct: a seat that got nothing from a production roll takes a resource of its choice.
            for s in 0..state.seats {
                let seat = Seat(s);
                let got = gains.iter().any(|g| g.seat == seat && !g.cards.is_empty());
                let bank_has = state.bank.resources.total() > 0;
                if !got && bank_has && state.players[seat.index()].improvements.science >= 3 {
                    state.pending.push(Obligation::AqueductResource { seat });
                }
            }
        }
        Event::SevenRolled { ref discards } => {
            for d in discards {
                state.pending.push(Obligation::Discard {
                    seat: d.seat,
                    count: d.count,
                });
            }
            state.roll = None;
            state.phase = if state.robber_in_play() {
                Phase::Robber
            } else {
                Phase::Main
            };
        }
        Event::DiscardsRequired { ref discards } => {
            for d in discards {
                state.pending.push(Obligation::Discard {
                    seat: d.seat,
                    count: d.count,
                });
            }
        }
        Event::Discarded { seat, cards } => {
            pay(state, seat, cards);
            settle(state, seat, |o| matches!(o, Obligation::Discard { .. }));
        }
        Event::RobberMoved { hex, .. } => {
            state.robber = hex;
            if state.phase == Phase::Robber {
                state.phase = Phase::Main;
            }
        }
        Event::CardStolen {
            thief,
            victim,
            good,
        } => transfer(state, victim, thief, Hand::one(good, 1)),
        Event::AqueductTaken { seat, resource } => {
            take(state, seat, Hand::of_resources(Resources::one(resource, 1)));
            settle(state, seat, |o| {
                matches!(o, Obligation::AqueductResource { .. })
            });
            // With the bank out of resources the remaining aqueduct claims have nothing to take.
            if state.bank.resources.total() == 0 {
                state
                    .pending
                    .retain(|o| !matches!(o, Obligation::AqueductResource { .. }));
            }
        }
        Event::RoadBuilt { seat, edge, free } => {
            state.edges[edge.index()] = EdgePiece::road(seat);
            let i = pi(state, seat);
            dec(&mut state.players[i].roads_left);
            if !free {
                pay(
                    state,
                    seat,
                    Hand::of_resources(state.rules().hex.costs.road),
                );
            }
            recompute_road_owner(state, seat);
        }
        Event::RoadRemoved { seat, edge } => {
            state.edges[edge.index()] = EdgePiece::EMPTY;
            let i = pi(state, seat);
            state.players[i].roads_left = state.players[i].roads_left.saturating_add(1);
            recompute_road_owner(state, seat);
        }
        Event::SettlementBuilt { seat, vertex } => {
            state.vertices[vertex.index()] = VertexPiece::settlement(seat);
            pay(
                state,
                seat,
                Hand::of_resources(state.rules().hex.costs.settlement),
            );
            recompute_lengths_at(state, &[vertex]);
        }
        Event::CityBuilt { seat, vertex, paid } => {
            state.vertices[vertex.index()] = VertexPiece::city(seat);
            pay(state, seat, Hand::of_resources(paid));
        }
        Event::CityWallBuilt { seat, vertex, free } => {
            state.walls[vertex.index()] = true;
            let i = pi(state, seat);
            dec(&mut state.players[i].walls_left);
            if !free {
                pay(state, seat, Hand::of_resources(state.rules().wall_cost));
            }
        }
        Event::KnightBuilt {
            seat,
            vertex,
            strength,
            free,
        } => {
            let s = usize::from(strength.clamp(1, 3) - 1);
            let i = pi(state, seat);
            dec(&mut state.players[i].knights_left[s]);
            state.knights[vertex.index()] = Some(Knight {
                seat,
                strength: strength.clamp(1, 3),
                active: false,
                fresh: false,
                promoted: false,
                committed: false,
            });
            if free {
                state.deserter_knight = None;
            } else {
                pay(state, seat, Hand::of_resources(state.rules().knight_cost));
            }
            recompute_lengths_at(state, &[vertex]);
        }
        Event::KnightActivated { seat, vertex, free } => {
            if let Some(k) = knight_mut(state, vertex) {
                k.active = true;
                k.fresh = true;
            }
            if !free {
                pay(state, seat, Hand::of_resources(state.rules().activate_cost));
            }
        }
        Event::KnightPromoted { seat, vertex, free } => {
            let i = pi(state, seat);
            if let Some(k) = state.knights[vertex.index()].as_mut() {
                let old = usize::from(k.strength.clamp(1, 2) - 1);
                k.strength = (k.strength + 1).min(3);
                k.promoted = true;
                let p = &mut state.players[i];
                p.knights_left[old] = p.knights_left[old].saturating_add(1);
                dec(&mut p.knights_left[old + 1]);
            }
            if !free {
                pay(state, seat, Hand::of_resources(state.rules().knight_cost));
            }
        }
        Event::KnightMoved { from, to, .. } => {
            let k = state.knights[from.index()].take();
            state.knights[to.index()] = k.map(|k| Knight { active: false, ..k });
            recompute_lengths_at(state, &[from, to]);
        }
        Event::KnightDisplaced {
            from, seat, vertex, ..
        } => {
            if let Some(k) = state.knights[vertex.index()].take() {
                state.pending.push(Obligation::Retreat {
                    seat,
                    from: vertex,
                    strength: k.strength,
                    active: k.active,
                });
            }
            if let Some(f) = from {
                let k = state.knights[f.index()].take();
                state.knights[vertex.index()] = k.map(|k| Knight { active: false, ..k });
            }
            match from {
                Some(f) => recompute_lengths_at(state, &[vertex, f]),
                None => recompute_lengths_at(state, &[vertex]),
            }
        }
        Event::KnightRetreated { seat, vertex } => {
            if let Some(i) = state
                .pending
                .iter()
                .position(|o| matches!(o, Obligation::Retreat { seat: s, .. } if *s == seat))
            {
                if let Obligation::Retreat {
                    strength, active, ..
                } = state.pending.remove(i)
                {
                    state.knights[vertex.index()] = Some(Knight {
                        seat,
                        strength,
                        active,
                        fresh: false,
                        promoted: false,
                        committed: false,
                    });
                }
            }
            recompute_lengths_at(state, &[vertex]);
        }
        Event::KnightLeftBoard { seat } => {
            if let Some(i) = state
                .pending
                .iter()
                .position(|o| matches!(o, Obligation::Retreat { seat: s, .. } if *s == seat))
            {
                if let Obligation::Retreat { strength, .. } = state.pending.remove(i) {
                    let p = pi(state, seat);
                    let s = usize::from(strength.clamp(1, 3) - 1);
                    let left = &mut state.players[p].knights_left[s];
                    *left = left.saturating_add(1);
                }
            }
        }
        Event::KnightDeserted {
            seat,
            vertex,
            strength,
            ..
        } => {
            state.knights[vertex.index()] = None;
            let p = pi(state, seat);
            let s = usize::from(strength.clamp(1, 3) - 1);
            state.players[p].knights_left[s] = state.players[p].knights_left[s].saturating_add(1);
            state.deserter_knight = Some(strength);
            settle(state, seat, |o| {
                matches!(o, Obligation::RemoveKnight { .. })
            });
            recompute_lengths_at(state, &[vertex]);
        }
        Event::RobberChased { knight, hex, .. } => {
            state.robber = hex;
            if let Some(k) = knight_mut(state, knight) {
                k.active = false;
            }
        }
        Event::CityImproved {
            seat,
            track,
            level,
            paid,
        } => {
            let i = pi(state, seat);
            *state.players[i].improvements.get_mut(track) = level.min(5);
            pay(state, seat, Hand::of_commodities(paid));
        }
        Event::MetropolisPlaced {
            seat,
            track,
            vertex,
            ..
        } => {
            state.metropolis[track.index()] = Some((seat, vertex));
        }
        Event::BankTraded {
            seat,
            give,
            give_count,
            receive,
        } => {
            pay(state, seat, Hand::one(give, give_count));
            take(state, seat, Hand::one(receive, 1));
        }
        Event::TradeOffered { .. }
        | Event::CounterOffered { .. }
        | Event::TradeRejected { .. }
        | Event::CounterOfferRejected { .. }
        | Event::TradeWithdrawn { .. } => {}
        Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        } => {
            transfer(state, active, partner, given);
            transfer(state, partner, active, received);
        }
        Event::ProgressCardPlayed { seat, card } => {
            let i = pi(state, seat);
            remove_card(&mut state.players[i].progress, card);
            put_under(state, card);
        }
        Event::CardsFromBank { seat, cards } => take(state, seat, cards),
        Event::CardsTransferred { from, to, cards } => transfer(state, from, to, cards),
        Event::CardsGiven { seat, to, cards } => {
            transfer(state, seat, to, cards);
            settle(state, seat, |o| matches!(o, Obligation::Give { .. }));
        }
        Event::CardsDemanded {
            to,
            ref demands,
            commodities_only,
        } => {
            for d in demands {
                state.pending.push(Obligation::Give {
                    seat: d.seat,
                    to,
                    count: d.count,
                    commodities_only,
                });
            }
        }
        Event::NumbersSwapped { first, second } => {
            let hexes = state.board.topology().hex_count();
            if first.index() < hexes && second.index() < hexes {
                let (na, nb) = (state.board.number(first), state.board.number(second));
                // The inventor is the one card that changes the board: a new one with the two numbers swapped.
                if let Some(board) = state.board.with_numbers(&[(first, nb), (second, na)]) {
                    state.board = BoardRef(Arc::new(board));
                }
            }
        }
        Event::MerchantPlaced { seat, hex } => state.merchant = Some((seat, hex)),
        Event::MerchantFleetChosen { good, .. } => state.merchant_fleet = Some(good),
        Event::KnightRemovalDemanded { seat, to } => {
            state.pending.push(Obligation::RemoveKnight { seat, to })
        }
        Event::HandRevealed {
            seat,
            victim,
            count,
        } => {
            if count > 0 {
                state.pending.push(Obligation::TakeCards {
                    seat,
                    from: victim,
                    count,
                });
            }
        }
        Event::ProgressCardsRevealed { seat, victim } => state
            .pending
            .push(Obligation::TakeProgressCard { seat, from: victim }),
        Event::ProgressCardTaken { seat, victim, card } => {
            let v = pi(state, victim);
            remove_card(&mut state.players[v].progress, card);
            let s = pi(state, seat);
            state.players[s].progress.push(card);
            settle(state, seat, |o| {
                matches!(o, Obligation::TakeProgressCard { .. })
            });
        }
        Event::CardsTaken {
            seat,
            victim,
            cards,
        } => {
            transfer(state, victim, seat, cards);
            settle(state, seat, |o| matches!(o, Obligation::TakeCards { .. }));
        }
        Event::LongestRoadChanged { holder, .. } => state.longest_road = holder,
        Event::TurnEnded { next, .. } => {
            state.active = next;
            state.phase = Phase::Roll;
            state.turn = state.turn.saturating_add(1);
            for k in state.knights.iter_mut().flatten() {
                k.fresh = false;
                k.promoted = false;
            }
            state.trade.end_turn();
            state.deserter_knight = None;
            state.merchant_fleet = None;
        }
        Event::GameWon { seat, .. } => state.phase = Phase::Ended { winner: seat },
    }
}
