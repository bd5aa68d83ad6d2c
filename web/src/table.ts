// The table around the board, in words: a legend of the seats (colour, a shape as the second cue, name, who you
// are), whose turn it is and what the game waits for, each seat's points and public counts, the last roll, and
// the winner with the final scores. Each game's state fills in one `TableView`; `drawTable` makes the elements.
// Numbers and sentences come from the state and the protos' words (words.ts), never from a field's name.
import * as catan from "./gen/hexfold/v1/catan/catan_pb";
import * as ck from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import * as elasund from "./gen/hexfold/v1/elasund/elasund_pb";
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
}

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
const phaseWords = (e: Parameters<typeof enumPhrase>[0], n: number) => {
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

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

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
    const points = viewer === seat && p.victoryPointCards !== undefined ? p.publicPoints + p.victoryPointCards : p.publicPoints;
    return { seat, points, cards: p.resourceCount, facts, badges };
  });
  const own = viewer !== undefined ? s.players[viewer] : undefined;
  const facts = [`turn ${s.turn}`, `the bank holds ${messageText(catan.ResourcesSchema, s.bank ?? ({} as catan.Resources), seats)}`];
  facts.push(plural(s.developmentCardsLeft, "development card") + " left to buy");
  if (s.offer && (counts(s.offer.give).some(([, n]) => n > 0) || counts(s.offer.receive).some(([, n]) => n > 0)))
    facts.push(`${who(seats, s.active)} offers ${messageText(catan.TradeTermsSchema, s.offer, seats)}`);
  if (own?.developmentCards) {
    const cards = messageText(catan.DevCardsSchema, own.developmentCards, seats);
    if (cards !== "nothing") facts.push(`your development cards: ${cards}`);
  }
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

export function ckView(s: ck.State, seats: readonly string[], viewer?: number, largestArmy?: number): TableView {
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
    `barbarians ${s.barbarians} steps along (${plural(s.barbarianAttacks, "attack")} so far)`,
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
  };
}

export function elasundView(s: elasund.State, seats: readonly string[]): TableView {
  const rows = s.seats.map((p, seat) => {
    const facts = [
      `holds ${messageText(elasund.CardsSeenSchema, p.hand ?? ({} as elasund.CardsSeen), seats)}`,
      plural(p.permits.length, "permit") + " in hand",
      plural(p.wallsBuilt, "wall piece") + " built",
      plural(p.cubesOnBoard, "cube") + " on the board",
    ];
    return { seat, points: p.tradePoints, facts, badges: [] };
  });
  return {
    active: s.current,
    phase: phaseWords(elasund.PhaseKindSchema, s.phase?.kind ?? 0),
    winner: s.phase?.winner,
    pointsName: "trade points",
    rows,
    facts: [`turn ${s.turn}`, `the bank holds ${s.bankGold} gold`, plural(s.churchTilesLeft, "church tile") + " left"],
  };
}
