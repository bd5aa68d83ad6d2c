//! `decide`: check a command against the state and return the events that follow.
//!
//! A layer command Catania keeps as it is goes to the layer's own code (`cities_knights::decide::command_events`)
//! with Catania's [`Ctx`] as its [`Host`]: every event is folded into Catania's scratch state as it is emitted, a
//! city lost to the barbarians by a seat without a settlement left clears its corner ([`Event::CornerCleared`]),
//! and a roll produces by Catania's rules ([`produce`]). Commands Catania rules differently (the opening, roads,
//! settlements, trade, the diplomat) and its own commands are checked here, with the layer's and the hex
//! machine's checks. Between the event die and the yields of a roll the natural forces move ([`drift`]), and a
//! road or ship they destroyed must be rebuilt before other builds ([`waits_for_repair`]); then the doubles act
//! ([`doubles`]: avalanches, the eruption, the temple's tributes). A 7's yields follow the layer's `SevenRolled`
//! ([`seven_yields`]), then the stations' exchanges fall due, and the roller's specialists pay after every roll's
//! yields. The barbarian castle's steps come after the command, before the roll goes on: a step of the ship
//! returns a card of the pile and its arrival raids (`castle::after_event_die`), and the roll waits for the raid's
//! deposits; a 7's loot follows its other yields, and the yields call the raid's debts. Catania's obligations are
//! settled after the command, in order: gold, the stations' exchanges (`station::settle`), the temple's dues
//! (`temple::settle`). Then, as for the layer: the roll goes on
//! (`cities_knights::decide::advance`), the longest trade route card may move, the specialist cards follow the
//! board ([`specialists`]), and the game may end, counting the hidden victory point cards too.

use super::evolve::apply;
use super::*;
use crate::cities_knights::decide::{self as ckd, Host};
use crate::cities_knights::progress::playable;
use crate::cities_knights::{
    Command as K, Event as E, Good, Hand, Phase, ProgressCard, ProgressPlay, SeatCount, SeatHand,
    Track,
};
use crate::hex::{
    awaiting_chips, check_seat, links, open_ships, opening_road_site, pay_in_turn, piece_left,
    pirate_may_move, pirate_victims, produce_into, road_edge, robber_move, ship_edge,
    starting_resources, touches_land, Cards, EdgeId, EdgePiece, Resource, Torus, VertexId,
    VertexPiece, Victims,
};
use Violation::*;

/// Catania's context: its scratch state and the events so far.
pub(super) struct Ctx {
    pub(super) s: State,
    pub(super) ev: Vec<Event>,
}

impl Ctx {
    /// Folds a Catania event into the scratch state and records it.
    pub(super) fn push(&mut self, e: Event) {
        apply(&mut self.s, &e);
        self.ev.push(e);
    }
}

impl Host for Ctx {
    fn state(&self) -> &ck::State {
        &self.s.ck
    }

    fn emit(&mut self, e: ck::Event) {
        let lost = match e {
            E::CityLost { seat, vertex, .. } => Some((seat, vertex)),
            _ => None,
        };
        let seven = matches!(e, E::SevenRolled { .. });
        self.push(Event::Ck(e));
        if let Some((seat, vertex)) = lost {
            clear_if_homeless(self, seat, vertex);
        }
        // The discards a 7 asks for are counted first (seed line 23), then its yields are paid (line 24).
        if seven {
            seven_yields(self);
        }
    }

    fn produce(&mut self, roll: u8) {
        produce(self, roll);
    }

    fn before_yields(&mut self, roll: ck::Roll, rng: &mut GameRng) {
        drift(self, roll);
        doubles(self, roll, rng);
    }
}

pub(super) fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>, Violation> {
    if let Phase::Ended { .. } = state.phase() {
        return Err(GameOver);
    }
    check_seat(state.seats(), actor)?;
    let mut c = Ctx {
        s: state.clone(),
        ev: Vec::new(),
    };
    command_events(state, &mut c, actor, command, rng)?;
    castle::after_event_die(&mut c, rng);
    castle::default_empty(&mut c);
    // The raid's deposits come before the battle and the yields (spec D-04 (b)): the roll waits for them.
    if !castle::holds_up(&c.s) {
        ckd::advance(&mut c, rng);
    }
    castle::loot_after_seven(&mut c, rng);
    settle_empty_gold(&mut c);
    castle::call_debts(state, &mut c);
    station::settle(&mut c, actor);
    temple::settle(&mut c, actor);
    ckd::longest_road_after(&state.ck, &mut c);
    specialists_after(state, &mut c);
    check_win(&mut c);
    Ok(c.ev)
}

/// Each resource's specialist on the board as it is (seed line 103, spec D-10): the seat with the most points at
/// hexes of that resource, a settlement counting 1 and a city 2 for each such hex it touches (tilted buildings
/// too; gold and the 7-hexes count for nothing); nobody on a tie or with no points at all.
pub(super) fn specialists(st: &State) -> [Option<Seat>; 5] {
    let board = st.board();
    let t = board.topology();
    let mut points = [[0u16; 8]; 5];
    for v in t.vertices() {
        let p = st.ck.vertices[v.index()];
        let Some(seat) = p.owner() else { continue };
        for &h in t.vertex_hexes(v) {
            if let Some(r) = board.terrain(h).resource() {
                points[r.index()][seat.index()] += u16::from(p.yield_count());
            }
        }
    }
    points.map(|by_seat| {
        let max = by_seat.iter().copied().max().unwrap_or(0);
        let mut top = (0..st.seats()).filter(|&s| by_seat[usize::from(s)] == max);
        match (max, top.next(), top.next()) {
            (1.., Some(s), None) => Some(Seat(s)),
            _ => None,
        }
    })
}

/// After a command that changed the buildings on the board, the specialist cards follow them (seed lines 16, 103;
/// spec D-10: after every change, not only builds, so a card never lags the board).
fn specialists_after(before: &State, c: &mut Ctx) {
    if !VertexPiece::all_equal(&c.s.ck.vertices, &before.ck.vertices) {
        reassess_specialists(c);
    }
}

/// The specialist cards that no longer match the board change hands.
fn reassess_specialists(c: &mut Ctx) {
    let now = specialists(&c.s);
    for r in Resource::ALL {
        let holder = now[r.index()];
        if c.s.specialists[r.index()] != holder {
            c.push(Event::SpecialistChanged {
                resource: r,
                holder,
            });
        }
    }
}

/// The roller's specialists pay it one card of their resource each after the roll's yields, as far as the bank
/// holds it (seed line 102, "am Wurf": on its own roll, a 7 included; spec D-10).
fn pay_specialists(c: &mut Ctx) {
    let seat = c.s.active();
    let bank = c.s.ck.bank().resources;
    let mut resources = Resources::ZERO;
    for r in Resource::ALL {
        if c.s.specialists[r.index()] == Some(seat) && bank.get(r) > 0 {
            resources = resources.plus(Resources::one(r, 1));
        }
    }
    if resources != Resources::ZERO {
        c.push(Event::SpecialistsPaid { seat, resources });
    }
}

