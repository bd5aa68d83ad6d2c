//! Legal actions: `legal_actions` lists every command `decide` accepts now, with each parameter spelled out (every square,
//! every permit value, every way to pay). The checks reuse the rule functions of `rules` rather than calling
//! `decide`, so listing stays cheap.

use super::board::*;
use super::data::{self, BUILDINGS, CHURCH_PRICE, ROWS};
use super::decide::{cottage_fits, permit_rows, plan_build};
use super::{Cards, Cell, Command, CottageWait, InfluenceColor, Phase, Square, State};
use crate::game::Seat;

fn squares(s: &State) -> impl Iterator<Item = (usize, usize)> {
    let cols = usize::from(columns(s.players));
    (0..ROWS).flat_map(move |r| (0..cols).map(move |c| (c, r)))
}

/// Every bundle of exactly `n` cards out of `from`.
fn bundles(from: &Cards, n: u8) -> Vec<Cards> {
    let mut out = Vec::new();
    for gold in 0..=from.gold.min(n) {
        for red in 0..=from.red.min(n - gold) {
            for green in 0..=from.green.min(n - gold - red) {
                let blue = n - gold - red - green;
                if blue <= from.blue {
                    out.push(Cards {
                        gold,
                        red,
                        green,
                        blue,
                    });
                }
            }
        }
    }
    out
}

pub fn legal_actions(s: &State, seat: Seat) -> Vec<Command> {
    let mut out = Vec::new();
    if let Phase::Over { .. } = s.phase {
        return out;
    }
    if seat.0 >= s.players {
        return out;
    }
    if let Some(&CottageWait { seat: head, piece }) = s.cottage_queue.first() {
        if head == seat {
            for (c, r) in squares(s) {
                if cottage_fits(s, seat, piece, c, r) {
                    out.push(Command::PlaceCottage { at: square(c, r) });
                }
            }
        }
        return out;
    }
    if let Phase::PirateDiscard { owed } = &s.phase {
        let n = owed[seat.index()];
        if n > 0 {
            for cards in bundles(&s.seats[seat.index()].hand, n) {
                out.push(Command::Discard { cards });
            }
        }
        return out;
    }
    if seat != s.current {
        return out;
    }
    let hand = s.seats[seat.index()].hand;
    match &s.phase {
        Phase::Roll => out.push(Command::Roll),
        Phase::ChooseShipRow { options } => {
            out.extend(options.iter().map(|&row| Command::MoveShip { row }))
        }
        Phase::ChoosePirateRow => {
            for &row in &data::ROW_LABELS {
                if s.ship_row != Some(row) {
                    out.push(Command::MovePirate { row });
                }
            }
        }
        Phase::PirateTake { count } => {
            for cards in bundles(&s.discards, *count) {
                out.push(Command::TakeDiscards { cards });
            }
        }
        Phase::ChooseChurchTile { tiles, .. } => {
            out.extend(tiles.iter().map(|&tile| Command::KeepChurchTile { tile }));
        }
        Phase::Build { done } => {
            if *done < 2 {
                build_actions(s, seat, &mut out);
            }
            out.push(Command::EndBuilding);
            permit_actions(s, seat, &mut out);
        }
        Phase::Permit => permit_actions(s, seat, &mut out),
        Phase::Special => {
            special_actions(s, seat, &hand, &mut out);
            out.push(Command::EndTurn);
        }
        Phase::PirateDiscard { .. } | Phase::Over { .. } => {}
    }
    out
}

fn build_actions(s: &State, seat: Seat, out: &mut Vec<Command>) {
    // Every legal build covers one of the builder's own permits, so only the placements around those permits
    // are tried (the same list as trying every square, at a fraction of the cost).
    let hand = s.seats[seat.index()].hand;
    let triples: Vec<InfluenceColor> = InfluenceColor::ALL
        .into_iter()
        .filter(|&c| colour_count(&hand, c) >= 3)
        .collect();
    let own: Vec<(usize, usize)> = squares(s)
        .filter(|&(c, r)| matches!(s.cells[cell_index(c, r)], Cell::Permit { seat: o, .. } if o == seat))
        .collect();
    for spec in BUILDINGS.iter().filter(|b| !b.start) {
        let mut tops: Vec<(usize, usize)> = Vec::new();
        for &(pc, pr) in &own {
            for dr in 0..usize::from(spec.rows).min(pr + 1) {
                for dc in 0..usize::from(spec.cols).min(pc + 1) {
                    tops.push((pc - dc, pr - dr));
                }
            }
        }
        tops.sort_unstable_by_key(|&(c, r)| (r, c));
        tops.dedup();
        for (c, r) in tops {
            let at = square(c, r);
            match plan_build(s, seat, spec.kind, at, None) {
                Ok(_) => out.push(Command::Build {
                    building: spec.kind,
                    at,
                    overbuild_with: None,
                }),
                Err(super::Violation::SameSizeNeedsInfluence) => {
                    for &colour in &triples {
                        if plan_build(s, seat, spec.kind, at, Some(colour)).is_ok() {
                            out.push(Command::Build {
                                building: spec.kind,
                                at,
                                overbuild_with: Some(colour),
                            });
                        }
                    }
                }
                Err(_) => {}
            }
        }
    }
    let hand = &s.seats[seat.index()].hand;
    if usize::from(s.seats[seat.index()].walls_built) < data::WALL_REWARDS.len() {
        for i in 0..s.walls.len() {
            let slot = wall_slot(s.players, i);
            if s.walls[i].is_none() && wall_connected(s, slot) && hand.gold >= wall_price(slot) {
                out.push(Command::BuildWall { slot });
            }
        }
    }
    let tiles_left = s.church_stack != 0 || s.church_bottom.is_some();
    if tiles_left && hand.gold >= CHURCH_PRICE {
        out.push(Command::BuildChurch);
    }
}

