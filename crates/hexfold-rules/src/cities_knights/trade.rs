//! Cities & Knights' side of [`crate::hex::trade`]: its trade commands, events and violations mapped to and from
//! the shared negotiation, which owns the rules (CK-TRADE-01..03 and the counter-offers of CK-TRADE-05, base
//! Catan's BASE-TRADE-01..05 over resources and commodities).

use super::decide::{bank_ratio, require_active, Ctx};
use super::*;
use crate::hex::trade::{self, BankTradeError, TradeCommand, TradeError, TradeStep};
use Violation::*;

/// Decides a domestic trade command in the main phase, once no obligation is pending.
pub(super) fn decide(
    st: &State,
    c: &mut Ctx,
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
    c: &mut Ctx,
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
        TradeError::PartnerCannotPay => PartnerCannotPay,
    }
}

fn event(step: TradeStep<Hand>) -> Event {
    match step {
        TradeStep::Offered { seat, terms } => Event::TradeOffered {
            seat,
            give: terms.give,
            receive: terms.receive,
        },
        TradeStep::CounterOffered { seat, terms } => Event::CounterOffered {
            seat,
            give: terms.give,
            receive: terms.receive,
        },
        TradeStep::Rejected { seat } => Event::TradeRejected { seat },
        TradeStep::CounterRejected { seat } => Event::CounterOfferRejected { seat },
        TradeStep::Withdrawn { seat } => Event::TradeWithdrawn { seat },
        TradeStep::Completed {
            active,
            partner,
            given,
            received,
        } => Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        },
    }
}

/// The shared step behind a trade event, for `evolve`; `None` for every other event.
pub(super) fn step(event: &Event) -> Option<TradeStep<Hand>> {
    Some(match *event {
        Event::TradeOffered {
            seat,
            give,
            receive,
        } => TradeStep::Offered {
            seat,
            terms: TradeTerms { give, receive },
        },
        Event::CounterOffered {
            seat,
            give,
            receive,
        } => TradeStep::CounterOffered {
            seat,
            terms: TradeTerms { give, receive },
        },
        Event::TradeRejected { seat } => TradeStep::Rejected { seat },
        Event::CounterOfferRejected { seat } => TradeStep::CounterRejected { seat },
        Event::TradeWithdrawn { seat } => TradeStep::Withdrawn { seat },
        Event::TradeCompleted {
            active,
            partner,
            given,
            received,
        } => TradeStep::Completed {
            active,
            partner,
            given,
            received,
        },
        _ => return None,
    })
}

/// The game's command for a shared one.
pub(super) fn command(c: TradeCommand<Hand>) -> Command {
    match c {
        TradeCommand::Offer(t) => Command::OfferTrade {
            give: t.give,
            receive: t.receive,
        },
        TradeCommand::Counter(t) => Command::CounterOffer {
            give: t.give,
            receive: t.receive,
        },
        TradeCommand::Accept => Command::AcceptTrade,
        TradeCommand::Reject => Command::RejectTrade,
        TradeCommand::AcceptCounter(seat) => Command::AcceptCounterOffer { seat },
        TradeCommand::RejectCounter(seat) => Command::RejectCounterOffer { seat },
        TradeCommand::Withdraw => Command::WithdrawTrade,
    }
}
