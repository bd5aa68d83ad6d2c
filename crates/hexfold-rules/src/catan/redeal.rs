//! Base Catan's hidden information dealt again for one seat ([`crate::redeal`]): the other seats' resource cards
//! (each keeps its count and the cards its binding offer or counter-offer gives) and their development cards together
//! with the deck (each seat keeps how many it may play and how many it bought this turn, the deck its size).

use super::*;
use crate::redeal::{deal, deal_hands, Redeal};

impl Redeal for Catan {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if matches!(s.phase, Phase::Ended { .. }) {
            return s;
        }
        let mut hands: Vec<Resources> = s.players.iter().map(|p| p.hand).collect();
        deal_hands(
            &mut hands,
            |i| i != seat.index(),
            |i| s.trade.bound(s.active, Seat(i as u8)),
            rng,
        );
        for (p, hand) in s.players.iter_mut().zip(hands) {
            p.hand = hand;
        }

        let others = s
            .players
            .iter_mut()
            .enumerate()
            .filter(|&(i, _)| i != seat.index())
            .map(|(_, p)| (&mut p.dev, &mut p.dev_new));
        deal_dev_cards(&mut s.deck, others, rng);
        s
    }

    fn drawn_at(events: &[Event]) -> usize {
        let drawn = |e: &Event| {
            matches!(
                e,
                Event::ResourceStolen { .. }
                    | Event::DevelopmentCardBought { .. }
                    | Event::MonopolyPlayed { .. }
                    | Event::GameWon { .. }
            )
        };
        events.iter().position(drawn).unwrap_or(events.len())
    }
}

/// Deals the development deck again together with the given seats' cards, each pair a seat's playable cards and
/// its cards bought this turn: the deck keeps its size, and each seat how many it may play and how many it bought.
pub(crate) fn deal_dev_cards<'a>(
    deck: &mut DevCards,
    seats: impl Iterator<Item = (&'a mut DevCards, &'a mut DevCards)>,
    rng: &mut GameRng,
) {
    let mut seats: Vec<_> = seats.collect();
    // Pile 0 is the deck; then each seat's playable cards and its cards bought this turn.
    let mut pool = cards_of(*deck);
    let mut sizes = vec![pool.len()];
    for (dev, dev_new) in &seats {
        for cards in [**dev, **dev_new] {
            let cards = cards_of(cards);
            sizes.push(cards.len());
            pool.extend(cards);
        }
    }
    let mut piles = deal(pool, &sizes, rng).into_iter().map(count_of);
    *deck = piles.next().expect("the deck's pile");
    for (dev, dev_new) in &mut seats {
        **dev = piles.next().expect("a seat's playable pile");
        **dev_new = piles.next().expect("a seat's new pile");
    }
}

/// Each card of `cards`, one entry per card.
fn cards_of(cards: DevCards) -> Vec<DevCard> {
    DevCard::ALL
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, usize::from(cards.get(c))))
        .collect()
}

fn count_of(cards: Vec<DevCard>) -> DevCards {
    let mut out = DevCards::default();
    for c in cards {
        *out.get_mut(c) += 1;
    }
    out
}
