// The hexes a board explains, walked with the arrow keys: the board is one stop of the Tab key, and while it has
// focus the arrows move a marked hex (the board's `aria-activedescendant`) to the next one that way, which the
// caption under the board and a screen reader then read. So every explained hex (Catania's 195-hex world has about
// 140) is reached from the keyboard without a Tab stop each. Left and right go along the hex's row; up and down to
// the nearest row above or below, to its hex nearest across. Shift with an arrow pans the view instead (panzoom.ts).

/** The hexes walked: those with a note, drawn by board.ts as `polygon[data-kind=hex]` with a `<title>`. */
const WALKED = 'polygon[data-kind="hex"][data-note]';

const SVG = "http://www.w3.org/2000/svg";

/** How far apart two hexes' centres may be in height and still be in one row (hex rows are 1.5 apart). */
const SAME_ROW = 0.1;

export class HexWalk {
  /** The hex marked last (its `data-id`), kept across drawings. */
  private current?: string;

  /** `reveal` brings the marked hex into view. */
  constructor(
    private readonly svg: SVGSVGElement,
    private readonly reveal: (hex: SVGGraphicsElement) => void,
  ) {
    // In the capture phase: before the view's own arrow keys (panzoom.ts), which pan.
    svg.addEventListener("keydown", (e) => this.key(e), { capture: true });
    svg.addEventListener("focus", () => this.mark(this.hex(this.current), false));
    svg.addEventListener("blur", () => this.mark(undefined));
  }

  /** After each drawing: the board's name says how its keys work, and the marked hex is marked again (the
   *  drawing replaced the elements) while the board has focus. */
  drawn(): void {
    const walks = this.hexes().length > 0;
    this.svg.setAttribute(
      "aria-label",
      walks
        ? "the board: the arrow keys go from hex to hex and read each, Shift with an arrow pans, the wheel or a pinch zooms"
        : "the board: drag or use the arrow keys to pan, the wheel or a pinch to zoom",
    );
    if (document.activeElement === this.svg) this.mark(this.hex(this.current), false);
  }

  private hexes(): SVGGraphicsElement[] {
    return [...this.svg.querySelectorAll<SVGGraphicsElement>(WALKED)];
  }

  private hex(id: string | undefined): SVGGraphicsElement | undefined {
    return id === undefined ? undefined : (this.svg.querySelector<SVGGraphicsElement>(`${WALKED}[data-id="${id}"]`) ?? undefined);
  }

  private key(e: KeyboardEvent): void {
    const way = WAYS[e.key];
    if (!way || e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return;
    // An arrow on a focused hex (a special hex is a stop of the Tab key) walks on from there, the board focused.
    const onHex = e.target instanceof SVGGraphicsElement && e.target.matches(WALKED) ? e.target : undefined;
    if (e.target !== this.svg && !onHex) return;
    const hexes = this.hexes();
    if (hexes.length === 0) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    const from = onHex ?? this.hex(this.current);
    const next = from ? step(from, hexes, way) : this.nearestToView(hexes);
    if (onHex) this.svg.focus();
    this.mark(next ?? from);
  }

  /** The hex nearest the middle of the view: where a walk starts. */
  private nearestToView(hexes: SVGGraphicsElement[]): SVGGraphicsElement | undefined {
    const v = this.svg.viewBox.baseVal;
    const [x, y] = [v.x + v.width / 2, v.y + v.height / 2];
    return minBy(hexes, (h) => Math.hypot(centre(h).x - x, centre(h).y - y));
  }

  /** Marks `hex` (none: unmarks), names it as the board's active descendant and tells the caption (a `walked`
   *  event from the hex); `show` brings it into view. */
  private mark(hex: SVGGraphicsElement | undefined, show = true): void {
    this.svg.querySelector(".walk-ring")?.remove();
    if (!hex) {
      this.svg.removeAttribute("aria-activedescendant");
      return;
    }
    this.current = hex.dataset.id;
    hex.id = `hex-${hex.dataset.id}`;
    // The mark: the hex's outline drawn last, over its neighbours and pieces.
    const ring = document.createElementNS(SVG, "polygon");
    ring.setAttribute("class", "walk-ring");
    for (const a of ["points", "transform"]) ring.setAttribute(a, hex.getAttribute(a) ?? "");
    this.svg.append(ring);
    this.svg.setAttribute("aria-activedescendant", hex.id);
    if (show) this.reveal(hex);
    hex.dispatchEvent(new Event("walked", { bubbles: true }));
  }
}

/** Each arrow's way: along the row (x) or to the next row (y), and which sign. */
const WAYS: Record<string, { axis: "x" | "y"; sign: 1 | -1 }> = {
  ArrowLeft: { axis: "x", sign: -1 },
  ArrowRight: { axis: "x", sign: 1 },
  ArrowUp: { axis: "y", sign: -1 },
  ArrowDown: { axis: "y", sign: 1 },
};

/** The hex next to `from` the `way`: the nearest in its row that side, or in the nearest row above or below, the
 *  one nearest across; none at the board's edge. */
function step(from: SVGGraphicsElement, hexes: SVGGraphicsElement[], way: { axis: "x" | "y"; sign: 1 | -1 }): SVGGraphicsElement | undefined {
  const at = centre(from);
  const placed = hexes.map((h) => ({ h, c: centre(h) }));
  if (way.axis === "x") {
    const row = placed.filter(({ c }) => Math.abs(c.y - at.y) < SAME_ROW && (c.x - at.x) * way.sign > SAME_ROW);
    return minBy(row, ({ c }) => Math.abs(c.x - at.x))?.h;
  }
  const beyond = placed.filter(({ c }) => (c.y - at.y) * way.sign > SAME_ROW);
  const nearest = minBy(beyond, ({ c }) => Math.abs(c.y - at.y));
  if (!nearest) return undefined;
  const row = beyond.filter(({ c }) => Math.abs(c.y - nearest.c.y) < SAME_ROW);
  return minBy(row, ({ c }) => Math.abs(c.x - at.x))?.h;
}

/** A hex's centre in the board's units: board.ts draws each as a hexagon around the origin, translated there. */
function centre(hex: SVGGraphicsElement): { x: number; y: number } {
  const m = hex.transform.baseVal.consolidate()?.matrix;
  return { x: m?.e ?? 0, y: m?.f ?? 0 };
}

function minBy<T>(items: T[], by: (item: T) => number): T | undefined {
  let best: T | undefined;
  let least = Infinity;
  for (const item of items) {
    const v = by(item);
    if (v < least) [best, least] = [item, v];
  }
  return best;
}
