//! Arithmetic on commodities and hands. Resource counts are [`crate::hex::Resources`]; a [`Hand`] adds the three
//! commodities next to them rather than widening the engine's type, so base Catan keeps its five-field counts.

use super::types::{Commodities, Commodity, Good, Hand, Improvements, ProgressCard, Track};
use super::{BANK_PER_COMMODITY, BANK_PER_RESOURCE};
use crate::hex::{Cards, Resource, Resources};

impl Commodities {
    pub const ZERO: Commodities = Commodities {
        coin: 0,
        paper: 0,
        cloth: 0,
    };

    pub fn get(self, c: Commodity) -> u8 {
        match c {
            Commodity::Coin => self.coin,
            Commodity::Paper => self.paper,
            Commodity::Cloth => self.cloth,
        }
    }

    pub fn get_mut(&mut self, c: Commodity) -> &mut u8 {
        match c {
            Commodity::Coin => &mut self.coin,
            Commodity::Paper => &mut self.paper,
            Commodity::Cloth => &mut self.cloth,
        }
    }

    pub fn one(c: Commodity, n: u8) -> Self {
        let mut x = Commodities::ZERO;
        *x.get_mut(c) = n;
        x
    }

    pub fn total(self) -> u16 {
        u16::from(self.coin) + u16::from(self.paper) + u16::from(self.cloth)
    }
}

impl Commodity {
    /// The track this commodity pays for.
    pub fn track(self) -> Track {
        match self {
            Commodity::Coin => Track::Politics,
            Commodity::Paper => Track::Science,
            Commodity::Cloth => Track::Trade,
        }
    }
}

impl Good {
    pub const ALL: [Good; 8] = [
        Good::Brick,
        Good::Lumber,
        Good::Wool,
        Good::Grain,
        Good::Ore,
        Good::Coin,
        Good::Paper,
        Good::Cloth,
    ];

    pub fn resource(self) -> Option<Resource> {
        match self {
            Good::Brick => Some(Resource::Brick),
            Good::Lumber => Some(Resource::Lumber),
            Good::Wool => Some(Resource::Wool),
            Good::Grain => Some(Resource::Grain),
            Good::Ore => Some(Resource::Ore),
            _ => None,
        }
    }

    pub fn commodity(self) -> Option<Commodity> {
        match self {
            Good::Coin => Some(Commodity::Coin),
            Good::Paper => Some(Commodity::Paper),
            Good::Cloth => Some(Commodity::Cloth),
            _ => None,
        }
    }

    pub fn from_resource(r: Resource) -> Good {
        Good::ALL[r.index()]
    }

    pub fn from_commodity(c: Commodity) -> Good {
        match c {
            Commodity::Coin => Good::Coin,
            Commodity::Paper => Good::Paper,
            Commodity::Cloth => Good::Cloth,
        }
    }
}

impl Hand {
    pub const ZERO: Hand = Hand {
        resources: Resources::ZERO,
        commodities: Commodities::ZERO,
    };

    pub fn of_resources(resources: Resources) -> Hand {
        Hand {
            resources,
            commodities: Commodities::ZERO,
        }
    }

    pub fn of_commodities(commodities: Commodities) -> Hand {
        Hand {
            resources: Resources::ZERO,
            commodities,
        }
    }

    pub fn one(g: Good, n: u8) -> Hand {
        let mut h = Hand::ZERO;
        *h.get_mut(g) = n;
        h
    }

    pub fn to_array(self) -> [u8; 8] {
        let r = self.resources.to_array();
        let c = self.commodities;
        [r[0], r[1], r[2], r[3], r[4], c.coin, c.paper, c.cloth]
    }

    pub fn from_array(a: [u8; 8]) -> Hand {
        Hand {
            resources: Resources::from_array([a[0], a[1], a[2], a[3], a[4]]),
            commodities: Commodities {
                coin: a[5],
                paper: a[6],
                cloth: a[7],
            },
        }
    }

    pub fn get(self, g: Good) -> u8 {
        match (g.resource(), g.commodity()) {
            (Some(r), _) => self.resources.get(r),
            (_, Some(c)) => self.commodities.get(c),
            _ => 0,
        }
    }

