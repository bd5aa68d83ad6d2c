// A finished game's summary: the winner, each seat's final points split by where they come from, and the points
// after each turn with the turn each seat reached its final points.
//
// The points are the server's, never worked out here from the rules: each game's state carries every seat's
// points (base Catan's public points and victory point cards, the layer's `points`, Catania's sailors' `points`,
// a grid game's cubes on the board), and once a game has ended every viewer gets the full state at any index (the
// engine's viewer is omniscient then; hexfold-table `viewer`), hidden victory point cards included. The split by
// source reads the same state (buildings, titles, cards); a remainder the page cannot name is shown as "other
// points", so the total is always the server's. The turns come from the event log the page streams: the index of
// each "ended the turn" event, where the state (`GetState` at that index, as the replay slider asks) holds the
// points at the end of that turn.
import type * as catan from "./gen/hexfold/v1/catan/catan_pb";
import type * as ck from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import type * as catania from "./gen/hexfold/v1/catania/catania_pb";
import { plural } from "./table";
import { who } from "./words";

/** The most states the summary asks for: one per turn up to this many turns, and beyond it turns spread evenly
 *  (the turn a seat reached its points is then the first sampled turn at or after it, and the summary says so). */
export const SUMMARY_SAMPLES = 400;
/** How many of those states are asked for at once. */
export const SUMMARY_PARALLEL = 4;

/** One source of a seat's points: what it is in words and the points it gives. */
export interface Source {
  what: string;
  points: number;
}

export interface SeatScore {
  seat: number;
  total: number;
  sources: Source[];
}

/** Every seat's points at one state, by source, and the turn the state is in. */
export interface Scores {
  turn: number;
  /** What a point is called in this game (`points`, `victory cubes`). */
  unit: string;
  seats: SeatScore[];
}

/** The sources that give points, with the remainder up to the server's total named "other points". */
export function score(seat: number, total: number, sources: Source[]): SeatScore {
  const named = sources.filter((s) => s.points > 0);
  const rest = total - named.reduce((sum, s) => sum + s.points, 0);
  if (rest !== 0) named.push({ what: "other points", points: rest });
  return { seat, total, sources: named };
}

function buildingsOf(buildings: readonly { seat: number; city: boolean }[], seat: number): Source[] {
  const own = buildings.filter((b) => b.seat === seat);
  const settlements = own.filter((b) => !b.city).length;
  const cities = own.length - settlements;
  return [
    { what: plural(settlements, "settlement"), points: settlements },
    { what: plural(cities, "city", "cities"), points: 2 * cities },
  ];
}

export function catanScores(s: catan.State): Scores {
  return {
    turn: s.turn,
    unit: "points",
    seats: s.players.map((p, seat) => {
      const cards = p.victoryPointCards ?? 0;
      return score(seat, p.publicPoints + cards, [
        ...buildingsOf(s.buildings, seat),
        { what: "the longest road", points: s.longestRoad === seat ? 2 : 0 },
        { what: "the largest army", points: s.largestArmy === seat ? 2 : 0 },
        { what: plural(cards, "victory point card"), points: cards },
      ]);
    }),
  };
}

/** Cities & Knights' sources (hexfold-rules `CitiesKnights::points`); Catania adds its own to `extra`. */
function ckSources(s: ck.State, seat: number, largestArmy?: number): Source[] {
  const p = s.players[seat]!;
  const metropolises = s.buildings.filter((b) => b.seat === seat && b.metropolis !== undefined).length;
  return [
    ...buildingsOf(s.buildings, seat),
    { what: plural(metropolises, "metropolis", "metropolises"), points: 2 * metropolises },
    { what: plural(p.victoryPointCards.length, "progress card worth a point", "progress cards worth a point"), points: p.victoryPointCards.length },
    { what: plural(p.defenderCards, "defender of Catan card"), points: p.defenderCards },
    { what: "the merchant", points: s.merchant?.seat === seat ? 1 : 0 },
    { what: "the longest road", points: s.longestRoad === seat ? 2 : 0 },
    { what: "the largest army", points: largestArmy === seat ? 2 : 0 },
  ];
}

export function ckScores(s: ck.State): Scores {
  return { turn: s.turn, unit: "points", seats: s.players.map((p, seat) => score(seat, p.points, ckSources(s, seat))) };
}

/** Catania's: the layer's, a point per specialist card and per island conquered, 4 for a complete wonder, and
 *  the victory point cards, hidden until the end (hexfold-rules `Catania::points`). */
