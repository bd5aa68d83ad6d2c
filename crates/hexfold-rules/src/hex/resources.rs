//! Resources, counts of resources, and dice.

use crate::GameRng;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// A resource card kind. Kept separate from [`super::Terrain`]: several terrains may yield one resource, and
/// Cities & Knights adds commodities as its own enum next to this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Resource {
    Brick,
    Lumber,
    Wool,
    Grain,
    Ore,
}

impl Resource {
    pub const ALL: [Resource; 5] = [
        Resource::Brick,
        Resource::Lumber,
        Resource::Wool,
        Resource::Grain,
        Resource::Ore,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// A count of each resource: a hand, the bank, a cost, one side of a trade.
///
/// Named fields (not an array) so the stored and wire forms say what each number is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Resources {
    #[serde(default)]
    pub brick: u8,
    #[serde(default)]
    pub lumber: u8,
    #[serde(default)]
    pub wool: u8,
    #[serde(default)]
    pub grain: u8,
    #[serde(default)]
    pub ore: u8,
}

impl Resources {
    pub const ZERO: Resources = Resources {
        brick: 0,
        lumber: 0,
        wool: 0,
        grain: 0,
        ore: 0,
    };

    pub const fn new(brick: u8, lumber: u8, wool: u8, grain: u8, ore: u8) -> Self {
        Resources {
            brick,
            lumber,
            wool,
            grain,
            ore,
        }
    }

    pub const fn all(n: u8) -> Self {
        Resources::new(n, n, n, n, n)
    }

    pub fn one(r: Resource, n: u8) -> Self {
        let mut x = Resources::ZERO;
        x.set(r, n);
        x
    }

    pub fn to_array(self) -> [u8; 5] {
        [self.brick, self.lumber, self.wool, self.grain, self.ore]
    }

    pub fn from_array(a: [u8; 5]) -> Self {
        Resources::new(a[0], a[1], a[2], a[3], a[4])
    }

    pub fn get(self, r: Resource) -> u8 {
        match r {
            Resource::Brick => self.brick,
            Resource::Lumber => self.lumber,
            Resource::Wool => self.wool,
            Resource::Grain => self.grain,
            Resource::Ore => self.ore,
        }
    }

    pub fn get_mut(&mut self, r: Resource) -> &mut u8 {
        match r {
            Resource::Brick => &mut self.brick,
            Resource::Lumber => &mut self.lumber,
            Resource::Wool => &mut self.wool,
            Resource::Grain => &mut self.grain,
            Resource::Ore => &mut self.ore,
        }
    }

    pub fn set(&mut self, r: Resource, n: u8) {
        *self.get_mut(r) = n;
    }

    /// Total number of cards, widened so a sum can never overflow.
    pub fn total(self) -> u16 {
        self.to_array().iter().map(|&n| u16::from(n)).sum()
    }

    pub fn is_empty(self) -> bool {
        self == Resources::ZERO
    }

    /// Whether every count in `other` is at most the count here.
    pub fn contains(self, other: Resources) -> bool {
        self.brick >= other.brick
            && self.lumber >= other.lumber
            && self.wool >= other.wool
            && self.grain >= other.grain
            && self.ore >= other.ore
    }

    /// Whether some resource appears in both.
    pub fn overlaps(self, other: Resources) -> bool {
        self.to_array()
            .iter()
            .zip(other.to_array())
            .any(|(&a, b)| a > 0 && b > 0)
    }

    /// Adds, saturating: callers keep totals within the 19-card bank, so saturation never happens in a legal game.
    pub fn plus(self, other: Resources) -> Resources {
        let (a, b) = (self.to_array(), other.to_array());
        Resources::from_array(std::array::from_fn(|i| a[i].saturating_add(b[i])))
    }

    /// Subtracts, saturating at zero: callers check [`Resources::contains`] first.
    pub fn minus(self, other: Resources) -> Resources {
        let (a, b) = (self.to_array(), other.to_array());
        Resources::from_array(std::array::from_fn(|i| a[i].saturating_sub(b[i])))
    }

    /// The `k`-th card (0-based) when the cards are laid out in [`Resource::ALL`] order; used to pick a uniformly
    /// random card from a hand.
    pub fn nth_card(self, mut k: u16) -> Option<Resource> {
        for r in Resource::ALL {
            let n = u16::from(self.get(r));
            if k < n {
                return Some(r);
            }
            k -= n;
        }
        None
    }
}

/// One roll of two six-sided dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub first: u8,
    pub second: u8,
}

impl Dice {
    pub fn roll(rng: &mut GameRng) -> Dice {
        Dice {
            first: rng.gen_range(1..=6),
            second: rng.gen_range(1..=6),
        }
    }

    pub fn sum(self) -> u8 {
        self.first + self.second
    }

    /// Both dice in 1..=6 (a stored event may come from outside).
    pub fn is_valid(self) -> bool {
        (1..=6).contains(&self.first) && (1..=6).contains(&self.second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_card_walks_counts_in_order() {
        let hand = Resources::new(1, 0, 2, 0, 1);
        let cards: Vec<_> = (0..4).map(|k| hand.nth_card(k).unwrap()).collect();
        assert_eq!(
            cards,
            vec![
                Resource::Brick,
                Resource::Wool,
                Resource::Wool,
                Resource::Ore
            ]
        );
        assert_eq!(hand.nth_card(4), None);
    }

    #[test]
    fn overlaps_and_contains() {
        let a = Resources::new(1, 0, 0, 0, 0);
        let b = Resources::new(0, 1, 0, 0, 0);
        assert!(!a.overlaps(b));
        assert!(a.overlaps(a));
        assert!(a.plus(b).contains(a));
        assert!(!a.contains(b));
    }
}
