//! One `hupai batch` line under any default preset (picked by the line's length): always one
//! JSON object of bounded size; an answer is consistent (win ⇔ shanten −1, waits only for
//! 13-tile-form hands and exactly when tenpai, discards sorted).
#![no_main]
use hupai::protocol::answer_line;
use hupai::Rules;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.contains('\n') {
        return;
    }
    let presets: Vec<Rules> = Rules::presets().map(|(_, r)| r).collect();
    let rules = presets[text.len() % presets.len()];
    let out = answer_line(text, 1, rules);
    assert!(out.len() < 4096, "answer of {} bytes", out.len());
    let v: Value = serde_json::from_str(&out).expect("answer is JSON");
    let obj = v.as_object().expect("answer is an object");
    if obj.contains_key("error") {
        assert_eq!(obj["line"], 1);
        return;
    }
    let win = obj["win"].as_bool().unwrap();
    let shanten = obj["shanten"].as_i64().unwrap();
    assert_eq!(win, shanten == -1, "{out}");
    let tiles = obj["tiles"].as_u64().unwrap();
    if tiles % 3 == 1 {
        assert!(!win && obj.contains_key("waits") && !obj.contains_key("discards"));
        let waits = obj["waits"].as_array().unwrap();
        assert_eq!(waits.is_empty(), shanten != 0, "{out}");
    } else {
        let d = obj["discards"].as_array().unwrap();
        let key = |x: &Value| {
            (
                x["shanten"].as_i64().unwrap(),
                -x["ukeire_count"].as_i64().unwrap(),
            )
        };
        assert!(d.windows(2).all(|w| key(&w[0]) <= key(&w[1])), "{out}");
    }
});
