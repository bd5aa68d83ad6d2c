//! The `hexfold` binary: `hexfold serve` runs the server; the other subcommands are a client for a person at a
//! terminal. It stays thin: the server lives in `hexfold::server`, the client commands in `hexfold::cli`.

fn main() -> anyhow::Result<()> {
    Ok(())
}
