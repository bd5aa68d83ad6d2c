//! Elasund's hidden information dealt again for one seat ([`crate::redeal`]): the colours of the other seats'
//! influence cards together with the influence deck (each seat keeps how many it holds, the deck its size; gold is
//! public), and the church tiles the seat has not seen (the tile under the stack unless it built the first one, the
//! two drawn tiles unless it drew them) together with the stack.

use super::board::{add, colour_count, influence_total, of_colour};
use super::*;
use crate::redeal::{deal, Redeal};

impl Redeal for Elasund {
    fn redeal(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = state.clone();
        if seat.0 >= s.players || matches!(s.phase, Phase::Over { .. }) {
            return s;
        }
        // Pile 0 is the deck, then each other seat's influence cards.
        let others: Vec<usize> = (0..s.seats.len()).filter(|&i| i != seat.index()).collect();
        let mut pool = colours_of(&s.bank);
        let mut sizes = vec![pool.len()];
        for &i in &others {
            let colours = colours_of(&s.seats[i].hand);
            sizes.push(colours.len());
            pool.extend(colours);
        }
        let mut piles = deal(pool, &sizes, rng).into_iter();
        s.bank = with_colours(s.bank, piles.next().expect("the deck's pile"));
        for (&i, pile) in others.iter().zip(piles) {
            s.seats[i].hand = with_colours(s.seats[i].hand, pile);
        }

        // The stack is unordered; what the seat has not seen of the bottom tile and the drawn ones joins it.
        let bottom_hidden = s.church_bottom.is_some() && s.church_first_builder != Some(seat);
        let drawn_hidden = s.current != seat;
        let mut pool: Vec<u8> = (0..data::CHURCH_TILES)
            .filter(|t| s.church_stack & (1 << t) != 0)
            .collect();
        let bottom = s.church_bottom.filter(|_| bottom_hidden);
        pool.extend(bottom);
        let mut drawn = match &mut s.phase {
            Phase::ChooseChurchTile { tiles, .. } if drawn_hidden => Some(tiles),
            _ => None,
        };
        if let Some(tiles) = &drawn {
            pool.extend(tiles.iter());
        }
        let sizes = [
            pool.len() - usize::from(bottom.is_some()) - 2 * usize::from(drawn.is_some()),
            usize::from(bottom.is_some()),
            2 * usize::from(drawn.is_some()),
        ];
        let [stack, new_bottom, new_drawn]: [Vec<u8>; 3] =
            deal(pool, &sizes, rng).try_into().expect("three piles");
        if let Some(tiles) = &mut drawn {
            **tiles = [new_drawn[0], new_drawn[1]];
        }
        if bottom.is_some() {
            s.church_bottom = new_bottom.first().copied();
        }
        s.church_stack = stack.iter().fold(0, |set, t| set | (1 << t));
        s
    }

    fn drawn_at(events: &[Event]) -> usize {
        // A church tile after the first is drawn from the stack as the command begins, and what it covers comes
        // before it; the first tile is the one its builder kept of the two it drew.
        let kept = events
            .iter()
            .any(|e| matches!(e, Event::ChurchTileReturned { .. }));
        if !kept
            && events
                .iter()
                .any(|e| matches!(e, Event::ChurchTileBuilt { .. }))
        {
            return 0;
        }
        let drawn = |e: &Event| {
            matches!(
                e,
                Event::StartingInfluenceDealt { .. }
                    | Event::IncomeCollected { .. }
                    | Event::CardsDrawn { .. }
                    | Event::ChurchTilesDrawn { .. }
            )
        };
        events.iter().position(drawn).unwrap_or(events.len())
    }
}

/// Each influence card of `cards`, one entry per card.
fn colours_of(cards: &Cards) -> Vec<InfluenceColor> {
    InfluenceColor::ALL
        .into_iter()
        .flat_map(|c| std::iter::repeat_n(c, usize::from(colour_count(cards, c))))
        .collect()
}

/// `cards` with its influence cards replaced by `colours` (gold kept).
fn with_colours(cards: Cards, colours: Vec<InfluenceColor>) -> Cards {
    let mut out = Cards {
        gold: cards.gold,
        ..Cards::default()
    };
    for c in colours {
        add(&mut out, &of_colour(c, 1));
    }
    debug_assert_eq!(influence_total(&out), influence_total(&cards));
    out
}
