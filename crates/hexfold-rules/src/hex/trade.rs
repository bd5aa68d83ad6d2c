//! Trade, written once over any count of cards: the domestic negotiation between the active seat and the others,
//! and the bank's "so many of one kind for one of another" check.
//!
//! Base Catan trades resources ([`Resources`]); Cities & Knights trades resources and commodities (its `Hand`).
//! Both negotiate the same way: the active seat offers terms to everyone; each other seat accepts (the trade
//! happens at once), rejects, or counter-offers; the active seat accepts or rejects a counter-offer, or withdraws
//! its offer. A new offer replaces the old one and every counter-offer lapses with it, as everything does when the
//! offer is withdrawn, a trade completes or the turn ends.
//!
//! An offer or counter-offer binds (accepting it trades at once) only until the active seat does something else
//! than negotiate ([`Negotiation::unbind`]): it stays on the table, to be rejected, countered or withdrawn, but can
//! no longer be accepted as it stands. While a proposal binds no hand of its trade can change, so its proposer can
//! always pay it, and what a seat may answer, or why an answer is refused, never depends on a hand it cannot see.
//!
//! This module owns that state ([`Negotiation`], embedded in each game's state), its checks ([`decide`]), how its
//! facts fold ([`Negotiation::apply`]) and which answers are listed as legal ([`active_actions`],
//! [`responder_actions`], [`can_respond`]). Each game keeps its own commands, events and violations (their wire
//! form and rule IDs are the game's) and maps them to and from [`TradeCommand`], [`TradeStep`] and [`TradeError`].
//! The phase of the turn, and anything else that makes a game wait (Cities & Knights' obligations), is checked by
//! the game before it asks this module.

use super::resources::{Resource, Resources};
use crate::Seat;
use serde::{Deserialize, Serialize};

/// Offers plus counter-offers one seat may make per turn. Not in the rules of either game: a bound so a turn
/// cannot be stretched forever by offers (BASE-TRADE-04, CK-TRADE-03).
pub const OFFERS_PER_TURN_MAX: u8 = 16;

/// The best bank ratio any rule gives (a special harbor, the merchant, the trading house, a merchant fleet). A
/// kind held fewer times cannot go to the bank whatever the seat's harbors, so [`bank_trades`] skips it without
/// asking for the seat's ratio, which scans the harbors.
const BANK_RATIO_BEST: u8 = 2;

/// A count of each kind of card: what a hand, the bank and each side of a trade are made of.
pub trait Cards: Copy + Eq {
    /// One kind of card (a resource; in Cities & Knights a resource or a commodity).
    type Kind: Copy + Eq + 'static;
    /// Every kind, in the order legal actions list them.
    const KINDS: &'static [Self::Kind];
    /// Every card of the game: no side of a trade can ask for more, so a larger count is refused as meaningless.
    const SUPPLY_TOTAL: u16;
    /// `n` cards of `kind`.
    fn one(kind: Self::Kind, n: u8) -> Self;
    /// How many cards of `kind` this holds.
    fn count(self, kind: Self::Kind) -> u8;
    /// All cards, widened so the sum cannot overflow.
    fn total(self) -> u16;
    /// Whether every count in `other` is at most the count here.
    fn contains(self, other: Self) -> bool;
    /// Whether some kind appears in both.
    fn overlaps(self, other: Self) -> bool;
    /// Both counts together.
    fn plus(self, other: Self) -> Self;
    /// This count less `other` (saturating at zero).
    fn minus(self, other: Self) -> Self;
    fn is_empty(self) -> bool {
        self.total() == 0
    }
}

impl Cards for Resources {
    type Kind = Resource;
    const KINDS: &'static [Resource] = &Resource::ALL;
    /// 19 of each of the five resources (the supply of both base Catan and Cities & Knights).
    const SUPPLY_TOTAL: u16 = 95;

    fn one(kind: Resource, n: u8) -> Self {
        Resources::one(kind, n)
    }
    fn count(self, kind: Resource) -> u8 {
        self.get(kind)
    }
    fn total(self) -> u16 {
        Resources::total(self)
    }
    fn contains(self, other: Self) -> bool {
        Resources::contains(self, other)
    }
    fn overlaps(self, other: Self) -> bool {
        Resources::overlaps(self, other)
    }
    fn plus(self, other: Self) -> Self {
        Resources::plus(self, other)
    }
    fn minus(self, other: Self) -> Self {
        Resources::minus(self, other)
    }
}