    pub fn get_mut(&mut self, g: Good) -> &mut u8 {
        match (g.resource(), g.commodity()) {
            (Some(r), _) => self.resources.get_mut(r),
            (_, Some(c)) => self.commodities.get_mut(c),
            // Every good is a resource or a commodity.
            _ => &mut self.commodities.cloth,
        }
    }

    /// Cards in the hand, resources and commodities alike (both count for the 7, seed).
    pub fn total(self) -> u16 {
        self.resources.total() + self.commodities.total()
    }

    pub fn is_empty(self) -> bool {
        self == Hand::ZERO
    }

    pub fn contains(self, other: Hand) -> bool {
        self.to_array()
            .iter()
            .zip(other.to_array())
            .all(|(&a, b)| a >= b)
    }

    pub fn overlaps(self, other: Hand) -> bool {
        self.to_array()
            .iter()
            .zip(other.to_array())
            .any(|(&a, b)| a > 0 && b > 0)
    }

    /// Adds, saturating: callers keep totals within the bank's supply.
    pub fn plus(self, other: Hand) -> Hand {
        let (a, b) = (self.to_array(), other.to_array());
        Hand::from_array(std::array::from_fn(|i| a[i].saturating_add(b[i])))
    }

    /// Subtracts, saturating at zero: callers check [`Hand::contains`] first.
    pub fn minus(self, other: Hand) -> Hand {
        let (a, b) = (self.to_array(), other.to_array());
        Hand::from_array(std::array::from_fn(|i| a[i].saturating_sub(b[i])))
    }

    /// The `k`-th card (0-based) in [`Good::ALL`] order; picks a uniformly random card from a hand.
    pub fn nth_card(self, mut k: u16) -> Option<Good> {
        for g in Good::ALL {
            let n = u16::from(self.get(g));
            if k < n {
                return Some(g);
            }
            k -= n;
        }
        None
    }
}

/// A hand trades through the shared negotiation ([`crate::hex::trade`]) one good at a time.
impl Cards for Hand {
    type Kind = Good;
    const KINDS: &'static [Good] = &Good::ALL;
    const SUPPLY_TOTAL: u16 = 5 * BANK_PER_RESOURCE as u16 + 3 * BANK_PER_COMMODITY as u16;

    fn one(kind: Good, n: u8) -> Self {
        Hand::one(kind, n)
    }
    fn count(self, kind: Good) -> u8 {
        self.get(kind)
    }
    fn total(self) -> u16 {
        Hand::total(self)
    }
    fn contains(self, other: Self) -> bool {
        Hand::contains(self, other)
    }
    fn overlaps(self, other: Self) -> bool {
        Hand::overlaps(self, other)
    }
    fn plus(self, other: Self) -> Self {
        Hand::plus(self, other)
    }
    fn minus(self, other: Self) -> Self {
        Hand::minus(self, other)
    }
}

impl ProgressCard {
    /// Printer and constitution: a point, revealed when drawn, never held in hand.
    pub fn is_victory_point(self) -> bool {
        matches!(self, ProgressCard::Printer | ProgressCard::Constitution)
    }

    /// The deck (and colour) the card belongs to.
    pub fn track(self) -> Track {
        use ProgressCard::*;
        match self {
            Alchemist | Crane | Engineer | Inventor | Irrigation | Medicine | Mining | Printer
            | RoadBuilding | Smith => Track::Science,
            CommercialHarbor | MasterMerchant | Merchant | MerchantFleet | ResourceMonopoly
            | TradeMonopoly => Track::Trade,
            Bishop | Constitution | Deserter | Diplomat | Intrigue | Saboteur | Spy | Warlord
            | Wedding => Track::Politics,
        }
    }
}

impl Improvements {
    pub fn get(self, t: Track) -> u8 {
        match t {
            Track::Trade => self.trade,
            Track::Politics => self.politics,
            Track::Science => self.science,
        }
    }

    pub fn get_mut(&mut self, t: Track) -> &mut u8 {
        match t {
            Track::Trade => &mut self.trade,
            Track::Politics => &mut self.politics,
            Track::Science => &mut self.science,
        }
    }
}
