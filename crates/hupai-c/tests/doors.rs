//! The doors' common cases (`tests/doors/cases.jsonl` at the root, sent to every door) through
//! the C ABI: every request and win as a `hupai_json_line` line (the same code in its error),
//! and a hand alone through the typed calls, whose status is the code's
//! (`HupaiStatus::from(Code)`, the one map).

use hupai::protocol::Code;
use hupai_c::*;
use serde_json::Value;
use std::ffi::{CStr, CString};

mod common;
use common::engine;

#[path = "../../../tests/doors/cases.rs"]
mod doors;
use doors::{batch_line, cases, check_line};

/// A line answered by `hupai_json_line`.
fn json_line(e: *const HupaiEngine, line: &str) -> Value {
    let line = CString::new(line).unwrap();
    let mut buf = vec![0 as std::ffi::c_char; 1 << 16];
    let mut len = 0;
    // SAFETY: a live handle, a NUL-terminated line, a buffer of its length.
    let status =
        unsafe { hupai_json_line(e, line.as_ptr(), buf.as_mut_ptr(), buf.len(), &mut len) };
    assert_eq!(status, HupaiStatus::Ok);
    // SAFETY: the call wrote a NUL-terminated answer.
    let text = unsafe { CStr::from_ptr(buf.as_ptr()) }.to_str().unwrap();
    serde_json::from_str(text).unwrap()
}

/// A hand alone through the typed calls (its counts, then its shanten): the shanten, or the
/// status.
fn typed_shanten(e: *const HupaiEngine, hand: &str) -> Result<i8, HupaiStatus> {
    let text = CString::new(hand).unwrap();
    let mut counts = [0u8; 34];
    // SAFETY: a NUL-terminated string and 34 writable counts.
    let status = unsafe { hupai_parse_tiles(text.as_ptr(), counts.as_mut_ptr()) };
    if status != HupaiStatus::Ok {
        return Err(status);
    }
    let mut s = 0i8;
    // SAFETY: a live handle, 34 counts, no melds.
    match unsafe { hupai_shanten(e, counts.as_ptr(), std::ptr::null(), 0, &mut s) } {
        HupaiStatus::Ok => Ok(s),
        status => Err(status),
    }
}

/// The status of a hand alone through the typed calls.
fn typed_status(e: *const HupaiEngine, hand: &str) -> HupaiStatus {
    typed_shanten(e, hand).err().unwrap_or(HupaiStatus::Ok)
}

#[test]
fn every_case_answers_as_in_every_door() {
    let chinese = engine("chinese", 0);
    let mut typed = 0;
    for case in cases() {
        if case["what"] == "engine" {
            continue; // C builds an engine from typed rules, not a rules object
        }
        check_line(&case, &json_line(chinese, &batch_line(&case)));
        // A hand's string form: the typed calls on its text.
        if case["what"] == "hand" {
            let e = engine(case["rules"].as_str().unwrap(), 0);
            let got = typed_shanten(e, case["hand"].as_str().unwrap());
            match case.get("code") {
                Some(code) => {
                    let code = Code::from_name(code.as_str().unwrap()).unwrap();
                    assert_eq!(got, Err(code.into()), "{case}");
                }
                None => assert_eq!(
                    Some(i64::from(got.unwrap())),
                    case["expect"]["shanten"].as_i64()
                ),
            }
            // SAFETY: a handle made above, freed once.
            unsafe { hupai_engine_free(e) };
            typed += 1;
            continue;
        }
        // A request of a hand alone (and a preset): the typed calls' status is the code's.
        let request = case["request"].as_object();
        let alone = request.is_some_and(|r| {
            r.keys().all(|k| k == "hand" || k == "rules")
                && !r.get("rules").is_some_and(Value::is_object)
        });
        if let (true, Some(code)) = (alone, case.get("code")) {
            let r = request.unwrap();
            let preset = r.get("rules").and_then(Value::as_str).unwrap_or("chinese");
            if hupai::Rules::preset(preset).is_err() {
                continue;
            }
            let e = engine(preset, 0);
            let code = Code::from_name(code.as_str().unwrap()).unwrap();
            assert_eq!(
                typed_status(e, r["hand"].as_str().unwrap()),
                code.into(),
                "{case}"
            );
            // SAFETY: a handle made above, freed once.
            unsafe { hupai_engine_free(e) };
            typed += 1;
        }
    }
    assert!(typed >= 4, "{typed}");
    // SAFETY: the handle made above, freed once.
    unsafe { hupai_engine_free(chinese) };
}
