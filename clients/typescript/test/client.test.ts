// @hexfold/client against a real server, through its built entry points (the package's own name, as an installer
// imports it): HEXFOLD_SERVER is the server's address (http://HOST:PORT), HEXFOLD_TLS_SERVER a server over TLS
// (https://HOST:PORT) whose certificate HEXFOLD_TLS_CA (a PEM file) signed, and HEXFOLD_BIN the hexfold binary,
// which the reconnection test starts and restarts itself. The test command (tests/it/typescript.rs) sets them all.

import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import {
  Code,
  ConnectError,
  GameStatus,
  Refusal,
  Variant,
  bearer,
  create,
  catan,
  errorInfo,
  parseServer,
  playSeat,
  PlayStream,
  refusals,
  subscribe,
  type Client,
  type Hexfold,
  type SubscribeResponse,
} from "@hexfold/client";
import { createHexfoldClient } from "@hexfold/client/node";
import { createHexfoldClient as createWebClient } from "@hexfold/client/web";

function required(name: string): string {
  const value = process.env[name];
  assert.ok(value, `set ${name} (see test/client.test.ts)`);
  return value;
}

const SERVER = required("HEXFOLD_SERVER");
const DEADLINE = { timeoutMs: 60_000 };
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

function roll() {
  return create(catan.CommandSchema, { command: { case: "rollDice", value: {} } });
}

function command(inner: ReturnType<typeof roll>) {
  return { game: { case: "catan" as const, value: inner } };
}

async function newGame(client: Client<typeof Hexfold>, victoryPoints?: number) {
  return await client.createGame(
    { variant: Variant.CATAN, seats: ["ann", "bob", "cat"], options: victoryPoints ? { victoryPoints } : undefined },
    DEADLINE,
  );
}

// One legal command of the first seat that may act; returns the new version.
async function step(client: Client<typeof Hexfold>, gameId: string, tokens: string[]): Promise<bigint> {
  for (const token of tokens) {
    const legal = await client.legalActions({ gameId }, bearer(token));
    if (legal.commands.length > 0) {
      const done = await client.submitCommand(
        { gameId, commandId: `step-${legal.version}`, command: legal.commands[0], expectedVersion: legal.version },
        bearer(token),
      );
      return done.version;
    }
  }
  throw new Error("no seat may act");
}

test("server addresses in the CLI's form and bare", () => {
  assert.deepEqual(parseServer("http://127.0.0.1:50051"), { baseUrl: "http://127.0.0.1:50051", tls: false });
  assert.deepEqual(parseServer("127.0.0.1:50051"), { baseUrl: "http://127.0.0.1:50051", tls: false });
  assert.deepEqual(parseServer("https://play.example:443"), { baseUrl: "https://play.example", tls: true });
  for (const bad of ["ftp://h:1", "http://h", "http://h:1/path", "h:port"]) {
    assert.throws(() => parseServer(bad), bad);
  }
});

test("a client with a token acts as its seat; a call's own token wins", async () => {
  const created = await newGame(createHexfoldClient(SERVER));
  const seat1 = createHexfoldClient(SERVER, { token: created.seats[1].token });
  const state = await seat1.getState({ gameId: created.gameId }, DEADLINE);
  assert.equal(state.viewerSeat, 1);
  const legal = await seat1.legalActions({ gameId: created.gameId }, bearer(created.seats[2].token));
  assert.equal(legal.seat, 2);
});

test("an https:// server is reached over TLS, verified against the given roots", async () => {
  const url = required("HEXFOLD_TLS_SERVER");
  const ca = readFileSync(required("HEXFOLD_TLS_CA"));
  const created = await newGame(createHexfoldClient(url, { ca }));
  const seat0 = createHexfoldClient(url, { ca, token: created.seats[0].token });
  assert.equal((await seat0.getState({ gameId: created.gameId }, DEADLINE)).viewerSeat, 0);
  // Node's roots do not hold the test's CA, and plain HTTP/2 is no TLS: neither connects.
  for (const plain of [url, url.replace("https://", "http://")]) {
    const err = await createHexfoldClient(plain)
      .listGames({}, { timeoutMs: 5_000 })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ConnectError, `${plain}: ${err}`);
  }
});

