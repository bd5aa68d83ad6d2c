// The table around the board, in words: a legend of the seats (colour, a shape as the second cue, name, who you
// are), whose turn it is and what the game waits for, each seat's points and public counts, the last roll, and
// the winner with the final scores. Each game's state fills in one `TableView`; `drawTable` makes the elements.
// Numbers and sentences come from the state and the protos' words (words.ts), never from a field's name.
import type { GetStateResponse } from "./gen/hexfold/v1/hexfold_pb";
import * as catan from "./gen/hexfold/v1/catan/catan_pb";
import * as ck from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import { enumPhrase, messageText, who } from "./words";

/** Each seat's second cue beside its colour, so no seat is told apart by colour alone. */
export const SEAT_SHAPES = ["●", "■", "▲", "◆", "★", "⬟"];

export interface SeatRow {
  seat: number;
  points: number;
  /** Cards in hand, as the count everyone sees. */
  cards?: number;
  /** Public facts: knights played, pieces left, improvements… each one short phrase. */
  facts: string[];
  /** Titles held: longest road, largest army, a metropolis. */
  badges: string[];
}

export interface TableView {
  /** The seat whose turn it is. */
  active?: number;
  /** What the game waits for, in words (`roll the dice`, `discard`). */
  phase: string;
  dice?: string;
  winner?: number;
  pointsToWin?: number;
  pointsName: string;
  rows: SeatRow[];
  /** The viewer's own hand, as counts by card (resources and commodities), when the state shows it. */
  hand?: [string, number][];
  /** Lines of public facts of the whole table (the bank, the barbarians, the turn). */
  facts: string[];
  /** Cities & Knights' (and Catania's) barbarians and city improvements. */
  ck?: CkView;
}

/** One commodity track of the city improvements: each seat's level and who holds its metropolis. */
export interface TrackRow {
  track: ck.Track;
  /** The track's name (`trade`) and the commodity that pays for it (`cloth`). */
  name: string;
  commodity: string;
  levels: number[];
  metropolis?: number;
}

export interface CkView {
  /** The ship's steps taken and the track's length: it attacks when it has come all the way. */
  position: number;
  length: number;
  /** The barbarians' strength when they land: one per city on the board (metropolises are cities). */
  strength: number;
  /** The active knights' strength, each seat's, which meets them. */
  knights: number[];
  tracks: TrackRow[];
}

/** The most levels a track of city improvements has; the level after `n` costs `n + 1` of its commodity. */
export const IMPROVEMENT_LEVELS = 5;

/** What a phase waits for, said as a person would; a phase not named here reads as its enum value's words. */
const PHASES: Record<string, string> = {
  "starting roll": "everyone rolls for who starts",
  "place settlement": "placing a starting settlement",
  "place building": "placing a starting building",
  "place road": "placing a starting road",
  roll: "rolling the dice",
  discard: "discarding half a hand after a 7",
  robber: "moving the robber",
  resolving: "settling what the roll brought",
  main: "building and trading",
  ended: "the game is over",
  "choose ship row": "choosing the ship's row",
  "choose pirate row": "choosing the pirate's row",
  "pirate discard": "paying the pirate",
  "pirate take": "taking from the pirate's haul",
  build: "building",
  "choose church tile": "choosing a church tile",
  permit: "placing a permit",
  special: "using a building's power",
  over: "the game is over",
};
export const phaseWords = (e: Parameters<typeof enumPhrase>[0], n: number) => {
  const word = enumPhrase(e, n).replace(/-/g, " ");
  return PHASES[word] ?? word;
};

function counts(r: catan.Resources | undefined): [string, number][] {
  if (!r) return [];
  return [
    ["brick", r.brick],
    ["lumber", r.lumber],
    ["wool", r.wool],
    ["grain", r.grain],
    ["ore", r.ore],
  ];
}

