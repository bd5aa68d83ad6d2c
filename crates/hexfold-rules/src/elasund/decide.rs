//! `setup`, `initial_state`, `seats_to_act` and `decide`.
//!
//! `decide` works on a scratch copy of the state: every event it emits is folded into the copy at once (with
//! the same `evolve` a replay uses), so later checks in the same command see its effects and live play cannot
//! drift from replay.

use super::board::{self, *};
use super::data::{
    self, building, Income, WallReward, CHURCH_CUBES, CHURCH_PRICE, CHURCH_TILES, MAX_COLS, ROWS,
};
use super::evolve::evolve;
use super::{
    BuildingKind, Cards, Cell, Command, Config, CottageWait, Event, InfluenceColor, Phase, Piece,
    PieceId, Place, PlayerState, Setup, Square, State, Violation, WallSlot,
};
use crate::game::{GameRng, Seat};
use rand::Rng;

type Result<T> = std::result::Result<T, Violation>;

pub fn setup(config: &Config, rng: &mut GameRng) -> Result<Setup> {
    if !(2..=4).contains(&config.players) {
        return Err(Violation::BadPlayerCount);
    }
    Ok(Setup {
        players: config.players,
        first_player: Seat(rng.gen_range(0..config.players)),
    })
}

pub fn initial_state(setup: &Setup) -> State {
    let players = setup.players.clamp(2, 4);
    let mut pieces = Vec::new();
    for spec in data::BUILDINGS.iter().filter(|s| s.neutral) {
        for _ in 0..spec.copies {
            pieces.push(Piece {
                kind: spec.kind,
                colour: None,
                place: Place::Supply,
            });
        }
    }
    let mut cells = vec![Cell::Empty; ROWS * MAX_COLS];
    for seat in 0..players {
        for spec in data::BUILDINGS.iter().filter(|s| !s.neutral) {
            let id = PieceId(pieces.len() as u8);
            let mut place = Place::Supply;
            if spec.start {
                let (col, label) =
                    data::START_SQUARES[usize::from(seat)][usize::from(spec.kind as u8)];
                let row = row_index(label).expect("start squares lie on board rows");
                for r in row..row + usize::from(spec.rows) {
                    for c in usize::from(col)..usize::from(col + spec.cols) {
                        cells[cell_index(c, r)] = Cell::Building { piece: id };
                    }
                }
                place = Place::Board {
                    at: Square { col, row: label },
                    owner: Seat(seat),
                    cubes: 0,
                };
            }
            pieces.push(Piece {
                kind: spec.kind,
                colour: Some(Seat(seat)),
                place,
            });
        }
    }
    let seat_state = PlayerState {
        hand: board::gold(data::START_GOLD),
        permits: (1 << data::PERMIT_VALUES) - 1,
        walls_built: 0,
        trade_points: 0,
        track_cubes: 0,
    };
    let per = data::INFLUENCE_PER_COLOUR;
    State {
        players,
        current: setup.first_player,
        phase: Phase::Roll,
        ship_row: None,
        pirate: false,
        dealt: false,
        cells,
        walls: vec![None; wall_slot_count(players)],
        pieces,
        seats: vec![seat_state; usize::from(players)],
        bank: Cards {
            gold: data::GOLD_CARDS - data::START_GOLD * players,
            red: per,
            green: per,
            blue: per,
        },
        discards: Cards::default(),
        church_stack: (1 << CHURCH_TILES) - 1,
        church_bottom: None,
        church_first_builder: None,
        church_origin: None,
        cottage_queue: Vec::new(),
        turn: 1,
    }
}

/// Who may act now.
pub fn seats_to_act(state: &State) -> Vec<Seat> {
    if let Phase::Over { .. } = state.phase {
        return Vec::new();
    }
    if let Some(&CottageWait { seat, .. }) = state.cottage_queue.first() {
        return vec![seat];
    }
    if let Phase::PirateDiscard { owed } = &state.phase {
        return (0..state.players)
            .map(Seat)
            .filter(|s| owed[s.index()] > 0)
            .collect();
    }
    vec![state.current]
}

/// A decision in progress: the scratch state and the events so far.
struct Ctx<'a> {
    s: State,
    events: Vec<Event>,
    rng: &'a mut GameRng,
}