/// Whether `command` settles an obligation, the only kind of command while gold is owed.
fn settles_obligation(command: &Command) -> bool {
    matches!(
        command,
        Command::ChooseGold { .. }
            | Command::ExchangeAtStation { .. }
            | Command::PayTemple { .. }
            | Command::DepositAtCastle { .. }
            | Command::Ck(
                K::Discard { .. }
                    | K::GiveCards { .. }
                    | K::ChooseCityToLose { .. }
                    | K::RetreatKnight { .. }
                    | K::RemoveKnight { .. }
                    | K::ReturnProgressCard { .. }
                    | K::CommitKnights { .. }
                    | K::ChooseProgressDeck { .. }
                    | K::TakeAqueductResource { .. }
                    | K::TakeCards { .. }
                    | K::TakeProgressCard { .. }
            )
    )
}

fn command_events(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<(), Violation> {
    if st.owes() && !settles_obligation(command) {
        return Err(ObligationsPending);
    }
    if blocked_by_repair(st, actor, command) {
        return Err(RepairFirst);
    }
    match *command {
        Command::Ck(ref k) => layer_command(st, c, actor, k, rng),
        Command::PlaceShip { edge } => opening_piece(st, c, actor, edge, true),
        Command::BuildShip { edge } => {
            ckd::main(&st.ck, actor)?;
            let e = ckd::check_edge(&st.ck, edge)?;
            Routes::new(st, actor).check(&st.ck.edges, e, true)?;
            piece_left(st.ships_left(actor))?;
            ckd::afford(&st.ck, actor, SHIP_COST)?;
            end_trade(st, c, actor);
            c.push(Event::ShipBuilt {
                seat: actor,
                edge: e,
                free: false,
            });
            Ok(())
        }
        Command::MoveShip { from, to } => {
            ckd::main(&st.ck, actor)?;
            let from = ckd::check_edge(&st.ck, from)?;
            let to = ckd::check_edge(&st.ck, to)?;
            ship_may_move(st, actor, from)?;
            if to == from {
                return Err(ShipNotMovable);
            }
            let mut edges = st.ck.edges.clone();
            edges[from.index()] = EdgePiece::EMPTY;
            Routes::new(st, actor).check(&edges, to, true)?;
            c.push(Event::ShipMoved {
                seat: actor,
                from,
                to,
            });
            Ok(())
        }
        Command::BuildLandingPlace { vertex } => {
            ckd::main(&st.ck, actor)?;
            let v = ckd::check_vertex(&st.ck, vertex)?;
            if !landing_site(st, actor, v) {
                return Err(LandingSiteInvalid);
            }
            piece_left(st.landings_left(actor))?;
            ckd::afford(&st.ck, actor, LANDING_COST)?;
            end_trade(st, c, actor);
            c.push(Event::LandingPlaceBuilt {
                seat: actor,
                vertex: v,
            });
            Ok(())
        }
        Command::MovePirate { hex, victim } => {
            if st.phase() != Phase::Robber {
                return Err(WrongPhase);
            }
            ckd::require_active(&st.ck, actor)?;
            ckd::no_pending(&st.ck)?;
            let h = bandit_target(st, actor, Bandit::Pirate, hex, victim)?;
            move_bandit(c, actor, Bandit::Pirate, h, victim, rng);
            Ok(())
        }
        Command::ChooseGold { resources } => {
            let owed = match st.gold.first() {
                Some(o) if o.seat == actor => o.count,
                _ => return Err(NoSuchObligation),
            };
            let bank = st.ck.bank().resources;
            if resources.total() != u16::from(owed).min(bank.total()) {
                return Err(WrongCardCount);
            }
            if !bank.contains(resources) {
                return Err(BankLacks);
            }
            c.push(Event::GoldChosen {
                seat: actor,
                resources,
            });
            Ok(())
        }
        Command::ExchangeAtStation { give, take } => {
            if !st.gold.is_empty() {
                return Err(ObligationsPending);
            }
            let vertex = match st.posts_due.first() {
                Some(p) if p.seat == actor => p.vertex,
                _ => return Err(NoSuchObligation),
            };
            // "I cannot": accepted only when the owner truly cannot, judged on its own hand; the judgement is
            // `station::settle`'s at the end of this command.
            if station::is_empty_exchange(give, take) {
                return match station::ability(st, actor, vertex) {
                    station::Ability::Able => Err(InvalidExchange),
                    _ => Ok(()),
                };
            }
            let wholesale = st.ck.vertices[vertex.index()].is_city();
            if !station::exchange_ok(wholesale, give, take) {
                return Err(InvalidExchange);
            }
            if !st.ck.hand(actor).contains(give) {
                return Err(CardsNotHeld);
            }
            if !st.ck.bank().resources.contains(take) {
                return Err(BankLacks);
            }
            c.push(Event::StationExchanged {
                seat: actor,
                vertex,
                gave: give,
                took: take,
            });
            Ok(())
        }
        Command::PayTemple { resources } => temple::pay(st, c, actor, resources),
        Command::DepositAtCastle { card } => castle::deposit(st, c, actor, card),
        Command::StartWonder { wonder } => wonder::start(st, c, actor, wonder),
        Command::BuildWonderLevel => wonder::raise(st, c, actor),
        Command::BuyDevelopmentCard => {
            ckd::main(&st.ck, actor)?;
            if st.deck.total() == 0 {
                return Err(DevDeckEmpty);
            }
            ckd::afford(&st.ck, actor, DEV_CARD_COST)?;
            let Some(card) = st.deck.draw(rng) else {
                return Err(DevDeckEmpty);
            };
            end_trade(st, c, actor);
            c.push(Event::DevelopmentCardBought { seat: actor, card });
            Ok(())
        }
        Command::PlayKnight {
            bandit,
            hex,
            victim,
        } => {
            dev_playable(st, actor, DevCard::Knight)?;
            let h = bandit_target(st, actor, bandit, hex, victim)?;
            c.push(Event::DevelopmentCardPlayed {
                seat: actor,
                card: DevCard::Knight,
            });
            move_bandit(c, actor, bandit, h, victim, rng);
            let knights = st.sailors[actor.index()].knights_played + 1;
            let beats = match st.ck.largest_army() {
                None => true,
                Some(h) => h != actor && knights > st.sailors[h.index()].knights_played,
            };
            if knights >= LARGEST_ARMY_MIN && beats {
                c.push(Event::LargestArmyChanged {
                    holder: actor,
                    knights,
                });
            }
            Ok(())
        }
        Command::PlayRoadBuilding { first, second } => {
            dev_playable(st, actor, DevCard::RoadBuilding)?;
            let pieces = free_routes(st, actor, first, second)?;
            c.push(Event::DevelopmentCardPlayed {
                seat: actor,
                card: DevCard::RoadBuilding,
            });
            lay_free(c, actor, &pieces);
            Ok(())
        }
        Command::PlayYearOfPlenty { first, second } => {
            dev_playable(st, actor, DevCard::YearOfPlenty)?;
            let want = Resources::one(first, 1).plus(Resources::one(second, 1));
            if !st.ck.bank().resources.contains(want) {
                return Err(BankLacks);
            }
            c.push(Event::DevelopmentCardPlayed {
                seat: actor,
                card: DevCard::YearOfPlenty,
            });
            c.emit(E::CardsFromBank {
                seat: actor,
                cards: Hand::of_resources(want),
            });
            Ok(())
        }
        Command::PlayMonopoly { resource } => {
            dev_playable(st, actor, DevCard::Monopoly)?;
            c.push(Event::DevelopmentCardPlayed {
                seat: actor,
                card: DevCard::Monopoly,
            });
            for s in st.ck.seat_iter().filter(|&s| s != actor) {
                let n = st.ck.hand(s).resources.get(resource);
                if n > 0 {
                    c.emit(E::CardsTransferred {
                        from: s,
                        to: actor,
                        cards: Hand::of_resources(Resources::one(resource, n)),
                    });
                }
            }
            Ok(())
        }
        Command::PlayProgressRoadBuilding { first, second } => {
            playable(&st.ck, actor, ProgressCard::RoadBuilding)?;
            let pieces = free_routes(st, actor, first, second)?;
            c.emit(E::ProgressCardPlayed {
                seat: actor,
                card: ProgressCard::RoadBuilding,
            });
            lay_free(c, actor, &pieces);
            Ok(())
        }
        Command::ChaseBandit {
            knight,
            bandit,
            hex,
            victim,
        } => {
            ckd::main(&st.ck, actor)?;
            let v = ckd::check_vertex(&st.ck, knight)?;
            ckd::ready_knight(&st.ck, actor, v)?;
            let at = match bandit {
                Bandit::Robber => Some(st.ck.robber()),
                Bandit::Pirate => st.pirate(),
            };
            if !at.is_some_and(|h| st.board().topology().vertex_hexes(v).contains(&h)) {
                return Err(RobberNotAdjacent);
            }
            let h = bandit_target(st, actor, bandit, hex, victim)?;
            match bandit {
                Bandit::Robber => c.emit(E::RobberChased {
                    seat: actor,
                    knight: v,
                    hex: h,
                }),
                Bandit::Pirate => c.push(Event::PirateChased {
                    seat: actor,
                    knight: v,
                    hex: h,
                }),
            }
            if let Some(victim) = victim {
                ckd::steal(c, actor, victim, rng);
            }
            Ok(())
        }
    }
}

/// A command of the layer: refused if Catania has its own form for it, decided here if Catania rules it
/// differently, else by the layer's code.
fn layer_command(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    k: &K,
    rng: &mut GameRng,
) -> Result<(), Violation> {
    let active = actor == st.active();
    match *k {
        K::PlaceCity { .. }
        | K::ChaseRobber { .. }
        | K::PlayProgressCard {
            play: ProgressPlay::RoadBuilding { .. },
        } => return Err(NotInCatania),
        K::PlaceSettlement { vertex } => return opening_settlement(st, c, actor, vertex),
        K::PlaceRoad { edge } => return opening_piece(st, c, actor, edge, false),
        K::BuildRoad { edge } => {
            ckd::main(&st.ck, actor)?;
            let e = ckd::check_edge(&st.ck, edge)?;
            Routes::new(st, actor).check(&st.ck.edges, e, false)?;
            piece_left(st.ck.players[actor.index()].roads_left)?;
            ckd::afford(&st.ck, actor, RULES.hex.costs.road)?;
            end_trade(st, c, actor);
            c.emit(E::RoadBuilt {
                seat: actor,
                edge: e,
                free: false,
            });
            return Ok(());
        }
        K::BuildSettlement { vertex } => return build_settlement(st, c, actor, vertex, rng),
        K::PlayProgressCard {
            play: ProgressPlay::Diplomat { edge, relocate },
        } => return diplomat(st, c, actor, edge, relocate),
        // Seed lines 25-26 (spec D-39): trading, then building; the first build or purchase ends the trading.
        K::BankTrade { .. } | K::OfferTrade { .. } | K::AcceptCounterOffer { .. }
            if active && st.building =>
        {
            return Err(TradePhaseOver)
        }
        // Seed lines 112-113 (spec D-40): the others answer an offer in turn, clockwise from the active seat.
        K::AcceptTrade | K::CounterOffer { .. } | K::RejectTrade
            if st.ck.trade.offer().is_some() && !active && answerer(st) != Some(actor) =>
        {
            return Err(NotYourTurnToAnswer)
        }
        // Seed line 77, spec D-09: no wall at a station; a warned station building is not upgraded.
        K::BuildCityWall { vertex }
        | K::PlayProgressCard {
            play: ProgressPlay::Engineer { vertex },
        } if st.board().topology().vertex(vertex.index()).is_some()
            && station::station_of(st.board(), vertex).is_some() =>
        {
            return Err(NoWallAtStation)
        }
        // The medicine progress card builds a city too.
        K::BuildCity { vertex }
        | K::PlayProgressCard {
            play: ProgressPlay::Medicine { vertex },
        } if station::is_warned(st, vertex) => return Err(StationBuildingWarned),
        // Spec D-27: a sacrificial site stays a settlement.
        K::BuildCity { vertex }
        | K::PlayProgressCard {
            play: ProgressPlay::Medicine { vertex },
        } if st.board().topology().vertex(vertex.index()).is_some()
            && temple::temple_of(st.board(), vertex).is_some() =>
        {
            return Err(NoCityAtTemple)
        }
        // Seed line 90: only settlements at the castle.
        K::BuildCity { vertex }
        | K::PlayProgressCard {
            play: ProgressPlay::Medicine { vertex },
        } if st.board().topology().vertex(vertex.index()).is_some()
            && castle::castle_of(st.board(), vertex).is_some() =>
        {
            return Err(NoCityAtCastle)
        }
        K::BuildCity { .. }
        | K::BuildCityWall { .. }
        | K::BuildKnight { .. }
        | K::ActivateKnight { .. }
        | K::PromoteKnight { .. }
        | K::ImproveCity { .. }
            if active && st.phase() == Phase::Main =>
        {
            // Refused below if the layer refuses it, and with it this event.
            end_trade(st, c, actor);
        }
        _ => {}
    }
    Ok(ckd::command_events(&st.ck, c, actor, k, rng)?)
}

/// The first build or purchase of the turn ends the trade phase; an offer still open lapses with it.
pub(super) fn end_trade(st: &State, c: &mut Ctx, actor: Seat) {
    if st.building {
        return;
    }
    if st.ck.trade.offer().is_some() {
        c.emit(E::TradeWithdrawn { seat: actor });
    }
    c.push(Event::TradePhaseEnded { seat: actor });
}

/// The seat that may answer the open offer now: the first clockwise from the active seat that has not declined it.
pub(super) fn answerer(st: &State) -> Option<Seat> {
    st.ck
        .clockwise_from(st.active())
        .skip(1)
        .find(|&s| !st.ck.trade.rejected(s))
}

/// Where `seat` may lay roads and ships: the hex machine's rules (a side of land or of sea, free, not beside the
/// pirate for a ship, joined to the seat's network, roads and ships meeting at its buildings and landing places),
/// with the other seats' knights cutting routes like their buildings. Built once per listing.
pub(super) struct Routes<'a> {
    st: &'a State,
    seat: Seat,
    blockers: Vec<VertexPiece>,
}

