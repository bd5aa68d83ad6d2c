//! The request gate: a tower layer in front of the concurrency limit that reads a unary request's whole body
//! before the request takes a slot, and answers what is wrong with its gRPC framing itself.
//!
//! Two reasons. A request whose body never finishes used to hold a concurrency slot (and its handler's wait) until
//! the request timeout, so one peer with a few dozen such streams locked every caller out, health checks
//! included; here it holds no slot and is ended after [`GateConfig::body_timeout`]. And tonic answers malformed
//! framing with INTERNAL (a truncated message, an empty unary body, the compressed flag without `grpc-encoding`,
//! an undecodable `Health.Check`) and an oversized message with OUT_OF_RANGE, which `hexfold.proto` reserves for
//! "retrying later may succeed": here each is INVALID_ARGUMENT, the client's error, which retrying cannot fix.
//!
//! What passes through untouched: requests that are not gRPC (tonic answers them), requests whose messages stream
//! in ([`STREAMING_REQUESTS`]: `Play` checks its own messages, see `service.rs`; reflection is tonic's), and a
//! compressed message with a `grpc-encoding` (tonic answers UNIMPLEMENTED, since the server accepts none).
//! Memory: a unary body is at most the message limit plus its 5-byte prefix, and each connection has at most
//! `max_streams_per_connection` of them in flight, each for at most the body timeout.

use bytes::{Bytes, BytesMut};
use http_body_util::BodyExt as _;
use prost::Message as _;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tonic::body::Body;
use tonic::codegen::http::{header, Request, Response};
use tonic::Status;
use tower::{Layer, Service, ServiceExt as _};

/// Methods whose request is a stream of messages: their bodies pass through as they arrive.
pub const STREAMING_REQUESTS: &[&str] = &[
    "/hexfold.v1.Hexfold/Play",
    "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
    "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
];

/// The health service's methods, whose request message the gate decodes itself (tonic-health's codec would
/// answer INTERNAL for one that does not parse).
const HEALTH: &[&str] = &[
    "/grpc.health.v1.Health/Check",
    "/grpc.health.v1.Health/Watch",
];

/// The gRPC message prefix: a compressed flag byte and a big-endian length.
const PREFIX: usize = 5;

/// What the gate enforces.
#[derive(Clone, Copy, Debug)]
pub struct GateConfig {
    /// Largest request message, in bytes (the prefix not counted).
    pub max_message_bytes: usize,
    /// A unary request's body must have arrived whole this long after its headers.
    pub body_timeout: Duration,
}

/// The [`Gate`] around each service.
#[derive(Clone, Debug)]
pub struct GateLayer {
    config: GateConfig,
}

impl GateLayer {
    pub fn new(config: GateConfig) -> GateLayer {
        GateLayer { config }
    }
}

impl<S> Layer<S> for GateLayer {
    type Service = Gate<S>;

    fn layer(&self, inner: S) -> Gate<S> {
        Gate {
            inner,
            config: self.config,
        }
    }
}

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct Gate<S> {
    inner: S,
    config: GateConfig,
}

type BoxError = Box<dyn std::error::Error + Send + Sync>;

impl<S, B> Service<Request<Body>> for Gate<S>
where
    S: Service<Request<Body>, Response = Response<B>> + Clone + Send + 'static,
    S::Future: Send,
    B: http_body::Body<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    /// Always ready: readiness of the inner service is a concurrency slot, taken only once the body is in
    /// (`call` waits for it then).
    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        // The clone that was not polled ready goes in; this one stays for the next call (tower's usual swap).
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let config = self.config;
        Box::pin(async move {
            let path = request.uri().path();
            let gated = is_grpc(&request) && !STREAMING_REQUESTS.contains(&path);
            let request = if gated {
                let health = HEALTH.contains(&path);
                let (parts, body) = request.into_parts();
                let compressed_ok = parts.headers.contains_key("grpc-encoding");
                match read_unary(body, config, compressed_ok, health).await {
                    Ok(bytes) => {
                        Request::from_parts(parts, Body::new(http_body_util::Full::new(bytes)))
                    }
                    Err(status) => return Ok(status.into_http()),
                }
            } else {
                request
            };
            let response = inner.oneshot(request).await?;
            Ok(response.map(Body::new))
        })
    }
}

fn is_grpc(request: &Request<Body>) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/grpc"))
}

/// Reads a unary request's body whole (within the body timeout and the size limit) and checks its framing:
/// exactly one message, as long as its prefix says, compressed only with an encoding named. The health service's
/// message is decoded here too.
async fn read_unary(
    mut body: Body,
    config: GateConfig,
    compressed_ok: bool,
    health: bool,
) -> Result<Bytes, Status> {
    let max = config.max_message_bytes;
    let too_large = |len: usize| {
        Status::invalid_argument(format!(
            "the request message of {len} bytes is over the limit of {max} bytes; it will never be accepted"
        ))
    };
    let read = async {
        let mut buf = BytesMut::new();
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|e| {
                Status::invalid_argument(format!("the request body could not be read: {e}"))
            })?;
            let Ok(data) = frame.into_data() else {
                continue;
            };
            buf.extend_from_slice(&data);
            // Refused as soon as the prefix shows the message cannot fit, without waiting for the rest.
            if buf.len() >= PREFIX {
                let len = declared_len(&buf);
                if len > max {
                    return Err(too_large(len));
                }
            }
            if buf.len() > PREFIX + max {
                return Err(Status::invalid_argument(
                    "a unary request carries exactly one message",
                ));
            }
        }
        Ok(buf)
    };
    let buf = match tokio::time::timeout(config.body_timeout, read).await {
        Ok(read) => read?,
        Err(_) => {
            return Err(Status::deadline_exceeded(format!(
                "the request body did not arrive whole within {} ms",
                config.body_timeout.as_millis()
            )))
        }
    };
    if buf.is_empty() {
        return Err(Status::invalid_argument("the request has no message"));
    }
    if buf.len() < PREFIX {
        return Err(Status::invalid_argument(
            "the request's message prefix is cut short",
        ));
    }
    let len = declared_len(&buf);
    let got = buf.len() - PREFIX;
    match got.cmp(&len) {
        std::cmp::Ordering::Less => {
            return Err(Status::invalid_argument(format!(
                "the request message is cut short: {got} of its {len} bytes arrived"
            )))
        }
        std::cmp::Ordering::Greater => {
            return Err(Status::invalid_argument(
                "a unary request carries exactly one message",
            ))
        }
        std::cmp::Ordering::Equal => {}
    }
    match buf[0] {
        0 => {}
        1 if compressed_ok => return Ok(buf.freeze()),
        1 => {
            return Err(Status::invalid_argument(
                "the message is marked compressed but the request names no grpc-encoding",
            ))
        }
        flag => {
            return Err(Status::invalid_argument(format!(
                "the message's compressed flag is {flag}, not 0 or 1"
            )))
        }
    }
    if health {
        tonic_health::pb::HealthCheckRequest::decode(&buf[PREFIX..]).map_err(|e| {
            Status::invalid_argument(format!("the message is not valid protobuf: {e}"))
        })?;
    }
    Ok(buf.freeze())
}

/// The message length a gRPC prefix declares (`buf` holds at least the prefix).
fn declared_len(buf: &[u8]) -> usize {
    u32::from_be_bytes([buf[1], buf[2], buf[3], buf[4]]) as usize
}
