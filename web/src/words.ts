// The API's words, read from the options of the generated descriptors (proto/hexfold/v1/words/words.proto writes
// down what each option means and the template language): events as sentences and commands as the command line
// types them. The Rust CLI reads the same options (src/cli/words.rs), so the page and the terminal say the same
// thing (tests/it/words.rs renders a corpus of every game through both and compares). Nothing here names a game.
import { clone, create, getOption, hasOption, type DescEnum, type DescField, type DescMessage, type Message } from "@bufbuild/protobuf";
import type { GenMessage } from "@bufbuild/protobuf/codegenv2";
import { reflect, isReflectMessage, type ReflectMessage } from "@bufbuild/protobuf/reflect";
import { CommandSchema, EventSchema, type Command, type Event } from "./gen/hexfold/v1/hexfold_pb";
import { arg, counts, help, sentence, verb, word, keyword, phrase } from "./gen/hexfold/v1/words/words_pb";

type Mode = "sentence" | "word";

type Expr = { kind: "path"; path: string[] } | { kind: "sum"; paths: string[][] };
type FieldRef = { seat: boolean; expr: Expr; filter?: "letter" | "set"; separator?: string };
type Cond = { left: Expr; filter?: "set"; test?: { equal: boolean; rhs: string } };
type Part = { text: string } | { field: FieldRef } | { cond: Cond; then: Part[]; otherwise: Part[] };

const templates = new Map<string, Part[]>();

/** A template of the language of words.proto, parsed once. */
function parsed(text: string): Part[] {
  let parts = templates.get(text);
  if (!parts) {
    parts = parseParts(text);
    templates.set(text, parts);
  }
  return parts;
}

function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "{") depth++;
    if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`unclosed { in ${text}`);
}

function topLevel(text: string, c: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}") depth--;
    else if (text[i] === c && depth === 0) return i;
  }
  return -1;
}

function parseParts(text: string): Part[] {
  const parts: Part[] = [];
  let literal = "";
  for (let i = 0; i < text.length; ) {
    if (text[i] === "{") {
      const end = closing(text, i);
      if (literal) parts.push({ text: literal });
      literal = "";
      parts.push(parseBraces(text.slice(i + 1, end)));
      i = end + 1;
    } else {
      literal += text[i++];
    }
  }
  if (literal) parts.push({ text: literal });
  return parts;
}

function parseExpr(text: string): Expr {
  const path = (p: string) => p.trim().split(".");
  return text.includes("+") ? { kind: "sum", paths: text.split("+").map(path) } : { kind: "path", path: path(text) };
}

function parseBraces(inner: string): Part {
  const q = topLevel(inner, "?");
  if (q >= 0) {
    const [condText, body] = [inner.slice(0, q), inner.slice(q + 1)];
    const bar = topLevel(body, "|");
    const [then, otherwise] = bar >= 0 ? [body.slice(0, bar), body.slice(bar + 1)] : [body, ""];
    let cond: Cond;
    if (condText.includes("!=")) {
      const [left, rhs] = condText.split("!=");
      cond = { left: parseExpr(left), test: { equal: false, rhs: rhs.trim() } };
    } else if (condText.includes("=")) {
      const [left, rhs] = condText.split("=");
      cond = { left: parseExpr(left), test: { equal: true, rhs: rhs.trim() } };
    } else if (condText.endsWith(":set")) {
      cond = { left: parseExpr(condText.slice(0, -4)), filter: "set" };
    } else {
      cond = { left: parseExpr(condText) };
    }
    return { cond, then: parseParts(then), otherwise: parseParts(otherwise) };
  }
  const slash = inner.indexOf("/");
  const [body, separator] = slash >= 0 ? [inner.slice(0, slash), inner.slice(slash + 1)] : [inner, undefined];
  const colon = body.indexOf(":");
  const [bare, filter] = colon >= 0 ? [body.slice(0, colon), body.slice(colon + 1)] : [body, undefined];
  const seat = bare.startsWith("@");
  return {
    field: {
      seat,
      expr: parseExpr(seat ? bare.slice(1) : bare),
      filter: filter === "letter" || filter === "set" ? filter : undefined,
      separator,
    },
  };
}

