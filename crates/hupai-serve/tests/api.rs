//! The HTTP API against the engine's own answers, and every response against the OpenAPI
//! description (`openapi.json`): statuses, content types and bodies (a small JSON-schema
//! check of the keywords the description uses).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use common::{call, call_as, conforms, SPEC};
use http_body_util::BodyExt;
use hupai::protocol::{answer_line, parse_rules};
use hupai::Rules;
use hupai_serve::{router, Config, Limits};
use serde_json::Value;
use std::time::Duration;
use tower::ServiceExt;

/// Random hands of 13 and 14 tiles as request objects, under every preset, some with the
/// extensions.
fn requests(n: usize) -> Vec<String> {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |m: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % m
    };
    let presets: Vec<&str> = Rules::PRESETS.to_vec();
    (0..n)
        .map(|i| {
            let preset = presets[i % presets.len()];
            let honors = !matches!(preset, "sichuan" | "changsha");
            let kinds = if honors { 34 } else { 27 };
            let mut counts = [0u8; 34];
            let size = 13 + (i % 2);
            let mut placed = 0;
            while placed < size {
                let k = next(kinds) as usize;
                if counts[k] < 4 {
                    counts[k] += 1;
                    placed += 1;
                }
            }
            let hand = hupai::format_counts(&counts);
            let extra = match i % 4 {
                0 => r#","forms":true,"improvements":true"#,
                1 => r#","decompositions":true"#,
                2 if preset == "nanchang" => r#","jing":"1z""#,
                // Short horizons and a small budget: answers or "too large", both described.
                3 => r#","odds":{"draws":3,"max_states":300}"#,
                _ => "",
            };
            format!(r#"{{"hand":"{hand}","rules":"{preset}"{extra},"id":{i}}}"#)
        })
        .collect()
}

#[tokio::test]
async fn analyse_answers_as_the_engine_and_as_described() {
    let app = router(Config::default());
    for req in requests(700) {
        let r = call(&app, "POST", "/v1/analyse", req.clone()).await;
        let engine = answer_line(&req, 1, Rules::chinese());
        if engine.starts_with(r#"{"error""#) {
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{req}");
        } else {
            assert_eq!(r.status, StatusCode::OK, "{req}: {}", r.body);
            assert_eq!(r.body, engine);
        }
        conforms("/v1/analyse", "POST", &r);
    }
    // The page's request: every extension at once, on a win with a wildcard.
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"1111m456789p1239s","wild":["9s"],"forms":true,"improvements":true,"decompositions":true}"#,
    )
    .await;
    conforms("/v1/analyse", "POST", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["forms"]["Standard"], -1);
    assert!(!v["decompositions"].as_array().unwrap().is_empty());
    // Odds: the engine's numbers under the server's bounds (a budget asked above them is
    // lowered, so a 4-shanten hand with every detour is "too large" here).
    let req = r#"{"hand":"12455m34567p6777s","rules":"riichi","odds":true}"#;
    let r = call(&app, "POST", "/v1/analyse", req).await;
    conforms("/v1/analyse", "POST", &r);
    let bounded =
        r#"{"hand":"12455m34567p6777s","rules":"riichi","odds":{"max_states":5000,"draws":17}}"#;
    assert_eq!(r.body, answer_line(bounded, 1, Rules::chinese()));
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["odds"]["best"], "1m");
    let req = r#"{"hand":"13m24679p13468s15z","rules":"riichi","odds":{"max_states":1000000}}"#;
    let r = call(&app, "POST", "/v1/analyse", req).await;
    conforms("/v1/analyse", "POST", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert!(
        v["odds"]["error"]
            .as_str()
            .unwrap()
            .contains("more than 5000 hands"),
        "{v}"
    );
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"123m456p789s1122z","odds":{"draws":0}}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body.contains("odds.draws"), "{}", r.body);
}

