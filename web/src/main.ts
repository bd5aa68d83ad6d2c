// hexfold's web app: a lobby (`#/`) and a game page (`#/game/<id>`, with `?token=<seat token>` to play a seat; the
// token is kept in the tab's sessionStorage and taken out of the address once read: `seatToken`).
// The game page shows the board at one event index with the event log beside it; a slider and step buttons move
// that index (GetState at it), and while it is at the head the page follows the game live (Subscribe) and, with
// a token, offers the seat's legal actions on the board and in a list, each sent with SubmitCommand.
//
// The page keeps what tests need in `window.hexfold`: `settled()` resolves once everything asked of the server
// so far has been drawn, so a test waits on page state, never on time.
import { Code, ConnectError } from "@connectrpc/connect";
import { connect, commandId, type Api } from "./api";
import { argCounts, commandCounts, commandHelp, withCounts, commandLabel, commandVerb, eventText, messageText, who } from "./words";
import { bankRatio, IMPROVEMENT_LEVELS, SEAT_SHAPES, type TableView } from "./table";
import * as catan from "./gen/hexfold/v1/catan/catan_pb";
import * as ck from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import { newSvg, type Target } from "./board";
import { SUMMARY_PARALLEL, endsTurn, sampleVersions, summaryLines, timeline, type Scores } from "./summary";
import { caption } from "./notes";
import { HexWalk } from "./hexwalk";
import { PanZoom } from "./panzoom";
import { ChanceGraph } from "./chances";
import { GAME_LIST, costsOf, drawState, gameTarget, readablePx, scoresOf, tableView, variantName } from "./games";
import {
  BotStrategy,
  GameStatus,
  MapKind,
  Variant,
  type Command,
  type EventEnvelope,
  type GameSummary,
  type GetStateResponse,
} from "./gen/hexfold/v1/hexfold_pb";

/** The lobby lists at most this many games per page; "more" asks for the next page. */
const LOBBY_PAGE = 50;
/** The log keeps the last this many events as lines (the slider still reaches every event). */
const LOG_LINES = 5000;

const app = document.getElementById("app")!;
const statusLine = document.getElementById("status")!;

// Work in flight (calls and draws); `settled` waits for it to drain.
let pending = 0;
let drained: (() => void)[] = [];
function track<T>(work: Promise<T>): Promise<T> {
  pending++;
  return work.finally(() => {
    pending--;
    if (pending === 0) {
      const waiting = drained;
      drained = [];
      for (const resolve of waiting) resolve();
    }
  });
}
function settled(): Promise<void> {
  return pending === 0 ? Promise.resolve() : new Promise((resolve) => drained.push(resolve));
}

// The last event index the game page drew, and who waits for one.
let drawnVersion = -1;
let drawnWaiters: { version: number; atLeast: boolean; resolve: () => void }[] = [];
const satisfies = (w: { version: number; atLeast: boolean }, version: number) =>
  w.atLeast ? version >= w.version : version === w.version;
function drew(version: number): void {
  drawnVersion = version;
  const still = [];
  for (const w of drawnWaiters) {
    if (satisfies(w, version)) w.resolve();
    else still.push(w);
  }
  drawnWaiters = still;
}
/** Resolves once the game page has drawn event index `version` (or, `atLeast`, any later one) with its legal
 *  actions, and has nothing more in flight. */
function drawn(version: number, atLeast = false): Promise<void> {
  const waiter = { version, atLeast };
  const reached = satisfies(waiter, drawnVersion)
    ? Promise.resolve()
    : new Promise<void>((resolve) => drawnWaiters.push({ ...waiter, resolve }));
  return reached.then(settled);
}

