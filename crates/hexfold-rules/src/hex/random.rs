//! The choosing step shared by the random players of the games on this engine.

use rand::Rng;
use std::mem::discriminant;

/// Picks a kind of command (enum variant) with the weight `weight` gives its first command, then a uniformly
/// random command of that kind. Commands of one kind share the kind's weight, so long lists (70 road sites) do
/// not drown out ending the turn, while every listed command keeps a chance. `None` only for an empty list.
pub(crate) fn pick_by_kind<C>(
    legal: Vec<C>,
    weight: impl FnMut(&C) -> u32,
    rng: &mut impl Rng,
) -> Option<C> {
    // Grouped by discriminant: cheaper than comparing serde names, and stable within one build.
    pick_by_key(legal, discriminant, weight, rng)
}

/// [`pick_by_kind`] with the kinds told apart by `key`: for a command type that wraps another game's commands
/// (Catania's), whose kinds are those of the wrapped command.
pub(crate) fn pick_by_key<C, K: Copy + PartialEq>(
    legal: Vec<C>,
    key: impl Fn(&C) -> K,
    mut weight: impl FnMut(&C) -> u32,
    rng: &mut impl Rng,
) -> Option<C> {
    if legal.len() <= 1 {
        return legal.into_iter().next();
    }
    let mut kinds: Vec<(K, u32, usize)> = Vec::new();
    for c in &legal {
        let d = key(c);
        match kinds.iter_mut().find(|k| k.0 == d) {
            Some(k) => k.2 += 1,
            None => kinds.push((d, weight(c), 1)),
        }
    }
    let total: u32 = kinds.iter().map(|k| k.1).sum();
    let mut pick = rng.gen_range(0..total);
    let mut kind = kinds[0];
    for k in &kinds {
        if pick < k.1 {
            kind = *k;
            break;
        }
        pick -= k.1;
    }
    let i = rng.gen_range(0..kind.2);
    legal.into_iter().filter(|c| key(c) == kind.0).nth(i)
}

/// Draws a kind by weight among `kinds`, lists that kind's commands with `list`, and returns one of them
/// uniformly; a kind that lists nothing is set aside and the draw repeats among the others. Drawing until the
/// first kind that lists something picks each such kind with its weight over theirs alone, exactly as weighting
/// only the kinds a full listing holds, so this chooses as [`pick_by_kind`] would over that listing while listing
/// one kind at a time. `None` if no kind with a weight lists anything.
pub(crate) fn pick_kind_first<K: Copy, C>(
    kinds: &mut [(K, u32)],
    rng: &mut impl Rng,
    mut list: impl FnMut(K, &mut Vec<C>),
) -> Option<C> {
    let mut left = kinds.len();
    let mut out = Vec::new();
    while left > 0 {
        let total: u32 = kinds[..left].iter().map(|k| k.1).sum();
        if total == 0 {
            return None;
        }
        let mut pick = rng.gen_range(0..total);
        let mut i = 0;
        while pick >= kinds[i].1 {
            pick -= kinds[i].1;
            i += 1;
        }
        list(kinds[i].0, &mut out);
        if !out.is_empty() {
            let j = rng.gen_range(0..out.len());
            return Some(out.swap_remove(j));
        }
        left -= 1;
        kinds.swap(i, left);
    }
    None
}

/// Declares an enum of command kinds from one list of names, each also the name of a variant of the `Command` in
/// scope where it is invoked: the enum, `ALL` in the list's order and `of`, so a kind cannot be left out of either.
/// A random player draws such a kind before listing anything ([`pick_kind_first`]).
macro_rules! command_kinds {
    ($(#[$doc:meta])* $name:ident { $($kind:ident),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub(crate) enum $name {
            $($kind),+
        }

        impl $name {
            /// Every kind, in the list's order.
            pub(crate) const ALL: [$name; [$(stringify!($kind)),+].len()] = [$($name::$kind),+];

            /// The kind of a command, if it is one of these.
            pub(crate) fn of(c: &Command) -> Option<$name> {
                match c {
                    $(Command::$kind { .. } => Some($name::$kind),)+
                    _ => None,
                }
            }
        }
    };
}
pub(crate) use command_kinds;
