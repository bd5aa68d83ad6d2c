//! [`SledStore`] behind [`EventStore`]: which calls stay on the caller's task and which go to a blocking thread.
//!
//! Every sled operation takes sled's global lock in shared mode, and the log thread's batch takes it
//! exclusively (after waiting for a running flush), so any sled call on a tokio worker can stall every task
//! of that worker for milliseconds. Here no sled call runs on the caller's task:
//! - writes (`create_stream`, `append`, `flush`) only queue for the log thread and await its reply;
//! - reads (and `put_snapshot`, a sled insert from the caller's thread) run on the store's own reader
//!   threads (`readers`), at most [`crate::MAX_CONCURRENT_READS`] at a time on as many threads at most;
//! - answers that need only memory stay inline: the position watch, and `find_command`'s "never seen",
//!   which the log thread's command-id index settles for every stream it holds (the common case: a command
//!   the rules refused is ruled out as a retry without a thread hop).

use std::sync::Arc;

use tokio::sync::oneshot;

use crate::{
    check_len, check_stream_name, log, request_bytes, AppendRequest, Appended, CommandRecord,
    GlobalRecord, Recorded, Request, SledStore, StoreError, StreamListing, MAX_META_BYTES,
};
use hexfold_store::metrics::Backend;
use hexfold_store::{BoxFuture, EventStore, PositionWatch, Snapshot};

impl SledStore {
    /// Runs `read` on the store's reader threads (`readers`) with a clone of this handle, once one of the
    /// [`crate::MAX_CONCURRENT_READS`] read slots is free.
    ///
    /// The slot moves into the read, so a caller that stops waiting (its future dropped mid-read) cannot let
    /// more reads run than the bound: sled cannot abandon a read, so the slot is released when the read ends,
    /// not when the caller leaves.
    async fn off_worker<T, F>(&self, read: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&SledStore) -> Result<T, StoreError> + Send + 'static,
    {
        let permit = Arc::clone(&self.inner.read_slots)
            .acquire_owned()
            .await
            .map_err(|_| StoreError::Io("the store is closing".into()))?;
        let store = self.clone();
        let (reply, answer) = oneshot::channel();
        self.inner
            .readers
            .run(Box::new(move || {
                let _permit = permit;
                let result =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read(&store)));
                // The handle goes before the answer: the caller may drop the last other one at once.
                drop(store);
                let _ = reply.send(result);
            }))
            .map_err(StoreError::Io)?;
        match answer.await {
            Ok(Ok(result)) => result,
            // A panic in a read is a bug of this crate: it goes on unwinding in the caller, as it did when
            // the read ran inline.
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => Err(StoreError::Io("the store's reader stopped".into())),
        }
    }
}

impl EventStore for SledStore {
    fn create_stream<'a>(
        &'a self,
        stream: &'a str,
        meta: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(async move {
            check_stream_name(stream)?;
            check_len("stream meta (bytes)", meta.len(), MAX_META_BYTES)?;
            let permit = self.permit(stream.len() + meta.len()).await?;
            let (reply, outcome) = oneshot::channel();
            let request = Request::Create {
                stream: stream.to_string(),
                meta,
                reply,
                _permit: permit,
            };
            self.submit(request, outcome).await
        })
    }

    fn meta<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<Vec<u8>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.meta_blocking(&stream)))
    }

    fn head<'a>(&'a self, stream: &'a str) -> BoxFuture<'a, Result<u64, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.head_blocking(&stream)))
    }

    fn append(&self, req: AppendRequest) -> BoxFuture<'_, Result<Appended, StoreError>> {
        Box::pin(async move {
            req.check()?;
            let submitted = std::time::Instant::now();
            let permit = self.permit(request_bytes(&req)).await?;
            let (reply, outcome) = oneshot::channel();
            let request = Request::Append {
                req: log::PreparedAppend::new(req),
                reply,
                _permit: permit,
            };
            let appended = self.submit(request, outcome).await;
            hexfold_store::metrics::append(Backend::Sled, submitted.elapsed());
            appended
        })
    }

    fn read<'a>(
        &'a self,
        stream: &'a str,
        from: u64,
        to: u64,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.read_blocking(&stream, from, to)))
    }

    fn read_backwards<'a>(
        &'a self,
        stream: &'a str,
        to: u64,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<Recorded>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.read_backwards_blocking(&stream, to, limit)))
    }

    fn read_global(
        &self,
        from_global: u64,
        limit: usize,
    ) -> BoxFuture<'_, Result<Vec<GlobalRecord>, StoreError>> {
        Box::pin(self.off_worker(move |s| s.read_global_blocking(from_global, limit)))
    }

    fn watch_position(&self) -> PositionWatch {
        PositionWatch::new(self.inner.shared.position.subscribe())
    }

    fn watch_writable(&self) -> tokio::sync::watch::Receiver<bool> {
        self.inner.shared.writable.subscribe()
    }

    fn commands<'a>(
        &'a self,
        stream: &'a str,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.commands_blocking(&stream)))
    }

    fn last_commands<'a>(
        &'a self,
        stream: &'a str,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<CommandRecord>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.last_commands_blocking(&stream, limit)))
    }

    fn find_command<'a>(
        &'a self,
        stream: &'a str,
        command_id: &'a str,
    ) -> BoxFuture<'a, Result<Option<CommandRecord>, StoreError>> {
        Box::pin(async move {
            // The index holds only streams the log thread has written, which therefore exist, so "never
            // staged there" is a complete answer (see `SledStore::find_command_blocking`).
            check_stream_name(stream)?;
            if self.inner.shared.indexed_command(stream, command_id) == Some(None) {
                return Ok(None);
            }
            let (stream, command_id) = (stream.to_owned(), command_id.to_owned());
            self.off_worker(move |s| s.find_command_blocking(&stream, &command_id))
                .await
        })
    }

    fn put_snapshot<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
        bytes: Vec<u8>,
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.put_snapshot_blocking(&stream, version, bytes)))
    }

    fn snapshot_at_or_before<'a>(
        &'a self,
        stream: &'a str,
        version: u64,
    ) -> BoxFuture<'a, Result<Option<Snapshot>, StoreError>> {
        let stream = stream.to_owned();
        Box::pin(self.off_worker(move |s| s.snapshot_at_or_before_blocking(&stream, version)))
    }

    fn list_streams<'a>(
        &'a self,
        after: Option<&'a str>,
        limit: usize,
    ) -> BoxFuture<'a, Result<Vec<StreamListing>, StoreError>> {
        let after = after.map(str::to_owned);
        Box::pin(self.off_worker(move |s| s.list_streams_blocking(after.as_deref(), limit)))
    }

    fn flush(&self) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let gen = self.inner.shared.request_flush();
            let mut rx = self.inner.shared.durable.subscribe();
            let d = rx
                .wait_for(|d| d.gen >= gen || d.failure.is_some())
                .await
                .map_err(|_| StoreError::Io("the store was closed".into()))?;
            if d.gen >= gen {
                Ok(())
            } else {
                Err(StoreError::Io(format!(
                    "flush failed: {}",
                    d.failure.as_deref().unwrap_or("unknown")
                )))
            }
        })
    }
}
