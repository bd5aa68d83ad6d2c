//! Playing progress cards: every card of the three official decks (the seed names the alchemist and the merchant;
//! the other effects are the official card texts, see docs/rules/cities_knights.md, CK-PROG-05).

use super::decide::{
    check_edge, check_hex, check_vertex, city_upgrade_ok, improve, main, promote_ok,
    require_active, road_site_ok, roll_event_die, steal, wall_ok, Host,
};
use super::*;
use crate::hex::{robber_may_move, robber_victims, Resource};
use Violation::*;

/// The card a play uses.
pub fn card_of(play: &ProgressPlay) -> ProgressCard {
    use ProgressCard as C;
    match play {
        ProgressPlay::Alchemist { .. } => C::Alchemist,
        ProgressPlay::Crane { .. } => C::Crane,
        ProgressPlay::Engineer { .. } => C::Engineer,
        ProgressPlay::Inventor { .. } => C::Inventor,
        ProgressPlay::Irrigation => C::Irrigation,
        ProgressPlay::Medicine { .. } => C::Medicine,
        ProgressPlay::Mining => C::Mining,
        ProgressPlay::RoadBuilding { .. } => C::RoadBuilding,
        ProgressPlay::Smith { .. } => C::Smith,
        ProgressPlay::CommercialHarbor { .. } => C::CommercialHarbor,
        ProgressPlay::MasterMerchant { .. } => C::MasterMerchant,
        ProgressPlay::Merchant { .. } => C::Merchant,
        ProgressPlay::MerchantFleet { .. } => C::MerchantFleet,
        ProgressPlay::ResourceMonopoly { .. } => C::ResourceMonopoly,
        ProgressPlay::TradeMonopoly { .. } => C::TradeMonopoly,
        ProgressPlay::Bishop { .. } => C::Bishop,
        ProgressPlay::Deserter { .. } => C::Deserter,
        ProgressPlay::Diplomat { .. } => C::Diplomat,
        ProgressPlay::Intrigue { .. } => C::Intrigue,
        ProgressPlay::Saboteur => C::Saboteur,
        ProgressPlay::Spy { .. } => C::Spy,
        ProgressPlay::Warlord => C::Warlord,
        ProgressPlay::Wedding => C::Wedding,
    }
}

fn other_seat(st: &State, actor: Seat, victim: Seat) -> Result<(), Violation> {
    if victim.0 >= st.seats {
        return Err(NoSuchSeat);
    }
    if victim == actor {
        return Err(InvalidCardTarget);
    }
    Ok(())
}

/// Whether `actor` may play `card` now: the alchemist before the roll, every other card after it, as many as you
/// like (seed), and only a card in hand.
pub(crate) fn playable(st: &State, actor: Seat, card: ProgressCard) -> Result<(), Violation> {
    if card == ProgressCard::Alchemist {
        if st.phase != Phase::Roll {
            return Err(if st.phase == Phase::Main {
                AlchemistOnlyBeforeRoll
            } else {
                WrongPhase
            });
        }
        require_active(st, actor)?;
        if !st.pending.is_empty() {
            return Err(ObligationsPending);
        }
    } else if st.phase == Phase::Roll {
        require_active(st, actor)?;
        return Err(ProgressAfterRoll);
    } else {
        main(st, actor)?;
    }
    if !st.players[actor.index()].progress.contains(&card) {
        return Err(NoSuchProgressCard);
    }
    Ok(())
}