#[tokio::test]
async fn bad_input_is_a_described_4xx_never_a_500() {
    let app = router(Config::default());
    let cases: Vec<(&str, &str, Vec<u8>, u16)> = vec![
        ("POST", "/v1/analyse", br#"{"hand":"1x"}"#.to_vec(), 400),
        ("POST", "/v1/analyse", b"{not json".to_vec(), 400),
        (
            "POST",
            "/v1/analyse",
            br#"{"hand":"1m","colour":1}"#.to_vec(),
            400,
        ),
        ("POST", "/v1/analyse", b"".to_vec(), 400),
        ("POST", "/v1/analyse", vec![0xff, 0xfe, b'{'], 400),
        ("POST", "/v1/analyse", br#"{"hand":"11111m"}"#.to_vec(), 400),
        (
            "POST",
            "/v1/analyse",
            br#"{"hand":"123m","rules":"mars"}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/v1/analyse",
            br#"{"hand":"123m456p789s1122z","rules":"sichuan"}"#.to_vec(),
            400,
        ),
        (
            "POST",
            "/v1/analyse",
            br#"{"hand":"123m456p789s1122z","seen":"1z1z1z"}"#.to_vec(),
            400,
        ),
        ("POST", "/v1/analyse", vec![b' '; 5 << 20], 413),
        ("POST", "/v1/batch", vec![b'\n'; 5 << 20], 413),
        ("POST", "/v1/batch", "1m\n".repeat(10_001).into_bytes(), 413),
    ];
    for (method, path, body, status) in cases {
        let shown = String::from_utf8_lossy(&body[..body.len().min(40)]).to_string();
        let r = call(&app, method, path, body).await;
        assert_eq!(r.status.as_u16(), status, "{path} {shown}: {}", r.body);
        conforms(path, method, &r);
        let v: Value = serde_json::from_str(&r.body).unwrap();
        assert!(!v["error"].as_str().unwrap().is_empty());
    }
    // The id of a bad request comes back, as in batch.
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"1x","id":"seat-2"}"#,
    )
    .await;
    assert_eq!(
        serde_json::from_str::<Value>(&r.body).unwrap()["id"],
        "seat-2"
    );
    // A path or method the server does not have: JSON too.
    for (method, path, status) in [
        ("GET", "/v1/analyse", 405),
        ("DELETE", "/v1/batch", 405),
        ("GET", "/v2/analyse", 404),
        ("GET", "/../../etc/passwd", 404),
    ] {
        let r = call(&app, method, path, Body::empty()).await;
        assert_eq!(r.status.as_u16(), status, "{method} {path}");
        assert!(r.kind.starts_with("application/json"));
        assert!(serde_json::from_str::<Value>(&r.body).unwrap()["error"].is_string());
    }
    // Garbage of every kind: never a 5xx.
    let mut seed = 12345u32;
    let alphabet = b"{}[]\":,0123456789mpsz hand rules wild seen\x00\xff";
    for i in 0..2000 {
        let len = (i * 7) % 300;
        let body: Vec<u8> = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                alphabet[(seed >> 16) as usize % alphabet.len()]
            })
            .collect();
        let r = call(&app, "POST", "/v1/analyse", body).await;
        assert!(
            r.status.is_client_error() || r.status.is_success(),
            "{}",
            r.status
        );
    }
}

#[tokio::test]
async fn batch_answers_each_line_in_order() {
    let app = router(Config::default());
    let reqs = requests(300);
    let mut lines = reqs.clone();
    lines.insert(5, "12q".into());
    lines.insert(9, "".into());
    let r = call(&app, "POST", "/v1/batch", lines.join("\n")).await;
    assert_eq!(r.status, StatusCode::OK);
    conforms("/v1/batch", "POST", &r);
    let got: Vec<&str> = r.body.lines().collect();
    assert_eq!(got.len(), lines.len());
    for (i, (line, answer)) in lines.iter().zip(&got).enumerate() {
        assert_eq!(*answer, answer_line(line, i + 1, Rules::chinese()));
    }
}

