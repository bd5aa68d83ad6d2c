//! What a seat cannot see, dealt again: the test support behind the project's rule that a seat's legal actions,
//! and every refusal it gets, depend only on what that seat may see.
//!
//! A game implements [`Redeal`] next to its rules (it reads the state's private fields): given a state and a seat,
//! it builds another state that the seat cannot tell apart from the first, because the seat's view of it is the
//! same and so is everything the rules promise in public, but in which what the seat may not see was dealt again
//! at random (the other seats' hidden cards, keeping how many each holds; the face-down decks). The property tests
//! then ask that both states give the seat the same legal actions and the same answers to its commands. Like
//! [`crate::playout`], this module knows no game; it depends only on the [`Game`] trait and on the hex machine's
//! [`Cards`] for the deal both Catan games share.

use crate::hex::Cards;
use crate::{Game, GameRng, Seat};
use rand::seq::SliceRandom;

/// A seat outside every table: [`Redeal::redeal`] for it deals again everything a spectator may not see.
pub const OUTSIDE: Seat = Seat(u8::MAX);

/// A game whose hidden information can be dealt again for one seat.
pub trait Redeal: Game {
    /// Whether the game hides anything from a seat. A game that hides nothing (the toy tic-tac-toe) redeals every
    /// state to itself, and the property tests check that instead of asking redeals to change states.
    const HIDES: bool = true;

    /// A state `seat` cannot tell from `state`: the same [`Game::view_state`] for it, the same public promises
    /// (a binding offer's cards are its proposer's), and what it may not see dealt again with `rng`. Equal to
    /// `state` where nothing is hidden from the seat (a finished game). For a seat outside the table (such as
    /// [`OUTSIDE`]) it is a state a spectator cannot tell from `state`: every hidden hand and deck dealt again.
    fn redeal(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;

    /// Where a command's `events` start to follow from something it drew or uncovered, by the rules, that its
    /// viewers could not see before: a card drawn from a face-down deck or taken at random from a hand, the cards
    /// a monopoly takes, the hidden points a win reveals. The index of the first such event, or `events.len()`.
    /// Two states that look the same to a seat may give it different events from there on, so the property tests
    /// compare a command's events only before it.
    fn drawn_at(events: &[Self::Event]) -> usize;
}

/// Deals again the hands of the seats for which `dealt` holds: each keeps its size and the part `kept` gives (cards
/// the rules promise it holds, such as a binding offer's, which every seat may count on), and the rest of all of
/// them is pooled and dealt out at random. Counts of each kind summed over those hands do not change, so neither do
/// the bank or any public total.
pub(crate) fn deal_hands<C: Cards>(
    hands: &mut [C],
    dealt: impl Fn(usize) -> bool,
    kept: impl Fn(usize) -> Option<C>,
    rng: &mut GameRng,
) {
    let mut kept_by_seat: Vec<Option<C>> = vec![None; hands.len()];
    for (i, hand) in hands.iter().enumerate() {
        if dealt(i) {
            // What the seat is bound to give, as far as it holds it: a game stored before the promise may hold less.
            kept_by_seat[i] = Some(kept(i).map_or(no_cards(), |bound| common(*hand, bound)));
        }
    }
    // Kind by kind over all the dealt hands, so the pool is the same whoever held what (see [`deal`]).
    let mut pool: Vec<C::Kind> = Vec::new();
    for &kind in C::KINDS {
        let count: usize = hands
            .iter()
            .zip(&kept_by_seat)
            .filter_map(|(hand, keep)| keep.map(|keep| usize::from(hand.minus(keep).count(kind))))
            .sum();
        pool.extend(std::iter::repeat_n(kind, count));
    }
    pool.shuffle(rng);
    let mut cards = pool.into_iter();
    for (hand, keep) in hands.iter_mut().zip(kept_by_seat) {
        let Some(keep) = keep else { continue };
        let size = hand.total() - keep.total();
        *hand = cards
            .by_ref()
            .take(usize::from(size))
            .fold(keep, |h, kind| h.plus(C::one(kind, 1)));
    }
}

/// No card at all.
fn no_cards<C: Cards>() -> C {
    C::one(C::KINDS[0], 0)
}

/// The cards both counts hold: of each kind, the smaller count.
fn common<C: Cards>(a: C, b: C) -> C {
    C::KINDS.iter().fold(no_cards(), |out, &kind| {
        out.plus(C::one(kind, a.count(kind).min(b.count(kind))))
    })
}

/// Deals `pool` at random into piles of the given sizes, which sum to its length. The pool is sorted first, so the
/// deal depends on which cards are dealt and on the generator, not on where the cards lay before: two states a seat
/// cannot tell apart are dealt alike by the same generator, which the expert bot's fairness rests on
/// ([`crate::bot::expert`]).
pub(crate) fn deal<T: Ord>(mut pool: Vec<T>, sizes: &[usize], rng: &mut GameRng) -> Vec<Vec<T>> {
    debug_assert_eq!(sizes.iter().sum::<usize>(), pool.len());
    pool.sort_unstable();
    pool.shuffle(rng);
    let mut cards = pool.into_iter();
    sizes
        .iter()
        .map(|&n| cards.by_ref().take(n).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Resources;
    use rand::SeedableRng;

    #[test]
    fn dealt_hands_keep_their_sizes_what_they_showed_and_the_cards_between_them() {
        let before = [
            Resources::new(3, 0, 1, 0, 0),
            Resources::new(0, 2, 0, 2, 0),
            Resources::new(0, 0, 0, 0, 4),
        ];
        let mut changed = false;
        for seed in 0..20 {
            let mut hands = before;
            // Seat 1 is the viewer; seat 0 has offered a brick and a wool.
            deal_hands(
                &mut hands,
                |i| i != 1,
                |i| (i == 0).then_some(Resources::new(1, 0, 1, 0, 0)),
                &mut GameRng::seed_from_u64(seed),
            );
            assert_eq!(hands[1], before[1]);
            assert_eq!(hands[0].total(), 4);
            assert_eq!(hands[2].total(), 4);
            assert!(hands[0].contains(Resources::new(1, 0, 1, 0, 0)));
            assert_eq!(
                hands[0].plus(hands[2]),
                before[0].plus(before[2]),
                "the dealt hands hold the same cards between them"
            );
            changed |= hands != before;
        }
        assert!(changed, "twenty deals never moved a card");
    }

    #[test]
    fn piles_take_their_sizes_from_the_pool() {
        let piles = deal(
            (0..10).collect::<Vec<u8>>(),
            &[3, 0, 7],
            &mut GameRng::seed_from_u64(1),
        );
        assert_eq!(piles.iter().map(Vec::len).collect::<Vec<_>>(), [3, 0, 7]);
        let mut all: Vec<u8> = piles.concat();
        all.sort();
        assert_eq!(all, (0..10).collect::<Vec<u8>>());
    }
}
