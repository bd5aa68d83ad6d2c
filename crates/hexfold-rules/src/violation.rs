//! The one way a game declares its violations: a table with one line per violation.
//!
//! Each line names the variant, its rule ID in `docs/rules/<game>.md` and the sentence shown to a person; the
//! macro writes the enum, its [`crate::RuleViolation`] impl (the name on the wire is the variant's own name, by
//! `stringify!`, so it cannot drift from the type) and the list of every variant. A hex game also lists which of
//! its variants stand for each shared [`crate::hex::HexViolation`], so the hex machine's checks return the shared
//! type and `?` turns it into the game's own; a scenario running another game's layer lists that game's violations
//! the same way (Catania, for Cities & Knights'). This module depends on nothing but [`crate::game`].

/// Declares a game's violation enum from a table.
///
/// ```text
/// violations! {
///     /// Why a command was refused.
///     pub enum Violation {
///         /// What the variant means (optional doc lines).
///         NotYourTurn => "BASE-TURN-01", "It is not your turn to act.";
///         ...
///     }
///     // Optional, for games on the hex machine: every shared violation, and the game's variant for it when
///     // the names differ. Any number of such lists, one per type converted from.
///     from HexViolation { NotYourTurn, RoadNotAtNewBuilding => RoadNotAtNewSettlement, ... }
/// }
/// ```
macro_rules! violations {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $v:ident => $id:literal, $msg:literal; )*
        }
        $( from $shared:ident { $( $from:ident $(=> $to:ident)? ),* $(,)? } )*
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $( $(#[$vmeta])* $v, )*
        }

        impl $name {
            /// Every violation of this game, in table order.
            pub const ALL: &'static [$name] = &[$($name::$v),*];
        }

        impl $crate::RuleViolation for $name {
            fn rule_id(&self) -> &'static str {
                match self { $($name::$v => $id,)* }
            }
            fn name(&self) -> &'static str {
                match self { $($name::$v => stringify!($v),)* }
            }
            fn message(&self) -> &'static str {
                match self { $($name::$v => $msg,)* }
            }
            fn all() -> &'static [$name] {
                $name::ALL
            }
        }

        $(
            impl From<$shared> for $name {
                fn from(v: $shared) -> $name {
                    match v {
                        $( $shared::$from => $crate::violation::violations!(@to $name $from $($to)?), )*
                    }
                }
            }
        )*
    };
    (@to $name:ident $from:ident) => { $name::$from };
    (@to $name:ident $from:ident $to:ident) => { $name::$to };
}

pub(crate) use violations;
