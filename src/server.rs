//! Running the server: configuration, the tower stack, health and reflection, gRPC-Web for browsers, graceful
//! shutdown.
//!
//! [`run`] takes an already-bound listener and a shutdown future (the mini-redis shape), so tests bind
//! `127.0.0.1:0` and stop the server by resolving the future.

use crate::engine::{default_threads, Limits, Shared, Thinkers};
use crate::gate::{GateConfig, GateLayer};
use crate::net::ConnectionLimits;
use crate::proto::v1::{hexfold_server::HexfoldServer, FILE_DESCRIPTOR_SET};
use crate::service::HexfoldService;
#[cfg(feature = "sled")]
use crate::store::Durability;
#[cfg(feature = "postgres")]
use crate::store::PgConfig;
use crate::store::StoreAt;
use hexfold_rules::bot::Budget;
use hexfold_store::{EventStore, StoreError};
use std::future::Future;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::{watch, RwLock, Semaphore};
use tonic::codegen::http::{header, HeaderName, HeaderValue, Method};
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::ServiceBuilder;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// The longest think time per decision an operator may give expert bot seats (`--bot-think-ms`), in ms.
pub const MAX_BOT_THINK_MS: u64 = 10_000;

/// Everything `run` needs. `Default` gives the documented defaults with the data in `./hexfold-data`.
#[derive(Clone, Debug)]
pub struct Config {
    /// The sled store's directory, used when `postgres` is `None`.
    #[cfg(feature = "sled")]
    pub data_dir: PathBuf,
    /// How far the sled store makes a write durable before acknowledging it.
    #[cfg(feature = "sled")]
    pub durability: Durability,
    /// The PostgreSQL database to keep the events in instead of sled (several servers may share one); a build
    /// without sled needs it.
    #[cfg(feature = "postgres")]
    pub postgres: Option<PgConfig>,
    /// The token that may use `SubscribeAll`; `None` disables it.
    pub operator_token: Option<String>,
    pub limits: Limits,
    /// Unary calls (and the start of streams) are cancelled after this long.
    pub request_timeout: Duration,
    /// Requests handled at once across all connections; more are refused with RESOURCE_EXHAUSTED.
    pub max_concurrent_requests: usize,
    /// Largest request message; a larger one is INVALID_ARGUMENT (it can never be accepted).
    pub max_request_bytes: usize,
    /// A unary request's body must arrive whole this long after its headers (DEADLINE_EXCEEDED otherwise). It is
    /// read before the request takes a concurrency slot, so a slow body holds none.
    pub request_body_timeout: Duration,
    /// HTTP/2 streams one connection may have open at once (the `SETTINGS_MAX_CONCURRENT_STREAMS` it is sent).
    pub max_streams_per_connection: u32,
    /// Connections open at once; more are accepted and closed at once.
    pub max_connections: usize,
    /// A connection from which nothing has been read for this long is closed.
    pub idle_timeout: Duration,
    /// The server pings each HTTP/2 connection this often, and closes it if the ping is not answered within
    /// `keepalive_timeout`. Shorter than `idle_timeout`, so the answers keep live connections from being idle.
    pub keepalive_interval: Duration,
    pub keepalive_timeout: Duration,
    /// Web origins (`https://play.example`) whose pages may call the API with gRPC-Web; empty means any origin.
    pub allowed_origins: Vec<String>,
    /// Each connection's writes wait for one turn of the scheduler and leave together (see [`crate::net`]); off,
    /// every flush is a system call. On by default; off is the load benchmark's `--plain-io` baseline.
    pub coalesce_writes: bool,
    /// Serve gRPC and gRPC-Web over TLS with this certificate (and, if it names a CA, only to clients with a
    /// certificate it signed); `None`: plain TCP.
    pub tls: Option<crate::tls::Tls>,
    /// The clock of the turn timers: the system's, or a test's manual one.
    pub clock: Arc<dyn crate::engine::Clock>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            #[cfg(feature = "sled")]
            data_dir: PathBuf::from("hexfold-data"),
            #[cfg(feature = "sled")]
            durability: Durability::Fsync,
            #[cfg(feature = "postgres")]
            postgres: None,
            operator_token: None,
            limits: Limits::default(),
            request_timeout: Duration::from_secs(10),
            max_concurrent_requests: 4096,
            max_request_bytes: 64 << 10,
            request_body_timeout: Duration::from_secs(5),
            max_streams_per_connection: 128,
            max_connections: 10_000,
            idle_timeout: Duration::from_secs(60),
            keepalive_interval: Duration::from_secs(20),
            keepalive_timeout: Duration::from_secs(10),
            allowed_origins: Vec::new(),
            coalesce_writes: true,
            tls: None,
            clock: Arc::new(crate::engine::SystemClock),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    // The cause is the source, which `{:#}` prints after this.
    #[error("cannot open the event store")]
    Store(#[from] StoreError),
    #[error("transport: {0}")]
    Transport(#[from] tonic::transport::Error),
    #[error("reflection: {0}")]
    Reflection(#[from] tonic_reflection::server::Error),
    #[error("not a web origin: {0:?}")]
    Origin(String),
    // The cause is the source, which `{:#}` prints after this.
    #[error("TLS")]
    Tls(#[from] crate::tls::TlsError),
}

/// The CORS answer for browsers calling with gRPC-Web: a page from an allowed origin may POST with the headers a
/// gRPC-Web client sends and read the gRPC status headers.
///
/// Any origin by default, on purpose: no call is authorised by anything a browser adds on its own (cookies, client
/// certificates), only by the seat token the page itself puts in `authorization`, so a foreign page can do nothing
/// its user could not already do with the token. Operators who want only their own pages list them.
fn cors(allowed_origins: &[String]) -> Result<CorsLayer, ServeError> {
    let origins = if allowed_origins.is_empty() {
        AllowOrigin::any()
    } else {
        let values = allowed_origins
            .iter()
            .map(|o| HeaderValue::from_str(o).map_err(|_| ServeError::Origin(o.clone())))
            .collect::<Result<Vec<_>, _>>()?;
        AllowOrigin::list(values)
    };
    Ok(CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([Method::POST])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            HeaderName::from_static("x-grpc-web"),
            HeaderName::from_static("x-user-agent"),
            HeaderName::from_static("grpc-timeout"),
        ])
        .expose_headers([
            HeaderName::from_static("grpc-status"),
            HeaderName::from_static("grpc-message"),
            HeaderName::from_static("grpc-status-details-bin"),
        ])
        .max_age(Duration::from_secs(24 * 60 * 60)))
}

impl Config {
    /// Where the configured store is: PostgreSQL when `postgres` names a database, else sled in `data_dir`.
    pub fn store_at(&self) -> Result<StoreAt, StoreError> {
        #[cfg(feature = "postgres")]
        if let Some(postgres) = &self.postgres {
            return Ok(StoreAt::Postgres(postgres.clone()));
        }
        #[cfg(feature = "sled")]
        return Ok(StoreAt::Sled {
            dir: self.data_dir.clone(),
            durability: self.durability,
        });
        #[cfg(not(feature = "sled"))]
        Err(StoreError::InvalidArgument(
            "this build has no sled store: name a PostgreSQL database (--store)".into(),
        ))
    }
}

/// Opens the configured store (through [`crate::store::open_store`], which names the backends; everything
/// after it holds the store as the trait). `hexfold serve` opens it before it binds or says anything about
/// listening, so a store it cannot have (damaged, locked by another server, a database that refuses) is its
/// one error.
pub async fn open_store(config: &Config) -> Result<Arc<dyn EventStore>, StoreError> {
    crate::store::open_store(&config.store_at()?).await
}

/// Keeps the health service's answer for the API at NOT_SERVING while the store cannot take writes (a full disk, a
/// PostgreSQL database that cannot be reached), and SERVING again once it takes them, until the server stops (when
/// the shutdown sets NOT_SERVING for good).
async fn report_writable(
    mut writable: watch::Receiver<bool>,
    health: tonic_health::server::HealthReporter,
    mut stopping: watch::Receiver<bool>,
) {
    loop {
        let now = *writable.borrow_and_update();
        if *stopping.borrow() {
            return;
        }
        if now {
            health.set_serving::<HexfoldServer<HexfoldService>>().await;
        } else {
            tracing::warn!(
                "the event store cannot take writes: health is NOT_SERVING until it takes them again"
            );
            health
                .set_not_serving::<HexfoldServer<HexfoldService>>()
                .await;
        }
        tokio::select! {
            changed = writable.changed() => if changed.is_err() { return },
            _ = stopping.changed() => return,
        }
    }
}

/// The store for the logs, without a password.
fn describe_store(config: &Config) -> String {
    config
        .store_at()
        .map_or_else(|e| e.to_string(), |at| at.describe())
}

/// The sockets a server answers on, bound by the caller.
#[derive(Debug)]
pub struct Listeners {
    /// gRPC and gRPC-Web.
    pub api: TcpListener,
    /// A second address answering exactly as `api` does (the web app, gRPC-Web and gRPC), with a connection limit
    /// of its own; `None` opens no other port.
    pub web: Option<TcpListener>,
    /// `/metrics`, `/healthz` and `/readyz` (see [`crate::metrics`]); `None` records no metrics at all.
    pub metrics: Option<TcpListener>,
}

/// Opens the store and serves the API on `listener` until `shutdown` resolves (see [`serve`]).
pub async fn run(
    listener: TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServeError> {
    let store = open_store(&config).await?;
    let listeners = Listeners {
        api: listener,
        web: None,
        metrics: None,
    };
    serve(listeners, store, config, shutdown).await
}

/// Serves the API on `listeners` over `store` (from [`open_store`]) until `shutdown` resolves, then stops
/// accepting, lets in-flight requests and appends finish, ends the live streams with UNAVAILABLE, flushes the
/// store and returns.
pub async fn serve(
    listeners: Listeners,
    store: Arc<dyn EventStore>,
    config: Config,
    shutdown: impl Future<Output = ()> + Send,
) -> Result<(), ServeError> {
    let listener = listeners.api;
    let cors = cors(&config.allowed_origins)?;
    let (stopping_tx, stopping_rx) = watch::channel(false);
    let max_streams = config
        .limits
        .max_subscribers
        .clamp(1, Semaphore::MAX_PERMITS);
    let streams = Arc::new(Semaphore::new(max_streams));
    let shared = Arc::new(Shared {
        store: Arc::clone(&store),
        limits: config.limits.clone(),
        streams: Arc::clone(&streams),
        shutdown: stopping_rx,
        other_writers: matches!(config.store_at(), Ok(at) if at.is_shared()),
        clock: Arc::clone(&config.clock),
        thinkers: Thinkers::new(&config.limits),
    });
    let writes = Arc::new(RwLock::new(()));
    // The recorder is installed before the engines start (their start scans for bots to resume and counts what it
    // passes), so nothing they record is lost.
    let recorder = listeners
        .metrics
        .as_ref()
        .map(|_| crate::metrics::install());
    let service = HexfoldService::new(
        Arc::clone(&shared),
        config.operator_token.as_deref(),
        Arc::clone(&writes),
    );
    // Other servers may append to a PostgreSQL store: their batches reach this one through the follower.
    let follower = shared
        .other_writers
        .then(|| tokio::spawn(service.follower()));
    let api = HexfoldServer::new(service).max_decoding_message_size(config.max_request_bytes);

    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_serving::<HexfoldServer<HexfoldService>>().await;
    let writable = tokio::spawn(report_writable(
        store.watch_writable(),
        health.clone(),
        stopping_tx.subscribe(),
    ));
    // Reflection describes the API, the health service and the google.rpc messages in error details, so grpcurl
    // and reflection clients can call both services and decode a refusal's ErrorInfo without .proto files.
    let reflection = || {
        [
            FILE_DESCRIPTOR_SET,
            tonic_health::pb::FILE_DESCRIPTOR_SET,
            tonic_types::pb::FILE_DESCRIPTOR_SET,
        ]
        .into_iter()
        .fold(
            tonic_reflection::server::Builder::configure(),
            tonic_reflection::server::Builder::register_encoded_file_descriptor_set,
        )
    };
    let observe = crate::observe::ObserveLayer::new(&[
        FILE_DESCRIPTOR_SET,
        tonic_health::pb::FILE_DESCRIPTOR_SET,
        tonic_reflection::pb::v1::FILE_DESCRIPTOR_SET,
        tonic_reflection::pb::v1alpha::FILE_DESCRIPTOR_SET,
    ]);
    let ops = listeners.metrics.zip(recorder).map(|(listener, recorder)| {
        let readiness = crate::metrics::Readiness {
            writable: store.watch_writable(),
            stopping: stopping_tx.subscribe(),
        };
        tokio::spawn(crate::metrics::serve(listener, recorder, readiness))
    });
    let reflection_v1 = reflection().build_v1()?;
    let reflection_v1alpha = reflection().build_v1alpha()?;

    let addr = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_default();
    let tls = config
        .tls
        .as_ref()
        .map_or_else(|| "off".to_string(), ToString::to_string);
    tracing::info!(%addr, store = %describe_store(&config), %tls, "serving");
    let signal = {
        let health = health.clone();
        async move {
            shutdown.await;
            tracing::info!("shutting down: no new connections, finishing in-flight requests");
            health
                .set_not_serving::<HexfoldServer<HexfoldService>>()
                .await;
            let _ = stopping_tx.send(true);
        }
    };
    // A global limit (not per connection) with load shedding: when every slot is taken a request is refused at
    // once with RESOURCE_EXHAUSTED instead of queueing without bound. Inside the gate, so a request takes a slot
    // only once its body is in (see `crate::gate`).
    let limits = ServiceBuilder::new()
        .layer(LoadShedLayer::new())
        .layer(GlobalConcurrencyLimitLayer::new(
            config.max_concurrent_requests.max(1),
        ))
        .into_inner();
    let gate = GateLayer::new(GateConfig {
        max_message_bytes: config.max_request_bytes,
        body_timeout: config.request_body_timeout,
    });
    // HTTP/1.1 is accepted for gRPC-Web, which browsers speak (they cannot send HTTP/2 trailers): the layer
    // translates it to gRPC for every service and leaves native gRPC calls alone. Browsers can make unary and
    // server-streaming calls this way, not `Play`, which streams both ways.
    let connections = ConnectionLimits {
        max_connections: config.max_connections,
        idle_timeout: config.idle_timeout,
    };
    // The web address's connections join the API's in one stream: the same layers and services answer both,
    // and each listener counts its connections against its own limit, so a crowd on one cannot shut out the other.
    let web = listeners
        .web
        .map(|listener| crate::net::incoming(listener, connections, config.coalesce_writes));
    let incoming = futures::stream::select(
        crate::net::incoming(listener, connections, config.coalesce_writes),
        futures::StreamExt::flatten(futures::stream::iter(web)),
    );
    let builder = match &config.tls {
        Some(tls) => tonic::transport::Server::builder().tls_config(tls.server_config())?,
        None => tonic::transport::Server::builder(),
    };
    let served = builder
        .accept_http1(true)
        .timeout(config.request_timeout)
        .max_concurrent_streams(config.max_streams_per_connection.max(1))
        // Pings at most half the idle timeout apart, so that their answers keep every live connection from
        // looking idle whatever the two are set to.
        .http2_keepalive_interval(Some(config.keepalive_interval.min(config.idle_timeout / 2)))
        .http2_keepalive_timeout(Some(config.keepalive_timeout))
        // The web app's files (src/web.rs) are answered before anything else; every API call passes on.
        .layer(crate::web::WebLayer)
        .layer(cors)
        .layer(tonic_web::GrpcWebLayer::new())
        .layer(observe)
        .layer(gate)
        .layer(limits)
        .add_service(health_service)
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(api)
        .serve_with_incoming_shutdown(incoming, signal)
        .await;

    // Writes run in their own tasks; wait for the ones whose clients went away, then for the stream tasks.
    let _no_more_writes = writes.write().await;
    let _no_more_streams = streams.acquire_many(max_streams as u32).await;
    // The follower ends on the shutdown signal; an error only says it panicked, which its log already says.
    if let Some(follower) = follower {
        let _ = follower.await;
    }
    writable.abort();
    // The metrics address stops with the shutdown signal, which has been given by now.
    if let Some(ops) = ops {
        let _ = ops.await;
    }
    let flushed = store.flush().await;
    tracing::info!("stopped");
    served?;
    flushed?;
    Ok(())
}

/// `hexfold serve`: flags, with environment variables as fallbacks.
#[derive(Clone, Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "HEXFOLD_LISTEN", default_value = "127.0.0.1:50051")]
    pub listen: String,
    /// Directory of the event store (created if missing), unless `--store` names a database.
    #[cfg(feature = "sled")]
    #[arg(long, env = "HEXFOLD_DATA_DIR", default_value = "./hexfold-data")]
    pub data_dir: PathBuf,
    /// Keep the events in PostgreSQL instead (`postgres://user[:password]@host[:port]/db[?option=...]`;
    /// the tables are created or migrated at start, and several servers may share the database). Unset:
    /// sled in `--data-dir` (a build without the `sled` feature requires it).
    #[cfg(feature = "postgres")]
    #[arg(long = "store", env = "HEXFOLD_STORE", hide_env_values = true, value_parser = postgres_url,
          required = !cfg!(feature = "sled"))]
    pub store: Option<String>,
    /// When a command is acknowledged. `fsync` (the default): once sled's files are fsynced (one sync per group
    /// commit), so it survives a power loss or a crash of the system. `flush`: once sled has handed its log to
    /// the system, which survives a crash of the server only: a power loss may take every command acknowledged
    /// since the server started, and the restart then refuses the store with exit code 3 and points at `hexfold
    /// salvage` (the high-water mark is synced before each group's answer, so no lost command goes unseen).
    #[cfg(feature = "sled")]
    #[arg(long, env = "HEXFOLD_DURABILITY", value_enum, default_value_t = DurabilityArg::Fsync)]
    pub durability: DurabilityArg,
    /// How log lines on stderr look: `text` for a person (coloured only when stderr is a terminal), `json` for a
    /// collector (one object per line). `RUST_LOG` sets what is logged (default `info`: the start, the stop, games
    /// created and finished, and one line for each refused or failed request).
    #[arg(long, env = "HEXFOLD_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Serve `/metrics` (Prometheus), `/healthz` and `/readyz` over HTTP on this address (`127.0.0.1:9100`, say).
    /// Unset: no metrics are recorded and no other port is opened.
    #[arg(long, env = "HEXFOLD_METRICS_LISTEN")]
    pub metrics_listen: Option<String>,
    /// Also serve the web app (and the API, gRPC-Web and gRPC) on this address (`0.0.0.0:8080`, say), besides
    /// --listen. Unset: the web app is on --listen's port only.
    #[arg(long, env = "HEXFOLD_WEB")]
    pub web: Option<String>,
    /// Serve gRPC and gRPC-Web over TLS with this certificate chain (PEM, the server's certificate first); needs
    /// `--tls-key`. Unset: plain TCP (put a TLS-terminating proxy in front, or keep the port private).
    #[arg(long, env = "HEXFOLD_TLS_CERT", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of `--tls-cert` (PEM: PKCS#8, PKCS#1 or SEC1).
    #[arg(long, env = "HEXFOLD_TLS_KEY", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Require a client certificate signed by one of these CA certificates (PEM) on every connection; a client
    /// without one is refused in the TLS handshake. Needs `--tls-cert`.
    #[arg(long, env = "HEXFOLD_TLS_CLIENT_CA", requires = "tls_cert")]
    pub tls_client_ca: Option<PathBuf>,
    /// Token for the operator's global stream (SubscribeAll). Unset: the global stream is disabled.
    #[arg(long, env = "HEXFOLD_OPERATOR_TOKEN", hide_env_values = true)]
    pub operator_token: Option<String>,
    /// Store a snapshot every this many events.
    #[arg(long, env = "HEXFOLD_SNAPSHOT_EVERY", default_value_t = 64)]
    pub snapshot_every: u64,
    /// Head states kept in memory.
    #[arg(long, env = "HEXFOLD_CACHED_GAMES", default_value_t = 1024)]
    pub cached_games: usize,
    /// Requests handled at once; more are refused with RESOURCE_EXHAUSTED.
    #[arg(long, env = "HEXFOLD_MAX_CONCURRENT_REQUESTS", default_value_t = 4096)]
    pub max_concurrent_requests: usize,
    /// Request timeout in milliseconds.
    #[arg(long, env = "HEXFOLD_REQUEST_TIMEOUT_MS", default_value_t = 10_000)]
    pub request_timeout_ms: u64,
    /// A unary request's body must arrive whole within this many milliseconds of its headers; it takes no
    /// concurrency slot meanwhile.
    #[arg(long, env = "HEXFOLD_REQUEST_BODY_TIMEOUT_MS", default_value_t = 5_000)]
    pub request_body_timeout_ms: u64,
    /// HTTP/2 streams open at once on one connection.
    #[arg(
        long,
        env = "HEXFOLD_MAX_STREAMS_PER_CONNECTION",
        default_value_t = 128
    )]
    pub max_streams_per_connection: u32,
    /// Connections open at once; more are closed as they arrive. Keep it under the file descriptor limit
    /// (`LimitNOFILE` in the systemd unit).
    #[arg(long, env = "HEXFOLD_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// A connection from which nothing has been read for this many seconds is closed (HTTP/2 clients answer the
    /// keepalive pings, so only dead, silent or idle HTTP/1.1 connections are).
    #[arg(long, env = "HEXFOLD_IDLE_TIMEOUT_S", default_value_t = 60)]
    pub idle_timeout_s: u64,
    /// Seconds between the server's HTTP/2 keepalive pings; an unanswered ping closes the connection after 10 s.
    #[arg(long, env = "HEXFOLD_KEEPALIVE_INTERVAL_S", default_value_t = 20)]
    pub keepalive_interval_s: u64,
    /// Server streams open at once (Subscribe, SubscribeAll, ReadEvents, Play: a bot holds one per seat); more are
    /// refused with RESOURCE_EXHAUSTED.
    #[arg(long, env = "HEXFOLD_MAX_STREAMS", default_value_t = Limits::default().max_subscribers)]
    pub max_streams: usize,
    /// An expert bot seat's think time per decision, in milliseconds, 0..=10000 (0: only --bot-sims bounds a
    /// decision, which is then the same on every server). Players wait this long for each of its decisions that
    /// has a choice to make.
    #[arg(long, env = "HEXFOLD_BOT_THINK_MS", default_value_t = 1_000,
          value_parser = clap::value_parser!(u64).range(0..=MAX_BOT_THINK_MS))]
    pub bot_think_ms: u64,
    /// An expert bot seat's simulations per decision at most (1..); a decision ends at this count or at
    /// --bot-think-ms, whichever comes first.
    #[arg(long, env = "HEXFOLD_BOT_SIMS", default_value_t = Budget::DEFAULT.sims,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub bot_sims: u32,
    /// Expert bot decisions computed at once over every game, each on a thread of its own: the cores bots may
    /// use (default: half the machine's cores, at least one). Clients' commands never wait for them.
    #[arg(long, env = "HEXFOLD_BOT_THREADS", default_value_t = default_threads(),
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub bot_threads: usize,
    /// Simulations one Analyze call may run at most (a request asking for more gets this many).
    #[arg(long, env = "HEXFOLD_ANALYSIS_SIMS", default_value_t = Limits::default().analysis_budget.sims,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub analysis_sims: u32,
    /// Milliseconds one Analyze call may compute at most, 1..=60000.
    #[arg(long, env = "HEXFOLD_ANALYSIS_MS", default_value_t = 2_000,
          value_parser = clap::value_parser!(u64).range(1..=60_000))]
    pub analysis_ms: u64,
    /// Analyze calls computed at once, each on a thread of its own; another is refused with RESOURCE_EXHAUSTED
    /// (default: half the machine's cores, at least one).
    #[arg(long, env = "HEXFOLD_ANALYSIS_THREADS", default_value_t = default_threads(),
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub analysis_threads: usize,
    /// A web origin (`https://play.example`) whose pages may call the API with gRPC-Web; repeat for more (in the
    /// environment: comma-separated). None given: any origin (calls are authorised by seat tokens, never cookies).
    #[arg(
        long = "allow-origin",
        env = "HEXFOLD_ALLOW_ORIGINS",
        value_delimiter = ','
    )]
    pub allowed_origins: Vec<String>,
}