/// Terms of a domestic trade from the proposer's point of view (the active seat for an offer, the other seat for
/// a counter-offer).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Terms<C> {
    /// What the proposer hands over.
    pub give: C,
    /// What the proposer gets.
    pub receive: C,
}

/// One seat's part in this turn's negotiation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatTrade<C> {
    /// Offers and counter-offers made this turn, against [`OFFERS_PER_TURN_MAX`].
    offers_made: u8,
    /// This seat's open counter-offer to the active seat.
    counter: Option<Terms<C>>,
    /// Whether this seat declined the open offer.
    rejected: bool,
    /// Whether the active seat has done something other than negotiate since this seat's counter-offer, which
    /// then no longer binds. Absent (false) in the stored form while it binds, as in every state stored before the
    /// rule.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    stale: bool,
}

impl<C> SeatTrade<C> {
    fn new() -> Self {
        SeatTrade {
            offers_made: 0,
            counter: None,
            rejected: false,
            stale: false,
        }
    }
}

/// The negotiation of the current turn: the active seat's open offer and, per seat, its counter-offer, whether it
/// declined the offer, and how many offers it made. Public information: offers are made to the whole table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Negotiation<C> {
    offer: Option<Terms<C>>,
    /// One entry per seat, index = seat.
    seats: Vec<SeatTrade<C>>,
    /// Whether the active seat has done something other than negotiate since its open offer, which then no
    /// longer binds. Stored like [`SeatTrade`]'s.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    stale: bool,
}

/// A trade command, as each game's own commands map to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TradeCommand<C> {
    /// Active seat: offer these terms to everyone (replaces its open offer).
    Offer(Terms<C>),
    /// Other seat: propose these terms (its point of view) to the active seat.
    Counter(Terms<C>),
    /// Other seat: accept the open offer.
    Accept,
    /// Other seat: decline the open offer.
    Reject,
    /// Active seat: accept this seat's counter-offer.
    AcceptCounter(Seat),
    /// Active seat: decline this seat's counter-offer.
    RejectCounter(Seat),
    /// Active seat: withdraw the open offer.
    Withdraw,
}

impl<C> TradeCommand<C> {
    /// Whether only the active seat sends this command (the others answer the active seat's offer).
    pub fn by_active(&self) -> bool {
        matches!(
            self,
            TradeCommand::Offer(_)
                | TradeCommand::AcceptCounter(_)
                | TradeCommand::RejectCounter(_)
                | TradeCommand::Withdraw
        )
    }
}

/// What a trade command did, as each game's own events map to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TradeStep<C> {
    Offered {
        seat: Seat,
        terms: Terms<C>,
    },
    CounterOffered {
        seat: Seat,
        terms: Terms<C>,
    },
    Rejected {
        seat: Seat,
    },
    CounterRejected {
        seat: Seat,
    },
    Withdrawn {
        seat: Seat,
    },
    /// Cards changed hands: `active` gave `given` to `partner` and received `received`.
    Completed {
        active: Seat,
        partner: Seat,
        given: C,
        received: C,
    },
}

/// Why a trade command was refused; each game maps these to its own violations. None says anything about a hand
/// beyond whether it holds the cards of the terms, which the table sees anyway when the trade happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TradeError {
    /// Offers, withdrawals and answers to counter-offers come from the active seat.
    NotActive,
    /// The active seat does not answer (accept, reject, counter) its own offer.
    OwnOffer,
    /// A counter-offer of a seat outside the table.
    NoSuchSeat,
    /// A side gives nothing, a kind is on both sides, or a side asks for more cards than the game has.
    InvalidTerms,
    /// The seat sending the command does not hold what it would give.
    NotHeld,
    /// The seat made [`OFFERS_PER_TURN_MAX`] offers this turn.
    OfferLimitReached,
    /// No open offer to answer or withdraw (or this seat already declined it).
    NoOpenOffer,
    /// That seat has no open counter-offer.
    NoSuchCounterOffer,
    /// The offer or counter-offer was made before the active seat's last act other than negotiating, so it no
    /// longer binds ([`Negotiation::unbind`]).
    NotBinding,
    /// The other side of the trade no longer holds its cards. A proposal that binds can always be paid, so a game
    /// decided by these rules never gets here: it guards the games stored before proposals stopped binding, in which
    /// an offer could outlive the cards it gave, so that no trade moves cards a seat lacks.
    PartnerCannotPay,
}