#[tokio::test]
async fn presets_health_page_and_description() {
    let app = router(Config::default());
    let r = call(&app, "GET", "/v1/presets", Body::empty()).await;
    conforms("/v1/presets", "GET", &r);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    let list = v["presets"].as_array().unwrap();
    assert_eq!(list.len(), Rules::PRESETS.len());
    for p in list {
        let rules = Rules::preset(p["name"].as_str().unwrap()).unwrap();
        let mut switches = p["switches"].clone();
        switches.as_object_mut().unwrap().remove("wild");
        let base = Rules {
            wild: rules.wild,
            ..Rules::riichi()
        };
        assert_eq!(parse_rules(&switches, base), Ok(rules));
    }
    let r = call(&app, "GET", "/healthz", Body::empty()).await;
    conforms("/healthz", "GET", &r);
    let r = call(&app, "GET", "/", Body::empty()).await;
    conforms("/", "GET", &r);
    // Offline: the page loads nothing from elsewhere.
    assert!(!r.body.contains("http://") && !r.body.contains("https://"));
    for asset in ["/app.js", "/review.js", "/style.css"] {
        let a = call(&app, "GET", asset, Body::empty()).await;
        assert_eq!(a.status, StatusCode::OK, "{asset}");
        assert!(
            !a.body.contains("http://") && !a.body.contains("https://"),
            "{asset}"
        );
    }
    let r = call(&app, "GET", "/openapi.json", Body::empty()).await;
    assert_eq!(r.body, SPEC);
    // Every described path answers (no 404), and is reachable with its method.
    let spec: Value = serde_json::from_str(SPEC).unwrap();
    for (path, ops) in spec["paths"].as_object().unwrap() {
        for method in ops.as_object().unwrap().keys() {
            let body = if method == "post" {
                r#"{"hand":"1m"}"#
            } else {
                ""
            };
            let r = call(&app, &method.to_uppercase(), path, body).await;
            assert_ne!(r.status, StatusCode::NOT_FOUND, "{method} {path}");
            assert_ne!(r.status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
        }
    }
}

#[tokio::test]
async fn time_bound_answers_503() {
    let config = Config {
        limits: Limits {
            timeout: Duration::from_micros(1),
            ..Limits::default()
        },
        ..Config::default()
    };
    let app = router(config);
    // Not even the first line can be answered within a microsecond.
    let body = vec![HEAVY; 100].join("\n");
    let r = call(&app, "POST", "/v1/batch", body).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    conforms("/v1/batch", "POST", &r);
}

/// The heavy request line of the attack suite: 11 wild kinds with decompositions (~1 ms and
/// ~35 KB of answer).
const HEAVY: &str = r#"{"hand":"11122233344455m","wild":["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p"],"decompositions":true,"rules":"sichuan"}"#;

#[tokio::test]
async fn analyse_time_bound_answers_503() {
    let app = router(Config {
        limits: Limits {
            timeout: Duration::from_micros(1),
            ..Limits::default()
        },
        ..Config::default()
    });
    let r = call(&app, "POST", "/v1/analyse", HEAVY).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    conforms("/v1/analyse", "POST", &r);
}

#[tokio::test]
async fn post_bodies_must_say_their_media_type() {
    let app = router(Config::default());
    let hand = r#"{"hand":"123m456p789s1122z"}"#;
    for (path, kind, status) in [
        ("/v1/analyse", None, 415),
        ("/v1/analyse", Some("text/plain"), 415),
        (
            "/v1/analyse",
            Some("application/x-www-form-urlencoded"),
            415,
        ),
        ("/v1/analyse", Some("multipart/form-data"), 415),
        ("/v1/analyse", Some("application/x-ndjson"), 415),
        ("/v1/analyse", Some("application/json"), 200),
        ("/v1/analyse", Some("Application/JSON; charset=utf-8"), 200),
        ("/v1/batch", None, 415),
        ("/v1/batch", Some("text/plain"), 415),
        ("/v1/batch", Some("application/x-ndjson"), 200),
        ("/v1/batch", Some("application/json"), 200),
    ] {
        let r = call_as(&app, "POST", path, kind, hand).await;
        assert_eq!(r.status.as_u16(), status, "{path} {kind:?}: {}", r.body);
        conforms(path, "POST", &r);
    }
}

#[tokio::test]
async fn cors_headers_only_for_the_origin_named() {
    let preflight = |origin: &str| {
        Request::builder()
            .method("OPTIONS")
            .uri("/v1/analyse")
            .header("origin", origin)
            .header("access-control-request-method", "POST")
            .header("access-control-request-headers", "content-type")
            .body(Body::empty())
            .unwrap()
    };
    let post = |origin: &str| {
        Request::builder()
            .method("POST")
            .uri("/v1/analyse")
            .header("origin", origin)
            .header("content-type", "application/json")
            .body(Body::from(r#"{"hand":"123m456p789s1122z"}"#))
            .unwrap()
    };
    // No --cors: no CORS header for anyone, and no preflight.
    let app = router(Config::default());
    let r = app
        .clone()
        .oneshot(preflight("https://a.example"))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(r.headers().get("access-control-allow-origin").is_none());
    let r = app
        .clone()
        .oneshot(post("https://a.example"))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert!(r.headers().get("access-control-allow-origin").is_none());
    // --cors https://a.example: that origin only.
    let app = router(Config {
        cors: Some("https://a.example".into()),
        ..Config::default()
    });
    let r = app
        .clone()
        .oneshot(preflight("https://a.example"))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://a.example"
    );
    assert!(r.headers()["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .contains("content-type"));
    assert_eq!(r.headers()["access-control-max-age"], "600");
    let r = app
        .clone()
        .oneshot(post("https://a.example"))
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    assert_eq!(
        r.headers()["access-control-allow-origin"],
        "https://a.example"
    );
    // Another origin's preflight is answered without leave: its browser refuses the call.
    for other in ["https://b.example", "null"] {
        let r = app.clone().oneshot(preflight(other)).await.unwrap();
        assert!(
            r.headers().get("access-control-allow-origin").is_none(),
            "{other}"
        );
        let r = app.clone().oneshot(post(other)).await.unwrap();
        assert!(
            r.headers().get("access-control-allow-origin").is_none(),
            "{other}"
        );
    }
    // The page keeps its content security policy.
    let r = call(&app, "GET", "/", Body::empty()).await;
    assert_eq!(r.status, StatusCode::OK);
}

/// The value of one sample line of `/metrics`, 0 when absent.
fn sample(metrics: &str, name_and_labels: &str) -> f64 {
    metrics
        .lines()
        .find(|l| l.starts_with(name_and_labels) && l[name_and_labels.len()..].starts_with(' '))
        .map(|l| l.rsplit(' ').next().unwrap().parse().unwrap())
        .unwrap_or(0.0)
}

#[tokio::test]
async fn metrics_count_requests_statuses_and_refusals() {
    let app = router(Config::default());
    let before = call(&app, "GET", "/metrics", Body::empty()).await;
    conforms("/metrics", "GET", &before);
    for _ in 0..5 {
        call(
            &app,
            "POST",
            "/v1/analyse",
            r#"{"hand":"123m456p789s1122z"}"#,
        )
        .await;
    }
    call(&app, "POST", "/v1/analyse", r#"{"hand":"1x"}"#).await;
    call_as(&app, "POST", "/v1/analyse", Some("text/plain"), "1m").await;
    call(&app, "GET", "/nowhere", Body::empty()).await;
    let after = call(&app, "GET", "/metrics", Body::empty()).await.body;
    let moved = |key: &str| sample(&after, key) - sample(&before.body, key);
    assert_eq!(
        moved(r#"hupai_http_requests_total{route="/v1/analyse",status="200"}"#),
        5.0
    );
    assert_eq!(
        moved(r#"hupai_http_requests_total{route="/v1/analyse",status="400"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"hupai_http_requests_total{route="/v1/analyse",status="415"}"#),
        1.0
    );
    assert_eq!(
        moved(r#"hupai_http_requests_total{route="other",status="404"}"#),
        1.0
    );
    assert_eq!(moved(r#"hupai_rejected_total{reason="media_type"}"#), 1.0);
    assert_eq!(
        moved(r#"hupai_http_request_duration_seconds_count{route="/v1/analyse"}"#),
        7.0
    );
    assert!(after.contains("hupai_requests_at_work 0") && after.ends_with("# EOF\n"));
}

#[tokio::test]
async fn a_batch_past_its_time_bound_ends_with_the_first_line_not_answered() {
    let app = router(Config {
        limits: Limits {
            // Long enough for a first line on a busy machine, far short of 10,000 lines.
            timeout: Duration::from_millis(1000),
            ..Limits::default()
        },
        ..Config::default()
    });
    let lines = vec![HEAVY; 10_000];
    let r = call_as(
        &app,
        "POST",
        "/v1/batch",
        Some("application/x-ndjson"),
        lines.join("\n"),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    conforms("/v1/batch", "POST", &r);
    let got: Vec<&str> = r.body.lines().collect();
    let last: Value = serde_json::from_str(got.last().unwrap()).unwrap();
    let first_missing = got.len();
    assert!(
        first_missing > 1 && first_missing < 10_000,
        "{first_missing} lines"
    );
    assert_eq!(last["line"], first_missing, "{last}");
    let message = last["error"].as_str().unwrap();
    assert!(
        message.contains(&format!("lines {first_missing} to 10000 are not answered")),
        "{message}"
    );
    let expected = answer_line(HEAVY, 1, Rules::chinese());
    for answer in &got[..got.len() - 1] {
        assert_eq!(*answer, expected);
    }
}

#[tokio::test]
async fn a_batch_stops_when_its_client_goes_and_gives_its_turn_back() {
    // One turn; a batch of ~10 s of work; the client reads one line and hangs up.
    let app = router(Config {
        limits: Limits {
            concurrency: 1,
            queue_wait: Duration::from_secs(3),
            timeout: Duration::from_secs(60),
            ..Limits::default()
        },
        ..Config::default()
    });
    let req = Request::builder()
        .method("POST")
        .uri("/v1/batch")
        .header("content-type", "application/x-ndjson")
        .body(Body::from(vec![HEAVY; 10_000].join("\n")))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    let first = body.frame().await.unwrap().unwrap();
    assert!(first.data_ref().unwrap().ends_with(b"\n"));
    // While the batch runs, the one turn is taken: a request waits its 3 s and gets a 503 …
    let busy = router_probe(&app).await;
    assert_eq!(busy, StatusCode::SERVICE_UNAVAILABLE);
    drop(body);
    // … and once the client has gone, the batch stops after its line and the turn is free
    // within the probe's queue wait (a batch that went on would hold it ~10 s).
    assert_eq!(router_probe(&app).await, StatusCode::OK);
}

async fn router_probe(app: &Router) -> StatusCode {
    call(
        app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"123m456p789s1122z"}"#,
    )
    .await
    .status
}

/// A body that sends `first` bytes, then nothing more, never ending.
struct Stuck(Option<Vec<u8>>);

impl http_body::Body for Stuck {
    type Data = axum::body::Bytes;
    type Error = std::convert::Infallible;
    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        match self.0.take() {
            Some(bytes) => std::task::Poll::Ready(Some(Ok(http_body::Frame::data(bytes.into())))),
            None => std::task::Poll::Pending,
        }
    }
}

#[tokio::test]
async fn slow_bodies_get_408_and_cannot_hold_more_than_the_budget() {
    let app = router(Config {
        limits: Limits {
            max_body: 1000,
            body_budget: 1000,
            body_timeout: Duration::from_millis(1500),
            queue_wait: Duration::from_millis(100),
            ..Limits::default()
        },
        ..Config::default()
    });
    let stuck = |n: usize| {
        Request::builder()
            .method("POST")
            .uri("/v1/analyse")
            .header("content-type", "application/json")
            .body(Body::new(Stuck(Some(vec![b' '; n]))))
            .unwrap()
    };
    // A body that stops coming: 408 at the body time bound.
    let r = app.clone().oneshot(stuck(10)).await.unwrap();
    assert_eq!(r.status(), StatusCode::REQUEST_TIMEOUT);
    // One stuck body holding the whole budget: a second body finds no room within the queue
    // wait (503); then the first one's 408 gives the budget back.
    let holder = tokio::spawn(app.clone().oneshot(stuck(1000)));
    // Asked again until the holder has taken the budget (it holds it until its 408); a 200
    // only means the holder had not started yet.
    let r = loop {
        let r = call(
            &app,
            "POST",
            "/v1/analyse",
            r#"{"hand":"123m456p789s1122z"}"#,
        )
        .await;
        if r.status != StatusCode::OK || holder.is_finished() {
            break r;
        }
        tokio::task::yield_now().await;
    };
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    assert!(r.body.contains("request bodies"), "{}", r.body);
    conforms("/v1/analyse", "POST", &r);
    let held = holder.await.unwrap().unwrap();
    assert_eq!(held.status(), StatusCode::REQUEST_TIMEOUT);
    assert_eq!(router_probe(&app).await, StatusCode::OK);
}

#[tokio::test]
async fn jing_outside_the_rules_that_play_it_and_wild_kinds_out_of_play_are_refused_by_name() {
    let app = router(Config::default());
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"123m456p789s1122z","rules":"riichi","jing":"1z"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(v["error"], hupai::protocol::JING_NOT_PLAYED);
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"123m456p789s1155s","rules":"sichuan","wild":["1z","2z"]}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let v: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(
        v["error"],
        "wild kinds 1z, 2z are not in play under these rules"
    );
    let r = call(
        &app,
        "POST",
        "/v1/analyse",
        r#"{"hand":"123m456p789s1122z","rules":"nanchang","jing":"1z"}"#,
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}