impl Ctx<'_> {
    fn emit(&mut self, event: Event) {
        self.s = evolve(std::mem::replace(&mut self.s, placeholder()), &event);
        self.events.push(event);
    }
}

/// A cheap empty state to swap out while `evolve` takes the real one by value.
fn placeholder() -> State {
    State {
        players: 2,
        current: Seat(0),
        phase: Phase::Roll,
        ship_row: None,
        pirate: false,
        dealt: false,
        cells: Vec::new(),
        walls: Vec::new(),
        pieces: Vec::new(),
        seats: Vec::new(),
        bank: Cards::default(),
        discards: Cards::default(),
        church_stack: 0,
        church_bottom: None,
        church_first_builder: None,
        church_origin: None,
        cottage_queue: Vec::new(),
        turn: 0,
    }
}

pub fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>> {
    if let Phase::Over { .. } = state.phase {
        return Err(Violation::GameOver);
    }
    if actor.0 >= state.players {
        return Err(Violation::NotYourTurn);
    }
    // A cottage waiting to be placed again blocks everything else (seed: the turn goes on once they are back).
    if let Some(&CottageWait { seat, .. }) = state.cottage_queue.first() {
        let Command::PlaceCottage { at } = command else {
            return Err(if actor == seat {
                Violation::WrongPhase
            } else {
                Violation::NotYourTurn
            });
        };
        if actor != seat {
            return Err(Violation::NotYourTurn);
        }
        let mut ctx = Ctx {
            s: state.clone(),
            events: Vec::new(),
            rng,
        };
        place_cottage(&mut ctx, actor, *at)?;
        return Ok(ctx.events);
    }
    if let Phase::PirateDiscard { owed } = &state.phase {
        let Command::Discard { cards } = command else {
            return Err(if owed[actor.index()] > 0 {
                Violation::WrongPhase
            } else {
                Violation::NotYourTurn
            });
        };
        let want = owed[actor.index()];
        if want == 0 {
            return Err(Violation::NotYourTurn);
        }
        if total(cards) != want {
            return Err(Violation::WrongDiscardCount);
        }
        if !holds(&state.seats[actor.index()].hand, cards) {
            return Err(Violation::CardsNotHeld);
        }
        return Ok(vec![Event::CardsDiscarded {
            seat: actor,
            cards: *cards,
        }]);
    }
    if actor != state.current {
        return Err(Violation::NotYourTurn);
    }
    let mut ctx = Ctx {
        s: state.clone(),
        events: Vec::new(),
        rng,
    };
    match command {
        Command::Roll => roll(&mut ctx)?,
        Command::MoveShip { row } => {
            let Phase::ChooseShipRow { options } = ctx.s.phase else {
                return Err(Violation::WrongPhase);
            };
            row_index(*row).ok_or(Violation::NoSuchRow)?;
            if !options.contains(row) {
                return Err(Violation::ShipRowNotOffered);
            }
            move_ship(&mut ctx, *row);
        }
        Command::MovePirate { row } => {
            if ctx.s.phase != Phase::ChoosePirateRow {
                return Err(Violation::WrongPhase);
            }
            row_index(*row).ok_or(Violation::NoSuchRow)?;
            if ctx.s.ship_row == Some(*row) {
                return Err(Violation::PirateMustMove);
            }
            ctx.emit(Event::PirateMoved { row: *row });
        }
        Command::Discard { .. } => return Err(Violation::WrongPhase),
        Command::TakeDiscards { cards } => {
            let Phase::PirateTake { count } = ctx.s.phase else {
                return Err(Violation::WrongPhase);
            };
            if total(cards) != count {
                return Err(Violation::WrongTakeCount);
            }
            if !holds(&ctx.s.discards, cards) {
                return Err(Violation::NotInDiscards);
            }
            ctx.emit(Event::DiscardsTaken {
                seat: actor,
                cards: *cards,
            });
        }
        Command::Build {
            building: kind,
            at,
            overbuild_with,
        } => {
            build_phase(&ctx.s)?;
            build(&mut ctx, actor, *kind, *at, *overbuild_with)?;
            after_board_change(&mut ctx);
        }
        Command::BuildWall { slot } => {
            build_phase(&ctx.s)?;
            build_wall(&mut ctx, actor, *slot)?;
            after_board_change(&mut ctx);
        }
        Command::BuildChurch => {
            build_phase(&ctx.s)?;
            build_church(&mut ctx, actor)?;
            after_board_change(&mut ctx);
        }
        Command::KeepChurchTile { tile } => {
            let Phase::ChooseChurchTile { tiles, .. } = ctx.s.phase else {
                return Err(Violation::WrongPhase);
            };
            if !tiles.contains(tile) {
                return Err(Violation::TileNotDrawn);
            }
            let returned = if tiles[0] == *tile {
                tiles[1]
            } else {
                tiles[0]
            };
            ctx.emit(Event::ChurchTileReturned {
                seat: actor,
                kept: *tile,
                returned,
            });
            place_church_tile(&mut ctx, actor, *tile);
            after_board_change(&mut ctx);
        }
        Command::PlaceCottage { .. } => return Err(Violation::WrongPhase),
        Command::EndBuilding => {
            build_phase(&ctx.s)?;
            ctx.emit(Event::BuildingEnded);
        }
        Command::PlacePermit {
            value,
            at,
            anywhere_with,
        } => {
            permit_phase(&ctx.s)?;
            let paid = check_place_permit(&ctx.s, actor, *value, *at, *anywhere_with)?;
            ctx.emit(Event::PermitPlaced {
                seat: actor,
                value: *value,
                at: *at,
                paid,
            });
        }
        Command::TakeTwoGold => {
            permit_phase(&ctx.s)?;
            let gold = ctx.s.bank.gold.min(2);
            ctx.emit(Event::GoldTaken {
                seat: actor,
                gold,
                paid: Cards::default(),
            });
        }
        Command::MovePermit { from, to, pay } => {
            special_phase(&ctx.s)?;
            let (fc, fr) = locate(&ctx.s, *from).ok_or(Violation::NoSuchSquare)?;
            own_permit_at(&ctx.s, actor, fc, fr)?;
            let (tc, tr) = locate(&ctx.s, *to).ok_or(Violation::NoSuchSquare)?;
            if !is_free(&ctx.s, tc, tr) {
                return Err(Violation::SquareNotFree);
            }
            let paid = pay_identical(&ctx.s, actor, *pay, 2)?;
            ctx.emit(Event::PermitMoved {
                seat: actor,
                from: *from,
                to: *to,
                paid,
            });
            end_turn(&mut ctx);
        }
        Command::UpgradePermit { at, value, pay } => {
            special_phase(&ctx.s)?;
            let (c, r) = locate(&ctx.s, *at).ok_or(Violation::NoSuchSquare)?;
            let old = own_permit_at(&ctx.s, actor, c, r)?;
            if *value <= old || *value >= data::PERMIT_VALUES {
                return Err(Violation::UpgradeMustBeHigher);
            }
            if ctx.s.seats[actor.index()].permits & (1 << value) == 0 {
                return Err(Violation::PermitNotInSupply);
            }
            let mut paid = pay_identical(&ctx.s, actor, *pay, 2)?;
            paid.gold = value - old;
            if !holds(&ctx.s.seats[actor.index()].hand, &paid) {
                return Err(Violation::NotEnoughGold);
            }
            ctx.emit(Event::PermitUpgraded {
                seat: actor,
                at: *at,
                from: old,
                to: *value,
                paid,
            });
            end_turn(&mut ctx);
        }
        Command::PlacePermitAnywhere { value, at } => {
            special_phase(&ctx.s)?;
            check_permit_square(&ctx.s, actor, *value, *at)?;
            let mut paid = pay_one_of_each(&ctx.s, actor)?;
            paid.gold = *value;
            if !holds(&ctx.s.seats[actor.index()].hand, &paid) {
                return Err(Violation::NotEnoughGold);
            }
            ctx.emit(Event::PermitPlaced {
                seat: actor,
                value: *value,
                at: *at,
                paid,
            });
            end_turn(&mut ctx);
        }
        Command::BuyTwoGold => {
            special_phase(&ctx.s)?;
            let paid = pay_one_of_each(&ctx.s, actor)?;
            let gold = ctx.s.bank.gold.min(2);
            ctx.emit(Event::GoldTaken {
                seat: actor,
                gold,
                paid,
            });
            end_turn(&mut ctx);
        }
        Command::EndTurn => {
            special_phase(&ctx.s)?;
            end_turn(&mut ctx);
        }
    }
    Ok(ctx.events)
}