/// Why a bank trade was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankTradeError {
    /// The kind given is the kind asked for.
    SameKind,
    /// The seat holds fewer cards of the given kind than its ratio.
    NotHeld,
    /// The bank holds no card of the kind asked for.
    BankLacks,
}

impl<C: Cards> Negotiation<C> {
    /// No offer, nothing made yet, for a table of `seats`.
    pub fn new(seats: u8) -> Self {
        Negotiation {
            offer: None,
            seats: (0..seats).map(|_| SeatTrade::new()).collect(),
            stale: false,
        }
    }

    /// The active seat's open offer.
    pub fn offer(&self) -> Option<Terms<C>> {
        self.offer
    }

    /// `seat`'s open counter-offer.
    pub fn counter(&self, seat: Seat) -> Option<Terms<C>> {
        self.seats.get(seat.index()).and_then(|s| s.counter)
    }

    /// Whether `seat` declined the open offer.
    pub fn rejected(&self, seat: Seat) -> bool {
        self.seats.get(seat.index()).is_some_and(|s| s.rejected)
    }

    /// Whether the open offer binds: accepting it trades at once.
    pub fn offer_binds(&self) -> bool {
        self.offer.is_some() && !self.stale
    }

    /// Whether `seat`'s open counter-offer binds: the active seat accepting it trades at once.
    pub fn counter_binds(&self, seat: Seat) -> bool {
        self.seats
            .get(seat.index())
            .is_some_and(|s| s.counter.is_some() && !s.stale)
    }

    /// The cards `seat` is bound to give, with `active` the seat whose turn it is: what its binding offer or
    /// counter-offer gives. Its proposer holds them, which every seat may count on.
    pub fn bound(&self, active: Seat, seat: Seat) -> Option<C> {
        if seat == active {
            self.offer.filter(|_| !self.stale).map(|t| t.give)
        } else {
            self.seats
                .get(seat.index())
                .filter(|s| !s.stale)
                .and_then(|s| s.counter)
                .map(|t| t.give)
        }
    }

    /// Offers and counter-offers `seat` made this turn.
    pub fn offers_made(&self, seat: Seat) -> u8 {
        self.seats.get(seat.index()).map_or(0, |s| s.offers_made)
    }

    /// Whether `seat` may still make an offer or counter-offer this turn.
    fn may_offer(&self, seat: Seat) -> bool {
        self.offers_made(seat) < OFFERS_PER_TURN_MAX
    }

    /// A seat out of range can only come from a corrupt stream: fold it into the last seat rather than panic.
    fn seat_mut(&mut self, seat: Seat) -> Option<&mut SeatTrade<C>> {
        let i = seat.index().min(self.seats.len().saturating_sub(1));
        self.seats.get_mut(i)
    }

    /// The offer and every counter-offer and refusal lapse (withdrawn, traded, replaced).
    fn clear(&mut self) {
        self.offer = None;
        self.stale = false;
        for s in &mut self.seats {
            s.counter = None;
            s.rejected = false;
            s.stale = false;
        }
    }

    /// The active seat did something other than negotiate (BASE-TRADE-07, CK-TRADE-06): the open offer and every
    /// open counter-offer stop binding, since the hands behind them may have changed (a card spent, stolen,
    /// taken), which not every seat can see. They stay open, to be rejected, countered or withdrawn; a new offer
    /// or counter-offer binds again. Each game folds every event that is not a trade step through this, so the
    /// rule needs no event of its own and every game stored before it folds and replays as it did.
    pub fn unbind(&mut self) {
        if self.offer.is_none() {
            return;
        }
        self.stale = true;
        for s in &mut self.seats {
            s.stale |= s.counter.is_some();
        }
    }

    /// Folds one step. Cards moved by [`TradeStep::Completed`] are the game's to fold: hands are its state.
    pub fn apply(&mut self, step: &TradeStep<C>) {
        match *step {
            TradeStep::Offered { seat, terms } => {
                self.clear();
                self.offer = Some(terms);
                if let Some(s) = self.seat_mut(seat) {
                    s.offers_made = s.offers_made.saturating_add(1);
                }
            }
            TradeStep::CounterOffered { seat, terms } => {
                if let Some(s) = self.seat_mut(seat) {
                    s.counter = Some(terms);
                    s.rejected = false;
                    s.stale = false;
                    s.offers_made = s.offers_made.saturating_add(1);
                }
            }
            TradeStep::Rejected { seat } => {
                if let Some(s) = self.seat_mut(seat) {
                    s.rejected = true;
                    s.counter = None;
                    s.stale = false;
                }
            }
            TradeStep::CounterRejected { seat } => {
                if let Some(s) = self.seat_mut(seat) {
                    s.counter = None;
                    s.stale = false;
                }
            }
            TradeStep::Withdrawn { .. } | TradeStep::Completed { .. } => self.clear(),
        }
    }

