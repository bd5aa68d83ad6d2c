//! The conversion machinery of the proto adapters: [`ToProto`] and [`FromProto`], their impls for what every game
//! shares (seats, board ids, small integers, `Option`, `Vec`), and the macros with which each adapter maps its
//! rules types to its messages from one list of names per type.
//!
//! A conversion is chosen by its target type, so one call (`x.to_proto()`, `T::from_proto(what, x)`) serves every
//! field. Going out, conversions are total and borrow the rules value (the engine converts every event once per
//! viewer, so nothing is cloned but what the message holds). Coming in, they are checked: what the wire allows and
//! the rules type does not (an id that does not fit, an unknown enum value, a missing message) is INVALID_ARGUMENT
//! naming `what`. The macros spell out every variant and field on both sides (exhaustive patterns, struct literals
//! without `..`), so a name left out on either side does not compile; the flat phase messages are the exception.
//!
//! Owns no game: each adapter implements these traits for its own types. Knows the rules crate's shared types and
//! [`EngineError`], nothing of the engine or the service.

use crate::engine::EngineError;
use hexfold_rules::hex::{EdgeId, HexId, VertexId};
use hexfold_rules::Seat;
use serde::de::{value, Deserialize, IntoDeserializer};

/// Converts a rules value into the proto value `T`: a message, an enum's number, a wire integer.
pub(crate) trait ToProto<T> {
    fn to_proto(&self) -> T;
}

/// Builds a rules value from the proto value `T`, checking what the wire type allows and the rules type does not;
/// `what` names the field in the INVALID_ARGUMENT message.
pub(crate) trait FromProto<T>: Sized {
    fn from_proto(what: &str, value: T) -> Result<Self, EngineError>;
}

/// The creator's map, checked: an enum number the API does not name is INVALID_ARGUMENT, never read as the
/// default (prost's getter would turn 99 into `MAP_KIND_UNSPECIFIED`, the beginner map).
pub(crate) fn map_kind(
    options: &crate::proto::v1::GameOptions,
) -> Result<crate::proto::v1::MapKind, EngineError> {
    crate::proto::v1::MapKind::try_from(options.map).map_err(|_| {
        EngineError::Malformed(format!("options.map {} must name a MapKind", options.map))
    })
}

pub(crate) fn required(what: &str) -> EngineError {
    EngineError::Malformed(format!("{what} is required"))
}

fn out_of_range(what: &str, n: u32) -> EngineError {
    EngineError::Malformed(format!("{what} {n} is out of range"))
}

/// A card count of a hand or a payment, 0..=255 (its message names the count, unlike [`out_of_range`]'s).
pub(crate) fn count(what: &str, n: u32) -> Result<u8, EngineError> {
    u8::try_from(n).map_err(|_| EngineError::Malformed(format!("{what} count {n} is over 255")))
}

/// The first of a default and an override: `or_default!([default] given)` is `given` when there is one.
macro_rules! or_default {
    ([$($default:tt)*]) => { $($default)* };
    ([$($default:tt)*] $($given:tt)+) => { $($given)+ };
}

/// A rules value that is always there, sent in a proto field with presence (a message, or an `optional` scalar):
/// as `Some`.
macro_rules! present {
    ($rules:ty => $proto:ty) => {
        impl $crate::games::convert::ToProto<Option<$proto>> for $rules {
            #[inline]
            fn to_proto(&self) -> Option<$proto> {
                Some($crate::games::convert::ToProto::to_proto(self))
            }
        }
    };
}

/// A message field that must be set for the rules value it converts to: INVALID_ARGUMENT "`what` is required"
/// when it is missing.
macro_rules! required {
    ($proto:ty => $rules:ty) => {
        impl $crate::games::convert::FromProto<Option<$proto>> for $rules {
            fn from_proto(
                what: &str,
                value: Option<$proto>,
            ) -> Result<Self, $crate::engine::EngineError> {
                let value = value.ok_or_else(|| $crate::games::convert::required(what))?;
                $crate::games::convert::FromProto::from_proto(what, value)
            }
        }
    };
}

