//! `legal_actions` and `seats_to_act`.
//!
//! Board commands (roads, buildings, knights, robber), single choices and the knights a seat commits against the
//! barbarians (every set of its active knights, CK-VAR-02) are listed completely. Commands that
//! choose a set of cards (discards, gifts, the master merchant's take) and free-form offers are listed as a
//! representative sample: a few different ways to pay, and one-for-one offers and counter-offers; any other valid
//! choice is still accepted by `decide`. Trade is listed by [`crate::hex::trade`], which also decides it. Progress
//! card plays are listed for every target that `decide` accepts (one second road per first road, one relocation
//! per removed road, one commercial harbor offer to every opponent the hand can pay).
//!
//! Listing is the random player's inner loop, so it reuses `decide`'s predicates but never a trial `decide` (which
//! copies the state), and the main phase can be listed one [`MainKind`] at a time ([`main_kind_actions`]) for a
//! player that draws the kind first. Prices and the progress hand are those of the rules the state runs under
//! ([`State::rules`]), the numbers `decide` reads, so a scenario with numbers of its own is listed what it accepts.
//! `legal/tests.rs` checks both listings against `decide`, under the printed rules and under other numbers.
use super::decide::*;
use super::progress::{is_open_road, swappable};
use super::*;
use crate::hex::{trade, EdgeId, Resource};

/// [`seats_to_act`] without the answers to an open offer, which the game does not wait for.
pub(crate) fn waiting_for(st: &State) -> Vec<Seat> {
    match st.phase {
        Phase::Main if st.pending.is_empty() => vec![st.active],
        _ => seats_to_act(st),
    }
}

pub(crate) fn seats_to_act(st: &State) -> Vec<Seat> {
    if let Phase::Ended { .. } = st.phase {
        return Vec::new();
    }
    if !st.pending.is_empty() {
        let mut seats: Vec<Seat> = Vec::new();
        for o in &st.pending {
            if !seats.contains(&o.seat()) {
                seats.push(o.seat());
            }
        }
        return seats;
    }
    let mut seats = vec![st.active];
    if st.phase == Phase::Main && st.trade.offer().is_some() {
        seats.extend(
            st.seat_iter().filter(|&s| {
                s != st.active && trade::can_respond(&st.trade, st.active, s, hand(st))
            }),
        );
    }
    seats
}

pub(crate) fn legal_actions(st: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    if matches!(st.phase, Phase::Ended { .. }) || seat.0 >= st.seats {
        return out;
    }
    if !st.pending.is_empty() {
        let mine: Vec<Obligation> = st
            .pending
            .iter()
            .filter(|o| o.seat() == seat)
            .copied()
            .collect();
        for o in mine {
            obligation_actions(st, seat, o, &mut out);
        }
        dedup(&mut out);
        return out;
    }
    let t = st.board.topology();
    match st.phase {
        Phase::PlaceBuilding { index } if seat == st.active => {
            for v in t.vertices() {
                if site_ok(st, v).is_ok() {
                    out.push(if index >= st.seats {
                        Command::PlaceCity { vertex: v }
                    } else {
                        Command::PlaceSettlement { vertex: v }
                    });
                }
            }
        }
        Phase::PlaceRoad { vertex, .. } if seat == st.active => {
            out.extend(
                crate::hex::opening_road_sites(&st.board, &st.edges, vertex)
                    .map(|edge| Command::PlaceRoad { edge }),
            );
        }
        Phase::Roll if seat == st.active => {
            out.push(Command::RollDice);
            if st.players[seat.index()]
                .progress
                .contains(&ProgressCard::Alchemist)
            {
                for white in 1..=6 {
                    for red in 1..=6 {
                        out.push(Command::PlayProgressCard {
                            play: ProgressPlay::Alchemist { white, red },
                        });
                    }
                }
            }
        }
        Phase::Robber if seat == st.active => {
            for h in t
                .hexes()
                .filter(|&h| crate::hex::robber_may_move(&st.board, st.robber, h))
            {
                let victims =
                    crate::hex::Victims::of_robber(&st.board, &st.vertices, h, seat, |s| {
                        st.players[s.index()].hand.total() > 0
                    });
                out.extend(
                    victims
                        .choices()
                        .map(|victim| Command::MoveRobber { hex: h, victim }),
                );
            }
        }
        Phase::Main if seat == st.active => main_actions(st, seat, &mut out),
        Phase::Main => {
            trade::responder_actions(&st.trade, st.active, seat, hand(st), |c| {
                out.push(super::trade::command(c))
            });
        }
        _ => {}
    }
    out
}