/// `--store`'s value: a PostgreSQL URL, so a typo is refused at once rather than when connecting.
#[cfg(feature = "postgres")]
pub(crate) fn postgres_url(url: &str) -> Result<String, String> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(url.to_string())
    } else {
        Err("expected a PostgreSQL URL: postgres://user@host/database".into())
    }
}

#[cfg(feature = "sled")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DurabilityArg {
    Flush,
    Fsync,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One line per event for a person: time, level, target, message and fields.
    Text,
    /// One JSON object per line, for a log collector.
    Json,
}

impl ServeArgs {
    /// The TLS files read and checked, if `--tls-cert` is given: a file that is missing or not what it should be
    /// is an error here, before the server binds anything.
    pub fn tls(&self) -> Result<Option<crate::tls::Tls>, ServeError> {
        let (Some(cert), Some(key)) = (&self.tls_cert, &self.tls_key) else {
            return Ok(None);
        };
        Ok(Some(crate::tls::Tls::load(
            cert,
            key,
            self.tls_client_ca.as_deref(),
        )?))
    }

    /// The configuration the flags say, without TLS (see [`ServeArgs::tls`], which reads files).
    pub fn config(&self) -> Config {
        Config {
            #[cfg(feature = "sled")]
            data_dir: self.data_dir.clone(),
            #[cfg(feature = "sled")]
            durability: match self.durability {
                DurabilityArg::Flush => Durability::Flush,
                DurabilityArg::Fsync => Durability::Fsync,
            },
            #[cfg(feature = "postgres")]
            postgres: self.store.as_deref().map(PgConfig::new),
            operator_token: self.operator_token.clone().filter(|t| !t.is_empty()),
            limits: Limits {
                snapshot_every: self.snapshot_every.max(1),
                cached_games: self.cached_games.max(1),
                max_subscribers: self.max_streams.max(1),
                bot_budget: Budget {
                    sims: self.bot_sims.max(1),
                    think: (self.bot_think_ms > 0)
                        .then(|| Duration::from_millis(self.bot_think_ms.min(MAX_BOT_THINK_MS))),
                    ..Budget::DEFAULT
                },
                bot_threads: self.bot_threads.max(1),
                analysis_budget: Budget {
                    sims: self.analysis_sims.max(1),
                    think: Some(Duration::from_millis(self.analysis_ms.clamp(1, 60_000))),
                    turns: Some(0),
                },
                analysis_threads: self.analysis_threads.max(1),
                ..Limits::default()
            },
            request_timeout: Duration::from_millis(self.request_timeout_ms.max(1)),
            max_concurrent_requests: self.max_concurrent_requests.max(1),
            request_body_timeout: Duration::from_millis(self.request_body_timeout_ms.max(1)),
            max_streams_per_connection: self.max_streams_per_connection.max(1),
            max_connections: self.max_connections.max(1),
            idle_timeout: Duration::from_secs(self.idle_timeout_s.max(1)),
            keepalive_interval: Duration::from_secs(self.keepalive_interval_s.max(1)),
            allowed_origins: self.allowed_origins.clone(),
            ..Config::default()
        }
    }
}

