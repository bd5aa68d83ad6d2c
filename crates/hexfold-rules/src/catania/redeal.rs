//! Catania's hidden information dealt again for one seat ([`crate::redeal`]): the layer's (resources, commodities,
//! progress cards, as Cities & Knights deals them) and the development cards of the other seats together with the
//! deck, as base Catan deals them (each seat keeps how many it may play and how many it bought this turn).

use super::*;
use crate::catan::redeal::deal_dev_cards;
use crate::redeal::Redeal;

impl Redeal for Catania {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if seat.0 >= s.seats() || matches!(s.phase(), ck::Phase::Ended { .. }) {
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