impl<'a> Routes<'a> {
    pub(super) fn new(st: &'a State, seat: Seat) -> Self {
        Routes {
            st,
            seat,
            blockers: st.ck.road_blockers(seat),
        }
    }

    /// Whether a road (or a ship, if `ship`) of the seat may go on `e` with `edges` on the board.
    pub(super) fn check(
        &self,
        edges: &[EdgePiece],
        e: EdgeId,
        ship: bool,
    ) -> Result<(), Violation> {
        let board = self.st.board();
        let sea = self.st.sea();
        if ship && !ship_edge(board, e) {
            return Err(NotAShipSide);
        }
        if !ship && !road_edge(board, e) {
            return Err(NotARoadSide);
        }
        if !edges[e.index()].is_empty() {
            return Err(EdgeOccupied);
        }
        if ship && sea.pirate_blocks(board, e) {
            return Err(PirateBlocksSide);
        }
        let junction = |v: VertexId| sea.junction(self.seat, v);
        if links(board, &self.blockers, edges, self.seat, e, ship, junction) {
            Ok(())
        } else if ship {
            Err(ShipNotConnected)
        } else {
            Err(RoadNotConnected)
        }
    }

    pub(super) fn ok(&self, edges: &[EdgePiece], e: EdgeId, ship: bool) -> bool {
        self.check(edges, e, ship).is_ok()
    }
}

