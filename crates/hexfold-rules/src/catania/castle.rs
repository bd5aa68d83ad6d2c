//! The barbarian castle (seed section 7.2.4, lines 90-92, and the event die, line 31; spec D-28, D-29): settlements
//! only on its corners, at a settlement's cost, for a seat whose knights on the board have strength 3; a
//! face-down pile of cards the barbarians' raids fill and each step of their ship shrinks; on a 7, while the ship
//! is not on its start space, the castle's settlers loot the pile in turn.
//!
//! A castle settlement is a settlement of the layer (a point, the distance rule, a piece from the supply) that is
//! never upgraded and touches no producing hex. The pile is a list of [`PileCard`]s, each with the seat that put
//! it there: only that seat saw it, and only it may be told apart from the rest (the redeal keeps it). A card
//! leaves the pile drawn uniformly with the game's generator (D-29: "the top card" of a pile nobody may order),
//! recorded in its event.
//!
//! When the ship arrives every seat owes one card of its choice to the pile ([`Event::CastleRaided`]); a seat
//! holding no card (a public count) owes it from its next yield instead ([`Event::CastleDefaulted`]), and the
//! first yield that gives it any card calls the debt ([`Event::CastleDebtCalled`]). A deposit due is an
//! obligation like a discard: the seats owing one settle it in any order with [`Command::DepositAtCastle`], and
//! the roll waits for them (the raid comes before the battle and the yields, spec D-04 (b)).

use super::decide::{yields_nothing, Ctx};
use super::*;
use crate::cities_knights::{Event as E, EventDie, Good, Hand};
use crate::hex::VertexId;

/// Knight strength a castle settlement needs (seed line 90: "Ritterstärke 3 (auch durch zwei Ritter)").
pub(super) const GUARD_MIN: u8 = 3;

/// The castle hex whose corner `v` is, if it is one.
pub(super) fn castle_of(board: &Board, v: VertexId) -> Option<HexId> {
    board
        .topology()
        .vertex_hexes(v)
        .iter()
        .copied()
        .find(|&h| board.terrain(h) == Terrain::Castle)
}

/// The castle hexes of the board (the map has one).
fn castles(board: &Board) -> impl Iterator<Item = HexId> + '_ {
    board
        .hexes_with_number(7)
        .iter()
        .copied()
        .filter(|&h| board.terrain(h) == Terrain::Castle)
}

/// The seats with a settlement at `castle`, clockwise from the roller, each once however many it has there
/// (spec D-29: the loot goes round the players, not the settlements).
fn settlers(st: &State, castle: HexId) -> Vec<Seat> {
    let corners = st.board().topology().hex_vertices(castle);
    st.ck
        .clockwise_from(st.active())
        .filter(|&s| {
            corners
                .iter()
                .any(|v| st.ck.vertices[v.index()].owner() == Some(s))
        })
        .collect()
}

/// A card drawn uniformly from the pile.
fn draw(st: &State, rng: &mut GameRng) -> Option<Good> {
    if st.castle.is_empty() {
        return None;
    }
    Some(st.castle[rng.gen_range(0..st.castle.len())].good)
}

/// What the event die of a roll in this command did to the castle, before the roll goes on (spec D-04 (b)): each
/// step of the ship returns a card of the pile to the bank (seed line 31, CAT-EVENT-02), and the ship's arrival
/// raids Catan, every seat owing the pile a card (CAT-EVENT-04).
pub(super) fn after_event_die(c: &mut Ctx, rng: &mut GameRng) {
    let stepped = c.ev.iter().any(
        |e| matches!(e, Event::Ck(E::DiceRolled { roll, .. }) if roll.event == EventDie::Ship),
    );
    if !stepped {
        return;
    }
    if let Some(card) = draw(&c.s, rng) {
        c.push(Event::CastleCardReturned { card });
    }
    if c.s.ck.barbarians() >= RULES.barbarian_track_len {
        let seats = c.s.ck.clockwise_from(c.s.active()).collect();
        c.push(Event::CastleRaided { seats });
    }
}

/// A deposit due from a seat that holds no card becomes a debt, paid from its next yield (CAT-EVENT-05). Every
/// seat sees how many cards another holds, so this needs no command of the seat's.
pub(super) fn default_empty(c: &mut Ctx) {
    let empty: Vec<Seat> =
        c.s.castle_due
            .iter()
            .copied()
            .filter(|&s| c.s.ck.hand(s).total() == 0)
            .collect();
    for seat in empty {
        c.push(Event::CastleDefaulted { seat });
    }
}

/// Whether a deposit due holds the roll (and every other command but the obligations') up.
pub(super) fn holds_up(st: &State) -> bool {
    !st.castle_due.is_empty()
}