fn build_phase(s: &State) -> Result<()> {
    match s.phase {
        Phase::Build { done } if done < 2 => Ok(()),
        Phase::Build { .. } => Err(Violation::BuildLimitReached),
        _ => Err(Violation::WrongPhase),
    }
}

/// Phase 3 may start straight from phase 2 (the player builds fewer than twice).
fn permit_phase(s: &State) -> Result<()> {
    match s.phase {
        Phase::Build { .. } | Phase::Permit => Ok(()),
        _ => Err(Violation::WrongPhase),
    }
}

fn special_phase(s: &State) -> Result<()> {
    match s.phase {
        Phase::Special => Ok(()),
        _ => Err(Violation::WrongPhase),
    }
}

fn own_permit_at(s: &State, actor: Seat, col: usize, row: usize) -> Result<u8> {
    match s.cells[cell_index(col, row)] {
        Cell::Permit { seat, value } if seat == actor => Ok(value),
        _ => Err(Violation::NotYourPermit),
    }
}

fn pay_identical(s: &State, actor: Seat, colour: InfluenceColor, n: u8) -> Result<Cards> {
    let want = of_colour(colour, n);
    if !holds(&s.seats[actor.index()].hand, &want) {
        return Err(if n == 3 {
            Violation::NeedThreeIdentical
        } else {
            Violation::NeedTwoIdentical
        });
    }
    Ok(want)
}

