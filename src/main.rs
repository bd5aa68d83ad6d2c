//! The `hexfold` binary: `hexfold serve` runs the server; the other subcommands are a client for a person at a
//! terminal. It stays thin: the server lives in `hexfold::server`, the client commands in `hexfold::cli`.

use anyhow::Context;

/// mimalloc instead of the system allocator: a command allocates many small short-lived buffers (protobuf
/// messages, HTTP/2 frames, sled's node copies) on one thread and frees some on another, where glibc's malloc spent
/// about a tenth of the server's CPU under load (see `crates/hexfold-bench/README.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use clap::Parser;
use hexfold::{cli, server};

#[derive(Debug, Parser)]
#[command(
    name = "hexfold",
    version,
    about = "Board games as event-sourced aggregates behind a gRPC API"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Run the gRPC server.
    Serve(server::ServeArgs),
    #[command(flatten)]
    Client(cli::ClientCommand),
    #[command(flatten)]
    Store(cli::store::StoreCommand),
    #[command(flatten)]
    Export(cli::export::ExportCommand),
}

fn main() -> std::process::ExitCode {
    let args = Cli::parse();
    match run(args) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // The reader of our output went away (`hexfold actions ... | head -1`): nothing more to say to anyone.
        Err(err) if is_broken_pipe(&err) => std::process::ExitCode::SUCCESS,
        // A damaged store gets its own code, so a supervisor can tell it from a failure a restart may cure.
        Err(err) if is_damaged_store(&err) => {
            // One line, and every refusal points at the tools, sled's own errors and panics while it recovers
            // included.
            let mut text = format!("{err:#}");
            if !text.contains("hexfold salvage") {
                text.push_str(
                    "; `hexfold check DIR` lists what is intact and `hexfold salvage DIR OUT` copies it to a \
                     new directory",
                );
            }
            eprintln!("error: {text}");
            std::process::ExitCode::from(cli::store::EXIT_DAMAGED_STORE)
        }
        Err(err) => {
            // One readable line (with its causes) for a person; never a backtrace, whatever RUST_BACKTRACE says.
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The server refused its store as damaged, or `check` found damage.
fn is_damaged_store(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<server::ServeError>(),
            Some(server::ServeError::Store(
                hexfold_store::StoreError::Corrupt(_)
            ))
        ) || cause.downcast_ref::<cli::store::DamagedStore>().is_some()
    })
}

/// Threads of tokio's blocking pool in the `hexfold` process.
const MAX_BLOCKING_THREADS: usize = 8;

fn run(args: Cli) -> anyhow::Result<()> {
    // The server runs nothing of its own on tokio's blocking pool (the sled store reads on its own bounded
    // threads, see hexfold-sled's `readers`); what remains there (a host name lookup of the PostgreSQL client,
    // say) gets a few threads rather than tokio's default of 512.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(MAX_BLOCKING_THREADS)
        .enable_all()
        .build()?;
    match args.command {
        Command::Serve(serve) => runtime.block_on(serve_main(serve)),
        Command::Client(client) => runtime.block_on(cli::run(client)),
        Command::Store(store) => runtime.block_on(cli::store::run(store)),
        Command::Export(export) => runtime.block_on(cli::export::run(export)),
    }
}

async fn serve_main(args: server::ServeArgs) -> anyhow::Result<()> {
    server::init_tracing(args.log_format);
    let mut config = args.config();
    config.tls = args.tls()?;
    // The store first: a store this server cannot have (damaged, another server's lock on the directory) is
    // its one error, before anything says it is listening. TLS files that do not load are checked above.
    let store = server::open_store(&config)
        .await
        .map_err(server::ServeError::Store)?;
    let api = bind(&args.listen).await?;
    let web = match &args.web {
        Some(addr) => Some(bind(addr).await?),
        None => None,
    };
    let metrics = match &args.metrics_listen {
        Some(addr) => Some(bind(addr).await?),
        None => None,
    };
    // The bound address on stdout (the port may have been 0): scripts and tests read this line. Then the web app's
    // address, served on the same port (src/web.rs), its second address with --web, and the metrics address if
    // there is one. All the lines go out
    // in one write: a caller that reads the first line and closes the pipe must not make a second write fail
    // (that would end the server).
    // With TLS both the API's port and --web's speak only https (one configuration serves both).
    let addr = api.local_addr()?;
    let scheme = if config.tls.is_some() {
        "https"
    } else {
        "http"
    };
    let mut lines = format!("listening on {addr}\nweb app at {scheme}://{addr}/\n");
    if let Some(web) = &web {
        lines.push_str(&format!(
            "web app also at {scheme}://{}/\n",
            web.local_addr()?
        ));
    }
    if let Some(metrics) = &metrics {
        lines.push_str(&format!("metrics on {}\n", metrics.local_addr()?));
    }
    std::io::Write::write_all(&mut std::io::stdout().lock(), lines.as_bytes())?;
    let listeners = server::Listeners { api, web, metrics };
    server::serve(listeners, store, config, shutdown_signal()).await?;
    Ok(())
}

async fn bind(addr: &str) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
