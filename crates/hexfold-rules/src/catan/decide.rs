//! `decide`: check a command against the state and return the events that follow.
//!
//! Every check happens before any event is produced, so a refused command emits nothing. Random outcomes (dice,
//! the stolen card, the drawn development card) are drawn here and written into the events.

use super::trade::decide as trade;
use super::*;
use crate::hex::trade::TradeCommand;
use crate::hex::{
    afford, check_edge, check_seat, check_vertex, city_site, discard_owed, has_won,
    longest_road_change, opening_road_site, piece_left, require_active, road_building,
    road_lengths_after, road_site, robber_move, roll_production, settlement_site, site, EdgeId,
    Terms, VertexId,
};
use rand::Rng;
use Violation::*;

pub(super) fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>, Violation> {
    if let Phase::Ended { .. } = state.phase {
        return Err(GameOver);
    }
    check_seat(state.seats, actor)?;
    let mut ev = Vec::new();
    match *command {
        Command::RollDice => roll(state, actor, rng, &mut ev)?,
        Command::PlaceSettlement { vertex } => {
            let Phase::PlaceSettlement { index } = state.phase else {
                return Err(WrongPhase);
            };
            require_active(state.active, actor)?;
            let v = check_vertex(&state.board, vertex)?;
            settlement_site_ok(state, v)?;
            ev.push(Event::SettlementPlaced {
                seat: actor,
                vertex: v,
            });
            if index >= state.seats {
                // Seed line 19: one card per terrain next to the second settlement, from the supply.
                let got = crate::hex::starting_resources(&state.board, v);
                if !got.is_empty() {
                    ev.push(Event::StartingResourcesTaken {
                        seat: actor,
                        resources: got,
                    });
                }
            }
        }
        Command::PlaceRoad { edge } => {
            let Phase::PlaceRoad { settlement, .. } = state.phase else {
                return Err(WrongPhase);
            };
            require_active(state.active, actor)?;
            let e = check_edge(&state.board, edge)?;
            opening_road_site(state.table(), settlement, e)?;
            ev.push(Event::RoadPlaced {
                seat: actor,
                edge: e,
            });
        }
        Command::Discard { resources } => {
            if state.phase != Phase::Discard {
                return Err(WrongPhase);
            }
            let p = &state.players[actor.index()];
            if p.discard_owed == 0 {
                return Err(NoDiscardOwed);
            }
            if !p.hand.contains(resources) {
                return Err(ResourcesNotHeld);
            }
            if resources.total() != u16::from(p.discard_owed) {
                return Err(WrongDiscardCount);
            }
            ev.push(Event::Discarded {
                seat: actor,
                resources,
            });
        }
        Command::MoveRobber { hex, victim } => {
            if state.phase != Phase::Robber {
                return Err(WrongPhase);
            }
            require_active(state.active, actor)?;
            let h = robber_move(state.table(), actor, hex, victim, |s| {
                state.players[s.index()].hand.total() > 0
            })?;
            ev.push(Event::RobberMoved {
                seat: actor,
                hex: h,
            });
            // A victim holding nothing may be named (BASE-ROBBER-04); the steal then takes nothing.
            let victim = victim.map(|v| (v, state.players[v.index()].hand));
            if let Some((v, hand)) = victim.filter(|(_, hand)| hand.total() > 0) {
                let k = rng.gen_range(0..hand.total());
                let resource = hand.nth_card(k).expect("k is below the hand's total");
                ev.push(Event::ResourceStolen {
                    thief: actor,
                    victim: v,
                    resource,
                });
            }
        }
        Command::BuildRoad { edge } => {
            main_phase(state, actor)?;
            let e = check_edge(&state.board, edge)?;
            road_site_ok(state, &state.edges, actor, e)?;
            let p = &state.players[actor.index()];
            piece_left(p.roads_left)?;
            afford(p.hand, RULES.costs.road)?;
            ev.push(Event::RoadBuilt {
                seat: actor,
                edge: e,
                free: false,
            });
            let mut edges = state.edges.clone();
            edges[e.index()] = EdgePiece::road(actor);
            longest_road_after(state, &state.vertices, &edges, 1 << actor.0, &mut ev);
        }
        Command::BuildSettlement { vertex } => {
            main_phase(state, actor)?;
            let v = check_vertex(&state.board, vertex)?;
            settlement_site(state.table(), false, actor, v)?;
            let p = &state.players[actor.index()];
            piece_left(p.settlements_left)?;
            afford(p.hand, RULES.costs.settlement)?;
            ev.push(Event::SettlementBuilt {
                seat: actor,
                vertex: v,
            });
            let mut vertices = state.vertices.clone();
            vertices[v.index()] = VertexPiece::settlement(actor);
            longest_road_after(
                state,
                &vertices,
                &state.edges,
                roads_cut_by(state, v, actor),
                &mut ev,
            );
        }
        Command::BuildCity { vertex } => {
            main_phase(state, actor)?;
            let v = check_vertex(&state.board, vertex)?;
            city_site(&state.vertices, actor, v)?;
            let p = &state.players[actor.index()];
            piece_left(p.cities_left)?;
            afford(p.hand, RULES.costs.city)?;
            ev.push(Event::CityBuilt {
                seat: actor,
                vertex: v,
            });
        }
        Command::BuyDevelopmentCard => {
            main_phase(state, actor)?;
            if state.deck.total() == 0 {
                return Err(DeckEmpty);
            }
            afford(state.players[actor.index()].hand, DEV_CARD_COST)?;
            let Some(card) = state.deck.draw(rng) else {
                return Err(DeckEmpty);
            };
            ev.push(Event::DevelopmentCardBought { seat: actor, card });
        }
        Command::PlayKnight => {
            if !matches!(state.phase, Phase::Roll | Phase::Main) {
                return Err(WrongPhase);
            }
            require_active(state.active, actor)?;
            card_playable(state, actor, DevCard::Knight)?;
            ev.push(Event::KnightPlayed { seat: actor });
            let knights = state.players[actor.index()].knights + 1;
            let beats = match state.largest_army {
                None => true,
                Some(h) => h != actor && knights > state.players[h.index()].knights,
            };
            if knights >= 3 && beats {
                ev.push(Event::LargestArmyChanged {
                    holder: actor,
                    knights,
                });
            }
        }
        Command::PlayRoadBuilding { first, second } => {
            progress_phase(state, actor)?;
            card_playable(state, actor, DevCard::RoadBuilding)?;
            let (first, second, edges) = road_building(
                &state.board,
                &state.vertices,
                &state.edges,
                actor,
                state.players[actor.index()].roads_left,
                first,
                second,
            )?;
            ev.push(Event::RoadBuildingPlayed { seat: actor });
            for edge in std::iter::once(first).chain(second) {
                ev.push(Event::RoadBuilt {
                    seat: actor,
                    edge,
                    free: true,
                });
            }
            longest_road_after(state, &state.vertices, &edges, 1 << actor.0, &mut ev);
        }
        Command::PlayYearOfPlenty { first, second } => {
            progress_phase(state, actor)?;
            card_playable(state, actor, DevCard::YearOfPlenty)?;
            let want = Resources::one(first, 1).plus(Resources::one(second, 1));
            if !state.bank.contains(want) {
                return Err(BankLacks);
            }
            ev.push(Event::YearOfPlentyPlayed {
                seat: actor,
                first,
                second,
            });
        }
        Command::PlayMonopoly { resource } => {
            progress_phase(state, actor)?;
            card_playable(state, actor, DevCard::Monopoly)?;
            let taken = state
                .seat_iter()
                .filter(|&s| s != actor)
                .map(|s| SeatCount {
                    seat: s,
                    count: state.players[s.index()].hand.get(resource),
                })
                .filter(|sc| sc.count > 0)
                .collect();
            ev.push(Event::MonopolyPlayed {
                seat: actor,
                resource,
                taken,
            });
        }
        Command::MaritimeTrade { give, receive } => {
            main_phase(state, actor)?;
            ev.push(super::trade::maritime(state, actor, give, receive)?);
        }
        Command::OfferTrade { give, receive } => ev.push(trade(
            state,
            actor,
            TradeCommand::Offer(Terms { give, receive }),
        )?),
        Command::CounterOffer { give, receive } => ev.push(trade(
            state,
            actor,
            TradeCommand::Counter(Terms { give, receive }),
        )?),
        Command::AcceptTrade => ev.push(trade(state, actor, TradeCommand::Accept)?),
        Command::RejectTrade => ev.push(trade(state, actor, TradeCommand::Reject)?),
        Command::AcceptCounterOffer { seat } => {
            ev.push(trade(state, actor, TradeCommand::AcceptCounter(seat))?)
        }
        Command::RejectCounterOffer { seat } => {
            ev.push(trade(state, actor, TradeCommand::RejectCounter(seat))?)
        }
        Command::WithdrawTrade => ev.push(trade(state, actor, TradeCommand::Withdraw)?),
        Command::EndTurn => {
            main_phase(state, actor)?;
            let next = state.next_seat(actor);
            ev.push(Event::TurnEnded { seat: actor, next });
            // Seed line 69: points reached outside your turn win at the start of your next turn.
            let pts = state.points(next);
            if has_won(false, pts.into(), state.points_to_win) {
                ev.push(won(state, next, pts, 0));
            }
            return Ok(ev);
        }
    }
    check_win(state, &mut ev);
    Ok(ev)
}