/// A plain rules enum and its proto enum, whose variants have the same names, from one list of variants: the
/// total conversion to the proto number (`=>`), and with `<=>` also the checked one back, which refuses an unknown
/// or unspecified number with INVALID_ARGUMENT "`what` must name `noun`".
macro_rules! enums {
    ($rules:ident <=> $proto:path, $noun:literal, [$($v:ident),+ $(,)?]) => {
        enums!($rules => $proto, [$($v),+]);
        impl $crate::games::convert::FromProto<i32> for $rules {
            fn from_proto(what: &str, n: i32) -> Result<Self, $crate::engine::EngineError> {
                type Proto = $proto;
                match Proto::try_from(n) {
                    $(Ok(Proto::$v) => Ok(Self::$v),)+
                    _ => Err($crate::error::EngineError::Malformed(format!("{what} must name {}", $noun))),
                }
            }
        }
    };
    ($rules:ty => $proto:path, [$($v:ident),+ $(,)?]) => {
        impl $crate::games::convert::ToProto<i32> for $rules {
            #[inline]
            fn to_proto(&self) -> i32 {
                type Proto = $proto;
                (match self { $(Self::$v => Proto::$v,)+ }) as i32
            }
        }
        present!($rules => i32);
    };
}

/// A rules struct and its message, their fields named once, each by its proto name:
/// - `Rules => Message { a, b: rules_b }` converts to proto; `b: rules_b` renames, and after the braces
///   `rules_c: [c1, c2]` spreads an array over several fields;
/// - `Rules <=> Message { a, b as "name" } via f` converts both ways; coming in, each field is checked by its type's
///   [`FromProto`] (by `f(what, n)` with `via f`), and `as` names it in errors instead of its field name;
/// - `Rules => Message { field: self }` is a message whose one field the whole rules value converts to (a oneof,
///   an optional value, a list); unlike the other forms it gives no `Option<Message>` (the rules value may itself
///   be an `Option`, which the blanket impl covers);
/// - `[T; 2] => Message = [a, b]` and `(T, U) => Message = (a, b)` spread an array or a tuple over the fields.
macro_rules! message {
    (@to $rules:ty => $proto:path, $pattern:pat, { $($fields:tt)* }) => {
        impl $crate::games::convert::ToProto<$proto> for $rules {
            #[inline]
            fn to_proto(&self) -> $proto {
                type Proto = $proto;
                let $pattern = self;
                Proto { $($fields)* }
            }
        }
    };
    ($rules:ident <=> $proto:path { $($f:ident $(as $what:literal)?),* $(,)? } via $via:path) => {
        message!($rules => $proto { $($f),* });
        impl $crate::games::convert::FromProto<$proto> for $rules {
            fn from_proto(_: &str, message: $proto) -> Result<Self, $crate::engine::EngineError> {
                type Proto = $proto;
                let Proto { $($f),* } = message;
                Ok(Self { $($f: $via(or_default!([stringify!($f)] $($what)?), $f)?,)* })
            }
        }
        required!($proto => $rules);
    };
    ($rules:ident <=> $proto:path { $($f:ident $(as $what:literal)?),* $(,)? }) => {
        message!($rules <=> $proto { $($f $(as $what)?),* } via $crate::games::convert::FromProto::from_proto);
    };
    ($rules:ty => $proto:path { $field:ident: self }) => {
        message!(@to $rules => $proto, value, { $field: $crate::games::convert::ToProto::to_proto(value) });
    };
    ($rules:ty => $proto:path { $($pf:ident $(: $rf:ident)?),* $(,)? } $($sf:ident: [$($spread:ident),+])*) => {
        message!(@to $rules => $proto, Self { $($($rf:)? $pf,)* $($sf: [$($spread),+],)* },
            { $($pf: $crate::games::convert::ToProto::to_proto($pf),)* $($($spread: $crate::games::convert::ToProto::to_proto($spread),)+)* });
        present!($rules => $proto);
    };
    ($rules:ty => $proto:path = [$($pf:ident),+]) => {
        message!(@to $rules => $proto, [$($pf),+], { $($pf: $crate::games::convert::ToProto::to_proto($pf)),+ });
        present!($rules => $proto);
    };
    ($rules:ty => $proto:path = ($($pf:ident),+)) => {
        message!(@to $rules => $proto, ($($pf),+), { $($pf: $crate::games::convert::ToProto::to_proto($pf)),+ });
        present!($rules => $proto);
    };
}

