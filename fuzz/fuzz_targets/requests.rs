//! The request decoding path: any bytes as a `SubmitCommandRequest` and a `CreateGameRequest` (prost), then each
//! game's checked conversion into rules types (`ProtoGame`), which accepts or refuses with INVALID_ARGUMENT and
//! never panics; a command it accepts converts back to a message that converts to the same command.
#![no_main]

use hexfold::games::ProtoGame;
use hexfold::proto::v1 as pb;
use prost::Message as _;

fn convert<G: ProtoGame>(
    submit: &pb::SubmitCommandRequest,
    create: Option<&pb::CreateGameRequest>,
) {
    if let Some(command) = submit.command.clone() {
        if let Ok(rules) = G::command_from_proto(command) {
            let back = G::command_from_proto(G::command_to_proto(&rules));
            assert_eq!(back.as_ref(), Ok(&rules));
        } else if let Err(e) = G::command_from_proto(submit.command.clone().unwrap()) {
            assert_eq!(e.code(), tonic::Code::InvalidArgument, "{e}");
        }
    }
    if let Some(create) = create {
        let options = create.options.unwrap_or_default();
        let _ = G::config(&options, create.seats.len());
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let submit = pb::SubmitCommandRequest::decode(data).unwrap_or_default();
    let create = pb::CreateGameRequest::decode(data).ok();
    macro_rules! every_game {
        ($($game:ident: $type:ty),* $(,)?) => {
            $(convert::<$type>(&submit, create.as_ref());)*
        };
    }
    hexfold_rules::for_each_game!(every_game);
});
