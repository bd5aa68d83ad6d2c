//! The observing layer: one log line for each request that ends refused or failed, and the RPC metrics (latency
//! by method and code, load-shed requests), for every service on the API port.
//!
//! It sits inside gRPC-Web's translation and outside the request gate, so it sees every call as gRPC, including
//! those the gate answers itself (framing, size, a body that never finished) and those the concurrency limit
//! sheds. A call's code is the `grpc-status` of its response headers, where tonic puts every refusal made before
//! the first message (a trailers-only response); a call without one answered OK, or, for a stream, opened.
//! What a stream ends with later is logged where it ends (`service.rs`, the engine's `farewell`).
//!
//! A line names the method, the code, the reason (the `ErrorInfo` reason when the refusal has one, such as a rule
//! violation's name) and the status message as `error`, which the server writes without tokens, seeds or hidden cards (see
//! `error.rs`). Failures of the server's own (INTERNAL, DATA_LOSS, UNKNOWN) are logged as errors, refusals of the
//! client's request as info.

use crate::engine::EngineError;
use crate::metrics as m;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;
use tonic::body::Body;
use tonic::codegen::http::{Request, Response};
use tonic::{Code, Status};
use tonic_types::StatusExt as _;
use tower::{Layer, Service};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The metrics of each path the server serves; any other path is counted as `other`, so a client naming made-up
/// paths cannot grow the metrics without bound.
#[derive(Debug)]
struct Methods {
    served: HashMap<String, &'static m::RpcMethod>,
    other: &'static m::RpcMethod,
}

impl Methods {
    /// Every method of every service in `descriptor_sets` (encoded `FileDescriptorSet`s), as `/package.Service/Method`.
    fn from_descriptors(descriptor_sets: &[&[u8]]) -> Methods {
        let mut pool = prost_reflect::DescriptorPool::new();
        for set in descriptor_sets {
            // The sets are compiled into the binary; one that does not decode is a build error, caught by the tests.
            pool.decode_file_descriptor_set(*set)
                .expect("a compiled-in descriptor set decodes");
        }
        let paths = pool
            .services()
            .flat_map(|service| {
                let name = service.full_name().to_string();
                service
                    .methods()
                    .map(move |method| format!("/{name}/{}", method.name()))
                    .collect::<Vec<_>>()
            })
            // Leaked once per server: a few dozen methods (their labels and histogram handles) for the life of the
            // process, so that each label is a `&'static str` and recording a call allocates and looks up nothing.
            .map(|path| {
                let label: &'static str = Box::leak(path.clone().into_boxed_str());
                (path, &*Box::leak(Box::new(m::RpcMethod::new(label))))
            })
            .collect();
        Methods {
            served: paths,
            other: Box::leak(Box::new(m::RpcMethod::new("other"))),
        }
    }

    fn get(&self, path: &str) -> &'static m::RpcMethod {
        self.served.get(path).copied().unwrap_or(self.other)
    }
}

/// The [`Observe`] around the services.
#[derive(Clone, Debug)]
pub struct ObserveLayer {
    methods: Arc<Methods>,
}

impl ObserveLayer {
    /// Labels the methods of the services described by `descriptor_sets` by their path.
    pub fn new(descriptor_sets: &[&[u8]]) -> ObserveLayer {
        ObserveLayer {
            methods: Arc::new(Methods::from_descriptors(descriptor_sets)),
        }
    }
}

impl<S> Layer<S> for ObserveLayer {
    type Service = Observe<S>;

    fn layer(&self, inner: S) -> Observe<S> {
        Observe {
            inner,
            methods: Arc::clone(&self.methods),
        }
    }
}

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct Observe<S> {
    inner: S,
    methods: Arc<Methods>,
}

impl<S, B> Service<Request<Body>> for Observe<S>
where
    S: Service<Request<Body>, Response = Response<B>, Error = BoxError>,
    S::Future: Send + 'static,
{
    type Response = Response<B>;
    type Error = BoxError;
    type Future = Pin<Box<dyn Future<Output = Result<Response<B>, BoxError>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let method = self.methods.get(request.uri().path());
        let call = Call {
            method,
            path: (method.path == "other").then(|| request.uri().path().to_string()),
            start: Instant::now(),
            done: false,
        };
        let answer = self.inner.call(request);
        Box::pin(async move {
            let mut call = call;
            let result = answer.await;
            call.finish(&result);
            result
        })
    }
}

