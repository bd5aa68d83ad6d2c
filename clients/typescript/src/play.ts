// One seat's Play stream: the server sends the seat's legal actions whenever it may act, the client sends
// commands, and each command is answered in order with its result or its refusal. (gRPC over HTTP/2 only:
// gRPC-Web, and so a browser, cannot stream both ways.)

import { create } from "@bufbuild/protobuf";
import { Code, type Client } from "@connectrpc/connect";
import { bearer } from "./auth.js";
import { Refusal } from "./errors.js";
import {
  PlayRequestSchema,
  type Command,
  type GameEnded,
  type Hexfold,
  type LegalActionsResponse,
  type PlayRequest,
  type PlayUpdate,
} from "./gen/hexfold/v1/hexfold_pb.js";

export interface PlayOptions {
  // The whole stream's deadline.
  timeoutMs?: number;
  signal?: AbortSignal;
}

// A seat's Play stream. Iterate it (once) for the server's updates (`yourTurn`, `result`, `ended`); `submit`
// queues a command at any time. `close()` ends the requests: the server answers what it has, then ends the stream;
// `cancel()` ends it at once.
export class PlayStream implements AsyncIterable<PlayUpdate> {
  private readonly queue: PlayRequest[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private readonly updates: AsyncIterable<PlayUpdate>;
  private readonly abort = new AbortController();

  constructor(client: Client<typeof Hexfold>, readonly gameId: string, token: string, options: PlayOptions = {}) {
    this.queue.push(create(PlayRequestSchema, { request: { case: "open", value: { gameId } } }));
    const signal = options.signal ? AbortSignal.any([options.signal, this.abort.signal]) : this.abort.signal;
    this.updates = client.play(this.requests(), { ...bearer(token), timeoutMs: options.timeoutMs, signal });
  }

  // Queues a command; returns its command id (a random UUID unless given: ids are per game, so seats must not
  // share them), which its result names.
  submit(command: Command, options: { commandId?: string; expectedVersion?: bigint } = {}): string {
    const commandId = options.commandId ?? crypto.randomUUID();
    this.queue.push(
      create(PlayRequestSchema, {
        request: { case: "submit", value: { commandId, command, expectedVersion: options.expectedVersion } },
      }),
    );
    this.wake?.();
    return commandId;
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  // Ends the stream at once, whatever is in flight: for a reader that stops before the server ends the stream
  // (an abandoned stream holds its connection, and Node.js from exiting).
  cancel(): void {
    this.close();
    this.abort.abort();
  }

  [Symbol.asyncIterator](): AsyncIterator<PlayUpdate> {
    return this.updates[Symbol.asyncIterator]();
  }

  private async *requests(): AsyncGenerator<PlayRequest> {
    for (;;) {
      const next = this.queue.shift();
      if (next !== undefined) {
        yield next;
      } else if (this.closed) {
        return;
      } else {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
      }
    }
  }
}

// How a seat's game went: the end its stream was told, the seat's accepted commands, and those that lost a race
// for a version to another seat (refused ABORTED VersionConflict; the next prompt came at once).
export interface Played {
  ended: GameEnded;
  accepted: number;
  conflicts: number;
}

// Plays the token's seat over a Play stream until the game ends. Each time the seat may act, `choose` gets its
// legal actions and returns one of them (undefined: pass this prompt). The command is sent at the prompt's
// version, so one that another seat's beat to that version is refused as a conflict and the next prompt comes
// with the new version; any other refusal is thrown as a Refusal, and a stream that ends before the game does
// throws. At most `maxCommands` are sent (then it throws: the game is not progressing).
export async function playSeat(
  client: Client<typeof Hexfold>,
  gameId: string,
  token: string,
  choose: (prompt: LegalActionsResponse) => Command | undefined,
  options: PlayOptions & { maxCommands?: number } = {},
): Promise<Played> {
  const stream = new PlayStream(client, gameId, token, options);
  let sent = 0;
  let accepted = 0;
  let conflicts = 0;
  let ended: GameEnded | undefined;
  try {
    for await (const update of stream) {
      let prompt: LegalActionsResponse | undefined;
      switch (update.update.case) {
        case "ended":
          // The server ends the stream after this: read it to its end rather than cancel it, which would leave
          // the connection busy until the server's idle timeout.
          ended = update.update.value;
          stream.close();
          break;
        case "yourTurn":
          prompt = update.update.value;
          break;
        case "result": {
          const outcome = update.update.value.outcome;
          if (outcome.case === "refused") {
            const refusal = Refusal.fromRefused(outcome.value);
            if (refusal.code !== Code.Aborted) {
              throw refusal;
            }
            conflicts++;
          } else if (outcome.case === "accepted") {
            accepted++;
            prompt = outcome.value.legalActions;
          }
          break;
        }
      }
      const command = prompt && prompt.commands.length > 0 ? choose(prompt) : undefined;
      if (prompt && command) {
        if (++sent > (options.maxCommands ?? Infinity)) {
          throw new Error(`more than ${options.maxCommands} commands and the game has not ended`);
        }
        stream.submit(command, { expectedVersion: prompt.version });
      }
    }
  } catch (err) {
    stream.cancel();
    throw err;
  } finally {
    stream.close();
  }
  if (ended === undefined) {
    throw new Error("the Play stream ended before the game did");
  }
  return { ended, accepted, conflicts };
}
