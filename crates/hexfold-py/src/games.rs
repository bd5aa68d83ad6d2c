//! The four games as [`PyGame`]s: their Python names, the size of their action spaces and observations, and the
//! score of the shaped reward. The action space sizes are the limits the package README documents: the most legal
//! actions a seat is offered at once (a seat with more is offered the first that many, in the rules' order, and
//! its observation's header says so). They were chosen above the most seen in random games (`tests/test_env.py`
//! counts how often the cap is reached and asks that it be rare).

use crate::core::PyGame;
use hexfold_rules::catan::Catan;
use hexfold_rules::catania::Catania;
use hexfold_rules::cities_knights::CitiesKnights;
use hexfold_rules::elasund::{Elasund, Place};
use hexfold_rules::{Game, Seat};

/// A hex game's `PyGame`: its name and sizes; its points are its state's own count (hidden points included).
macro_rules! hex_game {
    ($game:ty, $name:literal, actions: $actions:literal, buckets: $buckets:literal) => {
        impl PyGame for $game {
            const PY_NAME: &'static str = $name;
            const ACTIONS: usize = $actions;
            const BUCKETS: usize = $buckets;
            fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
                f32::from(state.points(seat))
            }
        }
    };
}

hex_game!(Catan, "catan", actions: 512, buckets: 2048);
hex_game!(CitiesKnights, "cities-knights", actions: 512, buckets: 2048);
hex_game!(Catania, "catania", actions: 1024, buckets: 4096);

impl PyGame for Elasund {
    const PY_NAME: &'static str = "elasund";
    const ACTIONS: usize = 1024;
    const BUCKETS: usize = 2048;
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
