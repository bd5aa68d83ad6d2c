// The web app's words over a corpus the Rust test `tests/it/words.rs` writes: each item an event, a command or a
// part of a state (any message with words, named by its type) of the API, in protobuf (base64), with the seats'
// names; prints, as a JSON array in the corpus's order, what web/src/words.ts says of each (an event's sentence, a
// command as the command line types it, a part as a sentence reads it). The test bundles this file with the web
// app's esbuild (`NODE_PATH=web/node_modules`) and compares line by line with what the CLI says.
import { readFileSync } from "node:fs";
import { createRegistry, fromBinary, type DescFile } from "@bufbuild/protobuf";
import { CommandSchema, EventSchema, file_hexfold_v1_hexfold } from "../../web/src/gen/hexfold/v1/hexfold_pb";
import { commandText, eventText, messageText } from "../../web/src/words";

type Item = { kind: "event" | "command" | "message"; type?: string; bytes: string; seats: string[] };

/** The API's file and every file it imports, for the parts' types. */
function files(file: DescFile, out: Set<DescFile> = new Set()): DescFile[] {
  if (!out.has(file)) {
    out.add(file);
    for (const dependency of file.dependencies) files(dependency, out);
  }
  return [...out];
}

const registry = createRegistry(...files(file_hexfold_v1_hexfold));
const corpus: Item[] = JSON.parse(readFileSync(process.argv[2], "utf8"));
const said = corpus.map((item) => {
  const bytes = Buffer.from(item.bytes, "base64");
  if (item.kind === "event") return eventText(fromBinary(EventSchema, bytes), item.seats);
  if (item.kind === "command") return commandText(fromBinary(CommandSchema, bytes));
  const schema = registry.getMessage(item.type ?? "");
  if (!schema) throw new Error(`no message ${item.type} in the API's files`);
  return messageText(schema, fromBinary(schema, bytes), item.seats);
});
process.stdout.write(JSON.stringify(said));
