//! The web app, served on the API's own port: `GET /` is the page, `/app.js` and `/app.css` its script and style,
//! all embedded in the binary at build time from `web/dist/` (the bundle `npm run build` makes from `web/src/`,
//! committed so that building the server needs no Node.js). The page speaks to the server only through the
//! public API, over gRPC-Web on the same origin.
//!
//! [`WebLayer`] sits outside every other layer: a `GET` or `HEAD` of one of [`FILES`] is answered here, and
//! everything else (every gRPC and gRPC-Web call is a `POST`, CORS preflights are `OPTIONS`) passes through
//! untouched, so the API's limits and statuses are exactly what they were. Any other `GET` is the API's to answer,
//! as before.

use bytes::Bytes;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use tonic::body::Body;
use tonic::codegen::http::{header, HeaderValue, Method, Request, Response, StatusCode};
use tower::{Layer, Service};

/// One embedded file: its path, its content type and its bytes.
pub struct File {
    pub path: &'static str,
    pub content_type: &'static str,
    pub bytes: &'static [u8],
}

/// Every file the app is made of.
pub static FILES: &[File] = &[
    File {
        path: "/",
        content_type: "text/html; charset=utf-8",
        bytes: include_bytes!("../web/dist/index.html"),
    },
    File {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        bytes: include_bytes!("../web/dist/app.js"),
    },
    File {
        path: "/app.css",
        content_type: "text/css; charset=utf-8",
        bytes: include_bytes!("../web/dist/app.css"),
    },
];

/// The embedded file at `path`, if there is one (`/index.html` is the page too).
pub fn file(path: &str) -> Option<&'static File> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES.iter().find(|f| f.path == path)
}

/// The [`Web`] service around the API.
#[derive(Clone, Copy, Debug, Default)]
pub struct WebLayer;

impl<S> Layer<S> for WebLayer {
    type Service = Web<S>;

    fn layer(&self, inner: S) -> Web<S> {
        Web { inner }
    }
}

/// See the module documentation.
#[derive(Clone, Debug)]
pub struct Web<S> {
    inner: S,
}

impl<S> Service<Request<Body>> for Web<S>
where
    S: Service<Request<Body>, Response = Response<Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, S::Error>> + Send>>;

    /// The inner stack's readiness. A file answered here leaves that readiness unused, which reserves nothing:
    /// the layers inside (CORS, gRPC-Web, the gate) are always ready, and the concurrency slot is taken further
    /// in, only once a request's body is in.
    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let method = request.method();
        if method == Method::GET || method == Method::HEAD {
            if let Some(found) = file(request.uri().path()) {
                let head = method == Method::HEAD;
                return Box::pin(std::future::ready(Ok(answer(found, head))));
            }
        }
        Box::pin(self.inner.call(request))
    }
}

fn answer(file: &'static File, head: bool) -> Response<Body> {
    let body = if head {
        Body::empty()
    } else {
        Body::new(http_body_util::Full::new(Bytes::from_static(file.bytes)))
    };
    let mut response = Response::new(body);
    *response.status_mut() = StatusCode::OK;
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(file.content_type),
    );
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(file.bytes.len()));
    // The files change with the binary, under the same names: a browser asks again rather than trust a copy.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}