/// Each seat's hand, as the shared trade rules ask for it.
fn hand(st: &State) -> impl Fn(Seat) -> Hand + '_ {
    |s| st.players[s.index()].hand
}

fn dedup(out: &mut Vec<Command>) {
    let mut seen: Vec<Command> = Vec::with_capacity(out.len());
    for c in out.drain(..) {
        if !seen.contains(&c) {
            seen.push(c);
        }
    }
    *out = seen;
}

/// A few different sets of `count` cards from `hand` (commodities only if asked): round-robin over the goods
/// from each starting good, and largest piles first.
fn sample_hands(hand: Hand, count: u16, commodities_only: bool) -> Vec<Hand> {
    let goods: Vec<Good> = Good::ALL
        .into_iter()
        .filter(|g| !commodities_only || g.commodity().is_some())
        .collect();
    let mut out: Vec<Hand> = Vec::new();
    for start in 0..goods.len() {
        let mut left = hand;
        let mut pick = Hand::ZERO;
        let mut n = 0;
        let mut i = start;
        let mut idle = 0;
        while n < count && idle < goods.len() {
            let g = goods[i % goods.len()];
            if left.get(g) > 0 {
                *left.get_mut(g) -= 1;
                *pick.get_mut(g) += 1;
                n += 1;
                idle = 0;
            } else {
                idle += 1;
            }
            i += 1;
        }
        if n == count && !out.contains(&pick) {
            out.push(pick);
        }
    }
    let mut left = hand;
    let mut pick = Hand::ZERO;
    for _ in 0..count {
        let Some(&g) = goods.iter().max_by_key(|&&g| left.get(g)) else {
            break;
        };
        if left.get(g) == 0 {
            break;
        }
        *left.get_mut(g) -= 1;
        *pick.get_mut(g) += 1;
    }
    if pick.total() == count && !out.contains(&pick) {
        out.push(pick);
    }
    out
}