/// The loot of a 7 rolled in this command, after its other yields (CAT-CASTLE-04..06): while the ship is not on
/// its start space, the castle's settlers, clockwise from the roller, take one card of the pile each per round
/// until it is empty. A castle under the robber, the hurricane or the storm cloud yields nothing (spec D-30), and
/// neither does the pile before the ship has left the castle again. The loot comes from the pile, not the bank, so
/// its place among the 7's yields changes no other yield; the stations' exchanges are judged after it.
pub(super) fn loot_after_seven(c: &mut Ctx, rng: &mut GameRng) {
    let seven =
        c.ev.iter()
            .any(|e| matches!(e, Event::Ck(E::SevenRolled { .. })));
    if !seven || c.s.ck.barbarians() == 0 || c.s.castle.is_empty() {
        return;
    }
    let hexes: Vec<HexId> = castles(c.s.board()).collect();
    for castle in hexes {
        if yields_nothing(&c.s, castle) {
            continue;
        }
        let round = settlers(&c.s, castle);
        if round.is_empty() {
            continue;
        }
        for &seat in round.iter().cycle() {
            let Some(card) = draw(&c.s, rng) else { break };
            c.push(Event::CastleLooted { seat, card });
        }
    }
}

/// How many debts of each seat (in seat order) the yields among `events` call, given the debts `owed` before
/// them and the defaults among them: a debt is called by the first yield after it that gives its debtor any card
/// (spec D-29), one debt for each card that yield gave. The yields are the roll's production, the 7's yields,
/// gold, the specialists' bonus, the aqueduct's resource (a roll's yield to a seat it gave nothing) and the castle's
/// loot.
fn called(events: &[Event], mut owed: [u8; 8]) -> [u8; 8] {
    let mut calls = [0u8; 8];
    let mut give = |seat: Seat, n: u16, owed: &mut [u8; 8]| {
        let i = seat.index().min(7);
        let k = owed[i].min(n.min(u16::from(u8::MAX)) as u8);
        owed[i] -= k;
        calls[i] += k;
    };
    for e in events {
        match e {
            Event::CastleDefaulted { seat } => owed[seat.index().min(7)] += 1,
            Event::Ck(E::ResourcesProduced { gains, .. }) | Event::SevenYielded { gains, .. } => {
                for g in gains {
                    give(g.seat, g.cards.total(), &mut owed);
                }
            }
            Event::GoldChosen { seat, resources } | Event::SpecialistsPaid { seat, resources } => {
                give(*seat, resources.total(), &mut owed)
            }
            Event::CastleLooted { seat, .. } | Event::Ck(E::AqueductTaken { seat, .. }) => {
                give(*seat, 1, &mut owed)
            }
            _ => {}
        }
    }
    calls
}

/// Calls the raid debts the yields of this command's `events` made due (before any was called), for the state
/// `before` the command.
pub(super) fn call_debts(before: &State, c: &mut Ctx) {
    if before.castle_debts.is_empty()
        && !c
            .ev
            .iter()
            .any(|e| matches!(e, Event::CastleDefaulted { .. }))
    {
        return;
    }
    let mut owed = [0u8; 8];
    for s in &before.castle_debts {
        owed[s.index().min(7)] += 1;
    }
    let calls = called(&c.ev, owed);
    for seat in before.ck.seat_iter() {
        for _ in 0..calls[seat.index()] {
            c.push(Event::CastleDebtCalled { seat });
        }
    }
}

/// The events of `actor` putting `card` into the pile for the deposit it owes.
pub(super) fn deposit(st: &State, c: &mut Ctx, actor: Seat, card: Good) -> Result<(), Violation> {
    if !st.castle_due.contains(&actor) {
        return Err(Violation::NoSuchObligation);
    }
    if st.ck.hand(actor).get(card) == 0 {
        return Err(Violation::CardsNotHeld);
    }
    c.push(Event::CastleDeposited { seat: actor, card });
    Ok(())
}

/// Every way `seat` may settle a deposit it owes: one command per kind of card it holds.
pub(super) fn choices(st: &State, seat: Seat, out: &mut Vec<Command>) {
    if !st.castle_due.contains(&seat) {
        return;
    }
    let hand: Hand = st.ck.hand(seat);
    for card in Good::ALL {
        if hand.get(card) > 0 {
            out.push(Command::DepositAtCastle { card });
        }
    }
}

/// Whether the seat's knights on the board guard a castle settlement (spec D-28: strength 3, active or not).
pub(super) fn guarded(st: &State, seat: Seat) -> bool {
    temple::guard(st, seat) >= GUARD_MIN
}

/// The cards of the pile, of every kind together.
pub(super) fn pile_hand(pile: &[PileCard]) -> Hand {
    pile.iter()
        .fold(Hand::ZERO, |h, c| h.plus(Hand::one(c.good, 1)))
}
