// Browsers: gRPC-Web over fetch (Connect's gRPC-Web transport), which the server answers on its API port. Every
// method but Play, which streams both ways: a browser's fetch cannot.

import { createClient, type Client, type Interceptor, type Transport } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { bearerInterceptor, parseServer } from "./auth.js";
import { Hexfold } from "./gen/hexfold/v1/hexfold_pb.js";

export interface WebOptions {
  // Every call acts as this seat (a call's own `authorization` header wins).
  token?: string;
  interceptors?: Interceptor[];
}

// A transport to `server` (`http://HOST:PORT`, `https://HOST:PORT` or `HOST:PORT`).
export function createWebTransport(server: string, options: WebOptions = {}): Transport {
  const { baseUrl } = parseServer(server);
  const interceptors = [...(options.token ? [bearerInterceptor(options.token)] : []), ...(options.interceptors ?? [])];
  return createGrpcWebTransport({ baseUrl, interceptors });
}

// The Hexfold service's client over `createWebTransport`.
export function createHexfoldClient(server: string, options: WebOptions = {}): Client<typeof Hexfold> {
  return createClient(Hexfold, createWebTransport(server, options));
}
