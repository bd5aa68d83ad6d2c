// The web app's registry of games: one entry per game the API names, with its variant, its name for people, its
// board drawing, its table in words and its building costs. The rest of the app (the lobby's lists, the game page's
// board, table and hand) reads this registry and names no game. The entries are keyed by the `GameState.game`
// oneof's cases, so a game the protos add and this registry lacks is a compile error, and so is a `Variant` with no
// entry (`_everyVariant` below).
import type { GameState, GetStateResponse, Variant as VariantType } from "./gen/hexfold/v1/hexfold_pb";
import { Variant } from "./gen/hexfold/v1/hexfold_pb";
import { catanModel, cataniaModel, citiesKnightsModel, drawHex, type Target } from "./board";
import { cellTarget, drawElasund, elasundScores, elasundView } from "./grid";
import { cataniaScores, catanScores, ckScores, type Scores } from "./summary";
import { catanView, ckView, ownDevelopmentCards, plural, type TableView } from "./table";

type Oneof = NonNullable<GameState["game"]>;
/** A game's case in the API's oneofs (`catan`, `citiesKnights`, ...). */
export type GameCase = NonNullable<Oneof["case"]>;
type StateOf<C extends GameCase> = Extract<Oneof, { case: C }>["value"];

/** What each thing costs to build, for the hand's cost card. */
export type Costs = { name: string; cost: [string, number][] }[];

export interface WebGame<C extends GameCase, V extends VariantType = VariantType> {
  variant: V;
  /** The game's name for people. */
  title: string;
  /** Draws the state's board into the SVG, marking the places in `legal` (`kind:id`). */
  draw(svg: SVGSVGElement, state: StateOf<C>, legal: Set<string>): void;
  /** Where on the board a command's innermost message is clicked, beyond the hex games' vertex, edge or hex. */
  target?(command: Record<string, unknown>): Target | undefined;
  /** The table around the board, seen by `viewer` (a seat, or none for a watcher). */
  table(state: StateOf<C>, seats: readonly string[], viewer?: number): TableView | undefined;
  costs: Costs;
  /** Every seat's points at the state, by source (the finished game's summary); none when it cannot say yet. */
  scores(state: StateOf<C>): Scores | undefined;
  /** Screen pixels per board unit the board's first view zooms to at least, for a board too large to read whole. */
  readablePx?: number;
}

const game = <C extends GameCase, V extends VariantType>(entry: WebGame<C, V>) => entry;

const CATAN_COSTS: Costs = [
  { name: "road", cost: [["brick", 1], ["lumber", 1]] },
  { name: "settlement", cost: [["brick", 1], ["lumber", 1], ["wool", 1], ["grain", 1]] },
  { name: "city", cost: [["grain", 2], ["ore", 3]] },
];
/** Base Catan's development card, which Catania sells too. */
const DEVELOPMENT_CARD: Costs[number] = { name: "development card", cost: [["wool", 1], ["grain", 1], ["ore", 1]] };
/** Cities & Knights' city improvements are paid in commodities, listed with their levels in the rules. */
const CK_COSTS: Costs = [
  ...CATAN_COSTS,
  { name: "city wall", cost: [["brick", 2]] },
  { name: "knight", cost: [["wool", 1], ["ore", 1]] },
  { name: "activate a knight", cost: [["grain", 1]] },
  { name: "promote a knight", cost: [["wool", 1], ["ore", 1]] },
];

