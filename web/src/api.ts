// The page's only way to the server: the public gRPC API over gRPC-Web on the origin that served the page.
import { createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createGrpcWebTransport } from "@connectrpc/connect-web";
import { Hexfold } from "./gen/hexfold/v1/hexfold_pb";

export type Api = Client<typeof Hexfold>;

/** A client that sends `token` as the seat's bearer token, or none (a spectator). */
export function connect(token?: string): Api {
  const auth: Interceptor = (next) => async (request) => {
    if (token) request.header.set("authorization", `Bearer ${token}`);
    return next(request);
  };
  return createClient(
    Hexfold,
    createGrpcWebTransport({ baseUrl: location.origin, useBinaryFormat: true, interceptors: [auth] }),
  );
}

/** A command id no other command of this page will have: 16 random bytes as hex. `crypto.randomUUID` would do,
 *  but it exists only in secure contexts, and the app may be served over plain HTTP on a LAN. */
export function commandId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
