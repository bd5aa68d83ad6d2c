//! `Play` turns: where a game stands for each seat that has a session.
//!
//! Per game with a session, one `watch` channel of [`Turn`] per seat (created under the game's lock, removed with
//! the game's last watcher). After every accepted command, under the lock, the command's task computes the legal
//! actions of each seat that may act and has a session and puts them in that seat's channel, in rules types; the
//! session converts them for the wire in its own task. So a command wakes only the sessions with something to do,
//! and a prompted session sends what it was given without taking the game's lock (it would queue behind the game's
//! next command).

use super::auth::{require_token, seat_of_token};
use super::cache::head;
use super::clock::{deadlines, Deadline};
use super::{lock, Credential, Engine};
use crate::stored::StoredGame;
use crate::EngineError;
use hexfold_rules::{Game, Seat};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::sync::watch;
use tokio_util::sync::ReusableBoxFuture;

/// A seat's legal actions at one version.
#[derive(Clone, Debug, PartialEq)]
pub struct Actions<C> {
    pub version: u64,
    pub seat: Seat,
    pub commands: Vec<C>,
    /// In a game with a turn timer, the seat's deadline when the game waits for it.
    pub deadline: Option<Deadline>,
}

/// A seat's legal actions when it may act, shared, not copied, between the acting seat's answer, its channel and
/// the sessions that read them.
pub type Listed<C> = Option<Arc<Actions<C>>>;

/// The end of a game: its final version and its winner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ended {
    pub version: u64,
    pub winner: Seat,
}

/// Where a game stands for one seat: the seat's legal actions when it may act, or the end. Server-side only until
/// a session sends its own seat's part: which seats may act can depend on hidden hands (who can answer a trade
/// offer), so a session only ever learns that its own seat may act.
#[derive(Debug)]
pub struct Turn<C> {
    pub actions: Listed<C>,
    pub ended: Option<Ended>,
}

/// Per game with a session, one channel per seat: a seat's channel only changes when that seat may act at a new
/// version or the game ends.
pub(super) type Turns<C> = Arc<Mutex<HashMap<String, Arc<[watch::Sender<Turn<C>>]>>>>;

/// A seat's view of its game's [`Turn`], updated whenever the seat may act at a new version or the game ends. The
/// game's channels go away with their last watcher.
pub struct TurnWatch<C: Send + Sync + 'static> {
    rx: Option<watch::Receiver<Turn<C>>>,
    /// A clone of `rx` waiting for its next change, in a box that every wait reuses: a session waits once per
    /// command, and this way waiting allocates nothing (and the caller's wait needs no future of its own, so the
    /// watch can sit behind a trait object). `None` only while dropping.
    next: Option<ReusableBoxFuture<'static, bool>>,
    /// Whether `next` waits on the current `rx` and has not completed.
    armed: bool,
    game_id: String,
    turns: Turns<C>,
}

/// Waits for the next change `rx` has not seen; `false` if the engine has gone.
async fn next_change<C: Send + Sync + 'static>(mut rx: watch::Receiver<Turn<C>>) -> bool {
    rx.changed().await.is_ok()
}

impl<C: Send + Sync + 'static> TurnWatch<C> {
    fn rx(&mut self) -> &mut watch::Receiver<Turn<C>> {
        self.rx.as_mut().expect("present until drop")
    }

    /// The latest turn, marked seen, with its actions only if they are newer than version `told` (a session is
    /// woken after each of its own commands too, and then has nothing to send).
    pub fn unseen(&mut self, told: Option<u64>) -> Turn<C> {
        let turn = self.rx().borrow_and_update();
        let unseen = Turn {
            actions: turn
                .actions
                .as_ref()
                .filter(|a| told.is_none_or(|t| t < a.version))
                .cloned(),
            ended: turn.ended,
        };
        drop(turn);
        // What `rx` has now seen, the waiter must not wake for.
        self.armed = false;
        unseen
    }

    /// Ready once there is a turn not seen yet (`true`), or the engine has gone (`false`).
    pub fn poll_changed(&mut self, cx: &mut Context<'_>) -> Poll<bool> {
        if !self.armed {
            let waiter = self.rx().clone();
            self.next
                .as_mut()
                .expect("present until drop")
                .set(next_change(waiter));
            self.armed = true;
        }
        let polled = self.next.as_mut().expect("present until drop").poll(cx);
        if polled.is_ready() {
            self.armed = false;
        }
        polled
    }

    /// Waits for a turn not seen yet; `false` if the engine has gone.
    pub async fn changed(&mut self) -> bool {
        std::future::poll_fn(|cx| self.poll_changed(cx)).await
    }
}