    /// The turn passed: everything lapses and every seat may make offers again.
    pub fn end_turn(&mut self) {
        self.clear();
        for s in &mut self.seats {
            s.offers_made = 0;
        }
    }
}

/// Terms a seat may propose: both sides give something, no kind on both sides (no gifts, no like-for-like), no side
/// larger than the game's supply, the proposer holds what it gives, and it has offers left this turn.
fn terms_ok<C: Cards>(
    neg: &Negotiation<C>,
    seat: Seat,
    hand: C,
    terms: Terms<C>,
) -> Result<(), TradeError> {
    let Terms { give, receive } = terms;
    if give.is_empty()
        || receive.is_empty()
        || give.overlaps(receive)
        || receive.total() > C::SUPPLY_TOTAL
    {
        return Err(TradeError::InvalidTerms);
    }
    if !hand.contains(give) {
        return Err(TradeError::NotHeld);
    }
    if !neg.may_offer(seat) {
        return Err(TradeError::OfferLimitReached);
    }
    Ok(())
}

/// Checks `command` of `actor` against the negotiation, with `active` the seat whose turn it is and `hand` giving
/// each seat's cards, and returns what it does. The caller has checked the phase and that `actor` sits at the table.
pub fn decide<C: Cards>(
    neg: &Negotiation<C>,
    active: Seat,
    actor: Seat,
    hand: impl Fn(Seat) -> C,
    command: TradeCommand<C>,
) -> Result<TradeStep<C>, TradeError> {
    if command.by_active() {
        if actor != active {
            return Err(TradeError::NotActive);
        }
    } else if actor == active {
        return Err(TradeError::OwnOffer);
    }
    match command {
        TradeCommand::Offer(terms) => {
            terms_ok(neg, actor, hand(actor), terms)?;
            Ok(TradeStep::Offered { seat: actor, terms })
        }
        TradeCommand::Counter(terms) => {
            neg.offer.ok_or(TradeError::NoOpenOffer)?;
            terms_ok(neg, actor, hand(actor), terms)?;
            Ok(TradeStep::CounterOffered { seat: actor, terms })
        }
        TradeCommand::Accept => {
            let offer = neg.offer.ok_or(TradeError::NoOpenOffer)?;
            if !neg.offer_binds() {
                return Err(TradeError::NotBinding);
            }
            if !hand(actor).contains(offer.receive) {
                return Err(TradeError::NotHeld);
            }
            // Never so while the offer binds (see `PartnerCannotPay`).
            if !hand(active).contains(offer.give) {
                return Err(TradeError::PartnerCannotPay);
            }
            Ok(TradeStep::Completed {
                active,
                partner: actor,
                given: offer.give,
                received: offer.receive,
            })
        }
        TradeCommand::Reject => {
            neg.offer.ok_or(TradeError::NoOpenOffer)?;
            if neg.rejected(actor) {
                return Err(TradeError::NoOpenOffer);
            }
            Ok(TradeStep::Rejected { seat: actor })
        }
        TradeCommand::AcceptCounter(seat) => {
            let terms = counter_of(neg, seat)?;
            if !neg.counter_binds(seat) {
                return Err(TradeError::NotBinding);
            }
            if !hand(actor).contains(terms.receive) {
                return Err(TradeError::NotHeld);
            }
            // Never so while the counter-offer binds (see `PartnerCannotPay`).
            if !hand(seat).contains(terms.give) {
                return Err(TradeError::PartnerCannotPay);
            }
            Ok(TradeStep::Completed {
                active: actor,
                partner: seat,
                given: terms.receive,
                received: terms.give,
            })
        }
        TradeCommand::RejectCounter(seat) => {
            counter_of(neg, seat)?;
            Ok(TradeStep::CounterRejected { seat })
        }
        TradeCommand::Withdraw => {
            neg.offer.ok_or(TradeError::NoOpenOffer)?;
            Ok(TradeStep::Withdrawn { seat: actor })
        }
    }
}

fn counter_of<C: Cards>(neg: &Negotiation<C>, seat: Seat) -> Result<Terms<C>, TradeError> {
    if seat.index() >= neg.seats.len() {
        return Err(TradeError::NoSuchSeat);
    }
    neg.counter(seat).ok_or(TradeError::NoSuchCounterOffer)
}