fn obligation_actions(st: &State, seat: Seat, o: Obligation, out: &mut Vec<Command>) {
    let t = st.board.topology();
    let hand = st.players[seat.index()].hand;
    match o {
        Obligation::Discard { count, .. } => {
            for cards in sample_hands(hand, u16::from(count), false) {
                out.push(Command::Discard { cards });
            }
        }
        Obligation::Give {
            count,
            commodities_only,
            ..
        } => {
            let available = if commodities_only {
                hand.commodities.total()
            } else {
                hand.total()
            };
            let n = u16::from(count).min(available);
            for cards in sample_hands(hand, n, commodities_only) {
                out.push(Command::GiveCards { cards });
            }
        }
        Obligation::LoseCity { .. } => {
            for v in t.vertices() {
                if losable_city(st, seat, v) {
                    out.push(Command::ChooseCityToLose { vertex: v });
                }
            }
        }
        Obligation::Retreat { from, .. } => {
            for v in retreat_targets(st, seat, from) {
                out.push(Command::RetreatKnight { vertex: v });
            }
        }
        Obligation::RemoveKnight { .. } => {
            for v in t.vertices() {
                if matches!(st.knights[v.index()], Some(k) if k.seat == seat) {
                    out.push(Command::RemoveKnight { vertex: v });
                }
            }
        }
        Obligation::ReturnProgressCard { .. } => {
            for &card in &st.players[seat.index()].progress {
                out.push(Command::ReturnProgressCard { card });
            }
        }
        Obligation::CommitKnights { .. } => {
            // Every set of the seat's active knights, each once with its corners in the board's order (CK-VAR-02):
            // none first, all last. Knights are public, and a seat has at most six (two of each strength), so at
            // most 64 commands.
            let active: Vec<VertexId> = t
                .vertices()
                .filter(|v| matches!(st.knights[v.index()], Some(k) if k.seat == seat && k.active))
                .collect();
            for set in 0..1u32 << active.len() {
                let vertices = active
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| set & (1 << i) != 0)
                    .map(|(_, &v)| v)
                    .collect();
                out.push(Command::CommitKnights { vertices });
            }
        }
        Obligation::DrawProgressCard { .. } => {
            for track in Track::ALL {
                if deck_has_cards(st, track) {
                    out.push(Command::ChooseProgressDeck { track });
                }
            }
        }
        Obligation::AqueductResource { .. } => {
            for r in Resource::ALL {
                if st.bank.resources.get(r) > 0 {
                    out.push(Command::TakeAqueductResource { resource: r });
                }
            }
        }
        Obligation::TakeCards { from, count, .. } => {
            let victim = st.players[from.index()].hand;
            let n = u16::from(count).min(victim.total());
            for cards in sample_hands(victim, n, false) {
                out.push(Command::TakeCards { cards });
            }
        }
        Obligation::TakeProgressCard { from, .. } => {
            for &card in &st.players[from.index()].progress {
                out.push(Command::TakeProgressCard { card });
            }
        }
    }
}

crate::hex::command_kinds! {
    /// A kind of command of the active seat's main phase: the unit the random player draws before listing
    /// anything. Every command [`main_actions`] lists is of one of these kinds ([`MainKind::of`]), kind by kind in
    /// the order of [`MainKind::ALL`] but for the interleaved ones ([`MainKind::by_corner`], [`MainKind::by_trade`]).
    MainKind {
        ReturnProgressCard,
        EndTurn,
        BuildRoad,
        BuildSettlement,
        BuildCity,
        BuildCityWall,
        BuildKnight,
        PlaceDeserterKnight,
        ActivateKnight,
        PromoteKnight,
        MoveKnight,
        ChaseRobber,
        ImproveCity,
        BankTrade,
        OfferTrade,
        WithdrawTrade,
        AcceptCounterOffer,
        RejectCounterOffer,
        PlayProgressCard,
    }
}

impl MainKind {
    /// Kinds listed corner by corner: [`main_actions`] interleaves them, corner after corner, in this order.
    fn by_corner(self) -> bool {
        use MainKind as K;
        matches!(
            self,
            K::BuildCity
                | K::BuildCityWall
                | K::BuildKnight
                | K::PlaceDeserterKnight
                | K::ActivateKnight
                | K::PromoteKnight
                | K::MoveKnight
                | K::ChaseRobber
        )
    }

    /// Kinds that [`trade::active_actions`] lists, interleaved seat by seat.
    fn by_trade(self) -> bool {
        use MainKind as K;
        matches!(
            self,
            K::OfferTrade | K::WithdrawTrade | K::AcceptCounterOffer | K::RejectCounterOffer
        )
    }
}

/// Everything the active seat may do in its main phase (no obligation pending), kind by kind as [`MainKind::ALL`]
/// orders them, except that the corner kinds are interleaved corner by corner and the trade kinds as the trade
/// rules list them: the order the listing has always had.
fn main_actions(st: &State, seat: Seat, out: &mut Vec<Command>) {
    let corner_kinds: Vec<MainKind> = MainKind::ALL
        .into_iter()
        .filter(|&k| k.by_corner() && main_kind_possible(st, seat, k))
        .collect();
    for kind in MainKind::ALL {
        match kind {
            // The first corner kind stands for them all, and the first trade kind for the trade rules' list.
            MainKind::BuildCity => {
                for v in st.board.topology().vertices() {
                    for &k in &corner_kinds {
                        corner_actions(st, seat, k, v, out);
                    }
                }
            }
            MainKind::OfferTrade => trade::active_actions(&st.trade, seat, hand(st), |c| {
                out.push(super::trade::command(c))
            }),
            k if k.by_corner() || k.by_trade() => {}
            k if main_kind_possible(st, seat, k) => kind_actions(st, seat, k, out),
            _ => {}
        }
    }
}