test("a rule violation is a Refusal with its reason and rule; other errors pass unchanged", async () => {
  const client = createHexfoldClient(SERVER);
  const created = await newGame(client);
  const ann = bearer(created.seats[0].token);
  await client.submitCommand({ gameId: created.gameId, commandId: "a1", command: command(roll()) }, ann);
  const refusal = await refusals(() =>
    client.submitCommand({ gameId: created.gameId, commandId: "a2", command: command(roll()) }, ann),
  ).then(
    () => assert.fail("a second roll is refused"),
    (err: unknown) => err,
  );
  assert.ok(refusal instanceof Refusal);
  assert.equal(refusal.code, Code.FailedPrecondition);
  assert.deepEqual([refusal.reason, refusal.ruleId, refusal.domain], ["NotYourTurn", "BASE-TURN-01", "hexfold"]);
  assert.equal(refusal.message, "It is not your turn to act.");
  assert.ok(refusal.cause instanceof ConnectError);
  assert.equal(String(refusal), "FailedPrecondition NotYourTurn [BASE-TURN-01]: It is not your turn to act.");

  const conflict = await refusals(() =>
    client.submitCommand(
      { gameId: created.gameId, commandId: "b1", command: command(roll()), expectedVersion: 0n },
      bearer(created.seats[1].token),
    ),
  ).catch((err: unknown) => err);
  assert.ok(conflict instanceof Refusal && conflict.code === Code.Aborted && conflict.reason === "VersionConflict");
  assert.equal(conflict.ruleId, undefined);
  assert.deepEqual([conflict.metadata["expected_version"], conflict.metadata["actual_version"]], ["0", "1"]);

  const forged = await refusals(() => client.legalActions({ gameId: created.gameId }, bearer("f".repeat(43)))).catch(
    (err: unknown) => err,
  );
  assert.ok(forged instanceof ConnectError && !(forged instanceof Refusal));
  assert.equal(forged.code, Code.Unauthenticated);
  assert.equal(errorInfo(forged), undefined);
  assert.equal(Refusal.fromError(forged), undefined);
});

test("a Play stream answers each command in order with its result or its refusal", async () => {
  const client = createHexfoldClient(SERVER);
  const created = await newGame(client);
  const stream = new PlayStream(client, created.gameId, created.seats[0].token, DEADLINE);
  const updates = stream[Symbol.asyncIterator]();
  const first = (await updates.next()).value;
  assert.equal(first.update.case, "yourTurn");
  const endTurn = create(catan.CommandSchema, { command: { case: "endTurn", value: {} } });
  const refusedId = stream.submit(command(endTurn));
  const acceptedId = stream.submit(command(roll()), { expectedVersion: first.update.value.version });
  const refused = (await updates.next()).value.update;
  const accepted = (await updates.next()).value.update;
  stream.close();
  assert.ok(refused.case === "result" && refused.value.outcome.case === "refused");
  assert.ok(accepted.case === "result" && accepted.value.outcome.case === "accepted");
  assert.deepEqual([refused.value.commandId, accepted.value.commandId], [refusedId, acceptedId]);
  const refusal = Refusal.fromRefused(refused.value.outcome.value);
  assert.equal(refusal.code, Code.FailedPrecondition);
  assert.match(refusal.ruleId ?? "", /^BASE-/);
  assert.equal(accepted.value.outcome.value.version, 1n);
  assert.equal((await updates.next()).done, true, "the stream ends once closed");
});

test("playSeat plays every seat to the end", async () => {
  const client = createHexfoldClient(SERVER);
  const created = await newGame(client, 3);
  const played = await Promise.all(
    created.seats.map((seat) =>
      playSeat(client, created.gameId, seat.token, (p) => p.commands[Math.floor(Math.random() * p.commands.length)], {
        ...DEADLINE,
        maxCommands: 5_000,
      }),
    ),
  );
  const winners = new Set(played.map((p) => p.ended.winner));
  assert.equal(winners.size, 1);
  assert.ok(played.some((p) => p.accepted > 0));
  const state = await client.getState({ gameId: created.gameId }, DEADLINE);
  assert.equal(state.summary?.status, GameStatus.FINISHED);
  assert.equal(state.summary?.winner, played[0].ended.winner);
  assert.equal(state.version, played[0].ended.version);
});

test("the browser's transport (gRPC-Web over fetch) calls the server, refusals included", async () => {
  const client = createWebClient(SERVER);
  const created = await newGame(client);
  const seat0 = createWebClient(SERVER, { token: created.seats[0].token });
  await seat0.submitCommand({ gameId: created.gameId, commandId: "w1", command: command(roll()) }, DEADLINE);
  const refusal = await refusals(() =>
    seat0.submitCommand({ gameId: created.gameId, commandId: "w2", command: command(roll()) }, DEADLINE),
  ).catch((err: unknown) => err);
  assert.ok(refusal instanceof Refusal && refusal.ruleId === "BASE-TURN-01", String(refusal));
  const items: SubscribeResponse[] = [];
  for await (const item of subscribe(client, created.gameId)) {
    items.push(item);
    if (item.item.case === "caughtUp") {
      break;
    }
  }
  assert.deepEqual(
    items.map((i) => i.item.case),
    ["event", "caughtUp"],
  );
});