/** What the status line says now, and about what (`key`), so the condition that said it can take it back. */
let statusKey = "";
function say(text: string, error = false, key = ""): void {
  statusLine.textContent = text;
  statusLine.className = error ? "error" : "";
  statusLine.dataset.error = error ? "true" : "false";
  statusKey = key;
}
/** Clears the status line if it still says what `key` said. */
function unsay(key: string): void {
  if (statusKey === key) say("");
}
/** A refusal in words: what kind of no it is, then the server's own sentence. */
const REFUSALS: Partial<Record<Code, string>> = {
  [Code.InvalidArgument]: "not understood",
  [Code.FailedPrecondition]: "not allowed now",
  [Code.NotFound]: "no such game",
  [Code.Aborted]: "the game moved on before this arrived; try again",
  [Code.Unauthenticated]: "this link's seat is not recognised",
  [Code.PermissionDenied]: "this seat may not do that",
  [Code.ResourceExhausted]: "the server is busy; try again in a moment",
  [Code.Unavailable]: "the server cannot be reached",
  [Code.DeadlineExceeded]: "the server took too long",
  [Code.Canceled]: "cancelled",
};
function failure(e: unknown): string {
  if (!(e instanceof ConnectError)) return String(e);
  const kind = REFUSALS[e.code] ?? "the server could not do it";
  return e.rawMessage ? `${kind}: ${e.rawMessage}` : kind;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

// ---- The lobby ----

function lobby(): void {
  const client = connect();
  const games = element("tbody");
  const more = element("button", { textContent: "more games", hidden: true });
  let pageToken = "";
  // Filters over the games listed so far: by game and by status.
  const byGame = element("select", { name: "filter-game" });
  byGame.setAttribute("aria-label", "show games of");
  byGame.append(element("option", { value: "", textContent: "every game" }));
  const byStatus = element("select", { name: "filter-status" });
  byStatus.setAttribute("aria-label", "show games that are");
  byStatus.append(
    element("option", { value: "", textContent: "playing or finished" }),
    element("option", { value: String(GameStatus.IN_PROGRESS), textContent: "being played" }),
    element("option", { value: String(GameStatus.FINISHED), textContent: "finished" }),
  );
  const filter = () => {
    for (const tr of games.querySelectorAll<HTMLTableRowElement>("tr.game-row")) {
      tr.hidden =
        (byGame.value !== "" && tr.dataset.variant !== byGame.value) ||
        (byStatus.value !== "" && tr.dataset.status !== byStatus.value);
    }
  };
  byGame.onchange = filter;
  byStatus.onchange = filter;
  const row = (g: GameSummary) => {
    const tr = element(
      "tr",
      { className: "game-row" },
      element("td", {}, element("a", { href: `#/game/${g.gameId}`, textContent: g.gameId })),
      element("td", { textContent: variantName(g.variant) }),
      element("td", { textContent: g.seats.join(", ") }),
      element("td", {
        textContent:
          g.status === GameStatus.FINISHED
            ? `finished${g.winner !== undefined ? `, won by ${g.seats[g.winner] ?? g.winner}` : ""}`
            : "in progress",
      }),
      element("td", { textContent: String(g.version) }),
    );
    tr.dataset.variant = String(g.variant);
    tr.dataset.status = String(g.status);
    return tr;
  };
  const load = () =>
    track(
      client.listGames({ pageSize: LOBBY_PAGE, pageToken }).then(
        (page) => {
          const known = new Set([...games.querySelectorAll<HTMLElement>("tr.game-row")].map((tr) => tr.dataset.id));
          games.append(
            ...page.games.filter((g) => !known.has(g.gameId)).map((g) => {
              const tr = row(g);
              tr.dataset.id = g.gameId;
              return tr;
            }),
          );
          pageToken = page.nextPageToken;
          more.hidden = pageToken === "";
          filter();
        },
        (e) => say(failure(e), true),
      ),
    );
  more.onclick = () => void load();

  const variant = element("select", { name: "variant" });
  for (const { variant: v } of GAME_LIST) {
    variant.append(element("option", { value: String(v), textContent: variantName(v) }));
    byGame.append(element("option", { value: String(v), textContent: variantName(v) }));
  }
  const map = element("select", { name: "map" });
  map.append(
    element("option", { value: String(MapKind.UNSPECIFIED), textContent: "default map" }),
    element("option", { value: String(MapKind.RANDOM), textContent: "random map" }),
  );
  const seats = element("input", { name: "seats", value: "ann, bob, cat", size: 40 });
  // Seat numbers (from 0) the server plays itself, so a person can fill the other seats alone.
  const bots = element("input", { name: "bots", value: "", placeholder: "e.g. 1, 2", size: 10 });
  const strategy = element("select", { name: "strategy" });
  strategy.append(
    element("option", { value: String(BotStrategy.GREEDY), textContent: "greedy bots" }),
    element("option", { value: String(BotStrategy.RANDOM), textContent: "random bots" }),
    element("option", { value: String(BotStrategy.EXPERT), textContent: "expert bots (slower)" }),
  );
  // A timed game: each seat the game waits for has this long to act before the server plays its timeout
  // action; empty means untimed. The reserve is a bank of extra seconds per seat, spent when a turn runs over.
  const turnSeconds = element("input", { name: "turn-seconds", value: "", placeholder: "untimed", size: 7 });
  const reserveSeconds = element("input", { name: "reserve-seconds", value: "", placeholder: "0", size: 7 });
  const created = element("div", { className: "created" });
  // Each control named as the words beside it say (the drop-downs by what they choose).
  for (const [control, name] of [
    [variant, "game to create"],
    [seats, "seats"],
    [bots, "bot seats"],
    [strategy, "bots' play"],
    [map, "map"],
    [turnSeconds, "seconds per turn"],
    [reserveSeconds, "reserve"],
  ] as const) {
    control.setAttribute("aria-label", name);
  }
  const form = element(
    "form",
    { className: "create" },
    "New game: ",
    variant,
    " seats ",
    seats,
    " bot seats ",
    bots,
    " ",
    strategy,
    " ",
    map,
    " seconds per turn ",
    turnSeconds,
    " reserve ",
    reserveSeconds,
    " ",
    element("button", { type: "submit", textContent: "create" }),
  );
  form.onsubmit = (e) => {
    e.preventDefault();
    const names = seats.value.split(",").map((s) => s.trim()).filter((s) => s !== "");
    const botWords = bots.value.split(",").map((s) => s.trim()).filter((s) => s !== "");
    const notSeat = botWords.find((w) => !/^\d+$/.test(w));
    if (notSeat !== undefined) {
      say(`bot seats are seat numbers from 0, separated by commas: "${notSeat}" is not one`, true);
      return;
    }
    // Whole seconds or nothing; the limits (and a reserve without a turn time) are the server's to judge.
    const seconds = (input: HTMLInputElement, what: string): number | undefined => {
      const text = input.value.trim();
      if (text === "") return 0;
      if (!/^\d+$/.test(text)) {
        say(`${what} is a whole number of seconds: "${text}" is not one`, true);
        return undefined;
      }
      return Number(text);
    };
    const turn = seconds(turnSeconds, "the time per turn");
    if (turn === undefined) return;
    const reserve = seconds(reserveSeconds, "the reserve");
    if (reserve === undefined) return;
    // Which seat numbers the game has is the server's to judge: it refuses one it does not have, or one twice.
    const botSeats = botWords.map((w) => ({ seat: Number(w), strategy: Number(strategy.value) }));
    void track(
      client
        .createGame({
          variant: Number(variant.value),
          seats: names,
          options: { map: Number(map.value), turnSeconds: turn, reserveSeconds: reserve },
          bots: botSeats,
        })
        .then(
          (game) => {
            // Tokens are shown once, here: the server keeps only their hashes.
            created.replaceChildren(
              element("p", {}, "Created ", element("a", { href: `#/game/${game.gameId}`, textContent: game.gameId }),
                ". Each seat's link holds its secret token: give each player only their own."),
              element(
                "ul",
                {},
                ...game.seats.map((s) =>
                  element(
                    "li",
                    {},
                    s.bot
                      ? element("span", { className: "bot-seat", textContent: `${s.name} (seat ${s.seat}) is played by the server` })
                      : element("a", {
                      className: "seat-link",
                      href: `#/game/${game.gameId}?token=${encodeURIComponent(s.token)}`,
                      textContent: `play as ${s.name} (seat ${s.seat})`,
                    }),
                  ),
                ),
              ),
            );
            say(`created ${game.gameId}`);
            // The new game is listed at once: the list is asked again from its start.
            games.replaceChildren();
            pageToken = "";
            void load();
          },
          (e) => say(failure(e), true),
        ),
    );
  };
  // The short way to a game: pick one, give a name, the server plays the other seats.
  const quickGame = element("select", { name: "quick-game" });
  quickGame.setAttribute("aria-label", "game");
  for (const { variant: v } of GAME_LIST) {
    quickGame.append(element("option", { value: String(v), textContent: variantName(v) }));
  }
  const quickName = element("input", { name: "quick-name", value: "", placeholder: "your name", size: 12 });
  quickName.setAttribute("aria-label", "your name");
  const quickBots = element("select", { name: "quick-bots" });
  quickBots.setAttribute("aria-label", "bots");
  quickBots.append(
    element("option", { value: "3", textContent: "3 bots" }),
    element("option", { value: "2", textContent: "2 bots" }),
  );
  const quick = element(
    "form",
    { className: "quick" },
    element("h3", { textContent: "Play against bots" }),
    quickGame,
    " ",
    quickName,
    " against ",
    quickBots,
    " ",
    element("button", { type: "submit", textContent: "play" }),
  );
  quick.onsubmit = (e) => {
    e.preventDefault();
    const name = quickName.value.trim() || "you";
    const others = Number(quickBots.value);
    const names = [name, ...["Ada", "Bram", "Cleo"].slice(0, others).map((n) => `${n} (bot)`)];
    void track(
      client
        .createGame({
          variant: Number(quickGame.value),
          seats: names,
          bots: names.slice(1).map((_, i) => ({ seat: i + 1, strategy: BotStrategy.GREEDY })),
        })
        .then(
          (game) => {
            const own = game.seats.find((s) => !s.bot);
            location.hash = `#/game/${game.gameId}?token=${encodeURIComponent(own?.token ?? "")}`;
          },
          (e) => say(failure(e), true),
        ),
    );
  };
  app.replaceChildren(
    quick,
    element("h2", { textContent: "Games" }),
    element("div", { className: "filters" }, "Show ", byGame, " ", byStatus),
    form,
    created,
    element(
      "table",
      { className: "games" },
      element("thead", {}, element("tr", {}, ...["game", "variant", "seats", "status", "events"].map((h) => element("th", { textContent: h })))),
      games,
    ),
    more,
  );
  void load();
}

// ---- The game page ----

interface Action {
  command: Command;
  label: string;
  /** The command's verb, which names the actions of one kind. */
  verb: string;
  /** The kind it is listed under: its verb, and for a progress card also the card (`play spy`). */
  group: string;
  target?: Target;
  /** For a move from `target` (a knight's), the corner it goes to. */
  to?: number;
}

/** The innermost command message (through a layered game's `ck` case) and its case name. */
function leafCommand(command: Command): { name: string; value: Record<string, unknown> } {
  let oneof = (command.game.value as { command?: { case?: string; value?: unknown } } | undefined)?.command;
  while (oneof?.case === "ck") oneof = (oneof.value as { command?: { case?: string; value?: unknown } }).command;
  return { name: oneof?.case ?? "", value: (oneof?.value ?? {}) as Record<string, unknown> };
}

/** A progress card's play: the card's case and its choices. */
function progressPlay(command: Command): { card: string; value: Record<string, unknown> } | undefined {
  const { name, value } = leafCommand(command);
  if (name !== "playProgressCard") return undefined;
  const card = (value.play as { card?: { case?: string; value?: unknown } } | undefined)?.card;
  return card?.case ? { card: card.case, value: (card.value ?? {}) as Record<string, unknown> } : undefined;
}

/** The kinds of moves that answer an offer, shown in the offers' panel. */
const TRADE_ANSWERS = new Set(["accept", "reject", "counter", "accept counter", "reject counter", "withdraw"]);

/** The cards by their number in the protos' enums: base Catan's resources, Cities & Knights' goods (resources then
 *  commodities). */
const GOODS = ["", "brick", "lumber", "wool", "grain", "ore", "coin", "paper", "cloth"];

/** A case name in words: `commercialHarbor` is `commercial harbor`. */
const caseWords = (name: string) => name.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);

