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
        if matches!(s.phase, Phase::Over { .. }) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use rand::SeedableRng;

    /// Three seats with influence cards, the first church tile built by seat 0, which put tile 1 under the stack.
    fn church_begun() -> State {
        let mut s = Elasund::initial_state(&Setup {
            players: 3,
            first_player: Seat(0),
        });
        s.seats[0].hand = Cards {
            gold: 4,
            red: 1,
            ..Cards::default()
        };
        s.seats[1].hand = Cards {
            gold: 2,
            green: 2,
            ..Cards::default()
        };
        s.seats[2].hand = Cards {
            gold: 1,
            blue: 1,
            red: 1,
            ..Cards::default()
        };
        s.bank = Cards {
            red: 2,
            green: 1,
            blue: 3,
            ..s.bank
        };
        s.church_stack &= !0b11;
        s.church_bottom = Some(1);
        s.church_first_builder = Some(Seat(0));
        s
    }

    #[test]
    fn what_a_seat_has_not_seen_is_dealt_again_and_what_it_has_stays() {
        let s = church_begun();
        let mut moved = (false, false);
        for seed in 0..30 {
            let rng = &mut GameRng::seed_from_u64(seed);
            // The first builder knows the bottom tile: only the others' colours move for it.
            let own = Elasund::redeal(&s, Seat(0), rng);
            assert_eq!(
                (own.church_bottom, own.church_stack),
                (Some(1), s.church_stack)
            );
            assert_eq!(own.seats[0].hand, s.seats[0].hand);
            let other = Elasund::redeal(&s, Seat(1), rng);
            let viewer = crate::Viewer::Seat(Seat(1));
            assert_eq!(
                Elasund::view_state(&other, viewer),
                Elasund::view_state(&s, viewer)
            );
            assert_eq!(other.seats[1].hand, s.seats[1].hand);
            let unseen =
                |x: &State| x.church_stack | (1 << x.church_bottom.expect("a bottom tile"));
            assert_eq!(
                unseen(&other),
                unseen(&s),
                "the unseen tiles are the same ones"
            );
            moved.0 |= other.church_bottom != s.church_bottom;
            moved.1 |= other.seats[0].hand != s.seats[0].hand;
        }
        assert_eq!(
            moved,
            (true, true),
            "the bottom tile and seat 0's colours were dealt again"
        );
    }

    #[test]
    fn the_two_tiles_drawn_are_dealt_again_for_everyone_but_their_drawer() {
        let mut s = Elasund::initial_state(&Setup {
            players: 3,
            first_player: Seat(0),
        });
        s.church_stack &= !0b1100;
        s.phase = Phase::ChooseChurchTile {
            tiles: [2, 3],
            done: 0,
        };
        let drawn = |x: &State| match x.phase {
            Phase::ChooseChurchTile { tiles, .. } => tiles,
            _ => unreachable!("the phase stays"),
        };
        let mut moved = false;
        for seed in 0..30 {
            let rng = &mut GameRng::seed_from_u64(seed);
            assert_eq!(drawn(&Elasund::redeal(&s, Seat(0), rng)), [2, 3]);
            let other = Elasund::redeal(&s, Seat(2), rng);
            let [a, b] = drawn(&other);
            assert_eq!(
                other.church_stack | (1 << a) | (1 << b),
                s.church_stack | 0b1100
            );
            moved |= [a, b] != [2, 3];
        }
        assert!(moved, "the drawn tiles were dealt again");
    }
}