/// The commands of one kind that [`main_actions`] lists, in the same order, listing nothing else: what the random
/// player asks for once it has drawn a kind.
pub(crate) fn main_kind_actions(st: &State, seat: Seat, kind: MainKind, out: &mut Vec<Command>) {
    if !main_kind_possible(st, seat, kind) {
        return;
    }
    if kind.by_corner() {
        for v in st.board.topology().vertices() {
            corner_actions(st, seat, kind, v, out);
        }
    } else if kind.by_trade() {
        trade::active_actions(&st.trade, seat, hand(st), |c| {
            let c = super::trade::command(c);
            if MainKind::of(&c) == Some(kind) {
                out.push(c);
            }
        });
    } else {
        kind_actions(st, seat, kind, out);
    }
}

/// What a kind needs before any corner, edge or card choice is looked at (its price, a piece, a card in hand, an
/// open offer), by the rules the state runs under, as `decide` reads them. A kind without it lists nothing, so the
/// listings skip it and the random player does not draw it; one with it may still list nothing (no site, no
/// target).
fn main_kind_possible(st: &State, seat: Seat, kind: MainKind) -> bool {
    use MainKind as K;
    let rules = st.rules();
    let costs = &rules.hex.costs;
    let p = &st.players[seat.index()];
    let res = p.hand.resources;
    match kind {
        // Beyond the hand limit a card must go back before the turn can end.
        K::ReturnProgressCard => p.progress.len() > rules.progress_hand_max,
        K::EndTurn => p.progress.len() <= rules.progress_hand_max,
        K::BuildRoad => p.roads_left > 0 && res.contains(costs.road),
        K::BuildSettlement => res.contains(costs.settlement) && st.settlements_left(seat) > 0,
        K::BuildCity => res.contains(costs.city),
        K::BuildCityWall => res.contains(rules.wall_cost) && p.walls_left > 0,
        K::BuildKnight => p.knights_left[0] > 0 && res.contains(rules.knight_cost),
        K::PlaceDeserterKnight => {
            matches!(st.deserter_knight, Some(s) if p.knights_left[usize::from(s - 1)] > 0)
        }
        K::ActivateKnight => res.contains(rules.activate_cost),
        K::PromoteKnight => res.contains(rules.knight_cost),
        K::MoveKnight | K::ChaseRobber | K::OfferTrade => true,
        // The next level costs as many commodities as its number.
        K::ImproveCity => Track::ALL.into_iter().any(|t| improvement_payable(p, t)),
        // No ratio is better than 2:1.
        K::BankTrade => p.hand.to_array().into_iter().any(|n| n >= 2),
        K::WithdrawTrade | K::AcceptCounterOffer | K::RejectCounterOffer => {
            st.trade.offer().is_some() || st.seat_iter().any(|s| st.trade.counter(s).is_some())
        }
        K::PlayProgressCard => !p.progress.is_empty(),
    }
}

fn improvement_payable(p: &PlayerState, track: Track) -> bool {
    p.hand.commodities.get(track.commodity()) > p.improvements.get(track)
}

