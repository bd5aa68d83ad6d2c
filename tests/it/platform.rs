//! The standard services next to the API: health and reflection (what grpcurl, Postman and Evans use).

use crate::support;
use hexfold::games::GAMES;
use tonic_health::pb::{
    health_check_response::ServingStatus, health_client::HealthClient, HealthCheckRequest,
};
use tonic_reflection::pb::v1::{
    server_reflection_client::ServerReflectionClient, server_reflection_request::MessageRequest,
    server_reflection_response::MessageResponse, ServerReflectionRequest,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_reflection_describe_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let server = support::start(dir.path()).await;
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .connect()
        .await
        .unwrap();

    let mut health = HealthClient::new(channel.clone());
    let status = health
        .check(HealthCheckRequest {
            service: "hexfold.v1.Hexfold".into(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(status.status(), ServingStatus::Serving);

    let mut reflection = ServerReflectionClient::new(channel);
    // Every game's messages, and what a refusal carries in its details, for clients that decode them through
    // reflection.
    let symbols: Vec<String> = GAMES
        .iter()
        .flat_map(|game| {
            ["Command", "Event", "State"].map(|m| format!("hexfold.v1.{}.{m}", game.name))
        })
        .chain(["google.rpc.Status".into(), "google.rpc.ErrorInfo".into()])
        .collect();
    let requests: Vec<_> = std::iter::once(MessageRequest::ListServices(String::new()))
        .chain(
            symbols
                .iter()
                .cloned()
                .map(MessageRequest::FileContainingSymbol),
        )
        .map(|request| ServerReflectionRequest {
            host: String::new(),
            message_request: Some(request),
        })
        .collect();
    let mut responses = reflection
        .server_reflection_info(tokio_stream::iter(requests))
        .await
        .unwrap()
        .into_inner();
    match responses
        .message()
        .await
        .unwrap()
        .unwrap()
        .message_response
        .unwrap()
    {
        MessageResponse::ListServicesResponse(list) => {
            let names: Vec<_> = list.service.iter().map(|s| s.name.as_str()).collect();
            for expected in ["hexfold.v1.Hexfold", "grpc.health.v1.Health"] {
                assert!(names.contains(&expected), "{names:?}");
            }
        }
        other => panic!("unexpected {other:?}"),
    }
    for _ in &symbols {
        match responses
            .message()
            .await
            .unwrap()
            .unwrap()
            .message_response
            .unwrap()
        {
            MessageResponse::FileDescriptorResponse(files) => {
                assert!(!files.file_descriptor_proto.is_empty())
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    server.stop().await;
}

/// README.md's first two commands are the ones the project has: the server on sled with the defaults the README
/// gives, and the test command that provisions the machine itself, which is also what CI runs (with its lints).
#[test]
fn the_readme_first_commands_are_the_documented_ones() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).unwrap();
    let readme = read("README.md");
    let block = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .unwrap();
    let commands: Vec<&str> = block
        .lines()
        .map(|line| line.split('#').next().unwrap().trim())
        .filter(|command| !command.is_empty())
        .collect();
    assert_eq!(
        commands,
        ["cargo run --release -- serve", "cargo xtask test"]
    );
    assert!(
        block.contains("127.0.0.1:50051") && block.contains("./hexfold-data (embedded sled)"),
        "{block}"
    );

    // `serve` without flags: that address, that directory, sled.
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for default in ["[default: 127.0.0.1:50051]", "[default: ./hexfold-data]"] {
        assert!(help.contains(default), "{help}");
    }
    assert!(help.contains("sled"), "{help}");

    // `cargo xtask` is the workspace's xtask crate, and its test task ends in the whole workspace's tests.
    let config = read(".cargo/config.toml");
    assert!(
        config.contains("xtask = \"run --quiet --locked --package xtask --\""),
        "{config}"
    );
    let xtask = read("crates/xtask/src/main.rs");
    assert!(xtask.contains(r#"["test", "--workspace", "--locked"]"#));
    // CI runs exactly the xtask, and installs nothing itself.
    let ci = read(".ci/run");
    let steps: Vec<&str> = ci
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect();
    assert_eq!(steps.last(), Some(&"exec cargo xtask ci"), "{ci}");
    assert!(
        !steps
            .iter()
            .any(|line| line.contains("apt-get") || line.contains("npm ") || line.contains("pip ")),
        "{ci}"
    );
}

/// The packages a build of the server with these features compiles (`cargo tree` of its normal and build
/// dependencies, dev-dependencies left out), one name each.
fn packages_built_with(features: &[&str]) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut tree = std::process::Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()));
    tree.current_dir(root).args([
        "tree",
        "--package",
        "hexfold",
        "--edges",
        "normal,build",
        "--prefix",
        "none",
        "--format",
        "{p}",
        "--locked",
        "--offline",
    ]);
    if !features.is_empty() {
        tree.args(["--no-default-features", "--features", &features.join(",")]);
    }
    let out = tree.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut names: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Each store backend is a crate behind a feature of its own: the server built for PostgreSQL alone compiles no
/// sled, the one built for sled alone no PostgreSQL client, the default build both. CI's clippy checks that both
/// builds compile (`cargo xtask ci`, `STORE_FEATURES`).
#[test]
fn a_server_built_with_one_store_compiles_nothing_of_the_other() {
    let has = |names: &[String], name: &str| names.iter().any(|n| n == name);
    let sled = ["sled", "hexfold-sled"];
    let postgres = ["tokio-postgres", "deadpool-postgres", "hexfold-postgres"];

    let default = packages_built_with(&[]);
    for name in sled.iter().chain(&postgres) {
        assert!(
            has(&default, name),
            "the default build lacks {name}: {default:?}"
        );
    }
    let postgres_only = packages_built_with(&["postgres"]);
    for name in sled {
        assert!(
            !has(&postgres_only, name),
            "the PostgreSQL build has {name}"
        );
    }
    for name in postgres {
        assert!(
            has(&postgres_only, name),
            "the PostgreSQL build lacks {name}"
        );
    }
    let sled_only = packages_built_with(&["sled"]);
    for name in postgres {
        assert!(!has(&sled_only, name), "the sled build has {name}");
    }
    for name in sled {
        assert!(has(&sled_only, name), "the sled build lacks {name}");
    }

    let xtask = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/xtask/src/main.rs"),
    )
    .unwrap();
    assert!(
        xtask.contains(r#"const STORE_FEATURES: [&str; 2] = ["sled", "postgres"];"#),
        "CI no longer checks the server with each store alone"
    );
}