fn roll(
    state: &State,
    actor: Seat,
    rng: &mut GameRng,
    ev: &mut Vec<Event>,
) -> Result<(), Violation> {
    match state.phase {
        Phase::StartingRoll => {
            let p = &state.players[actor.index()];
            if !p.start_pending || p.start_roll.is_some() {
                return Err(NotYourTurn);
            }
            let dice = Dice::roll(rng);
            ev.push(Event::StartingRollMade { seat: actor, dice });
            let waiting = state.seat_iter().any(|s| {
                s != actor
                    && state.players[s.index()].start_pending
                    && state.players[s.index()].start_roll.is_none()
            });
            if !waiting {
                let roll_of = |s: Seat| {
                    if s == actor {
                        Some(dice.sum())
                    } else {
                        state.players[s.index()].start_roll
                    }
                };
                let rolls: Vec<(Seat, u8)> = state
                    .seat_iter()
                    .filter(|&s| state.players[s.index()].start_pending)
                    .filter_map(|s| roll_of(s).map(|r| (s, r)))
                    .collect();
                let max = rolls.iter().map(|&(_, r)| r).max().unwrap_or(0);
                let top: Vec<Seat> = rolls
                    .iter()
                    .filter(|&&(_, r)| r == max)
                    .map(|&(s, _)| s)
                    .collect();
                if top.len() == 1 {
                    ev.push(Event::StartingPlayerChosen { seat: top[0] });
                } else {
                    ev.push(Event::StartingRollTied { seats: top });
                }
            }
            Ok(())
        }
        Phase::Roll => {
            require_active(state.active, actor)?;
            let dice = Dice::roll(rng);
            ev.push(Event::DiceRolled { seat: actor, dice });
            if dice.sum() == 7 {
                let discards: Vec<SeatCount> = state
                    .seat_iter()
                    .filter_map(|s| {
                        let count =
                            discard_owed(state.players[s.index()].hand.total(), RULES.hand_limit)?;
                        Some(SeatCount { seat: s, count })
                    })
                    .collect();
                if !discards.is_empty() {
                    ev.push(Event::DiscardsRequired { discards });
                }
            } else {
                ev.push(produce(state, dice.sum()));
            }
            Ok(())
        }
        _ => Err(WrongPhase),
    }
}

