//! One peer must not starve the others: request bodies that never finish, silent and preface-only connections,
//! more connections than the server allows, malformed framing. Each test drives the real server over raw sockets
//! or a raw HTTP/2 client (the `h2` crate), the way an attacker would, while a well-behaved client is served.

use crate::support::{self, Table};
use bytes::Bytes;
use hexfold::proto::v1 as pb;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tonic::codegen::http;
use tonic_health::pb::{health_client::HealthClient, HealthCheckRequest};

/// A raw HTTP/2 connection to the server.
pub async fn raw_h2(addr: SocketAddr) -> h2::client::SendRequest<Bytes> {
    let tcp = TcpStream::connect(addr).await.unwrap();
    let (send, connection) = h2::client::handshake(tcp).await.unwrap();
    tokio::spawn(async move {
        let _ = connection.await;
    });
    send
}

/// The headers of a gRPC call of `path`, with `extra` headers.
pub fn grpc_headers(
    addr: SocketAddr,
    path: &str,
    extra: &[(&'static str, &'static str)],
) -> http::Request<()> {
    let mut builder = http::Request::builder()
        .method("POST")
        .uri(format!("http://{addr}{path}"))
        .header("content-type", "application/grpc")
        .header("te", "trailers");
    for (name, value) in extra {
        builder = builder.header(*name, *value);
    }
    builder.body(()).unwrap()
}

/// The gRPC status (code and message) an HTTP/2 response ends with: in its headers (a trailers-only answer) or in
/// its trailers after the body.
pub async fn grpc_status(response: h2::client::ResponseFuture) -> (i32, String) {
    let response = response.await.expect("a response");
    let read = |headers: &http::HeaderMap| {
        headers.get("grpc-status").map(|code| {
            let message = headers
                .get("grpc-message")
                .map(|m| m.to_str().unwrap_or_default().to_string())
                .unwrap_or_default();
            (code.to_str().unwrap().parse::<i32>().unwrap(), message)
        })
    };
    if let Some(status) = read(response.headers()) {
        return status;
    }
    let mut body = response.into_body();
    while let Some(data) = body.data().await {
        let data = data.expect("body data");
        let _ = body.flow_control().release_capacity(data.len());
    }
    let trailers = body.trailers().await.unwrap().expect("trailers");
    read(&trailers).expect("grpc-status in the trailers")
}

/// Sends one request of `path` with `body` (then ends the stream) and returns its status.
pub async fn call_raw(
    send: &mut h2::client::SendRequest<Bytes>,
    addr: SocketAddr,
    path: &str,
    extra: &[(&'static str, &'static str)],
    body: &[u8],
) -> (i32, String) {
    let mut ready = send.clone().ready().await.unwrap();
    let (response, mut stream) = ready
        .send_request(grpc_headers(addr, path, extra), false)
        .unwrap();
    stream
        .send_data(Bytes::copy_from_slice(body), true)
        .unwrap();
    grpc_status(response).await
}