fn pay_one_of_each(s: &State, actor: Seat) -> Result<Cards> {
    let want = one_of_each();
    if !holds(&s.seats[actor.index()].hand, &want) {
        return Err(Violation::NeedOneOfEach);
    }
    Ok(want)
}

// Phase 1.

fn roll(ctx: &mut Ctx<'_>) -> Result<()> {
    if ctx.s.phase != Phase::Roll {
        return Err(Violation::WrongPhase);
    }
    if !ctx.s.dealt {
        let mut bank = ctx.s.bank;
        let colors = (0..ctx.s.players)
            .map(|_| {
                draw_influence(&mut bank, ctx.rng).expect("the full deck has a card for every seat")
            })
            .collect();
        ctx.emit(Event::StartingInfluenceDealt { colors });
    }
    let dice = [ctx.rng.gen_range(1..=6u8), ctx.rng.gen_range(1..=6u8)];
    ctx.emit(Event::DiceRolled {
        seat: ctx.s.current,
        dice,
    });
    let sum = dice[0] + dice[1];
    if sum == 7 {
        return Ok(()); // evolve moved the phase to ChoosePirateRow
    }
    if ctx.s.ship_row == Some(sum) {
        let options = ship_options(sum);
        // With two options evolve moved the phase to ChooseShipRow.
        if let [only] = options.as_slice() {
            move_ship(ctx, *only);
        }
    } else {
        move_ship(ctx, sum);
    }
    Ok(())
}

/// Rows exactly two rows up or down from `label` (row 7 does not exist, so 6 -> 9 and 8 -> 5).
pub fn ship_options(label: u8) -> Vec<u8> {
    let i = row_index(label).expect("the ship is on a board row");
    let mut v = Vec::with_capacity(2);
    if i >= 2 {
        v.push(row_label(i - 2));
    }
    if i + 2 < ROWS {
        v.push(row_label(i + 2));
    }
    v
}

fn move_ship(ctx: &mut Ctx<'_>, row: u8) {
    ctx.emit(Event::ShipMoved { row });
    income(ctx, row);
}

