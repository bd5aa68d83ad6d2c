//! Write coalescing for the server's (and the load benchmark's) connections.
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

use std::io::{self, IoSlice};
use std::pin::Pin;
use std::task::{ready, Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
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