function commodityCounts(c: ck.Commodities | undefined): [string, number][] {
  if (!c) return [];
  return [
    ["paper", c.paper],
    ["cloth", c.cloth],
    ["coin", c.coin],
  ];
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The viewer's playable development cards in words (base Catan's and Catania's), if the state shows any. */
export function ownDevelopmentCards(cards: catan.DevCards | undefined, seats: readonly string[]): string[] {
  const words = cards ? messageText(catan.DevCardsSchema, cards, seats) : "nothing";
  return words === "nothing" ? [] : [`your development cards: ${words}`];
}

export function catanView(s: catan.State, seats: readonly string[], viewer?: number): TableView {
  const rows = s.players.map((p, seat) => {
    const facts = [plural(p.knightsPlayed, "knight played", "knights played"), `road length ${p.roadLength}`];
    facts.push(plural(p.developmentCardCount, "development card"));
    facts.push(`left to build: ${p.roadsLeft} roads, ${p.settlementsLeft} settlements, ${p.citiesLeft} cities`);
    if (p.discardOwed > 0) facts.push(`must discard ${p.discardOwed}`);
    if (p.counterOffer && (counts(p.counterOffer.give).some(([, n]) => n > 0) || counts(p.counterOffer.receive).some(([, n]) => n > 0)))
      facts.push(`proposes ${messageText(catan.TradeTermsSchema, p.counterOffer, seats)}`);
    if (p.rejectedOffer) facts.push("declined the offer");
    const badges = [];
    if (s.longestRoad === seat) badges.push("longest road");
    if (s.largestArmy === seat) badges.push("largest army");
    // Victory point cards are in the view for their owner, and for everyone once the game has ended.
    const points = p.publicPoints + (p.victoryPointCards ?? 0);
    return { seat, points, cards: p.resourceCount, facts, badges };
  });
  const own = viewer !== undefined ? s.players[viewer] : undefined;
  const facts = [`turn ${s.turn}`, `the bank holds ${messageText(catan.ResourcesSchema, s.bank ?? ({} as catan.Resources), seats)}`];
  facts.push(plural(s.developmentCardsLeft, "development card") + " left to buy");
  if (s.offer && (counts(s.offer.give).some(([, n]) => n > 0) || counts(s.offer.receive).some(([, n]) => n > 0)))
    facts.push(`${who(seats, s.active)} offers ${messageText(catan.TradeTermsSchema, s.offer, seats)}`);
  facts.push(...ownDevelopmentCards(own?.developmentCards, seats));
  return {
    active: s.active,
    phase: phaseWords(catan.PhaseKindSchema, s.phase?.kind ?? 0),
    dice: s.lastRoll ? messageText(catan.DiceSchema, s.lastRoll, seats) : undefined,
    winner: s.winner,
    pointsToWin: s.pointsToWin,
    pointsName: "points",
    rows,
    hand: own?.resources ? counts(own.resources) : undefined,
    facts,
  };
}

/** The tracks in the order the rule book shows them, with the commodity that pays for each. */
const TRACKS: [ck.Track, string, string][] = [
  [ck.Track.TRADE, "trade", "cloth"],
  [ck.Track.POLITICS, "politics", "coin"],
  [ck.Track.SCIENCE, "science", "paper"],
];

/** The strengths that meet when the barbarians land (hexfold-rules `resolve_attack`): one per city on the board,
 *  against each seat's active knights. */
export function barbarianStrengths(s: ck.State): { strength: number; knights: number[] } {
  return {
    strength: s.buildings.filter((b) => b.city).length,
    knights: s.players.map((_, seat) => s.knights.filter((k) => k.seat === seat && k.active).reduce((sum, k) => sum + k.strength, 0)),
  };
}

function ckTable(s: ck.State, length: number): CkView {
  const { strength, knights } = barbarianStrengths(s);
  const holder = { [ck.Track.TRADE]: s.tradeMetropolis, [ck.Track.POLITICS]: s.politicsMetropolis, [ck.Track.SCIENCE]: s.scienceMetropolis };
  return {
    position: s.barbarians,
    length,
    strength,
    knights,
    tracks: TRACKS.map(([track, name, commodity]) => ({
      track,
      name,
      commodity,
      levels: s.players.map((p) =>
        track === ck.Track.TRADE ? (p.improvements?.trade ?? 0) : track === ck.Track.POLITICS ? (p.improvements?.politics ?? 0) : (p.improvements?.science ?? 0),
      ),
      metropolis: holder[track as keyof typeof holder],
    })),
  };
}

/** The length of Cities & Knights' barbarian track (its rule book's seven spaces; Catania's state says its own). */
export const CK_BARBARIAN_TRACK = 7;

export function ckView(s: ck.State, seats: readonly string[], viewer?: number, largestArmy?: number, track = CK_BARBARIAN_TRACK): TableView {
  const rows = s.players.map((p, seat) => {
    const i = p.improvements;
    const facts = [
      `city improvements: trade ${i?.trade ?? 0}, politics ${i?.politics ?? 0}, science ${i?.science ?? 0}`,
      plural(p.progressCardCount, "progress card"),
      `road length ${p.roadLength}`,
      `hand limit ${p.handLimit}`,
      `left to build: ${p.roadsLeft} roads, ${p.settlementsLeft} settlements, ${p.citiesLeft} cities, ${p.wallsLeft} walls`,
    ];
    const knights = s.knights.filter((k) => k.seat === seat);
    if (knights.length > 0) facts.push(`${plural(knights.length, "knight")} (${knights.filter((k) => k.active).length} active)`);
    if (p.defenderCards > 0) facts.push(plural(p.defenderCards, "defender of Catan card"));
    if (p.rejectedOffer) facts.push("declined the offer");
    const badges = [];
    if (s.longestRoad === seat) badges.push("longest road");
    if (largestArmy === seat) badges.push("largest army");
    if (s.tradeMetropolis === seat) badges.push("trade metropolis");
    if (s.politicsMetropolis === seat) badges.push("politics metropolis");
    if (s.scienceMetropolis === seat) badges.push("science metropolis");
    return { seat, points: p.points, cards: p.cardCount, facts, badges };
  });
  const own = viewer !== undefined ? s.players[viewer] : undefined;
  const facts = [
    `turn ${s.turn}`,
    plural(s.barbarianAttacks, "barbarian attack") + " so far",
    `the bank holds ${messageText(ck.HandSchema, s.bank ?? ({} as ck.Hand), seats)}`,
  ];
  if (own?.progressCards) {
    const cards = own.progressCards.cards.map((c) => enumPhrase(ck.ProgressCardSchema, c)).join(", ");
    if (cards) facts.push(`your progress cards: ${cards}`);
  }
  return {
    active: s.active,
    phase: phaseWords(ck.PhaseKindSchema, s.phase?.kind ?? 0),
    dice: s.lastRoll ? messageText(ck.RollSchema, s.lastRoll, seats) : undefined,
    winner: s.winner,
    pointsToWin: s.pointsToWin,
    pointsName: "points",
    rows,
    hand: own?.hand ? [...counts(own.hand.resources), ...commodityCounts(own.hand.commodities)] : undefined,
    facts,
    ck: ckTable(s, track),
  };
}

/** What one card given to the bank costs the viewer: the ratio and why (`3:1 harbour`). */
export interface BankRatio {
  ratio: number;
  why: string;
}

/** The viewer's ratio with the bank for giving `good` (a resource's or commodity's name), as the rules work it
 *  out (hexfold-rules: base Catan's `best_ratio`, Cities & Knights' `bank_ratio`): 2 at that resource's harbour,
 *  3 at a generic one, else 4; in Cities & Knights also 2 for the merchant's land and for the merchant fleet's good,
 *  commodities 2 with the trading house (trade level 3). A harbour counts where the seat has a settlement or a
 *  city on one of its two corners. In Catania a harbour the pirate or an iceberg blocks does not trade: the page
 *  does not work out which one that is, and says so. */
export function bankRatio(response: GetStateResponse, good: string): BankRatio | undefined {
  const game = response.state?.game;
  const seat = response.viewerSeat;
  if (seat === undefined || !game) return undefined;
  let board: catan.Board | undefined;
  let owned: number[];
  let c: ck.State | undefined;
  let blocked = false;
  if (game.case === "catan") {
    board = game.value.board;
    owned = game.value.buildings.filter((b) => b.seat === seat).map((b) => b.vertex);
  } else if (game.case === "citiesKnights" || game.case === "catania") {
    c = game.case === "catania" ? game.value.layer : game.value;
    board = game.case === "catania" ? (game.value.board as catan.Board | undefined) : game.value.board;
    owned = (c?.buildings ?? []).filter((b) => b.seat === seat).map((b) => b.vertex);
    blocked = game.case === "catania" && (game.value.pirate !== undefined || game.value.iceberg !== undefined);
  } else return undefined;
  const resource = ["brick", "lumber", "wool", "grain", "ore"].indexOf(good) + 1;
  let best: BankRatio = { ratio: 4, why: "4:1 with the bank" };
  const better = (ratio: number, why: string) => {
    if (ratio < best.ratio) best = { ratio, why };
  };
  for (const h of board?.harbors ?? []) {
    const ends = board?.edges[h.edge];
    if (!ends || !(owned.includes(ends.a) || owned.includes(ends.b))) continue;
    if (h.resource === undefined) better(3, "3:1 harbour");
    else if (resource > 0 && h.resource === resource) better(2, `2:1 ${good} harbour`);
  }
  if (c) {
    if (resource === 0 && (c.players[seat]?.improvements?.trade ?? 0) >= 3) better(2, "2:1 with the trading house");
    const merchant = c.merchant;
    if (resource > 0 && merchant?.seat === seat && board?.hexes[merchant.hex]?.terrain === resource) better(2, "2:1 by the merchant");
    const fleet = c.merchantFleet;
    if (fleet !== undefined && ["", "brick", "lumber", "wool", "grain", "ore", "coin", "paper", "cloth"][fleet] === good) {
      better(2, "2:1 by the merchant fleet");
    }
  }
  if (blocked && best.why.includes("harbour")) best = { ...best, why: `${best.why}, unless the pirate or an iceberg blocks it` };
  return best;
}