/// Every building at least partly in the row pays its owner; a kind the bank cannot pay in full is paid to
/// nobody, and everyone returns half their cards of that kind.
fn income(ctx: &mut Ctx<'_>, label: u8) {
    let row = row_index(label).expect("ship rows are board rows");
    let n = usize::from(ctx.s.players);
    let mut gold_owed = vec![0u8; n];
    let mut infl_owed = vec![0u8; n];
    for i in 0..ctx.s.pieces.len() {
        let Place::Board { owner, .. } = ctx.s.pieces[i].place else {
            continue;
        };
        if !piece_footprint(&ctx.s, i).is_some_and(|f| f.touches_row(row)) {
            continue;
        }
        match building(ctx.s.pieces[i].kind).income {
            Income::Gold => gold_owed[owner.index()] += 1,
            Income::Influence => infl_owed[owner.index()] += 1,
            Income::None => {}
        }
    }
    let gold_needed: u8 = gold_owed.iter().sum();
    let infl_needed: u8 = infl_owed.iter().sum();
    let gold_short = gold_needed > ctx.s.bank.gold;
    let infl_short = infl_needed > influence_total(&ctx.s.bank);
    let mut bank = ctx.s.bank;
    let mut cards = vec![Cards::default(); n];
    for s in 0..n {
        if !gold_short {
            cards[s].gold = gold_owed[s];
        }
        if !infl_short {
            for _ in 0..infl_owed[s] {
                let c = draw_influence(&mut bank, ctx.rng)
                    .expect("the bank was checked to hold enough");
                add(&mut cards[s], &of_colour(c, 1));
            }
        }
    }
    ctx.emit(Event::IncomeCollected { row: label, cards });
    if gold_short {
        let returned = ctx
            .s
            .seats
            .iter()
            .map(|p| board::gold(p.hand.gold / 2))
            .collect();
        ctx.emit(Event::BankShortage {
            gold: true,
            returned,
        });
    }
    if infl_short {
        // Who picks the returned colours is not written down; drawing them at random from the hand needs no
        // extra decision from every player and keeps the colours hidden.
        let returned = (0..n)
            .map(|s| {
                let mut hand = ctx.s.seats[s].hand;
                let mut out = Cards::default();
                for _ in 0..influence_total(&hand) / 2 {
                    let c = draw_influence(&mut hand, ctx.rng).expect("half a hand is in the hand");
                    add(&mut out, &of_colour(c, 1));
                }
                out
            })
            .collect();
        ctx.emit(Event::BankShortage {
            gold: false,
            returned,
        });
    }
}

/// Draws one influence card uniformly from `from` (a shuffled face-down deck drawn from the top is the same
/// distribution), removing it.
fn draw_influence(from: &mut Cards, rng: &mut GameRng) -> Option<InfluenceColor> {
    let n = influence_total(from);
    if n == 0 {
        return None;
    }
    let k = rng.gen_range(0..n);
    let c = if k < from.red {
        InfluenceColor::Red
    } else if k < from.red + from.green {
        InfluenceColor::Green
    } else {
        InfluenceColor::Blue
    };
    sub(from, &of_colour(c, 1));
    Some(c)
}

// Phase 2.

fn build(
    ctx: &mut Ctx<'_>,
    actor: Seat,
    kind: BuildingKind,
    at: Square,
    with: Option<InfluenceColor>,
) -> Result<()> {
    let plan = plan_build(&ctx.s, actor, kind, at, with)?;
    for &(col, row, seat, value) in &plan.permits {
        let compensation = if seat == actor { 0 } else { value };
        ctx.emit(Event::PermitReturned {
            at: square(col, row),
            seat,
            value,
            compensation,
        });
    }
    for &piece in &plan.removed {
        ctx.emit(Event::BuildingRemoved { piece });
    }
    let spec = building(kind);
    let cubes = spec.flags.min(cubes_in_supply(&ctx.s, actor));
    ctx.emit(Event::BuildingBuilt {
        seat: actor,
        piece: plan.piece,
        at,
        paid: plan.paid,
        cubes,
    });
    Ok(())
}

/// A checked build: which piece, what it pays, which permits go back and which buildings come down.
pub struct BuildPlan {
    pub piece: PieceId,
    pub paid: Cards,
    pub permits: Vec<(usize, usize, Seat, u8)>,
    pub removed: Vec<PieceId>,
}

