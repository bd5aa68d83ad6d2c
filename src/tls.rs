//! TLS for the API port (`serve --tls-cert --tls-key [--tls-client-ca]`): rustls through tonic's TLS support,
//! for gRPC and gRPC-Web alike, with client certificates required when a CA is given.
//!
//! The files are read and checked once, at start, before the server binds anything (a typo is one error, not a
//! server that listens and then refuses every handshake). TLS runs over the connections of [`crate::net`], so the
//! connection limit and the idle timeout hold during handshakes too, and each handshake has
//! [`HANDSHAKE_TIMEOUT`] on top. tonic offers only `h2` by ALPN: browsers and gRPC clients negotiate it (gRPC-Web
//! works over HTTP/2 as over HTTP/1.1), and an HTTP/1.1 client that offers no ALPN is served HTTP/1.1; one that
//! offers only `http/1.1` is refused in the handshake.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tonic::transport::{Certificate, Identity, ServerTlsConfig};

/// A TLS handshake must finish within this time of the connection's first byte.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A TLS file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// rustls refused the files as they are (not PEM, a key that does not match the certificate, ...).
    #[error(
        "the certificate {cert}, key {key} or client CA do not make a TLS configuration: {reason}"
    )]
    Invalid {
        cert: PathBuf,
        key: PathBuf,
        reason: String,
    },
}

/// The server's certificate chain and key, and the CAs its clients' certificates must be signed by, if any, as
/// read from their files. Its `Debug` names the files, never the key.
#[derive(Clone)]
pub struct Tls {
    cert_path: PathBuf,
    cert: Vec<u8>,
    key: Vec<u8>,
    client_ca: Option<(PathBuf, Vec<u8>)>,
}

impl Tls {
    /// Reads the PEM files and checks that rustls accepts them together.
    pub fn load(cert: &Path, key: &Path, client_ca: Option<&Path>) -> Result<Tls, TlsError> {
        let read = |path: &Path| {
            std::fs::read(path).map_err(|source| TlsError::Read {
                path: path.to_path_buf(),
                source,
            })
        };
        let tls = Tls {
            cert_path: cert.to_path_buf(),
            cert: read(cert)?,
            key: read(key)?,
            client_ca: match client_ca {
                Some(path) => Some((path.to_path_buf(), read(path)?)),
                None => None,
            },
        };
        // The acceptor tonic builds from the configuration is what checks it (tonic has no other way to ask).
        tonic::transport::Server::builder()
            .tls_config(tls.server_config())
            .map_err(|e| TlsError::Invalid {
                cert: cert.to_path_buf(),
                key: key.to_path_buf(),
                reason: std::error::Error::source(&e)
                    .map_or_else(|| e.to_string(), ToString::to_string),
            })?;
        Ok(tls)
    }

    /// tonic's configuration for the API port.
    pub fn server_config(&self) -> ServerTlsConfig {
        let config = ServerTlsConfig::new()
            .identity(Identity::from_pem(&self.cert, &self.key))
            .timeout(HANDSHAKE_TIMEOUT);
        match &self.client_ca {
            Some((_, ca)) => config.client_ca_root(Certificate::from_pem(ca)),
            None => config,
        }
    }
}

impl fmt::Debug for Tls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tls")
            .field("cert", &self.cert_path)
            .field("client_ca", &self.client_ca.as_ref().map(|(path, _)| path))
            .finish_non_exhaustive()
    }
}

/// For the start's log line: the certificate's file, and whether clients need one.
impl fmt::Display for Tls {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "on with {}", self.cert_path.display())?;
        if let Some((path, _)) = &self.client_ca {
            write!(f, ", client certificates from {} required", path.display())?;
        }
        Ok(())
    }
}
