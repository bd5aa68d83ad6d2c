//! The server's connections: accepted under a connection limit with an idle timeout, backing off when file
//! descriptors run out ([`incoming`], [`Watched`]); and write coalescing for them (and the load benchmark's),
//! [`Coalesce`], described here.
//!
//! HTTP/2 multiplexes many streams over one connection, and h2 writes whatever frames are queued each time its
//! connection task runs, then flushes. Under load the task is woken by every stream that has a message, and tokio
//! runs a woken task almost at once, so each message leaves in its own `writev`: measured in the load benchmark,
//! about 1.2 system calls per command on the server and 0.9 on the client, and on loopback the sender's system call
//! also pays for the receiver's TCP processing. [`Coalesce`] takes the writes into a buffer and, when asked to
//! flush, first lets the runtime run the other tasks that are ready once (which queue their frames on the same
//! connection meanwhile), then writes everything in one call. The same idea as gRPC-Go's writer, which flushes
//! only when no more frames are ready, or Netty's flush consolidation.
//!
//! What it costs: one copy of the outgoing bytes, and a flush that waits for one turn of the scheduler, which is
//! immediate when nothing else is ready. Nothing is held back past that turn, so it adds no timer and no latency
//! on an idle server.

use std::future::Future as _;
use std::io::{self, IoSlice};
use std::pin::Pin;
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::{Duration, Instant};

use futures::Stream;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio::time::Sleep;
use tonic::transport::server::Connected;

/// Past this many buffered bytes a write sends the buffer before taking more: the bound on memory per
/// connection, and the point where a system call is worth it anyway. h2's own frames are at most 16 KiB by
/// default.
const HIGH_WATER: usize = 64 * 1024;

/// A drained buffer keeps at most this much capacity, so the memory of many quiet connections stays small after a
/// burst (a busy connection's writes under load are a few KiB).
const KEPT_CAPACITY: usize = 16 * 1024;

/// An I/O object whose writes are buffered and sent at a flush, one scheduler turn after it was asked for (see the
/// module documentation). Reads pass through, and so do writes when it is built with `enabled: false` (the
/// baseline the load benchmark compares with).
#[derive(Debug)]
pub struct Coalesce<T> {
    io: T,
    enabled: bool,
    /// Bytes taken from the writer; `buf[sent..]` is not written to `io` yet.
    buf: Vec<u8>,
    sent: usize,
    /// The flush in progress has already yielded its turn.
    yielded: bool,
}

impl<T> Coalesce<T> {
    pub fn new(io: T, enabled: bool) -> Self {
        Coalesce {
            io,
            enabled,
            buf: Vec::new(),
            sent: 0,
            yielded: false,
        }
    }

    /// Bytes taken and not written to the inner I/O object yet.
    fn pending(&self) -> usize {
        self.buf.len() - self.sent
    }
}

