// The boards as SVG. Every hex game is drawn by one function from a `HexModel`, which each game's state fills in;
// positions come from the API (the board's `hex_centers` and `vertex_points`, computed by the server's geometry),
// never worked out here: an edge is drawn between its two vertices' points, a hex as the regular hexagon of
// circumradius 1 around its centre. Every drawn thing carries `data-kind` (and its id), which the tests read.
import type { Board as CatanBoard } from "./gen/hexfold/v1/catan/catan_pb";
import { Resource, Terrain } from "./gen/hexfold/v1/catan/catan_pb";
import type { State as CatanState } from "./gen/hexfold/v1/catan/catan_pb";
import type { State as CkState } from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import { Track } from "./gen/hexfold/v1/cities_knights/cities_knights_pb";
import type { State as CataniaState } from "./gen/hexfold/v1/catania/catania_pb";
import { Terrain as CataniaTerrain, Wonder } from "./gen/hexfold/v1/catania/catania_pb";
import { barbarianStrengths, CK_BARBARIAN_TRACK } from "./table";
import { hexNote, hexStops, LANDING_NOTE, specialistNote, TILTED_NOTE, TOKEN_NOTES, TOKEN_SYMBOLS, WARNED_NOTE, wonderNote, wonderSiteNote } from "./notes";

export interface Point {
  x: number;
  y: number;
}

/** What clicking a drawn thing means: a vertex, an edge or a hex of a hex board, or a cell of a grid. */
export type Target = { kind: "vertex" | "edge" | "hex" | "cell"; id: number };

/** What a drawn thing is, in words: its title (shown on hover, focus or tap), and whether the keyboard stops at it. */
export interface Note {
  note?: string;
  stop?: boolean;
}

export interface HexModel {
  hexes: ({ terrain: string; number?: number; center: Point } & Note)[];
  vertices: Point[];
  edges: { a: number; b: number }[];
  harbors: { edge: number; label: string }[];
  buildings: ({ vertex: number; seat: number; kind: "settlement" | "city" | "metropolis"; wall: boolean } & Note)[];
  routes: { edge: number; seat: number; kind: "road" | "ship" }[];
  knights: { vertex: number; seat: number; strength: number; active: boolean }[];
  /** Single pieces standing on a hex: the robber, the pirate, Catania's forces. */
  tokens: ({ hex: number; kind: string } & Note)[];
  /** The barbarian ship's position on its track, for the games that have one, and the strengths that meet when
   *  it lands: the cities' and the active knights'. */
  barbarians?: { position: number; length: number; strength: number; knights: number[] };
  /** Catania's wonders: each with its builder and level (0 and none while unclaimed), and the corners its
   * condition names (the map's wonder tokens), if any. */
  wonders?: ({ wonder: string; seat?: number; level: number; sites: number[]; siteNote?: string } & Note)[];
  /** Catania's specialist cards, each with its holder (none: the bank). */
  specialists?: ({ resource: string; seat?: number } & Note)[];
  /** Catania's landing places. */
  landings?: { vertex: number; seat: number }[];
}

const SVG = "http://www.w3.org/2000/svg";
/** The regular hexagon of circumradius 1 around the origin, pointy top, corners clockwise from north. */
const HEXAGON = "0,-1 0.866,-0.5 0.866,0.5 0,1 -0.866,0.5 -0.866,-0.5";

const TERRAIN_COLOUR: Record<string, string> = {
  hills: "#c56a3c",
  forest: "#2e7d32",
  pasture: "#9ccc65",
  fields: "#f4d03f",
  mountains: "#95a5a6",
  desert: "#e9d8a6",
  sea: "#5dade2",
  gold: "#d4ac0d",
  glacier: "#eaf2f8",
  volcano: "#641e16",
  temple: "#d7bde2",
  castle: "#a569bd",
  station: "#aab7b8",
  double_field: "#f9e79f",
};