/// An edge piece of `seat`.
fn piece(seat: Seat, ship: bool) -> EdgePiece {
    if ship {
        EdgePiece::ship(seat)
    } else {
        EdgePiece::road(seat)
    }
}

/// The free pieces of a road building card (development or progress): `first`, then `second` unless none can
/// follow (no piece of either kind left, or no side takes one).
pub(super) fn free_routes(
    st: &State,
    seat: Seat,
    first: RoutePiece,
    second: Option<RoutePiece>,
) -> Result<Vec<RoutePiece>, Violation> {
    let routes = Routes::new(st, seat);
    let mut edges = st.ck.edges.clone();
    let mut left = [st.ck.players[seat.index()].roads_left, st.ships_left(seat)];
    let mut laid = Vec::with_capacity(2);
    for p in std::iter::once(first).chain(second) {
        let e = ckd::check_edge(&st.ck, p.edge)?;
        piece_left(left[usize::from(p.ship)])?;
        routes.check(&edges, e, p.ship)?;
        edges[e.index()] = piece(seat, p.ship);
        left[usize::from(p.ship)] -= 1;
        laid.push(RoutePiece {
            edge: e,
            ship: p.ship,
        });
    }
    if second.is_none() {
        let fits = st.board().topology().edges().any(|e| {
            (left[0] > 0 && routes.ok(&edges, e, false))
                || (left[1] > 0 && routes.ok(&edges, e, true))
        });
        if fits {
            return Err(RoadBuildingIncomplete);
        }
    }
    Ok(laid)
}

fn lay_free(c: &mut Ctx, seat: Seat, pieces: &[RoutePiece]) {
    for p in pieces {
        if p.ship {
            c.push(Event::ShipBuilt {
                seat,
                edge: p.edge,
                free: true,
            });
        } else {
            c.emit(E::RoadBuilt {
                seat,
                edge: p.edge,
                free: true,
            });
        }
    }
}

/// Whether `seat` may move its ship on `from` this turn (official Seafarers, spec D-03, D-32).
pub(super) fn ship_may_move(st: &State, seat: Seat, from: EdgeId) -> Result<(), Violation> {
    let p = st.ck.edges[from.index()];
    if p.owner() != Some(seat) || !p.is_ship() {
        return Err(ShipNotMovable);
    }
    let sea = st.sea();
    if sea.moved_this_turn {
        return Err(ShipMovedThisTurn);
    }
    if sea.built_this_turn.contains(&from) {
        return Err(ShipBuiltThisTurn);
    }
    if sea.pirate_blocks(st.board(), from) {
        return Err(PirateBlocksSide);
    }
    if !open_ships_of(st, seat).contains(&from) {
        return Err(ShipNotMovable);
    }
    Ok(())
}

/// The seat's ships at the open end of a line; its landing places and knights close a line like its buildings.
pub(super) fn open_ships_of(st: &State, seat: Seat) -> Vec<EdgeId> {
    let sea = st.sea();
    let own_knight = |v: VertexId| matches!(st.ck.knight_at(v), Some((s, _, _)) if s == seat);
    open_ships(st.board(), &st.ck.vertices, &st.ck.edges, seat, |v| {
        sea.junction(seat, v) || own_knight(v)
    })
}

/// Whether the seat's road on `e` is open: at one of its ends the seat has no building, knight or landing place,
/// and no other road (nor a ship it meets there) leads on (the diplomat's official text, with ships).
pub(super) fn open_road(st: &State, seat: Seat, e: EdgeId) -> bool {
    let t = st.board().topology();
    t.edge_vertices(e).into_iter().any(|v| {
        let held = st.ck.vertices[v.index()].owner() == Some(seat)
            || matches!(st.ck.knight_at(v), Some((s, _, _)) if s == seat)
            || st.sea().junction(seat, v);
        let leads_on = t.vertex_edges(v).iter().any(|&x| {
            let p = st.ck.edges[x.index()];
            x != e && p.owner() == Some(seat) && !p.is_ship()
        });
        !held && !leads_on
    })
}

/// A free coastal corner (land and sea around it, no building, knight or landing place) where the seat's road or
/// ship ends (seed line 121, spec D-35).
pub(super) fn landing_site(st: &State, seat: Seat, v: VertexId) -> bool {
    let board = st.board();
    let t = board.topology();
    st.ck.vertices[v.index()].is_empty()
        && st.ck.knight_at(v).is_none()
        && st.sea().landing_at(v).is_none()
        && touches_land(board, v)
        && t.vertex_hexes(v).iter().any(|&h| board.terrain(h).is_sea())
        && t.vertex_edges(v)
            .iter()
            .any(|e| st.ck.edges[e.index()].owner() == Some(seat))
}