impl<T: AsyncWrite + Unpin> Coalesce<T> {
    /// Writes the buffer out; ready once all of it is with `io`.
    fn poll_drain(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.pending() > 0 {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.buf[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        if self.buf.capacity() > KEPT_CAPACITY {
            self.buf = Vec::new();
        } else {
            self.buf.clear();
        }
        self.sent = 0;
        Poll::Ready(Ok(()))
    }

    /// Makes room before taking `len` more bytes.
    fn poll_room(&mut self, cx: &mut Context<'_>, len: usize) -> Poll<io::Result<()>> {
        if self.pending() > 0 && self.pending() + len > HIGH_WATER {
            ready!(self.poll_drain(cx))?;
        }
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Coalesce<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Coalesce<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if !this.enabled {
            return Pin::new(&mut this.io).poll_write(cx, data);
        }
        ready!(this.poll_room(cx, data.len()))?;
        this.buf.extend_from_slice(data);
        Poll::Ready(Ok(data.len()))
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        slices: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if !this.enabled {
            return Pin::new(&mut this.io).poll_write_vectored(cx, slices);
        }
        let len = slices.iter().map(|s| s.len()).sum();
        ready!(this.poll_room(cx, len))?;
        for slice in slices {
            this.buf.extend_from_slice(slice);
        }
        Poll::Ready(Ok(len))
    }

    fn is_write_vectored(&self) -> bool {
        self.enabled || self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.pending() > 0 {
            if !this.yielded {
                // Woken at once, the task goes to the back of the run queue (tokio reschedules a task that woke
                // itself as a yield), behind the tasks that will add frames to this connection.
                this.yielded = true;
                cx.waker().wake_by_ref();
                return Poll::Pending;
            }
            ready!(this.poll_drain(cx))?;
        }
        this.yielded = false;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        ready!(this.poll_drain(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

impl<T: Connected> Connected for Coalesce<T> {
    type ConnectInfo = T::ConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.io.connect_info()
    }
}

/// Limits on the server's connections (see [`incoming`]).
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    /// Connections open at once; one more is accepted and closed at once, with a warning in the log.
    pub max_connections: usize,
    /// A connection from which nothing has been read for this long is closed. HTTP/2 clients answer the
    /// server's keepalive pings, so a live one is never idle this long; a silent socket, one that sent only
    /// the preface, or an HTTP/1.1 connection with nothing to say is.
    pub idle_timeout: Duration,
}

/// Waits after `accept` fails for want of file descriptors or memory: the first pause, doubled at each failure in
/// a row up to the last.
const ACCEPT_PAUSE: (Duration, Duration) = (Duration::from_millis(10), Duration::from_secs(1));

/// Whether an accept error means the process (or the system) is out of file descriptors or socket memory, which
/// accepting again at once cannot cure.
fn is_exhaustion(e: &io::Error) -> bool {
    const EMFILE: i32 = 24;
    const ENFILE: i32 = 23;
    const ENOBUFS: i32 = 105;
    const ENOMEM: i32 = 12;
    matches!(e.raw_os_error(), Some(EMFILE | ENFILE | ENOBUFS | ENOMEM))
}

/// The server's accepted connections: each with a permit of the connection limit and its idle timer, coalescing
/// its writes if `coalesce`. When `accept` fails for want of file descriptors (EMFILE) or memory, it waits before
/// trying again (10 ms, doubling to 1 s; one warning per wait) instead of spinning a core on an error that
/// returns at once; other accept errors (a peer that reset before being accepted) are skipped. Never yields an
/// error, so the server's loop never sees one.
pub fn incoming(
    listener: TcpListener,
    limits: ConnectionLimits,
    coalesce: bool,
) -> impl Stream<Item = io::Result<Coalesce<Watched<TcpStream>>>> + Send {
    struct State {
        listener: TcpListener,
        permits: Arc<Semaphore>,
        pause: Option<Duration>,
        refused_warned: Option<Instant>,
    }
    let state = State {
        listener,
        permits: Arc::new(Semaphore::new(
            limits.max_connections.clamp(1, Semaphore::MAX_PERMITS),
        )),
        pause: None,
        refused_warned: None,
    };
    futures::stream::unfold(state, move |mut state| async move {
        loop {
            match state.listener.accept().await {
                Ok((stream, peer)) => {
                    state.pause = None;
                    let Ok(permit) = Arc::clone(&state.permits).try_acquire_owned() else {
                        // One line a second at most: a flood of connections must not become a flood of logs.
                        if state
                            .refused_warned
                            .is_none_or(|at| at.elapsed() >= Duration::from_secs(1))
                        {
                            state.refused_warned = Some(Instant::now());
                            tracing::warn!(
                                %peer,
                                max_connections = limits.max_connections,
                                "connection refused: the server has as many connections as it allows"
                            );
                        }
                        drop(stream);
                        continue;
                    };
                    if let Err(e) = stream.set_nodelay(true) {
                        tracing::debug!(error = %e, "cannot set TCP_NODELAY");
                    }
                    let watched = Watched::new(stream, permit, limits.idle_timeout);
                    return Some((Ok(Coalesce::new(watched, coalesce)), state));
                }
                Err(e) if is_exhaustion(&e) => {
                    let pause = state
                        .pause
                        .map_or(ACCEPT_PAUSE.0, |p| (p * 2).min(ACCEPT_PAUSE.1));
                    state.pause = Some(pause);
                    tracing::warn!(
                        error = %e,
                        pause_ms = pause.as_millis() as u64,
                        "cannot accept connections (out of file descriptors or memory): pausing accept"
                    );
                    tokio::time::sleep(pause).await;
                }
                Err(e) => tracing::debug!(error = %e, "accept failed"),
            }
        }
    })
}

/// A connection that holds a permit of the connection limit for as long as it is open, and fails its reads
/// (so the server closes it) once nothing has been read for the idle timeout.
#[derive(Debug)]
pub struct Watched<T> {
    io: T,
    _permit: OwnedSemaphorePermit,
    idle_timeout: Duration,
    idle: Pin<Box<Sleep>>,
}

impl<T> Watched<T> {
    pub fn new(io: T, permit: OwnedSemaphorePermit, idle_timeout: Duration) -> Watched<T> {
        Watched {
            io,
            _permit: permit,
            idle_timeout,
            idle: Box::pin(tokio::time::sleep(idle_timeout)),
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Watched<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        match Pin::new(&mut this.io).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    let deadline = tokio::time::Instant::now() + this.idle_timeout;
                    this.idle.as_mut().reset(deadline);
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => match this.idle.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the connection was idle past the idle timeout",
                ))),
                Poll::Pending => Poll::Pending,
            },
            ready => ready,
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Watched<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, data)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        slices: &[IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, slices)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

impl<T: Connected> Connected for Watched<T> {
    type ConnectInfo = T::ConnectInfo;

    fn connect_info(&self) -> Self::ConnectInfo {
        self.io.connect_info()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::task::{Wake, Waker};

    /// A sink that keeps every write call apart, and can refuse writes to show back-pressure.
    #[derive(Default)]
    struct Calls {
        writes: Vec<Vec<u8>>,
        full: bool,
        flushed: usize,
        shut: bool,
    }

    impl AsyncWrite for Calls {
        fn poll_write(
            mut self: Pin<&mut Self>,
            _: &mut Context<'_>,
            data: &[u8],
        ) -> Poll<io::Result<usize>> {
            if self.full {
                return Poll::Pending;
            }
            self.writes.push(data.to_vec());
            Poll::Ready(Ok(data.len()))
        }
        fn poll_flush(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            self.flushed += 1;
            Poll::Ready(Ok(()))
        }
        fn poll_shutdown(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<io::Result<()>> {
            self.shut = true;
            Poll::Ready(Ok(()))
        }
    }

    #[derive(Default)]
    struct Wakes(AtomicUsize);

    impl Wake for Wakes {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    fn waker() -> (Arc<Wakes>, Waker) {
        let wakes = Arc::new(Wakes::default());
        (Arc::clone(&wakes), Waker::from(wakes))
    }

    fn write(
        io: &mut Coalesce<Calls>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(io).poll_write(cx, data)
    }

    fn flush(io: &mut Coalesce<Calls>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(io).poll_flush(cx)
    }

    #[test]
    fn writes_leave_together_one_turn_after_the_flush() {
        let (wakes, waker) = waker();
        let mut cx = Context::from_waker(&waker);
        let mut io = Coalesce::new(Calls::default(), true);
        assert!(matches!(write(&mut io, &mut cx, b"ab"), Poll::Ready(Ok(2))));
        assert!(flush(&mut io, &mut cx).is_pending());
        assert_eq!(
            wakes.0.load(Ordering::SeqCst),
            1,
            "the flush reschedules its task"
        );
        // Another task's frame arrives during that turn and joins the same write.
        let slices = [IoSlice::new(b"c"), IoSlice::new(b"de")];
        assert!(matches!(
            Pin::new(&mut io).poll_write_vectored(&mut cx, &slices),
            Poll::Ready(Ok(3))
        ));
        assert!(io.io.writes.is_empty());
        assert!(flush(&mut io, &mut cx).is_ready());
        assert_eq!(io.io.writes, vec![b"abcde".to_vec()]);
        assert_eq!(io.io.flushed, 1);
        // Nothing buffered: a flush passes straight through, without a turn.
        assert!(flush(&mut io, &mut cx).is_ready());
        assert_eq!(wakes.0.load(Ordering::SeqCst), 1);
        assert_eq!(io.io.flushed, 2);
    }

    #[test]
    fn a_full_buffer_is_written_before_more_is_taken() {
        let (_, waker) = waker();
        let mut cx = Context::from_waker(&waker);
        let mut io = Coalesce::new(Calls::default(), true);
        let chunk = vec![7u8; HIGH_WATER / 2];
        assert!(write(&mut io, &mut cx, &chunk).is_ready());
        assert!(write(&mut io, &mut cx, &chunk).is_ready());
        assert!(io.io.writes.is_empty());
        // One byte past the mark: the buffer goes out first.
        assert!(write(&mut io, &mut cx, b"x").is_ready());
        assert_eq!(io.io.writes.len(), 1);
        assert_eq!(io.io.writes[0].len(), HIGH_WATER);
        // A socket that takes nothing holds the writer back instead of letting the buffer grow.
        assert!(write(&mut io, &mut cx, &chunk).is_ready());
        io.io.full = true;
        assert!(write(&mut io, &mut cx, &chunk).is_pending());
        assert_eq!(io.pending(), 1 + HIGH_WATER / 2);
        io.io.full = false;
        assert!(write(&mut io, &mut cx, &chunk).is_ready());
        assert_eq!(io.io.writes[1].len(), 1 + HIGH_WATER / 2);
        // Drained, the buffer gives back what a burst made it grow to.
        assert!(flush(&mut io, &mut cx).is_pending());
        assert!(flush(&mut io, &mut cx).is_ready());
        assert_eq!(io.io.writes[2].len(), HIGH_WATER / 2);
        assert!(io.buf.capacity() <= KEPT_CAPACITY);
    }

    #[test]
    fn shutdown_writes_what_is_buffered_first() {
        let (_, waker) = waker();
        let mut cx = Context::from_waker(&waker);
        let mut io = Coalesce::new(Calls::default(), true);
        assert!(write(&mut io, &mut cx, b"goaway").is_ready());
        assert!(Pin::new(&mut io).poll_shutdown(&mut cx).is_ready());
        assert_eq!(io.io.writes, vec![b"goaway".to_vec()]);
        assert!(io.io.shut);
    }

    #[test]
    fn disabled_it_writes_at_once() {
        let (wakes, waker) = waker();
        let mut cx = Context::from_waker(&waker);
        let mut io = Coalesce::new(Calls::default(), false);
        assert!(write(&mut io, &mut cx, b"a").is_ready());
        assert!(write(&mut io, &mut cx, b"b").is_ready());
        assert_eq!(io.io.writes, vec![b"a".to_vec(), b"b".to_vec()]);
        assert!(flush(&mut io, &mut cx).is_ready());
        assert_eq!(wakes.0.load(Ordering::SeqCst), 0);
    }
}
