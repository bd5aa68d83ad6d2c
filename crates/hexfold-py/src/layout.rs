//! The observation: a fixed-length `float32` vector of named blocks at fixed offsets, made from one seat's view
//! and nothing else.
//!
//! Each game writes its blocks once, through an [`Enc`] (its `encode_*.rs`, the hex games' shared): the same code
//! fills the vector on every step and, run once on a scratch buffer, lists the blocks ([`Field`]: name, offset,
//! length, meaning) that `Env.observation_layout()` returns and the package README's tables show. A block's
//! length depends only on the game, its table size and its board, never on the state, so every offset is fixed
//! for an environment.
//!
//! Seats are relative: in a block with one entry per seat, entry 0 is the observing seat and entry `k` the seat
//! `k` places after it in seat order, so a policy sees itself at the same place whichever seat it plays.
//!
//! The vector holds nothing the seat may not see: the blocks after the header are read from the seat's view (the
//! rules crate's `view_state` for that seat, the same the server sends it), the header from public facts and the
//! seat's own legal actions and points.

use hexfold_rules::Seat;

/// One block of the observation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub offset: usize,
    pub len: usize,
    pub meaning: &'static str,
}

/// Writes blocks one after another into `out`, recording them in `fields` when describing.
pub struct Enc<'a> {
    out: &'a mut [f32],
    at: usize,
    fields: Option<&'a mut Vec<Field>>,
    /// The observing seat and the table size, for blocks with one entry per seat.
    pub seat: Seat,
    pub seats: usize,
}

impl<'a> Enc<'a> {
    /// An encoder of `seat`'s observation into `out`, which it expects zeroed; `fields` collects the blocks.
    pub fn new(
        out: &'a mut [f32],
        seat: Seat,
        seats: u8,
        fields: Option<&'a mut Vec<Field>>,
    ) -> Self {
        Enc {
            out,
            at: 0,
            fields,
            seat,
            seats: usize::from(seats),
        }
    }

    /// How many entries have been written.
    pub fn written(&self) -> usize {
        self.at
    }

    /// The next `len` entries, as the block `name`.
    pub fn block(&mut self, name: &'static str, len: usize, meaning: &'static str) -> &mut [f32] {
        if let Some(fields) = self.fields.as_deref_mut() {
            fields.push(Field {
                name,
                offset: self.at,
                len,
                meaning,
            });
        }
        let start = self.at;
        self.at += len;
        &mut self.out[start..self.at]
    }

    /// A block of one number.
    pub fn one(&mut self, name: &'static str, meaning: &'static str, value: f32) {
        self.block(name, 1, meaning)[0] = value;
    }

    /// A block of numbers.
    pub fn many(&mut self, name: &'static str, meaning: &'static str, values: &[f32]) {
        self.block(name, values.len(), meaning)
            .copy_from_slice(values);
    }

    /// Counts as numbers.
    pub fn counts(&mut self, name: &'static str, meaning: &'static str, values: &[u8]) {
        for (slot, &v) in self
            .block(name, values.len(), meaning)
            .iter_mut()
            .zip(values)
        {
            *slot = f32::from(v);
        }
    }

    /// A one-hot block of `len` entries, `at` set (none if `None` or out of range).
    pub fn one_hot(
        &mut self,
        name: &'static str,
        len: usize,
        meaning: &'static str,
        at: Option<usize>,
    ) {
        let block = self.block(name, len, meaning);
        if let Some(slot) = at.and_then(|i| block.get_mut(i)) {
            *slot = 1.0;
        }
    }

    /// `s`'s place relative to the observer: 0 for itself, `k` for the seat `k` after it.
    pub fn rel(&self, s: Seat) -> usize {
        (usize::from(s.0) + self.seats - usize::from(self.seat.0)) % self.seats
    }

    /// A block with one entry per seat, in relative order.
    pub fn per_seat(
        &mut self,
        name: &'static str,
        meaning: &'static str,
        values: impl IntoIterator<Item = (Seat, f32)>,
    ) {
        let start = self.at;
        self.block(name, self.seats, meaning);
        for (s, v) in values {
            let i = self.rel(s);
            self.out[start + i] = v;
        }
    }

