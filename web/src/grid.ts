// Elasund on the page: its table in words (`elasundView`), the square a command names (`cellTarget`) and its
// board: ten rows (labelled 2-6 and 8-12 from north to south) of nine squares, column 0 by the sea, the
// columns past the game's `columns` unused. The state lists the cells row-major, so a square's index is
// `row index × 9 + column`; it is also the id of the square as a click target (`cell:<index>`).
import type { State } from "./gen/hexfold/v1/elasund/elasund_pb";
import { BuildingKind, CardsSeenSchema, PhaseKindSchema, type CardsSeen } from "./gen/hexfold/v1/elasund/elasund_pb";
import type { Target } from "./board";
import { phaseWords, plural, type TableView } from "./table";
import { messageText } from "./words";
import { score, type Scores } from "./summary";

const COLUMNS = 9;
const ROW_LABELS = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12];
// The page's seat palette (app.css `--seatN`: Okabe and Ito's colour-blind-safe colours).
const SEAT_COLOUR = ["#d55e00", "#0072b2", "#e69f00", "#f5f5f5"];

/** A square's cell index from its row label and column. */
function cellIndex(square: { col: number; row: number }): number {
  return ROW_LABELS.indexOf(square.row) * COLUMNS + square.col;
}

/** The square a command names (`at`: a column and a row label), as a click target. */
export function cellTarget(command: Record<string, unknown>): Target | undefined {
  const at = command.at as { col?: number; row?: number } | undefined;
  return typeof at?.col === "number" && typeof at.row === "number"
    ? { kind: "cell", id: cellIndex({ col: at.col, row: at.row }) }
    : undefined;
}

/** The table around the board: each seat's cards, permits, walls and cubes, the bank and the church tiles. */
export function elasundView(s: State, seats: readonly string[]): TableView {
  const rows = s.seats.map((p, seat) => {
    const facts = [
      `holds ${messageText(CardsSeenSchema, p.hand ?? ({} as CardsSeen), seats)}`,
      plural(p.permits.length, "permit") + " in hand",
      plural(p.wallsBuilt, "wall piece") + " built",
      plural(p.cubesOnBoard, "cube") + " on the board",
    ];
    return { seat, points: p.tradePoints, facts, badges: [] };
  });
  return {
    active: s.current,
    phase: phaseWords(PhaseKindSchema, s.phase?.kind ?? 0),
    winner: s.phase?.winner,
    pointsName: "trade points",
    rows,
    facts: [`turn ${s.turn}`, `the bank holds ${s.bankGold} gold`, plural(s.churchTilesLeft, "church tile") + " left"],
  };
}

