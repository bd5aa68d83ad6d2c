// Pan and zoom over a board drawn as SVG: drag to pan, the wheel or a pinch to zoom, and buttons (zoom in, zoom
// out, the whole board) a keyboard reaches; the arrow keys pan while the board has focus (with Shift on a board
// whose hexes the arrows walk, hexwalk.ts). It works on the SVG's
// viewBox alone, so a board's drawing stays in its own units and knows nothing of it: after each drawing (which
// sets the viewBox of the whole board) `drawn()` takes that box as the whole and puts the view back where the
// person left it. The first view is zoomed to the game's `readablePx` screen pixels per board unit at least (for a
// board whose pieces are too small to read whole, Catania's), centred on the
// places the viewer may click (else the buildings); a later drawing whose clickable places are all out of view
// moves the view to them, so what may be clicked is always on screen.

/** A rectangle of the board, in its units. */
interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The most the view zooms in, against the whole board. */
const MAX_SCALE = 8;
/** A button's or the wheel's zoom step. */
const STEP = 1.5;
/** A pointer moving this many screen pixels between down and up pans, and its click is not a click. */
const DRAG_PX = 5;

export interface PanZoomOptions {
  /** What the view keeps on screen: the places the viewer may click. */
  places: string;
  /** Where the first view looks when there is no place to click: the pieces. */
  pieces: string;
}

export class PanZoom {
  /** The controls above the board. */
  readonly controls: HTMLElement;
  private whole?: Box;
  private scale = 1;
  private centre = { x: 0, y: 0 };
  private readonly level: HTMLOutputElement;
  private readonly pointers = new Map<number, { x: number; y: number }>();
  private moved = 0;
  private dragged = false;

  constructor(
    private readonly svg: SVGSVGElement,
    private readonly options: PanZoomOptions,
  ) {
    const button = (text: string, label: string, act: () => void) => {
      const b = document.createElement("button");
      b.textContent = text;
      b.setAttribute("aria-label", label);
      b.onclick = act;
      return b;
    };
    this.level = document.createElement("output");
    this.level.setAttribute("aria-live", "polite");
    this.controls = document.createElement("div");
    this.controls.className = "zoom";
    this.controls.setAttribute("role", "toolbar");
    this.controls.setAttribute("aria-label", "zoom the board");
    this.controls.append(
      button("−", "zoom out", () => this.zoomBy(1 / STEP)),
      button("+", "zoom in", () => this.zoomBy(STEP)),
      button("whole board", "show the whole board", () => this.set(1, this.middle())),
      this.level,
    );
    // Its name, which says what its keys do, is hexwalk.ts's (the arrows walk the hexes of a board that explains
    // them, and pan any other).
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    for (const end of ["pointerup", "pointercancel"] as const) svg.addEventListener(end, (e) => this.up(e));
    // A drag's click is no click: stopped before the board's own listener sees it.
    svg.addEventListener(
      "click",
      (e) => {
        if (!this.dragged) return;
        this.dragged = false;
        e.stopImmediatePropagation();
        e.preventDefault();
      },
      { capture: true },
    );
    svg.addEventListener("keydown", (e) => this.key(e));
    // A place or piece reached with the keyboard is brought into view.
    svg.addEventListener("focusin", (e) => {
      if (e.target !== svg && e.target instanceof SVGGraphicsElement) this.reveal([e.target], false);
    });
  }

