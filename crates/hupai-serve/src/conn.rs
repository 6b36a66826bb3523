//! Connections: accepted up to `max_connections` (then accepting pauses until one closes),
//! served by hyper's HTTP/1, each watched for the time it may spend without a request:
//!
//! * no byte since it opened or since its last answer: `idle_timeout`;
//! * a request head begun and not finished: `header_timeout` from its first byte;
//! * a request at work with no byte read or written for `queue_wait + timeout + 1 s` (a
//!   client that stopped reading its answer): closed as stalled.
//!
//! A body's time is bounded where it is read ([`crate::limits::Gate::read_body`]). At shutdown
//! the listener closes, every connection is told to finish its request and close (hyper-util's
//! `GracefulShutdown`), and after `shutdown_grace` the ones left are dropped.

use crate::limits::{Limits, HEAD_BOUND};
use crate::observe::Reason;
use crate::state::App;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::{GracefulShutdown, Watcher};
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore};
use tower::ServiceExt;

/// No first byte since the connection became ready.
const NONE: u64 = u64::MAX;

/// What a connection's watchdog reads: set by its socket's reads and writes and by its
/// requests' starts and ends. Times are milliseconds since the connection opened.
struct Activity {
    opened: Instant,
    in_flight: AtomicUsize,
    last_io: AtomicU64,
    ready_at: AtomicU64,
    first_byte: AtomicU64,
    /// Woken at every change that can bring the watchdog's deadline nearer.
    changed: Notify,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            opened: Instant::now(),
            in_flight: AtomicUsize::new(0),
            last_io: AtomicU64::new(0),
            ready_at: AtomicU64::new(0),
            first_byte: AtomicU64::new(NONE),
            changed: Notify::new(),
        }
    }

    fn now(&self) -> u64 {
        self.opened.elapsed().as_millis() as u64
    }

    fn io(&self, read: bool) {
        let now = self.now();
        self.last_io.store(now, Ordering::Relaxed);
        if read && self.in_flight.load(Ordering::Relaxed) == 0 {
            let first =
                self.first_byte
                    .compare_exchange(NONE, now, Ordering::Relaxed, Ordering::Relaxed);
            if first.is_ok() {
                self.changed.notify_one();
            }
        }
    }

    /// A request has come; the returned guard ends it when the answer's body is done.
    fn begin(self: &Arc<Self>) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        self.changed.notify_one();
        InFlight(self.clone())
    }

    /// When the watchdog fires next, and for what, as of now.
    fn next_deadline(&self, limits: &Limits) -> (u64, Reason) {
        let ms = |d: Duration| d.as_millis() as u64;
        if self.in_flight.load(Ordering::Relaxed) > 0 {
            let stall = ms(limits.queue_wait + limits.timeout) + 1000;
            (
                self.last_io.load(Ordering::Relaxed) + stall,
                Reason::Stalled,
            )
        } else {
            match self.first_byte.load(Ordering::Relaxed) {
                NONE => (
                    self.ready_at.load(Ordering::Relaxed) + ms(limits.idle_timeout),
                    Reason::IdleTimeout,
                ),
                first => (first + ms(limits.header_timeout), Reason::HeaderTimeout),
            }
        }
    }
}

/// A request in flight on a connection; dropped with its answer's body.
struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        let a = &self.0;
        if a.in_flight.fetch_sub(1, Ordering::Relaxed) == 1 {
            a.ready_at.store(a.now(), Ordering::Relaxed);
            a.first_byte.store(NONE, Ordering::Relaxed);
            a.changed.notify_one();
        }
    }
}

/// Resolves when the connection has spent longer than it may without progress.
async fn watchdog(activity: &Activity, limits: &Limits) -> Reason {
    loop {
        let (at, reason) = activity.next_deadline(limits);
        let now = activity.now();
        if now >= at {
            return reason;
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(at - now)) => {}
            () = activity.changed.notified() => {}
        }
    }
}

/// A socket whose reads and writes are noted in its [`Activity`].
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.io(true);
        }
        polled
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.io(false);
        }
        polled
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(polled, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.io(false);
        }
        polled
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// An answer's body that ends its request's [`InFlight`] when it is done or dropped.
struct Tracked {
    body: axum::body::Body,
    _in_flight: InFlight,
}