/// Where a starting settlement may go besides the distance rule: on Catan, not on a glacier's corner (seed lines
/// 18-19).
pub(super) fn opening_site(
    board: &Board,
    catan: Option<u8>,
    labels: &[Option<u8>],
    v: VertexId,
) -> Result<(), Violation> {
    let hexes = board.topology().vertex_hexes(v);
    if !hexes
        .iter()
        .any(|h| labels[h.index()].is_some() && labels[h.index()] == catan)
    {
        return Err(NotOnCatan);
    }
    if hexes.iter().any(|&h| board.terrain(h) == Terrain::Glacier) {
        return Err(GlacierCorner);
    }
    Ok(())
}

fn opening_settlement(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    vertex: VertexId,
) -> Result<(), Violation> {
    let Phase::PlaceBuilding { index } = st.phase() else {
        return Err(WrongPhase);
    };
    ckd::require_active(&st.ck, actor)?;
    let v = ckd::check_vertex(&st.ck, vertex)?;
    ckd::site_ok(&st.ck, v)?;
    let labels = islands(st.board());
    opening_site(st.board(), catan_island(&labels), &labels, v)?;
    c.emit(E::SettlementPlaced {
        seat: actor,
        vertex: v,
    });
    // Seed line 18: the second settlement pays one card per adjacent hex that yields one.
    if index >= st.seats() {
        let got = starting_resources(st.board(), v);
        if !got.is_empty() {
            c.emit(E::StartingResourcesTaken {
                seat: actor,
                resources: got,
            });
        }
    }
    Ok(())
}

/// The opening's road or ship beside the settlement just placed (seed line 18).
fn opening_piece(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    edge: EdgeId,
    ship: bool,
) -> Result<(), Violation> {
    let Phase::PlaceRoad { vertex, .. } = st.phase() else {
        return Err(WrongPhase);
    };
    ckd::require_active(&st.ck, actor)?;
    let e = ckd::check_edge(&st.ck, edge)?;
    opening_road_site(st.ck.table(), vertex, e)?;
    let board = st.board();
    if ship && !ship_edge(board, e) {
        return Err(NotAShipSide);
    }
    if !ship && !road_edge(board, e) {
        return Err(NotARoadSide);
    }
    if ship && st.sea().pirate_blocks(board, e) {
        return Err(PirateBlocksSide);
    }
    if ship {
        c.push(Event::ShipPlaced {
            seat: actor,
            edge: e,
        });
    } else {
        c.emit(E::RoadPlaced {
            seat: actor,
            edge: e,
        });
    }
    Ok(())
}

fn build_settlement(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    vertex: VertexId,
    rng: &mut GameRng,
) -> Result<(), Violation> {
    ckd::main(&st.ck, actor)?;
    let v = ckd::check_vertex(&st.ck, vertex)?;
    settlement_site(st, actor, v)?;
    piece_left(st.ck.settlements_left(actor))?;
    let temple = temple::temple_of(st.board(), v).is_some();
    ckd::afford(&st.ck, actor, settlement_cost(st.board(), v))?;
    end_trade(st, c, actor);
    if temple {
        c.push(Event::SacrificialSiteBuilt {
            seat: actor,
            vertex: v,
        });
    } else {
        c.emit(E::SettlementBuilt {
            seat: actor,
            vertex: v,
        });
    }
    // Seed section 2 (spec D-16): island hexes get their chips when a settlement first reaches them.
    let board = st.board();
    let labels = islands(board);
    let mut chips = Vec::new();
    if let Some(catan) = catan_island(&labels) {
        let mut bag = st.bag;
        for hex in awaiting_chips(board, &labels, catan, v) {
            let Some(number) = bag.draw(rng) else { break };
            bag = bag.without(number);
            chips.push(HexChip { hex, number });
        }
    }
    if !chips.is_empty() {
        c.push(Event::ChipsDrawn { seat: actor, chips });
    }
    // Seed line 152 (spec D-42): the first settlement on an island outside Catan earns its conquest point; a
    // station building, a sacrificial site or a castle settlement does not (the seed's exceptions).
    let catan = catan_island(&labels);
    let at_station =
        station::station_of(board, v).is_some() || temple || castle::castle_of(board, v).is_some();
    let island = board
        .topology()
        .vertex_hexes(v)
        .iter()
        .find_map(|h| labels[h.index()].filter(|&l| Some(l) != catan))
        .filter(|_| !at_station);
    if let Some(island) = island {
        if !st.conquests.iter().any(|q| q.island == island) {
            c.push(Event::IslandConquered {
                seat: actor,
                vertex: v,
                island,
            });
        }
    }
    Ok(())
}

/// What a settlement on `v` costs: twice the price at the temple (seed line 95), else the building-cost card's.
pub(super) fn settlement_cost(board: &Board, v: VertexId) -> Resources {
    if temple::temple_of(board, v).is_some() {
        temple::site_cost()
    } else {
        RULES.hex.costs.settlement
    }
}

/// A corner for a settlement of `seat` in play: free, the distance rule, touching land (official Seafarers), a
/// station's only if the seat has no building at a station yet, the temple's only with knights of strength 2, the
/// castle's only with knights of strength 3, and touching one of the seat's roads or ships.
pub(super) fn settlement_site(st: &State, seat: Seat, v: VertexId) -> Result<(), Violation> {
    ckd::site_ok(&st.ck, v)?;
    if !touches_land(st.board(), v) {
        return Err(NotOnLand);
    }
    // Seed line 77: at most one retail post per seat, on either station.
    if station::station_of(st.board(), v).is_some() && station::post_of(st, seat).is_some() {
        return Err(OnePostPerSeat);
    }
    // Seed line 94: a sacrificial site needs knights of strength 2 to protect the temple.
    if temple::temple_of(st.board(), v).is_some() && temple::guard(st, seat) < temple::GUARD_MIN {
        return Err(TempleGuardTooWeak);
    }
    // Seed line 90: a castle settlement needs knights of strength 3 (spec D-28).
    if castle::castle_of(st.board(), v).is_some() && !castle::guarded(st, seat) {
        return Err(CastleGuardTooWeak);
    }
    if !ckd::touches_own_road(&st.ck, seat, v) {
        return Err(SettlementNotConnected);
    }
    Ok(())
}