  /** After each drawing: the viewBox it set is the whole board; the view is put back (or set up, the first time)
   *  and the clickable places are brought into view when none is. */
  drawn(readablePx?: number): void {
    const box = this.svg.viewBox.baseVal;
    const whole = { x: box.x, y: box.y, w: box.width, h: box.height };
    const first = !this.whole || this.whole.w !== whole.w || this.whole.h !== whole.h;
    this.whole = whole;
    const places = [...this.svg.querySelectorAll<SVGGraphicsElement>(this.options.places)];
    if (first) {
      // Screen pixels per unit with the whole board in view (the drawing has just set its box).
      const px = this.svg.getScreenCTM()?.a ?? 0;
      const readable = readablePx && px > 0 ? readablePx / px : 1;
      const near = places.length > 0 ? places : [...this.svg.querySelectorAll<SVGGraphicsElement>(this.options.pieces)];
      this.set(readable, near.length > 0 ? centroid(near.map(boxOf)) : this.middle());
    } else {
      this.apply();
    }
    this.reveal(places, true);
  }

  /** Centres the view on `thing` when it is not wholly in view (a hex walked to with the keyboard). */
  show(thing: SVGGraphicsElement): void {
    if (this.scale === 1 || !this.whole) return;
    const b = boxOf(thing);
    const v = this.svg.viewBox.baseVal;
    if (b.x >= v.x && b.y >= v.y && b.x + b.w <= v.x + v.width && b.y + b.h <= v.y + v.height) return;
    this.set(this.scale, { x: b.x + b.w / 2, y: b.y + b.h / 2 });
  }

  /** The view's scale (1: the whole board) and centre, clamped to the board. */
  private set(scale: number, centre: { x: number; y: number }): void {
    this.scale = Math.min(MAX_SCALE, Math.max(1, scale));
    this.centre = centre;
    this.apply();
  }

  private apply(): void {
    const whole = this.whole;
    if (!whole) return;
    const [w, h] = [whole.w / this.scale, whole.h / this.scale];
    const clamp = (v: number, lo: number, span: number, size: number) => Math.min(lo + span - size / 2, Math.max(lo + size / 2, v));
    this.centre = { x: clamp(this.centre.x, whole.x, whole.w, w), y: clamp(this.centre.y, whole.y, whole.h, h) };
    const view = [this.centre.x - w / 2, this.centre.y - h / 2, w, h];
    this.svg.setAttribute("viewBox", view.map((n) => n.toFixed(3)).join(" "));
    this.svg.classList.toggle("zoomed", this.scale > 1);
    this.level.textContent = this.scale > 1 ? `zoom ${Math.round(this.scale * 100)} %` : "the whole board";
  }

  private middle(): { x: number; y: number } {
    const w = this.whole ?? { x: 0, y: 0, w: 0, h: 0 };
    return { x: w.x + w.w / 2, y: w.y + w.h / 2 };
  }

  /** Zooms by `factor` keeping the board's point `at` (default: the view's centre) where it is on screen. */
  private zoomBy(factor: number, at = this.centre): void {
    const scale = Math.min(MAX_SCALE, Math.max(1, this.scale * factor));
    const k = this.scale / scale;
    this.set(scale, { x: at.x + (this.centre.x - at.x) * k, y: at.y + (this.centre.y - at.y) * k });
  }

  /** A screen point in the board's units, under the current view. */
  private toBoard(x: number, y: number): { x: number; y: number } {
    const m = this.svg.getScreenCTM();
    if (!m) return this.centre;
    const p = new DOMPoint(x, y).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  }

  private wheel(e: WheelEvent): void {
    e.preventDefault();
    this.zoomBy(e.deltaY < 0 ? STEP : 1 / STEP, this.toBoard(e.clientX, e.clientY));
  }

