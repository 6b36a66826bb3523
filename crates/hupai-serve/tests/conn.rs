//! The connection bounds over real sockets on loopback, with short bounds: idle connections,
//! heads sent slowly, the connection cap, a client that stops reading, and shutdown with a
//! half-sent head. (The same attacks at scale, with the default bounds: `attack/run`.)
//!
//! These hold on a busy machine (`.ci/run` runs them again beside a CPU hog per core): a bound
//! under test is short, the others are long, and an upper limit on a time only tells the short
//! bound from the long ones (seconds apart); what a test waits for, it polls with a deadline.

use hupai_serve::{serve_until, Config, Limits};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// A server with these bounds on a free port; dropping the sender stops it.
async fn start(
    limits: Limits,
) -> (
    SocketAddr,
    oneshot::Sender<()>,
    JoinHandle<std::io::Result<()>>,
) {
    let listener = hupai_serve::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let config = Config {
        limits,
        ..Config::default()
    };
    let server = tokio::spawn(serve_until(listener, config, async {
        let _ = stopped.await;
    }));
    (addr, stop, server)
}

fn quick() -> Limits {
    Limits {
        idle_timeout: Duration::from_millis(400),
        header_timeout: Duration::from_millis(400),
        body_timeout: Duration::from_millis(400),
        ..Limits::default()
    }
}

const ANALYSE: &[u8] = b"POST /v1/analyse HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 28\r\n\r\n{\"hand\":\"123m456p789s1122z\"}";

/// Reads until the server closes the connection; how long that took and what came.
async fn until_closed(s: &mut TcpStream, within: Duration) -> (Duration, Vec<u8>) {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match tokio::time::timeout(within.saturating_sub(start.elapsed()), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return (start.elapsed(), got),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Err(_) => panic!("still open after {within:?}"),
        }
    }
}

/// One answer's head and body (`Content-Length` answers only).
async fn answer(s: &mut TcpStream) -> String {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf))
            .await
            .expect("an answer")
            .unwrap();
        assert!(n > 0, "closed before an answer");
        got.extend_from_slice(&buf[..n]);
        let text = String::from_utf8_lossy(&got).to_string();
        if let Some(end) = text.find("\r\n\r\n") {
            let length: usize = text[..end]
                .lines()
                .find_map(|l| {
                    l.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(|v| v.trim().parse().unwrap())
                })
                .unwrap_or(0);
            if got.len() >= end + 4 + length {
                return text;
            }
        }
    }
}

