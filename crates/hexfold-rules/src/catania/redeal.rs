//! Catania's hidden information dealt again for one seat ([`crate::redeal`]): the layer's (resources, commodities,
//! progress cards, as Cities & Knights deals them) and the development cards of the other seats together with the
//! deck, as base Catan deals them (each seat keeps how many it may play and how many it bought this turn).

use super::*;
use crate::catan::redeal::{cards_of, count_of};
use crate::redeal::{deal, Redeal};

impl Redeal for Catania {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if seat.0 >= s.seats() || matches!(s.phase(), ck::Phase::Ended { .. }) {
            return s;
        }
        s.ck = CitiesKnights::redeal(&state.ck, seat, rng);

        // Pile 0 is the deck; then each other seat's playable cards and its cards bought this turn.
        let mut pool = cards_of(s.deck);
        let mut sizes = vec![pool.len()];
        for (i, p) in s.sailors.iter().enumerate() {
            if i != seat.index() {
                for cards in [p.dev, p.dev_new] {
                    let cards = cards_of(cards);
                    sizes.push(cards.len());
                    pool.extend(cards);
                }
            }
        }
        let mut piles = deal(pool, &sizes, rng).into_iter().map(count_of);
        s.deck = piles.next().expect("the deck's pile");
        for (i, p) in s.sailors.iter_mut().enumerate() {
            if i != seat.index() {
                p.dev = piles.next().expect("a seat's playable pile");
                p.dev_new = piles.next().expect("a seat's new pile");
            }
        }
        s
    }

    fn drawn_at(events: &[Event]) -> usize {
        let drawn = |e: &Event| match e {
            // A win reveals the winner's victory point cards, which the layer has not.
            Event::Ck(ck::Event::GameWon { .. }) => true,
            Event::Ck(layer) => CitiesKnights::drawn_at(std::slice::from_ref(layer)) == 0,
            // Chips come from the bag at random, so the rest follows a draw even though the bag is public.
            Event::DevelopmentCardBought { .. } | Event::ChipsDrawn { .. } => true,
            _ => false,
        };
        events.iter().position(drawn).unwrap_or(events.len())
    }
}
