//! The stored-record decoder of the server (`hexfold::stored`): any bytes, read as each kind of record of each
//! game, decode or fail with an error, never a panic; what decodes encodes back to a record that decodes the same.
#![no_main]

use hexfold::stored::{self, StoredCommand};
use hexfold_rules::Game;
use hexfold_table::TableEvent;

fn records<G: Game>(data: &[u8]) {
    if let Ok(command) = stored::decode::<StoredCommand<G::Command>>("command", "g", data) {
        let again = stored::encode(&command);
        let back: StoredCommand<G::Command> = stored::decode("command", "g", &again).unwrap();
        assert_eq!(back, command);
    }
    if let Ok(event) = stored::decode::<TableEvent<G::Event>>("event", "g", data) {
        let again = stored::encode(&event);
        let back: TableEvent<G::Event> = stored::decode("event", "g", &again).unwrap();
        assert_eq!(back, event);
    }
    if let Ok(Some(state)) = stored::decode_snapshot::<G::State>("g", 1, data) {
        let again = stored::encode_snapshot(1, &state);
        let back = stored::decode_snapshot::<G::State>("g", 1, &again).unwrap();
        assert_eq!(back, Some(state));
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    macro_rules! every_game {
        ($($game:ident: $type:ty),* $(,)?) => {
            $(records::<$type>(data);)*
        };
    }
    hexfold_rules::for_each_game!(every_game);
});
