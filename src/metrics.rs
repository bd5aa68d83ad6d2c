//! The server's metrics and the operators' HTTP address (`serve --metrics-listen ADDR`): `/metrics` in
//! Prometheus' text format, `/healthz` (the process answers) and `/readyz` (it takes writes).
//!
//! The code records through the `metrics` facade (here, in the engine, the service and the store crates), whose
//! macros do nothing until a recorder is installed; only `--metrics-listen` installs one ([`install`]), so a server
//! without it pays for no metric. Every name is listed in [`NAMES`] with its help text, which `/metrics` sends as
//! `# HELP` and the README's operators section repeats; every label takes values from a fixed set (the services
//! and methods the server serves, status codes, variants, violation names, stream kinds), so no client can grow
//! the metrics. Names and labels follow Prometheus' conventions: a unit suffix, `_total` on counters, and one
//! dimension per label.
//!
//! Every recording point keeps the handles it records into ([`RpcMethod`], [`GameMetrics`], the statics below and
//! the store crates' in `hexfold_store::metrics`, one set per backend): each series is registered with the recorder
//! on its first use and then updated without a look-up.
//!
//! Histograms are kept as raw samples between scrapes by the exporter and folded into buckets by an upkeep task
//! every [`UPKEEP`], which bounds their memory by what arrives in that time.

use crate::engine::EngineError;
use bytes::Bytes;
use http_body_util::Full;
use hyper::{Method, Request, Response, StatusCode};
use metrics::{Counter, Histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tonic::Code;

pub use hexfold_engine::metrics::{
    load_shed, GameMetrics, OpenStream, Shed, StreamKind, CACHED_GAMES, CACHE_MISSES, LOAD_SHED,
    OPEN_STREAMS, RESUME_DAMAGED, RESUME_LISTING_FAILED,
};
use hexfold_engine::metrics::{recording, start_recording};

/// Latency of a call, from its headers to its answer's headers (for a stream, to its opening), by `service` and
/// `method` (`hexfold.v1.Hexfold` and `SubmitCommand`; both `other` for a path the server does not serve) and
/// `code`.
pub const RPC_SECONDS: &str = "hexfold_rpc_duration_seconds";
/// Commands answered for a game, by `variant`, `code` (the answer's status code, `OK` when accepted) and `reason`
/// (a refusal's `ErrorInfo` reason: a violation's name such as `NotYourTurn`, or the platform's, such as
/// `VersionConflict`, `CommandIdReused`, `GameFinished`; empty otherwise). A command stopped before it reached a
/// game (no or a wrong token, an unknown game, a malformed request) is counted by its call's code in
/// [`RPC_SECONDS`] only, under no variant.
pub const COMMANDS: &str = "hexfold_commands_total";
/// Commands answered with the result of an earlier submission of the same command id (a client's retry; also
/// counted in [`COMMANDS`] with the code of that result, `OK`), by `variant`.
pub const COMMAND_RETRIES: &str = "hexfold_command_retries_total";

/// Every metric with its help text, in the order `/metrics` and the README list them.
pub const NAMES: &[(&str, &str)] = &[
    (
        RPC_SECONDS,
        "Latency of gRPC calls until their answer's headers, by service, method and code.",
    ),
    (
        COMMANDS,
        "Commands answered for a game, by variant, code and refusal reason.",
    ),
    (
        COMMAND_RETRIES,
        "Commands answered with the result of an earlier submission of their id, by variant.",
    ),
    (
        LOAD_SHED,
        "Requests refused at a full limit, by limit (requests, streams).",
    ),
    (OPEN_STREAMS, "Server streams open now, by kind."),
    (CACHED_GAMES, "Head states in the cache now, by variant."),
    (
        CACHE_MISSES,
        "Game lookups not answered by the cache, by variant.",
    ),
    (
        RESUME_DAMAGED,
        "Damaged games the start's resume of bots and timers went past, by variant.",
    ),
    (
        RESUME_LISTING_FAILED,
        "Failed listings of games in the start's resume of bots and timers (tried again), by variant.",
    ),
    (
        hexfold_store::metrics::APPEND_SECONDS,
        "Store appends from submission to durable, by backend.",
    ),
    (
        hexfold_store::metrics::FLUSH_SECONDS,
        "Store group writes made durable (sled's flush, PostgreSQL's transaction), by backend.",
    ),
    (
        hexfold_store::metrics::FSYNC_SECONDS,
        "fsync of the sled store's files under --durability fsync, by backend.",
    ),
    (
        hexfold_store::metrics::GROUP_APPENDS,
        "Appends made durable together in one group commit, by backend.",
    ),
];

/// Seconds buckets for the latency histograms: 50 µs to 10 s, about three per decade.
const SECONDS_BUCKETS: &[f64] = &[
    0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5,
    1.0, 2.5, 5.0, 10.0,
];
/// Buckets for the group sizes: powers of two up to the largest groups the writers form.
const GROUP_BUCKETS: &[f64] = &[
    1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0,
];

/// How often the histograms' samples are folded into their buckets.
pub const UPKEEP: Duration = Duration::from_secs(5);

/// Connections the metrics address serves at once; more are closed as they arrive.
pub const MAX_OPS_CONNECTIONS: usize = 64;
/// A request on the metrics address must send its headers within this time.
pub const OPS_HEADER_TIMEOUT: Duration = Duration::from_secs(5);

/// Installs the Prometheus recorder for the process, once (a second call returns the same handle), and starts its
/// upkeep on the current runtime.
pub fn install() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets(SECONDS_BUCKETS)
                .expect("buckets are not empty")
                .set_buckets_for_metric(
                    Matcher::Full(hexfold_store::metrics::GROUP_APPENDS.to_string()),
                    GROUP_BUCKETS,
                )
                .expect("buckets are not empty");
            let handle = builder
                .install_recorder()
                .expect("no other metrics recorder is installed in this process");
            // Only now: a handle made before the recorder was installed would record nothing, ever.
            start_recording();
            // The exporter keeps one help text per name whatever the metric's kind.
            for (name, help) in NAMES {
                metrics::describe_counter!(*name, *help);
            }
            // `install_recorder` leaves the upkeep to its caller: this task, for the life of the process.
            let upkeep = handle.clone();
            tokio::spawn(async move {
                let mut every = tokio::time::interval(UPKEEP);
                loop {
                    every.tick().await;
                    upkeep.run_upkeep();
                }
            });
            handle
        })
        .clone()
}