export function cataniaScores(s: catania.State): Scores | undefined {
  const layer = s.layer;
  if (!layer) return undefined;
  return {
    turn: layer.turn,
    unit: "points",
    seats: s.sailors.map((sailor, seat) => {
      const specialists = s.specialists.filter((x) => x.holder === seat).length;
      const conquests = s.conquests.filter((c) => c.seat === seat).length;
      const wonder = s.wonders.some((w) => w.seat === seat && w.level >= 4) ? 4 : 0;
      const layerPoints = layer.players[seat]?.points ?? 0;
      const cards = sailor.points - layerPoints - specialists - conquests - wonder;
      return score(seat, sailor.points, [
        ...ckSources(layer, seat, s.largestArmy),
        { what: plural(specialists, "specialist card"), points: specialists },
        { what: plural(conquests, "island conquered", "islands conquered"), points: conquests },
        { what: "a complete wonder", points: wonder },
        { what: plural(Math.max(cards, 0), "victory point card"), points: Math.max(cards, 0) },
      ]);
    }),
  };
}

/** Whether an event ends a turn: its innermost case (through a layered game's `ck`) is `turnEnded`. */
export function endsTurn(event: { body: { case?: string; value?: unknown } } | undefined): boolean {
  let oneof = (event?.body.value as { event?: { case?: string; value?: unknown } } | undefined)?.event;
  while (oneof?.case === "ck") oneof = (oneof.value as { event?: { case?: string; value?: unknown } }).event;
  return oneof?.case === "turnEnded";
}

/** The indexes to ask the state at: each turn's end (evenly spread past `SUMMARY_SAMPLES`), then the last. */
export function sampleVersions(turnEnds: readonly number[], last: number): number[] {
  const ends = turnEnds.filter((v) => v < last);
  const step = Math.ceil(ends.length / SUMMARY_SAMPLES) || 1;
  return [...ends.filter((_, i) => i % step === 0), last];
}

/** The points after each sampled turn: the turn that ended at each turn-end index (the state's turn has moved on
 *  by one there), then the final state's turn. */
export interface Timeline {
  turns: number[];
  /** `points[i][seat]`: a seat's points at the end of `turns[i]`. */
  points: number[][];
  sampled: boolean;
}

export function timeline(samples: Scores[], sampled: boolean): Timeline {
  return {
    turns: samples.map((s, i) => (i === samples.length - 1 ? s.turn : Math.max(s.turn - 1, 0))),
    points: samples.map((s) => s.seats.map((x) => x.total)),
    sampled,
  };
}

/** The turn from which a seat's points stayed at their final count. */
export function reachedOn(t: Timeline, seat: number): number {
  const last = t.points.length - 1;
  const final = t.points[last]![seat];
  let i = last;
  while (i > 0 && t.points[i - 1]![seat] === final) i--;
  return t.turns[i]!;
}

/** A seat's points by turn in words: each change (`3 after turn 7`). */
export function pointsByTurn(t: Timeline, seat: number): string {
  const changes: string[] = [];
  let before: number | undefined;
  t.points.forEach((row, i) => {
    const n = row[seat]!;
    if (n !== before) changes.push(`${n} after turn ${t.turns[i]}`);
    before = n;
  });
  return changes.join(", ");
}

/** The summary's lines in words: the winner, then per seat (the winner first, then by points) its total, its
 *  sources and the turn it reached them. */
export function summaryLines(final: Scores, t: Timeline | undefined, winner: number | undefined, seats: readonly string[]): {
  heading: string;
  rows: { seat: number; total: string; sources: string; reached: string; byTurn: string }[];
} {
  const order = [...final.seats].sort((a, b) => (b.seat === winner ? 1 : 0) - (a.seat === winner ? 1 : 0) || b.total - a.total);
  const unit = final.unit;
  return {
    heading: winner !== undefined ? `${who(seats, winner)} won on turn ${final.turn}` : `the game ended on turn ${final.turn}`,
    rows: order.map((s) => ({
      seat: s.seat,
      total: `${who(seats, s.seat)}: ${s.total} ${unit}`,
      sources: s.sources.map((x) => `${x.what} (${x.points})`).join(", ") || `no ${unit}`,
      reached: t
        ? `reached ${s.total} ${unit} ${t.sampled ? "by" : "on"} turn ${reachedOn(t, s.seat)}`
        : "",
      byTurn: t ? `${unit} by turn: ${pointsByTurn(t, s.seat)}` : "",
    })),
  };
}