/// A rules enum and a proto `oneof` (always held in an `Option`, as prost does), variant by variant with the same
/// names. Each variant's message is `module::Variant` unless given (`Variant = path::Message`), and its fields are
/// named once as in [`message!`]:
/// - `Rules => oneof::Path, in module { [raw arms] Variant { a, b: rules_b }, Unit, ... }` converts to proto; the
///   optional raw arms (`pattern => expression`) come first, for variants that are not one message each;
/// - `Rules <=> oneof::Path, in module { Variant { a, b as "name" }, ... }` converts both ways, requiring the oneof
///   when it comes in.
macro_rules! oneof {
    ($rules:ident <=> $oneof:path, in $m:ident {
        $($v:ident $(= $msg:path)? $({ $($f:ident $(as $what:literal)?),* $(,)? })?),* $(,)?
    }) => {
        oneof!($rules => $oneof, in $m { $($v $(= $msg)? $({ $($f),* })?),* });
        impl $crate::games::convert::FromProto<$oneof> for $rules {
            fn from_proto(_: &str, value: $oneof) -> Result<Self, $crate::engine::EngineError> {
                type Oneof = $oneof;
                Ok(match value {
                    $(Oneof::$v(message) => {
                        type Message = or_default!([$m::$v] $($msg)?);
                        let Message { $($($f),*)? } = message;
                        Self::$v $({ $($f: $crate::games::convert::FromProto::from_proto(or_default!([stringify!($f)] $($what)?), $f)?),* })?
                    })*
                })
            }
        }
        required!($oneof => $rules);
    };
    ($rules:ty => $oneof:path, in $m:ident {
        $([$($raw:pat => $raw_to:expr),+ $(,)?])?
        $($v:ident $(= $msg:path)? $({ $($pf:ident $(: $rf:ident)?),* $(,)? })?),* $(,)?
    }) => {
        impl $crate::games::convert::ToProto<Option<$oneof>> for $rules {
            #[inline]
            fn to_proto(&self) -> Option<$oneof> {
                type Oneof = $oneof;
                match self {
                    $($($raw => $raw_to,)+)?
                    $(Self::$v $({ $($($rf:)? $pf),* })? => {
                        type Message = or_default!([$m::$v] $($msg)?);
                        Some(Oneof::$v(Message { $($($pf: $crate::games::convert::ToProto::to_proto($pf)),*)? }))
                    })*
                }
            }
        }
    };
}

/// A rules enum sent as one flat message (the phases): `kind` names the variant in the proto enum `Kind`, and only
/// the variant's own fields are set, the others left at their defaults. Fields as in [`message!`].
macro_rules! phase {
    ($rules:ty => $proto:path, $kind:path {
        $($v:ident $({ $($pf:ident $(: $rf:ident)?),* $(,)? })?),* $(,)?
    }) => {
        impl $crate::games::convert::ToProto<$proto> for $rules {
            #[inline]
            fn to_proto(&self) -> $proto {
                type Proto = $proto;
                type Kind = $kind;
                match self {
                    $(Self::$v $({ $($($rf:)? $pf),* })? => Proto {
                        kind: Kind::$v as i32,
                        $($($pf: $crate::games::convert::ToProto::to_proto($pf),)*)?
                        ..Default::default()
                    },)*
                }
            }
        }
        present!($rules => $proto);
    };
}

/// The [`super::ProtoGame`] conversions of a game, whose messages sit in `hexfold.proto`'s `oneof`s under
/// `Variant` and in the proto module `m`: a command must hold this game's command (`refusal` otherwise).
macro_rules! wire {
    ($variant:ident, $m:ident, $refusal:literal) => {
        fn command_from_proto(
            command: $crate::proto::v1::Command,
        ) -> Result<Self::Command, $crate::engine::EngineError> {
            use $crate::proto::v1::command::Game;
            match command.game {
                Some(Game::$variant($m::Command {
                    command: Some(command),
                })) => $crate::games::convert::FromProto::from_proto("command", command),
                _ => Err($crate::error::EngineError::Malformed($refusal.into())),
            }
        }

        fn command_to_proto(command: &Self::Command) -> $crate::proto::v1::Command {
            use $crate::proto::v1::command::Game;
            $crate::proto::v1::Command {
                game: Some(Game::$variant($m::Command {
                    command: $crate::games::convert::ToProto::to_proto(command),
                })),
            }
        }

        fn event_to_proto(event: &Self::EventView) -> $crate::proto::v1::Event {
            use $crate::proto::v1::event::Body;
            $crate::proto::v1::Event {
                body: Some(Body::$variant($m::Event {
                    event: $crate::games::convert::ToProto::to_proto(event),
                })),
            }
        }

        fn state_to_proto(state: &Self::StateView) -> $crate::proto::v1::GameState {
            use $crate::proto::v1::game_state::Game;
            $crate::proto::v1::GameState {
                game: Some(Game::$variant($crate::games::convert::ToProto::to_proto(
                    state,
                ))),
            }
        }
    };
}

