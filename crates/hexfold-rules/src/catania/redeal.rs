//! Catania's hidden information dealt again for one seat ([`crate::redeal`]): the layer's (resources, commodities,
//! progress cards, as Cities & Knights deals them) and the development cards of the other seats together with the
//! deck, as base Catan deals them (each seat keeps how many it may play and how many it bought this turn); and the
//! barbarian castle's pile with the other seats' hands: the seat's own cards in the pile stay, the rest of the
//! pile keeps its size and is dealt with the hands the layer deals (each keeps its count, and the cards its
//! binding offer gives).

use super::*;
use crate::catan::redeal::deal_dev_cards;
use crate::cities_knights::view::peeks;
use crate::cities_knights::{Good, Hand};
use crate::redeal::{deal_hands, Redeal};

impl Redeal for Catania {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if matches!(s.phase(), ck::Phase::Ended { .. }) {
            return s;
        }
        s.ck = CitiesKnights::redeal(&state.ck, seat, rng);

        let others = s
            .sailors
            .iter_mut()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, p)| (&mut p.dev, &mut p.dev_new));
        deal_dev_cards(&mut s.deck, others, rng);
        redeal_pile(&mut s, seat, rng);
        s
    }

    fn drawn_at(events: &[Event]) -> usize {
        let drawn = |e: &Event| match e {
            // A win reveals the winner's victory point cards, which the layer has not.
            Event::Ck(ck::Event::GameWon { .. }) => true,
            Event::Ck(layer) => CitiesKnights::drawn_at(std::slice::from_ref(layer)) == 0,
            // Chips come from the bag at random, so the rest follows a draw even though the bag is public.
            Event::DevelopmentCardBought { .. } | Event::ChipsDrawn { .. } => true,
            // Cards drawn from the castle's face-down pile.
            Event::CastleCardReturned { .. } | Event::CastleLooted { .. } => true,
            _ => false,
        };
        events.iter().position(drawn).unwrap_or(events.len())
    }
}

/// The cards of the castle's pile `seat` did not put there, dealt again with the hands of the other seats it
/// cannot look into (as the layer deals them: each keeps its count and its binding offer's cards).
fn redeal_pile(s: &mut State, seat: Seat, rng: &mut GameRng) {
    let strangers: Vec<usize> = (0..s.castle.len())
        .filter(|&i| s.castle[i].seat != seat)
        .collect();
    if strangers.is_empty() {
        return;
    }
    let pile = strangers
        .iter()
        .fold(Hand::ZERO, |h, &i| h.plus(Hand::one(s.castle[i].good, 1)));
    let n = s.ck.players.len();
    let mut hands: Vec<Hand> = s.ck.players.iter().map(|p| p.hand).collect();
    hands.push(pile);
    let viewer = Viewer::Seat(seat);
    let (ck, active) = (&s.ck, s.ck.active());
    deal_hands(
        &mut hands,
        |i| i == n || (i != seat.index() && !peeks(ck, viewer, Seat(i as u8), false)),
        |i| {
            (i < n)
                .then(|| ck.trade.bound(active, Seat(i as u8)))
                .flatten()
        },
        rng,
    );
    let dealt = hands.pop().expect("the pile's hand");
    for (p, hand) in s.ck.players.iter_mut().zip(hands) {
        p.hand = hand;
    }
    let mut goods = Good::ALL
        .into_iter()
        .flat_map(|g| std::iter::repeat_n(g, usize::from(dealt.get(g))));
    for i in strangers {
        s.castle[i].good = goods.next().expect("as many cards as the pile's strangers");
    }
}
