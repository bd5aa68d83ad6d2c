//! TLS on the API port, with certificates made at run time by rcgen: gRPC from tonic's client trusting the test CA,
//! gRPC-Web over TLS from a plain HTTP/1.1 client, client certificates required and refused, and files that do
//! not load refused before the server listens.

use crate::support::{self, TestServer};
use hexfold::proto::v1 as pb;
use hexfold::tls::Tls;
use pb::hexfold_client::HexfoldClient;
use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tonic::transport::{Certificate, ClientTlsConfig, Endpoint, Identity};

/// A CA and what it signed, written as PEM files into a directory (also the client packages' TLS tests').
pub(crate) struct Pki {
    dir: tempfile::TempDir,
    ca: CertifiedIssuer<'static, KeyPair>,
}

/// A certificate and its key, as PEM.
struct Signed {
    cert: String,
    key: String,
}

impl Pki {
    pub(crate) fn new(name: &str) -> Pki {
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params
            .distinguished_name
            .push(rcgen::DnType::CommonName, format!("hexfold test CA {name}"));
        let ca = CertifiedIssuer::self_signed(params, KeyPair::generate().unwrap()).unwrap();
        Pki {
            dir: tempfile::tempdir().unwrap(),
            ca,
        }
    }

    pub(crate) fn ca_pem(&self) -> String {
        self.ca.pem()
    }

    /// A leaf certificate for `names` (DNS names or IP addresses).
    fn sign(&self, names: &[&str]) -> Signed {
        let key = KeyPair::generate().unwrap();
        let params =
            CertificateParams::new(names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
                .unwrap();
        let cert = params.signed_by(&key, &self.ca).unwrap();
        Signed {
            cert: cert.pem(),
            key: key.serialize_pem(),
        }
    }

    pub(crate) fn write(&self, name: &str, pem: &str) -> PathBuf {
        let path = self.dir.path().join(name);
        std::fs::write(&path, pem).unwrap();
        path
    }

    /// The server's TLS: a certificate for `localhost` and 127.0.0.1, and the client CA if given.
    pub(crate) fn server_tls(&self, client_ca: Option<&Pki>) -> Tls {
        let server = self.sign(&["localhost", "127.0.0.1"]);
        let cert = self.write("server.pem", &server.cert);
        let key = self.write("server.key", &server.key);
        let ca = client_ca.map(|ca| self.write("client-ca.pem", &ca.ca_pem()));
        Tls::load(&cert, &key, ca.as_deref()).expect("the test certificates load")
    }
}

pub(crate) async fn start_tls(data: &Path, tls: Tls) -> TestServer {
    support::start_with(hexfold::server::Config {
        tls: Some(tls),
        ..support::config(data)
    })
    .await
}

/// A tonic client over TLS to `server`, trusting `ca` and presenting `identity` if given.
async fn tls_client(
    server: &TestServer,
    ca: &Pki,
    identity: Option<&Signed>,
) -> Result<HexfoldClient<tonic::transport::Channel>, tonic::transport::Error> {
    let mut tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(ca.ca_pem()))
        .domain_name("localhost");
    if let Some(id) = identity {
        tls = tls.identity(Identity::from_pem(&id.cert, &id.key));
    }
    let channel = Endpoint::from_shared(format!("https://{}", server.addr))
        .unwrap()
        .tls_config(tls)?
        .connect()
        .await?;
    Ok(HexfoldClient::new(channel))
}

