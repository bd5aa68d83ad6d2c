//! `legal_actions` and `seats_to_act`.
//!
//! Board commands (roads, buildings, knights, robber) and single choices are listed completely. Commands that
//! choose a set of cards (discards, gifts, the master merchant's take) and free-form offers are listed as a
//! representative sample: a few different ways to pay, and one-for-one offers and counter-offers; any other valid
//! choice is still accepted by `decide`. Trade is listed by [`crate::hex::trade`], which also decides it. Progress card plays are listed for every target that `decide` accepts.

use super::decide::*;
use super::progress::is_open_road;
use super::*;
use crate::hex::{trade, Resource};
use rand::SeedableRng;

pub(super) fn seats_to_act(st: &State) -> Vec<Seat> {
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

pub(super) fn legal_actions(st: &State, seat: Seat) -> Vec<Command> {
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
                let mask = crate::hex::robbable(&st.board, &st.vertices, h, seat, |s| {
                    st.players[s.index()].hand.total() > 0
                });
                if mask == 0 {
                    out.push(Command::MoveRobber {
                        hex: h,
                        victim: None,
                    });
                }
                for v in st.seat_iter().filter(|v| mask & (1 << v.0) != 0) {
                    out.push(Command::MoveRobber {
                        hex: h,
                        victim: Some(v),
                    });
                }
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
            let active: Vec<VertexId> = t
                .vertices()
                .filter(|v| matches!(st.knights[v.index()], Some(k) if k.seat == seat && k.active))
                .collect();
            out.push(Command::CommitKnights {
                vertices: Vec::new(),
            });
            if !active.is_empty() {
                out.push(Command::CommitKnights { vertices: active });
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

fn main_actions(st: &State, seat: Seat, out: &mut Vec<Command>) {
    let t = st.board.topology();
    let p = &st.players[seat.index()];
    if p.progress.len() > PROGRESS_HAND_MAX {
        for &card in &p.progress {
            out.push(Command::ReturnProgressCard { card });
        }
    } else {
        out.push(Command::EndTurn);
    }
    let res = p.hand.resources;
    if p.roads_left > 0 && res.contains(ROAD_COST) {
        for e in t.edges() {
            if road_site_ok(st, &st.edges, seat, e).is_ok() {
                out.push(Command::BuildRoad { edge: e });
            }
        }
    }
    if st.settlements_left(seat) > 0 && res.contains(SETTLEMENT_COST) {
        for v in t.vertices() {
            if site_ok(st, v).is_ok() && touches_own_road(st, seat, v) {
                out.push(Command::BuildSettlement { vertex: v });
            }
        }
    }
    for v in t.vertices() {
        if city_upgrade_ok(st, seat, v, CITY_COST).is_ok() {
            out.push(Command::BuildCity { vertex: v });
        }
        if res.contains(WALL_COST) && wall_ok(st, seat, v).is_ok() {
            out.push(Command::BuildCityWall { vertex: v });
        }
        if knight_site_ok(st, seat, v).is_ok() {
            if p.knights_left[0] > 0 && res.contains(KNIGHT_COST) {
                out.push(Command::BuildKnight { vertex: v });
            }
            if let Some(s) = st.deserter_knight {
                if p.knights_left[usize::from(s - 1)] > 0 {
                    out.push(Command::PlaceDeserterKnight { vertex: v });
                }
            }
        }
        let Some(k) = st.knights[v.index()] else {
            continue;
        };
        if k.seat != seat {
            continue;
        }
        if !k.active && res.contains(ACTIVATE_COST) {
            out.push(Command::ActivateKnight { vertex: v });
        }
        if res.contains(KNIGHT_COST) && promote_ok(st, seat, v).is_ok() {
            out.push(Command::PromoteKnight { vertex: v });
        }
        if ready_knight(st, seat, v).is_ok() {
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
            if st.robber != st.desert && t.vertex_hexes(v).contains(&st.robber) {
                out.push(Command::ChaseRobber { knight: v });
            }
        }
    }
    for track in Track::ALL {
        if let Ok((level, _)) = improve_ok(st, seat, track, 0) {
            for metropolis in metropolis_choices(st, seat, track, level) {
                out.push(Command::ImproveCity { track, metropolis });
            }
        }
    }
    trade::bank_trades(
        p.hand,
        st.bank,
        |give| bank_ratio(st, seat, give),
        |give, receive| out.push(Command::BankTrade { give, receive }),
    );
    trade::active_actions(&st.trade, seat, hand(st), |c| {
        out.push(super::trade::command(c))
    });
    let mut cards = p.progress.clone();
    cards.sort();
    cards.dedup();
    let mut rng = GameRng::seed_from_u64(0);
    for card in cards {
        for play in play_candidates(st, seat, card) {
            let cmd = Command::PlayProgressCard { play };
            if decide(st, seat, &cmd, &mut rng).is_ok() {
                out.push(cmd);
            }
        }
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

/// Every way worth listing to play `card`; `decide` filters out the invalid ones.
fn play_candidates(st: &State, seat: Seat, card: ProgressCard) -> Vec<ProgressPlay> {
    use ProgressCard as C;
    let t = st.board.topology();
    let others: Vec<Seat> = st.seat_iter().filter(|&s| s != seat).collect();
    let mut v = Vec::new();
    match card {
        C::Alchemist | C::Printer | C::Constitution => {}
        C::Crane => {
            for track in Track::ALL {
                let level = st.players[seat.index()].improvements.get(track) + 1;
                for metropolis in metropolis_choices(st, seat, track, level) {
                    v.push(ProgressPlay::Crane { track, metropolis });
                }
            }
        }
        C::Engineer => v.extend(t.vertices().map(|vertex| ProgressPlay::Engineer { vertex })),
        C::Inventor => {
            let hexes: Vec<HexId> = t
                .hexes()
                .filter(|&h| matches!(st.board.number(h), Some(n) if !matches!(n, 2 | 6 | 8 | 12)))
                .collect();
            for (i, &a) in hexes.iter().enumerate() {
                for &b in &hexes[i + 1..] {
                    v.push(ProgressPlay::Inventor {
                        first: a,
                        second: b,
                    });
                }
            }
        }
        C::Irrigation => v.push(ProgressPlay::Irrigation),
        C::Mining => v.push(ProgressPlay::Mining),
        C::Medicine => v.extend(t.vertices().map(|vertex| ProgressPlay::Medicine { vertex })),
        C::RoadBuilding => {
            for first in t.edges() {
                if road_site_ok(st, &st.edges, seat, first).is_err() {
                    continue;
                }
                let mut edges = st.edges.clone();
                edges[first.index()] = EdgePiece::road(seat);
                let second = t
                    .edges()
                    .find(|&e| road_site_ok(st, &edges, seat, e).is_ok());
                v.push(ProgressPlay::RoadBuilding { first, second });
            }
        }
        C::Smith => {
            let mine: Vec<VertexId> = t
                .vertices()
                .filter(|x| matches!(st.knights[x.index()], Some(k) if k.seat == seat))
                .collect();
            for (i, &a) in mine.iter().enumerate() {
                v.push(ProgressPlay::Smith {
                    first: a,
                    second: None,
                });
                for &b in &mine[i + 1..] {
                    v.push(ProgressPlay::Smith {
                        first: a,
                        second: Some(b),
                    });
                }
            }
        }
        C::CommercialHarbor => {
            let mut left = st.players[seat.index()].hand.resources;
            let mut offers = Vec::new();
            for &s in &others {
                if st.players[s.index()].hand.commodities.total() == 0 {
                    continue;
                }
                if let Some(r) = Resource::ALL.into_iter().find(|&r| left.get(r) > 0) {
                    *left.get_mut(r) -= 1;
                    offers.push(HarborOffer {
                        seat: s,
                        resource: r,
                    });
                }
            }
            v.push(ProgressPlay::CommercialHarbor { offers });
        }
        C::MasterMerchant => v.extend(
            others
                .iter()
                .map(|&victim| ProgressPlay::MasterMerchant { victim }),
        ),
        C::Merchant => v.extend(t.hexes().map(|hex| ProgressPlay::Merchant { hex })),
        C::MerchantFleet => v.extend(Good::ALL.map(|good| ProgressPlay::MerchantFleet { good })),
        C::ResourceMonopoly => {
            v.extend(Resource::ALL.map(|resource| ProgressPlay::ResourceMonopoly { resource }))
        }
        C::TradeMonopoly => {
            v.extend(Commodity::ALL.map(|commodity| ProgressPlay::TradeMonopoly { commodity }))
        }
        C::Bishop => v.extend(t.hexes().map(|hex| ProgressPlay::Bishop { hex })),
        C::Deserter => v.extend(
            others
                .iter()
                .map(|&victim| ProgressPlay::Deserter { victim }),
        ),
        C::Diplomat => {
            for e in t.edges() {
                let Some(owner) = st.edges[e.index()].owner() else {
                    continue;
                };
                if !is_open_road(st, owner, e) {
                    continue;
                }
                v.push(ProgressPlay::Diplomat {
                    edge: e,
                    relocate: None,
                });
                if owner == seat {
                    let mut edges = st.edges.clone();
                    edges[e.index()] = EdgePiece::EMPTY;
                    if let Some(r) = t
                        .edges()
                        .find(|&r| r != e && road_site_ok(st, &edges, seat, r).is_ok())
                    {
                        v.push(ProgressPlay::Diplomat {
                            edge: e,
                            relocate: Some(r),
                        });
                    }
                }
            }
        }
        C::Intrigue => v.extend(
            t.vertices()
                .filter(|x| matches!(st.knights[x.index()], Some(k) if k.seat != seat))
                .map(|vertex| ProgressPlay::Intrigue { vertex }),
        ),
        C::Saboteur => v.push(ProgressPlay::Saboteur),
        C::Spy => v.extend(others.iter().map(|&victim| ProgressPlay::Spy { victim })),
        C::Warlord => v.push(ProgressPlay::Warlord),
        C::Wedding => v.push(ProgressPlay::Wedding),
    }
    v
}
