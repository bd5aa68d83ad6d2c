// Each seat's chance to win along the game, under the replay: the server's `Analyze` answers (its estimate from
// playouts, from what a spectator sees while the game is on and from the full state once it has ended) drawn as one
// line per seat in its colour with its shape at the line's end, the index shown marked, and the three moves of
// any seat's chance that were largest named in words. A click on the graph shows the board there.
//
// It asks lazily and within bounds, one call at a time and only while it is shown (in the replay, or once the game
// has ended): first the index shown, then about `COARSE` indexes spread over the game, then it halves the
// stretches where the chances moved most until each of the largest moves is one event (at most `REFINE` calls
// more); each call asks `SIMS` playouts. A server whose analysis threads are all busy (RESOURCE_EXHAUSTED) is asked
// again later, the graph saying it is estimating meanwhile. The same request gets the same answer from the server,
// so the text under the graph ("Ann 62 %, Bob 20 %, ...") is what `Analyze` answers at the index shown.
import { Code, ConnectError } from "@connectrpc/connect";
import type { Api } from "./api";
import { SEAT_SHAPES } from "./table";

/** About this many indexes spread over the game make the first curve. */
const COARSE = 40;
/** Playouts asked per index. */
export const SIMS = 48;
/** The largest moves marked. */
const MARKS = 3;
/** At most this many more calls find the single events of the largest moves. */
const REFINE = 24;
/** The first wait after RESOURCE_EXHAUSTED, doubled each time up to `BUSY_MAX`, in milliseconds. */
const BUSY_FIRST = 500;
const BUSY_MAX = 8000;
/** The graph's drawing: its size and the plot's margins, in its own units. */
const [W, H, LEFT, RIGHT, TOP, BOTTOM] = [600, 150, 34, 16, 8, 14];

interface Estimate {
  chances: number[];
  sims: number;
  full: boolean;
}

/** A largest move: the index after the events that made it, the index before them (one less once it is found to
 *  one event), and the seat whose chance moved most, from what to what. */
interface Mark {
  version: number;
  from: number;
  seat: number;
  before: number;
  after: number;
}

const SVG = "http://www.w3.org/2000/svg";

export class ChanceGraph {
  readonly element: HTMLElement;
  private readonly svg = document.createElementNS(SVG, "svg") as SVGSVGElement;
  private readonly text = document.createElement("p");
  private readonly state = document.createElement("p");
  private readonly legend = document.createElement("p");
  private readonly marksList = document.createElement("ol");
  private readonly points = new Map<number, Estimate>();
  private head = 0;
  private current = 0;
  private active = false;
  private full = false;
  private step = 0;
  private refined = 0;
  private running = false;
  private stopped = false;
  private busy = 0;
  private failed = "";

  constructor(
    private readonly client: Api,
    private readonly gameId: string,
    private readonly seats: () => readonly string[],
    /** An event in words, if the page has it. */
    private readonly eventText: (version: number) => string | undefined,
    /** Shows the board after event `version`. */
    private readonly pick: (version: number) => void,
  ) {
    const heading = document.createElement("h3");
    heading.id = "chances-heading";
    heading.textContent = "Chances to win";
    this.svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", "each seat's chance to win along the game; click to show the board there");
    this.svg.addEventListener("click", (e) => this.clicked(e));
    this.text.className = "chances-now";
    this.text.setAttribute("aria-live", "polite");
    this.state.className = "chances-state";
    this.legend.className = "chances-legend";
    this.marksList.className = "chances-marks";
    this.marksList.setAttribute("aria-label", "the largest moves");
    this.element = document.createElement("section");
    this.element.className = "chances";
    this.element.setAttribute("aria-labelledby", heading.id);
    this.element.hidden = true;
    this.element.append(heading, this.legend, this.svg, this.text, this.state, this.marksList);
  }