/// The repro: HEADERS for `GetState` and a partial DATA frame without END_STREAM, as many streams as the
/// server has concurrency slots, on one connection. Before the gate each held a slot until the request timeout,
/// and every RPC (health included) was RESOURCE_EXHAUSTED meanwhile; now they hold none, a well-behaved client and
/// the health check are served throughout, and each held stream ends with DEADLINE_EXCEEDED at the body timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn request_bodies_that_never_finish_hold_no_slot_and_time_out() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.max_concurrent_requests = 64;
    config.request_body_timeout = Duration::from_secs(2);
    let server = support::start_with(config).await;
    let mut table = Table::new(server.addr, 3).await;
    let mut send = raw_h2(server.addr).await;
    let mut held = Vec::new();
    for _ in 0..64 {
        send = send.ready().await.unwrap();
        let (response, mut stream) = send
            .send_request(
                grpc_headers(server.addr, "/hexfold.v1.Hexfold/GetState", &[]),
                false,
            )
            .unwrap();
        // A prefix announcing 40 bytes, and 3 of them.
        stream
            .send_data(
                Bytes::from_static(&[0, 0, 0, 0, 40, 0x0a, 0x26, b'c']),
                false,
            )
            .unwrap();
        held.push((response, stream));
    }
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel);
    let started = std::time::Instant::now();
    for _ in 0..20 {
        table
            .state(None, None)
            .await
            .expect("a well-behaved GetState");
        table.legal(0).await.expect("a well-behaved LegalActions");
        health
            .check(HealthCheckRequest::default())
            .await
            .expect("the health check");
    }
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the checks ran past the body timeout, so they prove nothing"
    );
    for (response, _stream) in held {
        let (code, message) = tokio::time::timeout(Duration::from_secs(20), grpc_status(response))
            .await
            .expect("the held stream is answered");
        assert_eq!(code, tonic::Code::DeadlineExceeded as i32, "{message}");
    }
    server.stop().await;
}

/// Reads from `tcp` until the server closes it; `Err` if it is still open after `within`.
async fn closed_within(tcp: &mut TcpStream, within: Duration) -> Result<(), ()> {
    let mut buf = [0u8; 4096];
    tokio::time::timeout(within, async {
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    })
    .await
    .map_err(|_| ())
}

/// Silent TCP connections and connections that sent only the HTTP/2 preface are closed once idle past the idle
/// timeout (before, all were still open after 40 s), while a client that keeps talking stays connected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_are_closed_after_the_idle_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.idle_timeout = Duration::from_millis(500);
    config.keepalive_interval = Duration::from_millis(100);
    config.keepalive_timeout = Duration::from_millis(300);
    let server = support::start_with(config).await;
    let mut silent = Vec::new();
    for _ in 0..200 {
        silent.push(TcpStream::connect(server.addr).await.unwrap());
    }
    let mut preface = Vec::new();
    for _ in 0..50 {
        let mut tcp = TcpStream::connect(server.addr).await.unwrap();
        tcp.write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
            .await
            .unwrap();
        preface.push(tcp);
    }
    // A well-behaved client on one connection, calling now and then across several idle timeouts: its HTTP/2
    // stack answers the keepalive pings, so it is never idle.
    let mut client = server.client().await;
    for _ in 0..10 {
        client
            .list_games(pb::ListGamesRequest::default())
            .await
            .expect("the well-behaved client is served");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for tcp in silent.iter_mut().chain(preface.iter_mut()) {
        closed_within(tcp, Duration::from_secs(10))
            .await
            .expect("an idle connection is closed");
    }
    client
        .list_games(pb::ListGamesRequest::default())
        .await
        .expect("still served");
    server.stop().await;
}

/// Past the connection limit a new connection is closed at once; when one closes, a new one is accepted again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_past_the_limit_are_closed_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let mut config = support::config(dir.path());
    config.max_connections = 8;
    let server = support::start_with(config).await;
    let mut open = Vec::new();
    for _ in 0..8 {
        let mut client = server.client().await;
        client
            .list_games(pb::ListGamesRequest::default())
            .await
            .unwrap();
        open.push(client);
    }
    let mut extra = TcpStream::connect(server.addr).await.unwrap();
    closed_within(&mut extra, Duration::from_secs(5))
        .await
        .expect("the connection past the limit is closed");
    drop(open.pop());
    // The server sees the close when it reads; a new connection is accepted once it has.
    let mut accepted = false;
    for _ in 0..200 {
        let endpoint =
            tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr)).unwrap();
        if let Ok(channel) = endpoint.connect().await {
            let mut client = pb::hexfold_client::HexfoldClient::new(channel);
            if client
                .list_games(pb::ListGamesRequest::default())
                .await
                .is_ok()
            {
                accepted = true;
                break;
            }
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(accepted, "no connection was accepted after one closed");
    server.stop().await;
}