impl<C: Send + Sync + 'static> Drop for TurnWatch<C> {
    fn drop(&mut self) {
        let mut map = lock(&self.turns);
        // The waiter holds a receiver too.
        drop(self.next.take());
        drop(self.rx.take());
        if map
            .get(&self.game_id)
            .is_some_and(|seats| seats.iter().all(|tx| tx.receiver_count() == 0))
        {
            map.remove(&self.game_id);
        }
    }
}

/// `seat`'s legal actions in `state` (at `version`), or `None` when it may not act (or the game is over), with its
/// deadline if it is among `deadlines` (those of the seats the game waits for).
pub(super) fn legal_actions_of<G: Game>(
    state: &G::State,
    version: u64,
    seat: Seat,
    deadlines: &[Deadline],
) -> Option<Actions<G::Command>> {
    if G::outcome(state).is_some() {
        return None;
    }
    let commands = G::legal_actions(state, seat);
    (!commands.is_empty()).then_some(Actions {
        version,
        seat,
        commands,
        deadline: deadlines.iter().find(|d| d.seat == seat).copied(),
    })
}

/// The end of the game, if `state` is finished.
fn ended_at<G: Game>(version: u64, state: &G::State) -> Option<Ended> {
    G::outcome(state).map(|outcome| Ended {
        version,
        winner: outcome.winner,
    })
}

impl<G: StoredGame> Engine<G> {
    /// Tells the game's `Play` sessions, if any, where it stands now. Called under the game's lock, so turns are
    /// published in version order. Only seats with a session get their legal actions computed; `known` is a seat's
    /// list already computed at `version` (the acting seat's, for its answer), shared instead of computed again.
    pub(super) fn publish_turn(
        &self,
        id: &str,
        version: u64,
        state: &G::State,
        known: Option<(Seat, &Listed<G::Command>)>,
        deadlines: &[Deadline],
    ) {
        // Out of the map's lock (shared by every game) before any legal actions are computed.
        let Some(seats) = lock(&self.turns).get(id).cloned() else {
            return;
        };
        if let Some(ended) = ended_at::<G>(version, state) {
            for tx in seats.iter() {
                tx.send_replace(Turn {
                    actions: None,
                    ended: Some(ended),
                });
            }
            return;
        }
        let to_act = G::seats_to_act(state);
        for (i, tx) in seats.iter().enumerate() {
            if tx.receiver_count() == 0 {
                continue;
            }
            let seat = Seat(i as u8);
            let actions = match known {
                Some((k, actions)) if k == seat => actions.clone(),
                _ if to_act.contains(&seat) => {
                    legal_actions_of::<G>(state, version, seat, deadlines).map(Arc::new)
                }
                _ => None,
            };
            // A seat that may not act is told only if its last turn said it could: an offer it was asked to
            // answer was taken, say. So its session does not prompt with actions that are already stale.
            if actions.is_some() || tx.borrow().actions.is_some() {
                tx.send_replace(Turn {
                    actions,
                    ended: None,
                });
            }
        }
    }

    /// Watches where game `id` stands, for the seat of `cred` (a seat token is required).
    pub async fn watch_turn(
        &self,
        cred: Credential,
        id: String,
    ) -> Result<TurnWatch<G::Command>, EngineError> {
        require_token(
            cred,
            "Play needs a seat token in `authorization: Bearer <token>`",
        )?;
        // Under the game's lock no command can land between reading the head and joining the channel.
        let guard = self.lock_head(&id).await?;
        let current = head(&guard);
        let seat = seat_of_token(&current.meta, cred)?;
        // The seat's channel may have missed turns while it had no watcher (see `publish_turn`): set it to now.
        let deadlines = deadlines::<G>(current.meta.timer, current.clock.as_ref(), &current.state);
        let now = Turn {
            actions: legal_actions_of::<G>(&current.state, current.version, seat, &deadlines)
                .map(Arc::new),
            ended: ended_at::<G>(current.version, &current.state),
        };
        let rx = {
            let mut turns = lock(&self.turns);
            let seats = turns.entry(id.clone()).or_insert_with(|| {
                (0..current.meta.seats.len())
                    .map(|_| {
                        let nothing = Turn {
                            actions: None,
                            ended: None,
                        };
                        watch::channel(nothing).0
                    })
                    .collect()
            });
            let tx = &seats[usize::from(seat.0)];
            tx.send_replace(now);
            tx.subscribe()
        };
        let next = ReusableBoxFuture::new(next_change(rx.clone()));
        Ok(TurnWatch {
            rx: Some(rx),
            next: Some(next),
            armed: true,
            game_id: id,
            turns: Arc::clone(&self.turns),
        })
    }
}