export function drawElasund(svg: SVGSVGElement, state: State, legal: Set<string>): void {
  const out: string[] = [];
  const rows = ROW_LABELS.length;
  // One unit per square; the sea is column -1 (the ship sails there), the wall places a strip below.
  svg.setAttribute("viewBox", `-1.6 -0.6 ${COLUMNS + 2.2} ${rows + 2.4}`);
  out.push(`<rect x="-1.5" y="-0.5" width="1.4" height="${rows + 1}" fill="#5dade2"/>`);
  state.cells.forEach((cell, i) => {
    const row = Math.floor(i / COLUMNS);
    const col = i % COLUMNS;
    const used = col < state.columns;
    const x = col;
    const y = row;
    out.push(
      `<rect class="cell" data-kind="square" data-id="${i}" data-col="${col}" data-row="${ROW_LABELS[row]}" ` +
        `x="${x}" y="${y}" width="1" height="1" fill="${used ? "#f5e6c8" : "#bbb"}"/>`,
    );
    const content = cell.content;
    if (content.case === "permit") {
      const { seat, value } = content.value;
      out.push(
        `<g data-kind="permit" data-id="${i}" data-seat="${seat}"><rect x="${x + 0.15}" y="${y + 0.15}" width="0.7" height="0.7" fill="${SEAT_COLOUR[seat] ?? "#999"}"/>` +
          `<text class="label" x="${x + 0.5}" y="${y + 0.5}">${value}</text></g>`,
      );
    } else if (content.case === "building") {
      const piece = state.pieces[content.value.piece];
      const colour = piece?.colour === undefined ? "#7f8c8d" : (SEAT_COLOUR[piece.colour] ?? "#999");
      out.push(`<rect data-kind="building-square" data-id="${i}" data-piece="${content.value.piece}" x="${x + 0.04}" y="${y + 0.04}" width="0.92" height="0.92" fill="${colour}" fill-opacity="0.8"/>`);
    } else if (content.case === "church") {
      const { tile, seat } = content.value;
      out.push(`<g data-kind="church" data-id="${i}" data-tile="${tile}" data-seat="${seat}"><rect x="${x + 0.04}" y="${y + 0.04}" width="0.92" height="0.92" fill="#ecf0f1" stroke="${SEAT_COLOUR[seat] ?? "#999"}" stroke-width="0.08"/><text class="label" x="${x + 0.5}" y="${y + 0.5}">⛪${tile}</text></g>`);
    }
  });
  // One label per building on the board: its name in words, one word a line, centred on the squares it covers,
  // with the full name on hover.
  const covers = new Map<number, number[]>();
  state.cells.forEach((cell, i) => {
    if (cell.content.case === "building") covers.set(cell.content.value.piece, [...(covers.get(cell.content.value.piece) ?? []), i]);
  });
  state.pieces.forEach((piece, id) => {
    if (piece.place.case !== "board") return;
    const at = piece.place.value.at;
    if (!at) return;
    const squares = covers.get(id) ?? [cellIndex(at)];
    const xs = squares.map((i) => i % COLUMNS);
    const ys = squares.map((i) => Math.floor(i / COLUMNS));
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs) + 1, Math.min(...ys), Math.max(...ys) + 1];
    const kind = (BuildingKind[piece.kind] ?? "").toLowerCase();
    const words = kind.split("_");
    // Sized to fit: the longest word across the squares (a semi-bold letter is about 0.62 of the size wide, with a
    // margin), and the lines down them.
    const size = Math.min(0.26, (0.9 * (x1 - x0)) / Math.max(...words.map((w) => w.length)) / 0.62, (0.9 * (y1 - y0)) / words.length / 1.1);
    const lines = words
      .map((w, n) => `<tspan x="${(x0 + x1) / 2}" y="${(y0 + y1) / 2 + (n - (words.length - 1) / 2) * size * 1.1}">${w}</tspan>`)
      .join("");
    // One outline around the squares a building covers, so neighbouring buildings of one colour read apart.
    out.push(`<rect class="building-outline" x="${x0 + 0.04}" y="${y0 + 0.04}" width="${x1 - x0 - 0.08}" height="${y1 - y0 - 0.08}" fill="none" stroke="#2c3e50" stroke-width="0.06" rx="0.08" pointer-events="none"/>`);
    out.push(
      `<text class="label building-name" font-size="${size.toFixed(3)}" data-room="${(0.9 * (x1 - x0)).toFixed(2)},${(0.9 * (y1 - y0)).toFixed(2)}" data-kind="building" data-piece="${id}" data-kind-name="${kind}" data-owner="${piece.place.value.owner}"><title>${words.join(" ")}</title>${lines}</text>`,
    );
  });
  // Column letters (a to the last column in play) along the top, as the commands name squares (`d8`).
  for (let col = 0; col < state.columns; col++) {
    out.push(`<text class="label axis" x="${col + 0.5}" y="-0.3">${String.fromCharCode(97 + col)}</text>`);
  }
  ROW_LABELS.forEach((label, row) => out.push(`<text class="label axis" x="-0.3" y="${row + 0.5}">${label}</text>`));
  if (state.shipRow !== undefined) {
    const row = ROW_LABELS.indexOf(state.shipRow);
    out.push(`<path data-kind="ship" data-row="${state.shipRow}" d="M -1.3 ${row + 0.35} h 0.8 l -0.15 0.35 h -0.5 z" fill="${state.pirate ? "#000" : "#6e2c00"}"/>`);
  }
  // Wall places in the state's order (north, then east, then south), as a strip under the town.
  state.walls.forEach((place, i) => {
    const x = -1.4 + i * (COLUMNS + 2) / Math.max(state.walls.length, 1);
    const w = (COLUMNS + 1.8) / Math.max(state.walls.length, 1);
    const built = place.piece !== undefined;
    const colour = built ? (SEAT_COLOUR[place.piece!.seat] ?? "#999") : "#ddd";
    out.push(`<rect data-kind="${built ? "wall" : "wall-place"}" data-id="${i}" x="${x}" y="${rows + 0.3}" width="${w * 0.9}" height="0.5" fill="${colour}" stroke="#333" stroke-width="0.02"/>`);
  });
  state.cells.forEach((_, i) => {
    const key = `cell:${i}`;
    if (!legal.has(key)) return;
    out.push(`<rect class="target legal" data-kind="target" data-target="${key}" x="${(i % COLUMNS) + 0.3}" y="${Math.floor(i / COLUMNS) + 0.3}" width="0.4" height="0.4"/>`);
  });
  svg.innerHTML = out.join("");
  // The sizes above estimate the letters' widths; a name the browser measures larger than its room is scaled down to
  // fit (while the board is not rendered its boxes measure 0, and the estimate stands).
  svg.querySelectorAll<SVGTextElement>("text.building-name").forEach((text) => {
    const [width, height] = (text.dataset.room ?? "").split(",").map(Number);
    const box = text.getBBox();
    const scale = Math.min(1, width / (box.width || width), height / (box.height || height));
    if (scale < 1) text.setAttribute("font-size", (Number(text.getAttribute("font-size")) * scale).toFixed(3));
  });
}

/** Elasund's victory cubes on the board: on buildings, on church tiles, on the trade track, and the rest on
 *  watch towers of the wall. */
export function elasundScores(s: State): Scores {
  return {
    turn: s.turn,
    unit: "victory cubes",
    seats: s.seats.map((p, seat) => {
      const onBuildings = s.pieces.reduce(
        (sum, piece) => sum + (piece.place.case === "board" && piece.place.value.owner === seat ? piece.place.value.cubes : 0),
        0,
      );
      const onChurch = s.cells.reduce(
        (sum, cell) => sum + (cell.content.case === "church" && cell.content.value.seat === seat ? cell.content.value.cubes : 0),
        0,
      );
      const towers = p.cubesOnBoard - onBuildings - onChurch - p.trackCubes;
      return score(seat, p.cubesOnBoard, [
        { what: "on buildings", points: onBuildings },
        { what: "on church tiles", points: onChurch },
        { what: "on the trade track", points: p.trackCubes },
        { what: "on watch towers", points: Math.max(towers, 0) },
      ]);
    }),
  };
}