fn permit_actions(s: &State, seat: Seat, out: &mut Vec<Command>) {
    let p = &s.seats[seat.index()];
    let rows = permit_rows(s);
    let colours: Vec<InfluenceColor> = InfluenceColor::ALL
        .into_iter()
        .filter(|&c| colour_count(&p.hand, c) >= 2)
        .collect();
    for value in (0..data::PERMIT_VALUES).filter(|v| p.permits & (1 << v) != 0 && p.hand.gold >= *v)
    {
        for (c, r) in squares(s) {
            if !is_free(s, c, r) {
                continue;
            }
            let at = square(c, r);
            if rows.contains(&r) {
                out.push(Command::PlacePermit {
                    value,
                    at,
                    anywhere_with: None,
                });
            }
            for &colour in &colours {
                out.push(Command::PlacePermit {
                    value,
                    at,
                    anywhere_with: Some(colour),
                });
            }
        }
    }
    out.push(Command::TakeTwoGold);
}

fn special_actions(s: &State, seat: Seat, hand: &Cards, out: &mut Vec<Command>) {
    let p = &s.seats[seat.index()];
    let pairs: Vec<InfluenceColor> = InfluenceColor::ALL
        .into_iter()
        .filter(|&c| colour_count(hand, c) >= 2)
        .collect();
    let free: Vec<Square> = squares(s)
        .filter(|&(c, r)| is_free(s, c, r))
        .map(|(c, r)| square(c, r))
        .collect();
    let own: Vec<(Square, u8)> = squares(s)
        .filter_map(|(c, r)| match s.cells[cell_index(c, r)] {
            Cell::Permit { seat: o, value } if o == seat => Some((square(c, r), value)),
            _ => None,
        })
        .collect();
    for &pay in &pairs {
        for &(from, value) in &own {
            for &to in &free {
                out.push(Command::MovePermit { from, to, pay });
            }
            for up in value + 1..data::PERMIT_VALUES {
                if p.permits & (1 << up) != 0 && hand.gold >= up - value {
                    out.push(Command::UpgradePermit {
                        at: from,
                        value: up,
                        pay,
                    });
                }
            }
        }
    }
    if holds(hand, &one_of_each()) {
        for value in
            (0..data::PERMIT_VALUES).filter(|v| p.permits & (1 << v) != 0 && hand.gold >= *v)
        {
            for &at in &free {
                out.push(Command::PlacePermitAnywhere { value, at });
            }
        }
        out.push(Command::BuyTwoGold);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elasund::{random_command, Config, Elasund};
    use crate::game::{Game, GameRng};
    use rand::{Rng, SeedableRng};

    /// The build list around own permits equals the list from trying every square with every payment.
    #[test]
    fn build_actions_match_brute_force() {
        let mut checked = 0;
        for seed in 0..30 {
            let mut rng = GameRng::seed_from_u64(seed);
            let setup = Elasund::setup(
                &Config {
                    players: 2 + (seed % 3) as u8,
                },
                &mut rng,
            )
            .unwrap();
            let mut state = Elasund::initial_state(&setup);
            while Elasund::outcome(&state).is_none() && state.turn < 400 {
                let seats = Elasund::seats_to_act(&state);
                let seat = seats[rng.gen_range(0..seats.len())];
                if matches!(state.phase, Phase::Build { done } if done < 2)
                    && state.cottage_queue.is_empty()
                {
                    let mut fast = Vec::new();
                    build_actions(&state, seat, &mut fast);
                    fast.retain(|c| matches!(c, Command::Build { .. }));
                    let mut slow = Vec::new();
                    let withs = [
                        None,
                        Some(InfluenceColor::Red),
                        Some(InfluenceColor::Green),
                        Some(InfluenceColor::Blue),
                    ];
                    for spec in BUILDINGS.iter() {
                        for (c, r) in squares(&state) {
                            for with in withs {
                                if plan_build(&state, seat, spec.kind, square(c, r), with).is_ok() {
                                    slow.push(Command::Build {
                                        building: spec.kind,
                                        at: square(c, r),
                                        overbuild_with: with,
                                    });
                                }
                            }
                        }
                    }
                    let key = |c: &Command| format!("{c:?}");
                    fast.sort_by_key(key);
                    slow.sort_by_key(key);
                    assert_eq!(fast, slow);
                    checked += 1;
                }
                let command = random_command(&state, seat, &mut rng).unwrap();
                for e in Elasund::decide(&state, seat, &command, &mut rng).unwrap() {
                    state = Elasund::evolve(state, &e);
                }
            }
        }
        assert!(checked > 100);
    }
}