pub fn plan_build(
    s: &State,
    actor: Seat,
    kind: BuildingKind,
    at: Square,
    with: Option<InfluenceColor>,
) -> Result<BuildPlan> {
    let spec = building(kind);
    if spec.start {
        return Err(Violation::StartBuildingNotBuildable);
    }
    let piece = s
        .pieces
        .iter()
        .position(|p| {
            p.kind == kind && p.place == Place::Supply && (spec.neutral || p.colour == Some(actor))
        })
        .ok_or(Violation::BuildingNotInSupply)?;
    let row = row_index(at.row).ok_or(Violation::NoSuchSquare)?;
    let fp = footprint(s, spec, usize::from(at.col), row).ok_or(Violation::OutsideCity)?;
    let size = spec.cols * spec.rows;
    let mut permits = Vec::new();
    let mut sums = [0u16; 4];
    let mut present = [false; 4];
    let mut removed: Vec<PieceId> = Vec::new();
    let mut same_size = false;
    for (c, r) in fp.cells() {
        if is_reserved(s, c, r) {
            return Err(Violation::FoundationReserved);
        }
        match s.cells[cell_index(c, r)] {
            Cell::Empty => {}
            Cell::Church { .. } => return Err(Violation::CannotBuildOverChurch),
            Cell::Permit { seat, value } => {
                permits.push((c, r, seat, value));
                sums[seat.index()] += u16::from(value);
                present[seat.index()] = true;
            }
            Cell::Building { piece: p } => {
                if !removed.contains(&p) {
                    let other = building(s.pieces[usize::from(p.0)].kind);
                    let other_size = other.cols * other.rows;
                    if other_size > size {
                        return Err(Violation::CannotBuildOverLarger);
                    }
                    same_size |= other_size == size;
                    removed.push(p);
                }
            }
        }
    }
    if permits.len() < usize::from(spec.permits) {
        return Err(Violation::TooFewPermits);
    }
    if !present[actor.index()] {
        return Err(Violation::NoOwnPermit);
    }
    let mine = sums[actor.index()];
    let others = (0..usize::from(s.players)).filter(|&o| o != actor.index() && present[o]);
    if others.clone().any(|o| sums[o] > mine) {
        return Err(Violation::PermitOutvalued);
    }
    if others.clone().any(|o| sums[o] == mine) {
        return Err(Violation::PermitTie);
    }
    let mut paid = board::gold(spec.price);
    match (same_size, with) {
        (true, None) => return Err(Violation::SameSizeNeedsInfluence),
        (true, Some(c)) => add(&mut paid, &pay_identical(s, actor, c, 3)?),
        (false, Some(_)) => return Err(Violation::PaymentNotNeeded),
        (false, None) => {}
    }
    let compensation: u8 = permits.iter().filter(|p| p.2 != actor).map(|p| p.3).sum();
    let hand = &s.seats[actor.index()].hand;
    if !holds(hand, &paid) || hand.gold < paid.gold + compensation {
        return Err(Violation::NotEnoughGold);
    }
    // Owners get their pieces back in turn order from the builder, which is also the order in which worker
    // cottages are placed again.
    let order = |p: &PieceId| match s.pieces[usize::from(p.0)].place {
        Place::Board { owner, .. } => (owner.0 + s.players - actor.0) % s.players,
        _ => 0,
    };
    removed.sort_by_key(|p| (order(p), p.0));
    Ok(BuildPlan {
        piece: PieceId(piece as u8),
        paid,
        permits,
        removed,
    })
}

fn build_wall(ctx: &mut Ctx<'_>, actor: Seat, slot: WallSlot) -> Result<()> {
    let built = ctx.s.seats[actor.index()].walls_built;
    if usize::from(built) >= data::WALL_REWARDS.len() {
        return Err(Violation::NoWallPiecesLeft);
    }
    let index = wall_index(ctx.s.players, slot).ok_or(Violation::NoSuchWallSlot)?;
    if ctx.s.walls[index].is_some() {
        return Err(Violation::WallSlotTaken);
    }
    if !wall_connected(&ctx.s, slot) {
        return Err(Violation::WallNotConnected);
    }
    let paid = board::gold(wall_price(slot));
    if !holds(&ctx.s.seats[actor.index()].hand, &paid) {
        return Err(Violation::NotEnoughGold);
    }
    let reward = data::WALL_REWARDS[usize::from(built)];
    let tower_cube = reward == WallReward::Tower && cubes_in_supply(&ctx.s, actor) > 0;
    ctx.emit(Event::WallBuilt {
        seat: actor,
        slot,
        number: built + 1,
        paid,
        tower_cube,
    });
    if let WallReward::Influence(n) = reward {
        draw_cards(ctx, actor, 0, n);
    }
    Ok(())
}

/// Gold and influence from the bank; as many as it holds.
fn draw_cards(ctx: &mut Ctx<'_>, seat: Seat, gold: u8, influence: u8) {
    let mut bank = ctx.s.bank;
    let mut cards = board::gold(gold.min(bank.gold));
    for _ in 0..influence {
        match draw_influence(&mut bank, ctx.rng) {
            Some(c) => add(&mut cards, &of_colour(c, 1)),
            None => break,
        }
    }
    ctx.emit(Event::CardsDrawn { seat, cards });
}

