//! `decide`: check a command against the state and return the events that follow.
//!
//! Each event is folded into a scratch copy of the state as soon as it is emitted ([`Host::emit`]), so the later
//! steps of one command see the earlier ones: the roll resolves the barbarians, then the city gates, then
//! production, each on the state the previous step left. Every check of the command itself happens before the
//! first event, so a refused command emits nothing.
//!
//! The steps emit into a [`Host`]: Cities & Knights' own [`Ctx`], or the context of a scenario that runs this
//! layer inside a state of its own (Catania), which folds each event into that state, adds the events its rules
//! attach to it, and produces by its own table.

use super::evolve::apply;
use super::trade::decide as trade;
use super::*;
use crate::hex::trade::TradeCommand;
use crate::hex::{
    best_ratio_where, check_seat, city_site, has_won, longest_road_change, opening_road_site,
    piece_left, robber_move, roll_production, site, EdgeId, Resource, Terms,
};
use Violation::*;

/// Where the steps of `decide` emit their events, and the one step a scenario running this layer takes its own
/// way. Implemented by [`Ctx`] for Cities & Knights; statically dispatched, so its code is what it was.
pub(crate) trait Host {
    /// The layer's scratch state, with every event emitted so far folded in.
    fn state(&self) -> &State;
    /// Folds `e` into the scratch state and records it.
    fn emit(&mut self, e: Event);
    /// The production of a roll of `roll` (not 7): by default the seed's table and the base game's bank rule.
    fn produce(&mut self, roll: u8) {
        let e = produce(self.state(), roll);
        self.emit(e);
    }
    /// What the scenario resolves after the city gates and before the 7 or the yields of `roll` (Catania's
    /// natural forces and its doubles' effects, which may draw a die from `rng`); the layer has nothing there.
    fn before_yields(&mut self, _roll: Roll, _rng: &mut GameRng) {}
}

/// Cities & Knights' context: the scratch state and the events so far.
pub(super) struct Ctx {
    pub(super) s: State,
    pub(super) ev: Vec<Event>,
}

impl Host for Ctx {
    fn state(&self) -> &State {
        &self.s
    }
    fn emit(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.ev.push(e);
    }
}

pub(crate) fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>, Violation> {
    if let Phase::Ended { .. } = state.phase {
        return Err(GameOver);
    }
    check_seat(state.seats, actor)?;
    let mut c = Ctx {
        s: state.clone(),
        ev: Vec::new(),
    };
    command_events(state, &mut c, actor, command, rng)?;
    advance(&mut c, rng);
    longest_road_after(state, &mut c);
    check_win(&mut c);
    Ok(c.ev)
}