/// One-for-one terms from `hand`, if `seat` may still make offers this turn: every card held for every other kind.
fn one_for_one<C: Cards>(
    neg: &Negotiation<C>,
    seat: Seat,
    hand: C,
    mut push: impl FnMut(Terms<C>),
) {
    if !neg.may_offer(seat) {
        return;
    }
    for &give in C::KINDS {
        if hand.count(give) == 0 {
            continue;
        }
        for &receive in C::KINDS {
            if receive != give {
                push(Terms {
                    give: C::one(give, 1),
                    receive: C::one(receive, 1),
                });
            }
        }
    }
}

/// The active seat's trade commands in the main phase: one-for-one offers (larger ones pass [`decide`] but are not
/// listed), withdrawing its open offer, and accepting (when it binds and both sides hold the cards, which while it
/// binds only the active seat's own hand decides) or rejecting each open counter-offer.
pub fn active_actions<C: Cards>(
    neg: &Negotiation<C>,
    active: Seat,
    hand: impl Fn(Seat) -> C,
    mut push: impl FnMut(TradeCommand<C>),
) {
    let own = hand(active);
    one_for_one(neg, active, own, |t| push(TradeCommand::Offer(t)));
    if neg.offer.is_some() {
        push(TradeCommand::Withdraw);
    }
    for (i, s) in neg.seats.iter().enumerate() {
        if let Some(terms) = s.counter {
            let seat = Seat(i as u8);
            if !s.stale && own.contains(terms.receive) && hand(seat).contains(terms.give) {
                push(TradeCommand::AcceptCounter(seat));
            }
            push(TradeCommand::RejectCounter(seat));
        }
    }
}

/// A non-active seat's answers to the open offer: accepting (when it binds and both sides hold the cards, which while
/// it binds only the seat's own hand decides), rejecting (once), and one-for-one counter-offers.
pub fn responder_actions<C: Cards>(
    neg: &Negotiation<C>,
    active: Seat,
    seat: Seat,
    hand: impl Fn(Seat) -> C,
    mut push: impl FnMut(TradeCommand<C>),
) {
    let Some(offer) = neg.offer else {
        return;
    };
    let own = hand(seat);
    if neg.offer_binds() && own.contains(offer.receive) && hand(active).contains(offer.give) {
        push(TradeCommand::Accept);
    }
    if !neg.rejected(seat) {
        push(TradeCommand::Reject);
    }
    one_for_one(neg, seat, own, |t| push(TradeCommand::Counter(t)));
}

/// Whether a non-active seat has an answer to the open offer: the conditions under which [`responder_actions`]
/// lists something, without building the list (`seats_to_act` asks this for every seat after every command).
pub fn can_respond<C: Cards>(
    neg: &Negotiation<C>,
    active: Seat,
    seat: Seat,
    hand: impl Fn(Seat) -> C,
) -> bool {
    let Some(offer) = neg.offer else {
        return false;
    };
    let own = hand(seat);
    let accept =
        neg.offer_binds() && own.contains(offer.receive) && hand(active).contains(offer.give);
    let counter = neg.may_offer(seat) && !own.is_empty();
    accept || !neg.rejected(seat) || counter
}

/// A bank trade: `ratio` cards of `give` from `hand` for one `receive` from `bank`.
pub fn bank_trade<C: Cards>(
    hand: C,
    bank: C,
    give: C::Kind,
    receive: C::Kind,
    ratio: u8,
) -> Result<(), BankTradeError> {
    if give == receive {
        return Err(BankTradeError::SameKind);
    }
    if hand.count(give) < ratio {
        return Err(BankTradeError::NotHeld);
    }
    if bank.count(receive) == 0 {
        return Err(BankTradeError::BankLacks);
    }
    Ok(())
}

/// Every bank trade [`bank_trade`] accepts, as `(give, receive)`; `ratio` gives the seat's ratio for a kind.
pub fn bank_trades<C: Cards>(
    hand: C,
    bank: C,
    ratio: impl Fn(C::Kind) -> u8,
    mut push: impl FnMut(C::Kind, C::Kind),
) {
    for &give in C::KINDS {
        let held = hand.count(give);
        if held < BANK_RATIO_BEST || held < ratio(give) {
            continue;
        }
        for &receive in C::KINDS {
            if receive != give && bank.count(receive) > 0 {
                push(give, receive);
            }
        }
    }
}