/// One call in flight. Dropped unfinished, it was cut off before it answered: by the request timeout (which tonic
/// applies outside this layer) or by the client going away.
struct Call {
    method: &'static m::RpcMethod,
    /// The path of a call to no known method, for its log line.
    path: Option<String>,
    start: Instant,
    done: bool,
}

impl Call {
    fn path(&self) -> &str {
        self.path.as_deref().unwrap_or(self.method.path)
    }

    fn finish<B>(&mut self, result: &Result<Response<B>, BoxError>) {
        self.done = true;
        let elapsed = self.start.elapsed();
        let code = match result {
            Ok(response) => match Status::from_header_map(response.headers()) {
                Some(status) if status.code() != Code::Ok => {
                    self.log_refusal(&status);
                    status.code()
                }
                Some(_) => Code::Ok,
                None if response.status().is_success() => Code::Ok,
                // Not a gRPC answer at all (a request that is not gRPC, refused by the HTTP layer).
                None => {
                    tracing::info!(
                        method = self.path(),
                        http_status = response.status().as_u16(),
                        "request refused"
                    );
                    Code::InvalidArgument
                }
            },
            Err(error) => {
                let status = match error.downcast_ref::<tower::load_shed::error::Overloaded>() {
                    Some(_) => {
                        m::load_shed(m::Shed::Requests);
                        Status::resource_exhausted("too many requests at once")
                    }
                    None => Status::from_error(error.to_string().into()),
                };
                self.log_refusal(&status);
                status.code()
            }
        };
        self.method.record(code, elapsed);
    }

    fn log_refusal(&self, status: &Status) {
        let details = status.get_error_details();
        let reason = details.error_info().map_or("", |info| info.reason.as_str());
        let code = m::code_name(status.code());
        match status.code() {
            Code::Internal | Code::DataLoss | Code::Unknown => tracing::error!(
                method = self.path(),
                code,
                reason,
                error = %status.message(),
                "request failed"
            ),
            _ => tracing::info!(
                method = self.path(),
                code,
                reason,
                error = %status.message(),
                "request refused"
            ),
        }
    }
}

impl Drop for Call {
    fn drop(&mut self) {
        if !self.done {
            let elapsed = self.start.elapsed();
            tracing::info!(
                method = self.path(),
                code = m::code_name(Code::Cancelled),
                reason = "",
                error = %"cancelled before it was answered: the request timeout, or the client went away",
                elapsed_ms = elapsed.as_millis() as u64,
                "request refused"
            );
            self.method.record(Code::Cancelled, elapsed);
        }
    }
}

/// Logs a refusal or failure that travels inside a stream rather than as a call's status (a command `Play`
/// refused, a stream that ended with an error): the same line as a call's.
pub fn stream_refusal(method: &'static str, error: &EngineError) {
    let code = m::code_name(crate::error::code(error));
    let reason = error.reason().unwrap_or("");
    match error {
        EngineError::Bug(_) | EngineError::Damaged(_) | EngineError::DamagedGame { .. } => {
            tracing::error!(method, code, reason, error = %error, "request failed")
        }
        _ => tracing::info!(method, code, reason, error = %error, "request refused"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_served_method_has_its_own_label_and_anything_else_is_other() {
        let methods = Methods::from_descriptors(&[
            crate::proto::v1::FILE_DESCRIPTOR_SET,
            tonic_health::pb::FILE_DESCRIPTOR_SET,
        ]);
        for path in [
            "/hexfold.v1.Hexfold/SubmitCommand",
            "/grpc.health.v1.Health/Check",
        ] {
            assert_eq!(methods.get(path).path, path);
        }
        assert_eq!(methods.get("/hexfold.v1.Hexfold/Nope").path, "other");
        assert_eq!(methods.get("/metrics").path, "other");
    }
}