  /** The page drew index `current` of a game at `head`; the graph shows and estimates while `active`. */
  update(head: number, current: number, active: boolean, ended: boolean): void {
    if (ended && !this.full) {
      // The game has ended: its estimates now read the full state, those of before do not count.
      this.points.clear();
      this.refined = 0;
      this.full = true;
    }
    this.head = head;
    this.current = current;
    this.active = active && head > 0;
    this.element.hidden = !this.active;
    if (!this.step || head > 2 * COARSE * this.step) this.step = Math.max(1, Math.ceil(head / COARSE));
    this.draw();
    if (this.active && !this.running) void this.run();
  }

  stop(): void {
    this.stopped = true;
  }

  /** One call at a time, while shown, until nothing is left to ask. */
  private async run(): Promise<void> {
    this.running = true;
    try {
      for (let at = this.next(); at !== undefined && this.active && !this.stopped; at = this.next()) {
        try {
          const answer = await this.client.analyze({ gameId: this.gameId, atVersion: BigInt(at), sims: SIMS });
          this.points.set(Number(answer.version), { chances: answer.winChances, sims: answer.sims, full: answer.fullInformation });
          this.busy = 0;
        } catch (e) {
          const error = ConnectError.from(e);
          if (error.code !== Code.ResourceExhausted) {
            this.failed = `the chances could not be estimated: ${error.rawMessage}`;
            this.draw();
            return;
          }
          this.busy = Math.min(BUSY_MAX, this.busy ? this.busy * 2 : BUSY_FIRST);
          this.draw();
          await new Promise((resolve) => setTimeout(resolve, this.busy));
        }
        this.draw();
      }
    } finally {
      this.running = false;
    }
  }

  /** The next index to ask: the one shown, then the coarse ones, then the middle of a largest move's stretch. */
  private next(): number | undefined {
    if (!this.points.has(this.current)) return this.current;
    for (let v = 0; v <= this.head; v += this.step) if (!this.points.has(v)) return v;
    if (!this.points.has(this.head)) return this.head;
    if (this.refined >= REFINE) return undefined;
    const wide = this.marks().find((m) => m.version - m.from > 1);
    if (!wide) return undefined;
    this.refined++;
    return Math.floor((wide.version + wide.from) / 2);
  }

  /** The largest moves between the indexes estimated so far, largest first, apart from each other. */
  private marks(): Mark[] {
    const known = [...this.points.keys()].sort((a, b) => a - b);
    const moves: Mark[] = [];
    for (let i = 1; i < known.length; i++) {
      const [a, b] = [this.points.get(known[i - 1]!)!, this.points.get(known[i]!)!];
      let best = { seat: 0, before: 0, after: 0 };
      b.chances.forEach((after, seat) => {
        const before = a.chances[seat] ?? 0;
        if (Math.abs(after - before) > Math.abs(best.after - best.before)) best = { seat, before, after };
      });
      if (best.after !== best.before) moves.push({ version: known[i]!, from: known[i - 1]!, ...best });
    }
    // The largest first, each at least a fiftieth of the game from a larger one (so their marks stay apart).
    const size = (m: Mark) => Math.abs(m.after - m.before);
    const gap = Math.max(1, this.head / 50);
    const marks: Mark[] = [];
    for (const m of moves.sort((x, y) => size(y) - size(x))) {
      if (marks.length < MARKS && marks.every((k) => Math.abs(k.version - m.version) > gap)) marks.push(m);
    }
    return marks;
  }

  private name(seat: number): string {
    return this.seats()[seat] ?? `seat ${seat + 1}`;
  }