/// A game's side of the mapping between its own trade commands and events and the shared [`TradeCommand`] and
/// [`TradeStep`]: `event`, `step` and `command`, over the game's `Event` and `Command` in scope where it is invoked.
/// Both Catan games name their trade variants alike (their card types differ), so the mapping is written once.
macro_rules! wire_mapping {
    ($cards:ty) => {
        fn event(step: TradeStep<$cards>) -> Event {
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
        pub(super) fn step(event: &Event) -> Option<TradeStep<$cards>> {
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
        pub(super) fn command(c: TradeCommand<$cards>) -> Command {
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
    };
}
pub(crate) use wire_mapping;

#[cfg(test)]
mod tests {
    use super::*;

    const A: Seat = Seat(0);
    const B: Seat = Seat(1);
    const C: Seat = Seat(2);

    fn r(brick: u8, lumber: u8, wool: u8, grain: u8, ore: u8) -> Resources {
        Resources::new(brick, lumber, wool, grain, ore)
    }

    fn terms(give: Resources, receive: Resources) -> Terms<Resources> {
        Terms { give, receive }
    }

    /// Seat 0 holds a brick and a lumber, seat 1 two grain, seat 2 nothing.
    fn hands(s: Seat) -> Resources {
        match s.0 {
            0 => r(1, 1, 0, 0, 0),
            1 => r(0, 0, 0, 2, 0),
            _ => Resources::ZERO,
        }
    }

    /// Decides `command` and folds what it did, like a game would.
    fn step(
        neg: &mut Negotiation<Resources>,
        actor: Seat,
        command: TradeCommand<Resources>,
    ) -> Result<TradeStep<Resources>, TradeError> {
        let done = decide(neg, A, actor, hands, command)?;
        neg.apply(&done);
        Ok(done)
    }

    fn brick_for_grain() -> Terms<Resources> {
        terms(r(1, 0, 0, 0, 0), r(0, 0, 0, 1, 0))
    }

    #[test]
    fn terms_need_both_sides_no_kind_twice_and_the_cards() {
        let neg = Negotiation::<Resources>::new(3);
        let offer = |t| decide(&neg, A, A, hands, TradeCommand::Offer(t));
        let none = Resources::ZERO;
        assert_eq!(
            offer(terms(none, r(1, 0, 0, 0, 0))),
            Err(TradeError::InvalidTerms)
        );
        assert_eq!(
            offer(terms(r(1, 0, 0, 0, 0), none)),
            Err(TradeError::InvalidTerms)
        );
        assert_eq!(
            offer(terms(r(1, 0, 0, 0, 0), r(1, 0, 0, 1, 0))),
            Err(TradeError::InvalidTerms)
        );
        assert_eq!(
            offer(terms(r(1, 0, 0, 0, 0), r(0, 0, 0, 96, 0))),
            Err(TradeError::InvalidTerms)
        );
        assert_eq!(
            offer(terms(r(2, 0, 0, 0, 0), r(0, 0, 0, 1, 0))),
            Err(TradeError::NotHeld)
        );
        assert!(offer(brick_for_grain()).is_ok());
    }

    #[test]
    fn roles_active_offers_others_answer() {
        let mut neg = Negotiation::<Resources>::new(3);
        assert_eq!(
            step(&mut neg, B, TradeCommand::Offer(brick_for_grain())),
            Err(TradeError::NotActive)
        );
        assert_eq!(
            step(&mut neg, B, TradeCommand::Accept),
            Err(TradeError::NoOpenOffer)
        );
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        assert_eq!(
            step(&mut neg, A, TradeCommand::Accept),
            Err(TradeError::OwnOffer)
        );
        assert_eq!(
            step(&mut neg, B, TradeCommand::Withdraw),
            Err(TradeError::NotActive)
        );
        assert_eq!(
            step(&mut neg, B, TradeCommand::Accept),
            Ok(TradeStep::Completed {
                active: A,
                partner: B,
                given: r(1, 0, 0, 0, 0),
                received: r(0, 0, 0, 1, 0),
            })
        );
        assert_eq!(neg.offer(), None, "a completed trade closes the offer");
    }

    #[test]
    fn accepting_needs_both_sides_to_hold_the_cards() {
        let mut neg = Negotiation::<Resources>::new(3);
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        assert_eq!(
            step(&mut neg, C, TradeCommand::Accept),
            Err(TradeError::NotHeld)
        );
        // The offerer's hand changed after the offer (say, a knight took the brick).
        let poorer = |s: Seat| if s == A { r(0, 1, 0, 0, 0) } else { hands(s) };
        assert_eq!(
            decide(&neg, A, B, poorer, TradeCommand::Accept),
            Err(TradeError::PartnerCannotPay)
        );
    }

    #[test]
    fn a_counter_offer_is_accepted_by_the_active_seat_on_its_terms() {
        let mut neg = Negotiation::<Resources>::new(3);
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        // Seat 1 wants the lumber instead, for one grain.
        let counter = terms(r(0, 0, 0, 1, 0), r(0, 1, 0, 0, 0));
        step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
        assert_eq!(neg.counter(B), Some(counter));
        assert_eq!(
            step(&mut neg, B, TradeCommand::AcceptCounter(B)),
            Err(TradeError::NotActive)
        );
        assert_eq!(
            step(&mut neg, A, TradeCommand::AcceptCounter(C)),
            Err(TradeError::NoSuchCounterOffer)
        );
        assert_eq!(
            step(&mut neg, A, TradeCommand::AcceptCounter(Seat(7))),
            Err(TradeError::NoSuchSeat)
        );
        assert_eq!(
            step(&mut neg, A, TradeCommand::AcceptCounter(B)),
            Ok(TradeStep::Completed {
                active: A,
                partner: B,
                given: r(0, 1, 0, 0, 0),
                received: r(0, 0, 0, 1, 0),
            })
        );
        assert_eq!(neg.counter(B), None);
    }

    #[test]
    fn counters_lapse_with_their_offer() {
        let counter = terms(r(0, 0, 0, 1, 0), r(0, 1, 0, 0, 0));
        let open = || {
            let mut neg = Negotiation::<Resources>::new(3);
            step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
            step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
            neg
        };
        let mut withdrawn = open();
        step(&mut withdrawn, A, TradeCommand::Withdraw).unwrap();
        let mut replaced = open();
        step(&mut replaced, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        let mut ended = open();
        ended.end_turn();
        let mut rejected = open();
        step(&mut rejected, A, TradeCommand::RejectCounter(B)).unwrap();
        for mut neg in [withdrawn, replaced, ended, rejected] {
            assert_eq!(neg.counter(B), None);
            assert_eq!(
                step(&mut neg, A, TradeCommand::AcceptCounter(B)),
                Err(TradeError::NoSuchCounterOffer)
            );
        }
        let mut declined = open();
        step(&mut declined, B, TradeCommand::Reject).unwrap();
        assert_eq!(
            declined.counter(B),
            None,
            "rejecting the offer drops the counter"
        );
    }

    #[test]
    fn proposals_stop_binding_when_the_active_seat_acts_otherwise_and_stay_open() {
        let mut neg = Negotiation::<Resources>::new(3);
        neg.unbind();
        assert_eq!(neg, Negotiation::new(3), "nothing open, nothing to unbind");
        let counter = terms(r(0, 0, 0, 1, 0), r(0, 1, 0, 0, 0));
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
        assert_eq!(neg.bound(A, A), Some(r(1, 0, 0, 0, 0)));
        assert_eq!(neg.bound(A, B), Some(r(0, 0, 0, 1, 0)));
        // Seat 0 builds, plays a card, trades with the bank: whatever it is, it is not an answer.
        neg.unbind();
        assert!(!neg.offer_binds() && !neg.counter_binds(B));
        assert_eq!((neg.bound(A, A), neg.bound(A, B)), (None, None));
        for (seat, command) in [
            (C, TradeCommand::Accept),
            (A, TradeCommand::AcceptCounter(B)),
        ] {
            assert_eq!(
                decide(&neg, A, seat, hands, command),
                Err(TradeError::NotBinding)
            );
        }
        let mut listed = Vec::new();
        responder_actions(&neg, A, B, hands, |c| listed.push(c));
        active_actions(&neg, A, hands, |c| listed.push(c));
        assert!(!listed
            .iter()
            .any(|c| matches!(c, TradeCommand::Accept | TradeCommand::AcceptCounter(_))));
        // Still open: seat 2 may counter, and a counter made now binds; so does a new offer.
        step(&mut neg, C, TradeCommand::Reject).unwrap();
        step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
        assert!(neg.counter_binds(B) && !neg.offer_binds());
        assert!(step(&mut neg, A, TradeCommand::AcceptCounter(B)).is_ok());
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        assert!(neg.offer_binds());
        // The stored form of a negotiation that binds is the one stored before the rule.
        let json = serde_json::to_string(&neg).unwrap();
        assert!(!json.contains("stale"), "{json}");
        neg.unbind();
        let json = serde_json::to_string(&neg).unwrap();
        assert_eq!(
            serde_json::from_str::<Negotiation<Resources>>(&json).unwrap(),
            neg
        );
    }

    #[test]
    fn an_offer_is_rejected_once_and_a_counter_reopens_it() {
        let mut neg = Negotiation::<Resources>::new(3);
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        step(&mut neg, B, TradeCommand::Reject).unwrap();
        assert!(neg.rejected(B));
        assert_eq!(
            step(&mut neg, B, TradeCommand::Reject),
            Err(TradeError::NoOpenOffer)
        );
        let counter = terms(r(0, 0, 0, 1, 0), r(0, 1, 0, 0, 0));
        step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
        assert!(!neg.rejected(B));
    }

    #[test]
    fn offers_per_turn_are_capped_until_the_turn_ends() {
        let mut neg = Negotiation::<Resources>::new(3);
        for _ in 0..OFFERS_PER_TURN_MAX {
            step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        }
        assert_eq!(
            step(&mut neg, A, TradeCommand::Offer(brick_for_grain())),
            Err(TradeError::OfferLimitReached)
        );
        let mut listed = Vec::new();
        active_actions(&neg, A, hands, |c| listed.push(c));
        assert_eq!(listed, vec![TradeCommand::Withdraw]);
        neg.end_turn();
        assert_eq!(neg.offers_made(A), 0);
        assert!(step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).is_ok());
    }

    /// Everything listed is accepted, and `can_respond` agrees with the responder's list.
    #[test]
    fn listed_answers_are_accepted() {
        let mut neg = Negotiation::<Resources>::new(3);
        let counter = terms(r(0, 0, 0, 1, 0), r(0, 1, 0, 0, 0));
        step(&mut neg, A, TradeCommand::Offer(brick_for_grain())).unwrap();
        step(&mut neg, B, TradeCommand::Counter(counter)).unwrap();
        for seat in [A, B, C] {
            let mut listed = Vec::new();
            if seat == A {
                active_actions(&neg, A, hands, |c| listed.push(c));
                assert!(listed.contains(&TradeCommand::AcceptCounter(B)));
            } else {
                responder_actions(&neg, A, seat, hands, |c| listed.push(c));
                assert_eq!(can_respond(&neg, A, seat, hands), !listed.is_empty());
            }
            // Two kinds held by seat 0 times four others; seat 1 one kind; seat 2 none.
            let offers = listed
                .iter()
                .filter(|c| matches!(c, TradeCommand::Offer(_) | TradeCommand::Counter(_)))
                .count();
            assert_eq!(offers, [8, 4, 0][seat.index()]);
            for c in listed {
                assert!(decide(&neg, A, seat, hands, c).is_ok(), "{seat:?} {c:?}");
            }
        }
        // Seat 2 cannot accept or counter but has not declined yet; once it has, it has nothing to say.
        step(&mut neg, C, TradeCommand::Reject).unwrap();
        assert!(!can_respond(&neg, A, C, hands));
    }

    #[test]
    fn bank_trade_gives_the_ratio_of_one_kind_for_one_other_the_bank_holds() {
        use Resource::*;
        let hand = r(4, 0, 0, 2, 0);
        let bank = r(19, 19, 19, 0, 19);
        assert_eq!(
            bank_trade(hand, bank, Brick, Brick, 4),
            Err(BankTradeError::SameKind)
        );
        assert_eq!(
            bank_trade(hand, bank, Grain, Ore, 3),
            Err(BankTradeError::NotHeld)
        );
        assert_eq!(
            bank_trade(hand, bank, Brick, Grain, 4),
            Err(BankTradeError::BankLacks)
        );
        assert_eq!(bank_trade(hand, bank, Brick, Ore, 4), Ok(()));
        let mut listed = Vec::new();
        bank_trades(
            hand,
            bank,
            |k| if k == Grain { 2 } else { 4 },
            |g, r| listed.push((g, r)),
        );
        // Brick into lumber, wool, ore; grain (2:1) into brick, lumber, wool, ore.
        assert_eq!(listed.len(), 7);
        for (g, k) in listed {
            let ratio = if g == Grain { 2 } else { 4 };
            assert_eq!(bank_trade(hand, bank, g, k, ratio), Ok(()));
        }
    }
}