/** A seat's name, or `seat N` when the name is unknown. */
export function who(seats: readonly string[], seat: number): string {
  return seats[seat] ?? `seat ${seat}`;
}

/** `ProgressCard` as `PROGRESS_CARD`. */
function screaming(camel: string): string {
  return camel.replace(/(?<!^)([A-Z])/g, "_$1").toUpperCase();
}

/** An enum value's word: its name without the enum's prefix, in lower case with dashes; `?` for an unknown number. */
export function valueWord(e: DescEnum, n: number): string {
  const value = e.values.find((v) => v.number === n);
  if (!value) return "?";
  const prefix = `${screaming(e.name)}_`;
  const name = value.name.startsWith(prefix) ? value.name.slice(prefix.length) : value.name;
  return name.toLowerCase().replace(/_/g, "-");
}

function enumText(e: DescEnum, n: number, mode: Mode): string {
  const value = e.values.find((v) => v.number === n);
  if (mode === "sentence" && value && hasOption(value, phrase)) return getOption(value, phrase);
  const w = valueWord(e, n);
  return mode === "sentence" ? w.replace(/-/g, " ") : w;
}

/** A field by name, or the set case of a oneof by the oneof's name. */
function fieldOf(message: ReflectMessage, name: string): DescField | undefined {
  const field = message.desc.fields.find((f) => f.name === name);
  if (field) return field;
  const oneof = message.desc.oneofs.find((o) => o.name === name);
  return oneof ? message.oneofCase(oneof) : undefined;
}

/** Whether a field may be left out: proto3's `optional`. */
function optional(field: DescField): boolean {
  return field.proto.proto3Optional === true;
}

type Resolved = { field: DescField; value: unknown };

function resolve(message: ReflectMessage, path: string[]): Resolved | undefined {
  let current = message;
  for (const segment of path.slice(0, -1)) {
    const field = fieldOf(current, segment);
    if (!field || !current.isSet(field) || field.fieldKind !== "message") return undefined;
    current = current.get(field) as ReflectMessage;
  }
  const field = fieldOf(current, path[path.length - 1]);
  if (!field) return undefined;
  const explicit = field.oneof !== undefined || field.fieldKind === "message" || optional(field);
  if (explicit && !current.isSet(field)) return undefined;
  return { field, value: current.get(field) };
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return undefined;
}

function items(value: unknown): unknown[] {
  return value && typeof value === "object" && Symbol.iterator in value ? [...(value as Iterable<unknown>)] : [];
}

/** The count items of a counts message, nested counts flattened in field order. */
function countItems(message: ReflectMessage, out: [string, number][] = []): [string, number][] {
  for (const field of message.desc.fields) {
    const value = message.get(field);
    if (field.fieldKind === "message") {
      if (message.isSet(field)) countItems(value as ReflectMessage, out);
    } else {
      out.push([field.name.replace(/_/g, "-"), numberOf(value) ?? 0]);
    }
  }
  return out;
}

/** Counts as a command types them (`wool:2 ore:1`) or, in a sentence, as words (`2 wool, 1 ore`); `nothing`. */
function countsText(message: ReflectMessage, mode: Mode): string {
  const shown = countItems(message)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => (mode === "word" ? `${name}:${n}` : `${n} ${name.replace(/-/g, " ")}`));
  return shown.length ? shown.join(mode === "word" ? " " : ", ") : "nothing";
}

function truthy(field: DescField, value: unknown): boolean {
  if (isReflectMessage(value)) {
    if (hasOption(value.desc, counts)) return countItems(value).some(([, n]) => n > 0);
    return value.desc.fields.some(
      (f) => (!(f.oneof !== undefined || f.fieldKind === "message" || optional(f)) || value.isSet(f)) && truthy(f, value.get(f)),
    );
  }
  if (typeof value === "string") return value.length > 0;
  if (value instanceof Uint8Array) return value.length > 0;
  if (field.fieldKind === "list") return items(value).length > 0;
  return (numberOf(value) ?? 0) !== 0;
}