/// Production for `roll` with the seed's bank rule (line 71): if the bank cannot pay everyone their share of a
/// resource, nobody gets that resource this turn. A settlement yields one card, a city two.
fn produce(state: &State, roll: u8) -> Event {
    let yields = roll_production(
        state.table(),
        roll,
        state.bank,
        |hand: &mut Resources, r, _, piece| {
            let slot = hand.get_mut(r);
            *slot = slot.saturating_add(piece.yield_count());
        },
        |hand, r| hand.get_mut(r),
    );
    Event::ResourcesProduced {
        gains: yields
            .gains()
            .map(|(seat, resources)| SeatResources { seat, resources })
            .collect(),
        withheld: yields.withheld,
    }
}

fn main_phase(state: &State, actor: Seat) -> Result<(), Violation> {
    if state.phase != Phase::Main {
        return Err(WrongPhase);
    }
    Ok(require_active(state.active, actor)?)
}

/// Development cards are played by the active seat at any time of its turn, even before the roll (official
/// rule, see BASE-DEV-05), but not while discards or the robber are pending.
fn progress_phase(state: &State, actor: Seat) -> Result<(), Violation> {
    match state.phase {
        Phase::Main | Phase::Roll => Ok(require_active(state.active, actor)?),
        _ => Err(WrongPhase),
    }
}