/** Where on the board a command is clicked: the vertex, edge or hex it names (a progress card's too), if it
 *  names exactly one; a knight's move is clicked at the knight and then where it goes (`to`). */
function targetOf(command: Command): { target?: Target; to?: number } {
  const { name, value } = leafCommand(command);
  if (name === "moveKnight") return { target: { kind: "vertex", id: value.from as number }, to: value.to as number };
  if (name === "chaseRobber") return { target: { kind: "vertex", id: value.knight as number } };
  const args = progressPlay(command)?.value ?? value;
  for (const kind of ["vertex", "edge", "hex"] as const) {
    if (typeof args[kind] === "number") return { target: { kind, id: args[kind] as number } };
  }
  const cell = gameTarget(command.game.case, value);
  return cell ? { target: cell } : {};
}

const targetKey = (t: Target) => `${t.kind}:${t.id}`;

/** A seat's colour swatch with its shape, the legend's and the panels' mark. */
function seatMark(seat: number): HTMLElement {
  const mark = element("span", { className: `mark seat${seat}`, textContent: SEAT_SHAPES[seat] ?? "" });
  mark.setAttribute("aria-hidden", "true");
  return mark;
}

/** A card of the hand: its count on top of its name, marked when there is none. */
function card(name: string, n: number): HTMLElement {
  return element("span", { className: `card res-${name}${n === 0 ? " none" : ""}` }, element("b", { textContent: String(n) }), ` ${name}`);
}