/// The name of a code as gRPC spells it (`INVALID_ARGUMENT`), for labels and logs.
pub fn code_name(code: Code) -> &'static str {
    match code {
        Code::Ok => "OK",
        Code::Cancelled => "CANCELLED",
        Code::Unknown => "UNKNOWN",
        Code::InvalidArgument => "INVALID_ARGUMENT",
        Code::DeadlineExceeded => "DEADLINE_EXCEEDED",
        Code::NotFound => "NOT_FOUND",
        Code::AlreadyExists => "ALREADY_EXISTS",
        Code::PermissionDenied => "PERMISSION_DENIED",
        Code::ResourceExhausted => "RESOURCE_EXHAUSTED",
        Code::FailedPrecondition => "FAILED_PRECONDITION",
        Code::Aborted => "ABORTED",
        Code::OutOfRange => "OUT_OF_RANGE",
        Code::Unimplemented => "UNIMPLEMENTED",
        Code::Internal => "INTERNAL",
        Code::Unavailable => "UNAVAILABLE",
        Code::DataLoss => "DATA_LOSS",
        Code::Unauthenticated => "UNAUTHENTICATED",
    }
}

/// The latency histograms of one method the server serves (or of every other path), one per status code, each
/// registered on its first use.
#[derive(Debug)]
pub struct RpcMethod {
    /// `/package.Service/Method`, or `other`.
    pub path: &'static str,
    service: &'static str,
    method: &'static str,
    by_code: [OnceLock<Histogram>; CODES],
}

/// The gRPC status codes, 0 (`OK`) to 16 (`UNAUTHENTICATED`).
const CODES: usize = 17;

