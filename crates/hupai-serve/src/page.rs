//! The 牌理 page and the API description, compiled into the binary (no CDN: the page works
//! offline). The page is plain HTML, CSS and JavaScript in `page/` (`review.js`: a dropped
//! game record reviewed; `table.js`: a game against the built-in players); it calls
//! `/v1/analyse`, `/v1/score`, `/v1/review` and `/v1/game`. Its font (`page/cjk.woff2`, every CJK character it can show, made by
//! `scripts/page-font`) is served too, so that tiles and labels show on a machine with no
//! CJK font.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("../page/index.html");
const SCRIPT: &str = include_str!("../page/app.js");
const REVIEW: &str = include_str!("../page/review.js");
const TABLE: &str = include_str!("../page/table.js");
const STYLE: &str = include_str!("../page/style.css");
const OPENAPI: &str = include_str!("../openapi.json");
const FONT: &[u8] = include_bytes!("../page/cjk.woff2");

/// The page may load only its own files and call only this server.
const POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'";

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CONTENT_SECURITY_POLICY, POLICY),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub(crate) async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX)
}

pub(crate) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

pub(crate) async fn review_script() -> Response {
    asset("text/javascript; charset=utf-8", REVIEW)
}

pub(crate) async fn table_script() -> Response {
    asset("text/javascript; charset=utf-8", TABLE)
}

pub(crate) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

pub(crate) async fn font() -> Response {
    (
        [
            (header::CONTENT_TYPE, "font/woff2"),
            // The font changes with the binary only: a day's cache.
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        FONT,
    )
        .into_response()
}

pub(crate) async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

#[cfg(test)]
mod tests {
    /// Every character the page can show that is not ASCII (its files' and the yaku and fan
    /// names of every family's score answers) is in the font: `scripts/page-font` remakes both.
    #[test]
    fn the_font_holds_every_character_the_page_shows() {
        let chars = include_str!("../page/cjk.chars");
        let mut shown: String = [
            super::INDEX,
            super::SCRIPT,
            super::REVIEW,
            super::TABLE,
            super::STYLE,
        ]
        .concat();
        for y in hupai::Yaku::ALL {
            shown.push_str(y.chinese());
            shown.push_str(y.japanese());
        }
        fn names<F: hupai::FanRow>(all: &[F], shown: &mut String) {
            for &f in all {
                shown.push_str(f.chinese());
                shown.push_str(f.japanese());
            }
        }
        names(hupai::Fan::ALL, &mut shown);
        names(hupai::SichuanFan::ALL, &mut shown);
        names(hupai::HongzhongFan::ALL, &mut shown);
        names(hupai::ChangshaFan::ALL, &mut shown);
        names(hupai::OpeningWin::ALL, &mut shown);
        names(hupai::NanchangFan::ALL, &mut shown);
        let missing: String = shown
            .chars()
            .filter(|&c| c as u32 > 0x7e && !c.is_whitespace() && !chars.contains(c))
            .collect();
        assert!(
            missing.is_empty(),
            "run scripts/page-font: the font lacks {missing:?}"
        );
        // A WOFF2 file, of the size a subset has (not the 16 MB collection).
        assert!(super::FONT.starts_with(b"wOF2") && super::FONT.len() < 400_000);
    }
}
