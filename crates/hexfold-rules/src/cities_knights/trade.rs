//! Cities & Knights' side of [`crate::hex::trade`]: its trade commands, events and violations mapped to and from
//! the shared negotiation, which owns the rules (CK-TRADE-01..03 and the counter-offers of CK-TRADE-05, base
//! Catan's BASE-TRADE-01..05 over resources and commodities).

use super::decide::{bank_ratio, require_active, Host};
use super::*;
use crate::hex::trade::{self, BankTradeError, TradeCommand, TradeError, TradeStep};
use Violation::*;

/// Decides a domestic trade command in the main phase, once no obligation is pending.
pub(super) fn decide(
    st: &State,
    c: &mut impl Host,
    actor: Seat,
    command: TradeCommand<Hand>,
) -> Result<(), Violation> {
    if st.phase != Phase::Main {
        return Err(WrongPhase);
    }
    // The active seat's commands say "not your turn" to others before anything else, as every other command of
    // the active seat does.
    if command.by_active() {
        require_active(st, actor)?;
    }
    super::decide::no_pending(st)?;
    let hand = |s: Seat| st.players[s.index()].hand;
    let step = trade::decide(&st.trade, st.active, actor, hand, command).map_err(violation)?;
    c.emit(event(step));
    Ok(())
}

/// Decides a bank trade (CK-TRADE-01, CK-TRADE-04): the seat's ratio of `give` for one `receive`.
pub(super) fn bank(
    st: &State,
    c: &mut impl Host,
    actor: Seat,
    give: Good,
    receive: Good,
) -> Result<(), Violation> {
    super::decide::main(st, actor)?;
    let ratio = bank_ratio(st, actor, give);
    trade::bank_trade(
        st.players[actor.index()].hand,
        st.bank,
        give,
        receive,
        ratio,
    )
    .map_err(|e| match e {
        BankTradeError::SameKind => InvalidTrade,
        BankTradeError::NotHeld => CardsNotHeld,
        BankTradeError::BankLacks => BankLacks,
    })?;
    c.emit(Event::BankTraded {
        seat: actor,
        give,
        give_count: ratio,
        receive,
    });
    Ok(())
}

fn violation(e: TradeError) -> Violation {
    match e {
        TradeError::NotActive => NotYourTurn,
        // The active seat has no offer to answer: its own is not one.
        TradeError::OwnOffer => NoOpenOffer,
        TradeError::NoSuchSeat => NoSuchSeat,
        TradeError::InvalidTerms => InvalidTrade,
        TradeError::NotHeld => CardsNotHeld,
        TradeError::OfferLimitReached => OfferLimitReached,
        TradeError::NoOpenOffer => NoOpenOffer,
        TradeError::NoSuchCounterOffer => NoSuchCounterOffer,
        TradeError::NotBinding => OfferNotBinding,
        TradeError::PartnerCannotPay => PartnerCannotPay,
    }
}

trade::wire_mapping!(Hand);
