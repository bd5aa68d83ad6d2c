//! The interface every game implements, and the small types all games share.

use rand_chacha::ChaCha8Rng;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// The random generator handed to [`Game::decide`] and [`Game::setup`].
///
/// The platform seeds it from the game's secret seed and the event index, so a finished game can be verified by
/// replaying every command once the seed is revealed.
pub type GameRng = ChaCha8Rng;

/// A seat at the table, `0..seats`. Seat 0 is the first seat in the order the game was created with (not
/// necessarily the first to play: that is decided by the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Who is looking. Views are computed for a viewer; hidden information that the viewer may not see is absent
/// from the view type itself, not merely blanked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Viewer {
    /// A player: sees their own hand, and every public fact.
    Seat(Seat),
    /// Anyone without a seat: sees public facts only.
    Spectator,
    /// Sees everything. The platform uses it only once a game has ended (its seed is then revealed, so every
    /// random outcome is derivable anyway) and for the operator's global stream.
    Omniscient,
}

impl Viewer {
    /// Whether this viewer may see what only `seat` sees: its own seat, or the omniscient viewer. The one
    /// redaction test of every game's views.
    pub(crate) fn sees(self, seat: Seat) -> bool {
        match self {
            Viewer::Seat(s) => s == seat,
            Viewer::Spectator => false,
            Viewer::Omniscient => true,
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Seat,
}

/// A rule violation: why a command was refused. Every game has a flat `Copy + Eq` enum implementing this.
pub trait RuleViolation: Copy + Eq + Debug + Send + Sync + 'static {
    /// The rule ID in `docs/rules/<game>.md` this violation enforces, e.g. `"BASE-BUILD-03"`.
    fn rule_id(&self) -> &'static str;
    /// A stable machine-readable name, e.g. `"DistanceRule"`.
    fn name(&self) -> &'static str;
    /// One sentence for a person. Never names a card a viewer may not see.
    fn message(&self) -> &'static str;
    /// Every violation of the type, for the rules documents' checks (a table of `violations!` lists its own; a
    /// type written by hand lists none).
    fn all() -> &'static [Self] {
        &[]
    }
}

/// A game as a Decider.
///
/// Lifecycle: the platform calls [`Game::setup`] once with the creator's configuration and a generator for index
/// 0; the resulting `Setup` is public and stored with the game. The state at event index 0 is
/// [`Game::initial_state`]; the state at index N is the fold of events 1..=N with [`Game::evolve`].
pub trait Game: 'static {
    /// A stable short name, e.g. `"catan"`.
    const NAME: &'static str;
    /// What the creator chooses: number of seats, map kind, victory point target, ...
    type Config: Clone + Debug + Serialize + DeserializeOwned + Send + Sync;
    /// The public, fully resolved setup (random map already drawn). Stored once, next to the log.
    type Setup: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type State: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Command: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync;
    type Violation: RuleViolation;
    /// The state as one viewer may see it.
    type StateView: Clone + Debug + PartialEq + Serialize + Send + Sync;
    /// An event as one viewer may see it.
    type EventView: Clone + Debug + PartialEq + Serialize + Send + Sync;

    /// Resolve a configuration into a public setup, drawing a random map if asked for.
    fn setup(config: &Self::Config, rng: &mut GameRng) -> Result<Self::Setup, Self::Violation>;

    fn initial_state(setup: &Self::Setup) -> Self::State;

    /// Check `command` from `actor` against `state`. Pure: same inputs (and generator state), same result. A
    /// refused command emits nothing.
    fn decide(
        state: &Self::State,
        actor: Seat,
        command: &Self::Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, Self::Violation>;

    /// Fold one event into the state. Events are facts: this cannot fail.
    fn evolve(state: Self::State, event: &Self::Event) -> Self::State;

    /// Every command `seat` may submit now (parameterised commands are listed as the game's docs say).
    fn legal_actions(state: &Self::State, seat: Seat) -> Vec<Self::Command>;

    /// The seats that may act now (the player whose turn it is, or e.g. everyone who must discard).
    fn seats_to_act(state: &Self::State) -> Vec<Seat>;

    /// The seats the game waits for: each that must act before play can go on (the player whose turn it is, every
    /// seat still to make its starting roll or to discard). Shown to every viewer, so it depends only on what
    /// every seat may see. Seats that may act without being waited for, such as the answers to an open offer, are
    /// left out, since who can answer can depend on hidden hands. The default is [`Game::seats_to_act`]: a game
    /// whose `seats_to_act` depends on anything hidden overrides it.
    fn waiting_for(state: &Self::State) -> Vec<Seat> {
        Self::seats_to_act(state)
    }

    /// `Some` once the game has ended; after that every command is refused.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    fn view_state(state: &Self::State, viewer: Viewer) -> Self::StateView;

    /// `state` is the state *before* the event, so the view can tell e.g. whether the viewer was the victim.
    fn view_event(state: &Self::State, event: &Self::Event, viewer: Viewer) -> Self::EventView;
}
