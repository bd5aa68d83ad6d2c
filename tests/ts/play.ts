// A TypeScript client of the hexfold gRPC API on Node.js: proves a game can be played to its end from another
// language with generated code.
//
// Usage: tsx play.ts http://HOST:PORT (or HOST:PORT)
//
// It uses the client package, clients/typescript (`@hexfold/client`, installed from its folder by package.json):
// its generated code, its Node.js transport (Connect's gRPC over HTTP/2), `Refusal` for the ErrorInfo of a
// refusal and `PlayStream` for the Play streams. The script
// 1. creates a three-seat base Catan game to 3 victory points (one building more than the opening gives);
// 2. has a seat break a rule with a unary SubmitCommand and decodes the google.rpc.ErrorInfo in the refusal's
//    details (its reason and rule id);
// 3. plays the game to its end with one Play stream per seat, each choosing among the legal actions the server
//    sends, and checks that every stream sees the same end and that GetState agrees.
// It exits non-zero on the first failed check; every call has a deadline, so a server that stops answering fails
// the run instead of hanging it.

import {
  Code,
  GameStatus,
  PlayStream,
  Refusal,
  Variant,
  bearer,
  refusals,
  type Client,
  type Hexfold,
  type LegalActionsResponse,
} from "@hexfold/client";
import { createHexfoldClient } from "@hexfold/client/node";

const DEADLINE_MS = 60_000;
// A random game to 3 points ends well within this; more means it is not progressing.
const MAX_COMMANDS_PER_SEAT = 5_000;

function check(condition: boolean, what: string): asserts condition {
  if (!condition) {
    throw new Error(`check failed: ${what}`);
  }
  console.log(`ok: ${what}`);
}

// A small seeded generator (mulberry32), so a failing run can be repeated.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function refusalCarriesErrorInfo(client: Client<typeof Hexfold>, gameId: string, token: string) {
  // Nobody may build before the opening: a rule violation, FAILED_PRECONDITION with its rule in the details.
  const refusal = await refusals(() =>
    client.submitCommand(
      {
        gameId,
        commandId: "ts-refused-1",
        command: { game: { case: "catan", value: { command: { case: "buildCity", value: { vertex: 0 } } } } },
      },
      { ...bearer(token), timeoutMs: DEADLINE_MS },
    ),
  ).then(
    () => undefined,
    (err: unknown) => err,
  );
  check(refusal instanceof Refusal, `a rule violation is refused with an ErrorInfo (${refusal})`);
  check(refusal.code === Code.FailedPrecondition, `a rule violation is FAILED_PRECONDITION (${Code[refusal.code]})`);
  check(refusal.domain === "hexfold", `its domain is hexfold (${refusal.domain})`);
  check(refusal.reason.length > 0, `its reason names the violation (${refusal.reason})`);
  check(/^BASE-[A-Z]+-\d+$/.test(refusal.ruleId ?? ""), `it names the rule (${refusal.ruleId})`);
}

// Plays one seat over a Play stream until the game ends; returns the winner the stream was told.
async function playSeat(
  client: Client<typeof Hexfold>,
  gameId: string,
  seat: number,
  token: string,
): Promise<number | undefined> {
  const random = rng(seat + 1);
  const stream = new PlayStream(client, gameId, token, { timeoutMs: DEADLINE_MS });
  let sent = 0;
  let lastVersion = 0n;
  let winner: number | undefined;
  let ended = false;
  // Answers a prompt (the seat's legal actions at a version) with one of them, at exactly that version: if
  // another seat acts first, the answer is ABORTED and the next prompt comes with the new version.
  const act = (prompt: LegalActionsResponse) => {
    if (prompt.seat !== seat) {
      throw new Error(`seat ${seat} was prompted for seat ${prompt.seat}`);
    }
    if (prompt.commands.length === 0) {
      return;
    }
    if (++sent > MAX_COMMANDS_PER_SEAT) {
      throw new Error(`seat ${seat}: the game is not progressing`);
    }
    const command = prompt.commands[Math.floor(random() * prompt.commands.length)];
    stream.submit(command, { commandId: `ts-${seat}-${sent}`, expectedVersion: prompt.version });
  };
  try {
    for await (const update of stream) {
      switch (update.update.case) {
        case "yourTurn":
          act(update.update.value);
          break;
        case "result": {
          const outcome = update.update.value.outcome;
          if (outcome.case === "accepted") {
            if (outcome.value.version <= lastVersion) {
              throw new Error(`seat ${seat}: versions went back (${outcome.value.version} after ${lastVersion})`);
            }
            lastVersion = outcome.value.version;
            // Inside Play an accepted command carries the seat's next prompt when it may act again.
            if (outcome.value.legalActions) {
              act(outcome.value.legalActions);
            }
          } else if (outcome.case === "refused" && outcome.value.code !== Code.Aborted) {
            throw new Error(`seat ${seat}: a listed command was refused: ${Refusal.fromRefused(outcome.value)}`);
          }
          break;
        }
        case "ended":
          // The server ends the stream next: read it to its end.
          ended = true;
          winner = update.update.value.winner;
          stream.close();
          break;
      }
    }
  } catch (err) {
    stream.cancel();
    throw err;
  }
  if (!ended) {
    throw new Error(`seat ${seat}: the stream ended without the game's end`);
  }
  return winner;
}

async function main() {
  const server = process.argv[2];
  if (!server) {
    throw new Error("usage: play.ts http://HOST:PORT");
  }
  const client = createHexfoldClient(server);
  const created = await client.createGame(
    { variant: Variant.CATAN, seats: ["ann", "bob", "cat"], options: { victoryPoints: 3 } },
    { timeoutMs: DEADLINE_MS },
  );
  check(created.seats.length === 3, `a game with three seats (${created.gameId})`);
  const tokens = created.seats.map((s) => s.token);

  await refusalCarriesErrorInfo(client, created.gameId, tokens[0]);

  const winners = await Promise.all(tokens.map((token, seat) => playSeat(client, created.gameId, seat, token)));
  check(winners.every((w) => w === winners[0]) && winners[0] !== undefined, `every stream saw the end (winner ${winners[0]})`);
  const state = await client.getState({ gameId: created.gameId }, { timeoutMs: DEADLINE_MS });
  check(state.summary?.status === GameStatus.FINISHED, "GetState says the game is finished");
  check(state.summary?.winner === winners[0], "with the same winner");
  console.log(`typescript client: all checks passed (finished at version ${state.version})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
