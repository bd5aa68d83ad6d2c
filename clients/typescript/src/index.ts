// @hexfold/client: the hexfold gRPC API's protobuf-es code and Connect helpers, for any JavaScript runtime. The
// transports are in "@hexfold/client/node" (gRPC over HTTP/2) and "@hexfold/client/web" (gRPC-Web over fetch,
// for browsers); everything here works with either.

export * from "./gen/hexfold/v1/hexfold_pb.js";
export * as catan from "./gen/hexfold/v1/catan/catan_pb.js";
export * as citiesKnights from "./gen/hexfold/v1/cities_knights/cities_knights_pb.js";
export * as catania from "./gen/hexfold/v1/catania/catania_pb.js";
export * as elasund from "./gen/hexfold/v1/elasund/elasund_pb.js";
export { ErrorInfoSchema, type ErrorInfo } from "./gen/google/rpc/error_details_pb.js";
export { Code, ConnectError, createClient, type Client, type Transport } from "@connectrpc/connect";
export { create } from "@bufbuild/protobuf";
export { bearer, bearerInterceptor, parseServer, type Server } from "./auth.js";
export { Refusal, errorInfo, refusals } from "./errors.js";
export { PlayStream, playSeat, type Played, type PlayOptions } from "./play.js";
export { subscribe, retryable, type Backoff, type SubscribeOptions } from "./subscribe.js";