  private draw(): void {
    if (!this.active) return;
    const seats = this.seats();
    const known = [...this.points.entries()].sort((a, b) => a[0] - b[0]);
    const x = (v: number) => LEFT + ((W - LEFT - RIGHT) * v) / Math.max(1, this.head);
    const y = (c: number) => TOP + (H - TOP - BOTTOM) * (1 - c);
    const out: string[] = [];
    for (const c of [0, 0.5, 1]) {
      out.push(
        `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${y(c)}" y2="${y(c)}"/>`,
        `<text class="axis" x="${LEFT - 4}" y="${y(c)}">${c * 100} %</text>`,
      );
    }
    const count = Math.max(seats.length, ...known.map(([, e]) => e.chances.length));
    for (let seat = 0; seat < count; seat++) {
      const line = known.map(([v, e]) => `${x(v).toFixed(1)},${y(e.chances[seat] ?? 0).toFixed(1)}`).join(" ");
      if (known.length === 0) continue;
      // A dark casing under each seat's colour, so the white seat shows on the light ground.
      out.push(
        `<polyline class="casing" points="${line}"/>`,
        `<polyline class="chance seat${seat}" data-seat="${seat}" points="${line}"/>`,
      );
      const [v, e] = known[known.length - 1]!;
      out.push(`<text class="shape seat${seat}" x="${x(v) + 8}" y="${y(e.chances[seat] ?? 0)}">${SEAT_SHAPES[seat] ?? ""}</text>`);
    }
    const marks = this.marks();
    marks.forEach((m, i) => {
      out.push(
        `<g class="move" data-version="${m.version}"><line x1="${x(m.version)}" x2="${x(m.version)}" y1="${TOP}" y2="${H - BOTTOM}"/>` +
          `<circle cx="${x(m.version)}" cy="${H - BOTTOM / 2}" r="6"/><text x="${x(m.version)}" y="${H - BOTTOM / 2}">${i + 1}</text></g>`,
      );
    });
    out.push(`<line class="now" x1="${x(this.current)}" x2="${x(this.current)}" y1="${TOP}" y2="${H - BOTTOM}"/>`);
    this.svg.innerHTML = out.join("");

    this.legend.replaceChildren(
      ...seats.flatMap((n, seat) => {
        const mark = document.createElement("span");
        mark.className = `mark seat${seat}`;
        mark.textContent = SEAT_SHAPES[seat] ?? "";
        mark.setAttribute("aria-hidden", "true");
        return [mark, ` ${n}  `];
      }),
    );
    const now = this.points.get(this.current);
    this.text.textContent = `at event ${this.current}: ${now ? this.words(now) : "estimating…"}`;
    const left = [...Array(Math.floor(this.head / this.step) + 1).keys()].filter((i) => !this.points.has(i * this.step)).length;
    this.state.textContent = this.failed
      ? this.failed
      : this.busy
        ? "estimating… (the server's analysis is busy: asking again shortly)"
        : left > 0
          ? `estimating… (${left} of ${Math.floor(this.head / this.step) + 1} points to go)`
          : this.refined < REFINE && marks.some((m) => m.version - m.from > 1)
            ? "estimating… (finding the events that moved the chances most)"
            : "";
    this.marksList.replaceChildren(
      ...marks.map((m) => {
        const b = document.createElement("button");
        b.className = "line";
        const what = m.version - m.from === 1 ? this.eventText(m.version) ?? `event ${m.version}` : `events ${m.from + 1} to ${m.version}`;
        const pc = (c: number) => `${Math.round(c * 100)} %`;
        b.textContent = `event ${m.version}: ${what}: ${this.name(m.seat)}'s chance ${pc(m.before)} to ${pc(m.after)}`;
        b.onclick = () => this.pick(m.version);
        const li = document.createElement("li");
        li.append(b);
        return li;
      }),
    );
  }

  /** An estimate in words: each seat's chance in whole percent, and what it rests on. */
  private words(e: Estimate): string {
    const chances = e.chances.map((c, seat) => `${this.name(seat)} ${Math.round(c * 100)} %`).join(", ");
    const basis = e.sims === 0 ? "the game has ended" : `${e.sims} playouts, ${e.full ? "from the full state" : "from what a spectator sees"}`;
    return `${chances} (${basis})`;
  }

  private clicked(e: MouseEvent): void {
    const m = this.svg.getScreenCTM();
    if (!m || this.head === 0) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    const v = Math.round(((p.x - LEFT) / (W - LEFT - RIGHT)) * this.head);
    this.pick(Math.min(this.head, Math.max(0, v)));
  }
}
