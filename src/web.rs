//! The web app, served on the API's own port: `GET /` is the page, `/app.js` and `/app.css` its script and style,
//! `/favicon.svg` its icon (also answered at `/favicon.ico`, where browsers and tools look for one unasked), all
//! embedded in the binary at build time from `web/dist/` (the bundle `npm run build` makes from `web/src/`,
//! committed so that building the server needs no Node.js). The page speaks to the server only through the
//! public API, over gRPC-Web on the same origin.
//!
//! Every file is answered with [`CONTENT_SECURITY_POLICY`] (the page runs only its own script and style, which
//! set no inline script or style attribute, and calls only its own origin: the API is there), with framing
//! refused (`frame-ancestors 'none'` and `X-Frame-Options: DENY`, for browsers that know only the older header),
//! `Referrer-Policy: no-referrer` and `X-Content-Type-Options: nosniff`.
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
    File {
        path: "/favicon.svg",
        content_type: FAVICON_TYPE,
        bytes: FAVICON,
    },
    File {
        path: "/favicon.ico",
        content_type: FAVICON_TYPE,
        bytes: FAVICON,
    },
];

/// The app's icon, which the page links: a hexagon, small enough to answer at `/favicon.ico` too (browsers go by
/// the content type there, not by the name).
const FAVICON: &[u8] = include_bytes!("../web/dist/favicon.svg");
const FAVICON_TYPE: &str = "image/svg+xml";

/// The policy every file is answered with. The page loads its script, style and icon from its own origin and
/// calls the API there (gRPC-Web to `location.origin`); nothing else, no inline script or style, no plugin, no
/// `<base>`, no form posted anywhere (the lobby's form is read by the script), and no page may frame it.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

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
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}