/** Every game, in the lobby's order. */
export const GAMES = {
  catan: game<"catan", Variant.CATAN>({
    variant: Variant.CATAN,
    title: "Catan",
    draw: (svg, s, legal) => drawHex(svg, catanModel(s), legal),
    table: catanView,
    scores: catanScores,
    costs: [...CATAN_COSTS, DEVELOPMENT_CARD],
  }),
  citiesKnights: game<"citiesKnights", Variant.CITIES_AND_KNIGHTS>({
    variant: Variant.CITIES_AND_KNIGHTS,
    title: "Cities & Knights",
    draw: (svg, s, legal) => drawHex(svg, citiesKnightsModel(s), legal),
    table: (s, seats, viewer) => ckView(s, seats, viewer),
    scores: ckScores,
    costs: CK_COSTS,
  }),
  catania: game<"catania", Variant.CATANIA>({
    variant: Variant.CATANIA,
    title: "Catania",
    draw: (svg, s, legal) => drawHex(svg, cataniaModel(s), legal),
    // The points are the sailors': the layer's and Catania's own (specialists, conquests, a wonder, victory
    // point cards, these for their owner and for everyone at the end).
    // Its development cards beside the layer's progress cards: each seat's count and knights played, and the
    // viewer's own.
    table: (s, seats, viewer) => {
      const view = s.layer ? ckView(s.layer, seats, viewer, s.largestArmy, s.barbarianTrackLength) : undefined;
      for (const row of view?.rows ?? []) {
        const sailor = s.sailors[row.seat];
        if (!sailor) continue;
        row.points = sailor.points;
        row.facts.splice(2, 0, plural(sailor.developmentCardCount, "development card"), plural(sailor.knightsPlayed, "knight played", "knights played"));
      }
      view?.facts.push(...ownDevelopmentCards(viewer !== undefined ? s.sailors[viewer]?.developmentCards : undefined, seats));
      return view;
    },
    scores: cataniaScores,
    costs: [...CK_COSTS, DEVELOPMENT_CARD],
    // A hex is 2 units high: its pieces, labels and chips are 12 to 24 pixels high, on a desktop and on a phone.
    readablePx: 44,
  }),
  elasund: game<"elasund", Variant.ELASUND>({
    variant: Variant.ELASUND,
    title: "Elasund",
    draw: drawElasund,
    target: cellTarget,
    table: (s, seats) => elasundView(s, seats),
    scores: elasundScores,
    costs: [],
  }),
} satisfies { [C in GameCase]: WebGame<C> };

// Every `Variant` but UNSPECIFIED has an entry: a variant the protos add without one fails to compile here.
type Registered = (typeof GAMES)[GameCase]["variant"];
const _everyVariant: Exclude<VariantType, Variant.UNSPECIFIED> extends Registered ? true : never = true;
void _everyVariant;

/** The games in registry order. */
export const GAME_LIST: readonly WebGame<GameCase>[] = Object.values(GAMES) as WebGame<GameCase>[];

/** A case's entry, or none for a case this page does not know (an empty oneof, a newer server's game). */
function entry(c: string | undefined): WebGame<GameCase> | undefined {
  return c !== undefined && Object.hasOwn(GAMES, c) ? (GAMES[c as GameCase] as WebGame<GameCase>) : undefined;
}

/** A variant's name for people. */
export function variantName(v: VariantType): string {
  return GAME_LIST.find((g) => g.variant === v)?.title ?? "an unknown game";
}

/** Draws a state's board; false for a state of no game this page knows. */
export function drawState(svg: SVGSVGElement, state: GameState | undefined, legal: Set<string>): boolean {
  const g = entry(state?.game.case);
  if (!g || !state) return false;
  g.draw(svg, state.game.value as StateOf<GameCase>, legal);
  return true;
}

/** Where a game's command is clicked beyond a vertex, an edge or a hex (see `WebGame.target`). */
export function gameTarget(game: string | undefined, command: Record<string, unknown>): Target | undefined {
  return entry(game)?.target?.(command);
}

/** The table of a `GetState` answer, or none for a game the page does not know. */
export function tableView(response: GetStateResponse, seats: readonly string[]): TableView | undefined {
  const state = response.state;
  const g = entry(state?.game.case);
  return g && state ? g.table(state.game.value as StateOf<GameCase>, seats, response.viewerSeat) : undefined;
}

/** The pixels per board unit a game's board starts at least at (see `WebGame.readablePx`). */
export function readablePx(game: string | undefined): number | undefined {
  return entry(game)?.readablePx;
}

/** What each thing in a game costs to build (none for a game without a cost card). */
export function costsOf(game: string): Costs {
  return entry(game)?.costs ?? [];
}

/** Every seat's points in a `GetState` answer, by source; none for a game the page does not know. */
export function scoresOf(response: GetStateResponse): Scores | undefined {
  const g = entry(response.state?.game.case);
  return g && response.state ? g.scores(response.state.game.value as StateOf<GameCase>) : undefined;
}