/// Installs the global tracing subscriber: human-readable or JSON lines on stderr, filtered by `RUST_LOG`
/// (default `info`). Nothing at `info` names a token, a seed or a hidden card.
pub fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colours only for a person at a terminal: a log file or a collector would keep the escape codes as text.
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tonic::codegen::http::{Request, Response};
    use tower::ServiceExt;

    /// The `access-control-allow-origin` a browser's preflight from `origin` gets through `layer`.
    async fn allowed(layer: CorsLayer, origin: &str) -> Option<HeaderValue> {
        let service = ServiceBuilder::new()
            .layer(layer)
            .service_fn(|_: Request<String>| async {
                Ok::<_, std::convert::Infallible>(Response::new(String::new()))
            });
        let preflight = Request::builder()
            .method(Method::OPTIONS)
            .uri("/hexfold.v1.Hexfold/CreateGame")
            .header(header::ORIGIN, origin)
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .body(String::new())
            .unwrap();
        let answer = service.oneshot(preflight).await.unwrap();
        answer
            .headers()
            .get(header::ACCESS_CONTROL_ALLOW_ORIGIN)
            .cloned()
    }

    /// `hexfold serve`'s flags alone, as the binary parses them.
    #[derive(Debug, clap::Parser)]
    struct Serve {
        #[command(flatten)]
        args: ServeArgs,
    }

    fn serve(flags: &[&str]) -> Result<Config, clap::Error> {
        use clap::Parser as _;
        let argv = std::iter::once("serve").chain(flags.iter().copied());
        Serve::try_parse_from(argv).map(|s| s.args.config())
    }

    #[test]
    #[cfg(all(feature = "sled", feature = "postgres"))]
    fn sled_by_default_postgres_with_store() {
        let default = serve(&[]).unwrap();
        assert!(default.postgres.is_none());
        assert_eq!(default.data_dir, PathBuf::from("./hexfold-data"));
        let url = "postgres://hexfold@db.example/games";
        let postgres = serve(&["--store", url]).unwrap().postgres.unwrap();
        assert_eq!(postgres.url, url);
        let refused = serve(&["--store", "./somewhere"]).unwrap_err();
        assert!(refused.to_string().contains("PostgreSQL URL"), "{refused}");
    }

    #[test]
    fn connection_limits_have_their_documented_defaults_and_flags() {
        let default = serve(&[]).unwrap();
        assert_eq!(
            (
                default.request_body_timeout,
                default.max_streams_per_connection,
                default.max_connections,
                default.idle_timeout,
                default.keepalive_interval,
            ),
            (
                Duration::from_secs(5),
                128,
                10_000,
                Duration::from_secs(60),
                Duration::from_secs(20)
            )
        );
        let flags = [
            "--request-body-timeout-ms",
            "250",
            "--max-streams-per-connection",
            "8",
            "--max-connections",
            "100",
            "--idle-timeout-s",
            "7",
            "--keepalive-interval-s",
            "3",
        ];
        let set = serve(&flags).unwrap();
        assert_eq!(set.request_body_timeout, Duration::from_millis(250));
        assert_eq!(set.max_streams_per_connection, 8);
        assert_eq!(set.max_connections, 100);
        assert_eq!(set.idle_timeout, Duration::from_secs(7));
        assert_eq!(set.keepalive_interval, Duration::from_secs(3));
    }

    #[test]
    fn tls_needs_both_files_and_a_client_ca_needs_tls() {
        use clap::Parser as _;
        let parse = |flags: &[&str]| {
            Serve::try_parse_from(std::iter::once("serve").chain(flags.iter().copied()))
                .map(|s| s.args)
        };
        let plain = parse(&["--metrics-listen", "127.0.0.1:9100"]).unwrap();
        assert_eq!(plain.metrics_listen.as_deref(), Some("127.0.0.1:9100"));
        assert!(plain.tls().unwrap().is_none());
        for incomplete in [
            &["--tls-cert", "c.pem"][..],
            &["--tls-key", "k.pem"],
            &["--tls-client-ca", "ca.pem"],
            &["--tls-key", "k.pem", "--tls-client-ca", "ca.pem"],
        ] {
            assert!(parse(incomplete).is_err(), "{incomplete:?} was accepted");
        }
        let both = parse(&["--tls-cert", "c.pem", "--tls-key", "k.pem"]).unwrap();
        // Both flags given: the files are read, and these do not exist.
        assert!(matches!(
            both.tls(),
            Err(ServeError::Tls(crate::tls::TlsError::Read { .. }))
        ));
    }

    #[tokio::test]
    async fn any_origin_by_default_only_the_listed_ones_otherwise() {
        assert_eq!(
            allowed(cors(&[]).unwrap(), "https://any.example").await,
            Some(HeaderValue::from_static("*"))
        );
        let listed = || cors(&["https://play.example".to_string()]).unwrap();
        assert_eq!(
            allowed(listed(), "https://play.example").await,
            Some(HeaderValue::from_static("https://play.example"))
        );
        assert_eq!(allowed(listed(), "https://elsewhere.example").await, None);
        assert!(matches!(
            cors(&["bad\norigin".to_string()]),
            Err(ServeError::Origin(_))
        ));
    }
}
