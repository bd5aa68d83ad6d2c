// Server addresses in the CLI's form, and the seat token as `authorization: Bearer` metadata.

import type { Interceptor } from "@connectrpc/connect";

export interface Server {
  // The base URL a Connect transport takes: `http://HOST:PORT` or `https://HOST:PORT`.
  baseUrl: string;
  tls: boolean;
}

// A server address as the CLI takes it (`http://HOST:PORT`, `https://HOST:PORT`) or bare (`HOST:PORT`, plain).
// Throws for another scheme, a path, or no port.
export function parseServer(server: string): Server {
  const url = new URL(server.includes("://") ? server : `http://${server}`);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(`${server}: the scheme is http:// or https://`);
  }
  if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || url.username) {
    throw new Error(`${server}: a server address is a scheme, a host and a port, nothing more`);
  }
  // URL drops a scheme's default port, so it is read from the text: HOST:PORT must name one.
  if (!/:\d+\/?$/.test(server)) {
    throw new Error(`${server}: give the host and the port (HOST:PORT)`);
  }
  return { baseUrl: `${url.protocol}//${url.host}`, tls: url.protocol === "https:" };
}

// Call options that act as the token's seat, for one call: `client.getState(request, bearer(token))`.
export function bearer(token: string): { headers: Record<string, string> } {
  return { headers: { authorization: `Bearer ${token}` } };
}

// An interceptor that sends the token on every call that does not carry an `authorization` of its own.
export function bearerInterceptor(token: string): Interceptor {
  return (next) => async (request) => {
    if (!request.header.has("authorization")) {
      request.header.set("authorization", `Bearer ${token}`);
    }
    return await next(request);
  };
}
