//! Cities & Knights' hidden information dealt again for one seat ([`crate::redeal`]): the other seats' resources
//! and commodities (each keeps its count and the cards its binding offer or counter-offer gives), and their progress
//! cards, among themselves and with the shuffled part of each deck (each seat keeps how many it holds, each deck
//! its size). What the seat looks into through a master merchant or a spy stays as it is, and so do the cards put
//! under a deck: the state does not say who put them there, so some may be the seat's own.

use super::view::peeks;
use super::*;
use crate::redeal::{deal, deal_hands, Redeal};

impl Redeal for CitiesKnights {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if matches!(s.phase, Phase::Ended { .. }) {
            return s;
        }
        let viewer = Viewer::Seat(seat);
        let hidden = |i: usize, progress: bool| {
            i != seat.index() && !peeks(state, viewer, Seat(i as u8), progress)
        };

        let mut hands: Vec<Hand> = s.players.iter().map(|p| p.hand).collect();
        deal_hands(
            &mut hands,
            |i| hidden(i, false),
            |i| s.trade.bound(s.active, Seat(i as u8)),
            rng,
        );
        for (p, hand) in s.players.iter_mut().zip(hands) {
            p.hand = hand;
        }

        // First among the seats, whatever their decks: each keeps how many it holds.
        let held: Vec<usize> = (0..s.players.len()).filter(|&i| hidden(i, true)).collect();
        let pool = held
            .iter()
            .flat_map(|&i| s.players[i].progress.clone())
            .collect();
        let sizes: Vec<usize> = held.iter().map(|&i| s.players[i].progress.len()).collect();
        for (&i, cards) in held.iter().zip(deal(pool, &sizes, rng)) {
            s.players[i].progress = cards;
        }
        // Then each track's cards in those hands with the cards of its deck a hand may hold: point cards are
        // revealed when drawn, so they never leave the deck for a hand.
        for track in Track::ALL {
            let t = track.index();
            let (points, mut pool): (Vec<ProgressCard>, Vec<ProgressCard>) =
                s.decks[t].iter().partition(|c| c.is_victory_point());
            let mut sizes = vec![pool.len()];
            for &i in &held {
                let (of_track, rest) = s.players[i]
                    .progress
                    .iter()
                    .partition::<Vec<ProgressCard>, _>(|c| c.track() == track);
                sizes.push(of_track.len());
                pool.extend(of_track);
                s.players[i].progress = rest;
            }
            let mut piles = deal(pool, &sizes, rng).into_iter();
            s.decks[t] = points;
            s.decks[t].extend(piles.next().expect("the deck's pile"));
            // The shuffled part is a multiset: in order, it no longer shows where its point cards lay.
            s.decks[t].sort_unstable();
            for (&i, pile) in held.iter().zip(piles) {
                s.players[i].progress.extend(pile);
            }
        }
        s
    }

    fn drawn_at(events: &[Event]) -> usize {
        let drawn = |e: &Event| {
            matches!(
                e,
                Event::ProgressCardDrawn { .. }
                    | Event::CardStolen { .. }
                    // Monopolies and the commercial harbor move what the hands hold, and the harbor's demands show
                    // who holds a commodity (its official text).
                    | Event::CardsTransferred { .. }
                    | Event::CardsDemanded { .. }
            )
        };
        events.iter().position(drawn).unwrap_or(events.len())
    }
}
