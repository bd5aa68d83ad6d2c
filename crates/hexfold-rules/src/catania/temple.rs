//! The temple (seed section 7.2.5, lines 94-96; spec D-27, D-28): sacrificial sites on its corners, settlement
//! pieces at twice a settlement's cost for a seat whose knights on the board have strength 2; on doubles every
//! other seat gives one resource of its choice to each seat whose site touches a hex with the doubles' number; a
//! seat without a resource owes two instead, called when it next holds two, and the seat so paid gives one of them
//! back to the bank.
//!
//! A site is a settlement of the layer on a temple corner (points, the distance rule, yields from its other hexes,
//! specialists), which is never upgraded. What the temple asks is a queue of [`TempleDue`]s settled in turn with
//! [`Command::PayTemple`], after the roll's gold and any station's exchange: a tribute waits for its payer, or, if
//! the payer holds no resource when its turn comes, becomes a debt at the end of the payer's own command (paying
//! nothing says so); a debt is called ([`Event::DebtCalled`]) at the end of a command of the debtor's when no other
//! obligation is open and it holds two resources. Only the payer sees the hand these read, so no other seat's
//! command carries them, and what the other seats may do follows what they see.

use super::decide::Ctx;
use super::*;

/// The temple hex whose corner `v` is, if it is one.
pub(super) fn temple_of(board: &Board, v: crate::hex::VertexId) -> Option<HexId> {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .copied()
        .find(|&h| board.terrain(h) == Terrain::Temple)
}

/// A sacrificial site: twice a settlement's cost (seed lines 95, 120).
pub(super) fn site_cost() -> Resources {
    let s = RULES.hex.costs.settlement;
    s.plus(s)
}

/// The strength of the seat's knights on the board, active or not (spec D-28: "verfügt über" is "has").
pub(super) fn guard(st: &State, seat: Seat) -> u8 {
    st.board()
        .topology()
        .vertices()
        .filter_map(|v| st.ck.knight_at(v))
        .filter(|&(s, _, _)| s == seat)
        .map(|(_, strength, _)| strength)
        .sum()
}

/// Knight strength a sacrificial site needs (seed line 94).
pub(super) const GUARD_MIN: u8 = 2;

/// The tributes doubles of `sum` ask (seed line 95, spec D-27): for each seat with a site at a temple corner
/// touching a hex numbered `sum`, clockwise from the roller, every other seat in the same order owes it one
/// resource.
pub(super) fn tributes(st: &State, sum: u8) -> Vec<TempleDue> {
    let board = st.board();
    let t = board.topology();
    let mut beneficiaries: Vec<Seat> = Vec::new();
    for &temple in board.hexes_with_number(7) {
        if board.terrain(temple) != Terrain::Temple {
            continue;
        }
        for &v in t.hex_vertices(temple) {
            let Some(seat) = st.ck.vertices[v.index()].owner() else {
                continue;
            };
            let beside = t
                .vertex_hexes(v)
                .iter()
                .any(|&h| h != temple && board.number(h) == Some(sum));
            if beside && !beneficiaries.contains(&seat) {
                beneficiaries.push(seat);
            }
        }
    }
    let order: Vec<Seat> = st.ck.clockwise_from(st.active()).collect();
    order
        .iter()
        .filter(|s| beneficiaries.contains(s))
        .flat_map(|&to| {
            order
                .iter()
                .filter(move |&&from| from != to)
                .map(move |&from| TempleDue::Tribute { from, to })
        })
        .collect()
}