fn card_playable(state: &State, actor: Seat, card: DevCard) -> Result<(), Violation> {
    let p = &state.players[actor.index()];
    if state.dev_played {
        return Err(OneCardPerTurn);
    }
    if p.dev.get(card) > 0 {
        Ok(())
    } else if p.dev_new.get(card) > 0 {
        Err(CardBoughtThisTurn)
    } else {
        Err(NoSuchCard)
    }
}

/// A free vertex whose neighbours are all free (seed lines 40, 76).
pub(super) fn settlement_site_ok(state: &State, v: VertexId) -> Result<(), Violation> {
    Ok(site(&state.board, &state.vertices, false, v)?)
}

/// A free edge touching the seat's building, or the seat's road at a corner not held by an opponent (seed line
/// 37; official rule: a road does not connect through another player's settlement).
pub(super) fn road_site_ok(
    state: &State,
    edges: &[EdgePiece],
    seat: Seat,
    e: EdgeId,
) -> Result<(), Violation> {
    Ok(road_site(&state.board, &state.vertices, edges, seat, e)?)
}

/// Appends a `LongestRoadChanged` event if the card moves once `vertices`/`edges` replace the state's pieces.
/// Only the seats in `affected` (bit mask) can have a new road length; the others keep theirs.
fn longest_road_after(
    state: &State,
    vertices: &[VertexPiece],
    edges: &[EdgePiece],
    affected: u8,
    ev: &mut Vec<Event>,
) {
    let n = usize::from(state.seats);
    let mut old = [0u8; 8];
    for (len, p) in old.iter_mut().zip(&state.players) {
        *len = p.road_length;
    }
    let lengths = road_lengths_after(&state.board, vertices, edges, &old[..n], affected);
    if let Some((holder, length)) =
        longest_road_change(state.longest_road, &old[..n], &lengths[..n])
    {
        ev.push(Event::LongestRoadChanged { holder, length });
    }
}

/// Seats other than `builder` with a road ending at `v`: the only ones a new settlement at `v` can cut.
pub(crate) fn roads_cut_by(state: &State, v: VertexId, builder: Seat) -> u8 {
    let mut mask = 0u8;
    for &e in state.board.topology().vertex_edges(v) {
        if let Some(s) = state.edges[e.index()].owner() {
            if s != builder {
                mask |= 1 << s.0;
            }
        }
    }
    mask
}

/// Appends `GameWon` if the active seat has reached the target after these events (seed lines 3, 65).
fn check_win(state: &State, ev: &mut Vec<Event>) {
    let opening = matches!(
        state.phase,
        Phase::StartingRoll | Phase::PlaceSettlement { .. } | Phase::PlaceRoad { .. }
    );
    if opening {
        return;
    }
    let seat = state.active;
    let mut pts = i16::from(state.points(seat));
    let mut road = state.longest_road;
    let mut army = state.largest_army;
    let mut new_vp_cards = 0;
    for e in ev.iter() {
        match *e {
            Event::SettlementBuilt { seat: s, .. } | Event::CityBuilt { seat: s, .. }
                if s == seat =>
            {
                pts += 1
            }
            Event::DevelopmentCardBought {
                seat: s,
                card: DevCard::VictoryPoint,
            } if s == seat => {
                pts += 1;
                new_vp_cards += 1;
            }
            Event::LongestRoadChanged { holder, .. } => {
                if road == Some(seat) {
                    pts -= 2;
                }
                if holder == Some(seat) {
                    pts += 2;
                }
                road = holder;
            }
            Event::LargestArmyChanged { holder, .. } => {
                if army == Some(seat) {
                    pts -= 2;
                }
                if holder == seat {
                    pts += 2;
                }
                army = Some(holder);
            }
            _ => {}
        }
    }
    if has_won(opening, pts, state.points_to_win) {
        ev.push(won(state, seat, pts as u8, new_vp_cards));
    }
}

/// The winning event. `new_vp_cards`: victory point cards the winner drew in the winning command itself, which
/// are not in `state` yet.
fn won(state: &State, seat: Seat, points: u8, new_vp_cards: u8) -> Event {
    let victory_point_cards = state
        .seat_iter()
        .map(|s| {
            let extra = if s == seat { new_vp_cards } else { 0 };
            SeatCount {
                seat: s,
                count: state.players[s.index()].vp_cards() + extra,
            }
        })
        .collect();
    Event::GameWon {
        seat,
        points,
        victory_point_cards,
    }
}