test("the browser's entry point bundles for the browser, without Node's modules", async () => {
  for (const entry of ["dist/index.js", "dist/web.js"]) {
    const result = await build({
      entryPoints: [join(PACKAGE, entry)],
      bundle: true,
      platform: "browser",
      format: "esm",
      write: false,
      logLevel: "silent",
    });
    assert.equal(result.errors.length, 0, entry);
    assert.doesNotMatch(result.outputFiles[0].text, /node:http2|require\("http2"\)/, entry);
  }
});

class OwnServer {
  private constructor(
    readonly process: ChildProcess,
    readonly address: string,
    readonly dataDir: string,
  ) {}

  static async start(dataDir: string, listen = "127.0.0.1:0"): Promise<OwnServer> {
    const child = spawn(required("HEXFOLD_BIN"), ["serve", "--listen", listen, "--data-dir", dataDir], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith("listening on ")) {
        return new OwnServer(child, line.split(" ").pop()!, dataDir);
      }
    }
    throw new Error("hexfold serve exited before it listened");
  }

  // SIGTERM: the server ends its streams with UNAVAILABLE, flushes and exits.
  async stop(): Promise<void> {
    const exited = once(this.process, "exit");
    this.process.kill("SIGTERM");
    const [code] = await exited;
    assert.equal(code, 0);
  }

  async restart(): Promise<OwnServer> {
    return await OwnServer.start(this.dataDir, this.address);
  }
}

const scratch = mkdtempSync(join(tmpdir(), "hexfold-client-test-"));
after(() => rmSync(scratch, { recursive: true, force: true }));

test("subscribe resumes after the last event when the server restarts", async () => {
  const first = await OwnServer.start(join(scratch, "data"));
  let second: OwnServer | undefined;
  try {
    const client = createHexfoldClient(`http://${first.address}`);
    const created = await newGame(client);
    const tokens = created.seats.map((s) => s.token);
    let version = await step(client, created.gameId, tokens);
    const items: SubscribeResponse[] = [];
    const retries: Code[] = [];
    const stream = subscribe(client, created.gameId, {
      backoff: { initialMs: 50, maximumMs: 500 },
      onRetry: (err) => retries.push(err.code),
    });
    const caughtUp = (await stream.next()).value;
    items.push(caughtUp, (await stream.next()).value);
    await first.stop();
    second = await first.restart();
    while (version < 4n) {
      version = await step(client, created.gameId, tokens);
    }
    for await (const item of stream) {
      items.push(item);
      if (item.item.case === "event" && item.item.value.version === 4n) {
        break;
      }
    }
    const events = items.flatMap((i) => (i.item.case === "event" ? [i.item.value.version] : []));
    assert.deepEqual(events, [1n, 2n, 3n, 4n]);
    assert.ok(retries.length > 0 && retries.every((c) => c === Code.Unavailable), String(retries));
  } finally {
    for (const s of [first, second]) {
      s?.process.kill("SIGKILL");
    }
  }
});

test("subscribe gives up after the backoff's attempts and never retries a final error", async () => {
  const closed = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  const delays: number[] = [];
  const options = { backoff: { initialMs: 10, jitter: 0, attempts: 3 }, onRetry: (_: unknown, d: number) => delays.push(d) };
  const unreachable = await (async () => {
    for await (const _ of subscribe(createHexfoldClient(`http://127.0.0.1:${closed}`), "any", options)) {
      // nothing arrives
    }
  })().catch((err: unknown) => err);
  assert.equal(ConnectError.from(unreachable).code, Code.Unavailable);
  assert.deepEqual(delays, [10, 20, 40]);

  const unknown = await (async () => {
    for await (const _ of subscribe(createHexfoldClient(SERVER), "catan-no-such-game", options)) {
      // nothing arrives
    }
  })().catch((err: unknown) => err);
  assert.ok([Code.NotFound, Code.InvalidArgument].includes(ConnectError.from(unknown).code));
  assert.equal(delays.length, 3);
});

test("the README's first game runs as written", async () => {
  const readme = readFileSync(join(PACKAGE, "README.md"), "utf8");
  const code = readme.split("```ts\n")[1].split("```")[0];
  assert.ok(code.includes("http://127.0.0.1:50051"));
  // Inside the package (its build directory), so that it imports the package by its name as an installer's code
  // would.
  const file = join(PACKAGE, "dist", `readme-${process.pid}.ts`);
  writeFileSync(file, code.replace("http://127.0.0.1:50051", SERVER));
  try {
    const output: string[] = [];
    const log = console.log;
    console.log = (...args: unknown[]) => output.push(args.join(" "));
    try {
      await import(file);
    } finally {
      console.log = log;
    }
    assert.match(output[0] ?? "", /is at version 1$/);
    assert.equal(output[1], "NotYourTurn BASE-TURN-01");
  } finally {
    rmSync(file);
  }
});
