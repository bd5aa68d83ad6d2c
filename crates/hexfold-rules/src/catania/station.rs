//! The trading stations (seed section 7.2.1, lines 77-82; spec D-09): a seat's one building there, a retail post
//! (a settlement piece) or a wholesale house (a city piece), must exchange cards with the bank on every 7. A seat
//! that cannot is warned, and warned again it is downgraded; an exchange lifts the warning.
//!
//! The buildings are the layer's settlements and cities on a station's corners, so they count their points, take
//! their pieces from the supply and keep the distance rule as any other (the seed builds them with those pieces and
//! its points list counts pieces). An exchange is an obligation like gold: the 7 lists the station buildings due
//! ([`Event::StationExchangesDue`]), and each is judged in turn once the roll's gold is chosen, so every good of the
//! same roll counts (seed line 82), at the end of a command of its owner's: a seat that can exchange is waited for,
//! one that cannot is warned or downgraded, one only the bank's stock stops is excused. An owner whose turn to
//! exchange comes in another seat's command says it cannot with the empty exchange, which is refused if it can.

use super::decide::{yields_nothing, Ctx};
use super::*;
use crate::cities_knights::{Good, Hand};
use crate::hex::VertexId;

/// The station hex whose corner `v` is, if it is one.
pub(super) fn station_of(board: &Board, v: VertexId) -> Option<HexId> {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .copied()
        .find(|&h| board.terrain(h) == Terrain::Station)
}

/// The seat's building at a station, if it has one (at most one, CAT-STATION-01).
pub(super) fn post_of(st: &State, seat: Seat) -> Option<VertexId> {
    let board = st.board();
    board
        .hexes_with_number(7)
        .iter()
        .filter(|&&h| board.terrain(h) == Terrain::Station)
        .flat_map(|&h| board.topology().hex_vertices(h).iter().copied())
        .find(|v| st.ck.vertices[v.index()].owner() == Some(seat))
}

/// Whether the station building on `v` is warned.
pub(super) fn is_warned(st: &State, v: VertexId) -> bool {
    st.warned.iter().any(|p| p.vertex == v)
}

/// The station buildings a 7 asks to exchange, clockwise from the roller: each seat's one, unless the robber, the
/// hurricane or the storm cloud stands on its station (spec D-30, D-22: the hex yields nothing, and a 7-hex's
/// yield is its exchange).
pub(super) fn posts_due(st: &State) -> Vec<Post> {
    st.ck
        .clockwise_from(st.active())
        .filter_map(|seat| {
            let vertex = post_of(st, seat)?;
            let hex = station_of(st.board(), vertex)?;
            (!yields_nothing(st, hex)).then_some(Post { seat, vertex })
        })
        .collect()
}

/// Whether a seat can exchange now (spec D-09).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ability {
    /// Some exchange the building allows is possible with the seat's hand and the bank.
    Able,
    /// The hand holds nothing the building could give: a warning, or a downgrade if warned.
    Unable,
    /// The hand holds what an exchange needs but the bank lacks every exchange it could pay: excused.
    BankShort,
}

/// The resources the bank holds of kinds other than those `give` names.
fn bank_outside(bank: Resources, give: Resources) -> u16 {
    Resource::ALL
        .into_iter()
        .filter(|&r| give.get(r) == 0)
        .map(|r| u16::from(bank.get(r)))
        .sum()
}

/// Every hand a building may give: at a retail post one resource, at a wholesale house one commodity or two
/// resources (the same or two kinds), as far as `hand` holds them.
fn gives(hand: Hand, wholesale: bool) -> Vec<Hand> {
    let mut out = Vec::new();
    let held: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|&r| hand.resources.get(r) > 0)
        .collect();
    if !wholesale {
        out.extend(
            held.iter()
                .map(|&r| Hand::of_resources(Resources::one(r, 1))),
        );
        return out;
    }
    for g in Good::ALL {
        if g.commodity().is_some() && hand.get(g) > 0 {
            out.push(Hand::one(g, 1));
        }
    }
    for (i, &r) in held.iter().enumerate() {
        if hand.resources.get(r) >= 2 {
            out.push(Hand::of_resources(Resources::one(r, 2)));
        }
        for &s in &held[i + 1..] {
            out.push(Hand::of_resources(
                Resources::one(r, 1).plus(Resources::one(s, 1)),
            ));
        }
    }
    out
}