/// The diplomat with ships (spec D-47): it removes an open road or the end ship of an open line; its own piece the
/// player may lay again elsewhere for free, of the same kind.
fn diplomat(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    edge: EdgeId,
    relocate: Option<EdgeId>,
) -> Result<(), Violation> {
    playable(&st.ck, actor, ProgressCard::Diplomat)?;
    let e = ckd::check_edge(&st.ck, edge)?;
    let p = st.ck.edges[e.index()];
    let Some(owner) = p.owner() else {
        return Err(NotAnOpenRoad);
    };
    let open = if p.is_ship() {
        open_ships_of(st, owner).contains(&e)
    } else {
        open_road(st, owner, e)
    };
    if !open {
        return Err(NotAnOpenRoad);
    }
    let to = match relocate {
        Some(r) => {
            let r = ckd::check_edge(&st.ck, r)?;
            if owner != actor || r == e {
                return Err(InvalidCardTarget);
            }
            let mut edges = st.ck.edges.clone();
            edges[e.index()] = EdgePiece::EMPTY;
            Routes::new(st, actor).check(&edges, r, p.is_ship())?;
            Some(r)
        }
        None => None,
    };
    c.emit(E::ProgressCardPlayed {
        seat: actor,
        card: ProgressCard::Diplomat,
    });
    if p.is_ship() {
        c.push(Event::ShipRemoved {
            seat: owner,
            edge: e,
        });
    } else {
        c.emit(E::RoadRemoved {
            seat: owner,
            edge: e,
        });
    }
    if let Some(r) = to {
        lay_free(
            c,
            actor,
            &[RoutePiece {
                edge: r,
                ship: p.is_ship(),
            }],
        );
    }
    Ok(())
}

/// A development card `card` may be played now: after the roll, one a turn, not one bought this turn (seed
/// lines 27, 169; victory point cards are never played, they count from the start).
fn dev_playable(st: &State, actor: Seat, card: DevCard) -> Result<(), Violation> {
    ckd::main(&st.ck, actor)?;
    if st.dev_played {
        return Err(OneCardPerTurn);
    }
    let s = &st.sailors[actor.index()];
    if s.dev.get(card) > 0 {
        Ok(())
    } else if s.dev_new.get(card) > 0 {
        Err(CardBoughtThisTurn)
    } else {
        Err(NoSuchCard)
    }
}

/// The robber's or the pirate's new hex, robbing `victim`: the robber to another land hex (the hex machine's
/// robber move), the pirate to another sea hex (official Seafarers, seed line 100) robbing a seat with a ship
/// there; the victim is a choice [`Victims`] allows.
pub(super) fn bandit_target(
    st: &State,
    actor: Seat,
    bandit: Bandit,
    hex: HexId,
    victim: Option<Seat>,
) -> Result<HexId, Violation> {
    let has_cards = |s: Seat| st.ck.hand(s).total() > 0;
    if bandit == Bandit::Robber {
        return Ok(robber_move(st.ck.table(), actor, hex, victim, has_cards)?);
    }
    let h = ckd::check_hex(&st.ck, hex)?;
    if !pirate_may_move(st.board(), st.pirate(), h) {
        return Err(PirateMustMove);
    }
    if let Some(v) = victim {
        check_seat(st.seats(), v)?;
    }
    Victims::new(
        pirate_victims(st.board(), &st.ck.edges, h, actor),
        has_cards,
    )
    .check(victim)?;
    Ok(h)
}

fn move_bandit(
    c: &mut Ctx,
    actor: Seat,
    bandit: Bandit,
    hex: HexId,
    victim: Option<Seat>,
    rng: &mut GameRng,
) {
    match bandit {
        Bandit::Robber => c.emit(E::RobberMoved { seat: actor, hex }),
        Bandit::Pirate => c.push(Event::PirateMoved { seat: actor, hex }),
    }
    if let Some(v) = victim {
        ckd::steal(c, actor, v, rng);
    }
}

/// Production of a number roll (seed section 7.1): the layer's table for resources and commodities, the hexes of
/// the robber, the hurricane and the storm cloud yielding nothing; a gold field gives a settlement one and a city
/// two resources of the owner's choice (official Seafarers), owed as [`Event::GoldDue`]; the bank pays clockwise
/// from the roller (seed line 24, spec D-41): a seat it can pay in full is paid, the first it cannot gets what is
/// left, later seats nothing.
fn produce(c: &mut Ctx, roll: u8) {
    let ck = &c.s.ck;
    let board = ck.board();
    let vertices = producing(&c.s);
    let mut gains = [Hand::ZERO; 8];
    produce_into(
        board,
        &vertices,
        roll,
        |h| yields_nothing(&c.s, h),
        &mut gains,
        ckd::city_yield,
    );
    let mut gold = [0u8; 8];
    for &h in board.hexes_with_number(roll) {
        if yields_nothing(&c.s, h) || board.terrain(h) != Terrain::Gold {
            continue;
        }
        add_gold(&vertices, board.topology().hex_vertices(h), &mut gold);
    }
    let (gains, withheld, owed) = pay_clockwise(&c.s, gains, gold);
    c.emit(E::ResourcesProduced { gains, withheld });
    if !owed.is_empty() {
        c.push(Event::GoldDue { owed });
    }
    pay_specialists(c);
}

/// The board's buildings as they produce: those an avalanche tilted yield nothing (seed line 85), as if absent.
fn producing(st: &State) -> std::borrow::Cow<'_, [VertexPiece]> {
    let vertices = &st.ck.vertices;
    if st.tilted.is_empty() {
        return std::borrow::Cow::Borrowed(vertices);
    }
    let mut v = vertices.clone();
    for t in &st.tilted {
        v[t.vertex.index()] = VertexPiece::EMPTY;
    }
    std::borrow::Cow::Owned(v)
}

/// Adds to `gold` what the buildings on `corners` take from a gold-like hex: one resource of choice for a
/// settlement, two for a city.
fn add_gold(vertices: &[VertexPiece], corners: &[VertexId], gold: &mut [u8; 8]) {
    for &v in corners {
        let p = vertices[v.index()];
        if let Some(s) = p.owner() {
            gold[s.index()] += p.yield_count();
        }
    }
}

/// The bank pays `gains` clockwise from the roller (seed line 24, spec D-41): a seat it can pay in full is paid,
/// the first it cannot gets what is left, later seats nothing. Returns the seats paid, the goods withheld and the
/// gold owed in the order it is chosen.
fn pay_clockwise(
    st: &State,
    mut gains: [Hand; 8],
    gold: [u8; 8],
) -> (Vec<SeatHand>, Vec<Good>, Vec<SeatCount>) {
    let ck = &st.ck;
    let n = usize::from(ck.seats());
    let order: Vec<usize> = ck.clockwise_from(ck.active()).map(Seat::index).collect();
    let bank = ck.bank();
    let withheld = pay_in_turn(
        &mut gains[..n],
        &order,
        Hand::KINDS.iter().copied(),
        |g: Good| bank.get(g),
        |h, g| h.get_mut(g),
    );
    let paid: Vec<SeatHand> = (0..n)
        .filter(|&i| !gains[i].is_empty())
        .map(|i| SeatHand {
            seat: Seat(i as u8),
            cards: gains[i],
        })
        .collect();
    let owed: Vec<SeatCount> = order
        .iter()
        .filter(|&&i| gold[i] > 0)
        .map(|&i| SeatCount {
            seat: Seat(i as u8),
            count: gold[i],
        })
        .collect();
    (paid, withheld, owed)
}