/** A countdown's text: minutes and seconds left, or that time is up. */
function timeLeft(ms: number): string {
  if (ms <= 0) return "time is up";
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left`;
}

class GamePage {
  private readonly client: Api;
  private readonly svg = newSvg();
  private readonly zoom = new PanZoom(this.svg, { places: ".target.legal", pieces: ".building" });
  /** The arrow keys from hex to hex of a board that explains its hexes (Catania's). */
  private readonly walk = new HexWalk(this.svg, (hex) => this.zoom.show(hex));
  /** Each seat's chance to win along the game, under the board in the replay and once the game has ended. */
  private readonly chances: ChanceGraph;
  private readonly slider = element("input", { type: "range", min: "0", max: "0", value: "0" });
  private readonly index = element("span", { className: "index" });
  private readonly log = element("div", { className: "log" });
  private readonly players = element("div", { className: "players" });
  private readonly hand = element("div", { className: "hand" });
  private readonly actions = element("div", { className: "actions" });
  private readonly picker = element("div", { className: "picker", hidden: true });
  private readonly info = element("div", { className: "info" });
  /** Cities & Knights' barbarians and city improvements (hidden in the other games). */
  private readonly ckPanel = element("section", { className: "ck", hidden: true });
  /** A finished game's summary (hidden until the game ends). */
  private readonly summary = element("section", { className: "summary", hidden: true });
  private readonly title = element("h2", { textContent: "" });
  private head = 0;
  /** The index of each event that ended a turn, for the summary's points by turn. */
  private turnEnds: number[] = [];
  private seats: string[] = [];
  private shown = -1;
  private wanted = 0;
  private following = true;
  private finished = false;
  private legal: Action[] = [];
  private drawing: Promise<void> = Promise.resolve();
  private stream = new AbortController();
  private waiters: { version: number; resolve: () => void }[] = [];
  private clock?: ReturnType<typeof setInterval>;
  /** The replay's timer while it plays. */
  private playing?: ReturnType<typeof setInterval>;
  /** Why the server refused the seat's last command, shown above the moves until the game moves on. */
  private refusal = "";
  /** The viewer's hand as the last board drawn shows it. */
  private handNow?: [string, number][];
  /** Set when a refused command leaves the drawn actions in doubt: the next draw happens even at the same index. */
  private stale = false;
  /** The state drawn last, to draw the board again with other places marked. */
  private response?: GetStateResponse;
  /** While the seat picks where a knight goes: that knight's moves (the board marks their corners). */
  private moving?: Action[];

  constructor(
    private readonly gameId: string,
    private readonly token: string | undefined,
  ) {
    this.client = connect(token);
    this.chances = new ChanceGraph(
      this.client,
      gameId,
      () => this.seats,
      (v) => this.log.querySelector(`[data-version="${v}"]`)?.lastChild?.textContent ?? undefined,
      (v) => this.goTo(v),
    );
  }

  mount(): void {
    const step = (label: string, name: string, to: () => number) => {
      const b = element("button", { textContent: label, className: `step-${name}` });
      b.setAttribute("aria-label", `${name} event`);
      b.onclick = () => this.goTo(to());
      return b;
    };
    this.slider.setAttribute("aria-label", "event shown");
    this.slider.oninput = () => this.goTo(Number(this.slider.value));
    this.title.textContent = this.token ? "Your game" : "Watching a game";
    this.picker.setAttribute("role", "dialog");
    this.picker.setAttribute("aria-label", "choose what to do here");
    this.log.setAttribute("role", "log");
    app.replaceChildren(
      this.title,
      element(
        "div",
        { className: "game" },
        element("div", { className: "board-view" }, this.zoom.controls, element("div", { className: "board" }, this.svg), caption(this.svg), this.chances.element),
        element(
          "div",
          { className: "side" },
          element("section", { className: "table" }, this.info),
          this.summary,
          this.playSection(),
          this.ckPanel,
          element("section", {}, this.players),
          element(
            "section",
            { className: "replay" },
            element("h3", { textContent: "What happened" }),
            this.slider,
            element(
              "div",
              {},
              step("«", "first", () => 0),
              step("◀", "previous", () => Math.max(0, this.wanted - 1)),
              step("▶", "next", () => Math.min(this.head, this.wanted + 1)),
              step("»", "last", () => this.head),
              " ",
              this.index,
            ),
            this.replayControls(),
            this.log,
          ),
        ),
      ),
    );
    this.actions.parentElement!.hidden = !this.token;
    this.svg.addEventListener("click", (e) => {
      const target = (e.target as Element).closest("[data-target]")?.getAttribute("data-target");
      if (target) this.clicked(target);
    });
    void this.follow();
  }

  /** "Your move": the picker, the actions and the hand, as a region named by its heading. */
  private playSection(): HTMLElement {
    const heading = element("h3", { textContent: "Your move", id: "your-move" });
    const section = element("section", { className: "play" }, heading, this.picker, this.actions, this.hand);
    section.setAttribute("aria-labelledby", "your-move");
    return section;
  }

  unmount(): void {
    this.stream.abort();
    this.chances.stop();
    if (this.clock) clearInterval(this.clock);
    if (this.playing) clearInterval(this.playing);
  }

  /** The replay played forward at a chosen speed, event by event, until paused or at the last event (where the
   *  page follows the game again). */
  private replayControls(): HTMLElement {
    const speed = element("select", { name: "replay-speed" });
    speed.setAttribute("aria-label", "replay speed");
    for (const [n, text] of [[1, "1 event a second"], [2, "2 events a second"], [5, "5 events a second"], [10, "10 events a second"]] as const) {
      speed.append(element("option", { value: String(n), textContent: text, selected: n === 2 }));
    }
    const toggle = element("button", { textContent: "play the replay", className: "replay-play" });
    const stop = () => {
      if (this.playing) clearInterval(this.playing);
      this.playing = undefined;
      toggle.textContent = "play the replay";
    };
    const start = () => {
      stop();
      if (this.wanted >= this.head) this.goTo(0);
      this.playing = setInterval(() => {
        if (this.wanted >= this.head) stop();
        else this.goTo(this.wanted + 1);
      }, 1000 / Number(speed.value));
      toggle.textContent = "pause the replay";
    };
    toggle.onclick = () => (this.playing ? stop() : start());
    speed.onchange = () => this.playing && start();
    return element("div", { className: "replay-controls" }, toggle, " ", speed);
  }

  /** The event stream: the log so far, then live events; the page follows the head while the slider is on it.
   *  A stream the server ends (an idle connection closed, a slow reader cut off, a restart) is opened again after
   *  the last event received, silently; only a failure to open it again is shown, and taken back once it opens. */
  private async follow(): Promise<void> {
    let caughtUp!: () => void;
    const first = new Promise<void>((resolve) => (caughtUp = resolve));
    void track(first);
    // The seats' names, for the log's sentences; a seat reads as its number if they cannot be had.
    try {
      this.seats = (await this.client.getState({ gameId: this.gameId, atVersion: 0n })).summary?.seats ?? [];
    } catch (e) {
      say(failure(e), true);
    }
    let failures = 0;
    while (!this.stream.signal.aborted) {
      const opened = Date.now();
      try {
        for await (const item of this.client.subscribe(
          { gameId: this.gameId, afterVersion: BigInt(this.head) },
          { signal: this.stream.signal },
        )) {
          if (failures > 0) unsay("stream");
          failures = 0;
          if (item.item.case === "event") this.received(item.item.value);
          else if (item.item.case === "caughtUp") {
            this.head = Math.max(this.head, Number(item.item.value.version));
            caughtUp();
          }
          this.slider.max = String(this.head);
          if (this.following) this.goTo(this.head);
          this.wake();
        }
        if (this.finished) break;
      } catch (e) {
        if (this.stream.signal.aborted) break;
        // An idle stream the network closed is opened again at once without a word; a second failure in a
        // row is the player's to know.
        if (++failures > 1) say(`connection lost (${failure(e)}): trying again`, true, "stream");
      }
      const wait = failures === 0 ? 0 : Math.max(0, 1000 - (Date.now() - opened));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    caughtUp();
  }

  private received(envelope: EventEnvelope): void {
    const version = Number(envelope.version);
    // A stream opened again starts after the head; an event at or before it is one the log has.
    if (version <= this.head) return;
    const line = element(
      "button",
      { className: "line" },
      element("span", { className: "n", textContent: String(version) }),
      " ",
      envelope.event ? eventText(envelope.event, this.seats) : "an event this page cannot read",
    );
    line.dataset.version = String(version);
    line.title = "show the board after this event";
    line.onclick = () => this.goTo(version);
    this.log.append(line);
    if (this.log.childElementCount > LOG_LINES) this.log.firstElementChild?.remove();
    this.head = version;
    // The game moved on: a refusal of before no longer holds.
    this.refusal = "";
    unsay("command");
    if (endsTurn(envelope.event)) this.turnEnds.push(version);
    if (envelope.event?.body.case === "seedRevealed") {
      this.finished = true;
      void track(this.summarise(version));
    }
  }

  /** The finished game's summary: the state at each turn's end and at the last event (after the end every viewer
   *  sees every point, hidden victory point cards too), asked a few at a time, in words (summary.ts). */
  private async summarise(last: number): Promise<void> {
    const versions = sampleVersions(this.turnEnds, last);
    const samples: Scores[] = [];
    let winner: number | undefined;
    let next = 0;
    const ask = async () => {
      while (next < versions.length) {
        const i = next++;
        const response = await this.client.getState({ gameId: this.gameId, atVersion: BigInt(versions[i]!) });
        const scores = scoresOf(response);
        if (!scores) throw new Error("a state of a game this page does not know");
        samples[i] = scores;
        if (i === versions.length - 1) winner = response.summary?.winner;
      }
    };
    try {
      await Promise.all(Array.from({ length: SUMMARY_PARALLEL }, ask));
    } catch (e) {
      this.summary.replaceChildren(element("p", { textContent: `the summary could not be made: ${failure(e)}` }));
      this.summary.hidden = false;
      return;
    }
    const t = timeline(samples, versions.length - 1 < this.turnEnds.filter((v) => v < last).length);
    const { heading, rows } = summaryLines(samples[samples.length - 1]!, t, winner, this.seats);
    const title = element("h3", { textContent: "Summary of the game", id: "summary-heading" });
    this.summary.setAttribute("aria-labelledby", "summary-heading");
    this.summary.replaceChildren(
      title,
      element("p", { className: "winner", textContent: heading }),
      ...rows.map((r) => {
        const block = element(
          "div",
          { className: "seat-summary" },
          element("h4", {}, seatMark(r.seat), ` ${r.total}`),
          element("p", { className: "sources", textContent: r.sources }),
          element("p", { className: "reached", textContent: r.reached }),
          element("p", { className: "by-turn", textContent: r.byTurn }),
        );
        block.dataset.seat = String(r.seat);
        return block;
      }),
    );
    this.summary.hidden = false;
  }

  /** Shows the board at event index `version`; at the head the page follows the game again. */
  private goTo(version: number): void {
    this.wanted = version;
    this.following = version >= this.head;
    this.slider.value = String(version);
    // One draw at a time, always of the latest index asked for: a slider dragged fast skips the ones between.
    // A draw that fails is reported and does not stop the ones after it.
    this.drawing = track(
      this.drawing
        .then(() => (this.shown === this.wanted && !this.stale ? undefined : this.draw()))
        .catch((e) => say(`the board could not be drawn: ${failure(e)}`, true)),
    );
  }

  private async draw(): Promise<void> {
    const at = this.wanted;
    const atHead = at >= this.head;
    let response: GetStateResponse;
    try {
      response = await this.client.getState({ gameId: this.gameId, atVersion: BigInt(at) });
    } catch (e) {
      say(failure(e), true, "draw");
      return;
    }
    unsay("draw");
    this.legal = [];
    if (this.token && atHead && !this.finished) {
      try {
        const legal = await this.client.legalActions({ gameId: this.gameId });
        if (Number(legal.version) === at) {
          const seats = response.summary?.seats ?? this.seats;
          this.legal = legal.commands.map((command) => {
            const verb = commandVerb(command);
            const card = progressPlay(command)?.card;
            return { command, label: commandLabel(command, seats), verb, group: card ? `${verb} ${caseWords(card)}` : verb, ...targetOf(command) };
          });
        }
      } catch (e) {
        say(failure(e), true);
      }
    }
    this.shown = at;
    this.stale = false;
    this.render(response);
  }

  private render(response: GetStateResponse): void {
    const version = Number(response.version);
    const game = response.state?.game;
    const seatNames = response.summary?.seats ?? this.seats;
    this.response = response;
    this.moving = undefined;
    this.drawBoard();
    this.svg.dataset.game = game?.case ?? "";
    this.svg.dataset.version = String(version);
    drew(version);
    this.index.textContent = `event ${version} of ${this.head}`;
    this.chances.update(this.head, version, this.finished || version < this.head, this.finished);
    for (const line of this.log.querySelectorAll(".current")) {
      line.classList.remove("current");
      line.removeAttribute("aria-current");
    }
    const current = this.log.querySelector(`[data-version="${version}"]`);
    current?.classList.add("current");
    current?.setAttribute("aria-current", "true");
    // The log scrolls to the line shown, within itself: the page stays where the player put it.
    if (current instanceof HTMLElement) {
      const top = current.offsetTop;
      if (top < this.log.scrollTop || top + current.offsetHeight > this.log.scrollTop + this.log.clientHeight) {
        this.log.scrollTop = top - this.log.clientHeight + current.offsetHeight;
      }
    }

    const viewer = response.viewerSeat;
    const view = tableView(response, seatNames);
    const name = (seat: number) => who(seatNames, seat);
    this.title.textContent = `${variantName(response.summary?.variant ?? Variant.UNSPECIFIED)}: ${
      viewer !== undefined ? `you play ${name(viewer)}` : "watching"
    }`;
    this.drawInfo(response, view, seatNames, version);
    this.drawPlayers(view, seatNames, viewer);
    this.drawCk(view, seatNames, viewer);
    this.drawHand(view, game?.case ?? "");
    this.picker.hidden = true;
    this.drawActions();
  }

  /** The board of the state drawn last, its places marked: where the seat's moves are, or while a knight is
   *  being moved, where it may go. */
  private drawBoard(): void {
    const names = new Map<string, string[]>();
    if (this.moving) for (const a of this.moving) names.set(`vertex:${a.to}`, [this.moveLabel(a)]);
    else for (const a of this.legal) if (a.target) names.set(targetKey(a.target), [...(names.get(targetKey(a.target)) ?? []), a.label]);
    const places = new Set(names.keys());
    drawState(this.svg, this.response?.state, places);
    this.zoom.drawn(readablePx(this.response?.state?.game.case));
    this.walk.drawn();
    this.markPlaces(names);
  }

  /** The knights on the board drawn last (Cities & Knights', Catania's). */
  private knightsNow(): ck.Knight[] {
    const game = this.response?.state?.game;
    if (game?.case === "citiesKnights") return game.value.knights;
    if (game?.case === "catania") return game.value.layer?.knights ?? [];
    return [];
  }

  /** A knight's move in words: where it goes, and whose knight it displaces there. */
  private moveLabel(a: Action): string {
    const there = this.knightsNow().find((k) => k.vertex === a.to);
    return there ? `displace ${who(this.seats, there.seat)}'s knight at corner ${a.to}` : `move the knight to corner ${a.to}`;
  }

  /** Cities & Knights' table of its own: the barbarians' ship, the strength it meets, and the city improvements,
   *  a row per commodity track with each seat's level, the metropolis and, for the seat playing, the next level's
   *  cost and the buttons that buy it. */
  private drawCk(view: TableView | undefined, seatNames: readonly string[], viewer: number | undefined): void {
    const c = view?.ck;
    this.ckPanel.hidden = !c;
    if (!c) {
      this.ckPanel.replaceChildren();
      return;
    }
    const name = (seat: number) => who(seatNames, seat);
    const defence = c.knights.reduce((a, b) => a + b, 0);
    const left = c.length - c.position;
    const steps = left === 0 ? "at the coast" : `${left} ${left === 1 ? "step" : "steps"} from the coast (${c.position} of ${c.length} taken)`;
    const heading = element("h3", { textContent: "Barbarians and city improvements", id: "ck-heading" });
    const ship = element("p", {
      className: "barbarians",
      textContent:
        `The barbarians' ship is ${steps}. They land with strength ${c.strength} (one per city on the board) ` +
        `against the active knights' ${defence}: ${defence >= c.strength ? "Catan would hold" : "the seats with the fewest active knights would lose a city"}.`,
    });
    const knights = element("p", {
      className: "knights",
      textContent: `Active knights' strength: ${c.knights.map((k, seat) => `${name(seat)} ${k}`).join(", ")}`,
    });
    const held = new Map(view?.hand ?? []);
    const own = viewer !== undefined && view?.hand !== undefined;
    const improve = this.legal.filter((a) => a.verb === "improve");
    const head = element(
      "tr",
      {},
      element("th", { textContent: "track" }),
      ...seatNames.map((n, seat) => element("th", {}, seatMark(seat), element("span", { className: "hidden-name", textContent: ` ${n}` }))),
      element("th", { textContent: "metropolis" }),
    );
    // The seat playing: each track's next level, its cost, and the buttons that buy it.
    const next = element("ul", { className: "next-levels" });
    const rows = c.tracks.map((t) => {
      const cells = [
        element("th", { textContent: `${t.name} (${t.commodity})`, scope: "row" }),
        ...t.levels.map((l) => element("td", { textContent: String(l), className: "level" })),
        element("td", { textContent: t.metropolis !== undefined ? name(t.metropolis) : "nobody yet" }),
      ];
      if (own) {
        const level = t.levels[viewer] ?? 0;
        const cell = element("li", {
          textContent:
            level >= IMPROVEMENT_LEVELS
              ? `${t.name}: complete`
              : `${t.name}: level ${level + 1} costs ${level + 1} ${t.commodity} (you hold ${held.get(t.commodity) ?? 0})`,
        });
        for (const a of improve.filter((a) => leafCommand(a.command).value.track === t.track)) {
          const on = leafCommand(a.command).value.metropolis;
          const b = element("button", {
            className: "action",
            textContent: `improve ${t.name} to level ${level + 1}${typeof on === "number" ? ` with the metropolis on corner ${on}` : ""}`,
          });
          b.dataset.index = String(this.legal.indexOf(a));
          b.onclick = () => this.submit(a.command);
          cell.append(b);
        }
        next.append(cell);
      }
      return element("tr", {}, ...cells);
    });
    const table = element(
      "table",
      { className: "improvements" },
      element("caption", { textContent: `City improvements: levels 0 to ${IMPROVEMENT_LEVELS}, a metropolis for the first to level 4` }),
      element("thead", {}, head),
      element("tbody", {}, ...rows),
    );
    this.ckPanel.setAttribute("aria-labelledby", "ck-heading");
    this.ckPanel.replaceChildren(heading, ship, knights, table, ...(own ? [element("h4", { textContent: "Your next levels" }), next] : []));
  }

  /** The board's places as buttons for the keyboard and for assistive technology: each is focusable, named by the
   *  moves it takes (`names`), and Enter or Space does what a click does. */
  private markPlaces(names: Map<string, string[]>): void {
    for (const place of this.svg.querySelectorAll<SVGElement>("[data-target]")) {
      const key = place.dataset.target!;
      const moves = names.get(key);
      if (!moves) continue;
      place.setAttribute("role", "button");
      place.setAttribute("tabindex", "0");
      place.setAttribute("aria-label", moves.join(" or "));
      place.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          this.clicked(key);
        }
      });
    }
  }

  /** The table's head: the legend, whose turn and what for, the dice, the clocks, the winner. */
  private drawInfo(response: GetStateResponse, view: TableView | undefined, seatNames: readonly string[], version: number): void {
    const name = (seat: number) => who(seatNames, seat);
    const viewer = response.viewerSeat;
    const legend = element(
      "ul",
      { className: "legend" },
      ...seatNames.map((n, seat) =>
        element("li", {}, seatMark(seat), ` ${n}${seat === viewer ? " (you)" : ""}`),
      ),
    );
    legend.setAttribute("aria-label", "seats");
    const lines: HTMLElement[] = [legend];
    const atHead = version >= this.head;
    if (view?.winner !== undefined) {
      const scores = [...view.rows].sort((a, b) => b.points - a.points).map((r) => `${name(r.seat)} ${r.points}`);
      lines.push(
        element("div", { className: "winner", textContent: `${name(view.winner)} won the game` }),
        element("div", { textContent: `final ${view.pointsName}: ${scores.join(", ")}` }),
      );
    } else {
      const waiting = response.waitingFor.map(name);
      const turn = view?.active !== undefined ? `${name(view.active)}'s turn` : "";
      const what = view ? ` (${view.phase})` : "";
      lines.push(
        element("div", { className: "turn", textContent: `${turn}${what}` }),
        element("div", {
          className: "waiting",
          textContent: atHead
            ? waiting.length > 0
              ? `waiting for ${waiting.join(", ")}`
              : "waiting for nobody"
            : `replay: the board after event ${version}; the game has ${this.head} events so far`,
        }),
      );
      if (view?.pointsToWin) lines.push(element("div", { textContent: `${view.pointsToWin} points win` }));
    }
    if (view?.dice) lines.push(element("div", { className: "dice", textContent: `last roll: ${view.dice}` }));
    // A timed game's deadlines, by the server's clock (GetState names them only at the head), counting down.
    const clocks = response.deadlines.map((d) => {
      const line = element("div", { className: "deadline" });
      const tick = () => {
        const reserve = d.reserveMs > 0n ? `, reserve ${Number(d.reserveMs) / 1000} s left` : "";
        line.textContent = `${name(d.seat)}: ${timeLeft(Number(d.deadlineUnixMs) - Date.now())} to act${reserve}`;
      };
      tick();
      return { line, tick };
    });
    if (this.clock) clearInterval(this.clock);
    this.clock = clocks.length > 0 ? setInterval(() => clocks.forEach((c) => c.tick()), 1000) : undefined;
    lines.push(...clocks.map((c) => c.line));
    if (view) lines.push(element("div", { className: "facts", textContent: view.facts.join(" · ") }));
    this.info.replaceChildren(...lines);
  }

  /** One panel per seat: its mark and name, points, cards held and public facts. */
  private drawPlayers(view: TableView | undefined, seatNames: readonly string[], viewer: number | undefined): void {
    this.players.replaceChildren(
      element("h3", { textContent: "Players" }),
      ...(view?.rows ?? []).map((row) => {
        const turn = view?.active === row.seat && view.winner === undefined;
        const heading = element(
          "div",
          { className: "seat-name" },
          seatMark(row.seat),
          ` ${who(seatNames, row.seat)}${viewer === row.seat ? " (you)" : ""}`,
          element("span", { className: "points", textContent: `${row.points} ${view?.pointsName ?? "points"}` }),
        );
        const details = [
          ...(row.cards !== undefined ? [`${row.cards} cards in hand`] : []),
          ...row.badges.map((b) => `holds ${b}`),
          ...row.facts,
        ];
        const block = element(
          "div",
          { className: `seat${turn ? " active" : ""}${viewer === row.seat ? " own" : ""}` },
          heading,
          element("ul", {}, ...details.map((d) => element("li", { textContent: d }))),
        );
        block.dataset.seat = String(row.seat);
        if (turn) block.setAttribute("aria-current", "true");
        return block;
      }),
    );
  }

  /** The viewer's hand as cards, and what it can build with them. */
  private drawHand(view: TableView | undefined, game: string): void {
    const hand = view?.hand;
    this.handNow = hand;
    if (!hand) {
      this.hand.replaceChildren();
      return;
    }
    const held = new Map(hand);
    const costs = costsOf(game);
    this.hand.replaceChildren(
      element("h3", { textContent: "Your hand" }),
      element("div", { className: "cards" }, ...hand.map(([n, c]) => card(n, c))),
      element(
        "ul",
        { className: "costs" },
        ...costs.map((c) => {
          const can = c.cost.every(([r, n]) => (held.get(r) ?? 0) >= n);
          const item = element(
            "li",
            { className: can ? "can" : "" },
            `${can ? "✓" : "✗"} ${c.name}: `,
            c.cost.map(([r, n]) => `${n} ${r}`).join(", "),
          );
          item.setAttribute("aria-label", `${c.name}, ${can ? "you can afford it" : "not enough cards"}`);
          return item;
        }),
      ),
    );
  }

  /** The legal actions as controls, by kind (the command's verb): a kind with places on the board says so and lists
   *  them in a fold; a discard is a picker of counts that enforces the number owed; a kind with many choices is a
   *  drop-down with a button; the rest are buttons. */
  private drawActions(): void {
    const groups = new Map<string, Action[]>();
    // City improvements are bought in their own table (drawCk), row by row.
    const listed = this.legal.filter((a) => this.ckPanel.hidden || a.verb !== "improve");
    // Answers to offers (accept, decline, counter; the active seat's to counter-offers) in a panel of the offers.
    const answers = listed.filter((a) => TRADE_ANSWERS.has(a.verb));
    for (const action of listed) if (!TRADE_ANSWERS.has(action.verb)) groups.set(action.group, [...(groups.get(action.group) ?? []), action]);
    const controls = [...groups].map(([verb, actions]) => {
      if (actions.length === 1 && !actions[0]!.target) return this.actionButton(actions[0]!);
      if (actions.some((a) => a.target)) {
        return element(
          "details",
          { className: "places", open: actions.length <= 6 },
          element("summary", { textContent: `${verb}: click a marked place on the board, or pick one of ${actions.length} here` }),
          ...actions.map((a) => this.actionButton(a)),
        );
      }
      const picker =
        verb === "discard"
          ? this.countsPicker(verb, actions)
          : verb === "offer"
            ? this.offerComposer(actions)
            : verb === "trade bank"
              ? this.bankTrade(actions)
              : undefined;
      if (picker) return picker;
      if (actions.length <= 6) return element("div", { className: "group" }, ...actions.map((a) => this.actionButton(a)));
      return this.chooser(verb, actions);
    });
    if (answers.length > 0) controls.unshift(this.offersPanel(answers));
    const refusal = element("p", { className: "refusal", textContent: this.refusal, hidden: !this.refusal });
    refusal.setAttribute("role", "alert");
    this.actions.replaceChildren(
      refusal,
      ...(this.legal.length === 0
        ? [element("p", { textContent: this.following ? (this.finished ? "the game is over" : "nothing to do now: others are deciding") : "move the slider to the last event to play" })]
        : controls),
      ...(listed.length < this.legal.length ? [element("p", { textContent: "city improvements: in the table of improvements below" })] : []),
    );
    this.actions.dataset.count = String(this.legal.length);
  }

  /** An offer to the other seats composed card by card: what you give (up to what you hold) and what you ask
   *  for. The listed offers are one card for one; the server takes any offer its rules allow, and says why not
   *  otherwise. The listed ones stay in a drop-down below. */
  private offerComposer(actions: Action[], title = "Offer a trade to the others", verb = "offer"): HTMLElement | undefined {
    const template = actions[0]!.command;
    const give = argCounts(template, "give");
    const receive = argCounts(template, "receive");
    if (!give || !receive) return undefined;
    const held = new Map(this.handNow ?? []);
    const gives = new Map<string, number>();
    const gets = new Map<string, number>();
    const send = element("button", { textContent: verb, className: "go" });
    const summary = element("p", { className: "terms" });
    const update = () => {
      const list = (m: Map<string, number>) =>
        [...m].filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}`).join(", ") || "nothing";
      summary.textContent = `you give ${list(gives)} for ${list(gets)}`;
      send.disabled = list(gives) === "nothing" || list(gets) === "nothing";
    };
    const side = (items: [string, number][], picked: Map<string, number>, most: (name: string) => number, what: string) =>
      element(
        "div",
        { className: "side-of-offer" },
        element("h5", { textContent: what }),
        ...items
          .filter(([name]) => most(name) > 0)
          .map(([name]) => this.stepper(name, most(name), (n) => (picked.set(name, n), update()), what)),
      );
    send.onclick = () => this.submit(withCounts(template, { give: gives, receive: gets }));
    update();
    return element(
      "div",
      { className: "offer" },
      element("h4", { textContent: title }),
      element("div", { className: "offer-sides" }, side(give, gives, (n) => held.get(n) ?? 0, "you give"), side(receive, gets, () => 19, "you ask for")),
      summary,
      send,
      this.chooser(`or ${verb}`, actions),
    );
  }

  /** The open offer and the counter-offers to it, in words, each with the seat's answers: another seat's offer
   *  to accept, decline or counter with other terms (composed like an offer); the counter-offers to one's own
   *  offer to accept or decline, and the offer to withdraw. */
  private offersPanel(answers: Action[]): HTMLElement {
    const of = (verb: string) => answers.filter((a) => a.verb === verb);
    const button = (text: string, a: Action) => {
      const b = element("button", { textContent: text, className: "action" });
      b.dataset.index = String(this.legal.indexOf(a));
      b.onclick = () => this.submit(a.command);
      return b;
    };
    const game = this.response?.state?.game;
    const c = game?.case === "catania" ? game.value.layer : game?.case === "citiesKnights" ? game.value : undefined;
    const base = game?.case === "catan" ? game.value : undefined;
    const seats = this.response?.summary?.seats ?? this.seats;
    const terms = (t: { give?: unknown; receive?: unknown } | undefined): string => {
      if (!t) return "terms this page cannot read";
      return base ? messageText(catan.TradeTermsSchema, t as catan.TradeTerms, seats) : messageText(ck.TradeTermsSchema, t as ck.TradeTerms, seats);
    };
    const active = base?.active ?? c?.active ?? 0;
    const parts: HTMLElement[] = [element("h4", { textContent: "Offers" })];
    if (of("accept").length + of("reject").length + of("counter").length > 0) {
      parts.push(element("p", { className: "terms", textContent: `${who(seats, active)} offers ${terms(base?.offer ?? c?.offer)}` }));
      parts.push(...of("accept").map((a) => button("accept", a)), ...of("reject").map((a) => button("decline", a)));
      const counter = of("counter");
      const composer = counter.length > 0 ? this.offerComposer(counter, "Counter with other terms", "counter") : undefined;
      if (composer) parts.push(composer);
    }
    for (const a of [...of("accept counter"), ...of("reject counter")]) {
      const seat = leafCommand(a.command).value.seat as number;
      const proposal = (base?.players[seat] ?? c?.players[seat])?.counterOffer;
      const line = `${who(seats, seat)} proposes to give ${terms(proposal)}`;
      if (!parts.some((p) => p.textContent === line)) parts.push(element("p", { className: "terms", textContent: line }));
      parts.push(button(`${a.verb === "accept counter" ? "accept" : "decline"} ${who(seats, seat)}'s counter-offer`, a));
    }
    parts.push(...of("withdraw").map((a) => button("withdraw your offer", a)));
    const panel = element("div", { className: "offers" }, ...parts);
    panel.setAttribute("role", "region");
    panel.setAttribute("aria-label", "Offers");
    return panel;
  }

  /** Trades with the bank as what they cost: `give 3 wool for 1 ore (3:1 harbour)`, at the seat's ratio for the
   *  card given (table.ts `bankRatio`); the server, which decides the ratio, says the same in its event. */
  private bankTrade(actions: Action[]): HTMLElement {
    const select = element("select", { className: "choice" });
    select.setAttribute("aria-label", "trade with the bank");
    for (const a of actions) {
      const { value } = leafCommand(a.command);
      const [give, get] = [GOODS[value.give as number] ?? "", GOODS[value.receive as number] ?? ""];
      const ratio = this.response && bankRatio(this.response, give);
      const text = ratio ? `give ${ratio.ratio} ${give} for 1 ${get} (${ratio.why})` : a.label;
      const option = element("option", { value: String(this.legal.indexOf(a)), textContent: text });
      option.dataset.index = option.value;
      select.append(option);
    }
    const go = element("button", { textContent: "trade with the bank", className: "go" });
    go.onclick = () => this.submit(this.legal[Number(select.value)]!.command);
    return element("div", { className: "chooser bank" }, element("h4", { textContent: "Trade with the bank" }), select, " ", go);
  }

  /** A count picker of one kind of card: −, the count, +, from 0 to `most`. */
  private stepper(name: string, most: number, changed: (n: number) => void, what = ""): HTMLElement {
    let n = 0;
    const shown = element("output", { textContent: "0" });
    const less = element("button", { textContent: "−", className: "less", type: "button" });
    const more = element("button", { textContent: "+", className: "more", type: "button" });
    less.setAttribute("aria-label", `${what} one ${name} less`.trim());
    more.setAttribute("aria-label", `${what} one ${name} more`.trim());
    const set = (to: number) => {
      n = Math.min(most, Math.max(0, to));
      shown.textContent = String(n);
      less.disabled = n === 0;
      more.disabled = n === most;
      changed(n);
    };
    less.onclick = () => set(n - 1);
    more.onclick = () => set(n + 1);
    less.disabled = true;
    return element("div", { className: "stepper" }, element("span", { textContent: name }), less, shown, more);
  }

  /** Many choices of one kind as a drop-down and a button that sends the one chosen. */
  private chooser(verb: string, actions: Action[]): HTMLElement {
    const select = element("select", { className: "choice" });
    select.setAttribute("aria-label", verb);
    for (const a of actions) {
      const option = element("option", { value: String(this.legal.indexOf(a)), textContent: a.label });
      option.dataset.index = option.value;
      select.append(option);
    }
    const go = element("button", { textContent: verb, className: "go" });
    go.onclick = () => this.submit(this.legal[Number(select.value)]!.command);
    return element("div", { className: "chooser" }, element("label", { textContent: `${verb}: ` }, select), " ", go);
  }

  /** A choice of counts (which cards to discard): a stepper per kind of card, up to what the hand holds, and a
   *  button enabled only when the count owed is chosen. The listed discards give the count owed and the cards
   *  held; the one sent has the chosen counts (a game may list only some of the ways to pay), for the server to
   *  judge. */
  private countsPicker(verb: string, actions: Action[]): HTMLElement | undefined {
    const options = actions.map((a) => commandCounts(a.command));
    const first = options[0];
    if (!first || options.some((o) => !o || o.field !== first.field)) return undefined;
    const names = first.items.map(([n]) => n);
    const owed = first.items.reduce((sum, [, n]) => sum + n, 0);
    const held = new Map(this.handNow ?? []);
    const most = names.map((name, i) => Math.max(held.get(name) ?? 0, ...options.map((o) => o!.items[i]![1])));
    const picked = new Map<string, number>();
    const total = element("p", { className: "owed" });
    const send = element("button", { textContent: verb, className: "go" });
    const update = () => {
      const sum = [...picked.values()].reduce((a, b) => a + b, 0);
      total.textContent =
        sum < owed ? `choose ${owed - sum} more` : sum > owed ? `${sum - owed} too many: you must ${verb} ${owed}` : `${owed} chosen`;
      send.disabled = sum !== owed;
    };
    send.onclick = () => this.submit(withCounts(actions[0]!.command, { [first.field]: picked }));
    const steppers = names.flatMap((name, i) => (most[i]! > 0 ? [this.stepper(name, most[i]!, (n) => (picked.set(name, n), update()))] : []));
    update();
    return element(
      "div",
      { className: "counts-picker" },
      element("h4", { textContent: `You must ${verb} ${owed} cards` }),
      ...steppers,
      total,
      send,
    );
  }

  private actionButton(action: Action): HTMLButtonElement {
    const i = this.legal.indexOf(action);
    const b = element("button", { textContent: action.label, className: "action" });
    const help = commandHelp(action.command);
    if (help) b.title = help;
    b.dataset.index = String(i);
    if (action.target) b.dataset.target = targetKey(action.target);
    b.onclick = () => this.submit(action.command);
    return b;
  }

  /** A click on the board: the one legal action there is sent; where several are (a road or a ship, a robber
   *  move with a choice of victim), a picker opens at the top of the actions with each of them. */
  private clicked(target: string): void {
    if (this.moving) {
      const move = this.moving.find((a) => `vertex:${a.to}` === target);
      if (move) this.submit(move.command);
      return;
    }
    const here = this.legal.filter((a) => a.target && targetKey(a.target) === target);
    const moves = here.filter((a) => a.to !== undefined);
    const others = here.filter((a) => a.to === undefined);
    if (others.length === 0 && moves.length > 0) this.startMoving(target, moves);
    else if (here.length === 1) this.submit(here[0]!.command);
    else if (here.length > 1) {
      const move = element("button", { textContent: "move this knight: choose where on the board", className: "pick" });
      move.onclick = () => this.startMoving(target, moves);
      this.openPicker(`This place takes ${here.length} moves: which one?`, [
        ...others.map((a) => {
          const b = element("button", { textContent: a.label, className: "pick" });
          b.onclick = () => this.submit(a.command);
          return b;
        }),
        ...(moves.length > 0 ? [move] : []),
      ]);
    }
  }

  /** A knight's move, the second click: the board marks the corners it may go to (displacing a weaker knight
   *  there), and the picker lists them too. */
  private startMoving(from: string, moves: Action[]): void {
    this.moving = moves;
    this.drawBoard();
    this.openPicker(
      `Move the knight at corner ${from.split(":")[1]}: click a marked corner, or choose one here`,
      moves.map((a) => {
        const b = element("button", { textContent: this.moveLabel(a), className: "pick" });
        b.onclick = () => this.submit(a.command);
        return b;
      }),
    );
  }

  /** The picker at the top of the moves: a question, its choices, and a cancel that puts the board back. */
  private openPicker(question: string, choices: HTMLButtonElement[]): void {
    const cancel = element("button", { textContent: "cancel", className: "cancel" });
    cancel.onclick = () => {
      this.picker.hidden = true;
      if (this.moving) {
        this.moving = undefined;
        this.drawBoard();
      }
    };
    this.picker.replaceChildren(element("p", { textContent: question }), ...choices, cancel);
    this.picker.hidden = false;
    this.picker.querySelector<HTMLButtonElement>("button.pick")?.focus();
  }

  private submit(command: Command): void {
    this.legal = [];
    this.moving = undefined;
    this.picker.hidden = true;
    this.actions.replaceChildren(element("p", { textContent: "sending…" }));
    const label = commandLabel(command, this.seats);
    void track(
      this.client
        .submitCommand({ gameId: this.gameId, commandId: commandId(), command, expectedVersion: BigInt(this.head) })
        .then(
          (answer) => {
            unsay("command");
            // The stream brings the events; until they arrive the page waits for them rather than redrawing.
            return this.reached(Number(answer.version));
          },
          (e) => {
            say(`${label}: ${failure(e)}`, true, "command");
            this.refusal = `${label}: ${failure(e)}`;
            this.stale = true;
            this.goTo(this.head);
          },
        ),
    );
  }

  /** Resolves once the stream has brought event `version` and the page has drawn what followed. */
  private reached(version: number): Promise<void> {
    const arrived = this.head >= version ? Promise.resolve() : new Promise<void>((resolve) => this.waiters.push({ version, resolve }));
    return arrived.then(() => this.drawing);
  }

  /** Called as the head moves: wakes the `reached` calls it satisfies. */
  private wake(): void {
    const still = [];
    for (const w of this.waiters) {
      if (w.version <= this.head) w.resolve();
      else still.push(w);
    }
    this.waiters = still;
  }
}

