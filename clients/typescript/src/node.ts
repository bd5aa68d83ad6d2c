// Node.js: gRPC over HTTP/2 (Connect's gRPC transport), plain or TLS.

import { createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { bearerInterceptor, parseServer } from "./auth.js";
import { Hexfold } from "./gen/hexfold/v1/hexfold_pb.js";

export interface NodeOptions {
  // Every call acts as this seat (a call's own `authorization` header wins).
  token?: string;
  // PEM roots to verify an https:// server against, instead of Node's.
  ca?: string | Buffer;
  interceptors?: Interceptor[];
}

// A transport to `server` (`http://HOST:PORT`, `https://HOST:PORT` or `HOST:PORT`).
export function createNodeTransport(server: string, options: NodeOptions = {}): Transport {
  const { baseUrl } = parseServer(server);
  const interceptors = [...(options.token ? [bearerInterceptor(options.token)] : []), ...(options.interceptors ?? [])];
  return createGrpcTransport({ baseUrl, interceptors, nodeOptions: options.ca ? { ca: options.ca } : undefined });
}

// The Hexfold service's client over `createNodeTransport`.
export function createHexfoldClient(server: string, options: NodeOptions = {}): Client<typeof Hexfold> {
  return createClient(Hexfold, createNodeTransport(server, options));
}