impl RpcMethod {
    /// The method at `path` (`/hexfold.v1.Hexfold/SubmitCommand`: service `hexfold.v1.Hexfold`, method
    /// `SubmitCommand`); `other` for anything else.
    pub fn new(path: &'static str) -> RpcMethod {
        let (service, method) = path
            .strip_prefix('/')
            .and_then(|path| path.split_once('/'))
            .unwrap_or(("other", "other"));
        RpcMethod {
            path,
            service,
            method,
            by_code: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// One call's latency.
    pub fn record(&self, code: Code, elapsed: Duration) {
        if !recording() {
            return;
        }
        let index = (code as usize).min(CODES - 1);
        self.by_code[index]
            .get_or_init(|| {
                metrics::histogram!(
                    RPC_SECONDS,
                    "service" => self.service,
                    "method" => self.method,
                    "code" => code_name(code)
                )
            })
            .record(elapsed.as_secs_f64());
    }
}

/// The answers to one game's commands, labelled with its `variant`, counted at the edge, where an engine error
/// has its status code.
#[derive(Debug)]
pub struct CommandMetrics {
    variant: &'static str,
    accepted: OnceLock<Counter>,
    retries: OnceLock<Counter>,
    /// The commands answered otherwise, by code and reason: a few series per game (its violations, the
    /// platform's refusals, the server's failures).
    refused: Mutex<HashMap<(i32, &'static str), Counter>>,
}

impl CommandMetrics {
    pub fn new(variant: &'static str) -> CommandMetrics {
        CommandMetrics {
            variant,
            accepted: OnceLock::new(),
            retries: OnceLock::new(),
            refused: Mutex::default(),
        }
    }

    /// One command's answer: `Ok(duplicate)` or its error.
    pub fn command(&self, answer: Result<bool, &EngineError>) {
        if !recording() {
            return;
        }
        let variant = self.variant;
        match answer {
            Ok(duplicate) => {
                self.accepted
                    .get_or_init(|| {
                        metrics::counter!(COMMANDS, "variant" => variant, "code" => "OK", "reason" => "")
                    })
                    .increment(1);
                if duplicate {
                    self.retries
                        .get_or_init(|| metrics::counter!(COMMAND_RETRIES, "variant" => variant))
                        .increment(1);
                }
            }
            Err(error) => {
                let Some(reason) = command_reason(error) else {
                    return;
                };
                let code = crate::error::code(error);
                let counter = self
                    .refused
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .entry((code as i32, reason))
                    .or_insert_with(|| {
                        metrics::counter!(
                            COMMANDS,
                            "variant" => variant,
                            "code" => code_name(code),
                            "reason" => reason
                        )
                    })
                    .clone();
                counter.increment(1);
            }
        }
    }
}

/// The `reason` label of a command's error, if the command is counted under its game: a refusal by its reason;
/// a failure of the server or its store by none (`""`). `None` for what stopped it before it reached the game: no
/// or a wrong token, an unknown game, a malformed request.
fn command_reason(error: &EngineError) -> Option<&'static str> {
    if let Some(reason) = error.reason() {
        return Some(reason);
    }
    match error {
        EngineError::Unidentified(_)
        | EngineError::Forbidden(_)
        | EngineError::UnknownGame
        | EngineError::Malformed(_) => None,
        _ => Some(""),
    }
}

/// The gRPC method of a stream of `kind`, as the edge logs it.
pub fn stream_method(kind: StreamKind) -> &'static str {
    match kind {
        StreamKind::Subscribe => "/hexfold.v1.Hexfold/Subscribe",
        StreamKind::SubscribeAll => "/hexfold.v1.Hexfold/SubscribeAll",
        StreamKind::ReadEvents => "/hexfold.v1.Hexfold/ReadEvents",
        StreamKind::Play => "/hexfold.v1.Hexfold/Play",
        StreamKind::Export => "/hexfold.v1.Hexfold/ExportGames",
    }
}

/// What `/readyz` answers from: the store takes writes, and the server is not shutting down.
#[derive(Clone, Debug)]
pub struct Readiness {
    pub writable: watch::Receiver<bool>,
    pub stopping: watch::Receiver<bool>,
}

impl Readiness {
    /// `None` when ready, or why not.
    fn not_ready(&self) -> Option<&'static str> {
        if *self.stopping.borrow() {
            Some("shutting down")
        } else if !*self.writable.borrow() {
            Some("the event store cannot take writes")
        } else {
            None
        }
    }
}

