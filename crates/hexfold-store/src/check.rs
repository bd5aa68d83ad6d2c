//! What `hexfold check` reports of a store, whatever its backend: each backend's check fills a [`CheckReport`]
//! (sled's reads every record and its high-water mark, PostgreSQL's every row), and the server's CLI prints it.

/// At most this many problems are listed one by one; [`CheckReport::problem_count`] counts them all.
pub const MAX_LISTED_PROBLEMS: usize = 100;

/// What a backend's check found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// The layout marker's value (sled) or the schema version (PostgreSQL), if any.
    pub layout: Option<u8>,
    /// Streams with a readable meta record.
    pub streams: u64,
    /// Append records that decode and fit their stream (with or without events).
    pub appends: u64,
    /// Events in those appends.
    pub events: u64,
    /// The last global position the global index reaches.
    pub last_global: u64,
    /// Records written before the backend sealed its records, so only checked for their form.
    pub unchecked_records: u64,
    /// What the store's high-water mark says was acknowledged; `None` when it keeps none (sled keeps one beside
    /// its files, PostgreSQL none).
    pub mark: Option<Mark>,
    /// The first [`MAX_LISTED_PROBLEMS`] problems found, each naming the record, never its bytes.
    pub problems: Vec<String>,
    /// Every problem found.
    pub problem_count: u64,
}

impl CheckReport {
    /// True when nothing is damaged and nothing acknowledged is missing.
    pub fn is_intact(&self) -> bool {
        self.problem_count == 0
    }

    /// Counts a problem, and lists it among the first [`MAX_LISTED_PROBLEMS`].
    pub fn problem(&mut self, what: String) {
        self.problem_count += 1;
        if self.problems.len() < MAX_LISTED_PROBLEMS {
            self.problems.push(what);
        }
    }
}

/// The last write a high-water mark names: a stream, its version and its number of appends after that write
/// (both 0 for its creation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LastWrite {
    pub stream: String,
    pub version: u64,
    pub appends: u64,
}

/// What a high-water mark says was acknowledged.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Mark {
    /// The global position of the last event acknowledged (0: none).
    pub global: u64,
    /// The last acknowledged write, when known.
    pub last: Option<LastWrite>,
}