fn list() -> pb::ListGamesRequest {
    pb::ListGamesRequest {
        page_size: 10,
        page_token: String::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_goes_over_tls_with_a_certificate_made_at_run_time_and_plain_tcp_does_not() {
    let data = tempfile::tempdir().unwrap();
    let pki = Pki::new("server");
    let server = start_tls(data.path(), pki.server_tls(None)).await;
    let mut client = tls_client(&server, &pki, None).await.expect("TLS connect");
    let created = support::create_catan(&mut client, 3).await;
    let games = client.list_games(list()).await.unwrap().into_inner().games;
    assert!(games.iter().any(|g| g.game_id == created.game_id));

    // A client that speaks plain HTTP/2 to the TLS port gets no answer from the API.
    let plain = Endpoint::from_shared(format!("http://{}", server.addr)).unwrap();
    let answered = match plain.connect().await {
        Ok(channel) => HexfoldClient::new(channel).list_games(list()).await.is_ok(),
        Err(_) => false,
    };
    assert!(!answered, "plain TCP was served on the TLS port");

    // A client that does not trust the server's CA refuses it.
    let stranger = Pki::new("stranger");
    assert!(tls_client(&server, &stranger, None).await.is_err());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grpc_web_goes_over_tls_from_a_plain_http1_client() {
    let data = tempfile::tempdir().unwrap();
    let pki = Pki::new("server");
    let server = start_tls(data.path(), pki.server_tls(None)).await;

    let mut roots = tokio_rustls::rustls::RootCertStore::empty();
    let ca_der = pki.ca.der().clone();
    roots.add(ca_der).unwrap();
    // No ALPN: a plain HTTP/1.1 client, as a script with an HTTP library would be.
    let config = tokio_rustls::rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(config));
    let tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    let name = tokio_rustls::rustls::pki_types::ServerName::try_from("localhost").unwrap();
    let mut tls = connector.connect(name, tcp).await.expect("TLS handshake");

    // ListGames with an empty request message: a 5-byte gRPC-Web frame prefix and no bytes.
    let body = [0u8, 0, 0, 0, 0];
    let head = format!(
        "POST /hexfold.v1.Hexfold/ListGames HTTP/1.1\r\nHost: localhost\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\nContent-Length: {}\r\n\
         Connection: close\r\n\r\n",
        body.len()
    );
    tls.write_all(head.as_bytes()).await.unwrap();
    tls.write_all(&body).await.unwrap();
    let mut answer = Vec::new();
    // The server closes the connection after the answer; rustls may see that without a close_notify.
    let _ = tls.read_to_end(&mut answer).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains("application/grpc-web"),
        "a gRPC-Web answer: {answer}"
    );
    // The status travels in the body's trailer frame.
    assert!(answer.contains("grpc-status:0"), "{answer}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_a_client_ca_only_clients_with_a_certificate_it_signed_are_served() {
    let data = tempfile::tempdir().unwrap();
    let pki = Pki::new("server");
    let clients = Pki::new("clients");
    let server = start_tls(data.path(), pki.server_tls(Some(&clients))).await;

    let bot = clients.sign(&["bot.hexfold.test"]);
    let mut client = tls_client(&server, &pki, Some(&bot))
        .await
        .expect("a client with a certificate connects");
    client.list_games(list()).await.expect("and is served");

    // Without a certificate, or with one another CA signed, the handshake is refused: no call is served.
    let forged = Pki::new("forger").sign(&["bot.hexfold.test"]);
    for identity in [None, Some(&forged)] {
        let served = match tls_client(&server, &pki, identity).await {
            Ok(mut client) => client.list_games(list()).await.is_ok(),
            Err(_) => false,
        };
        assert!(
            !served,
            "served with {}",
            if identity.is_some() {
                "a certificate of another CA"
            } else {
                "no certificate"
            }
        );
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tls_files_that_do_not_load_are_one_error_before_the_server_listens() {
    let pki = Pki::new("server");
    let good = pki.sign(&["localhost"]);
    let other = pki.sign(&["localhost"]);
    let cert = pki.write("cert.pem", &good.cert);
    let key = pki.write("key.pem", &good.key);
    let wrong_key = pki.write("other.key", &other.key);
    let not_pem = pki.write("garbage.pem", "not a certificate\n");
    let missing = pki.dir.path().join("missing.pem");
    let data = tempfile::tempdir().unwrap();
    let cases: [(&Path, &Path, &str); 3] = [
        (&missing, &key, "cannot read"),
        (&not_pem, &key, "do not make a TLS configuration"),
        (&cert, &wrong_key, "do not make a TLS configuration"),
    ];
    for (cert, key, expected) in cases {
        let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data.path())
            .arg("--tls-cert")
            .arg(cert)
            .arg("--tls-key")
            .arg(key)
            .env_remove("HEXFOLD_LISTEN")
            .env_remove("HEXFOLD_STORE")
            .env_remove("RUST_LOG")
            .stdin(std::process::Stdio::null())
            .kill_on_drop(true)
            .output()
            .await
            .expect("run hexfold serve");
        assert!(!output.status.success());
        assert_eq!(String::from_utf8_lossy(&output.stdout), "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{expected:?} in {stderr}");
    }
}

/// Runs the `hexfold` binary with `HEXFOLD_SERVER=server` and `env`, none of the caller's TLS or token settings:
/// its stdout if it succeeded, else its stderr.
async fn cli(server: &str, env: &[(&str, &Path)], args: &[&str]) -> Result<String, String> {
    let mut command = tokio::process::Command::new(env!("CARGO_BIN_EXE_hexfold"));
    command.args(args).env("HEXFOLD_SERVER", server);
    for variable in [
        "HEXFOLD_TOKEN",
        "HEXFOLD_CA_CERT",
        "HEXFOLD_CLIENT_CERT",
        "HEXFOLD_CLIENT_KEY",
        "HEXFOLD_OPERATOR_TOKEN",
    ] {
        command.env_remove(variable);
    }
    for (variable, value) in env {
        command.env(variable, value);
    }
    let output = command.output().await.expect("run the hexfold binary");
    if output.status.success() {
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&output.stderr).into_owned())
    }
}

/// `create`'s game id and the token of seat 0.
fn game_and_token(created: &str) -> (String, String) {
    let mut game = None;
    let mut token = None;
    for line in created.lines() {
        match line.split_whitespace().collect::<Vec<_>>().as_slice() {
            ["game", id] => game = Some(id.to_string()),
            ["seat", "0", _, "token", t] => token = Some(t.to_string()),
            _ => {}
        }
    }
    (game.expect("a game id"), token.expect("seat 0's token"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_creates_lists_plays_and_exports_over_tls_trusting_a_ca() {
    let data = tempfile::tempdir().unwrap();
    let pki = Pki::new("server");
    let server = start_tls(data.path(), pki.server_tls(None)).await;
    let ca = pki.write("ca.pem", &pki.ca_pem());
    let url = format!("https://127.0.0.1:{}", server.addr.port());

    // The CA from the environment variable, then from the flag.
    let with_ca = [("HEXFOLD_CA_CERT", ca.as_path())];
    let created = cli(
        &url,
        &with_ca,
        &["create", "--bot", "1", "--bot", "2", "ann", "b1", "b2"],
    )
    .await
    .expect("create over TLS");
    let (game, token) = game_and_token(&created);
    let ca_flag = ca.to_str().unwrap();
    let listed = cli(&url, &[], &["list", "--ca-cert", ca_flag])
        .await
        .unwrap();
    assert!(listed.contains(&game), "{listed}");
    let played = cli(
        &url,
        &with_ca,
        &["bot", &game, "--token", &token, "--seed", "3"],
    )
    .await
    .expect("bot over TLS");
    assert!(played.contains("game ended at version"), "{played}");
    let exported = cli(&url, &with_ca, &["export", &game]).await.unwrap();
    assert!(exported.contains(&game), "{exported}");

    // Without the CA the system's bundle is trusted, which does not know the test CA: refused in the handshake.
    let untrusted = cli(&url, &[], &["list"]).await.unwrap_err();
    assert!(untrusted.contains("cannot connect"), "{untrusted}");
    // A CA for a plain server is a mistake, said so.
    let plain = format!("http://127.0.0.1:{}", server.addr.port());
    let mixed = cli(&plain, &with_ca, &["list"]).await.unwrap_err();
    assert!(mixed.contains("https://"), "{mixed}");
    // Plain HTTP/2 to the TLS port fails on the connection, and says what a TLS server takes. Tonic names the
    // closed connection UNKNOWN or CANCELLED depending on whether the close lands before or after the HTTP/2
    // preface is read (CI saw both), so the explanation is what is checked, not the code.
    let unencrypted = cli(&plain, &[], &["list"]).await.unwrap_err();
    assert!(
        (unencrypted.contains("ListGames failed: UNKNOWN")
            || unencrypted.contains("ListGames failed: CANCELLED"))
            && unencrypted.contains("the connection failed before an answer")
            && unencrypted.contains("--server https://HOST:PORT"),
        "{unencrypted}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cli_presents_a_client_certificate_where_the_server_requires_one() {
    let data = tempfile::tempdir().unwrap();
    let pki = Pki::new("server");
    let clients = Pki::new("clients");
    let server = start_tls(data.path(), pki.server_tls(Some(&clients))).await;
    let ca = pki.write("ca.pem", &pki.ca_pem());
    let person = clients.sign(&["ann.hexfold.test"]);
    let cert = clients.write("ann.pem", &person.cert);
    let key = clients.write("ann.key", &person.key);
    let url = format!("https://127.0.0.1:{}", server.addr.port());
    let (ca, cert, key) = (
        ca.to_str().unwrap(),
        cert.to_str().unwrap(),
        key.to_str().unwrap(),
    );
    let tls = ["--ca-cert", ca, "--client-cert", cert, "--client-key", key];

    let created = cli(
        &url,
        &[],
        &[
            &["create", "--bot", "1", "--bot", "2"][..],
            &tls,
            &["ann", "b1", "b2"],
        ]
        .concat(),
    )
    .await
    .expect("create with a client certificate");
    let (game, token) = game_and_token(&created);
    let listed = cli(&url, &[], &[&["list"][..], &tls[..]].concat())
        .await
        .unwrap();
    assert!(listed.contains(&game), "{listed}");
    let played = cli(
        &url,
        &[],
        &[
            &[
                "bot",
                game.as_str(),
                "--token",
                token.as_str(),
                "--seed",
                "5",
            ][..],
            &tls[..],
        ]
        .concat(),
    )
    .await
    .expect("bot with a client certificate");
    assert!(played.contains("game ended at version"), "{played}");
    let exported = cli(
        &url,
        &[],
        &[&["export", game.as_str()][..], &tls[..]].concat(),
    )
    .await
    .unwrap();
    assert!(exported.contains(&game), "{exported}");

    // Without a certificate the server refuses the handshake, and the CLI names what it may want.
    let refused = cli(&url, &[], &["list", "--ca-cert", ca])
        .await
        .unwrap_err();
    assert!(
        refused.starts_with("error:") && refused.contains("--client-cert and --client-key"),
        "{refused}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_tls_the_banner_gives_the_web_app_an_https_address() {
    let pki = Pki::new("server");
    let signed = pki.sign(&["localhost", "127.0.0.1"]);
    let cert = pki.write("server.pem", &signed.cert);
    let key = pki.write("server.key", &signed.key);
    let data = tempfile::tempdir().unwrap();
    let (_child, addr, mut stdout) = support::serve_binary(&[
        "--data-dir".as_ref(),
        data.path().as_os_str(),
        "--tls-cert".as_ref(),
        cert.as_os_str(),
        "--tls-key".as_ref(),
        key.as_os_str(),
    ])
    .await;
    let web = stdout.next_line().await.unwrap().expect("a second line");
    assert_eq!(web, format!("web app at https://{addr}/"));
}