/// How many resources a building takes for `give`: a retail post two, a wholesale house three for a commodity and
/// four for two resources (seed lines 78-79).
fn takes(give: Hand) -> u16 {
    match (give.commodities.total(), give.resources.total()) {
        (0, 1) => 2,
        (1, 0) => 3,
        _ => 4,
    }
}

/// Whether `give` for `take` is an exchange the building allows, whatever the seat holds: its form (seed lines
/// 78-79), and the resources taken of other kinds than those given ("andere", spec D-09; a commodity given leaves
/// every resource open).
pub(super) fn exchange_ok(wholesale: bool, give: Hand, take: Resources) -> bool {
    let form = match (give.commodities.total(), give.resources.total()) {
        (0, 1) => true,
        (1, 0) | (0, 2) => wholesale,
        _ => false,
    };
    form && take.total() == takes(give)
        && Resource::ALL
            .into_iter()
            .all(|r| give.resources.get(r) == 0 || take.get(r) == 0)
}

/// Whether the seat owning the station building on `v` can exchange there now.
pub(super) fn ability(st: &State, seat: Seat, v: VertexId) -> Ability {
    let wholesale = st.ck.vertices[v.index()].is_city();
    let options = gives(st.ck.hand(seat), wholesale);
    if options.is_empty() {
        return Ability::Unable;
    }
    let bank = st.ck.bank().resources;
    if options
        .iter()
        .any(|&g| bank_outside(bank, g.resources) >= takes(g))
    {
        Ability::Able
    } else {
        Ability::BankShort
    }
}

/// The station buildings due are judged in turn once no gold is owed, each at the end of a command of its own
/// seat's (the roll, a discard, a gold choice, or the empty exchange that says it cannot): one that can exchange is
/// waited for; one that cannot is warned, or if warned already downgraded (seed line 80: wholesale to retail if a
/// settlement is in supply, else off the board; retail off the board); one only the bank stops is excused (spec
/// D-09). Only the owner sees the hand these judgements read, so another seat's command never carries one: its
/// events would tell that seat what the owner held.
pub(super) fn settle(c: &mut Ctx, actor: Seat) {
    while c.s.gold.is_empty() {
        let Some(&Post { seat, vertex }) = c.s.posts_due.first().filter(|p| p.seat == actor) else {
            return;
        };
        match ability(&c.s, seat, vertex) {
            Ability::Able => return,
            Ability::BankShort => c.push(Event::StationExcused { seat, vertex }),
            Ability::Unable if is_warned(&c.s, vertex) => {
                super::decide::ruin(c, vertex, Blow::Guild);
            }
            Ability::Unable => c.push(Event::StationWarned { seat, vertex }),
        }
    }
}

/// Whether `give` for `take` is the empty exchange: the owner saying it cannot exchange, which `settle` then
/// judges.
pub(super) fn is_empty_exchange(give: Hand, take: Resources) -> bool {
    give == Hand::default() && take == Resources::ZERO
}

/// A few different exchanges the first station building due may make now: for each hand it may give, the
/// resources it takes round robin over the other kinds the bank holds, from each starting kind; the empty exchange
/// alone if it can make none.
pub(super) fn exchange_choices(st: &State, seat: Seat, out: &mut Vec<Command>) {
    let Some(&Post { vertex, .. }) = st.posts_due.first().filter(|p| p.seat == seat) else {
        return;
    };
    if !st.gold.is_empty() {
        return;
    }
    if ability(st, seat, vertex) != Ability::Able {
        out.push(Command::ExchangeAtStation {
            give: Hand::default(),
            take: Resources::ZERO,
        });
        return;
    }
    let wholesale = st.ck.vertices[vertex.index()].is_city();
    let bank = st.ck.bank().resources;
    let start = out.len();
    for give in gives(st.ck.hand(seat), wholesale) {
        let need = takes(give);
        if bank_outside(bank, give.resources) < need {
            continue;
        }
        for first in 0..Resource::ALL.len() {
            let mut left = bank;
            let mut take = Resources::ZERO;
            let mut i = first;
            while take.total() < need {
                let r = Resource::ALL[i % Resource::ALL.len()];
                if give.resources.get(r) == 0 && left.get(r) > 0 {
                    *left.get_mut(r) -= 1;
                    *take.get_mut(r) += 1;
                }
                i += 1;
            }
            let c = Command::ExchangeAtStation { give, take };
            if !out[start..].contains(&c) {
                out.push(c);
            }
        }
    }
}