/// Integers that widen on the wire.
macro_rules! widen {
    ($($rules:ty => $proto:ty),+) => {
        $(impl ToProto<$proto> for $rules {
            #[inline]
            fn to_proto(&self) -> $proto {
                (*self).into()
            }
        }
        present!($rules => $proto);)+
    };
}

widen!(u8 => u32, u16 => u32, u32 => u32, i8 => i32, bool => bool);

impl FromProto<u32> for u8 {
    fn from_proto(what: &str, n: u32) -> Result<Self, EngineError> {
        u8::try_from(n).map_err(|_| out_of_range(what, n))
    }
}

impl ToProto<u32> for Seat {
    #[inline]
    fn to_proto(&self) -> u32 {
        self.0.into()
    }
}

present!(Seat => u32);

impl FromProto<u32> for Seat {
    fn from_proto(what: &str, n: u32) -> Result<Self, EngineError> {
        u8::from_proto(what, n).map(Seat)
    }
}

/// The board's ids travel as their index. Coming in, an id is built through its serde form (transparent over its
/// integer, and the only way to build one outside the rules crate), which checks that the number fits; whether it
/// exists on this board is the rules' business (FAILED_PRECONDITION with the rule id).
macro_rules! ids {
    ($($id:ty),+) => {
        $(impl ToProto<u32> for $id {
            #[inline]
            fn to_proto(&self) -> u32 {
                u32::try_from(self.index()).expect("board ids fit in u32")
            }
        }

        present!($id => u32);

        impl FromProto<u32> for $id {
            fn from_proto(what: &str, n: u32) -> Result<Self, EngineError> {
                Self::deserialize(IntoDeserializer::<value::Error>::into_deserializer(n))
                    .map_err(|_| out_of_range(what, n))
            }
        })+
    };
}

ids!(VertexId, EdgeId, HexId);

impl<T: ToProto<U>, U> ToProto<Option<U>> for Option<T> {
    fn to_proto(&self) -> Option<U> {
        self.as_ref().map(ToProto::to_proto)
    }
}

impl<T: ToProto<U>, U> ToProto<Vec<U>> for Vec<T> {
    fn to_proto(&self) -> Vec<U> {
        self.iter().map(ToProto::to_proto).collect()
    }
}

impl<T: ToProto<U>, U, const N: usize> ToProto<Vec<U>> for [T; N] {
    fn to_proto(&self) -> Vec<U> {
        self.iter().map(ToProto::to_proto).collect()
    }
}

impl<T: FromProto<U>, U> FromProto<Option<U>> for Option<T> {
    fn from_proto(what: &str, value: Option<U>) -> Result<Self, EngineError> {
        value.map(|v| T::from_proto(what, v)).transpose()
    }
}