impl http_body::Body for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// Raises the soft limit on open files to the hard one where the system allows, and returns
/// the soft limit in force (None where it cannot be read).
pub fn raise_file_limit() -> Option<u64> {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit into the struct it is given, which lives on this
    // stack frame for the call.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } != 0 {
        return None;
    }
    if lim.rlim_cur < lim.rlim_max {
        let raised = libc::rlimit {
            rlim_cur: lim.rlim_max,
            rlim_max: lim.rlim_max,
        };
        // SAFETY: setrlimit reads one rlimit from a struct on this stack frame.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            lim.rlim_cur = lim.rlim_max;
        }
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is u64 here, narrower on other targets
    Some(lim.rlim_cur as u64)
}

/// Connections the kernel queues before the server accepts them (capped by the system's
/// `somaxconn`): a burst of connections past tokio's default of 1,024 would see its SYNs dropped
/// and retried a second later.
const BACKLOG: u32 = 4096;

/// A listener on `addr` (`127.0.0.1:8080`, `[::]:8080`, `localhost:8080`) with a backlog of
/// 4,096 and `SO_REUSEADDR` (a restarted server binds at once).
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// let listener = hupai_serve::bind("127.0.0.1:8080").await?;
/// # Ok(()) }
/// ```
pub async fn bind(addr: &str) -> io::Result<TcpListener> {
    let mut last = io::Error::new(io::ErrorKind::InvalidInput, "no address to listen on");
    for a in tokio::net::lookup_host(addr).await? {
        let socket = if a.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        socket.set_reuseaddr(true)?;
        match socket.bind(a).and_then(|()| socket.listen(BACKLOG)) {
            Ok(listener) => return Ok(listener),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// Accepts and serves connections until `stop` resolves, then shuts down within the grace.
pub(crate) async fn run(
    listener: TcpListener,
    app: Arc<App>,
    router: Router,
    stop: impl std::future::Future<Output = ()>,
) -> io::Result<()> {
    let limits = app.gate.limits;
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let graceful = GracefulShutdown::new();
    crate::memory::tune();
    let (open, gate) = (slots.clone(), app.clone());
    let trimmer = tokio::spawn(crate::memory::give_back(move || {
        limits.max_connections - open.available_permits() + gate.gate.at_work()
    }));
    tokio::pin!(stop);
    loop {
        let slot = match slots.clone().try_acquire_owned() {
            Ok(slot) => slot,
            Err(_) => {
                app.metrics.reject(Reason::ConnectionLimit);
                tokio::select! {
                    slot = slots.clone().acquire_owned() => slot.expect("never closed"),
                    () = &mut stop => break,
                }
            }
        };
        let stream = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let stream = match stream {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of files or a connection reset before it was taken: wait a little
                // rather than spin, and go on.
                tracing::warn!(target: "hupai_serve::conn", error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let (app, router, watcher) = (app.clone(), router.clone(), graceful.watcher());
        tokio::spawn(async move {
            let _slot = slot;
            app.metrics.connections.inc();
            serve_one(stream, &app, router, watcher).await;
            app.metrics.connections.dec();
        });
    }
    drop(listener);
    trimmer.abort();
    // Every connection is told to finish its request and close: wait for all, within the
    // grace (a connection still open after it is dropped with the runtime).
    let _ = tokio::time::timeout(limits.shutdown_grace, graceful.shutdown()).await;
    Ok(())
}

/// One connection, until it closes, its watchdog fires, or the server shuts down.
async fn serve_one(stream: TcpStream, app: &App, router: Router, watcher: Watcher) {
    let limits = app.gate.limits;
    let activity = Arc::new(Activity::new());
    let io = TokioIo::new(Watched {
        stream,
        activity: activity.clone(),
    });
    let requests = activity.clone();
    let service = hyper::service::service_fn(move |req: hyper::Request<Incoming>| {
        let in_flight = requests.begin();
        let router = router.clone();
        async move {
            let response = router.oneshot(req.map(axum::body::Body::new)).await?;
            Ok::<_, std::convert::Infallible>(response.map(|body| Tracked {
                body,
                _in_flight: in_flight,
            }))
        }
    });
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(None) // the watchdog's, from the head's first byte
        .max_buf_size(HEAD_BOUND)
        .keep_alive(true);
    // At shutdown the watcher tells the connection to finish its request and close.
    let conn = watcher.watch(http.serve_connection(io, service));
    tokio::select! {
        _ = conn => {}
        reason = watchdog(&activity, &limits) => app.metrics.reject(reason),
    }
}