fn church_tiles_left(s: &State) -> u32 {
    s.church_stack.count_ones() + u32::from(s.church_bottom.is_some())
}

fn build_church(ctx: &mut Ctx<'_>, actor: Seat) -> Result<()> {
    if church_tiles_left(&ctx.s) == 0 {
        return Err(Violation::ChurchComplete);
    }
    if ctx.s.seats[actor.index()].hand.gold < CHURCH_PRICE {
        return Err(Violation::NotEnoughGold);
    }
    if ctx.s.church_first_builder.is_none() {
        let a = draw_tile(ctx.s.church_stack, ctx.rng);
        let b = draw_tile(ctx.s.church_stack & !(1 << a), ctx.rng);
        ctx.emit(Event::ChurchTilesDrawn {
            seat: actor,
            tiles: [a, b],
        });
        return Ok(());
    }
    let tile = if ctx.s.church_stack != 0 {
        draw_tile(ctx.s.church_stack, ctx.rng)
    } else {
        ctx.s.church_bottom.expect("a tile is left")
    };
    place_church_tile(ctx, actor, tile);
    Ok(())
}

/// A uniformly random tile from a non-empty set.
fn draw_tile(set: u16, rng: &mut GameRng) -> u8 {
    let k = rng.gen_range(0..set.count_ones());
    (0..16u8)
        .filter(|t| set & (1 << t) != 0)
        .nth(k as usize)
        .expect("k < count")
}

/// Where tile `t` goes: the first tile's drawing position sits on the foundation and fixes the rest.
pub fn church_square(s: &State, tile: u8) -> (usize, usize) {
    let (dc, dr) = (usize::from(tile % 3), usize::from(tile / 3));
    let (oc, or) = match s.church_origin {
        Some((c, r)) => (usize::from(c), usize::from(r)),
        None => {
            let (fc, fr) = foundation();
            (fc - dc, fr - dr)
        }
    };
    (oc + dc, or + dr)
}

fn place_church_tile(ctx: &mut Ctx<'_>, actor: Seat, tile: u8) {
    let (c, r) = church_square(&ctx.s, tile);
    match ctx.s.cells[cell_index(c, r)] {
        Cell::Permit { seat, value } => {
            ctx.emit(Event::PermitReturned {
                at: square(c, r),
                seat,
                value,
                compensation: 0,
            });
        }
        Cell::Building { piece } => ctx.emit(Event::BuildingRemoved { piece }),
        Cell::Empty | Cell::Church { .. } => {}
    }
    let cubes = CHURCH_CUBES.min(cubes_in_supply(&ctx.s, actor));
    ctx.emit(Event::ChurchTileBuilt {
        seat: actor,
        tile,
        at: square(c, r),
        paid: board::gold(CHURCH_PRICE),
        cubes,
    });
}

/// Squares where `seat`'s cottage `piece` may go again with its top square at (col, row).
pub fn cottage_fits(s: &State, seat: Seat, piece: PieceId, col: usize, row: usize) -> bool {
    let spec = building(s.pieces[usize::from(piece.0)].kind);
    let Some(fp) = footprint(s, spec, col, row) else {
        return false;
    };
    fp.cells().all(|(c, r)| {
        windmills(s.players, c, r) == 0
            && !is_reserved(s, c, r)
            && match s.cells[cell_index(c, r)] {
                Cell::Empty => true,
                Cell::Permit { seat: owner, .. } => owner == seat,
                _ => false,
            }
    })
}

fn cottage_has_room(s: &State, seat: Seat, piece: PieceId) -> bool {
    let cols = usize::from(columns(s.players));
    (0..ROWS).any(|r| (0..cols).any(|c| cottage_fits(s, seat, piece, c, r)))
}

fn place_cottage(ctx: &mut Ctx<'_>, actor: Seat, at: Square) -> Result<()> {
    let piece = ctx.s.cottage_queue[0].piece;
    let (col, row) = locate(&ctx.s, at).ok_or(Violation::NoSuchSquare)?;
    if !cottage_fits(&ctx.s, actor, piece, col, row) {
        return Err(Violation::CottageSquareNotAllowed);
    }
    let spec = building(ctx.s.pieces[usize::from(piece.0)].kind);
    let fp = footprint(&ctx.s, spec, col, row).expect("fits");
    for (c, r) in fp.cells() {
        if let Cell::Permit { seat, value } = ctx.s.cells[cell_index(c, r)] {
            ctx.emit(Event::PermitReturned {
                at: square(c, r),
                seat,
                value,
                compensation: 0,
            });
        }
    }
    ctx.emit(Event::CottagePlaced {
        seat: actor,
        piece,
        at,
    });
    after_board_change(ctx);
    Ok(())
}