impl<T: FromProto<U>, U> FromProto<Vec<U>> for Vec<T> {
    fn from_proto(what: &str, values: Vec<U>) -> Result<Self, EngineError> {
        values.into_iter().map(|v| T::from_proto(what, v)).collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::super::ProtoGame;
    use crate::proto::v1 as pb;
    use hexfold_rules::playout::{Playout, RandomPlayer, SeatChoice, Stop};
    use hexfold_rules::{Seat, Viewer};
    use prost::Message as _;
    use prost_reflect::{DescriptorPool, DynamicMessage, Value};
    use std::sync::OnceLock;

    /// Plays a seeded random game of `seats` for at most `commands` commands (the first seat to act plays its
    /// random player's command) and checks the adapter on all it meets: every legal action of the seat to act comes
    /// back from proto unchanged, and every event and every state after a command converts (without panicking) for
    /// each seat, a spectator and the omniscient viewer. Returns the legal actions checked; `spectator` sees each
    /// state as a spectator's message.
    pub(crate) fn check_random_game<G: ProtoGame + RandomPlayer>(
        seats: usize,
        seed: u64,
        commands: u64,
        mut spectator: impl FnMut(pb::GameState),
    ) -> Vec<G::Command> {
        let config = G::config(&pb::GameOptions::default(), seats).expect("a config");
        let (_, playout) = Playout::<G>::seeded(&config, seed).expect("a setup");
        let mut playout = playout
            .seat_choice(SeatChoice::First)
            .list_legal()
            .command_limit(commands);
        let viewers: Vec<Viewer> = (0..seats)
            .map(|s| Viewer::Seat(Seat(s as u8)))
            .chain([Viewer::Spectator, Viewer::Omniscient])
            .collect();
        let mut checked = Vec::new();
        let mut enums = 0;
        loop {
            let stepped = playout.step(|step| {
                for legal in step.legal.expect("the playout lists legal actions") {
                    let back = G::command_from_proto(G::command_to_proto(legal));
                    assert_eq!(back.as_ref(), Ok(legal));
                    enums += assert_unknown_enums_refused::<G>(&G::command_to_proto(legal));
                    checked.push(legal.clone());
                }
                step.each_event(|state, event| {
                    for &viewer in &viewers {
                        G::event_to_proto(&G::view_event(state, event, viewer));
                    }
                });
            });
            match stepped {
                Ok(()) => {}
                Err(refused @ Stop::Refused { .. }) => panic!("{refused:?}"),
                Err(_) => break,
            }
            for &viewer in &viewers {
                let view = G::state_to_proto(&G::view_state(playout.state(), viewer));
                if viewer == Viewer::Spectator {
                    spectator(view);
                }
            }
        }
        // A game whose package declares no enum (the toy tic-tac-toe) has none to try.
        let package = format!("hexfold.v1.{}", G::NAME);
        let declared = pool().all_enums().any(|e| e.package_name() == package);
        assert!(
            enums > 0 || !declared,
            "the random game met no enum value to try"
        );
        checked
    }

    /// Sets the `target`-th enum value met in a depth-first walk of `message` (lists included) to `number`;
    /// `target` counts down the values passed, so a walk that returns `false` has left it at zero or above.
    fn set_enum(message: &mut DynamicMessage, target: &mut usize, number: i32) -> bool {
        let hit = |value: &mut Value, target: &mut usize| match value {
            Value::EnumNumber(n) => {
                if *target == 0 {
                    *n = number;
                    return true;
                }
                *target -= 1;
                false
            }
            Value::Message(inner) => set_enum(inner, target, number),
            _ => false,
        };
        for (_, value) in message.fields_mut() {
            let done = match value {
                Value::List(items) => items.iter_mut().any(|item| hit(item, target)),
                other => hit(other, target),
            };
            if done {
                return true;
            }
        }
        false
    }

    /// Every enum value of `command`, set in turn to numbers its enum does not name (99, -5), makes the command
    /// INVALID_ARGUMENT: an unknown number is never read as a default.
    /// Returns how many enum values it tried.
    /// The API's descriptors, decoded once.
    fn pool() -> &'static DescriptorPool {
        static POOL: OnceLock<DescriptorPool> = OnceLock::new();
        POOL.get_or_init(|| DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET).expect("descriptors"))
    }

    pub(crate) fn assert_unknown_enums_refused<G: ProtoGame>(command: &pb::Command) -> usize {
        let descriptor = pool()
            .get_message_by_name("hexfold.v1.Command")
            .expect("hexfold.v1.Command");
        let original = DynamicMessage::decode(descriptor, command.encode_to_vec().as_slice())
            .expect("a command re-decodes");
        let mut tried = 0;
        for number in [99, -5] {
            for index in 0.. {
                let mut mutated = original.clone();
                if !set_enum(&mut mutated, &mut { index }, number) {
                    break;
                }
                tried += 1;
                let mutated: pb::Command = mutated.transcode_to().expect("transcodes");
                let refused = G::command_from_proto(mutated.clone()).map(|_| ());
                assert_eq!(
                    refused.map_err(|e| crate::error::code(&e)),
                    Err(tonic::Code::InvalidArgument),
                    "{mutated:?}"
                );
            }
        }
        tried
    }

    /// Creation options with the default map.
    pub(crate) fn options(victory_points: u32, negotiated_defence: bool) -> pb::GameOptions {
        pb::GameOptions {
            map: 0,
            victory_points,
            negotiated_defence,
            ..Default::default()
        }
    }

    /// Each of `commands` is refused as INVALID_ARGUMENT.
    pub(crate) fn assert_invalid<G: ProtoGame>(commands: impl IntoIterator<Item = pb::Command>) {
        for command in commands {
            let refused = G::command_from_proto(command.clone()).map(|_| ());
            assert_eq!(
                refused.map_err(|e| crate::error::code(&e)),
                Err(tonic::Code::InvalidArgument),
                "{command:?}"
            );
        }
    }
}