/// `/metrics` once `has` holds of it, polled on fresh connections; a panic with the last text
/// after `within`.
async fn metrics_once(addr: SocketAddr, within: Duration, has: impl Fn(&str) -> bool) -> String {
    let start = Instant::now();
    loop {
        let mut probe = TcpStream::connect(addr).await.unwrap();
        probe
            .write_all(b"GET /metrics HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let m = answer(&mut probe).await;
        if has(&m) {
            return m;
        }
        assert!(start.elapsed() < within, "not within {within:?}: {m}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Long enough that a bound of a few hundred milliseconds is never mistaken for it, however
/// busy the machine.
const LONG: Duration = Duration::from_secs(30);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unused_connection_is_closed_at_the_idle_timeout() {
    let (addr, _stop, _server) = start(Limits {
        header_timeout: LONG,
        ..quick()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    let (took, got) = until_closed(&mut s, LONG).await;
    assert!(got.is_empty());
    assert!(
        took >= Duration::from_millis(300) && took < LONG / 3,
        "{took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_head_sent_slowly_is_cut_at_the_header_timeout() {
    // The idle bound is long: the head's own bound, from its first byte, closes it.
    let (addr, _stop, _server) = start(Limits {
        idle_timeout: LONG,
        ..quick()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    let start = Instant::now();
    // Sent a byte at a time over at least 20 s: only the head's bound can end it sooner.
    let head = [
        b"POST /v1/analyse HTTP/1.1\r\nHost: t\r\nX-Pad: ".as_slice(),
        &[b'a'; 160],
    ]
    .concat();
    let mut closed = None;
    for b in head {
        if s.write_all(&[b]).await.is_err() {
            closed = Some(start.elapsed());
            break;
        }
        let mut buf = [0u8; 16];
        if let Ok(Ok(0) | Err(_)) =
            tokio::time::timeout(Duration::from_millis(100), s.read(&mut buf)).await
        {
            closed = Some(start.elapsed());
            break;
        }
    }
    let took = closed.expect("the connection was closed before the head was complete");
    assert!(
        took >= Duration::from_millis(350) && took < Duration::from_secs(10),
        "{took:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_alive_connection_serves_requests_then_idles_out() {
    // An idle bound of 2 s: the pauses between requests (100 ms) stay well within it.
    let (addr, _stop, _server) = start(Limits {
        idle_timeout: Duration::from_secs(2),
        header_timeout: LONG,
        body_timeout: LONG,
        ..Limits::default()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    for _ in 0..3 {
        s.write_all(ANALYSE).await.unwrap();
        let a = answer(&mut s).await;
        assert!(a.starts_with("HTTP/1.1 200"), "{a}");
    }
    let (took, _) = until_closed(&mut s, LONG).await;
    assert!(took < LONG / 3, "{took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn past_the_connection_cap_a_client_waits_for_a_slot() {
    let (addr, _stop, _server) = start(Limits {
        max_connections: 2,
        idle_timeout: Duration::from_millis(600),
        ..quick()
    })
    .await;
    let _a = TcpStream::connect(addr).await.unwrap();
    let _b = TcpStream::connect(addr).await.unwrap();
    // The kernel queues the third (its accept queue is in order); the server takes it once an
    // idle one is closed: then both bounds have been counted.
    let mut c = TcpStream::connect(addr).await.unwrap();
    c.write_all(ANALYSE).await.unwrap();
    let a = answer(&mut c).await;
    assert!(a.starts_with("HTTP/1.1 200"), "{a}");
    c.write_all(b"GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    let m = answer(&mut c).await;
    assert!(
        m.contains(r#"hupai_rejected_total{reason="connection_limit"}"#),
        "{m}"
    );
    assert!(
        m.contains(r#"hupai_rejected_total{reason="idle_timeout"}"#),
        "{m}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_cut_off() {
    // A batch of ~10 s of answers (35 KB a line) that the client never reads: the work stops
    // at its bound and the connection, its writes stalled, is closed. The answers written
    // before the bound must outgrow the socket buffers (a few MB), or the answer fits, ends,
    // and the connection only idles out: so the bound is 2 s (60 lines fill the buffers, at
    // a tenth of the machine), and the client's receive buffer is small.
    let limits = Limits {
        timeout: Duration::from_secs(2),
        queue_wait: Duration::from_millis(100),
        ..quick()
    };
    let (addr, _stop, _server) = start(limits).await;
    let line = r#"{"hand":"11122233344455m","wild":["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p"],"decompositions":true,"rules":"sichuan"}"#;
    let body = vec![line; 10_000].join("\n");
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut s = socket.connect(addr).await.unwrap();
    let head = format!(
        "POST /v1/batch HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-ndjson\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body.as_bytes()).await.unwrap();
    // The stall bound: queue wait + timeout + 1 s = 3.1 s without progress; waited for as
    // the counters it moves, with a deadline far past it.
    metrics_once(addr, LONG, |m| {
        m.contains(r#"hupai_rejected_total{reason="stalled"} 1"#)
            && m.contains(r#"hupai_rejected_total{reason="timeout"} 1"#)
            && m.contains("hupai_requests_at_work 0")
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_ends_within_the_grace_with_a_half_sent_head_open() {
    let (addr, stop, server) = start(Limits {
        shutdown_grace: Duration::from_millis(500),
        header_timeout: LONG,
        idle_timeout: LONG,
        ..Limits::default()
    })
    .await;
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"POST /v1/analyse HTTP/1.1\r\nHost: t\r\nContent-Le")
        .await
        .unwrap();
    let _idle = TcpStream::connect(addr).await.unwrap();
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(ANALYSE).await.unwrap();
    assert!(answer(&mut kept).await.starts_with("HTTP/1.1 200"));
    let start = Instant::now();
    drop(stop);
    let ended = tokio::time::timeout(LONG / 2, server).await;
    let took = start.elapsed();
    assert!(matches!(ended, Ok(Ok(Ok(())))), "{ended:?}");
    assert!(took < LONG / 3, "{took:?}");
    // The listener is closed: no new connection is taken.
    let late = TcpStream::connect(addr).await;
    if let Ok(mut late) = late {
        let _ = late.write_all(ANALYSE).await;
        let mut buf = [0u8; 16];
        let n = tokio::time::timeout(Duration::from_secs(1), late.read(&mut buf)).await;
        assert!(
            matches!(n, Ok(Ok(0)) | Ok(Err(_))),
            "answered after shutdown: {n:?}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_declared_past_the_bound_is_refused_before_it_is_sent() {
    let (addr, _stop, _server) = start(Limits {
        max_body: 1000,
        body_budget: 1000,
        ..quick()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    // Only the head: the 413 comes without waiting for the 10 MB announced.
    s.write_all(b"POST /v1/analyse HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n")
        .await
        .unwrap();
    let a = answer(&mut s).await;
    assert!(a.starts_with("HTTP/1.1 413"), "{a}");
}