function isSet(message: ReflectMessage, path: string[]): boolean {
  let current = message;
  for (const segment of path.slice(0, -1)) {
    const field = fieldOf(current, segment);
    if (!field || !current.isSet(field) || field.fieldKind !== "message") return false;
    current = current.get(field) as ReflectMessage;
  }
  const last = path[path.length - 1];
  const oneof = current.desc.oneofs.find((o) => o.name === last);
  if (oneof) return current.oneofCase(oneof) !== undefined;
  const field = current.desc.fields.find((f) => f.name === last);
  if (!field) return false;
  const explicit = field.oneof !== undefined || field.fieldKind === "message" || optional(field);
  if (explicit && !current.isSet(field)) return false;
  const isCounts = field.fieldKind === "message" && hasOption(field.message, counts);
  return (explicit && !isCounts) || truthy(field, current.get(field));
}

function holds(cond: Cond, message: ReflectMessage): boolean {
  if (!cond.test) {
    if (cond.left.kind === "sum") return cond.left.paths.some((p) => (numberOf(resolve(message, p)?.value) ?? 0) !== 0);
    if (cond.filter === "set") {
      const found = resolve(message, cond.left.path);
      return !!found && items(found.value).some((item) => itemTruthy(found.field, item));
    }
    return isSet(message, cond.left.path);
  }
  const left = cond.left.kind === "path" ? resolve(message, cond.left.path) : undefined;
  let same = false;
  if (left) {
    const { rhs } = cond.test;
    if (/^-?\d+$/.test(rhs)) same = numberOf(left.value) === Number(rhs);
    else {
      const other = resolve(message, rhs.split("."));
      if (other) same = numberOf(left.value) !== undefined && numberOf(left.value) === numberOf(other.value);
      else if (left.field.fieldKind === "enum") same = valueWord(left.field.enum, numberOf(left.value) ?? -1) === rhs;
    }
  }
  return same === cond.test.equal;
}

/** An item of a list, as `:set` judges it. */
function itemTruthy(field: DescField, item: unknown): boolean {
  return isReflectMessage(item) ? truthy(field, item) : (numberOf(item) ?? (typeof item === "string" ? item.length : 0)) !== 0;
}

function renderValue(field: DescField, value: unknown, seat: boolean, seats: readonly string[], mode: Mode): string {
  if (isReflectMessage(value)) return renderMessage(value, seats, mode);
  const isEnum = field.fieldKind === "enum" || (field.fieldKind === "list" && field.listKind === "enum");
  if (isEnum) return enumText(field.enum as DescEnum, numberOf(value) ?? -1, mode);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Uint8Array) return [...value].map((b) => b.toString(16).padStart(2, "0")).join("");
  const n = numberOf(value);
  if (n === undefined) return "?";
  return seat ? who(seats, n) : String(n);
}

function letter(n: number): string {
  return n >= 0 && n < 26 ? String.fromCharCode(97 + n) : `[column ${n}]`;
}

function render(parts: Part[], message: ReflectMessage, seats: readonly string[], mode: Mode): string {
  let out = "";
  for (const part of parts) {
    if ("text" in part) out += part.text;
    else if ("cond" in part) out += render(holds(part.cond, message) ? part.then : part.otherwise, message, seats, mode);
    else out += renderField(part.field, message, seats, mode);
  }
  return out;
}

function renderField(ref: FieldRef, message: ReflectMessage, seats: readonly string[], mode: Mode): string {
  if (ref.expr.kind === "sum") {
    return String(ref.expr.paths.reduce((sum, p) => sum + (numberOf(resolve(message, p)?.value) ?? 0), 0));
  }
  const found = resolve(message, ref.expr.path);
  if (!found) return "";
  const { field, value } = found;
  if (ref.filter === "letter") return letter(numberOf(value) ?? -1);
  if (field.fieldKind === "list") {
    const byIndex = ref.seat && field.listKind === "message";
    return items(value)
      .map((item, index) => [item, index] as const)
      .filter(([item]) => ref.filter !== "set" || itemTruthy(field, item))
      .map(([item, index]) =>
        byIndex ? `${who(seats, index)} ${renderValue(field, item, false, seats, mode)}` : renderValue(field, item, ref.seat, seats, mode),
      )
      .join(ref.separator ?? ", ");
  }
  return renderValue(field, value, ref.seat, seats, mode);
}