// ---- Routing ----

/** The seat token of game `id` for this tab. A seat's link carries it in the fragment (`?token=`): it is read
 *  once, kept in the tab's sessionStorage under the game's id, and the address becomes `?play` in its place (with
 *  `history.replaceState`), so the browser's history never keeps the token while a reload still plays the seat.
 *  `?play` takes the stored token; an address with neither is a spectator's, also in a tab that played a seat of
 *  the same game before. */
function seatToken(id: string, path: string, query: string): string | undefined {
  const key = `hexfold-token:${id}`;
  const params = new URLSearchParams(query);
  const linked = params.get("token");
  if (linked === null) {
    if (!params.has("play")) return undefined;
    try {
      return sessionStorage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  }
  try {
    sessionStorage.setItem(key, linked);
  } catch {
    // Storage refused (a private mode): the token lives as long as the page, and a reload is a spectator's.
  }
  params.delete("token");
  params.set("play", "");
  const rest = params.toString().replace(/=(&|$)/g, "$1");
  history.replaceState(history.state, "", `#/game/${path}?${rest}`);
  return linked || undefined;
}

let page: GamePage | undefined;
function route(): void {
  page?.unmount();
  drawnVersion = -1;
  page = undefined;
  say("");
  const match = /^#\/game\/([^?]+)(?:\?(.*))?$/.exec(location.hash);
  if (match) {
    const id = decodeURIComponent(match[1]!);
    page = new GamePage(id, seatToken(id, match[1]!, match[2] ?? ""));
    page.mount();
  } else {
    lobby();
  }
}
window.addEventListener("hashchange", route);
route();

declare global {
  interface Window {
    hexfold: { settled: () => Promise<void>; drawn: (version: number, atLeast?: boolean) => Promise<void> };
  }
}
window.hexfold = { settled, drawn };