/** A 2:1 harbour's colour: the land that yields its resource. */
const HARBOR_COLOUR: Record<string, string> = {
  brick: TERRAIN_COLOUR.hills!,
  lumber: TERRAIN_COLOUR.forest!,
  wool: TERRAIN_COLOUR.pasture!,
  grain: TERRAIN_COLOUR.fields!,
  ore: TERRAIN_COLOUR.mountains!,
};

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const f = (n: number) => n.toFixed(3);

function enumName(table: Record<number, string>, value: number): string {
  return (table[value] ?? "UNSPECIFIED").toLowerCase();
}

function harborLabel(resource: Resource | undefined): string {
  return resource === undefined ? "3:1" : `2:1 ${enumName(Resource, resource)}`;
}

function boardParts(board: CatanBoard | undefined, terrain: (t: number) => string) {
  return {
    hexes: (board?.hexes ?? []).map((tile, i) => ({
      terrain: terrain(tile.terrain),
      number: tile.number,
      center: board?.hexCenters[i] ?? { x: 0, y: 0 },
    })),
    vertices: board?.vertexPoints ?? [],
    edges: board?.edges ?? [],
    harbors: (board?.harbors ?? []).map((h) => ({ edge: h.edge, label: harborLabel(h.resource) })),
  };
}

export function catanModel(state: CatanState): HexModel {
  return {
    ...boardParts(state.board, (t) => enumName(Terrain, t)),
    buildings: state.buildings.map((b) => ({
      vertex: b.vertex,
      seat: b.seat,
      kind: b.city ? "city" : "settlement",
      wall: false,
    })),
    routes: state.roads.map((r) => ({ edge: r.edge, seat: r.seat, kind: "road" })),
    knights: [],
    tokens: [{ hex: state.robber, kind: "robber" }],
  };
}


export function citiesKnightsModel(state: CkState, board = state.board, track = CK_BARBARIAN_TRACK): HexModel {
  return {
    ...boardParts(board, (t) => enumName(Terrain, t)),
    buildings: state.buildings.map((b) => ({
      vertex: b.vertex,
      seat: b.seat,
      kind: b.metropolis !== undefined && b.metropolis !== Track.UNSPECIFIED ? "metropolis" : b.city ? "city" : "settlement",
      wall: b.wall,
    })),
    routes: state.roads.map((r) => ({ edge: r.edge, seat: r.seat, kind: "road" })),
    knights: state.knights.map((k) => ({ vertex: k.vertex, seat: k.seat, strength: k.strength, active: k.active })),
    tokens: [{ hex: state.robber, kind: "robber" }],
    barbarians: { position: state.barbarians, length: track, ...barbarianStrengths(state) },
  };
}

export function cataniaModel(state: CataniaState): HexModel {
  const layer = state.layer;
  if (!layer) throw new Error("a Catania state without its Cities & Knights layer");
  const model = citiesKnightsModel(layer, undefined, state.barbarianTrackLength);
  const board = boardParts(state.board as CatanBoard | undefined, (t) => enumName(CataniaTerrain, t));
  const tokens = [...model.tokens];
  for (const [kind, hex] of [
    ["pirate", state.pirate],
    ["iceberg", state.iceberg],
    ["hurricane", state.hurricane],
    ["storm_cloud", state.stormCloud],
  ] as const) {
    if (hex !== undefined) tokens.push({ hex, kind });
  }
  for (const t of tokens) t.note = TOKEN_NOTES[t.kind];
  const chipsLeft = state.chipBag.reduce((n, c) => n + c.count, 0);
  const hexes = board.hexes.map((h) => {
    const note = hexNote(h.terrain, h.number, chipsLeft, state.castlePile);
    return { ...h, note, stop: note !== undefined && hexStops(h.terrain, h.number) };
  });
  const laid = (list: { vertex: number }[]) => new Set(list.map((t) => t.vertex));
  const [tilted, warned] = [laid(state.tilted), laid(state.warnedPosts)];
  const buildings = model.buildings.map((b) => ({
    ...b,
    note: tilted.has(b.vertex) ? TILTED_NOTE : warned.has(b.vertex) ? WARNED_NOTE : undefined,
    stop: tilted.has(b.vertex) || warned.has(b.vertex),
  }));
  const wonders = [Wonder.THEATER, Wonder.GREAT_BRIDGE, Wonder.MONUMENT, Wonder.GREAT_WALL, Wonder.CATHEDRAL].map((w) => {
    const built = state.wonders.find((b) => b.wonder === w);
    const wonder = enumName(Wonder, w);
    return {
      wonder,
      seat: built?.seat,
      level: built?.level ?? 0,
      sites: state.wonderSites.find((s) => s.wonder === w)?.vertices ?? [],
      note: wonderNote(wonder, built?.level ?? 0, WONDER_LEVELS, built !== undefined),
      siteNote: wonderSiteNote(wonder),
      stop: true,
    };
  });
  const specialists = state.specialists.map((s) => {
    const resource = enumName(Resource, s.resource);
    return { resource, seat: s.holder, note: specialistNote(resource, s.holder !== undefined), stop: true };
  });
  return {
    ...model,
    ...board,
    routes: [...model.routes, ...state.ships.map((s) => ({ edge: s.edge, seat: s.seat, kind: "ship" as const }))],
    hexes,
    buildings,
    tokens,
    wonders,
    specialists,
    landings: state.landingPlaces.map((l) => ({ vertex: l.vertex, seat: l.seat })),
  };
}