/// After anything that changes the board: retire cottages that cannot find room, then bring trade points and
/// track cubes up to date.
fn after_board_change(ctx: &mut Ctx<'_>) {
    while let Some(&CottageWait { seat, piece }) = ctx.s.cottage_queue.first() {
        if cottage_has_room(&ctx.s, seat, piece) {
            break;
        }
        ctx.emit(Event::CottageRetired { seat, piece });
    }
    sync_trade(ctx);
}

fn sync_trade(ctx: &mut Ctx<'_>) {
    for seat in (0..ctx.s.players).map(Seat) {
        let points = trade_points(&ctx.s, seat);
        let room = data::CUBES.saturating_sub(cubes_off_track(&ctx.s, seat));
        let track_cubes = flags_reached(points).min(room);
        let p = &ctx.s.seats[seat.index()];
        if p.trade_points != points || p.track_cubes != track_cubes {
            ctx.emit(Event::TradePointsChanged {
                seat,
                points,
                track_cubes,
            });
        }
    }
}

// Phase 3 and 4.

fn check_permit_square(s: &State, actor: Seat, value: u8, at: Square) -> Result<(usize, usize)> {
    if value >= data::PERMIT_VALUES || s.seats[actor.index()].permits & (1 << value) == 0 {
        return Err(Violation::PermitNotInSupply);
    }
    let (c, r) = locate(s, at).ok_or(Violation::NoSuchSquare)?;
    if is_reserved(s, c, r) {
        return Err(Violation::FoundationReserved);
    }
    if !is_free(s, c, r) {
        return Err(Violation::SquareNotFree);
    }
    Ok((c, r))
}

/// Rows a phase-3 permit may go in without influence: the ship's row, or its neighbours when it is full.
pub fn permit_rows(s: &State) -> Vec<usize> {
    let Some(ship) = s.ship_row.and_then(row_index) else {
        return Vec::new();
    };
    if row_has_free(s, ship) {
        return vec![ship];
    }
    let mut v = Vec::new();
    if ship > 0 {
        v.push(ship - 1);
    }
    if ship + 1 < ROWS {
        v.push(ship + 1);
    }
    v
}

fn check_place_permit(
    s: &State,
    actor: Seat,
    value: u8,
    at: Square,
    anywhere_with: Option<InfluenceColor>,
) -> Result<Cards> {
    let (_, r) = check_permit_square(s, actor, value, at)?;
    let mut paid = board::gold(value);
    match anywhere_with {
        Some(c) => add(&mut paid, &pay_identical(s, actor, c, 2)?),
        None => {
            if !permit_rows(s).contains(&r) {
                return Err(Violation::PermitRowNotAllowed);
            }
        }
    }
    if s.seats[actor.index()].hand.gold < value {
        return Err(Violation::NotEnoughGold);
    }
    Ok(paid)
}

/// Ends the turn; the next player wins at once if all ten of their cubes are on the board.
fn end_turn(ctx: &mut Ctx<'_>) {
    let next = Seat((ctx.s.current.0 + 1) % ctx.s.players);
    ctx.emit(Event::TurnEnded { next });
    if cubes_on_board(&ctx.s, next) >= data::CUBES {
        ctx.emit(Event::GameWon { seat: next });
    } else if ctx.s.turn > data::TURN_LIMIT {
        let winner = turn_limit_winner(&ctx.s);
        ctx.emit(Event::TurnLimitReached { winner });
    }
}

/// At the turn limit: most cubes on the board, then most trade points, then the first in turn order from the
/// seat about to play.
pub fn turn_limit_winner(s: &State) -> Seat {
    let n = s.players;
    (0..n)
        .map(|k| Seat((s.current.0 + k) % n))
        .max_by_key(|&seat| {
            let k = (seat.0 + n - s.current.0) % n;
            (
                cubes_on_board(s, seat),
                s.seats[seat.index()].trade_points,
                n - k,
            )
        })
        .expect("at least two seats")
}
