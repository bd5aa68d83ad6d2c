"""Channels to a hexfold server, and the seat token as `authorization: Bearer` metadata."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import grpc


def parse_server(server: str) -> tuple[str, bool]:
    """The gRPC target (`HOST:PORT`) of a server address as the CLI takes it (`http://HOST:PORT`,
    `https://HOST:PORT`) or bare (`HOST:PORT`), and whether it is TLS. Raises ValueError for another scheme, a path,
    or no port."""
    if "://" not in server:
        server = f"http://{server}"
    parts = urlsplit(server)
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"{server}: the scheme is http:// or https://")
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(f"{server}: a server address is a scheme, a host and a port, nothing more")
    try:
        port = parts.port
    except ValueError as err:
        raise ValueError(f"{server}: {err}") from None
    if port is None or not parts.hostname:
        raise ValueError(f"{server}: give the host and the port (HOST:PORT)")
    return parts.netloc, parts.scheme == "https"


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    """Call metadata that acts as the token's seat: pass as `metadata=` to one call."""
    return (("authorization", f"Bearer {token}"),)


class _Bearer(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor,
              grpc.StreamUnaryClientInterceptor, grpc.StreamStreamClientInterceptor):
    """Adds the token to every call that does not carry an `authorization` of its own."""

    def __init__(self, token: str):
        self._metadata = bearer(token)

    def _details(self, details: Any) -> Any:
        metadata = list(details.metadata or ())
        if not any(key == "authorization" for key, _ in metadata):
            metadata.extend(self._metadata)
        return _CallDetails(details.method, details.timeout, metadata, details.credentials,
                            getattr(details, "wait_for_ready", None), getattr(details, "compression", None))

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)

    def intercept_stream_unary(self, continuation, client_call_details, request_iterator):
        return continuation(self._details(client_call_details), request_iterator)

    def intercept_stream_stream(self, continuation, client_call_details, request_iterator):
        return continuation(self._details(client_call_details), request_iterator)


class _CallDetails(grpc.ClientCallDetails):
    def __init__(self, method, timeout, metadata, credentials, wait_for_ready, compression):
        self.method = method
        self.timeout = timeout
        self.metadata = metadata
        self.credentials = credentials
        self.wait_for_ready = wait_for_ready
        self.compression = compression


def with_token(channel: grpc.Channel, token: str) -> grpc.Channel:
    """The channel, sending `authorization: Bearer <token>` on every call (a call's own metadata wins)."""
    return grpc.intercept_channel(channel, _Bearer(token))


def connect(server: str, token: str | None = None, *, root_certificates: bytes | None = None,
            options: Sequence[tuple[str, Any]] = ()) -> grpc.Channel:
    """A channel to `server` (see `parse_server`): plain for `http://` and `HOST:PORT`, TLS for `https://`,
    verified against `root_certificates` (PEM) or the system's roots. With `token`, every call acts as that seat.
    Use it as a context manager, or close it."""
    target, tls = parse_server(server)
    if tls:
        channel = grpc.secure_channel(target, grpc.ssl_channel_credentials(root_certificates), options)
    else:
        channel = grpc.insecure_channel(target, options)
    return with_token(channel, token) if token else channel
