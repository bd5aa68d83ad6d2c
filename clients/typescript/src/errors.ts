// A refused call's google.rpc.ErrorInfo, decoded into a typed error.
//
// The server puts an ErrorInfo (domain "hexfold") in the status details of every refusal of a command: the rule
// violation's name as its reason and `rule_id` and `message` in its metadata (FAILED_PRECONDITION), a version
// conflict with `expected_version` and `actual_version` (ABORTED), a reused command id (ALREADY_EXISTS), and so on.
// Inside a Play stream the same refusal comes as a CommandRefused result.

import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema, type ErrorInfo } from "./gen/google/rpc/error_details_pb.js";
import type { CommandRefused } from "./gen/hexfold/v1/hexfold_pb.js";

// The ErrorInfo in a failed call's status details, or undefined (a status without one, such as UNAUTHENTICATED
// for a forged token, or something that is not a call's error).
export function errorInfo(err: unknown): ErrorInfo | undefined {
  return err instanceof ConnectError ? err.findDetails(ErrorInfoSchema)[0] : undefined;
}

// A command or call the server refused, with the reason it gave: `code` the status, `reason` the violation's name
// (NotYourTurn, VersionConflict, ...), `ruleId` the rule it breaks where there is one (BASE-TURN-01, the rules
// docs' ids), `message` the server's explanation, `metadata` everything the ErrorInfo carried. `toString()` is all
// of it on one line.
export class Refusal extends Error {
  readonly ruleId: string | undefined;

  constructor(
    readonly code: Code,
    readonly reason: string,
    message: string,
    readonly metadata: Readonly<Record<string, string>>,
    readonly domain = "hexfold",
  ) {
    super(message);
    this.name = "Refusal";
    this.ruleId = metadata["rule_id"];
  }

  override toString(): string {
    return `${Code[this.code]} ${this.reason}${this.ruleId ? ` [${this.ruleId}]` : ""}: ${this.message}`;
  }

  // The refusal a failed call carries, or undefined when its status has no ErrorInfo.
  static fromError(err: unknown): Refusal | undefined {
    const info = errorInfo(err);
    if (info === undefined || !(err instanceof ConnectError)) {
      return undefined;
    }
    const refusal = new Refusal(err.code, info.reason, info.metadata["message"] ?? err.rawMessage, info.metadata, info.domain);
    refusal.cause = err;
    return refusal;
  }

  // The refusal of a command inside a Play stream (its code is gRPC's numbering, which Connect's Code shares).
  static fromRefused(refused: CommandRefused): Refusal {
    const code = refused.code in Code ? (refused.code as Code) : Code.Unknown;
    return new Refusal(code, refused.reason, refused.message, refused.metadata);
  }
}

// Awaits `call`, throwing an error whose status carries an ErrorInfo as a Refusal (with the original as its
// cause); any other error passes unchanged.
export async function refusals<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw Refusal.fromError(err) ?? err;
  }
}