/// The kinds listed as a whole, not corner by corner nor by the trade rules, once [`main_kind_possible`] holds.
fn kind_actions(st: &State, seat: Seat, kind: MainKind, out: &mut Vec<Command>) {
    let t = st.board.topology();
    let p = &st.players[seat.index()];
    match kind {
        MainKind::ReturnProgressCard => {
            for &card in &p.progress {
                out.push(Command::ReturnProgressCard { card });
            }
        }
        MainKind::EndTurn => out.push(Command::EndTurn),
        MainKind::BuildRoad => {
            let roads = RoadSites::new(st, seat);
            for e in t.edges().filter(|&e| roads.ok(st, &st.edges, e)) {
                out.push(Command::BuildRoad { edge: e });
            }
        }
        MainKind::BuildSettlement => {
            for v in t.vertices() {
                if site_ok(st, v).is_ok() && touches_own_road(st, seat, v) {
                    out.push(Command::BuildSettlement { vertex: v });
                }
            }
        }
        MainKind::ImproveCity => {
            for track in Track::ALL
                .into_iter()
                .filter(|&t| improvement_payable(p, t))
            {
                if let Ok((level, _)) = improve_ok(st, seat, track, 0) {
                    for metropolis in metropolis_choices(st, seat, track, level) {
                        out.push(Command::ImproveCity { track, metropolis });
                    }
                }
            }
        }
        MainKind::BankTrade => trade::bank_trades(
            p.hand,
            st.bank,
            |give| bank_ratio(st, seat, give),
            |give, receive| out.push(Command::BankTrade { give, receive }),
        ),
        MainKind::PlayProgressCard => {
            let roads = RoadSites::new(st, seat);
            let mut cards = p.progress.clone();
            cards.sort();
            cards.dedup();
            for card in cards {
                progress_plays(st, seat, card, &roads, out);
            }
        }
        _ => {}
    }
}

/// The commands of corner kind `kind` at corner `v`, once [`main_kind_possible`] holds.
fn corner_actions(st: &State, seat: Seat, kind: MainKind, v: VertexId, out: &mut Vec<Command>) {
    let own_knight = match st.knights[v.index()] {
        Some(k) if k.seat == seat => Some(k),
        _ => None,
    };
    match kind {
        MainKind::BuildCity if city_upgrade_ok(st, seat, v, st.rules().hex.costs.city).is_ok() => {
            out.push(Command::BuildCity { vertex: v })
        }
        MainKind::BuildCityWall if wall_ok(st, seat, v).is_ok() => {
            out.push(Command::BuildCityWall { vertex: v })
        }
        MainKind::BuildKnight if knight_site_ok(st, seat, v).is_ok() => {
            out.push(Command::BuildKnight { vertex: v })
        }
        MainKind::PlaceDeserterKnight if knight_site_ok(st, seat, v).is_ok() => {
            out.push(Command::PlaceDeserterKnight { vertex: v })
        }
        MainKind::ActivateKnight if own_knight.is_some_and(|k| !k.active) => {
            out.push(Command::ActivateKnight { vertex: v })
        }
        MainKind::PromoteKnight if own_knight.is_some() && promote_ok(st, seat, v).is_ok() => {
            out.push(Command::PromoteKnight { vertex: v })
        }
        MainKind::MoveKnight => {
            let Some(k) = own_knight.filter(|_| ready_knight(st, seat, v).is_ok()) else {
                return;
            };
            for to in reachable(st, seat, v) {
                if !st.vertices[to.index()].is_empty() {
                    continue;
                }
                match st.knights[to.index()] {
                    None => out.push(Command::MoveKnight { from: v, to }),
                    Some(o) if o.seat != seat && o.strength < k.strength => {
                        out.push(Command::MoveKnight { from: v, to })
                    }
                    _ => {}
                }
            }
        }
        MainKind::ChaseRobber
            if own_knight.is_some()
                && ready_knight(st, seat, v).is_ok()
                && st.robber != st.desert
                && st.board.topology().vertex_hexes(v).contains(&st.robber) =>
        {
            out.push(Command::ChaseRobber { knight: v })
        }
        _ => {}
    }
}

/// Where one seat may put a road: [`road_site_ok`] with the other seats' knights written into the corners once
/// per listing, instead of once per edge asked about.
struct RoadSites {
    seat: Seat,
    blockers: Vec<VertexPiece>,
}

impl RoadSites {
    fn new(st: &State, seat: Seat) -> Self {
        RoadSites {
            seat,
            blockers: st.road_blockers(seat),
        }
    }