/** The number of levels that complete a wonder. */
const WONDER_LEVELS = 4;

/** A noted thing's attributes: an image named by its title, a stop of the keyboard if it is one. */
function noted(n: Note | undefined): string {
  return n?.note ? ` data-note="" role="img"${n.stop ? ' tabindex="0"' : ""}` : "";
}
/** A noted thing's title, the words the page shows on hover, focus or tap. */
function title(n: Note | undefined): string {
  return n?.note ? `<title>${esc(n.note)}</title>` : "";
}

/** Where on its hex each single piece stands, so two on one hex stay apart. */
const TOKEN_PLACE: Record<string, Point> = {
  robber: { x: 0.45, y: 0 },
  pirate: { x: 0.45, y: 0 },
  iceberg: { x: -0.45, y: 0 },
  hurricane: { x: 0, y: 0.5 },
  storm_cloud: { x: 0, y: -0.5 },
};

function midpoint(model: HexModel, edge: number): Point {
  const ends = model.edges[edge];
  const a = model.vertices[ends?.a ?? 0] ?? { x: 0, y: 0 };
  const b = model.vertices[ends?.b ?? 0] ?? { x: 0, y: 0 };
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Draws `model` into `svg`; `legal` marks the targets the seat may click now. */
export function drawHex(svg: SVGSVGElement, model: HexModel, legal: Set<string>): void {
  const xs = model.hexes.map((h) => h.center.x);
  const ys = model.hexes.map((h) => h.center.y);
  const pad = 1.6;
  const [x0, x1] = [Math.min(...xs) - pad, Math.max(...xs) + pad];
  const rows = (model.barbarians ? 1 : 0) + (model.wonders ? 1 : 0) + (model.specialists ? 1 : 0);
  const [y0, y1] = [Math.min(...ys) - pad, Math.max(...ys) + pad + rows];
  svg.setAttribute("viewBox", `${f(x0)} ${f(y0)} ${f(x1 - x0)} ${f(y1 - y0)}`);
  const out: string[] = [];
  const isLegal = (kind: string, id: number) => (legal.has(`${kind}:${id}`) ? " legal" : "");

  model.hexes.forEach((hex, id) => {
    const { x, y } = hex.center;
    const colour = TERRAIN_COLOUR[hex.terrain] ?? "#ccc";
    out.push(
      `<polygon class="hex" data-kind="hex" data-id="${id}" data-terrain="${hex.terrain}" fill="${colour}" ` +
        `points="${HEXAGON}" transform="translate(${f(x)} ${f(y)})"${noted(hex)}>${title(hex)}</polygon>`,
    );
    if (hex.number !== undefined) {
      const hot = hex.number === 6 || hex.number === 8 ? " hot" : "";
      out.push(`<circle class="chip" cx="${f(x)}" cy="${f(y)}" r="0.32"/>`);
      out.push(`<text class="number${hot}" data-kind="number" data-hex="${id}" x="${f(x)}" y="${f(y)}">${hex.number}</text>`);
    }
  });
  for (const harbor of model.harbors) {
    const m = midpoint(model, harbor.edge);
    const len = Math.hypot(m.x, m.y) || 1;
    const at = { x: m.x + (0.45 * m.x) / len, y: m.y + (0.45 * m.y) / len };
    out.push(
      // A 2:1 harbour in its resource's land colour with the resource's name under the ratio; 3:1 plain.
      `<g data-kind="harbor" data-edge="${harbor.edge}"><circle cx="${f(at.x)}" cy="${f(at.y)}" r="0.34" ` +
        `fill="${HARBOR_COLOUR[harbor.label.split(" ")[1] ?? ""] ?? "#6e2c00"}" stroke="#3b2f1e" stroke-width="0.03"/>` +
        (harbor.label.includes(" ")
          ? `<text class="harbor special" x="${f(at.x)}" y="${f(at.y - 0.1)}">${esc(harbor.label.split(" ")[0]!)}</text>` +
            `<text class="harbor special resource" x="${f(at.x)}" y="${f(at.y + 0.12)}">${esc(harbor.label.split(" ")[1]!)}</text>`
          : `<text class="harbor" x="${f(at.x)}" y="${f(at.y)}">${esc(harbor.label)}</text>`) +
        `<title>harbour: ${esc(harbor.label)}</title></g>`,
    );
  }
  // A wonder's sites are marked under the pieces: a small diamond at each corner, in its builder's colour once
  // claimed (the seat's class outranks the fill attribute).
  for (const w of model.wonders ?? []) {
    for (const v of w.sites) {
      const p = model.vertices[v];
      if (!p) continue;
      const seat = w.seat === undefined ? "" : ` seat${w.seat}`;
      const site = { note: w.siteNote ?? `${w.wonder.replace("_", " ")} site` };
      out.push(
        `<polygon class="wonder-site${seat}" data-kind="wonder-site" data-wonder="${w.wonder}" data-vertex="${v}" ` +
          `points="${f(p.x)},${f(p.y - 0.3)} ${f(p.x + 0.3)},${f(p.y)} ${f(p.x)},${f(p.y + 0.3)} ${f(p.x - 0.3)},${f(p.y)}" ` +
          `fill="#8e44ad" fill-opacity="0.5"${noted(site)}>${title(site)}</polygon>`,
      );
    }
  }
  for (const token of model.tokens) {
    const c = model.hexes[token.hex]?.center;
    if (!c) continue;
    // Each its own symbol on a dark disc, named by its note (titled by its kind in the games without notes).
    const at = TOKEN_PLACE[token.kind] ?? TOKEN_PLACE.robber!;
    const [x, y] = [c.x + at.x, c.y + at.y];
    const named = { note: token.note, stop: true };
    out.push(
      `<g data-kind="${token.kind}" data-hex="${token.hex}"${noted(named)}>${token.note ? title(named) : `<title>${token.kind}</title>`}` +
        `<circle class="robber" cx="${f(x)}" cy="${f(y)}" r="0.24"/>` +
        `<text class="token" x="${f(x)}" y="${f(y)}">${TOKEN_SYMBOLS[token.kind] ?? ""}</text></g>`,
    );
  }
  for (const route of model.routes) {
    const ends = model.edges[route.edge];
    const a = model.vertices[ends?.a ?? -1];
    const b = model.vertices[ends?.b ?? -1];
    if (!a || !b) continue;
    out.push(
      `<line class="${route.kind} seat${route.seat}" data-kind="${route.kind}" data-edge="${route.edge}" data-seat="${route.seat}" ` +
        `x1="${f(a.x + (b.x - a.x) * 0.15)}" y1="${f(a.y + (b.y - a.y) * 0.15)}" x2="${f(b.x - (b.x - a.x) * 0.15)}" y2="${f(b.y - (b.y - a.y) * 0.15)}"/>`,
    );
  }
  for (const knight of model.knights) {
    const p = model.vertices[knight.vertex];
    if (!p) continue;
    const opacity = knight.active ? 1 : 0.45;
    out.push(
      `<g data-kind="knight" data-vertex="${knight.vertex}" data-seat="${knight.seat}" data-strength="${knight.strength}" data-active="${knight.active}">` +
        `<circle class="building seat${knight.seat}" cx="${f(p.x)}" cy="${f(p.y)}" r="0.2" fill-opacity="${opacity}"/>` +
        `<text class="label" x="${f(p.x)}" y="${f(p.y)}">${knight.strength}</text></g>`,
    );
  }
  for (const b of model.buildings) {
    const p = model.vertices[b.vertex];
    if (!p) continue;
    const s = b.kind === "settlement" ? 0.17 : 0.24;
    const attrs = `data-vertex="${b.vertex}" data-seat="${b.seat}"`;
    if (b.wall) {
      out.push(`<rect data-kind="wall" ${attrs} x="${f(p.x - s - 0.07)}" y="${f(p.y - s - 0.07)}" width="${f(2 * s + 0.14)}" height="${f(2 * s + 0.14)}" fill="#555"/>`);
    }
    const shape =
      b.kind === "settlement"
        ? `points="${f(p.x)},${f(p.y - s)} ${f(p.x + s)},${f(p.y)} ${f(p.x + s)},${f(p.y + s)} ${f(p.x - s)},${f(p.y + s)} ${f(p.x - s)},${f(p.y)}"`
        : `points="${f(p.x - s)},${f(p.y - s)} ${f(p.x + s)},${f(p.y - s)} ${f(p.x + s)},${f(p.y + s)} ${f(p.x - s)},${f(p.y + s)}"`;
    // A building an avalanche or the guild laid on its side is drawn so, and says why.
    const laid = b.note ? ` transform="rotate(90 ${f(p.x)} ${f(p.y)})"` : "";
    out.push(`<polygon class="building seat${b.seat}" data-kind="${b.kind}" ${attrs} ${shape}${laid}${noted(b)}>${title(b)}</polygon>`);
    if (b.kind === "metropolis") {
      out.push(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="0.09" fill="#fff" data-kind="metropolis-mark" ${attrs}/>`);
    }
  }
  if (model.wonders) {
    // One row under the board: each wonder with its four levels, those built filled in its builder's colour.
    const y = y1 - 0.6;
    model.wonders.forEach((w, i) => {
      const x = x0 + 0.6 + i * 3;
      const seat = w.seat === undefined ? "" : ` data-seat="${w.seat}"`;
      const named = { note: w.note ?? `${w.wonder.replace("_", " ")}: level ${w.level} of ${WONDER_LEVELS}`, stop: true };
      out.push(`<g data-kind="wonder" data-wonder="${w.wonder}" data-level="${w.level}"${seat}${noted(named)}>${title(named)}`);
      for (let l = 1; l <= WONDER_LEVELS; l++) {
        const cls = l <= w.level && w.seat !== undefined ? `building seat${w.seat}` : "wonder-level";
        out.push(`<rect class="${cls}" data-kind="wonder-level" x="${f(x + (l - 1) * 0.5)}" y="${f(y - 0.2)}" width="0.4" height="0.4" fill="#fdebd0" stroke="#333" stroke-width="0.02"/>`);
      }
      out.push(`<text class="label" x="${f(x + 1)}" y="${f(y + 0.45)}">${esc(w.wonder.replace("_", " "))}</text></g>`);
    });
  }
  if (model.specialists) {
    // One row under the wonders: each resource's specialist card, in its holder's colour or left blank in the bank.
    const y = y1 - 0.6 - (model.wonders ? 1 : 0);
    model.specialists.forEach((s, i) => {
      const x = x0 + 0.6 + i * 3;
      const seat = s.seat === undefined ? "" : ` data-seat="${s.seat}"`;
      const cls = s.seat === undefined ? "specialist" : `specialist building seat${s.seat}`;
      out.push(
        `<g data-kind="specialist" data-resource="${s.resource}"${seat}${noted(s)}>${title(s)}` +
          `<rect class="${cls}" x="${f(x)}" y="${f(y - 0.25)}" width="2.8" height="0.5" rx="0.08"/>` +
          `<text class="label" x="${f(x + 1.4)}" y="${f(y)}">${esc(s.resource)} specialist</text></g>`,
      );
    });
  }
  for (const l of model.landings ?? []) {
    const p = model.vertices[l.vertex];
    if (!p) continue;
    const named = { note: LANDING_NOTE, stop: true };
    out.push(
      `<g data-kind="landing" data-vertex="${l.vertex}" data-seat="${l.seat}"${noted(named)}>${title(named)}` +
        `<circle class="building seat${l.seat}" cx="${f(p.x)}" cy="${f(p.y)}" r="0.14"/><text class="label" x="${f(p.x)}" y="${f(p.y)}">⚓</text></g>`,
    );
  }
  if (model.barbarians) {
    const { position, length, strength, knights } = model.barbarians;
    const y = y1 - 0.6 - (model.wonders ? 1 : 0) - (model.specialists ? 1 : 0);
    for (let i = 0; i <= length; i++) {
      const x = x0 + 0.6 + i * 0.6;
      out.push(`<rect data-kind="barbarian-space" data-id="${i}" x="${f(x - 0.25)}" y="${f(y - 0.25)}" width="0.5" height="0.5" fill="${i === length ? "#922b21" : "#fdebd0"}" stroke="#333" stroke-width="0.02"/>`);
      if (i === position) {
        out.push(`<circle data-kind="barbarian-ship" data-position="${i}" cx="${f(x)}" cy="${f(y)}" r="0.18" fill="#000"/>`);
      }
    }
    // What the track is, how far the ship has to go (it attacks on the red space) and the strengths that meet then.
    const left = length - position;
    const x = f(x0 + 0.6 + (length + 1) * 0.6);
    out.push(
      `<text class="track-label" x="${x}" y="${f(y - 0.16)}">barbarians: ${
        left === 0 ? "attacking" : `${left} ${left === 1 ? "step" : "steps"} from the coast`
      }</text>`,
      `<text class="track-label strength" x="${x}" y="${f(y + 0.18)}">${strength} cities against ${knights.reduce((a, b) => a + b, 0)} knights</text>`,
    );
  }
  // The click targets go last, over everything: a circle per vertex, a wide line per edge, the hex itself.
  model.hexes.forEach((hex, id) => {
    if (!legal.has(`hex:${id}`)) return;
    out.push(`<circle class="target legal" data-kind="target" data-target="hex:${id}" cx="${f(hex.center.x)}" cy="${f(hex.center.y - 0.5)}" r="0.22"/>`);
  });
  model.edges.forEach((ends, id) => {
    const a = model.vertices[ends.a];
    const b = model.vertices[ends.b];
    if (!a || !b) return;
    // The middle half of the edge, 0.22 wide: a shape with an area (a line has none across), so a vertical
    // edge can be clicked and has a box of its own.
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const len = Math.hypot(dx, dy) || 1;
    const [nx, ny] = [(-dy / len) * 0.11, (dx / len) * 0.11];
    const [p, q] = [
      { x: a.x + dx * 0.25, y: a.y + dy * 0.25 },
      { x: b.x - dx * 0.25, y: b.y - dy * 0.25 },
    ];
    const corners = [
      [p.x + nx, p.y + ny],
      [q.x + nx, q.y + ny],
      [q.x - nx, q.y - ny],
      [p.x - nx, p.y - ny],
    ];
    out.push(
      `<polygon class="target edge${isLegal("edge", id)}" data-kind="target" data-target="edge:${id}" ` +
        `points="${corners.map(([x, y]) => `${f(x!)},${f(y!)}`).join(" ")}"/>`,
    );
  });
  model.vertices.forEach((p, id) => {
    out.push(`<circle class="target${isLegal("vertex", id)}" data-kind="target" data-target="vertex:${id}" cx="${f(p.x)}" cy="${f(p.y)}" r="0.2"/>`);
  });
  svg.innerHTML = out.join("");
}

export function newSvg(): SVGSVGElement {
  return document.createElementNS(SVG, "svg") as SVGSVGElement;
}