function renderMessage(message: ReflectMessage, seats: readonly string[], mode: Mode): string {
  const desc = message.desc;
  const own = mode === "sentence" && hasOption(desc, sentence) ? getOption(desc, sentence) : undefined;
  const template = own ?? (hasOption(desc, word) ? getOption(desc, word) : undefined);
  if (template !== undefined) return render(parsed(template), message, seats, mode);
  if (hasOption(desc, counts)) return countsText(message, mode);
  const oneof = desc.oneofs[0];
  if (oneof) {
    const field = message.oneofCase(oneof);
    return field ? renderValue(field, message.get(field), false, seats, mode) : "";
  }
  return "?";
}

/** Follows the set case of each oneof down to the first message `isLeaf` takes. */
function leaf(message: ReflectMessage, isLeaf: (desc: DescMessage) => boolean): ReflectMessage | undefined {
  if (isLeaf(message.desc)) return message;
  const oneof = message.desc.oneofs[0];
  const field = oneof && message.oneofCase(oneof);
  if (!field || field.fieldKind !== "message") return undefined;
  return leaf(message.get(field) as ReflectMessage, isLeaf);
}

/** One event as a sentence, with the seats' names. */
export function eventText(event: Event, seats: readonly string[]): string {
  const found = leaf(reflect(EventSchema, event), (desc) => hasOption(desc, sentence));
  return found ? renderMessage(found, seats, "sentence") : "(empty event)";
}

function argsText(message: ReflectMessage, out: string[]): void {
  const done = new Set<string>();
  for (const field of message.desc.fields) {
    if (field.oneof) {
      if (done.has(field.oneof.name)) continue;
      done.add(field.oneof.name);
      const chosen = message.oneofCase(field.oneof);
      if (chosen) {
        out.push(chosen.name.replace(/_/g, "-"));
        if (chosen.fieldKind === "message") argsText(message.get(chosen) as ReflectMessage, out);
      }
      continue;
    }
    const explicit = field.fieldKind === "message" || optional(field);
    if (explicit && !message.isSet(field)) continue;
    if (hasOption(field, keyword)) out.push(getOption(field, keyword));
    const value = message.get(field);
    for (const item of field.fieldKind === "list" ? items(value) : [value]) {
      if (isReflectMessage(item)) {
        if (hasOption(item.desc, counts)) out.push(countsText(item, "word"));
        else if (hasOption(item.desc, word)) out.push(render(parsed(getOption(item.desc, word)), item, [], "word"));
        else argsText(item, out);
      } else {
        out.push(renderValue(field, item, false, [], "word"));
      }
    }
  }
}

/** One command as the command line types it (`build shop d8 over red`). */
export function commandText(command: Command): string {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  if (!found) return "(empty command)";
  const out = [getOption(found.desc, verb).split("|")[0].trim()];
  argsText(found, out);
  return out.join(" ");
}

/** A field that names a seat in a command (its grammar's argument is `SEAT`). */
function seatArg(field: DescField): boolean {
  return hasOption(field, arg) && getOption(field, arg) === "SEAT";
}

function labelArgs(message: ReflectMessage, seats: readonly string[], out: string[]): void {
  const done = new Set<string>();
  for (const field of message.desc.fields) {
    if (field.oneof) {
      if (done.has(field.oneof.name)) continue;
      done.add(field.oneof.name);
      const chosen = message.oneofCase(field.oneof);
      if (chosen) {
        out.push(chosen.name.replace(/_/g, " "));
        if (chosen.fieldKind === "message") labelArgs(message.get(chosen) as ReflectMessage, seats, out);
      }
      continue;
    }
    const explicit = field.fieldKind === "message" || optional(field);
    if (explicit && !message.isSet(field)) continue;
    if (hasOption(field, keyword)) out.push(getOption(field, keyword));
    const value = message.get(field);
    for (const item of field.fieldKind === "list" ? items(value) : [value]) {
      if (isReflectMessage(item)) {
        if (hasOption(item.desc, counts) || hasOption(item.desc, sentence)) out.push(renderMessage(item, seats, "sentence"));
        else if (hasOption(item.desc, word)) out.push(render(parsed(getOption(item.desc, word)), item, seats, "word"));
        else labelArgs(item, seats, out);
      } else if (seatArg(field)) {
        out.push(`${hasOption(field, keyword) ? "" : "from "}${who(seats, numberOf(item) ?? -1)}`);
      } else {
        out.push(renderValue(field, item, false, seats, "sentence"));
      }
    }
  }
}

