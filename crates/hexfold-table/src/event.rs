//! The table's events, how they fold into a game's state, and how a viewer sees them.

use hexfold_rules::{Game, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// One event of a game's log: the game's own, or the table's.
///
/// Stored as is (externally tagged JSON: `{"Game": ...}`, `{"SeedRevealed": {"seed": ...}}` and
/// `{"TimedOut": {"seat": N}}`): renaming a
/// variant or a field makes every existing log unreadable.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum TableEvent<E> {
    Game(E),
    /// Appended in the batch that ends the game: the hex seed whose SHA-256 is the game's commitment.
    SeedRevealed {
        seed: String,
    },
    /// The first event of a batch the server played for `seat` because its turn timer ran out: the events after
    /// it in the batch are that seat's timeout action (added with the turn timers; older logs never hold it).
    TimedOut {
        seat: Seat,
    },
}

impl<E> TableEvent<E> {
    /// Whether this event closes its game: `SeedRevealed` is appended with the events that end a game, and only
    /// then, so a batch that holds it is the last one.
    pub fn ends_game(&self) -> bool {
        matches!(self, TableEvent::SeedRevealed { .. })
    }
}

/// A [`TableEvent`] as one viewer sees it: the game's view of its own event, or the table's event as it is (a
/// revealed seed hides nothing).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum TableEventView<V> {
    Game(V),
    SeedRevealed { seed: String },
    TimedOut { seat: Seat },
}

/// Folds one stored event into the state: the game's events through [`Game::evolve`], the table's leave the state
/// as it is.
pub fn evolve<G: Game>(state: G::State, event: &TableEvent<G::Event>) -> G::State {
    match event {
        TableEvent::Game(e) => G::evolve(state, e),
        TableEvent::SeedRevealed { .. } | TableEvent::TimedOut { .. } => state,
    }
}

/// `event` as `viewer` sees it; `state` is the state before it.
pub fn view_event<G: Game>(
    state: &G::State,
    event: &TableEvent<G::Event>,
    viewer: Viewer,
) -> TableEventView<G::EventView> {
    match event {
        TableEvent::Game(e) => TableEventView::Game(G::view_event(state, e, viewer)),
        TableEvent::SeedRevealed { seed } => TableEventView::SeedRevealed { seed: seed.clone() },
        TableEvent::TimedOut { seat } => TableEventView::TimedOut { seat: *seat },
    }
}

/// Who a caller is for the views: their seat, or a spectator without one. Once a game has ended its seed is
/// revealed, so every hidden fact is derivable and everyone sees everything.
pub fn viewer(seat: Option<Seat>, finished: bool) -> Viewer {
    match (finished, seat) {
        (true, _) => Viewer::Omniscient,
        (false, Some(seat)) => Viewer::Seat(seat),
        (false, None) => Viewer::Spectator,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_form_is_the_one_old_logs_hold() {
        let game: TableEvent<u32> = TableEvent::Game(7);
        assert_eq!(serde_json::to_string(&game).unwrap(), r#"{"Game":7}"#);
        let revealed: TableEvent<u32> = TableEvent::SeedRevealed { seed: "ab".into() };
        let text = r#"{"SeedRevealed":{"seed":"ab"}}"#;
        assert_eq!(serde_json::to_string(&revealed).unwrap(), text);
        assert_eq!(
            serde_json::from_str::<TableEvent<u32>>(text).unwrap(),
            revealed
        );
        assert!(revealed.ends_game() && !game.ends_game());
        let timed_out: TableEvent<u32> = TableEvent::TimedOut { seat: Seat(2) };
        assert_eq!(
            serde_json::to_string(&timed_out).unwrap(),
            r#"{"TimedOut":{"seat":2}}"#
        );
        assert!(!timed_out.ends_game());
    }

    #[test]
    fn after_the_end_everyone_is_omniscient() {
        assert_eq!(viewer(Some(Seat(2)), false), Viewer::Seat(Seat(2)));
        assert_eq!(viewer(None, false), Viewer::Spectator);
        assert_eq!(viewer(Some(Seat(2)), true), Viewer::Omniscient);
        assert_eq!(viewer(None, true), Viewer::Omniscient);
    }
}