/// The yields of a 7 (seed section 7.2, spec D-04 (f)), after the discards are counted: a building at a glacier's
/// foot takes the normal yield of each other hex of its corner (at most two; seed line 84, D-25), a building at the
/// volcano resources of its choice as from gold (line 87). A 7-hex under the robber, the hurricane or the storm
/// cloud yields nothing, and neither does such a hex beside a glacier (D-25, D-22, D-26); a tilted building takes
/// nothing (D-24).
fn seven_yields(c: &mut Ctx) {
    let st = &c.s;
    let board = st.board();
    let t = board.topology();
    let vertices = producing(st);
    let mut gains = [Hand::ZERO; 8];
    let mut gold = [0u8; 8];
    for &g in board.hexes_with_number(7) {
        if yields_nothing(st, g) {
            continue;
        }
        match board.terrain(g) {
            Terrain::Glacier => {
                for &v in t.hex_vertices(g) {
                    let p = vertices[v.index()];
                    let Some(seat) = p.owner() else { continue };
                    for &h in t.vertex_hexes(v) {
                        if h == g || yields_nothing(st, h) {
                            continue;
                        }
                        let terrain = board.terrain(h);
                        if let Some(r) = terrain.resource() {
                            ckd::city_yield(&mut gains[seat.index()], r, terrain, p);
                        } else if terrain == Terrain::Gold {
                            gold[seat.index()] += p.yield_count();
                        }
                    }
                }
            }
            Terrain::Volcano => add_gold(&vertices, t.hex_vertices(g), &mut gold),
            _ => {}
        }
    }
    if gains.iter().any(|h| !h.is_empty()) || gold.iter().any(|&n| n > 0) {
        let (gains, withheld, owed) = pay_clockwise(st, gains, gold);
        if !gains.is_empty() || !withheld.is_empty() {
            c.push(Event::SevenYielded { gains, withheld });
        }
        if !owed.is_empty() {
            c.push(Event::GoldDue { owed });
        }
    }
    pay_specialists(c);
    // The stations' exchanges come last, so every good of this roll counts for them (seed line 82).
    let posts = station::posts_due(&c.s);
    if !posts.is_empty() {
        c.push(Event::StationExchangesDue { posts });
    }
}

/// The doubles' effects, after the forces and before the yields (spec D-04 (d)): the avalanches, then on double 1
/// or double 6 the volcano's eruption, then the temple's tributes.
fn doubles(c: &mut Ctx, roll: ck::Roll, rng: &mut GameRng) {
    if roll.white != roll.red {
        return;
    }
    avalanche(c, roll.white + roll.red);
    if roll.white == 1 || roll.white == 6 {
        erupt(c, rng);
    }
    // Seed line 95: the gods' will, paid once the roll's yields are in.
    let dues = temple::tributes(&c.s, roll.white + roll.red);
    if !dues.is_empty() {
        c.push(Event::TributesDue { dues });
    }
}

/// Doubles of `sum` and the glaciers (seed line 85, spec D-24, D-44): a tilted building is destroyed by the same
/// doubles again and stands up on others; then every standing building at a glacier's foot beside a hex numbered
/// `sum` is tilted. A city the same doubles destroy stands as a settlement.
fn avalanche(c: &mut Ctx, sum: u8) {
    let mut struck = Vec::new();
    for tilt in c.s.tilted.clone() {
        if tilt.sum == sum {
            struck.push(tilt.vertex);
            ruin(c, tilt.vertex, Blow::Avalanche);
        } else {
            c.push(Event::BuildingRighted {
                seat: tilt.seat,
                vertex: tilt.vertex,
            });
        }
    }
    let board = c.s.board();
    let t = board.topology();
    let mut hit = Vec::new();
    for &g in board.hexes_with_number(7) {
        if board.terrain(g) != Terrain::Glacier {
            continue;
        }
        for &v in t.hex_vertices(g) {
            let Some(seat) = c.s.ck.vertices[v.index()].owner() else {
                continue;
            };
            let beside = t
                .vertex_hexes(v)
                .iter()
                .any(|&h| h != g && board.number(h) == Some(sum));
            if beside && !struck.contains(&v) && !hit.iter().any(|&(w, _)| w == v) {
                hit.push((v, seat));
            }
        }
    }
    for (vertex, seat) in hit {
        c.push(Event::BuildingTilted { seat, vertex, sum });
    }
}

/// The volcano erupts (seed lines 87-88): one more die chooses the corner (die d, corner d - 1, clockwise from
/// north; spec D-05), and the building there is struck down. The robber on the volcano does not stop it (D-26).
fn erupt(c: &mut Ctx, rng: &mut GameRng) {
    let board = c.s.board();
    let volcanoes: Vec<HexId> = board
        .hexes_with_number(7)
        .iter()
        .copied()
        .filter(|&h| board.terrain(h) == Terrain::Volcano)
        .collect();
    for hex in volcanoes {
        let die = rng.gen_range(1..=6u8);
        let vertex = c.s.board().topology().hex_vertices(hex)[usize::from(die - 1)];
        c.push(Event::VolcanoErupted { hex, die, vertex });
        ruin(c, vertex, Blow::Eruption);
    }
}

/// A blow strikes the building on `vertex`, if there is one (seed lines 85, 87-88): a settlement is removed; a city
/// becomes a settlement, or is removed if its owner has none left in supply; its wall is lost. A metropolis on it
/// moves to another city of its owner without one, else it is lost until someone reaches its level again (spec
/// D-26 as far as the layer holds a metropolis only on a city).
pub(super) fn ruin(c: &mut Ctx, vertex: VertexId, blow: Blow) {
    let ck = &c.s.ck;
    let p = ck.vertices[vertex.index()];
    let Some(seat) = p.owner() else { return };
    let ruin = if !p.is_city() {
        Ruin::SettlementRemoved
    } else if ck.settlements_left(seat) > 0 {
        Ruin::CityReduced
    } else {
        Ruin::CityRemoved
    };
    let wall = ck.walls[vertex.index()];
    let tracks: Vec<Track> = Track::ALL
        .into_iter()
        .filter(|t| matches!(ck.metropolis(*t), Some((_, v)) if v == vertex))
        .collect();
    c.push(Event::BuildingRuined {
        seat,
        vertex,
        blow,
        ruin,
        wall,
    });
    // Before the roll's yields, so the specialist paid on this roll is the board's as the blow left it.
    reassess_specialists(c);
    for track in tracks {
        let ck = &c.s.ck;
        let other = ck.cities_of(seat).find(|&v| !ck.is_metropolis(v));
        if let Some(other) = other {
            c.emit(E::MetropolisPlaced {
                seat,
                track,
                vertex: other,
                from: None,
            });
        }
    }
}

/// Whether the hex yields nothing now: the robber, the hurricane or the storm cloud stands on it (seed lines 23,
/// 46, 48).
pub(super) fn yields_nothing(st: &State, h: HexId) -> bool {
    h == st.ck.robber() || Some(h) == st.hurricane || Some(h) == st.cloud
}