pub(super) fn play(
    st: &State,
    c: &mut impl Host,
    actor: Seat,
    play: &ProgressPlay,
    rng: &mut GameRng,
) -> Result<(), Violation> {
    let card = card_of(play);
    playable(st, actor, card)?;
    let played = Event::ProgressCardPlayed { seat: actor, card };
    match *play {
        ProgressPlay::Alchemist { white, red } => {
            if !(1..=6).contains(&white) || !(1..=6).contains(&red) {
                return Err(InvalidDice);
            }
            c.emit(played);
            let event = roll_event_die(rng);
            c.emit(Event::DiceRolled {
                seat: actor,
                roll: Roll { white, red, event },
                alchemist: true,
            });
        }
        ProgressPlay::Crane { track, metropolis } => {
            super::decide::improve_ok(st, actor, track, 1)?;
            c.emit(played);
            // The crane's discount applies to the state before the card left the hand; the hand is unchanged
            // apart from the card, so the check above still holds.
            let snapshot = c.state().clone();
            improve(&snapshot, c, actor, track, 1, metropolis)?;
        }
        ProgressPlay::Engineer { vertex } => {
            let v = check_vertex(st, vertex)?;
            wall_ok(st, actor, v)?;
            c.emit(played);
            c.emit(Event::CityWallBuilt {
                seat: actor,
                vertex: v,
                free: true,
            });
        }
        ProgressPlay::Inventor { first, second } => {
            let a = check_hex(st, first)?;
            let b = check_hex(st, second)?;
            let ok = |h: HexId| st.board.number(h).is_some_and(swappable);
            if a == b || !ok(a) || !ok(b) {
                return Err(InvalidNumberSwap);
            }
            c.emit(played);
            c.emit(Event::NumbersSwapped {
                first: a,
                second: b,
            });
        }
        ProgressPlay::Irrigation | ProgressPlay::Mining => {
            let (terrain, r) = if card == ProgressCard::Irrigation {
                (Terrain::Fields, Resource::Grain)
            } else {
                (Terrain::Mountains, Resource::Ore)
            };
            let want = 2 * super::decide::resource_hex_count(st, actor, terrain);
            let n = want.min(st.bank.resources.get(r));
            c.emit(played);
            if n > 0 {
                c.emit(Event::CardsFromBank {
                    seat: actor,
                    cards: Hand::of_resources(Resources::one(r, n)),
                });
            }
        }
        ProgressPlay::Medicine { vertex } => {
            let v = check_vertex(st, vertex)?;
            city_upgrade_ok(st, actor, v, MEDICINE_CITY_COST)?;
            c.emit(played);
            c.emit(Event::CityBuilt {
                seat: actor,
                vertex: v,
                paid: MEDICINE_CITY_COST,
            });
        }
        ProgressPlay::RoadBuilding { first, second } => {
            let (first, second, _) = crate::hex::road_building(
                &st.board,
                &st.road_blockers(actor),
                &st.edges,
                actor,
                st.players[actor.index()].roads_left,
                first,
                second,
            )?;
            c.emit(played);
            for e in std::iter::once(first).chain(second) {
                c.emit(Event::RoadBuilt {
                    seat: actor,
                    edge: e,
                    free: true,
                });
            }
        }
        ProgressPlay::Smith { first, second } => {
            let a = check_vertex(st, first)?;
            promote_ok(st, actor, a)?;
            let b = match second {
                Some(b) => {
                    let b = check_vertex(st, b)?;
                    if b == a {
                        return Err(InvalidCardTarget);
                    }
                    promote_ok(st, actor, b)?;
                    // Two promotions to the same strength need two pieces of the next strength.
                    let (ka, kb) = (st.knights[a.index()], st.knights[b.index()]);
                    if let (Some(ka), Some(kb)) = (ka, kb) {
                        if ka.strength == kb.strength
                            && st.players[actor.index()].knights_left[usize::from(ka.strength)] < 2
                        {
                            return Err(NoPiecesLeft);
                        }
                    }
                    Some(b)
                }
                None => None,
            };
            c.emit(played);
            for v in std::iter::once(a).chain(b) {
                c.emit(Event::KnightPromoted {
                    seat: actor,
                    vertex: v,
                    free: true,
                });
            }
        }
        ProgressPlay::CommercialHarbor { ref offers } => {
            let mut total = Resources::ZERO;
            let mut seen = Vec::new();
            for o in offers {
                other_seat(st, actor, o.seat)?;
                if seen.contains(&o.seat) {
                    return Err(InvalidCardTarget);
                }
                seen.push(o.seat);
                *total.get_mut(o.resource) += 1;
            }
            if !st.players[actor.index()].hand.resources.contains(total) {
                return Err(CardsNotHeld);
            }
            c.emit(played);
            let mut demands = Vec::new();
            for o in offers {
                // An opponent without commodities neither gives nor receives (official card text).
                if st.players[o.seat.index()].hand.commodities.total() > 0 {
                    c.emit(Event::CardsTransferred {
                        from: actor,
                        to: o.seat,
                        cards: Hand::of_resources(Resources::one(o.resource, 1)),
                    });
                    demands.push(SeatCount {
                        seat: o.seat,
                        count: 1,
                    });
                }
            }
            if !demands.is_empty() {
                c.emit(Event::CardsDemanded {
                    to: actor,
                    demands,
                    commodities_only: true,
                });
            }
        }
        ProgressPlay::MasterMerchant { victim } => {
            other_seat(st, actor, victim)?;
            if st.points(victim) <= st.points(actor) {
                return Err(InvalidCardTarget);
            }
            let count = st.players[victim.index()].hand.total().min(2) as u8;
            c.emit(played);
            c.emit(Event::HandRevealed {
                seat: actor,
                victim,
                count,
            });
        }
        ProgressPlay::Merchant { hex } => {
            let h = check_hex(st, hex)?;
            let near = st
                .board
                .topology()
                .hex_vertices(h)
                .iter()
                .any(|v| st.vertices[v.index()].owner() == Some(actor));
            if !near || st.board.terrain(h).resource().is_none() {
                return Err(InvalidCardTarget);
            }
            c.emit(played);
            c.emit(Event::MerchantPlaced {
                seat: actor,
                hex: h,
            });
        }
        ProgressPlay::MerchantFleet { good } => {
            c.emit(played);
            c.emit(Event::MerchantFleetChosen { seat: actor, good });
        }
        ProgressPlay::ResourceMonopoly { resource } => {
            c.emit(played);
            for s in st.seat_iter().filter(|&s| s != actor) {
                let n = st.players[s.index()].hand.resources.get(resource).min(2);
                if n > 0 {
                    c.emit(Event::CardsTransferred {
                        from: s,
                        to: actor,
                        cards: Hand::of_resources(Resources::one(resource, n)),
                    });
                }
            }
        }
        ProgressPlay::TradeMonopoly { commodity } => {
            c.emit(played);
            for s in st.seat_iter().filter(|&s| s != actor) {
                if st.players[s.index()].hand.commodities.get(commodity) > 0 {
                    c.emit(Event::CardsTransferred {
                        from: s,
                        to: actor,
                        cards: Hand::of_commodities(Commodities::one(commodity, 1)),
                    });
                }
            }
        }
        ProgressPlay::Bishop { hex } => {
            if !st.robber_in_play() {
                return Err(RobberNotInPlay);
            }
            let h = check_hex(st, hex)?;
            if !robber_may_move(&st.board, st.robber, h) {
                return Err(RobberMustMove);
            }
            c.emit(played);
            c.emit(Event::RobberMoved {
                seat: actor,
                hex: h,
            });
            let mask = robber_victims(&st.board, &st.vertices, h, actor);
            for s in st.seat_iter().filter(|s| mask & (1 << s.0) != 0) {
                steal(c, actor, s, rng);
            }
        }
        ProgressPlay::Deserter { victim } => {
            other_seat(st, actor, victim)?;
            if !st.knights.iter().flatten().any(|k| k.seat == victim) {
                return Err(InvalidCardTarget);
            }
            c.emit(played);
            c.emit(Event::KnightRemovalDemanded {
                seat: victim,
                to: actor,
            });
        }
        ProgressPlay::Diplomat { edge, relocate } => {
            let e = check_edge(st, edge)?;
            let Some(owner) = st.edges[e.index()].owner() else {
                return Err(NotAnOpenRoad);
            };
            if !is_open_road(st, owner, e) {
                return Err(NotAnOpenRoad);
            }
            let mut edges = st.edges.clone();
            edges[e.index()] = EdgePiece::EMPTY;
            if let Some(r) = relocate {
                let r = check_edge(st, r)?;
                if owner != actor || r == e {
                    return Err(InvalidCardTarget);
                }
                road_site_ok(st, &edges, actor, r)?;
            }
            c.emit(played);
            c.emit(Event::RoadRemoved {
                seat: owner,
                edge: e,
            });
            if let Some(r) = relocate {
                c.emit(Event::RoadBuilt {
                    seat: actor,
                    edge: r,
                    free: true,
                });
            }
        }
        ProgressPlay::Intrigue { vertex } => {
            let v = check_vertex(st, vertex)?;
            let Some(k) = st.knights[v.index()] else {
                return Err(InvalidCardTarget);
            };
            if k.seat == actor || !super::decide::touches_own_road(st, actor, v) {
                return Err(InvalidCardTarget);
            }
            c.emit(played);
            c.emit(Event::KnightDisplaced {
                by: actor,
                from: None,
                seat: k.seat,
                vertex: v,
            });
        }
        ProgressPlay::Saboteur => {
            let mine = st.points(actor);
            let discards: Vec<SeatCount> = st
                .seat_iter()
                .filter(|&s| s != actor && st.points(s) >= mine)
                .filter_map(|s| {
                    let n = st.players[s.index()].hand.total() / 2;
                    (n > 0).then_some(SeatCount {
                        seat: s,
                        count: n as u8,
                    })
                })
                .collect();
            c.emit(played);
            if !discards.is_empty() {
                c.emit(Event::DiscardsRequired { discards });
            }
        }
        ProgressPlay::Spy { victim } => {
            other_seat(st, actor, victim)?;
            if st.players[victim.index()].progress.is_empty() {
                return Err(InvalidCardTarget);
            }
            c.emit(played);
            c.emit(Event::ProgressCardsRevealed {
                seat: actor,
                victim,
            });
        }
        ProgressPlay::Warlord => {
            c.emit(played);
            let t = st.board.topology();
            for v in t.vertices() {
                if matches!(st.knights[v.index()], Some(k) if k.seat == actor && !k.active) {
                    c.emit(Event::KnightActivated {
                        seat: actor,
                        vertex: v,
                        free: true,
                    });
                }
            }
        }
        ProgressPlay::Wedding => {
            let mine = st.points(actor);
            let demands: Vec<SeatCount> = st
                .seat_iter()
                .filter(|&s| s != actor && st.points(s) > mine)
                .filter_map(|s| {
                    let n = st.players[s.index()].hand.total().min(2);
                    (n > 0).then_some(SeatCount {
                        seat: s,
                        count: n as u8,
                    })
                })
                .collect();
            c.emit(played);
            if !demands.is_empty() {
                c.emit(Event::CardsDemanded {
                    to: actor,
                    demands,
                    commodities_only: false,
                });
            }
        }
    }
    Ok(())
}

/// Whether the inventor may move a number token: not 2, 6, 8 or 12 (official card text), nor a special hex's 7
/// (which no Cities & Knights board has).
pub(crate) fn swappable(n: u8) -> bool {
    !matches!(n, 2 | 6 | 7 | 8 | 12)
}

/// An open road: at one of its ends the owner has neither another road nor a building nor a knight (official
/// diplomat text).
pub(crate) fn is_open_road(st: &State, owner: Seat, e: crate::hex::EdgeId) -> bool {
    let t = st.board.topology();
    t.edge_vertices(e).into_iter().any(|v| {
        let own_piece = st.vertices[v.index()].owner() == Some(owner)
            || matches!(st.knights[v.index()], Some(k) if k.seat == owner);
        let other_road = t
            .vertex_edges(v)
            .iter()
            .any(|&x| x != e && st.edges[x.index()].owner() == Some(owner));
        !own_piece && !other_road
    })
}