/// What the temple asks is settled in turn once no gold or exchange is open, at the end of a command of the seat
/// concerned (only it sees the hand the judgement reads): a tribute whose payer holds no resource becomes a debt;
/// with nothing else owed (the layer's obligations and the castle's deposits included), a debt of the actor's is
/// called if it holds two resources.
pub(super) fn settle(c: &mut Ctx, actor: Seat) {
    loop {
        let st = &c.s;
        if !st.gold.is_empty() || !st.posts_due.is_empty() {
            return;
        }
        if matches!(st.phase(), ck::Phase::Ended { .. }) {
            return;
        }
        match st.temple_due.first() {
            Some(&TempleDue::Tribute { from, to })
                if from == actor && st.ck.hand(from).resources.total() == 0 =>
            {
                c.push(Event::TributeDefaulted { from, to });
            }
            Some(_) => return,
            // A debt waits for everything else owed (the layer's obligations, the castle's deposits), which
            // might take the cards it would be paid with.
            None if !st.ck.obligations().is_empty() || st.owes() => return,
            None => {
                let called = st.debts.iter().find_map(|d| match *d {
                    TempleDue::Debt { from, to }
                        if from == actor && st.ck.hand(from).resources.total() >= 2 =>
                    {
                        Some((from, to))
                    }
                    _ => None,
                });
                match called {
                    Some((from, to)) => c.push(Event::DebtCalled { from, to }),
                    None => return,
                }
            }
        }
    }
}

/// The seat the temple waits for now, if any: the first due's, once the gold and the exchanges are settled.
pub(super) fn waiting(st: &State) -> Option<Seat> {
    if !st.gold.is_empty() || !st.posts_due.is_empty() {
        return None;
    }
    st.temple_due.first().map(|d| match *d {
        TempleDue::Tribute { from, .. } | TempleDue::Debt { from, .. } => from,
        TempleDue::Offering { seat, .. } => seat,
    })
}

/// The events of `actor` settling the first due with `resources`.
pub(super) fn pay(
    st: &State,
    c: &mut Ctx,
    actor: Seat,
    resources: Resources,
) -> Result<(), Violation> {
    if !st.gold.is_empty() || !st.posts_due.is_empty() {
        return Err(Violation::ObligationsPending);
    }
    let due = match st.temple_due.first() {
        Some(&d) if waiting(st) == Some(actor) => d,
        _ => return Err(Violation::NoSuchObligation),
    };
    let need = match due {
        TempleDue::Debt { .. } => 2,
        TempleDue::Tribute { .. } | TempleDue::Offering { .. } => 1,
    };
    // Paying nothing says "I hold no resource": accepted for a tribute only when true, and `settle` turns the
    // tribute into a debt at the end of this command.
    let cannot = matches!(due, TempleDue::Tribute { .. })
        && resources == Resources::ZERO
        && st.ck.hand(actor).resources.total() == 0;
    if cannot {
        return Ok(());
    }
    if resources.total() != need {
        return Err(Violation::WrongCardCount);
    }
    if !st.ck.hand(actor).resources.contains(resources) {
        return Err(Violation::CardsNotHeld);
    }
    match due {
        TempleDue::Tribute { from, to } | TempleDue::Debt { from, to } => {
            c.push(Event::TemplePaid {
                from,
                to,
                resources,
            })
        }
        TempleDue::Offering {
            seat,
            resources: two,
        } => {
            if !two.contains(resources) {
                return Err(Violation::NotFromTheDebt);
            }
            c.push(Event::GodsAppeased { seat, resources });
        }
    }
    Ok(())
}

/// Every way `seat` may settle the first due now: each resource it holds for a tribute (nothing if it holds none)
/// or the offering (of the debt's two), each pair for a debt.
pub(super) fn choices(st: &State, seat: Seat, out: &mut Vec<Command>) {
    if waiting(st) != Some(seat) {
        return;
    }
    let hand = st.ck.hand(seat).resources;
    let held: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|&r| hand.get(r) > 0)
        .collect();
    let mut push = |resources| out.push(Command::PayTemple { resources });
    match st.temple_due[0] {
        TempleDue::Tribute { .. } if held.is_empty() => push(Resources::ZERO),
        TempleDue::Tribute { .. } => held.iter().for_each(|&r| push(Resources::one(r, 1))),
        TempleDue::Offering { resources: two, .. } => held
            .iter()
            .filter(|&&r| two.get(r) > 0)
            .for_each(|&r| push(Resources::one(r, 1))),
        TempleDue::Debt { .. } => {
            for (i, &r) in held.iter().enumerate() {
                if hand.get(r) >= 2 {
                    push(Resources::one(r, 2));
                }
                for &s in &held[i + 1..] {
                    push(Resources::one(r, 1).plus(Resources::one(s, 1)));
                }
            }
        }
    }
}