  private down(e: PointerEvent): void {
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 1) {
      this.moved = 0;
      this.dragged = false;
    }
  }

  /** One pointer pans; two pinch (zoom by the change of their distance, about their midpoint) and pan. */
  private move(e: PointerEvent): void {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    // A button let go outside the board: that pointer's drag has ended.
    if (e.buttons === 0) return void this.pointers.delete(e.pointerId);
    const before = [...this.pointers.values()];
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const after = [...this.pointers.values()];
    this.moved += Math.hypot(e.clientX - last.x, e.clientY - last.y);
    if (this.moved < DRAG_PX) return;
    if (!this.dragged) {
      this.dragged = true;
      this.svg.setPointerCapture(e.pointerId);
    }
    const mid = (ps: { x: number; y: number }[]) => ({
      x: ps.reduce((s, p) => s + p.x, 0) / ps.length,
      y: ps.reduce((s, p) => s + p.y, 0) / ps.length,
    });
    const [m0, m1] = [mid(before), mid(after)];
    const [p0, p1] = [this.toBoard(m0.x, m0.y), this.toBoard(m1.x, m1.y)];
    this.set(this.scale, { x: this.centre.x - (p1.x - p0.x), y: this.centre.y - (p1.y - p0.y) });
    if (before.length === 2) {
      const span = (ps: { x: number; y: number }[]) => Math.hypot(ps[0]!.x - ps[1]!.x, ps[0]!.y - ps[1]!.y) || 1;
      this.zoomBy(span(after) / span(before), this.toBoard(m1.x, m1.y));
    }
  }

  private up(e: PointerEvent): void {
    this.pointers.delete(e.pointerId);
    if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
  }

  /** The arrow keys pan by a fifth of the view, + and - zoom, 0 shows the whole board. */
  private key(e: KeyboardEvent): void {
    if (e.target !== this.svg || !this.whole) return;
    const [w, h] = [this.whole.w / this.scale / 5, this.whole.h / this.scale / 5];
    const pan: Record<string, [number, number]> = { ArrowLeft: [-w, 0], ArrowRight: [w, 0], ArrowUp: [0, -h], ArrowDown: [0, h] };
    const by = pan[e.key];
    if (by) this.set(this.scale, { x: this.centre.x + by[0], y: this.centre.y + by[1] });
    else if (e.key === "+" || e.key === "=") this.zoomBy(STEP);
    else if (e.key === "-") this.zoomBy(1 / STEP);
    else if (e.key === "0") this.set(1, this.middle());
    else return;
    e.preventDefault();
  }

  /** Brings `things` into view when none of them (`any`) or not `things[0]` is in view: centred on them, zoomed
   *  out as far as it takes to show them all. */
  private reveal(things: SVGGraphicsElement[], any: boolean): void {
    if (things.length === 0 || this.scale === 1 || !this.whole) return;
    const boxes = things.map(boxOf);
    const view = this.svg.viewBox.baseVal;
    const inView = (b: Box) => b.x + b.w / 2 >= view.x && b.x + b.w / 2 <= view.x + view.width && b.y + b.h / 2 >= view.y && b.y + b.h / 2 <= view.y + view.height;
    if (any ? boxes.some(inView) : inView(boxes[0]!)) return;
    const [x0, x1] = [Math.min(...boxes.map((b) => b.x)), Math.max(...boxes.map((b) => b.x + b.w))];
    const [y0, y1] = [Math.min(...boxes.map((b) => b.y)), Math.max(...boxes.map((b) => b.y + b.h))];
    const fit = Math.min(this.whole.w / (x1 - x0 + 2), this.whole.h / (y1 - y0 + 2));
    this.set(Math.min(this.scale, fit), { x: (x0 + x1) / 2, y: (y0 + y1) / 2 });
  }
}

/** An element's box in the board's units (its transform, a hex's translation, applied). */
function boxOf(el: SVGGraphicsElement): Box {
  const b = el.getBBox();
  const m = el.transform.baseVal.consolidate()?.matrix;
  return m ? { x: b.x + m.e, y: b.y + m.f, w: b.width, h: b.height } : { x: b.x, y: b.y, w: b.width, h: b.height };
}

function centroid(boxes: Box[]): { x: number; y: number } {
  return {
    x: boxes.reduce((s, b) => s + b.x + b.w / 2, 0) / boxes.length,
    y: boxes.reduce((s, b) => s + b.y + b.h / 2, 0) / boxes.length,
  };
}