/** One command as a button reads: the command line's words with spaces for dashes, seats by name and enum values
 *  by their phrase (`move robber 7 from bob`, `offer 1 wool for 1 ore`). */
export function commandLabel(command: Command, seats: readonly string[]): string {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  if (!found) return "(empty command)";
  const out = [getOption(found.desc, verb).split("|")[0].trim().replace(/-/g, " ")];
  labelArgs(found, seats, out);
  return out.join(" ");
}

/** What a command is for, in a few words (its `help`), if the proto says. */
export function commandHelp(command: Command): string | undefined {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  return found && hasOption(found.desc, help) ? getOption(found.desc, help) : undefined;
}

/** The command's verb as its button reads (dashes as spaces), for grouping a seat's actions. */
export function commandVerb(command: Command): string {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  return found ? getOption(found.desc, verb).split("|")[0].trim().replace(/-/g, " ") : "";
}

/** A message of the API as it reads in a sentence: its own sentence, its counts or its word (`4+4=8`,
 *  `2 wool, 1 ore`). */
export function messageText<T extends Message>(schema: GenMessage<T>, message: T, seats: readonly string[]): string {
  return renderMessage(reflect(schema, message), seats, "sentence");
}

/** An enum value as a sentence says it: its phrase, or its word with spaces. */
export function enumPhrase(e: DescEnum, n: number): string {
  return enumText(e, n, "sentence");
}

/** A command's first counts argument: its field's name and its items (`discard wool:2 ore:1` → wool 2, ore 1, the
 *  others 0) in the counts message's field order; none for a command without one. */
export function commandCounts(command: Command): { field: string; items: [string, number][] } | undefined {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  if (!found) return undefined;
  for (const field of found.desc.fields) {
    if (field.fieldKind !== "message" || !hasOption(field.message, counts)) continue;
    const items = argCounts(command, field.name);
    return items ? { field: field.name, items } : undefined;
  }
  return undefined;
}

/** The count items of argument `name` of a command's leaf, or none when it has no such counts argument. */
export function argCounts(command: Command, name: string): [string, number][] | undefined {
  const found = leaf(reflect(CommandSchema, command), (desc) => hasOption(desc, verb));
  const field = found?.desc.fields.find((f) => f.name === name);
  if (!found || !field || field.fieldKind !== "message" || !hasOption(field.message, counts)) return undefined;
  return countItems(reflect(field.message, found.isSet(field) ? (found.get(field) as ReflectMessage).message : create(field.message)));
}

function setCountItems(message: ReflectMessage, values: ReadonlyMap<string, number>): void {
  for (const field of message.desc.fields) {
    if (field.fieldKind === "message") {
      const inner = reflect(field.message, create(field.message));
      setCountItems(inner, values);
      message.set(field, inner);
    } else if (field.fieldKind === "scalar") {
      message.set(field, values.get(field.name.replace(/_/g, "-")) ?? 0);
    }
  }
}

/** A copy of `command` with its leaf's counts arguments set by item name (`{give: wool 1, receive: ore 2}`): an
 *  offer of other terms than the ones listed, for the server to judge. */
export function withCounts(command: Command, args: Record<string, ReadonlyMap<string, number>>): Command {
  const copy = clone(CommandSchema, command);
  const found = leaf(reflect(CommandSchema, copy), (desc) => hasOption(desc, verb));
  if (!found) return copy;
  for (const [name, values] of Object.entries(args)) {
    const field = found.desc.fields.find((f) => f.name === name);
    if (!field || field.fieldKind !== "message") continue;
    const inner = reflect(field.message, create(field.message));
    setCountItems(inner, values);
    found.set(field, inner);
  }
  return copy;
}
