// hexfold's web app: a lobby (`#/`) and a game page (`#/game/<id>`, with `?token=<seat token>` to play a seat; the
// token is kept in the tab's sessionStorage and taken out of the address once read: `seatToken`).
// The game page shows the board at one event index with the event log beside it; a slider and step buttons move
// that index (GetState at it), and while it is at the head the page follows the game live (Subscribe) and, with
// a token, offers the seat's legal actions on the board and in a list, each sent with SubmitCommand.
//
// The page keeps what tests need in `window.hexfold`: `settled()` resolves once everything asked of the server
// so far has been drawn, so a test waits on page state, never on time.
import { ConnectError } from "@connectrpc/connect";
import { connect, commandId, type Api } from "./api";
import { describeCommand, describeEvent } from "./describe";
import { catanModel, cataniaModel, citiesKnightsModel, drawHex, newSvg, type Target } from "./board";
import { cellIndex, drawElasund } from "./grid";
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

function say(text: string, error = false): void {
  statusLine.textContent = text;
  statusLine.className = error ? "error" : "";
  statusLine.dataset.error = error ? "true" : "false";
}
function failure(e: unknown): string {
  return e instanceof ConnectError ? `${e.code}: ${e.rawMessage}` : String(e);
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

function variantName(v: Variant): string {
  return (Variant[v] ?? "").toLowerCase().replace(/_/g, "-");
}

function lobby(): void {
  const client = connect();
  const games = element("tbody");
  const more = element("button", { textContent: "more", hidden: true });
  let pageToken = "";
  const row = (g: GameSummary) =>
    element(
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
  const load = () =>
    track(
      client.listGames({ pageSize: LOBBY_PAGE, pageToken }).then(
        (page) => {
          games.append(...page.games.map(row));
          pageToken = page.nextPageToken;
          more.hidden = pageToken === "";
        },
        (e) => say(failure(e), true),
      ),
    );
  more.onclick = () => void load();

  const variant = element("select", { name: "variant" });
  for (const v of [Variant.CATAN, Variant.CITIES_AND_KNIGHTS, Variant.CATANIA, Variant.ELASUND]) {
    variant.append(element("option", { value: String(v), textContent: variantName(v) }));
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
  );
  // A timed game: each seat the game waits for has this long to act before the server plays its timeout
  // action; empty means untimed. The reserve is a bank of extra seconds per seat, spent when a turn runs over.
  const turnSeconds = element("input", { name: "turn-seconds", value: "", placeholder: "untimed", size: 7 });
  const reserveSeconds = element("input", { name: "reserve-seconds", value: "", placeholder: "0", size: 7 });
  const created = element("div", { className: "created" });
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
          },
          (e) => say(failure(e), true),
        ),
    );
  };
  app.replaceChildren(
    element("h2", { textContent: "Games" }),
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

/** `JSON.stringify`'s replacer for protobuf-es messages: without their type name, 64-bit integers as text. */
function plainJson(key: string, value: unknown): unknown {
  if (key === "$typeName") return undefined;
  return typeof value === "bigint" ? String(value) : value;
}

interface Action {
  command: Command;
  label: string;
  target?: Target;
}

/** The innermost command message (through Catania's `ck` case) and its case name. */
function leafCommand(command: Command): { name: string; value: Record<string, unknown> } {
  let oneof = (command.game.value as { command?: { case?: string; value?: unknown } } | undefined)?.command;
  while (oneof?.case === "ck") oneof = (oneof.value as { command?: { case?: string; value?: unknown } }).command;
  return { name: oneof?.case ?? "", value: (oneof?.value ?? {}) as Record<string, unknown> };
}

/** Where on the board a command is clicked: the vertex, edge or hex it names, if it names exactly one. */
function targetOf(command: Command): Target | undefined {
  const { value } = leafCommand(command);
  for (const kind of ["vertex", "edge", "hex"] as const) {
    if (typeof value[kind] === "number") return { kind, id: value[kind] as number };
  }
  // Elasund's commands name a square (`at`: a column and a row label).
  const at = value.at as { col?: number; row?: number } | undefined;
  if (typeof at?.col === "number" && typeof at.row === "number") return { kind: "cell", id: cellIndex({ col: at.col, row: at.row }) };
  return undefined;
}

class GamePage {
  private readonly client: Api;
  private readonly svg = newSvg();
  private readonly slider = element("input", { type: "range", min: "0", max: "0", value: "0" });
  private readonly index = element("span", { className: "index" });
  private readonly log = element("div", { className: "log" });
  private readonly players = element("div", { className: "players" });
  private readonly actions = element("div", { className: "actions" });
  private readonly info = element("div", { className: "info" });
  private head = 0;
  private seats: string[] = [];
  private shown = -1;
  private wanted = 0;
  private following = true;
  private finished = false;
  private legal: Action[] = [];
  private drawing: Promise<void> = Promise.resolve();
  private stream = new AbortController();
  private waiters: { version: number; resolve: () => void }[] = [];
  /** Set when a refused command leaves the drawn actions in doubt: the next draw happens even at the same index. */
  private stale = false;

  constructor(
    private readonly gameId: string,
    private readonly token: string | undefined,
  ) {
    this.client = connect(token);
  }

  mount(): void {
    const step = (label: string, to: () => number) => {
      const b = element("button", { textContent: label, className: `step-${label}` });
      b.onclick = () => this.goTo(to());
      return b;
    };
    this.slider.oninput = () => this.goTo(Number(this.slider.value));
    app.replaceChildren(
      element("h2", { textContent: this.gameId + (this.token ? " (your seat)" : " (spectator)") }),
      element(
        "div",
        { className: "game" },
        element("div", { className: "board" }, this.svg),
        element(
          "div",
          { className: "side" },
          element("section", {}, this.info),
          element("section", {}, this.players),
          element("section", { className: "play" }, element("h3", { textContent: "Your actions" }), this.actions),
          element(
            "section",
            { className: "replay" },
            element("h3", { textContent: "Events" }),
            this.slider,
            element(
              "div",
              {},
              step("first", () => 0),
              step("prev", () => Math.max(0, this.wanted - 1)),
              step("next", () => Math.min(this.head, this.wanted + 1)),
              step("last", () => this.head),
              " ",
              this.index,
            ),
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

  unmount(): void {
    this.stream.abort();
  }

  /** The event stream: the log so far, then live events; the page follows the head while the slider is on it.
   *  A stream the server ends (a slow reader is cut off, the server restarts) is opened again after the last
   *  event received, at most once a second after a failure. */
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
    while (!this.stream.signal.aborted) {
      const opened = Date.now();
      try {
        for await (const item of this.client.subscribe(
          { gameId: this.gameId, afterVersion: BigInt(this.head) },
          { signal: this.stream.signal },
        )) {
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
        say(`the event stream ended (${failure(e)}): opening it again`, true);
      }
      const wait = Math.max(0, 1000 - (Date.now() - opened));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    caughtUp();
  }

  private received(envelope: EventEnvelope): void {
    const version = Number(envelope.version);
    // A stream opened again starts after the head; an event at or before it is one the log has.
    if (version <= this.head) return;
    const line = element("div", {
      textContent: `${version}: ${envelope.event ? describeEvent(envelope.event, this.seats) : "?"}`,
    });
    line.dataset.version = String(version);
    line.onclick = () => this.goTo(version);
    this.log.append(line);
    if (this.log.childElementCount > LOG_LINES) this.log.firstElementChild?.remove();
    this.head = version;
    if (envelope.event?.body.case === "seedRevealed") this.finished = true;
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
        .catch((e) => say(`drawing failed: ${failure(e)}`, true)),
    );
  }


  private async draw(): Promise<void> {
    const at = this.wanted;
    const atHead = at >= this.head;
    let response: GetStateResponse;
    try {
      response = await this.client.getState({ gameId: this.gameId, atVersion: BigInt(at) });
    } catch (e) {
      say(failure(e), true);
      return;
    }
    this.legal = [];
    if (this.token && atHead && !this.finished) {
      try {
        const legal = await this.client.legalActions({ gameId: this.gameId });
        if (Number(legal.version) === at) {
          this.legal = legal.commands.map((command) => ({ command, label: describeCommand(command), target: targetOf(command) }));
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
    const legalTargets = new Set(this.legal.flatMap((a) => (a.target ? [`${a.target.kind}:${a.target.id}`] : [])));
    const game = response.state?.game;
    const seatNames = response.summary?.seats ?? [];
    let players: unknown[] = [];
    switch (game?.case) {
      case "catan":
        drawHex(this.svg, catanModel(game.value), legalTargets);
        players = game.value.players;
        break;
      case "citiesKnights":
        drawHex(this.svg, citiesKnightsModel(game.value), legalTargets);
        players = game.value.players;
        break;
      case "catania":
        drawHex(this.svg, cataniaModel(game.value), legalTargets);
        players = game.value.layer?.players ?? [];
        break;
      case "elasund":
        drawElasund(this.svg, game.value, legalTargets);
        players = game.value.seats;
        break;
    }
    this.svg.dataset.game = game?.case ?? "";
    this.svg.dataset.version = String(version);
    drew(version);
    this.index.textContent = `event ${version} of ${this.head}`;
    for (const line of this.log.querySelectorAll(".current")) line.classList.remove("current");
    const current = this.log.querySelector(`[data-version="${version}"]`);
    current?.classList.add("current");
    current?.scrollIntoView({ block: "nearest" });

    const viewer = response.viewerSeat;
    const waiting = response.waitingFor.map((s) => seatNames[s] ?? s).join(", ");
    const ended = response.summary?.status === GameStatus.FINISHED;
    this.info.replaceChildren(
      element("div", { textContent: `${variantName(response.summary?.variant ?? Variant.UNSPECIFIED)} at event ${version}` }),
      element("div", { className: "waiting", textContent: ended ? "the game has ended" : `waiting for ${waiting || "nobody"}` }),
      // A timed game's deadlines, by the server's clock (GetState names them only at the head).
      ...response.deadlines.map((d) =>
        element("div", {
          className: "deadline",
          textContent: `${seatNames[d.seat] ?? d.seat}: time runs out at ${new Date(Number(d.deadlineUnixMs)).toLocaleTimeString()}${d.reserveMs > 0n ? `, reserve ${Number(d.reserveMs) / 1000} s left` : ""}`,
        }),
      ),
    );
    this.players.replaceChildren(
      element("h3", { textContent: "Players" }),
      ...players.map((p, seat) => {
        const fields = Object.entries(p as Record<string, unknown>)
          .filter(([k, v]) => k !== "$typeName" && k !== "seat" && v !== undefined)
          .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v, plainJson) : v}`);
        // The summary line: points and cards held, in whichever words the game's player message uses.
        const record = p as Record<string, unknown>;
        const points = record.publicPoints ?? record.points ?? record.tradePoints;
        const cards = record.resourceCount ?? record.cardCount;
        const counts = [points !== undefined ? `${points} points` : "", cards !== undefined ? `${cards} cards` : ""]
          .filter((t) => t !== "")
          .join(", ");
        const own = viewer === seat ? " (you: your hand included)" : "";
        const block = element(
          "details",
          { open: viewer === seat },
          element("summary", { className: `seat-name`, textContent: `${seatNames[seat] ?? seat}${counts ? `: ${counts}` : ""}${own}` }),
          element("pre", { textContent: fields.join("\n") }),
        );
        block.dataset.seat = String(seat);
        return block;
      }),
    );
    this.actions.replaceChildren(
      ...(this.legal.length === 0
        ? [element("p", { textContent: this.following ? "nothing to do now" : "move the slider to the last event to play" })]
        : this.legal.map((action, i) => {
            const b = element("button", { textContent: action.label, className: "action" });
            b.dataset.index = String(i);
            if (action.target) b.dataset.target = `${action.target.kind}:${action.target.id}`;
            b.onclick = () => this.submit(action.command);
            return b;
          })),
    );
    this.actions.dataset.count = String(this.legal.length);
  }

  /** A click on the board: the one legal action there is sent; several (a robber move with a choice of victim)
   *  are left in the list, marked, to pick from. */
  private clicked(target: string): void {
    const here = this.legal.filter((a) => a.target && `${a.target.kind}:${a.target.id}` === target);
    if (here.length === 1) this.submit(here[0]!.command);
    else {
      for (const b of this.actions.querySelectorAll<HTMLButtonElement>("button.action")) {
        b.style.fontWeight = b.dataset.target === target ? "bold" : "";
      }
      if (here.length > 1) say(`${here.length} actions there: pick one in the list`);
    }
  }

  private submit(command: Command): void {
    this.legal = [];
    this.actions.replaceChildren(element("p", { textContent: "sending…" }));
    void track(
      this.client
        .submitCommand({ gameId: this.gameId, commandId: commandId(), command, expectedVersion: BigInt(this.head) })
        .then(
          (answer) => {
            say(`${describeCommand(command)}: accepted, event ${answer.version}`);
            // The stream brings the events; until they arrive the page waits for them rather than redrawing.
            return this.reached(Number(answer.version));
          },
          (e) => {
            say(`${describeCommand(command)}: ${failure(e)}`, true);
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
 *  once, kept in the tab's sessionStorage under the game's id, and taken out of the address with
 *  `history.replaceState`, so the browser's history never keeps it while a reload (or the link again) still plays
 *  the seat. Without one in the address, the stored one, if any. */
function seatToken(id: string, path: string, query: string): string | undefined {
  const key = `hexfold-token:${id}`;
  const params = new URLSearchParams(query);
  const linked = params.get("token");
  if (linked === null) {
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
  const rest = params.toString();
  history.replaceState(history.state, "", `#/game/${path}${rest ? `?${rest}` : ""}`);
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