    /// A one-hot block over the seats in relative order (all zero for `None`).
    pub fn seat_one_hot(&mut self, name: &'static str, meaning: &'static str, s: Option<Seat>) {
        let at = s.map(|s| self.rel(s));
        self.one_hot(name, self.seats, meaning, at);
    }

    /// A block of `items * seats * width` entries: item `i`, seat (relative) `r`, slot `k` at
    /// `(i * seats + r) * width + k`; `entries` gives (item, seat, slot, value).
    pub fn item_seat(
        &mut self,
        name: &'static str,
        items: usize,
        width: usize,
        meaning: &'static str,
        entries: impl IntoIterator<Item = (usize, Seat, usize, f32)>,
    ) {
        let seats = self.seats;
        let start = self.at;
        self.block(name, items * seats * width, meaning);
        for (item, s, k, v) in entries {
            let r = self.rel(s);
            self.out[start + (item * seats + r) * width + k] = v;
        }
    }
}

/// The header's facts: the environment's, not the view's.
pub struct Header {
    pub seats: u8,
    pub seat: u8,
    pub legal: usize,
    pub actions: usize,
    pub commands: u64,
    pub ended: bool,
    pub won: bool,
    pub points: f32,
}

/// Writes the header, the first ten entries of every observation.
pub fn header(e: &mut Enc<'_>, h: &Header) {
    e.one("seats", "seats at the table", f32::from(h.seats));
    e.one("seat", "the observing seat's index", f32::from(h.seat));
    e.one(
        "to_act",
        "1 if the seat is to act now",
        f32::from(u8::from(h.legal > 0)),
    );
    e.one(
        "legal",
        "how many legal actions the seat has now (0 unless to act)",
        h.legal as f32,
    );
    e.one(
        "capped",
        "1 if it has more legal actions than the action space holds (only the first are offered)",
        f32::from(u8::from(h.legal > h.actions)),
    );
    e.one(
        "commands",
        "commands played so far in the game, divided by 1000",
        h.commands as f32 / 1000.0,
    );
    e.one(
        "ended",
        "1 once the game has ended",
        f32::from(u8::from(h.ended)),
    );
    e.one(
        "won",
        "1 if the game has ended and this seat won",
        f32::from(u8::from(h.won)),
    );
    e.one(
        "points",
        "the seat's own points as it knows them (victory points, its hidden ones included, or the game's own count of progress)",
        h.points,
    );
    e.one("bias", "always 1: a constant for linear policies", 1.0);
}

#[cfg(test)]
mod tests {
    use crate::core::{Core, PyGame, Table};

    /// Every game's blocks tile its vector, and the vector keeps its length and layout for every seat along a
    /// random game (the encoders write as many entries as they listed, whatever the state).
    #[test]
    fn the_blocks_tile_the_vector_for_every_seat_and_state() {
        fn check<G: PyGame>(seats: u8)
        where
            G::Config: Send + Sync,
        {
            let mut core = Core::<G>::new(G::random_config(seats, false), seats, 3).unwrap();
            let layout = core.observation_layout().to_vec();
            let mut at = 0;
            for f in &layout {
                assert_eq!(f.offset, at, "{}: {}", G::PY_NAME, f.name);
                assert!(
                    f.len > 0 && !f.meaning.is_empty(),
                    "{}: {}",
                    G::PY_NAME,
                    f.name
                );
                at += f.len;
            }
            assert_eq!(at, core.obs_len());
            let mut out = vec![0.0; at];
            let mut mask = vec![0; core.actions()];
            for step in 0..400 {
                for seat in 0..seats {
                    assert_eq!(
                        core.encoded_len(seat, &mut out, &mut mask),
                        at,
                        "{} step {step}",
                        G::PY_NAME
                    );
                }
                if core.actor().is_none() {
                    break;
                }
                core.step(step * 7).unwrap();
            }
            assert_eq!(core.observation_layout(), &layout[..]);
        }
        // Every game of the rules crate's list, at its fewest and its most seats.
        macro_rules! every_game {
            ($($module:ident: $game:ty,)*) => {
                $(
                    let (fewest, most) = <$game as hexfold_rules::playout::RandomPlayer>::SEATS;
                    check::<$game>(fewest);
                    check::<$game>(most);
                )*
            };
        }
        hexfold_rules::for_each_game!(every_game);
    }
}