/// Serves `/metrics`, `/healthz` and `/readyz` on `listener` until `stopping` turns true. HTTP/1.1, one request
/// per connection, at most [`MAX_OPS_CONNECTIONS`] at once, each with [`OPS_HEADER_TIMEOUT`] to send its headers.
pub async fn serve(listener: TcpListener, handle: PrometheusHandle, readiness: Readiness) {
    let slots = Arc::new(Semaphore::new(MAX_OPS_CONNECTIONS));
    let mut stopping = readiness.stopping.clone();
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stopping.wait_for(|s| *s) => return,
        };
        let stream = match accepted {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors, say: the API's connections matter more; try again shortly.
                tracing::warn!(error = %e, "the metrics address cannot accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
            continue;
        };
        let handle = handle.clone();
        let readiness = readiness.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let service = hyper::service::service_fn(move |request| {
                let answer = answer(&request, &handle, &readiness);
                async move { Ok::<_, std::convert::Infallible>(answer) }
            });
            let served = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(OPS_HEADER_TIMEOUT)
                .keep_alive(false)
                .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                .await;
            if let Err(e) = served {
                tracing::debug!(error = %e, "a metrics connection ended with an error");
            }
        });
    }
}

fn answer<B>(
    request: &Request<B>,
    handle: &PrometheusHandle,
    readiness: &Readiness,
) -> Response<Full<Bytes>> {
    let text = |status: StatusCode, content_type: &'static str, body: Bytes| {
        Response::builder()
            .status(status)
            .header(hyper::header::CONTENT_TYPE, content_type)
            .body(Full::new(body))
            .expect("a valid response")
    };
    const PLAIN: &str = "text/plain; charset=utf-8";
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return text(StatusCode::METHOD_NOT_ALLOWED, PLAIN, "GET only\n".into());
    }
    match request.uri().path() {
        "/metrics" => text(
            StatusCode::OK,
            "text/plain; version=0.0.4; charset=utf-8",
            handle.render().into(),
        ),
        "/healthz" => text(StatusCode::OK, PLAIN, "ok\n".into()),
        "/readyz" => match readiness.not_ready() {
            None => text(StatusCode::OK, PLAIN, "ready\n".into()),
            Some(why) => text(
                StatusCode::SERVICE_UNAVAILABLE,
                PLAIN,
                format!("not ready: {why}\n").into(),
            ),
        },
        _ => text(
            StatusCode::NOT_FOUND,
            PLAIN,
            "not found: /metrics, /healthz and /readyz are served here\n".into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn readyz(writable: bool, stopping: bool) -> (StatusCode, String) {
        let (_w, writable) = watch::channel(writable);
        let (_s, stopping) = watch::channel(stopping);
        let readiness = Readiness { writable, stopping };
        let handle = PrometheusBuilder::new().build_recorder().handle();
        let request = Request::get("/readyz").body(()).unwrap();
        let response = answer(&request, &handle, &readiness);
        let status = response.status();
        let body =
            futures::executor::block_on(http_body_util::BodyExt::collect(response.into_body()))
                .unwrap()
                .to_bytes();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[test]
    fn readyz_follows_the_stores_writability_and_the_shutdown() {
        assert_eq!(readyz(true, false), (StatusCode::OK, "ready\n".into()));
        assert_eq!(
            readyz(false, false),
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: the event store cannot take writes\n".into()
            )
        );
        assert_eq!(
            readyz(true, true),
            (
                StatusCode::SERVICE_UNAVAILABLE,
                "not ready: shutting down\n".into()
            )
        );
    }

    #[test]
    fn a_command_is_counted_under_its_game_only_once_it_reached_it() {
        let conflict = EngineError::VersionConflict {
            expected: 1,
            actual: 2,
        };
        assert_eq!(command_reason(&conflict), Some("VersionConflict"));
        assert_eq!(crate::error::code(&conflict), Code::Aborted);
        let not_found = EngineError::UnknownGame;
        assert_eq!(command_reason(&not_found), None);
    }

    #[test]
    fn a_method_s_path_is_its_service_and_name() {
        let submit = RpcMethod::new("/hexfold.v1.Hexfold/SubmitCommand");
        assert_eq!(
            (submit.service, submit.method),
            ("hexfold.v1.Hexfold", "SubmitCommand")
        );
        let other = RpcMethod::new("other");
        assert_eq!((other.service, other.method), ("other", "other"));
    }
}
