// Commands and events in a line of text each, from their protobuf JSON form, so every game's messages read the
// same way without a table per game: `placeSettlement vertex=17`.
import { toJson, type JsonValue } from "@bufbuild/protobuf";
import { CommandSchema, EventSchema, type Command, type Event } from "./gen/hexfold/v1/hexfold_pb";

// Zeros are named too: seat 0 is a seat.
const JSON_OPTIONS = { alwaysEmitImplicit: true } as const;

function words(value: JsonValue): string {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return JSON.stringify(value);
  return Object.entries(value)
    .map(([key, item]) =>
      item !== null && typeof item === "object" ? `${key}=${JSON.stringify(item)}` : `${key}=${item}`,
    )
    .join(" ");
}

/** The innermost named case of a JSON oneof chain (`{catan: {placeSettlement: {vertex: 17}}}`, or Catania's
 *  `{catania: {ck: {buildKnight: ...}}}`), as `name fields`. */
function leaf(json: JsonValue, skip: number): string {
  let node = json;
  for (let i = 0; i < skip && node && typeof node === "object" && !Array.isArray(node); i++) {
    const [only] = Object.values(node);
    node = only ?? null;
  }
  while (node && typeof node === "object" && !Array.isArray(node)) {
    const keys = Object.keys(node);
    if (keys.length !== 1 || keys[0] !== "ck") break;
    node = node.ck ?? null;
  }
  if (!node || typeof node !== "object" || Array.isArray(node)) return String(node);
  const [name, fields] = Object.entries(node)[0] ?? ["?", {}];
  const rest = words(fields);
  return rest && rest !== "{}" ? `${name} ${rest}` : name;
}

export function describeCommand(command: Command): string {
  return leaf(toJson(CommandSchema, command, JSON_OPTIONS), 1);
}

export function describeEvent(event: Event): string {
  const json = toJson(EventSchema, event, JSON_OPTIONS);
  if (event.body.case === "seedRevealed") return "seedRevealed";
  return leaf(json, 1);
}