/// The events of `command` alone, before the roll goes on, the longest road moves and the game may end (what
/// [`decide`] adds after it). For a scenario that decides the layer's commands inside its own rules.
pub(crate) fn command_events(
    st: &State,
    c: &mut impl Host,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<(), Violation> {
    match *command {
        Command::PlaceSettlement { vertex } | Command::PlaceCity { vertex } => {
            let Phase::PlaceBuilding { index } = st.phase else {
                return Err(WrongPhase);
            };
            require_active(st, actor)?;
            let city = matches!(command, Command::PlaceCity { .. });
            // Seed: the first round places a settlement, the second a city.
            if city != (index >= st.seats) {
                return Err(WrongPhase);
            }
            let v = check_vertex(st, vertex)?;
            site_ok(st, v)?;
            if city {
                c.emit(Event::CityPlaced {
                    seat: actor,
                    vertex: v,
                });
                let got = crate::hex::starting_resources(&st.board, v);
                if !got.is_empty() {
                    c.emit(Event::StartingResourcesTaken {
                        seat: actor,
                        resources: got,
                    });
                }
            } else {
                c.emit(Event::SettlementPlaced {
                    seat: actor,
                    vertex: v,
                });
            }
        }
        Command::PlaceRoad { edge } => {
            let Phase::PlaceRoad { vertex, .. } = st.phase else {
                return Err(WrongPhase);
            };
            require_active(st, actor)?;
            let e = check_edge(st, edge)?;
            opening_road_site(st.table(), vertex, e)?;
            c.emit(Event::RoadPlaced {
                seat: actor,
                edge: e,
            });
        }
        Command::RollDice => {
            turn_start(st, actor)?;
            let roll = Roll {
                white: rng.gen_range(1..=6),
                red: rng.gen_range(1..=6),
                event: roll_event_die(rng),
            };
            c.emit(Event::DiceRolled {
                seat: actor,
                roll,
                alchemist: false,
            });
        }
        Command::MoveRobber { hex, victim } => {
            if st.phase != Phase::Robber {
                return Err(WrongPhase);
            }
            require_active(st, actor)?;
            no_pending(st)?;
            let h = robber_move(st.table(), actor, hex, victim, |s| {
                st.players[s.index()].hand.total() > 0
            })?;
            c.emit(Event::RobberMoved {
                seat: actor,
                hex: h,
            });
            if let Some(v) = victim {
                steal(c, actor, v, rng);
            }
        }
        Command::Discard { cards } => {
            let Some(Obligation::Discard { count, .. }) =
                owed(st, actor, |o| matches!(o, Obligation::Discard { .. }))
            else {
                return Err(NoSuchObligation);
            };
            holds(st, actor, cards)?;
            if cards.total() != u16::from(count) {
                return Err(WrongCardCount);
            }
            c.emit(Event::Discarded { seat: actor, cards });
        }
        Command::GiveCards { cards } => {
            let Some(Obligation::Give {
                to,
                count,
                commodities_only,
                ..
            }) = owed(st, actor, |o| matches!(o, Obligation::Give { .. }))
            else {
                return Err(NoSuchObligation);
            };
            holds(st, actor, cards)?;
            let hand = st.players[actor.index()].hand;
            let available = if commodities_only {
                hand.commodities.total()
            } else {
                hand.total()
            };
            if (commodities_only && !cards.resources.is_empty())
                || cards.total() != u16::from(count).min(available)
            {
                return Err(WrongCardCount);
            }
            c.emit(Event::CardsGiven {
                seat: actor,
                to,
                cards,
            });
        }
        Command::ChooseCityToLose { vertex } => {
            if owed(st, actor, |o| matches!(o, Obligation::LoseCity { .. })).is_none() {
                return Err(NoSuchObligation);
            }
            let v = check_vertex(st, vertex)?;
            if !losable_city(st, actor, v) {
                return Err(NotYourCity);
            }
            c.emit(Event::CityLost {
                seat: actor,
                vertex: v,
                wall: st.walls[v.index()],
            });
        }
        Command::RetreatKnight { vertex } => {
            let Some(Obligation::Retreat { from, .. }) =
                owed(st, actor, |o| matches!(o, Obligation::Retreat { .. }))
            else {
                return Err(NoSuchObligation);
            };
            let v = check_vertex(st, vertex)?;
            if !retreat_targets(st, actor, from).contains(&v) {
                return Err(InvalidRetreat);
            }
            c.emit(Event::KnightRetreated {
                seat: actor,
                vertex: v,
            });
        }
        Command::RemoveKnight { vertex } => {
            let Some(Obligation::RemoveKnight { to, .. }) =
                owed(st, actor, |o| matches!(o, Obligation::RemoveKnight { .. }))
            else {
                return Err(NoSuchObligation);
            };
            let v = check_vertex(st, vertex)?;
            let k = own_knight(st, actor, v)?;
            c.emit(Event::KnightDeserted {
                seat: actor,
                vertex: v,
                strength: k.strength,
                to,
            });
        }
        Command::ReturnProgressCard { card } => {
            let obliged = owed(st, actor, |o| {
                matches!(o, Obligation::ReturnProgressCard { .. })
            })
            .is_some();
            let over = actor == st.active
                && st.phase == Phase::Main
                && st.players[actor.index()].progress.len() > st.rules().progress_hand_max;
            if !obliged && !over {
                return Err(NoSuchObligation);
            }
            // Beyond the hand limit the active seat returns a card when play is its own: while others owe
            // something it is not among the seats to act, so nothing lists the return then, and refusing it
            // keeps what a seat may do the same as what it is offered (CK-PROG-02, CK-TURN-04).
            if !obliged && !st.pending.is_empty() {
                return Err(ObligationsPending);
            }
            if !st.players[actor.index()].progress.contains(&card) {
                return Err(NoSuchProgressCard);
            }
            c.emit(Event::ProgressCardReturned { seat: actor, card });
        }
        Command::CommitKnights { ref vertices } => {
            if owed(st, actor, |o| matches!(o, Obligation::CommitKnights { .. })).is_none() {
                return Err(NoSuchObligation);
            }
            let mut seen = Vec::new();
            for &v in vertices {
                let v = check_vertex(st, v)?;
                let ok = matches!(st.knights[v.index()], Some(k) if k.seat == actor && k.active);
                if !ok || seen.contains(&v) {
                    return Err(CommittedKnightInvalid);
                }
                seen.push(v);
            }
            c.emit(Event::KnightsCommitted {
                seat: actor,
                vertices: seen,
            });
        }
        Command::ChooseProgressDeck { track } => {
            if owed(st, actor, |o| {
                matches!(o, Obligation::DrawProgressCard { .. })
            })
            .is_none()
            {
                return Err(NoSuchObligation);
            }
            if !deck_has_cards(st, track) {
                return Err(DeckEmpty);
            }
            draw(c, actor, track, rng);
        }
        Command::TakeAqueductResource { resource } => {
            if owed(st, actor, |o| {
                matches!(o, Obligation::AqueductResource { .. })
            })
            .is_none()
            {
                return Err(NoSuchObligation);
            }
            if st.bank.resources.get(resource) == 0 {
                return Err(BankLacks);
            }
            c.emit(Event::AqueductTaken {
                seat: actor,
                resource,
            });
        }
        Command::TakeCards { cards } => {
            let Some(Obligation::TakeCards { from, count, .. }) =
                owed(st, actor, |o| matches!(o, Obligation::TakeCards { .. }))
            else {
                return Err(NoSuchObligation);
            };
            let hand = st.players[from.index()].hand;
            if !hand.contains(cards) {
                return Err(CardsNotHeld);
            }
            if cards.total() != u16::from(count).min(hand.total()) {
                return Err(WrongCardCount);
            }
            c.emit(Event::CardsTaken {
                seat: actor,
                victim: from,
                cards,
            });
        }
        Command::TakeProgressCard { card } => {
            let Some(Obligation::TakeProgressCard { from, .. }) = owed(st, actor, |o| {
                matches!(o, Obligation::TakeProgressCard { .. })
            }) else {
                return Err(NoSuchObligation);
            };
            if !st.players[from.index()].progress.contains(&card) {
                return Err(NoSuchProgressCard);
            }
            c.emit(Event::ProgressCardTaken {
                seat: actor,
                victim: from,
                card,
            });
        }
        Command::BuildRoad { edge } => {
            main(st, actor)?;
            let e = check_edge(st, edge)?;
            road_site_ok(st, &st.edges, actor, e)?;
            piece_left(st.players[actor.index()].roads_left)?;
            afford(st, actor, st.rules().hex.costs.road)?;
            c.emit(Event::RoadBuilt {
                seat: actor,
                edge: e,
                free: false,
            });
        }
        Command::BuildSettlement { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            site_ok(st, v)?;
            if !touches_own_road(st, actor, v) {
                return Err(SettlementNotConnected);
            }
            piece_left(st.settlements_left(actor))?;
            afford(st, actor, st.rules().hex.costs.settlement)?;
            c.emit(Event::SettlementBuilt {
                seat: actor,
                vertex: v,
            });
        }
        Command::BuildCity { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            let cost = st.rules().hex.costs.city;
            city_upgrade_ok(st, actor, v, cost)?;
            c.emit(Event::CityBuilt {
                seat: actor,
                vertex: v,
                paid: cost,
            });
        }
        Command::BuildCityWall { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            wall_ok(st, actor, v)?;
            afford(st, actor, st.rules().wall_cost)?;
            c.emit(Event::CityWallBuilt {
                seat: actor,
                vertex: v,
                free: false,
            });
        }
        Command::BuildKnight { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            knight_site_ok(st, actor, v)?;
            piece_left(st.players[actor.index()].knights_left[0])?;
            afford(st, actor, st.rules().knight_cost)?;
            c.emit(Event::KnightBuilt {
                seat: actor,
                vertex: v,
                strength: 1,
                free: false,
            });
        }
        Command::PlaceDeserterKnight { vertex } => {
            main(st, actor)?;
            let Some(strength) = st.deserter_knight else {
                return Err(InvalidCardTarget);
            };
            let v = check_vertex(st, vertex)?;
            knight_site_ok(st, actor, v)?;
            piece_left(st.players[actor.index()].knights_left[usize::from(strength - 1)])?;
            c.emit(Event::KnightBuilt {
                seat: actor,
                vertex: v,
                strength,
                free: true,
            });
        }
        Command::ActivateKnight { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            let k = own_knight(st, actor, v)?;
            if k.active {
                return Err(KnightAlreadyActive);
            }
            afford(st, actor, st.rules().activate_cost)?;
            c.emit(Event::KnightActivated {
                seat: actor,
                vertex: v,
                free: false,
            });
        }
        Command::PromoteKnight { vertex } => {
            main(st, actor)?;
            let v = check_vertex(st, vertex)?;
            promote_ok(st, actor, v)?;
            afford(st, actor, st.rules().knight_cost)?;
            c.emit(Event::KnightPromoted {
                seat: actor,
                vertex: v,
                free: false,
            });
        }
        Command::MoveKnight { from, to } => {
            main(st, actor)?;
            let from = check_vertex(st, from)?;
            let to = check_vertex(st, to)?;
            let k = ready_knight(st, actor, from)?;
            if to == from || !reachable(st, actor, from).contains(&to) {
                return Err(KnightPathBlocked);
            }
            if !st.vertices[to.index()].is_empty() {
                return Err(VertexOccupied);
            }
            match st.knights[to.index()] {
                None => c.emit(Event::KnightMoved {
                    seat: actor,
                    from,
                    to,
                }),
                Some(other) if other.seat == actor => return Err(VertexOccupied),
                Some(other) if other.strength >= k.strength => return Err(KnightNotStronger),
                Some(other) => c.emit(Event::KnightDisplaced {
                    by: actor,
                    from: Some(from),
                    seat: other.seat,
                    vertex: to,
                }),
            }
        }
        Command::ChaseRobber { knight } => {
            main(st, actor)?;
            let v = check_vertex(st, knight)?;
            ready_knight(st, actor, v)?;
            if !st.board.topology().vertex_hexes(v).contains(&st.robber) {
                return Err(RobberNotAdjacent);
            }
            // Seed: the chased robber goes back to the desert, where it started.
            if st.robber == st.desert {
                return Err(RobberMustMove);
            }
            c.emit(Event::RobberChased {
                seat: actor,
                knight: v,
                hex: st.desert,
            });
        }
        Command::ImproveCity { track, metropolis } => {
            main(st, actor)?;
            improve(st, c, actor, track, 0, metropolis)?;
        }
        Command::BankTrade { give, receive } => super::trade::bank(st, c, actor, give, receive)?,
        Command::OfferTrade { give, receive } => {
            trade(st, c, actor, TradeCommand::Offer(Terms { give, receive }))?
        }
        Command::CounterOffer { give, receive } => {
            trade(st, c, actor, TradeCommand::Counter(Terms { give, receive }))?
        }
        Command::AcceptTrade => trade(st, c, actor, TradeCommand::Accept)?,
        Command::RejectTrade => trade(st, c, actor, TradeCommand::Reject)?,
        Command::AcceptCounterOffer { seat } => {
            trade(st, c, actor, TradeCommand::AcceptCounter(seat))?
        }
        Command::RejectCounterOffer { seat } => {
            trade(st, c, actor, TradeCommand::RejectCounter(seat))?
        }
        Command::WithdrawTrade => trade(st, c, actor, TradeCommand::Withdraw)?,
        Command::PlayProgressCard { ref play } => {
            super::progress::play(st, c, actor, play, rng)?;
        }
        Command::EndTurn => {
            main(st, actor)?;
            if st.players[actor.index()].progress.len() > st.rules().progress_hand_max {
                return Err(TooManyProgressCards);
            }
            let next = st.next_seat(actor);
            c.emit(Event::TurnEnded { seat: actor, next });
        }
    }
    Ok(())
}

/// The event die: three ship faces, one city gate of each colour.
pub(crate) fn roll_event_die(rng: &mut GameRng) -> EventDie {
    match rng.gen_range(0..6) {
        0..=2 => EventDie::Ship,
        3 => EventDie::Gate {
            track: Track::Trade,
        },
        4 => EventDie::Gate {
            track: Track::Politics,
        },
        _ => EventDie::Gate {
            track: Track::Science,
        },
    }
}

/// Continues a roll once nothing is pending: obligations with a single possible answer are settled here, then the
/// barbarians, then the city gates, then production (seed: "i følgende rækkefølge").
pub(crate) fn advance(c: &mut impl Host, rng: &mut GameRng) {
    // Bounded: each pass settles an obligation or a stage of the roll, and there are finitely many of both.
    for _ in 0..64 {
        if auto_settle(c) {
            continue;
        }
        if !c.state().pending.is_empty() {
            return;
        }
        let Some(pr) = c.state().roll else { return };
        if pr.attack_due {
            if c.state().negotiated && !pr.defence_called {
                let seats = c.state().clockwise_from(c.state().active).collect();
                c.emit(Event::DefenceCalled { seats });
                continue;
            }
            resolve_attack(c);
            continue;
        }
        let roll = pr.roll;
        if let EventDie::Gate { track } = roll.event {
            let seats: Vec<Seat> = c.state().clockwise_from(c.state().active).collect();
            for seat in seats {
                let level = c.state().players[seat.index()].improvements.get(track);
                // Seed: level 1 shows red 1-2, each further level one more number.
                if level >= 1 && roll.red <= level + 1 && deck_has_cards(c.state(), track) {
                    draw(c, seat, track, rng);
                }
            }
        }
        c.before_yields(roll, rng);
        if roll.white + roll.red == 7 {
            let discards = c
                .state()
                .seat_iter()
                .filter_map(|s| {
                    let total = c.state().players[s.index()].hand.total();
                    let count = crate::hex::discard_owed(total, c.state().hand_limit(s))?;
                    Some(SeatCount { seat: s, count })
                })
                .collect();
            c.emit(Event::SevenRolled { discards });
        } else {
            c.produce(roll.white + roll.red);
        }
        return;
    }
}

/// Settles one obligation that has exactly one possible answer (or none). Returns whether it did.
fn auto_settle(c: &mut impl Host) -> bool {
    let pending = c.state().pending.clone();
    for o in pending {
        match o {
            Obligation::Retreat { seat, from, .. }
                if retreat_targets(c.state(), seat, from).is_empty() =>
            {
                c.emit(Event::KnightLeftBoard { seat });
                return true;
            }
            Obligation::CommitKnights { seat } => {
                let any_active = c
                    .state()
                    .knights
                    .iter()
                    .flatten()
                    .any(|k| k.seat == seat && k.active);
                if !any_active {
                    c.emit(Event::KnightsCommitted {
                        seat,
                        vertices: Vec::new(),
                    });
                    return true;
                }
            }
            Obligation::LoseCity { seat } => {
                let cities: Vec<VertexId> = c
                    .state()
                    .cities_of(seat)
                    .filter(|&v| !c.state().is_metropolis(v))
                    .collect();
                if cities.len() == 1 {
                    let v = cities[0];
                    let wall = c.state().walls[v.index()];
                    c.emit(Event::CityLost {
                        seat,
                        vertex: v,
                        wall,
                    });
                    return true;
                }
            }
            Obligation::RemoveKnight { seat, to } => {
                let knights: Vec<(VertexId, u8)> = c
                    .state()
                    .knights
                    .iter()
                    .enumerate()
                    .filter_map(|(i, k)| match k {
                        Some(k) if k.seat == seat => Some((vertex_id(c.state(), i), k.strength)),
                        _ => None,
                    })
                    .collect();
                if knights.len() == 1 {
                    let (vertex, strength) = knights[0];
                    c.emit(Event::KnightDeserted {
                        seat,
                        vertex,
                        strength,
                        to,
                    });
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

pub(crate) fn vertex_id(s: &State, i: usize) -> VertexId {
    s.board
        .topology()
        .vertex(i)
        .expect("an index of the knights array")
}

/// The barbarians attack: all cities (metropolises included) against the active knights (seed).
fn resolve_attack(c: &mut impl Host) {
    let s = c.state();
    let barbarians = s.vertices.iter().filter(|p| p.is_city()).count() as u8;
    let mut strength = vec![0u8; usize::from(s.seats)];
    for k in s.knights.iter().flatten() {
        if k.active && (!s.negotiated || k.committed) {
            strength[k.seat.index()] += k.strength;
        }
    }
    let knights: u8 = strength.iter().sum();
    let contributions: Vec<SeatCount> = s
        .seat_iter()
        .map(|seat| SeatCount {
            seat,
            count: strength[seat.index()],
        })
        .collect();
    let result = if knights >= barbarians {
        let max = strength.iter().copied().max().unwrap_or(0);
        let top: Vec<Seat> = s
            .seat_iter()
            .filter(|x| max > 0 && strength[x.index()] == max)
            .collect();
        if top.len() == 1 {
            AttackResult::CatanWon {
                defender: Some(top[0]),
                tied: Vec::new(),
            }
        } else {
            AttackResult::CatanWon {
                defender: None,
                tied: top,
            }
        }
    } else {
        // Seed: only seats holding a city that is not a metropolis can be hit, and of them those who contributed
        // least lose a city.
        let exposed: Vec<Seat> = s
            .seat_iter()
            .filter(|&x| s.cities_of(x).any(|v| !s.is_metropolis(v)))
            .collect();
        let min = exposed
            .iter()
            .map(|x| strength[x.index()])
            .min()
            .unwrap_or(0);
        AttackResult::BarbariansWon {
            losers: exposed
                .into_iter()
                .filter(|x| strength[x.index()] == min)
                .collect(),
        }
    };
    c.emit(Event::BarbariansAttacked {
        barbarians,
        knights,
        contributions,
        result,
    });
}

pub(crate) fn deck_has_cards(s: &State, track: Track) -> bool {
    !s.decks[track.index()].is_empty() || !s.bottoms[track.index()].is_empty()
}

/// Draws the top card of a deck: a uniformly random card of the shuffled part, else the oldest card put under.
pub(crate) fn draw(c: &mut impl Host, seat: Seat, track: Track, rng: &mut GameRng) {
    let t = track.index();
    let card = if c.state().decks[t].is_empty() {
        match c.state().bottoms[t].first() {
            Some(&card) => card,
            None => return,
        }
    } else {
        c.state().decks[t][rng.gen_range(0..c.state().decks[t].len())]
    };
    c.emit(Event::ProgressCardDrawn { seat, track, card });
}

/// Production for a non-7 roll through the hex machine, whose yield hook here is the seed's table
/// ([`city_yield`]). A good the bank cannot pay everyone is paid to nobody, as in the base game.
fn produce(s: &State, roll: u8) -> Event {
    let yields = roll_production(s.table(), roll, s.bank, city_yield, |hand, g| {
        hand.get_mut(g)
    });
    Event::ResourcesProduced {
        gains: yields
            .gains()
            .map(|(seat, cards)| SeatHand { seat, cards })
            .collect(),
        withheld: yields.withheld,
    }
}

/// The seed's yield table, as the hex machine's yield hook: a settlement yields one card of the hex's resource; a
/// city on mountains, forest or pasture one resource and the matching commodity, elsewhere two resources.
pub(crate) fn city_yield(hand: &mut Hand, r: Resource, terrain: Terrain, piece: VertexPiece) {
    match commodity_of(terrain) {
        Some(com) if piece.is_city() => {
            let slot = hand.resources.get_mut(r);
            *slot = slot.saturating_add(1);
            *hand.commodities.get_mut(com) += 1;
        }
        _ => {
            let slot = hand.resources.get_mut(r);
            *slot = slot.saturating_add(piece.yield_count());
        }
    }
}

/// The commodity a city gets from a terrain (seed: mountains coin, forest paper, pasture cloth).
pub fn commodity_of(t: Terrain) -> Option<Commodity> {
    match t {
        Terrain::Mountains => Some(Commodity::Coin),
        Terrain::Forest => Some(Commodity::Paper),
        Terrain::Pasture => Some(Commodity::Cloth),
        _ => None,
    }
}

pub(crate) fn steal(c: &mut impl Host, thief: Seat, victim: Seat, rng: &mut GameRng) {
    let hand = c.state().players[victim.index()].hand;
    if hand.total() == 0 {
        return;
    }
    let k = rng.gen_range(0..hand.total());
    let good = hand.nth_card(k).expect("k is below the hand's total");
    c.emit(Event::CardStolen {
        thief,
        victim,
        good,
    });
}

/// Appends `LongestRoadChanged` if the card moves after this command (base Catan's holder rule).
pub(crate) fn longest_road_after(before: &State, c: &mut impl Host) {
    let old: Vec<u8> = before.players.iter().map(|p| p.road_length).collect();
    let new: Vec<u8> = c.state().players.iter().map(|p| p.road_length).collect();
    if old == new {
        return;
    }
    if let Some((holder, length)) = longest_road_change(c.state().longest_road, &old, &new) {
        c.emit(Event::LongestRoadChanged { holder, length });
    }
}

/// The active seat wins on reaching 13 points in its turn; a seat that reached them in another's turn wins when
/// its own turn begins (official rule).
fn check_win(c: &mut impl Host) {
    if matches!(c.state().phase, Phase::Ended { .. }) {
        return;
    }
    let opening = matches!(
        c.state().phase,
        Phase::PlaceBuilding { .. } | Phase::PlaceRoad { .. }
    );
    let seat = c.state().active;
    let points = c.state().points(seat);
    if has_won(opening, points.into(), c.state().points_to_win) {
        c.emit(Event::GameWon { seat, points });
    }
}

pub(crate) fn require_active(st: &State, actor: Seat) -> Result<(), Violation> {
    Ok(crate::hex::require_active(st.active, actor)?)
}

pub(crate) fn no_pending(st: &State) -> Result<(), Violation> {
    if st.pending.is_empty() {
        Ok(())
    } else {
        Err(ObligationsPending)
    }
}

fn turn_start(st: &State, actor: Seat) -> Result<(), Violation> {
    if st.phase != Phase::Roll {
        return Err(WrongPhase);
    }
    require_active(st, actor)?;
    no_pending(st)
}

pub(crate) fn main(st: &State, actor: Seat) -> Result<(), Violation> {
    if st.phase != Phase::Main {
        return Err(WrongPhase);
    }
    require_active(st, actor)?;
    no_pending(st)
}

pub(crate) fn owed(
    st: &State,
    seat: Seat,
    kind: impl Fn(&Obligation) -> bool,
) -> Option<Obligation> {
    st.pending
        .iter()
        .find(|o| o.seat() == seat && kind(o))
        .copied()
}

pub(crate) fn holds(st: &State, seat: Seat, cards: Hand) -> Result<(), Violation> {
    if st.players[seat.index()].hand.contains(cards) {
        Ok(())
    } else {
        Err(CardsNotHeld)
    }
}

pub(crate) fn afford(st: &State, seat: Seat, cost: Resources) -> Result<(), Violation> {
    Ok(crate::hex::afford(
        st.players[seat.index()].hand.resources,
        cost,
    )?)
}

pub(crate) fn check_vertex(st: &State, v: VertexId) -> Result<VertexId, Violation> {
    Ok(crate::hex::check_vertex(&st.board, v)?)
}

pub(crate) fn check_edge(st: &State, e: EdgeId) -> Result<EdgeId, Violation> {
    Ok(crate::hex::check_edge(&st.board, e)?)
}

pub(crate) fn check_hex(st: &State, h: HexId) -> Result<HexId, Violation> {
    Ok(crate::hex::check_hex(&st.board, h)?)
}

/// A corner for a new building: no building or knight on it, no building next to it (knights do not count for
/// the distance rule).
pub(crate) fn site_ok(st: &State, v: VertexId) -> Result<(), Violation> {
    Ok(site(
        &st.board,
        &st.vertices,
        st.knights[v.index()].is_some(),
        v,
    )?)
}

pub(crate) fn touches_own_road(st: &State, seat: Seat, v: VertexId) -> bool {
    crate::hex::touches_own_road(&st.board, &st.edges, seat, v)
}

/// A free edge that connects for `seat`, with other seats' knights cutting roads like their buildings.
pub(crate) fn road_site_ok(
    st: &State,
    edges: &[EdgePiece],
    seat: Seat,
    e: EdgeId,
) -> Result<(), Violation> {
    Ok(crate::hex::road_site(
        &st.board,
        &st.road_blockers(seat),
        edges,
        seat,
        e,
    )?)
}

pub(crate) fn city_upgrade_ok(
    st: &State,
    seat: Seat,
    v: VertexId,
    cost: Resources,
) -> Result<(), Violation> {
    city_site(&st.vertices, seat, v)?;
    piece_left(st.cities_left(seat))?;
    afford(st, seat, cost)
}

pub(crate) fn wall_ok(st: &State, seat: Seat, v: VertexId) -> Result<(), Violation> {
    let piece = st.vertices[v.index()];
    if piece.owner() != Some(seat) || !piece.is_city() {
        return Err(NotYourCity);
    }
    if st.walls[v.index()] {
        return Err(WallAlreadyBuilt);
    }
    if st.players[seat.index()].walls_left == 0 {
        return Err(WallLimit);
    }
    Ok(())
}

/// A free corner (no building, no knight) touching one of the seat's roads (seed).
pub(crate) fn knight_site_ok(st: &State, seat: Seat, v: VertexId) -> Result<(), Violation> {
    if !st.vertices[v.index()].is_empty()
        || st.knights[v.index()].is_some()
        || !touches_own_road(st, seat, v)
    {
        return Err(KnightSiteInvalid);
    }
    Ok(())
}

pub(crate) fn own_knight(st: &State, seat: Seat, v: VertexId) -> Result<Knight, Violation> {
    match st.knights[v.index()] {
        Some(k) if k.seat == seat => Ok(k),
        _ => Err(NotYourKnight),
    }
}

/// An own active knight that was not activated this turn (seed: it may act once per activation).
pub(crate) fn ready_knight(st: &State, seat: Seat, v: VertexId) -> Result<Knight, Violation> {
    let k = own_knight(st, seat, v)?;
    if !k.active {
        return Err(KnightNotActive);
    }
    if k.fresh {
        return Err(KnightActedOrActivated);
    }
    Ok(k)
}

pub(crate) fn promote_ok(st: &State, seat: Seat, v: VertexId) -> Result<(), Violation> {
    let k = own_knight(st, seat, v)?;
    if k.promoted {
        return Err(KnightPromotedThisTurn);
    }
    if k.strength >= 3 {
        return Err(KnightMaxStrength);
    }
    if k.strength == 2 && st.players[seat.index()].improvements.politics < 3 {
        return Err(FortressRequired);
    }
    if st.players[seat.index()].knights_left[usize::from(k.strength)] == 0 {
        return Err(NoPiecesLeft);
    }
    Ok(())
}

/// Corners reachable from `from` along the seat's roads without passing another seat's building or knight. On a
/// board with ships, along its roads and ships, changing from one to the other only at its buildings and landing
/// places (`hex::route_reach`).
pub(crate) fn reachable(st: &State, seat: Seat, from: VertexId) -> Vec<VertexId> {
    let foreign = |v: VertexId| {
        matches!(st.vertices[v.index()].owner(), Some(o) if o != seat)
            || matches!(st.knights[v.index()], Some(k) if k.seat != seat)
    };
    if let Some(sea) = &st.sea {
        let meet =
            |v: VertexId| st.vertices[v.index()].owner() == Some(seat) || sea.junction(seat, v);
        return crate::hex::route_reach(&st.board, &st.edges, seat, from, foreign, meet);
    }
    let t = st.board.topology();
    let mut seen = vec![from];
    let mut stack = vec![from];
    while let Some(v) = stack.pop() {
        if v != from && foreign(v) {
            continue;
        }
        for &e in t.vertex_edges(v) {
            if st.edges[e.index()].owner() != Some(seat) {
                continue;
            }
            let [a, b] = t.edge_vertices(e);
            let w = if a == v { b } else { a };
            if !seen.contains(&w) {
                seen.push(w);
                stack.push(w);
            }
        }
    }
    seen.retain(|&v| v != from);
    seen
}

/// Free corners a displaced knight of `seat` may retreat to: connected by its roads to where it stood (seed).
pub(crate) fn retreat_targets(st: &State, seat: Seat, from: VertexId) -> Vec<VertexId> {
    reachable(st, seat, from)
        .into_iter()
        .filter(|v| st.vertices[v.index()].is_empty() && st.knights[v.index()].is_none())
        .collect()
}

pub(crate) fn losable_city(st: &State, seat: Seat, v: VertexId) -> bool {
    let p = st.vertices[v.index()];
    p.is_city() && p.owner() == Some(seat) && !st.is_metropolis(v)
}

/// Builds the next level of `track` for `discount` commodities less (the crane), placing or moving a metropolis
/// onto `metropolis` (the player's choice, official) or the seat's lowest-numbered city without one.
pub(crate) fn improve(
    st: &State,
    c: &mut impl Host,
    seat: Seat,
    track: Track,
    discount: u8,
    metropolis: Option<VertexId>,
) -> Result<(), Violation> {
    let (level, cost) = improve_ok(st, seat, track, discount)?;
    let take = metropolis_due(st, seat, track, level);
    let site = match metropolis {
        Some(v) => {
            let v = check_vertex(st, v)?;
            if !take {
                return Err(NoMetropolisDue);
            }
            if !losable_city(st, seat, v) {
                return Err(NotYourCity);
            }
            Some(v)
        }
        None => st.cities_of(seat).find(|&v| !st.is_metropolis(v)),
    };
    c.emit(Event::CityImproved {
        seat,
        track,
        level,
        paid: Commodities::one(track.commodity(), cost),
    });
    if let (true, Some(v)) = (take, site) {
        c.emit(Event::MetropolisPlaced {
            seat,
            track,
            vertex: v,
            from: st.metropolis[track.index()].map(|(h, _)| h),
        });
    }
    Ok(())
}

/// Whether reaching `level` in `track` gives `seat` that track's metropolis: first to level 4, or level 5 before
/// the holder (seed).
pub(crate) fn metropolis_due(st: &State, seat: Seat, track: Track, level: u8) -> bool {
    match st.metropolis[track.index()] {
        None => level >= 4,
        Some((h, _)) => {
            h != seat && level == 5 && st.players[h.index()].improvements.get(track) < 5
        }
    }
}

/// The new level and its commodity cost, if `seat` may improve `track` now.
pub(crate) fn improve_ok(
    st: &State,
    seat: Seat,
    track: Track,
    discount: u8,
) -> Result<(u8, u8), Violation> {
    if st.cities_of(seat).next().is_none() {
        return Err(NoCity);
    }
    let p = &st.players[seat.index()];
    let level = p.improvements.get(track) + 1;
    if level > 5 {
        return Err(TrackComplete);
    }
    let holds_it = matches!(st.metropolis[track.index()], Some((h, _)) if h == seat);
    if level >= 4 && !holds_it && st.cities_of(seat).all(|v| st.is_metropolis(v)) {
        return Err(MetropolisCityRequired);
    }
    let cost = level.saturating_sub(discount);
    if p.hand.commodities.get(track.commodity()) < cost {
        return Err(CannotAfford);
    }
    Ok((level, cost))
}

/// The bank ratio for giving `good`: resources as the hex engine's harbors say (4, 3 generic, 2 special), the
/// merchant's hex 2:1; commodities 4, 3 with a generic harbor, 2 with the trading house; a merchant fleet 2:1. A
/// harbor whose hex holds the pirate does not trade.
pub(crate) fn bank_ratio(st: &State, seat: Seat, good: Good) -> u8 {
    let usable = |v: VertexId| {
        st.sea
            .as_ref()
            .is_none_or(|sea| !sea.blocks_harbor(&st.board, v))
    };
    let mut ratio = match good.resource() {
        Some(r) => {
            let mut x = best_ratio_where(&st.board, &st.vertices, seat, r, usable);
            if let Some((s, h)) = st.merchant {
                if s == seat && st.board.terrain(h).resource() == Some(r) {
                    x = x.min(2);
                }
            }
            x
        }
        None => {
            let generic = st.board.topology().vertices().any(|v| {
                st.vertices[v.index()].owner() == Some(seat)
                    && st.board.harbor_at(v) == Some(None)
                    && usable(v)
            });
            if st.players[seat.index()].improvements.trade >= 3 {
                2
            } else if generic {
                3
            } else {
                4
            }
        }
    };
    if st.merchant_fleet == Some(good) {
        ratio = ratio.min(2);
    }
    ratio
}

pub(crate) fn resource_hex_count(st: &State, seat: Seat, terrain: Terrain) -> u8 {
    let t = st.board.topology();
    t.hexes()
        .filter(|&h| st.board.terrain(h) == terrain)
        .filter(|&h| {
            t.hex_vertices(h)
                .iter()
                .any(|v| st.vertices[v.index()].owner() == Some(seat))
        })
        .count() as u8
}