/// The natural forces' steps of a roll, after the event die and before the 7 or the yields (seed line 23, spec
/// D-04): on a 7 the iceberg, then the hurricane; on every roll the storm cloud. Each takes one step towards the
/// white die's side (die d, side d - 1: 1 north-east, clockwise to 6 north-west; D-05), wrapping around the
/// map's edges (seed line 50, D-06). The iceberg sails the sea only: a step onto land leaves it where it is. It
/// destroys a ship on the side it crosses or runs against, never a road; the hurricane destroys a road or a ship;
/// the cloud nothing (seed lines 41, 45, 48). A destroyed piece must be rebuilt first unless it was the open end
/// of its line (seed line 42; roads by the same reading, D-21).
fn drift(c: &mut Ctx, roll: ck::Roll) {
    let side = usize::from(roll.white.saturating_sub(1));
    let seven = roll.white + roll.red == 7;
    for force in [Force::Iceberg, Force::Hurricane, Force::StormCloud] {
        if force != Force::StormCloud && !seven {
            continue;
        }
        let Some(from) = c.s.force(force) else {
            continue;
        };
        let st = &c.s;
        let board = st.board();
        let t = board.topology();
        let Some(step) = Torus::of(t).and_then(|torus| torus.step(t, from, side)) else {
            continue;
        };
        let to = match force {
            Force::Iceberg if !board.terrain(step.to).is_sea() => from,
            _ => step.to,
        };
        let wrecks: Vec<Wreck> = step
            .sides()
            .filter_map(|edge| {
                let p = st.ck.edges[edge.index()];
                let seat = p.owner()?;
                let ship = p.is_ship();
                let hit = match force {
                    Force::Iceberg => ship,
                    Force::Hurricane => true,
                    Force::StormCloud => false,
                };
                let open = if ship {
                    open_ships_of(st, seat).contains(&edge)
                } else {
                    open_road(st, seat, edge)
                };
                hit.then_some(Wreck {
                    seat,
                    edge,
                    ship,
                    repair: !open,
                })
            })
            .collect();
        c.push(Event::ForceMoved {
            force,
            from,
            to,
            wrecks,
        });
    }
}

/// The repairs `seat` must make before building anything else now: those whose side it could build on (free,
/// joined to its network, not beside the pirate for a ship, with a piece in supply). A repair that cannot be made
/// now does not block (spec D-21).
pub(super) fn due_repairs(st: &State, seat: Seat) -> Vec<Repair> {
    let mine = |r: &&Repair| r.seat == seat;
    if !st.repairs.iter().any(|r| mine(&r)) {
        return Vec::new();
    }
    let routes = Routes::new(st, seat);
    st.repairs
        .iter()
        .filter(mine)
        .filter(|r| {
            let left = if r.ship {
                st.ships_left(seat)
            } else {
                st.ck.players[seat.index()].roads_left
            };
            left > 0 && routes.ok(&st.ck.edges, r.edge, r.ship)
        })
        .copied()
        .collect()
}

/// Whether a repair due makes `seat`'s `command` wait (in its main phase; elsewhere the command is refused for
/// what it is).
fn blocked_by_repair(st: &State, seat: Seat, command: &Command) -> bool {
    !st.repairs.is_empty()
        && seat == st.active()
        && st.phase() == Phase::Main
        && waits_for_repair(&due_repairs(st, seat), command)
}

/// Whether the repairs `due` make `command` wait: every build or purchase of the seed's section 9 (roads, ships,
/// settlements, cities, walls, knights and their promotion, improvements, landing places, development cards)
/// except the rebuilding of a destroyed piece itself (seed lines 42, 45, spec D-21). Trades, card plays and a
/// knight's activation go on.
pub(super) fn waits_for_repair(due: &[Repair], command: &Command) -> bool {
    let rebuilt = match *command {
        Command::BuildShip { edge } => Some((edge, true)),
        Command::Ck(K::BuildRoad { edge }) => Some((edge, false)),
        Command::BuildLandingPlace { .. }
        | Command::BuyDevelopmentCard
        | Command::StartWonder { .. }
        | Command::BuildWonderLevel
        | Command::Ck(
            K::BuildSettlement { .. }
            | K::BuildCity { .. }
            | K::BuildCityWall { .. }
            | K::BuildKnight { .. }
            | K::PromoteKnight { .. }
            | K::ImproveCity { .. },
        ) => None,
        _ => return false,
    };
    !due.is_empty()
        && !rebuilt.is_some_and(|(edge, ship)| due.iter().any(|r| r.edge == edge && r.ship == ship))
}

/// Gold owed with nothing left in the bank to choose from is settled with nothing.
fn settle_empty_gold(c: &mut Ctx) {
    while let Some(&first) = c.s.gold.first() {
        if u16::from(first.count).min(c.s.ck.bank().resources.total()) > 0 {
            return;
        }
        c.push(Event::GoldChosen {
            seat: first.seat,
            resources: Resources::ZERO,
        });
    }
}

/// After `seat` lost the city on `vertex`: if it had no settlement left to put there, the fold of `CityLost` left
/// the corner empty (a settlement stands there otherwise), and its roads and ships that led only there go now,
/// with the corner's clearing recorded (seed line 34, spec D-36).
fn clear_if_homeless(c: &mut Ctx, seat: Seat, vertex: VertexId) {
    let ck = &c.s.ck;
    if ck.vertices[vertex.index()].owner() == Some(seat) {
        return;
    }
    let t = ck.board().topology();
    let sea = c.s.sea();
    let removed: Vec<EdgeId> = t
        .vertex_edges(vertex)
        .iter()
        .copied()
        .filter(|&e| ck.edges[e.index()].owner() == Some(seat))
        .filter(|&e| {
            let [a, b] = t.edge_vertices(e);
            let w = if a == vertex { b } else { a };
            let held = ck.vertices[w.index()].owner() == Some(seat)
                || matches!(ck.knight_at(w), Some((s, _, _)) if s == seat)
                || sea.junction(seat, w);
            let more = t
                .vertex_edges(w)
                .iter()
                .any(|&x| x != e && ck.edges[x.index()].owner() == Some(seat));
            !held && !more
        })
        .collect();
    c.push(Event::CornerCleared {
        seat,
        vertex,
        removed,
    });
}

/// The active seat wins on reaching the target in its turn, hidden victory point cards included; a seat that
/// reached it in another's turn wins when its own turn begins (spec D-43, as the layer).
fn check_win(c: &mut Ctx) {
    let phase = c.s.phase();
    if matches!(
        phase,
        Phase::Ended { .. } | Phase::PlaceBuilding { .. } | Phase::PlaceRoad { .. }
    ) {
        return;
    }
    let seat = c.s.active();
    let points = c.s.points(seat);
    if points >= c.s.ck.points_to_win {
        c.emit(E::GameWon { seat, points });
    }
}
