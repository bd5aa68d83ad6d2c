//! The four games as [`PyGame`]s: their Python names, the size of their action spaces and observations, and the
//! score of the shaped reward. The action space sizes are the limits the package README documents: the most legal
//! actions a seat is offered at once (a seat with more is offered the first that many, in the rules' order, and
//! its observation's header says so). They were chosen above the most seen in random games (`tests/test_env.py`
//! counts how often the cap is reached and asks that it be rare).

use crate::core::PyGame;
use crate::encode_hex;
use crate::layout::Enc;
use hexfold_rules::catan::{self, Catan};
use hexfold_rules::catania::{self, Catania};
use hexfold_rules::cities_knights::{self as ck, CitiesKnights};
use hexfold_rules::elasund::{Elasund, Place};
use hexfold_rules::{Game, Seat};

mod elasund;

/// A hex game's `PyGame`: its name and sizes; its points are its state's own count (hidden points included); its
/// trade offer and the acceptance of one, as patterns of its commands.
macro_rules! hex_game {
    ($game:ty, $name:literal, actions: $actions:literal,
     encode: $encode:path, offer: $offer:pat, accept: $accept:pat) => {
        impl PyGame for $game {
            const PY_NAME: &'static str = $name;
            const ACTIONS: usize = $actions;
            fn encode(view: &<Self as Game>::StateView, e: &mut Enc<'_>) {
                $encode(view, e)
            }
            fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
                f32::from(state.points(seat))
            }
            fn opens_offer(command: &<Self as Game>::Command) -> bool {
                matches!(command, $offer)
            }
            fn accepts_offer(command: &<Self as Game>::Command) -> bool {
                matches!(command, $accept)
            }
        }
    };
}

hex_game!(Catan, "catan", actions: 512, encode: encode_hex::catan,
    offer: catan::Command::OfferTrade { .. }, accept: catan::Command::AcceptTrade);
hex_game!(CitiesKnights, "cities-and-knights", actions: 512, encode: encode_hex::cities_knights,
    offer: ck::Command::OfferTrade { .. }, accept: ck::Command::AcceptTrade);
hex_game!(Catania, "catania", actions: 1024, encode: encode_hex::catania,
    offer: catania::Command::Ck(ck::Command::OfferTrade { .. }),
    accept: catania::Command::Ck(ck::Command::AcceptTrade));

impl PyGame for Elasund {
    const PY_NAME: &'static str = "elasund";
    const ACTIONS: usize = 1024;
    fn encode(view: &<Self as Game>::StateView, e: &mut Enc<'_>) {
        elasund::encode(view, e)
    }
    fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
        state
            .pieces
            .iter()
            .map(|p| match p.place {
                Place::Board { owner, cubes, .. } if owner == seat => f32::from(cubes),
                _ => 0.0,
            })
            .sum()
    }
}

// The tests' toy game (the rules crate's `toy-game` feature): its board, a mark per square.
hexfold_rules::with_toy_game! {
    impl PyGame for hexfold_rules::tictactoe::TicTacToe {
        const PY_NAME: &'static str = "tictactoe";
        const ACTIONS: usize = 9;
        fn encode(view: &<Self as Game>::StateView, e: &mut Enc<'_>) {
            let marks: Vec<f32> = view
                .board
                .iter()
                .map(|mark| mark.map_or(0.0, |s| 1.0 + e.rel(s) as f32))
                .collect();
            e.many("board", "per square, 0 empty, 1 the observer's mark, 2 the other seat's", &marks);
        }
        fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
            f32::from(u8::from(state.winner == Some(seat)))
        }
    }
}
