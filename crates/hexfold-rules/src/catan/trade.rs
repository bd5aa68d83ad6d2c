//! Base Catan's side of [`crate::hex::trade`]: its trade commands, events and violations mapped to and from the
//! shared negotiation, which owns the rules (BASE-TRADE-01..05, BASE-BANK-01 for maritime trade).

use super::*;
use crate::hex::trade::{self, BankTradeError, TradeCommand, TradeError, TradeStep};
use crate::hex::{best_ratio, Resource};
use Violation::*;

/// Decides a domestic trade command in the main phase.
pub(super) fn decide(
    state: &State,
    actor: Seat,
    command: TradeCommand<Resources>,
) -> Result<Event, Violation> {
    if state.phase != Phase::Main {
        return Err(WrongPhase);
    }
    let hand = |s: Seat| state.players[s.index()].hand;
    trade::decide(&state.trade, state.active, actor, hand, command)
        .map(event)
        .map_err(violation)
}

/// Decides a maritime trade (BASE-TRADE-06): the seat's best harbor ratio of `give` for one `receive`.
pub(super) fn maritime(
    state: &State,
    actor: Seat,
    give: Resource,
    receive: Resource,
) -> Result<Event, Violation> {
    let hand = state.players[actor.index()].hand;
    let ratio = best_ratio(&state.board, &state.vertices, actor, give);
    trade::bank_trade(hand, state.bank, give, receive, ratio).map_err(|e| match e {
        BankTradeError::SameKind => InvalidTradeTerms,
        BankTradeError::NotHeld => ResourcesNotHeld,
        BankTradeError::BankLacks => BankLacks,
    })?;
    Ok(Event::MaritimeTraded {
        seat: actor,
        give,
        give_count: ratio,
        receive,
    })
}

fn violation(e: TradeError) -> Violation {
    match e {
        TradeError::NotActive | TradeError::OwnOffer => TradeNotWithActivePlayer,
        TradeError::NoSuchSeat => NoSuchSeat,
        TradeError::InvalidTerms => InvalidTradeTerms,
        TradeError::NotHeld => ResourcesNotHeld,
        TradeError::OfferLimitReached => OfferLimitReached,
        TradeError::NoOpenOffer => NoOpenOffer,
        TradeError::NoSuchCounterOffer => NoSuchCounterOffer,
        TradeError::NotBinding => OfferNotBinding,
        TradeError::PartnerCannotPay => PartnerCannotPay,
    }
}

trade::wire_mapping!(Resources);
