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

impl PyGame for Catan {
    const PY_NAME: &'static str = "catan";
    const ACTIONS: usize = 512;
    const BUCKETS: usize = 2048;
    fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
        f32::from(state.points(seat))
    }
}

impl PyGame for CitiesKnights {
    const PY_NAME: &'static str = "cities-knights";
    const ACTIONS: usize = 512;
    const BUCKETS: usize = 2048;
    fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
        f32::from(state.points(seat))
    }
}

impl PyGame for Catania {
    const PY_NAME: &'static str = "catania";
    const ACTIONS: usize = 1024;
    const BUCKETS: usize = 4096;
    fn points(state: &<Self as Game>::State, seat: Seat) -> f32 {
        f32::from(state.points(seat))
    }
}

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
