//! The standard services next to the API: health and reflection (what grpcurl, Postman and Evans use).

use crate::support;
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
    let requests = [
        MessageRequest::ListServices(String::new()),
        MessageRequest::FileContainingSymbol("hexfold.v1.catan.Command".into()),
        MessageRequest::FileContainingSymbol("hexfold.v1.elasund.State".into()),
        MessageRequest::FileContainingSymbol("hexfold.v1.catania.State".into()),
        // What a refusal carries in its details, for clients that decode them through reflection.
        MessageRequest::FileContainingSymbol("google.rpc.Status".into()),
        MessageRequest::FileContainingSymbol("google.rpc.ErrorInfo".into()),
    ]
    .map(|request| ServerReflectionRequest {
        host: String::new(),
        message_request: Some(request),
    });
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
    for _ in 0..5 {
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
