// A game's events from Subscribe, resumed after the last event received when the stream is cut.

import { Code, ConnectError, type Client } from "@connectrpc/connect";
import { bearer } from "./auth.js";
import type { Hexfold, SubscribeResponse } from "./gen/hexfold/v1/hexfold_pb.js";

// Waits between attempts: `initialMs` after the first failure, times `multiplier` after each further one up to
// `maximumMs`, each drawn uniformly from ±`jitter` of itself (so clients cut off together do not come back
// together). `attempts` bounds the failures in a row before the error is thrown (undefined: no bound); a stream
// that delivers anything starts the count again.
export interface Backoff {
  initialMs: number;
  maximumMs: number;
  multiplier: number;
  jitter: number;
  attempts?: number;
}

const DEFAULT_BACKOFF: Backoff = { initialMs: 100, maximumMs: 5_000, multiplier: 2, jitter: 0.2 };

// What a retry can mend: the server unreachable or shutting down (UNAVAILABLE), and a subscriber the server ended
// for falling more than its buffer behind (RESOURCE_EXHAUSTED), which resumes from where it got to. Anything else
// (an unknown game, a bad token, a deadline) is the caller's to see.
export function retryable(err: unknown): boolean {
  const code = ConnectError.from(err).code;
  return code === Code.Unavailable || code === Code.ResourceExhausted;
}

export interface SubscribeOptions {
  // Deliver events after this version (0: from the game's start).
  afterVersion?: bigint;
  // The seat whose view to follow (a spectator's without one).
  token?: string;
  backoff?: Partial<Backoff>;
  // Told of each failure that will be retried, and the delay before the retry.
  onRetry?: (error: ConnectError, delayMs: number) => void;
  // Ends the subscription (the iteration then throws the abort).
  signal?: AbortSignal;
}

// The game's SubscribeResponses: the catch-up, a `caughtUp` marker, then live events, until the stream ends OK
// after the events that end the game. When the stream fails with a retryable status it is opened again after the
// last event received, once the backoff's delay has passed, so every event comes exactly once and in order; each
// resumption yields a `caughtUp` marker of its own.
export async function* subscribe(
  client: Client<typeof Hexfold>,
  gameId: string,
  options: SubscribeOptions = {},
): AsyncGenerator<SubscribeResponse> {
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  let afterVersion = options.afterVersion ?? 0n;
  let failures = 0;
  // Cancels the call when the caller stops iterating (a `break`), which leaving it to the call's iterator does not
  // do over every transport: an abandoned call holds its connection, and Node.js from exiting.
  const local = new AbortController();
  const abort = () => local.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", abort);
  try {
    for (;;) {
      try {
        const call = client.subscribe(
          { gameId, afterVersion },
          { ...(options.token ? bearer(options.token) : {}), signal: local.signal },
        );
        for await (const item of call) {
          failures = 0;
          if (item.item.case === "event") {
            afterVersion = item.item.value.version;
          }
          yield item;
        }
        return;
      } catch (err) {
        const error = ConnectError.from(err);
        if (local.signal.aborted || !retryable(error)) {
          throw err;
        }
        failures++;
        if (backoff.attempts !== undefined && failures > backoff.attempts) {
          throw err;
        }
        const base = Math.min(backoff.maximumMs, backoff.initialMs * backoff.multiplier ** (failures - 1));
        const delayMs = base * (1 - backoff.jitter + 2 * backoff.jitter * Math.random());
        options.onRetry?.(error, delayMs);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  } finally {
    options.signal?.removeEventListener("abort", abort);
    local.abort();
  }
}