    /// Whether the seat may put a road on `e` with `edges` on the board.
    fn ok(&self, st: &State, edges: &[EdgePiece], e: EdgeId) -> bool {
        edges[e.index()].is_empty()
            && crate::hex::road_connects(&st.board, &self.blockers, edges, self.seat, e)
    }
}

/// `None` (the engine's choice), plus each city that could take the metropolis the improvement would win.
fn metropolis_choices(st: &State, seat: Seat, track: Track, level: u8) -> Vec<Option<VertexId>> {
    let mut v = vec![None];
    if metropolis_due(st, seat, track, level) {
        v.extend(
            st.cities_of(seat)
                .filter(|&c| !st.is_metropolis(c))
                .map(Some),
        );
    }
    v
}

/// Every listed way to play `card` now, in the main phase, by the active seat, which holds it. Each arm lists
/// the choices worth offering (as before: one second road per first, one relocation per road, one harbor offer)
/// and keeps exactly those that [`super::progress::play`] accepts, by the same checks, so no candidate needs a
/// trial `decide` on a copy of the state (an inventor's trial swap rebuilt the whole board).
fn progress_plays(
    st: &State,
    seat: Seat,
    card: ProgressCard,
    roads: &RoadSites,
    out: &mut Vec<Command>,
) {
    use ProgressCard as C;
    let t = st.board.topology();
    let me = &st.players[seat.index()];
    let others = st.seat_iter().filter(|&s| s != seat);
    let mut push = |play| out.push(Command::PlayProgressCard { play });
    match card {
        // Printer and constitution are revealed, never played; the alchemist only before the roll.
        C::Alchemist | C::Printer | C::Constitution => {}
        C::Crane => {
            for track in Track::ALL {
                if let Ok((level, _)) = improve_ok(st, seat, track, 1) {
                    for metropolis in metropolis_choices(st, seat, track, level) {
                        push(ProgressPlay::Crane { track, metropolis });
                    }
                }
            }
        }
        C::Engineer => {
            for vertex in t.vertices().filter(|&v| wall_ok(st, seat, v).is_ok()) {
                push(ProgressPlay::Engineer { vertex });
            }
        }
        C::Inventor => {
            let hexes: Vec<HexId> = t
                .hexes()
                .filter(|&h| st.board.number(h).is_some_and(swappable))
                .collect();
            for (i, &first) in hexes.iter().enumerate() {
                for &second in &hexes[i + 1..] {
                    push(ProgressPlay::Inventor { first, second });
                }
            }
        }
        C::Irrigation => push(ProgressPlay::Irrigation),
        C::Mining => push(ProgressPlay::Mining),
        C::Medicine => {
            for vertex in t
                .vertices()
                .filter(|&v| city_upgrade_ok(st, seat, v, MEDICINE_CITY_COST).is_ok())
            {
                push(ProgressPlay::Medicine { vertex });
            }
        }
        C::RoadBuilding if me.roads_left > 0 => {
            let mut edges = st.edges.clone();
            for first in t.edges().filter(|&e| roads.ok(st, &st.edges, e)) {
                edges[first.index()] = EdgePiece::road(seat);
                let second = t.edges().find(|&e| roads.ok(st, &edges, e));
                edges[first.index()] = EdgePiece::EMPTY;
                // A second road needs a second piece; with one left the card fits only where no second road would.
                if second.is_none() || me.roads_left >= 2 {
                    push(ProgressPlay::RoadBuilding { first, second });
                }
            }
        }
        C::RoadBuilding => {}
        C::Smith => {
            let mine: Vec<(VertexId, Knight)> = t
                .vertices()
                .filter_map(|v| match st.knights[v.index()] {
                    Some(k) if k.seat == seat => Some((v, k)),
                    _ => None,
                })
                .collect();
            for (i, &(first, a)) in mine.iter().enumerate() {
                if promote_ok(st, seat, first).is_err() {
                    continue;
                }
                push(ProgressPlay::Smith {
                    first,
                    second: None,
                });
                for &(second, b) in &mine[i + 1..] {
                    // Two promotions to the same strength need two pieces of the next strength.
                    let pieces = if a.strength == b.strength { 2 } else { 1 };
                    if promote_ok(st, seat, second).is_ok()
                        && me.knights_left[usize::from(b.strength)] >= pieces
                    {
                        push(ProgressPlay::Smith {
                            first,
                            second: Some(second),
                        });
                    }
                }
            }
        }
        C::CommercialHarbor => {
            // One resource each, from what the seat holds, to every opponent in turn: who holds a commodity is
            // hidden until the card is played, when a trade with an opponent holding none is void (CK-PROG-07).
            let mut left = me.hand.resources;
            let mut offers = Vec::new();
            for s in others {
                if let Some(r) = Resource::ALL.into_iter().find(|&r| left.get(r) > 0) {
                    *left.get_mut(r) -= 1;
                    offers.push(HarborOffer {
                        seat: s,
                        resource: r,
                    });
                }
            }
            push(ProgressPlay::CommercialHarbor { offers });
        }
        C::MasterMerchant => {
            let mine = st.points(seat);
            for victim in others.filter(|&s| st.points(s) > mine) {
                push(ProgressPlay::MasterMerchant { victim });
            }
        }
        C::Merchant => {
            for hex in t.hexes() {
                let near = t
                    .hex_vertices(hex)
                    .iter()
                    .any(|v| st.vertices[v.index()].owner() == Some(seat));
                if near && st.board.terrain(hex).resource().is_some() {
                    push(ProgressPlay::Merchant { hex });
                }
            }
        }
        C::MerchantFleet => {
            for good in Good::ALL {
                push(ProgressPlay::MerchantFleet { good });
            }
        }
        C::ResourceMonopoly => {
            for resource in Resource::ALL {
                push(ProgressPlay::ResourceMonopoly { resource });
            }
        }
        C::TradeMonopoly => {
            for commodity in Commodity::ALL {
                push(ProgressPlay::TradeMonopoly { commodity });
            }
        }
        // The robber is in play once the barbarians have attacked.
        C::Bishop if st.robber_in_play() => {
            for hex in t
                .hexes()
                .filter(|&h| crate::hex::robber_may_move(&st.board, st.robber, h))
            {
                push(ProgressPlay::Bishop { hex });
            }
        }
        C::Bishop => {}
        C::Deserter => {
            for victim in others.filter(|&s| st.knights.iter().flatten().any(|k| k.seat == s)) {
                push(ProgressPlay::Deserter { victim });
            }
        }
        C::Diplomat => {
            let mut edges = st.edges.clone();
            for edge in t.edges() {
                let Some(owner) = st.edges[edge.index()].owner() else {
                    continue;
                };
                if !is_open_road(st, owner, edge) {
                    continue;
                }
                push(ProgressPlay::Diplomat {
                    edge,
                    relocate: None,
                });
                if owner == seat {
                    edges[edge.index()] = EdgePiece::EMPTY;
                    if let Some(r) = t.edges().find(|&r| r != edge && roads.ok(st, &edges, r)) {
                        push(ProgressPlay::Diplomat {
                            edge,
                            relocate: Some(r),
                        });
                    }
                    edges[edge.index()] = st.edges[edge.index()];
                }
            }
        }
        C::Intrigue => {
            for vertex in t.vertices() {
                if matches!(st.knights[vertex.index()], Some(k) if k.seat != seat)
                    && touches_own_road(st, seat, vertex)
                {
                    push(ProgressPlay::Intrigue { vertex });
                }
            }
        }
        C::Saboteur => push(ProgressPlay::Saboteur),
        C::Spy => {
            for victim in others.filter(|&s| !st.players[s.index()].progress.is_empty()) {
                push(ProgressPlay::Spy { victim });
            }
        }
        C::Warlord => push(ProgressPlay::Warlord),
        C::Wedding => push(ProgressPlay::Wedding),
    }
}

#[cfg(test)]
mod tests;
