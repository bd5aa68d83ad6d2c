//! A hex game as configuration: the numbers and sources in which base Catan, Cities & Knights and the scenarios
//! to come differ, written as one plain value per game instead of constants scattered through its code.
//!
//! A game module keeps its own state and rules, and reads from its [`HexRules`] what the shared machine needs:
//! the seat range and points target its setup checks, the pieces and bank a game starts with, the building costs,
//! the hand limit on a 7, where its map comes from and where the robber starts. A new scenario (Catania) is a new
//! value here plus its own modules, not a copy of a game module.

use super::board::{Board, HexId};
use super::layout::{Layout, MapKind};
use super::resources::Resources;
use super::violation::HexViolation;
use crate::GameRng;

/// Each seat's supply of pieces at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pieces {
    pub settlements: u8,
    pub cities: u8,
    pub roads: u8,
}

/// What the basic pieces cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costs {
    pub road: Resources,
    pub settlement: Resources,
    pub city: Resources,
}

/// One hex game's rules as data.
#[derive(Clone, Copy, Debug)]
pub struct HexRules {
    /// Seats a game may have, inclusive: 3..=4 for the Catan games, 3..=6 for Catania.
    pub seats: (u8, u8),
    /// The rules' points target, and the range a creator may choose as a house rule, inclusive.
    pub points_to_win: u8,
    pub points_range: (u8, u8),
    pub pieces: Pieces,
    pub costs: Costs,
    /// Cards of each resource in the bank at the start.
    pub bank_per_resource: u8,
    /// Cards a seat may hold on a 7 without discarding half (before any game's raise, e.g. city walls).
    pub hand_limit: u8,
    /// The map for a creator's choice of map kind; `None` if a random map could not be drawn. Any frame works:
    /// the board is built from whatever hexes the layout lists, sea included.
    pub layout: fn(MapKind, &mut GameRng) -> Option<Layout>,
    /// Where the robber stands at the start.
    pub robber_start: fn(&Board) -> HexId,
}

impl HexRules {
    /// Checks a creator's choices against these rules and draws the map: the seat count, then the points
    /// target, then the layout.
    pub fn setup(
        &self,
        seats: u8,
        points_to_win: u8,
        map: MapKind,
        rng: &mut GameRng,
    ) -> Result<Layout, HexViolation> {
        if !(self.seats.0..=self.seats.1).contains(&seats) {
            return Err(HexViolation::InvalidSeatCount);
        }
        if !(self.points_range.0..=self.points_range.1).contains(&points_to_win) {
            return Err(HexViolation::InvalidPointsToWin);
        }
        (self.layout)(map, rng).ok_or(HexViolation::MapGenerationFailed)
    }

    /// The bank at the start.
    pub fn bank(&self) -> Resources {
        Resources::all(self.bank_per_resource)
    }
}

/// Whether a seat holding `points` has won against `target`: never during the opening, whose buildings count
/// but cannot end the game before it has begun.
pub(crate) fn has_won(in_opening: bool, points: i16, target: u8) -> bool {
    !in_opening && points >= i16::from(target)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::{robber_start, standard_layout, Terrain};
    use rand::SeedableRng;

    /// A scenario for five and six seats on the standard frame: the seat range is the rules' own, not the
    /// engine's.
    const SIX: HexRules = HexRules {
        seats: (3, 6),
        points_to_win: 10,
        points_range: (10, 10),
        pieces: Pieces {
            settlements: 5,
            cities: 4,
            roads: 15,
        },
        costs: Costs {
            road: Resources::new(1, 1, 0, 0, 0),
            settlement: Resources::new(1, 1, 1, 1, 0),
            city: Resources::new(0, 0, 0, 2, 3),
        },
        bank_per_resource: 24,
        hand_limit: 7,
        layout: standard_layout,
        robber_start,
    };

    #[test]
    fn the_seat_range_and_points_range_are_the_rules_own() {
        let mut rng = GameRng::seed_from_u64(1);
        for seats in 3..=6 {
            assert!(SIX.setup(seats, 10, MapKind::Beginner, &mut rng).is_ok());
        }
        assert_eq!(
            SIX.setup(7, 10, MapKind::Beginner, &mut rng),
            Err(HexViolation::InvalidSeatCount)
        );
        assert_eq!(
            SIX.setup(2, 10, MapKind::Beginner, &mut rng),
            Err(HexViolation::InvalidSeatCount)
        );
        assert_eq!(
            SIX.setup(5, 11, MapKind::Beginner, &mut rng),
            Err(HexViolation::InvalidPointsToWin)
        );
        assert_eq!(SIX.bank(), Resources::all(24));
    }

    #[test]
    fn the_robber_start_is_a_hook() {
        let board = Board::new(crate::hex::beginner_layout()).unwrap();
        let first_mountain = |b: &Board| b.first_of(Terrain::Mountains).unwrap();
        let rules = HexRules {
            robber_start: first_mountain,
            ..SIX
        };
        assert_eq!(
            board.terrain((rules.robber_start)(&board)),
            Terrain::Mountains
        );
        assert_eq!(board.terrain((SIX.robber_start)(&board)), Terrain::Desert);
    }

    #[test]
    fn nobody_wins_in_the_opening() {
        assert!(!has_won(true, 12, 10));
        assert!(has_won(false, 10, 10));
        assert!(!has_won(false, 9, 10));
    }
}
